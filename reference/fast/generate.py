#!/usr/bin/python3
"""reference/fast/generate.py: the fast parser's re2c source, from the grammar.

Reads reference/grammar/rfc3986.abnf (through reference/grammar/abnf.py) and
writes reference/fast/parse_fast.re: for each start rule (URI-reference,
URI, absolute-URI, relative-ref) one whole-input match, a tagged regular
expression whose tags mark the components' boundaries, and one "viable
prefix" match over the prefix closure of the same expression, which gives
the error offset (the longest prefix that can still be completed).  It then
runs re2c (`re2c --tags`, Debian's re2c 3.0), which turns that into
reference/fast/parse_fast.c, and rewrites re2c's self-loops as run scans
(accelerate, below: the same automaton, many octets a step).  Both files
are committed; `make generate`
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
import re
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
# the automaton, and fewer to set up and read).  The rest follow from the
# syntax of section 3:
#   scheme ":" ["//" authority] path ["?" query] ["#" fragment]
#   authority = [userinfo "@"] host [":" port]
# An authority begins after "//", at the start or after "scheme:"; its host
# after "userinfo@" or where it begins; a path after the authority (only
# path-abempty follows one: the one path rule tagged) or, without one,
# where the authority would be (component_fill).
BOUNDARIES = {
    "scheme": "e", "authority": "", "userinfo": "e", "host": "e",
    "port": "", "path": "s", "query": "s", "fragment": "s",
}
TAGGED_PATHS = ("path-abempty",)
# Section 3.2.2: the host's type, the alternative of host that matched
# (first-match-wins), is not tagged but read off the host's span after the
# match (host_type in HEAD): an IP-literal begins with "[", and IPvFuture
# with "v" inside it; otherwise an IPv4address when that rule's own
# automaton (is_IPv4address) takes the whole span, else a reg-name.

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
        self.tags = []  # (tag, kind, what): kind "s"/"e" of a component
        self._reach = {}

    def reaches(self, rule):
        if rule not in self._reach:
            self._reach[rule] = False
            self._reach[rule] = any(r in COMPONENTS or self.reaches(r)
                                    for r in refs(self.g.rules[rule]))
        return self._reach[rule]

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

    def ref(self, rule):
        """A rule's occurrence: inlined when it is a component or reaches
        one, else its named definition; the spans of components are
        tagged."""
        if rule in COMPONENTS or self.reaches(rule):
            body = self.expand(self.g.rules[rule])
        else:
            self.use_def(rule)
            body = ("def", rule)
        if rule in COMPONENTS and \
                (COMPONENTS[rule] != "path" or rule in TAGGED_PATHS):
            c = COMPONENTS[rule]
            body = ("seq", [self.tag("s", c) if "s" in BOUNDARIES[c] else EMPTY, body,
                            self.tag("e", c) if "e" in BOUNDARIES[c] else EMPTY])
        return body

    def expand(self, e):
        k = e[0]
        if k == "ref":
            return self.ref(e[1])
        if k in ("alt", "seq"):
            return (k, [self.expand(x) for x in e[1]])
        if k == "rep":
            if e[2] == 0:  # 0<...>: the empty string (path-empty)
                return EMPTY
            return ("rep", e[1], e[2], self.expand(e[3]))
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
 * reference/grammar/rfc3986.abnf, and turned into parse_fast.c by re2c
 * and generate.py's run-scan pass; `make generate` writes both again,
 * `make test-generated` checks them.  See reference/fast/README.md. */
#include <stddef.h>
#include <stdint.h>

#include "fast.h"
#ifdef RFC3986_FAST_SSSE3
#include <tmmintrin.h>
#endif

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


HOST_TYPE = r"""
/* 3.2.2: 1 when the LEN octets at S are an IPv4address. */
static int is_IPv4address(const unsigned char *s, size_t len) {
  size_t cur = 0, mar = 0;
  (void)mar;
  /*!local:re2c
    re2c:flags:tags = 0;
    IPv4address [\x00] { return cur == len + 1; }
    * { return 0; }
  */
}

/* 3.2.2: the type of the host s[from..to) of a match: IP-literal = "["
 * ( IPv6address / IPvFuture ) "]", and IPvFuture begins with "v"; else "a host identifier that matches the
 * rule for IPv4address ... should be considered an IPv4 address literal
 * and not a reg-name" (an IPv4address begins with a dec-octet's DIGIT). */
static rfc3986_host_type host_type(const unsigned char *s, size_t from,
                                   size_t to) {
  if (from == to)
    return RFC3986_HOST_REG_NAME;
  if (s[from] == '[')
    return s[from + 1] == 'v' || s[from + 1] == 'V' ? RFC3986_HOST_IPVFUTURE
                                                    : RFC3986_HOST_IPV6ADDRESS;
  return s[from] >= '0' && s[from] <= '9' && is_IPv4address(s + from, to - from)
             ? RFC3986_HOST_IPV4ADDRESS
             : RFC3986_HOST_REG_NAME;
}
""".split("\n")


def component_fill(tags, start_rule):
    """C statements that set the spans of *uri from the tags of a match:
    each boundary is the tag of whichever occurrence of its component
    matched (the others are NONE); the spans follow from section 3's
    syntax, its delimiters one octet each (":", "@", "?", "#")."""
    out = []
    for comp, kinds in BOUNDARIES.items():
        for kind in kinds:
            occ = [t for t, k, w in tags if k == kind and w == comp]
            name = "%s_%s" % ("path_abempty" if comp == "path" else comp, kind)
            if not occ:
                out.append("  const size_t %s = NONE;" % name)
                continue
            expr = occ[-1]
            for t in reversed(occ[:-1]):
                expr = "%s != NONE ? %s : %s" % (t, t, expr)
            out.append("  const size_t %s = %s;" % (name, expr))
    # every field of *uri is written once (the matcher's caller clears
    # nothing): an undefined span is {NONE, 0}, NONE being RFC3986_UNDEFINED
    out.extend([
        "  const rfc3986_span undefined = {NONE, 0};",
        "  size_t path_s = 0, path_e = len;",
        "  uri->input = input;",
        "  uri->input_len = len;",
        "  uri->scheme = undefined;",
        "  if (scheme_e != NONE) {",
        "    uri->scheme.offset = 0;",
        "    uri->scheme.length = scheme_e;",
        "    path_s = scheme_e + 1;",
        "  }",
        "  uri->authority = uri->userinfo = uri->host = uri->port = undefined;",
        "  uri->host_type = RFC3986_HOST_NONE;",
        "  if (host_e != NONE) { /* an authority, from after \"//\" */",
        "    const size_t authority_s = path_s + 2;",
        "    size_t host_s = authority_s;",
        "    uri->authority.offset = authority_s;",
        "    uri->authority.length = path_abempty_s - authority_s;",
        "    if (userinfo_e != NONE) {",
        "      uri->userinfo.offset = authority_s;",
        "      uri->userinfo.length = userinfo_e - authority_s;",
        "      host_s = userinfo_e + 1;",
        "    }",
        "    uri->host.offset = host_s;",
        "    uri->host.length = host_e - host_s;",
        "    if (host_e < path_abempty_s) {",
        "      uri->port.offset = host_e + 1;",
        "      uri->port.length = path_abempty_s - host_e - 1;",
        "    }",
        "    uri->host_type = host_type(s, host_s, host_e);",
        "    path_s = path_abempty_s;",
        "  }",
        "  uri->fragment = undefined;",
        "  if (fragment_s != NONE) {",
        "    uri->fragment.offset = fragment_s;",
        "    uri->fragment.length = len - fragment_s;",
        "    path_e = fragment_s - 1;",
        "  }",
        "  uri->query = undefined;",
        "  if (query_s != NONE) {",
        "    uri->query.offset = query_s;",
        "    uri->query.length = path_e - query_s;",
        "    path_e = query_s - 1;",
        "  }",
        "  uri->path.offset = path_s;",
        "  uri->path.length = path_e - path_s;",
    ])
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
    out.extend(HOST_TYPE)
    for rule, r, tags in starts:
        fn = cname(rule)
        out.append("")
        out.append("/* %s, whole input: RFC3986_OK when it matches, with *uri filled;" % rule)
        out.append(" * else RFC3986_ERR_SYNTAX, with *uri cleared. */")
        out.append("rfc3986_status rfc3986_fast__match_%s(const char *input, size_t len," % fn)
        out.append("  rfc3986_uri *uri) {")
        out.append("  const unsigned char *s = (const unsigned char *)input;")
        out.append("  size_t cur = 0, mar = 0;")
        out.append("  size_t %s;" % ", ".join("%s = NONE" % t for t, _, _ in tags))
        out.append("  /*!stags:re2c:match_%s format = \"size_t @@ = NONE;\\n\"; */" % fn)
        out.append("  (void)mar;")
        out.append("  /*!local:re2c:match_%s" % fn)
        out.append("    %s [\\x00] {" % render(r))
        out.append("      if (cur != len + 1)")
        out.append("        goto rejected;")
        out.append("      goto matched;")
        out.append("    }")
        out.append("    * { goto rejected; }")
        out.append("  */")
        out.append("matched:;")
        out.extend(component_fill(tags, rule))
        out.append("  return RFC3986_OK;")
        out.append("rejected:")
        out.append("  rfc3986__uri_clear(uri, input, len);")
        out.append("  return RFC3986_ERR_SYNTAX;")
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


# ---- run scans: re2c's self-loops, many octets at a time ------------------
#
# In re2c's output a state is a label, "++cur;", the peek, and a switch on
# the octet peeked (sometimes with a second label before the switch, which
# other states enter).  Where a state's switch sends a set of octets back to
# the state's own first label with nothing else to do (no tag, no backup),
# reading a run of those octets one by one only comes back to the same
# switch: skipping the whole run at once, then dispatching on the octet that
# ends it, is the same automaton.  That is what this pass writes: after the
# "++cur;" of each such state (with a class of at least RUN_MIN octets), a
# scan that skips the run (a table in the portable matchers, 16 octets at a
# time in the SSSE3 ones: matchers_twice).  The classes are the automaton's own (the
# octets of pchar, reg-name, ... as the grammar file has them): nothing of
# the grammar is written here.  Only the load of the last 16 octets of the
# input is used for a tail, so nothing past the input is read.

RUN_MIN = 8
LABEL = re.compile(r"^(yy\d+):$")
CASE = re.compile(r"^case (0x[0-9A-Fa-f]{2}|'(?:\\.|[^\\'])'):(?: (.*))?$")
PEEK = "  yych = (cur < len ? s[cur] : 0);"
ESCAPES = {"\\'": 0x27, "\\\\": 0x5C, '\\"': 0x22}


def octet(lit):
    if lit.startswith("0x"):
        return int(lit, 16)
    body = lit[1:-1]
    return ESCAPES[body] if body.startswith("\\") else ord(body)


def case_groups(lines, i):
    """The groups of the switch opening at lines[i]: (octets, statements,
    target), the default's octets None."""
    out, octs, body, k = [], [], [], i + 1
    while lines[k] != "  }":
        ln = lines[k].strip()
        k += 1
        m = CASE.match(ln)
        if m:
            octs.append(octet(m.group(1)))
            ln = m.group(2) or ""
        elif ln.startswith("default:"):
            octs, ln = None, ln[len("default:"):].strip()
        if not ln:
            continue
        if ln.startswith("goto "):
            out.append((octs, body, ln[len("goto "):-1]))
            octs, body = [], []
        else:
            body.append(ln)
    return out


def transitions(lines, i):
    """The transitions of the state labelled at lines[i], octet -> (target,
    whether nothing is done on the way), or None when lines[i] is not a
    state of the shape described above."""
    m = LABEL.match(lines[i])
    if not m or lines[i + 1:i + 3] != ["  ++cur;", PEEK]:
        return None
    sw = i + 4 if LABEL.match(lines[i + 3]) else i + 3
    if lines[sw] != "  switch (yych) {":
        return None
    out = {}
    for octs, body, target in case_groups(lines, sw):
        for o in octs or []:
            out[o] = (target, not body)
    return out


def self_loop(lines, i):
    """The octets that bring the state labelled at lines[i] back to itself
    with nothing done, or an empty set when lines[i] is not a state of the
    shape described above."""
    moves = transitions(lines, i)
    if moves is None:
        return set()
    me = LABEL.match(lines[i]).group(1)
    return {o for o, (target, plain) in moves.items() if target == me and plain}


def triplet_class(lines, labels, i, loop):
    """The octets X of a "%" X X that brings the state labelled at lines[i]
    back to itself through two other states with nothing done (the
    pct-encoded triplets of a run), or None.  X must be in the run's own
    class, so that a scan that also skips such triplets differs from the
    plain one only at their "%"."""
    me = LABEL.match(lines[i]).group(1)
    moves = transitions(lines, i)
    first = moves.get(ord("%"))
    if not first or not first[1] or first[0] not in labels:
        return None
    a = transitions(lines, labels[first[0]]) or {}
    xs = {o for o, (target, plain) in a.items() if plain}
    seconds = {a[o][0] for o in xs}
    if len(seconds) != 1 or seconds.pop() not in labels:
        return None
    b = transitions(lines, labels[a[min(xs)][0]]) or {}
    back = {o for o, (target, plain) in b.items() if target == me and plain}
    if not xs or back != xs or not xs <= loop:
        return None
    return frozenset(xs)


def nibble_tables(octets):
    """The two 16-octet tables of a class of ASCII octets for pshufb: an
    octet x is in the class when lo[x & 15] & hi[x >> 4] is not 0 (lo has
    bit h set when (h << 4 | x & 15) is in the class; hi[h] is 1 << h below
    8, 0 from 8 on, so no octet over 0x7F is)."""
    lo = [0] * 16
    for o in octets:
        lo[o & 15] |= 1 << (o >> 4)
    return lo + [1 << h if h < 8 else 0 for h in range(16)]


def scan_functions(classes):
    """C: skip_table(s, cur, len, N, H), the first offset at or after CUR
    whose octet is not in class N (LEN when none is), where H is -1 or the
    class X of the pct-encoded triplets "%" X X that the run also takes,
    one octet at a time through a table; skip_vector, the same 16 octets at
    a time with SSSE3, inline in the matchers compiled for SSSE3; skip, the
    one of the two the processor can run, chosen at each call (the error
    offsets' automata)."""
    table = [0] * 256
    for n, c in enumerate(classes):
        for o in c:
            table[o] |= 1 << n
    ctype = "uint8_t" if len(classes) <= 8 else "uint16_t"
    out = ["", "/* Run scans (generate.py, accelerate): skip*(s, cur, len, N, H) is the",
           " * first offset at or after CUR whose octet is not in class N and does",
           " * not begin a triplet \"%\" X X of X in class H (H -1: none), LEN if none is. */",
           "static const %s class_of[256] = {" % ctype]
    for k in range(0, 256, 8):
        out.append("  %s," % ", ".join("0x%02x" % v for v in table[k:k + 8]))
    out.append("};")
    out.append("")
    out.append("/* 1 when s[at..at+3) is a triplet \"%\" X X of X in class H. */")
    out.append("__attribute__((always_inline)) static inline int")
    out.append("triplet(const unsigned char *s, size_t at, size_t len, int h) {")
    out.append("  return h >= 0 && len - at >= 3 && s[at] == '%' &&")
    out.append("         (class_of[s[at + 1]] >> h & 1) != 0 && (class_of[s[at + 2]] >> h & 1) != 0;")
    out.append("}")
    out.append("")
    out.append("__attribute__((always_inline)) static inline size_t")
    out.append("skip_table(const unsigned char *s, size_t cur, size_t len, int n, int h) {")
    out.append("  for (;; cur += 3) {")
    out.append("    while (cur < len && (class_of[s[cur]] >> n & 1) != 0)")
    out.append("      cur++;")
    out.append("    if (cur >= len || !triplet(s, cur, len, h))")
    out.append("      return cur;")
    out.append("  }")
    out.append("}")
    out.append("")
    out.append("#ifdef RFC3986_FAST_SSSE3")
    out.append("/* Per class, the pshufb tables of its octets' low and high nibbles. */")
    out.append("static const uint8_t class_nibbles[%d][32] = {" % len(classes))
    for c in classes:
        nt = nibble_tables(c)
        out.append("  {%s," % ", ".join("0x%02x" % v for v in nt[:16]))
        out.append("   %s}," % ", ".join("0x%02x" % v for v in nt[16:]))
    out.append("};")
    out.append("")
    out.append("/* Bit k set when octet k of X is not in class N. */")
    out.append("__attribute__((target(\"ssse3\"), always_inline)) static inline unsigned")
    out.append("outside(__m128i x, int n) {")
    out.append("  const __m128i nibble = _mm_set1_epi8(0x0F);")
    out.append("  const __m128i lo = _mm_loadu_si128((const __m128i *)class_nibbles[n]);")
    out.append("  const __m128i hi = _mm_loadu_si128((const __m128i *)(class_nibbles[n] + 16));")
    out.append("  /* pshufb reads the low nibble of each index, and gives 0 where the")
    out.append("   * index has bit 7 set: no octet over 0x7F is in a class */")
    out.append("  const __m128i in = _mm_and_si128(")
    out.append("      _mm_shuffle_epi8(lo, x),")
    out.append("      _mm_shuffle_epi8(hi, _mm_and_si128(_mm_srli_epi16(x, 4), nibble)));")
    out.append("  return (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(in, _mm_setzero_si128()));")
    out.append("}")
    out.append("")
    out.append("/* Bit k set when octet k of X is neither in class N nor part of a triplet")
    out.append(" * \"%\" X X of X in class H that lies inside X (H -1: none). */")
    out.append("__attribute__((target(\"ssse3\"), always_inline)) static inline unsigned")
    out.append("stops(__m128i x, int n, int h) {")
    out.append("  unsigned out = outside(x, n), pct, x2, starts;")
    out.append("  if (h < 0)")
    out.append("    return out;")
    out.append("  pct = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(x, _mm_set1_epi8('%')));")
    out.append("  x2 = ~outside(x, h) & 0xFFFFu;")
    out.append("  starts = pct & x2 >> 1 & x2 >> 2;")
    out.append("  return out & ~(starts | starts << 1 | starts << 2);")
    out.append("}")
    out.append("")
    out.append("/* The run of class N (and triplets of H) from CUR (CUR <= LEN, 16 <= LEN:")
    out.append(" * the SSSE3 matchers send shorter inputs to the portable ones). */")
    out.append("__attribute__((target(\"ssse3\"), always_inline)) static inline size_t")
    out.append("skip_vector(const unsigned char *s, size_t cur, size_t len, int n, int h) {")
    out.append("  for (; len - cur >= 16; cur += 16) {")
    out.append("    const unsigned out = stops(_mm_loadu_si128((const __m128i *)(s + cur)), n, h);")
    out.append("    if (out != 0)")
    out.append("      return cur + (size_t)__builtin_ctz(out);")
    out.append("  }")
    out.append("  /* fewer than 16 octets left: the last 16 of the input, from CUR on (bit")
    out.append("   * 16 stands for the end) */")
    out.append("  return cur + (size_t)__builtin_ctz(")
    out.append("                   (stops(_mm_loadu_si128((const __m128i *)(s + len - 16)), n, h) |")
    out.append("                    0x10000u) >>")
    out.append("                   (cur - (len - 16)));")
    out.append("}")
    out.append("")
    out.append("__attribute__((target(\"ssse3\"))) static size_t")
    out.append("skip_ssse3(const unsigned char *s, size_t cur, size_t len, int n, int h) {")
    out.append("  return skip_vector(s, cur, len, n, h);")
    out.append("}")
    out.append("#endif")
    out.append("")
    out.append("__attribute__((always_inline)) static inline size_t")
    out.append("skip(const unsigned char *s, size_t cur, size_t len, int n, int h) {")
    out.append("  if (cur >= len || ((class_of[s[cur]] >> n & 1) == 0 && !triplet(s, cur, len, h)))")
    out.append("    return cur; /* an empty run: no need of the vector */")
    out.append("#ifdef RFC3986_FAST_SSSE3")
    out.append("  if (len >= 16 && __builtin_cpu_supports(\"ssse3\"))")
    out.append("    return skip_ssse3(s, cur, len, n, h);")
    out.append("#endif")
    out.append("  return skip_table(s, cur, len, n, h);")
    out.append("}")
    return out


def accelerate(text):
    """re2c's output with a run scan in every state that loops on a class of
    at least RUN_MIN octets (see above).  Where such a state also comes
    back to itself through a pct-encoded triplet (triplet_class), its "%"
    first tries to skip the run from there with the triplets in it, and
    goes on as re2c wrote it where there is no triplet: a run without "%"
    pays nothing for it."""
    lines = text.split("\n")
    labels = {m.group(1): k for k, m in ((k, LABEL.match(ln)) for k, ln in enumerate(lines)) if m}
    out, classes, i = [], [], 0
    pct = None  # (the "%" case to rewrite, the scan after it) of the state

    def number(key):
        if key not in classes:
            classes.append(key)
        return classes.index(key)

    while i < len(lines):
        if pct and lines[i] == pct[0]:
            out.extend(pct[1])
            pct = None
            i += 1
            continue
        out.append(lines[i])
        loop = self_loop(lines, i)
        if len(loop) >= RUN_MIN and 0 not in loop:
            me = LABEL.match(lines[i]).group(1)
            n = number(frozenset(loop))
            hex_ = triplet_class(lines, labels, i, loop)
            out.append(lines[i + 1])  # "++cur;"
            out.append("  cur = skip(s, cur, len, %d, -1);" % n)
            out.append(lines[i + 2])  # the peek
            i += 3
            dispatch = LABEL.match(lines[i])
            target = transitions(lines, labels[me])[ord("%")][0] if hex_ else None
            case = "    case '%%': goto %s;" % target
            if hex_ and case in lines[i:lines.index("  }", i)]:
                if dispatch is None:
                    out.append("%s_dispatch:" % me)
                pct = (case, ["    case '%':",
                              "      if (triplet(s, cur, len, %d)) {" % number(hex_),
                              "        cur = skip(s, cur + 3, len, %d, %d);" % (n, number(hex_)),
                              "        " + PEEK.strip(),
                              "        goto %s;" % (dispatch.group(1) if dispatch else me + "_dispatch"),
                              "      }",
                              "      goto %s;" % target])
            continue
        i += 1
    at = out.index("#define NONE ((size_t)-1)") + 1
    out = out[:at] + scan_functions(classes) + out[at:]
    return "\n".join(matchers_twice(out))


MATCH = re.compile(r"^rfc3986_status (rfc3986_fast__match_\w+)\(")


def matchers_twice(lines):
    """The matchers as they are with skip_table for their run scans (the
    portable ones), and again at the end, named NAME_ssse3, compiled for
    SSSE3 with skip_vector inline (fast.c picks them when the processor has
    SSSE3): no test of the processor and no call in a run scan.  An input
    shorter than one vector (16 octets) goes to the portable matcher, so
    that skip_vector need not test for it."""
    out, copies, i = [], [], 0
    while i < len(lines):
        m = MATCH.match(lines[i])
        if not m:
            out.append(lines[i])
            i += 1
            continue
        k = i
        while not (lines[k] == "}" and lines[k - 1] == "  return RFC3986_ERR_SYNTAX;"):
            k += 1
        body = lines[i:k + 1]
        out.extend(ln.replace("= skip(s,", "= skip_table(s,") for ln in body)
        copies.append("")
        copies.append("__attribute__((target(\"ssse3\"))) " +
                      body[0].replace(m.group(1), m.group(1) + "_ssse3"))
        copies.append(body[1])
        copies.append("  if (len < 16) /* shorter than one vector: the portable matcher */")
        copies.append("    return %s(input, len, uri);" % m.group(1))
        copies.extend(ln.replace("= skip(s,", "= skip_vector(s,") for ln in body[2:])
        i = k + 1
    return out + ["#ifdef RFC3986_FAST_SSSE3",
                  "/* The matchers compiled for SSSE3, their run scans inline (generate.py,",
                  " * matchers_twice). */"] + copies + ["#endif", ""]


# re2c's plain output (a switch per state, which the C compiler makes a jump
# table) measured faster than --bit-vectors, --nested-ifs or
# --computed-gotos here (70, 84, 80, 75 ns per URI on kasztp.txt).
RE2C_FLAGS = ["--tags", "--no-debug-info", "--no-generation-date",
              "-W", "-Wno-match-empty-string", "-Wno-nondeterministic-tags"]


def write(folder, grammar, re2c):
    """Write parse_fast.re and parse_fast.c into FOLDER: re2c's automata,
    then the run scans (accelerate)."""
    re_path = os.path.join(folder, "parse_fast.re")
    c_path = os.path.join(folder, "parse_fast.c")
    with open(re_path, "w", encoding="ascii") as f:
        f.write(generate(abnf.read(grammar)))
    p = subprocess.run([re2c] + RE2C_FLAGS + [re_path, "-o", c_path],
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if p.returncode != 0 or p.stdout.strip():
        sys.stderr.write(p.stdout)
        raise SystemExit("generate.py: %s failed (exit %d)" % (re2c, p.returncode))
    with open(c_path, encoding="ascii") as f:
        text = f.read()
    with open(c_path, "w", encoding="ascii") as f:
        f.write(accelerate(text))


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
