#!/usr/bin/python3
"""reference/fast/generate.py: the fast parser's re2c source, from the grammar.

Reads reference/grammar/rfc3986.abnf (through reference/grammar/abnf.py) and
writes reference/fast/parse_fast.re: for each start rule (URI-reference,
URI, absolute-URI, relative-ref) one whole-input match, a tagged regular
expression whose tags mark the components' boundaries, and one "viable
prefix" match over the prefix closure of the same expression, which gives
the error offset (the longest prefix that can still be completed).  It then
runs re2c (`re2c --tags`, Debian's re2c 3.0), which turns that into
reference/fast/parse_fast.c.  Both files are committed; `make generate`
writes them again and `make test-generated` checks them byte for byte.

Nothing of the grammar is written here: the expressions come from the ABNF
file rule by rule.  What this program knows is the component model
(DESIGN.md): which rule's span is which component of rfc3986_uri, and which
alternative of host names host_type.

usage: generate.py [--grammar FILE] [--re2c PATH] [--check]
    (--check: exit 1 when the committed files are not what it writes)
"""

import argparse
import filecmp
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "reference", "grammar"))
import abnf  # noqa: E402

START_RULES = ["URI-reference", "URI", "absolute-URI", "relative-ref"]

# The component model: the rule whose match is each span of rfc3986_uri.
COMPONENTS = {
    "scheme": "scheme",
    "authority": "authority",
    "userinfo": "userinfo",
    "host": "host",
    "port": "port",
    "path-abempty": "path",
    "path-absolute": "path",
    "path-noscheme": "path",
    "path-rootless": "path",
    "path-empty": "path",
    "query": "query",
    "fragment": "fragment",
}
# The tags a component's occurrence carries ("s" at its start, "e" at its
# end): the fewest that fix every span (fewer tags, fewer tag operations in
# the automaton).  The rest follow from the syntax of section 3:
#   scheme ":" ["//" authority] path ["?" query] ["#" fragment]
#   authority = [userinfo "@"] host [":" port]
# (component_fill).
BOUNDARIES = {
    "scheme": "e", "authority": "s", "userinfo": "e", "host": "se",
    "port": "", "path": "s", "query": "s", "fragment": "s",
}
# Section 3.2.2: the alternative of host that matched (first-match-wins).
HOST_TYPES = {
    "IPv6address": "RFC3986_HOST_IPV6ADDRESS",
    "IPvFuture": "RFC3986_HOST_IPVFUTURE",
    "IPv4address": "RFC3986_HOST_IPV4ADDRESS",
    "reg-name": "RFC3986_HOST_REG_NAME",
}

# ---- regular expressions over the grammar ---------------------------------
# ("alt", [r]), ("seq", [r]), ("rep", lo, hi, r), ("str", text),
# ("chars", [(lo, hi)]), ("def", rule), ("tag", name); ("seq", []) is empty.

EMPTY = ("seq", [])


def cname(rule):
    return rule.replace("-", "_")


class Expander:
    """The regular expression of a start rule: every rule inlined down to
    the component rules (so that their occurrences can carry tags); below
    them, rules are re2c named definitions."""

    def __init__(self, g):
        self.g = g
        self.defs = []  # rules used as named definitions, dependencies first
        self.tags = []  # (tag, kind, what): kind "s"/"e" of a component, "h" of a host type
        self._reach = {}

    def reaches(self, rule, targets):
        key = (rule, targets is HOST_TYPES)
        if key not in self._reach:
            self._reach[key] = False
            self._reach[key] = any(r in targets or self.reaches(r, targets)
                                   for r in refs(self.g.rules[rule]))
        return self._reach[key]

    def use_def(self, rule):
        if rule in self.defs:
            return
        for r in refs(self.g.rules[rule]):
            self.use_def(r)
        self.defs.append(rule)

    def tag(self, kind, what):
        name = "t%d%s" % (len(self.tags), kind)
        self.tags.append((name, kind, what))
        return ("tag", name)

    def ref(self, rule, in_host=False):
        """A rule's occurrence: inlined when a component (or, inside host, a
        host type) is reached through it, else its named definition; the
        spans of components and the host types are tagged."""
        targets = HOST_TYPES if in_host else COMPONENTS
        if (rule in COMPONENTS and not in_host) or \
                (rule not in targets and self.reaches(rule, targets)):
            body = self.expand(self.g.rules[rule], in_host or rule == "host")
        else:
            self.use_def(rule)
            body = ("def", rule)
        if rule in COMPONENTS and not in_host:
            c = COMPONENTS[rule]
            body = ("seq", [self.tag("s", c) if "s" in BOUNDARIES[c] else EMPTY, body,
                            self.tag("e", c) if "e" in BOUNDARIES[c] else EMPTY])
        if rule in HOST_TYPES and in_host:
            body = ("seq", [body, self.tag("h", rule)])
        return body

    def expand(self, e, in_host=False):
        k = e[0]
        if k == "ref":
            return self.ref(e[1], in_host)
        if k in ("alt", "seq"):
            return (k, [self.expand(x, in_host) for x in e[1]])
        if k == "rep":
            if e[2] == 0:  # 0<...>: the empty string (path-empty)
                return EMPTY
            return ("rep", e[1], e[2], self.expand(e[3], in_host))
        if k in ("str", "chars"):
            return e
        raise ValueError("cannot express %r as a regular expression" % (e,))

    def definition(self, rule):
        e = self.g.rules[rule]
        return self.expand_plain(e)

    def expand_plain(self, e):
        k = e[0]
        if k == "ref":
            return ("def", e[1])
        if k in ("alt", "seq"):
            return (k, [self.expand_plain(x) for x in e[1]])
        if k == "rep":
            return EMPTY if e[2] == 0 else ("rep", e[1], e[2], self.expand_plain(e[3]))
        return e


def refs(e):
    k = e[0]
    if k == "ref":
        yield e[1]
    elif k in ("alt", "seq"):
        for x in e[1]:
            yield from refs(x)
    elif k == "rep":
        if e[2] != 0:
            yield from refs(e[3])


def untagged(r):
    k = r[0]
    if k == "tag":
        return EMPTY
    if k in ("alt", "seq"):
        return (k, [untagged(x) for x in r[1]])
    if k == "rep":
        return ("rep", r[1], r[2], untagged(r[3]))
    return r


def prefixes(r):
    """The prefix closure of R: every prefix of every string of R."""
    k = r[0]
    if k == "tag":
        return EMPTY
    if k == "def":
        return ("def", "prefix_" + r[1])
    if k in ("chars",):
        return ("rep", 0, 1, r)
    if k == "str":
        out = EMPTY
        for i in range(len(r[1]) - 1, -1, -1):
            out = ("rep", 0, 1, ("seq", [("str", r[1][i]), out]))
        return out
    if k == "alt":
        return ("alt", [prefixes(x) for x in r[1]])
    if k == "seq":
        items = [untagged(x) for x in r[1]]
        alts = [("seq", items[:i] + [prefixes(items[i])]) for i in range(len(items))]
        return ("alt", alts) if alts else EMPTY
    if k == "rep":
        hi, x = r[2], untagged(r[3])
        return ("seq", [("rep", 0, None if hi is None else hi - 1, x), prefixes(x)])
    raise ValueError(r)


def render(r):
    k = r[0]
    if k == "tag":
        return "@" + r[1]
    if k == "def":
        return cname(r[1])
    if k == "str":
        # RFC 5234 2.3: a quoted string is case-insensitive ('...' in re2c)
        q = "'" if any(c.isalpha() for c in r[1]) else '"'
        return q + r[1].replace("\\", "\\\\").replace(q, "\\" + q) + q
    if k == "chars":
        return "[" + "".join("\\x%02X" % lo if lo == hi else "\\x%02X-\\x%02X" % (lo, hi)
                             for lo, hi in r[1]) + "]"
    if k == "alt":
        return "(" + " | ".join(render(x) for x in r[1]) + ")"
    if k == "seq":
        if not r[1]:
            return '""'
        return " ".join(render(x) for x in r[1])
    if k == "rep":
        lo, hi, x = r[1], r[2], render(r[3])
        x = "(" + x + ")"
        if (lo, hi) == (0, None):
            return x + "*"
        if (lo, hi) == (1, None):
            return x + "+"
        if (lo, hi) == (0, 1):
            return x + "?"
        if hi is None:
            return "%s{%d,}" % (x, lo)
        if lo == hi:
            return "%s{%d}" % (x, lo)
        return "%s{%d,%d}" % (x, lo, hi)
    raise ValueError(r)


# ---- the C around the expressions -----------------------------------------

HEAD = """\
/* GENERATED FILE: do not edit.  Written by reference/fast/generate.py from
 * reference/grammar/rfc3986.abnf, and turned into parse_fast.c by re2c;
 * `make generate` writes both again, `make test-generated` checks them.
 * See reference/fast/README.md. */
#include <stddef.h>

#include "fast.h"

/* Positions are offsets into the input; a tag that did not match is NONE.
 * Past the input's end the matchers read a NUL, which no rule of RFC 3986
 * accepts: a whole-input match is the start rule followed by that NUL (an
 * embedded NUL is rejected where it stands, like any octet outside the
 * grammar, and ends a match short of the end). */
#define NONE ((size_t)-1)
/*!re2c
  re2c:api = custom;
  re2c:api:style = free-form;
  re2c:define:YYCTYPE = "unsigned char";
  re2c:define:YYPEEK = "(cur < len ? s[cur] : 0)";
  re2c:define:YYSKIP = "++cur;";
  re2c:define:YYBACKUP = "mar = cur;";
  re2c:define:YYRESTORE = "cur = mar;";
  re2c:define:YYSTAGP = "@@{tag} = cur;";
  re2c:define:YYSTAGN = "@@{tag} = NONE;";
  re2c:define:YYSHIFTSTAG = "@@{tag} += @@{shift};";
  re2c:yyfill:enable = 0;
  re2c:flags:tags = 1;
  re2c:indent:string = "  ";
*/
"""


def component_fill(tags, start_rule):
    """C statements that set the spans of *uri from the tags of a match:
    each boundary is the tag of whichever occurrence of its component
    matched (the others are NONE); the spans follow from section 3's
    syntax, its delimiters one octet each (":", "@", "?", "#")."""
    out = []
    for comp, kinds in BOUNDARIES.items():
        for kind in kinds:
            occ = [t for t, k, w in tags if k == kind and w == comp]
            name = "%s_%s" % (comp, kind)
            if not occ:
                out.append("  const size_t %s = NONE;" % name)
                continue
            expr = occ[-1]
            for t in reversed(occ[:-1]):
                expr = "%s != NONE ? %s : %s" % (t, t, expr)
            out.append("  const size_t %s = %s;" % (name, expr))
    out.append("  const size_t query_e = fragment_s != NONE ? fragment_s - 1 : len;")
    out.append("  const size_t path_e = query_s != NONE ? query_s - 1 : query_e;")
    out.append("  if (scheme_e != NONE) {")
    out.append("    uri->scheme.offset = 0;")
    out.append("    uri->scheme.length = scheme_e;")
    out.append("  }")
    out.append("  if (authority_s != NONE) {")
    out.append("    uri->authority.offset = authority_s;")
    out.append("    uri->authority.length = path_s - authority_s;")
    out.append("    if (userinfo_e != NONE) {")
    out.append("      uri->userinfo.offset = authority_s;")
    out.append("      uri->userinfo.length = userinfo_e - authority_s;")
    out.append("    }")
    out.append("    uri->host.offset = host_s;")
    out.append("    uri->host.length = host_e - host_s;")
    out.append("    if (host_e < path_s) {")
    out.append("      uri->port.offset = host_e + 1;")
    out.append("      uri->port.length = path_s - host_e - 1;")
    out.append("    }")
    out.append("  }")
    out.append("  uri->path.offset = path_s;")
    out.append("  uri->path.length = path_e - path_s;")
    out.append("  if (query_s != NONE) {")
    out.append("    uri->query.offset = query_s;")
    out.append("    uri->query.length = query_e - query_s;")
    out.append("  }")
    out.append("  if (fragment_s != NONE) {")
    out.append("    uri->fragment.offset = fragment_s;")
    out.append("    uri->fragment.length = len - fragment_s;")
    out.append("  }")
    for t, k, w in tags:
        if k == "h":
            out.append("  if (%s != NONE)" % t)
            out.append("    uri->host_type = %s;" % HOST_TYPES[w])
    if start_rule == "URI-reference":
        out.append("  uri->kind = scheme_e == NONE ? RFC3986_KIND_RELATIVE_REF")
        out.append("                                : RFC3986_KIND_URI;")
    elif start_rule == "relative-ref":
        out.append("  uri->kind = RFC3986_KIND_RELATIVE_REF;")
    else:
        out.append("  uri->kind = RFC3986_KIND_URI;")
    return out


def generate(g):
    ex = Expander(g)
    starts = []
    for rule in START_RULES:
        ex.tags = []
        r = ex.ref(rule)
        starts.append((rule, r, list(ex.tags)))
    out = [HEAD]
    out.append("/*!re2c")
    out.append("  // RFC 3986 Appendix A, rule by rule (below the components)")
    for d in ex.defs:
        out.append("  %s = %s;" % (cname(d), render(ex.definition(d))))
    out.append("  // their prefix closures (every prefix of every match)")
    for d in ex.defs:
        out.append("  prefix_%s = %s;" % (cname(d), render(prefixes(ex.definition(d)))))
    out.append("*/")
    for rule, r, tags in starts:
        fn = cname(rule)
        out.append("")
        out.append("/* %s, whole input; 1 when it matches, with *uri filled. */" % rule)
        out.append("int rfc3986_fast__match_%s(const char *input, size_t len," % fn)
        out.append("  rfc3986_uri *uri) {")
        out.append("  const unsigned char *s = (const unsigned char *)input;")
        out.append("  size_t cur = 0, mar = 0;")
        out.append("  size_t %s;" % ", ".join("%s = NONE" % t for t, _, _ in tags))
        out.append("  /*!stags:re2c:match_%s format = \"size_t @@ = NONE;\\n\"; */" % fn)
        out.append("  (void)mar;")
        out.append("  /*!local:re2c:match_%s" % fn)
        out.append("    %s [\\x00] {" % render(r))
        out.append("      if (cur != len + 1)")
        out.append("        return 0;")
        out.append("      goto matched;")
        out.append("    }")
        out.append("    * { return 0; }")
        out.append("  */")
        out.append("matched:;")
        out.extend(component_fill(tags, rule))
        out.append("  return 1;")
        out.append("}")
        out.append("")
        out.append("/* %s: the length of the longest prefix of the input that can" % rule)
        out.append(" * still be completed into a match (DESIGN.md, \"Error offset\"). */")
        out.append("size_t rfc3986_fast__viable_%s(const char *input, size_t len) {" % fn)
        out.append("  const unsigned char *s = (const unsigned char *)input;")
        out.append("  size_t cur = 0, mar = 0;")
        out.append("  (void)mar;")
        out.append("  /*!local:re2c")
        out.append("    re2c:flags:tags = 0;")
        out.append("    %s { return cur; }" % render(prefixes(untagged(r))))
        out.append("    * { return 0; }")
        out.append("  */")
        out.append("}")
    return "\n".join(out) + "\n"


# re2c's plain output (a switch per state, which the C compiler makes a jump
# table) measured faster than --bit-vectors, --nested-ifs or
# --computed-gotos here (70, 84, 80, 75 ns per URI on kasztp.txt).
RE2C_FLAGS = ["--tags", "--no-debug-info", "--no-generation-date",
              "-W", "-Wno-match-empty-string", "-Wno-nondeterministic-tags"]


def write(folder, grammar, re2c):
    """Write parse_fast.re and parse_fast.c into FOLDER."""
    re_path = os.path.join(folder, "parse_fast.re")
    with open(re_path, "w", encoding="ascii") as f:
        f.write(generate(abnf.read(grammar)))
    p = subprocess.run([re2c] + RE2C_FLAGS + [re_path, "-o", os.path.join(folder, "parse_fast.c")],
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if p.returncode != 0 or p.stdout.strip():
        sys.stderr.write(p.stdout)
        raise SystemExit("generate.py: %s failed (exit %d)" % (re2c, p.returncode))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--grammar", default=os.path.join(ROOT, "reference", "grammar", "rfc3986.abnf"))
    ap.add_argument("--re2c", default=os.environ.get("RE2C", "re2c"))
    ap.add_argument("--check", action="store_true",
                    help="exit 1 when the committed files differ from what would be written")
    a = ap.parse_args()
    if shutil.which(a.re2c) is None:
        raise SystemExit("generate.py: %s is not installed (make deps installs re2c)" % a.re2c)
    if not a.check:
        write(HERE, a.grammar, a.re2c)
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        write(tmp, a.grammar, a.re2c)
        bad = [n for n in ("parse_fast.re", "parse_fast.c")
               if not filecmp.cmp(os.path.join(tmp, n), os.path.join(HERE, n), shallow=False)]
    for n in bad:
        print("generate.py: reference/fast/%s differs from what the generators write "
              "(make generate; %s)" % (n, subprocess.run([a.re2c, "--version"], stdout=subprocess.PIPE,
                                                          text=True).stdout.strip()))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
