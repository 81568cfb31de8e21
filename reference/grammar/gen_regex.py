#!/usr/bin/python3
"""Generate vectors/gen/grammar_regex.py, the regular expressions of the
independent checker (vectors/gen/rfc3986_regex.py, rfc3987_regex.py), from the
grammar files.

Every rule becomes one Python `re` pattern over code points (the URI grammar
is used on latin-1 strings, one character per octet; the IRI grammar on
Unicode strings), its references expanded in place (the grammar does not
recurse).  The RFC 3986 start rules also get:
  - a prefix closure (every prefix of a string of the rule): the longest
    prefix of an input that matches it is the error offset of DESIGN.md;
  - a pattern with a named group per component (scheme, authority,
    userinfo, host, port, path, query, fragment; "NAME_K", K counting from 1).

    gen_regex.py            write the module
    gen_regex.py --check    exit 1 when the committed module differs
"""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import abnf  # noqa: E402
import gen_rules  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(HERE))
OUT = os.path.join(ROOT, "vectors", "gen", "grammar_regex.py")

START_3986 = ["URI-reference", "URI", "absolute-URI", "relative-ref"]
# The rules whose match is a component (DESIGN.md, the component model).
COMPONENT_OF = {
    "scheme": "scheme", "authority": "authority", "userinfo": "userinfo",
    "host": "host", "port": "port", "path-abempty": "path",
    "path-absolute": "path", "path-noscheme": "path", "path-rootless": "path",
    "path-empty": "path", "query": "query", "fragment": "fragment",
}


def esc(cp):
    if cp < 0x100:
        return "\\x%02x" % cp
    if cp < 0x10000:
        return "\\u%04x" % cp
    return "\\U%08x" % cp


def merge(ranges):
    out = []
    for lo, hi in sorted(ranges):
        if out and lo <= out[-1][1] + 1:
            out[-1] = (out[-1][0], max(out[-1][1], hi))
        else:
            out.append((lo, hi))
    return out


def char_class(ranges):
    return "[" + "".join(esc(lo) if lo == hi else esc(lo) + "-" + esc(hi) for lo, hi in merge(ranges)) + "]"


def str_chars(c):
    """The code points a quoted character stands for (RFC 5234 2.3: quoted
    strings are case-insensitive)."""
    if c.isascii() and c.isalpha():
        return [(ord(c.upper()), ord(c.upper())), (ord(c.lower()), ord(c.lower()))]
    return [(ord(c), ord(c))]


def cat(*parts):
    """Concatenate pattern pieces: strings (regex text) and ("R"|"P", name)
    references to patterns defined before."""
    out = []
    for p in parts:
        for x in (p if isinstance(p, list) else [p]):
            if isinstance(x, str) and out and isinstance(out[-1], str):
                out[-1] += x
            elif x != "":
                out.append(x)
    return out


class Renderer:
    """Patterns as lists of pieces; a rule reference is a piece ("R", name)
    (its prefix closure ("P", name)), so that each rule is written once."""

    def __init__(self, grammar):
        self.g = grammar
        self.groups = None  # component -> count, when rendering groups
        self.used = set()   # the rules referenced

    def single(self, e):
        """The ranges of E when it always stands for exactly one character."""
        kind = e[0]
        if kind == "chars":
            return e[1]
        if kind == "str" and len(e[1]) == 1:
            return str_chars(e[1])
        if kind == "ref" and (self.groups is None or e[1] not in COMPONENT_OF):
            return self.single(self.g.rules[e[1]])
        if kind == "alt":
            out = []
            for a in e[1]:
                r = self.single(a)
                if r is None:
                    return None
                out += r
            return out
        return None

    def holds_component(self, e):
        """Whether E references, at any depth, a rule that is a component."""
        if e[0] == "ref":
            return e[1] in COMPONENT_OF or self.holds_component(self.g.rules[e[1]])
        if e[0] in ("seq", "alt"):
            return any(self.holds_component(x) for x in e[1])
        if e[0] == "rep":
            return self.holds_component(e[3])
        return False

    def re(self, e):
        s = self.single(e)
        if s is not None:
            return [char_class(s)]
        kind = e[0]
        if kind == "ref":
            name = e[1]
            if self.groups is not None and name in COMPONENT_OF:
                comp = COMPONENT_OF[name]
                self.groups[comp] = self.groups.get(comp, 0) + 1
                return cat("(?P<%s_%d>" % (comp, self.groups[comp]), self.re(self.g.rules[name]), ")")
            if self.groups is not None and self.holds_component(self.g.rules[name]):
                return self.re(self.g.rules[name])  # its groups, in place
            self.used.add(name)
            return [("R", name)]
        if kind == "str":
            return ["".join(char_class(str_chars(c)) if c.isalpha() else esc(ord(c)) for c in e[1])]
        if kind == "seq":
            return cat("(?:", *[self.re(x) for x in e[1]], ")")
        if kind == "alt":
            # single characters first, as one class; the rest in order
            chars, rest = [], []
            for a in e[1]:
                s1 = self.single(a)
                if s1 is not None:
                    chars += s1
                else:
                    rest.append(self.re(a))
            if chars:
                rest.insert(0, [char_class(chars)])
            pieces = ["(?:"]
            for k, r in enumerate(rest):
                pieces += (["|"] if k else []) + r
            return cat(pieces, ")")
        if kind == "rep":
            lo, hi, x = e[1], e[2], e[3]
            if hi == 0:
                return ["(?:)"]
            return cat("(?:", self.re(x), ")" + quantifier(lo, hi))
        raise ValueError("cannot render %r" % (e,))

    def pre(self, e, top=False):
        """The prefix closure of E."""
        kind = e[0]
        if self.single(e) is not None:
            return cat("(?:", self.re(e), ")?")
        if kind == "ref":
            if top:
                return self.pre(self.g.rules[e[1]])
            self.used.add(e[1])
            return [("P", e[1])]
        if kind == "str":
            parts = [self.re(("str", e[1][:k]))[0] if k else "" for k in range(len(e[1]) + 1)]
            return ["(?:" + "|".join(parts) + ")"]
        if kind == "seq":
            # the prefixes of a1 a2 ... an: a1 followed by a prefix of
            # a2 ... an, or a prefix of a1
            x, rest = e[1][0], e[1][1:]
            tail = self.pre(rest[0] if len(rest) == 1 else ("seq", rest))
            return cat("(?:", self.re(x), tail, "|", self.pre(x), ")")
        if kind == "alt":
            pieces = ["(?:"]
            for k, a in enumerate(e[1]):
                pieces += (["|"] if k else []) + self.pre(a)
            return cat(pieces, ")")
        if kind == "rep":
            hi, x = e[2], e[3]  # a prefix of lo*hi x: up to hi - 1 whole x, then a prefix
            if hi == 0:
                return ["(?:)"]
            head = [] if hi == 1 else cat("(?:", self.re(x), ")" + quantifier(0, None if hi is None else hi - 1))
            return cat("(?:", head, self.pre(x), ")")
        raise ValueError("cannot render %r" % (e,))

    def with_groups(self, name):
        self.groups = {}
        try:
            return self.re(self.g.rules[name])
        finally:
            self.groups = None


def code(pieces, tables):
    """Python source of the concatenation of PIECES; TABLES names the dicts
    of the "R" and "P" references."""
    out = []
    for x in pieces:
        out.append(repr(x) if isinstance(x, str) else "%s[%r]" % (tables[x[0]], x[1]))
    return " + ".join(out) if out else "''"


def quantifier(lo, hi):
    if hi is None:
        return "*" if lo == 0 else ("+" if lo == 1 else "{%d,}" % lo)
    if lo == hi:
        return "{%d}" % lo
    if lo == 0 and hi == 1:
        return "?"
    return "{%d,%d}" % (lo, hi)


def ordered(names, deps):
    """NAMES with every one after those it depends on (DEPS: name -> set)."""
    out, done = [], set()

    def visit(n):
        if n in done:
            return
        done.add(n)
        for d in sorted(deps[n]):
            visit(d)
        out.append(n)

    for n in names:
        visit(n)
    return out


def definitions(names, render, kind, table, tables, known=()):
    """Lines "TABLE[name] = ..." for NAMES and what they reference, each after
    the ones it uses; RENDER(name) gives a rule's pieces, KIND the reference
    kind ("R" or "P") that orders them; KNOWN are defined already."""
    body, deps = {}, {}
    todo = list(names)
    while todo:
        n = todo.pop()
        if n in body or n in known:
            continue
        body[n] = render(n)
        deps[n] = {x[1] for x in body[n] if not isinstance(x, str) and x[0] == kind and x[1] not in known}
        todo += sorted(deps[n])
    return ["%s[%r] = %s" % (table, n, code(body[n], tables)) for n in ordered(sorted(body), deps)]


def render():
    g86, g87 = gen_rules.grammars()
    r86, r87 = Renderer(g86), Renderer(g87)
    out = [
        '"""The grammar of RFC 3986 Appendix A and RFC 3987 section 2.2 as Python',
        "regular expressions, each rule written in terms of those it references.",
        "Generated by reference/grammar/gen_regex.py from reference/grammar/rfc3986.abnf",
        'and rfc3987.abnf: do not edit."""',
        "",
        "# The rules in the grammar files' order",
        "ORDER_3986 = %r" % g86.names,
        "ORDER_3987 = %r" % [n for n in g87.names if n not in g86.rules],
        "",
        "# RFC 3986 rules (and the core rules they reference): name -> pattern",
        "RFC3986 = {}",
    ]
    t86 = {"R": "RFC3986", "P": "PREFIX"}
    out += definitions(g86.names, lambda n: r86.re(g86.rules[n]), "R", "RFC3986", t86)
    out += ["", "# RFC 3987, with the RFC 3986 rules it uses: name -> pattern",
            "RFC3987 = dict(RFC3986)"]
    iri = [n for n in g87.names if n not in g86.rules]
    out += definitions(iri, lambda n: r87.re(g87.rules[n]), "R", "RFC3987",
                       {"R": "RFC3987"}, known=set(g86.rules))
    out += ["", "# Prefix closures of the RFC 3986 start rules (and of the rules in them)",
            "PREFIX = {}"]
    out += definitions(START_3986, lambda n: r86.pre(("ref", n), top=True), "P", "PREFIX", t86)
    out += ["", "# The RFC 3986 start rules with a named group per component",
            "COMPONENTS = {}"]
    for n in START_3986[1:]:
        out.append("COMPONENTS[%r] = %s" % (n, code(r86.with_groups(n), t86)))
    out += [""]
    return "\n".join(out)


def main(argv):
    return abnf.emit(OUT, render(), argv, ROOT)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
