#!/usr/bin/python3
"""Check that the ABNF quoted above every rule_ function of reference/src is the
grammar file's rule, and that every rule of the list has its function.

The quote is the comment just above `size_t rule_NAME(...) {`: its first line
is "SECTION: name = ...", and the ABNF goes on over the lines that are indented
further than the comment's "* " (prose after it starts at the margin).  Both
sides are compared as ABNF tokens, so whitespace, line breaks and ";" comments
do not count.  RFC 3986 rules are compared with rfc3986.abnf, the others with
rfc3987.abnf.

    check_quotes.py [FILE.c...]    (default: reference/src/*.c)
Prints one line per rule checked ("ok" or "not ok", TAP) and exits 1 on any
difference.
"""

import glob
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import abnf  # noqa: E402
import gen_rules  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(HERE))
DEF = re.compile(r"^size_t rule_([A-Za-z0-9_]+)\(struct rfc3986__parser \*p, size_t pos\) \{$", re.M)


def quote_above(text, at):
    """The ABNF of the comment that ends just before offset AT, or None."""
    head = text[:at].rstrip()
    if not head.endswith("*/"):
        return None
    start = head.rfind("/*")
    lines = head[start + 2:-2].split("\n")
    out, started = [], False
    for k, line in enumerate(lines):
        body = re.sub(r"^\s*\* ?", "", line) if k > 0 else line
        if not started:
            m = re.match(r"\s*(?:[0-9.]+|Appendix A):\s+([A-Za-z][A-Za-z0-9-]*\s*=.*)$", body)
            if m:
                out.append(m.group(1))
                started = True
            continue
        if body.startswith(" ") and body.strip():
            out.append(body)
        else:
            break
    return "\n".join(out) if out else None


def main(argv):
    files = argv or sorted(glob.glob(os.path.join(ROOT, "reference", "src", "*.c")))
    g86, g87 = gen_rules.grammars()
    wanted = {name.replace("-", "_"): name for name in g87.names if name not in gen_rules.CORE}
    seen, failed, n = set(), 0, 0
    for path in files:
        with open(path, encoding="ascii") as f:
            text = f.read()
        for m in DEF.finditer(text):
            cid = m.group(1)
            if cid not in wanted:
                continue
            name = wanted[cid]
            seen.add(cid)
            n += 1
            q = quote_above(text, m.start())
            where = "%s:%d" % (os.path.relpath(path, ROOT), text.count("\n", 0, m.start()) + 1)
            if q is None:
                failed += 1
                print("not ok %d - %s: rule_%s has no ABNF quote above it" % (n, where, cid))
                continue
            try:
                got = abnf.normalized(q)
            except ValueError as e:
                got = "(%s) %s" % (e, q)
            want = g87.text[name]
            if got != want:
                failed += 1
                print("not ok %d - %s: rule_%s quotes\n#   %s\n# the grammar (%s) says\n#   %s"
                      % (n, where, cid, got, os.path.basename(g87.source[name]), want))
            else:
                print("ok %d - rule_%s quotes %s" % (n, cid, os.path.basename(g87.source[name])))
    for cid, name in wanted.items():
        if cid not in seen and not argv:
            n += 1
            failed += 1
            print("not ok %d - rule %s has no rule_%s function in reference/src" % (n, name, cid))
    print("1..%d" % n)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
