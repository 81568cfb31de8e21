"""Tiny ABNF-to-regular-expression combinators (Python stdlib only).

Each grammar node renders two Python `re` patterns:
  re()   the language of the rule;
  pre()  the prefix closure of that language (every prefix of a string of the
         rule).  pre() is what gives error offsets: by the project's definition
         (DESIGN.md), the offset of an invalid input is the length of its longest
         prefix that can still be extended into a valid string, i.e. the longest
         prefix that matches pre().

Characters are code points; the URI grammar is used on latin-1 strings (one
character per octet), the IRI grammar on Unicode strings.
"""

import re


def _esc(cp):
    if cp < 0x100:
        return "\\x%02x" % cp
    if cp < 0x10000:
        return "\\u%04x" % cp
    return "\\U%08x" % cp


class E:
    """A grammar expression."""
    _re = None
    _pre = None

    def re(self):
        if self._re is None:
            self._re = self._render()
        return self._re

    def pre(self):
        if self._pre is None:
            self._pre = self._render_pre()
        return self._pre

    def __add__(self, other):
        return Seq(self, other)

    def __or__(self, other):
        return Alt(self, other)


class Chars(E):
    """A set of single characters given as inclusive (lo, hi) ranges."""

    def __init__(self, *ranges):
        self.ranges = _merge(ranges)

    @staticmethod
    def of(s):
        return Chars(*[(ord(c), ord(c)) for c in s])

    def _render(self):
        parts = []
        for lo, hi in self.ranges:
            parts.append(_esc(lo) if lo == hi else _esc(lo) + "-" + _esc(hi))
        return "[" + "".join(parts) + "]"

    def _render_pre(self):
        return "(?:" + self.re() + ")?"

    def contains(self, cp):
        return any(lo <= cp <= hi for lo, hi in self.ranges)


def _merge(ranges):
    out = []
    for lo, hi in sorted(ranges):
        if out and lo <= out[-1][1] + 1:
            out[-1] = (out[-1][0], max(out[-1][1], hi))
        else:
            out.append((lo, hi))
    return out


class Lit(E):
    """A literal string (case-sensitive: %x.. quoted terminals)."""

    def __init__(self, s):
        self.s = s

    def _render(self):
        return "".join(_esc(ord(c)) for c in self.s)

    def _render_pre(self):
        alts = ["".join(_esc(ord(c)) for c in self.s[:k]) for k in range(len(self.s) + 1)]
        return "(?:" + "|".join(alts) + ")"


class ILit(Lit):
    """An ABNF quoted string: case-insensitive for letters (RFC 5234 2.3)."""

    def _one(self, c):
        if c.isalpha() and c.isascii():
            return "[" + _esc(ord(c.upper())) + _esc(ord(c.lower())) + "]"
        return _esc(ord(c))

    def _render(self):
        return "".join(self._one(c) for c in self.s)

    def _render_pre(self):
        alts = ["".join(self._one(c) for c in self.s[:k]) for k in range(len(self.s) + 1)]
        return "(?:" + "|".join(alts) + ")"


class Seq(E):
    def __init__(self, *items):
        flat = []
        for it in items:
            if isinstance(it, str):
                it = Lit(it)
            if isinstance(it, Seq) and not isinstance(it, Group):
                flat.extend(it.items)
            else:
                flat.append(it)
        self.items = flat

    def _render(self):
        return "(?:" + "".join(i.re() for i in self.items) + ")"

    def _render_pre(self):
        # prefixes of a1 a2 ... an: pre(a1) | a1 pre(a2) | a1 a2 pre(a3) | ...
        alts = []
        for k, it in enumerate(self.items):
            alts.append("".join(i.re() for i in self.items[:k]) + it.pre())
        return "(?:" + "|".join(alts) + ")"


class Alt(E):
    def __init__(self, *alts):
        flat = []
        for a in alts:
            if isinstance(a, str):
                a = Lit(a)
            if isinstance(a, Alt):
                flat.extend(a.alts)
            else:
                flat.append(a)
        self.alts = flat

    def _render(self):
        return "(?:" + "|".join(a.re() for a in self.alts) + ")"

    def _render_pre(self):
        return "(?:" + "|".join(a.pre() for a in self.alts) + ")"


def union(*alts):
    """Alternation; single-character alternatives collapse into one class."""
    chars, rest = [], []
    for a in alts:
        if isinstance(a, str):
            a = Lit(a)
        if isinstance(a, Lit) and not isinstance(a, ILit) and len(a.s) == 1:
            a = Chars.of(a.s)
        if isinstance(a, Chars):
            chars.extend(a.ranges)
        else:
            rest.append(a)
    if chars:
        rest.insert(0, Chars(*chars))
    return rest[0] if len(rest) == 1 else Alt(*rest)


class Rep(E):
    """lo*hi element (hi None = unbounded)."""

    def __init__(self, lo, hi, e):
        if isinstance(e, str):
            e = Lit(e)
        self.lo, self.hi, self.e = lo, hi, e

    def _q(self, lo, hi):
        if hi is None:
            return "*" if lo == 0 else ("+" if lo == 1 else "{%d,}" % lo)
        if lo == hi:
            return "{%d}" % lo
        if lo == 0 and hi == 1:
            return "?"
        return "{%d,%d}" % (lo, hi)

    def _render(self):
        if self.hi == 0:
            return "(?:)"
        return "(?:" + self.e.re() + ")" + self._q(self.lo, self.hi)

    def _render_pre(self):
        if self.hi == 0:
            return "(?:)"
        # up to hi-1 whole elements, then a prefix of one more
        head = "(?:" + self.e.re() + ")" + self._q(0, None if self.hi is None else self.hi - 1)
        if self.hi == 1:
            head = ""
        return "(?:" + head + self.e.pre() + ")"


def opt(e):
    return Rep(0, 1, e)


class Group(Seq):
    """A named capture around e (used only for component extraction)."""

    _n = 0

    def __init__(self, name, e):
        Group._n += 1
        self.name = "%s_%d" % (name, Group._n)
        self.items = [e]

    def _render(self):
        return "(?P<%s>%s)" % (self.name, self.items[0].re())

    def _render_pre(self):
        return self.items[0].pre()


class Rule:
    """A named Appendix A rule with compiled full-match and prefix patterns."""

    def __init__(self, name, e):
        self.name, self.e = name, e
        self._c = None
        self._p = None

    def compiled(self):
        if self._c is None:
            self._c = re.compile(self.e.re(), re.S)
        return self._c

    def prefix_compiled(self):
        if self._p is None:
            self._p = re.compile(self.e.pre(), re.S)
        return self._p

    def match(self, s):
        return self.compiled().fullmatch(s) is not None

    def longest_viable_prefix(self, s):
        """Length of the longest prefix of s that can be extended into a string of
        the rule (len(s) when s itself is valid or still extendable)."""
        p = self.prefix_compiled()
        lo, hi = 0, len(s)  # pre() holds for s[:0]; find largest k holding
        if p.fullmatch(s):
            return len(s)
        # prefix-closed, so the predicate is monotone: binary search
        while lo + 1 < hi:
            mid = (lo + hi) // 2
            if p.fullmatch(s[:mid]) is not None:
                lo = mid
            else:
                hi = mid
        return lo
