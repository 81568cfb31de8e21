"""A reader of ABNF (RFC 5234) grammar files, Python standard library only.

    g = abnf.read("reference/grammar/rfc3986.abnf")
    g.names             rule names in the file's order
    g.rules[name]       the rule's expression tree (below)
    g.text[name]        the rule's definition as written, without comments,
                        whitespace collapsed ("h16 = 1*4HEXDIG")

Expression trees are tuples:
    ("alt", [e, ...])        e1 / e2 / ...
    ("seq", [e, ...])        e1 e2 ...
    ("rep", lo, hi, e)       lo*hi e (hi None: unbounded); [ e ] is 0*1
    ("ref", name)            another rule
    ("str", text)            a quoted string: case-insensitive (RFC 5234 2.3)
    ("chars", [(lo, hi)])    %x terminals, one code point in the ranges
    ("prose", text)          <prose-val>
A grammar can extend another (rfc3987.abnf reads rfc3986.abnf's rules):
read(path, base=g) adds the new file's rules to a copy of g.
"""

import os
import re
import sys

_TOKEN = re.compile(
    r"""\s+|;[^\n]*|(?P<str>"[^"]*")|(?P<num>%[xX][0-9A-Fa-f]+(?:(?:-[0-9A-Fa-f]+)|(?:\.[0-9A-Fa-f]+)+)?)"""
    r"""|(?P<prose><[^>]*>)|(?P<rep>[0-9]*\*[0-9]*|[0-9]+)|(?P<name>[A-Za-z][A-Za-z0-9-]*)"""
    r"""|(?P<op>=/|[=/()\[\]])""")


class Grammar:
    def __init__(self):
        self.names = []
        self.rules = {}
        self.text = {}
        self.source = {}

    def copy(self):
        g = Grammar()
        g.names = list(self.names)
        g.rules = dict(self.rules)
        g.text = dict(self.text)
        g.source = dict(self.source)
        return g


def tokens(text):
    """The tokens of TEXT (comments and whitespace dropped), as (kind, value)."""
    out, i = [], 0
    while i < len(text):
        m = _TOKEN.match(text, i)
        if not m:
            raise ValueError("ABNF: cannot read %r" % text[i:i + 20])
        i = m.end()
        if m.lastgroup:
            out.append((m.lastgroup, m.group(m.lastgroup)))
    return out


def normalized(text):
    """A definition's text without comments, tokens separated by one space."""
    return " ".join(v for _, v in tokens(text))


def _definitions(text):
    """Split a file into (name, definition text) in order: a definition starts
    at a line that begins with a rule name and "=", and goes on over the
    indented lines after it."""
    defs, cur = [], None
    for line in text.split("\n"):
        m = re.match(r"([A-Za-z][A-Za-z0-9-]*)\s*=", line)
        if m:
            cur = [m.group(1), line]
            defs.append(cur)
        elif cur is not None and line[:1].isspace() and line.strip():
            cur[1] += "\n" + line
        else:
            cur = None
    return [(n, t) for n, t in defs]


class _Parser:
    def __init__(self, toks):
        self.t, self.i = toks, 0

    def peek(self, kind=None, value=None):
        if self.i >= len(self.t):
            return None
        k, v = self.t[self.i]
        if (kind and k != kind) or (value and v != value):
            return None
        return v

    def take(self, kind=None, value=None):
        v = self.peek(kind, value)
        if v is None:
            raise ValueError("ABNF: expected %s at token %d of %r" % (value or kind, self.i, self.t))
        self.i += 1
        return v

    def alternation(self):
        alts = [self.concatenation()]
        while self.peek("op", "/"):
            self.i += 1
            alts.append(self.concatenation())
        return alts[0] if len(alts) == 1 else ("alt", alts)

    def concatenation(self):
        items = []
        while True:
            e = self.repetition()
            if e is None:
                break
            items.append(e)
        if not items:
            raise ValueError("ABNF: empty concatenation in %r" % (self.t,))
        return items[0] if len(items) == 1 else ("seq", items)

    def repetition(self):
        rep = self.peek("rep")
        if rep is not None:
            self.i += 1
            if "*" in rep:
                lo, hi = rep.split("*")
                lo, hi = int(lo) if lo else 0, int(hi) if hi else None
            else:
                lo = hi = int(rep)
            return ("rep", lo, hi, self.element(required=True))
        return self.element()

    def element(self, required=False):
        if self.i >= len(self.t):
            if required:
                raise ValueError("ABNF: element expected")
            return None
        k, v = self.t[self.i]
        if k == "name":
            # a name followed by "=" starts the next rule, not an element
            self.i += 1
            return ("ref", v)
        if k == "str":
            self.i += 1
            return ("str", v[1:-1])
        if k == "prose":
            self.i += 1
            return ("prose", v[1:-1])
        if k == "num":
            self.i += 1
            return _num(v)
        if k == "op" and v == "(":
            self.i += 1
            e = self.alternation()
            self.take("op", ")")
            return e
        if k == "op" and v == "[":
            self.i += 1
            e = self.alternation()
            self.take("op", "]")
            return ("rep", 0, 1, e)
        if required:
            raise ValueError("ABNF: element expected, got %r" % v)
        return None


def _num(v):
    body = v[2:]
    if "-" in body:
        lo, hi = body.split("-")
        return ("chars", [(int(lo, 16), int(hi, 16))])
    if "." in body:
        return ("seq", [("chars", [(int(x, 16), int(x, 16))]) for x in body.split(".")])
    return ("chars", [(int(body, 16), int(body, 16))])


def parse_definition(text):
    """(name, expression) of one rule definition."""
    toks = tokens(text)
    p = _Parser(toks)
    name = p.take("name")
    p.take("op", "=")
    e = p.alternation()
    if p.i != len(toks):
        raise ValueError("ABNF: trailing tokens in %r" % text)
    return name, e


def read(path, base=None):
    g = base.copy() if base else Grammar()
    with open(path, encoding="ascii") as f:
        text = f.read()
    for name, body in _definitions(text):
        n, e = parse_definition(body)
        if n in g.rules:
            raise ValueError("%s: rule %s defined twice" % (path, n))
        g.names.append(n)
        g.rules[n] = e
        g.text[n] = normalized(body)
        g.source[n] = path
    return g


def alternatives(e):
    """The top-level alternatives of E (one when it is not an alternation)."""
    return e[1] if e[0] == "alt" else [e]


def emit(path, text, argv, root):
    """A generator's main: write TEXT to PATH, or with --check in ARGV compare
    it with what PATH holds and return 1 (with a message) when they differ."""
    rel = os.path.relpath(path, root)
    if argv[:1] == ["--check"]:
        try:
            with open(path, encoding="ascii") as f:
                old = f.read()
        except OSError:
            old = None
        if old != text:
            sys.stderr.write("%s differs from what its generator writes (run make generate)\n" % rel)
            return 1
        return 0
    with open(path, "w", encoding="ascii") as f:
        f.write(text)
    return 0
