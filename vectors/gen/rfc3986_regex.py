"""RFC 3986 Appendix A as regular expressions: an independent checker.

The regular expressions are generated from the grammar file
(reference/grammar/rfc3986.abnf, the RFC's Appendix A transcribed) into
grammar_regex.py by reference/grammar/gen_regex.py; nothing here comes from the
C reference.

Inputs are octets: pass bytes, or a str (a str with only code points below 256
is taken as latin-1 octets, any other str is encoded as UTF-8; since every octet
above 0x7F is invalid in a URI both readings give the same verdict, offset and
components).

API:
  match(rule, s)   -> bool, whole-input match of an Appendix A rule (or ALPHA,
                      DIGIT, HEXDIG); also match_URI(s), match_IPv6address(s),
                      match_path_abempty(s), ... one function per rule
  parse(s, rule="URI-reference") -> {"valid", "kind", "components"} or
                      {"valid": False, "error": {"offset": N}}
  error_offset(s, rule="URI-reference") -> longest viable prefix length
  host_type(host)  -> "IPv6address" | "IPvFuture" | "IPv4address" | "reg-name"
  RULES            -> {name: Rule} for the 36 Appendix A rules (+ core rules)

Command line: rfc3986_regex.py [--rule R] INPUT...  prints one JSON line each.
"""

import json
import re
import sys

from . import grammar_regex as G

CORE = ["ALPHA", "DIGIT", "HEXDIG"]
APPENDIX_A = [n for n in G.ORDER_3986 if n not in CORE]


class Rule:
    """A rule: whole-input match and, for the start rules, the error offset."""

    def __init__(self, name, pattern, prefix=None):
        self.name = name
        self._pattern, self._prefix = pattern, prefix
        self._c = self._p = None

    def compiled(self):
        if self._c is None:
            self._c = re.compile(self._pattern, re.S)
        return self._c

    def match(self, s):
        return self.compiled().fullmatch(s) is not None

    def longest_viable_prefix(self, s):
        """Length of the longest prefix of s that can be extended into a string
        of the rule (len(s) when s itself is valid or still extendable)."""
        if self._p is None:
            self._p = re.compile(self._prefix, re.S)
        p = self._p
        if p.fullmatch(s):
            return len(s)
        lo, hi = 0, len(s)  # the empty prefix holds; find the largest that does
        # the prefixes are closed under taking prefixes: binary search
        while lo + 1 < hi:
            mid = (lo + hi) // 2
            if p.fullmatch(s[:mid]) is not None:
                lo = mid
            else:
                hi = mid
        return lo


RULES = {n: Rule(n, G.RFC3986[n], G.PREFIX.get(n)) for n in APPENDIX_A + CORE}
_START = {n: Rule(n, G.COMPONENTS[n]) for n in G.COMPONENTS}

COMPONENTS = ["scheme", "authority", "userinfo", "host", "host_type", "port", "path", "query", "fragment"]


def octets(s):
    """Return s as a latin-1 str of octets."""
    if isinstance(s, (bytes, bytearray)):
        return bytes(s).decode("latin-1")
    if all(ord(c) < 256 for c in s):
        return s
    return s.encode("utf-8").decode("latin-1")


def match(rule, s):
    return RULES[rule].match(octets(s))


# match_URI(s), match_IPv6address(s), match_path_abempty(s), ...: one full-match
# function per rule
def _matcher(rule):
    def f(s):
        return RULES[rule].match(octets(s))
    f.__name__ = "match_" + rule.replace("-", "_")
    f.__doc__ = "Whole-input match of the RFC 3986 rule %s." % rule
    return f


for _r in APPENDIX_A + CORE:
    globals()["match_" + _r.replace("-", "_")] = _matcher(_r)


def host_type(h):
    """Section 3.2.2: IP-literal by its content, else first-match-wins."""
    if h is None:
        return None
    if h.startswith("["):
        inner = h[1:-1]
        return "IPv6address" if RULES["IPv6address"].match(inner) else "IPvFuture"
    return "IPv4address" if RULES["IPv4address"].match(h) else "reg-name"


def error_offset(s, rule="URI-reference"):
    return RULES[rule].longest_viable_prefix(octets(s))


def _groups(m):
    comp = {c: None for c in COMPONENTS}
    for k, v in m.groupdict().items():
        if v is not None:
            comp[k.rsplit("_", 1)[0]] = v
    comp["host_type"] = host_type(comp["host"])
    return comp


def parse(s, rule="URI-reference"):
    """Validity and the nine components; for an invalid input, error.offset."""
    s = octets(s)
    tries = ["URI", "relative-ref"] if rule == "URI-reference" else [rule]
    for start in tries:
        m = _START[start].compiled().fullmatch(s)
        if m:
            kind = "relative-ref" if start == "relative-ref" else "URI"
            return {"valid": True, "kind": kind, "components": _groups(m)}
    return {"valid": False, "error": {"offset": error_offset(s, rule)}}


def main(argv):
    rule = "URI-reference"
    if len(argv) > 1 and argv[0] == "--rule":
        rule, argv = argv[1], argv[2:]
    for a in argv:
        if rule in _START or rule == "URI-reference":
            r = parse(a.encode("utf-8", "surrogateescape"), rule)
        else:
            r = {"rule": rule, "valid": match(rule, a.encode("utf-8", "surrogateescape"))}
        print(json.dumps(dict(input=a, **r), ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
