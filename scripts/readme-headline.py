#!/usr/bin/python3
"""scripts/readme-headline.py: copy the adapter headline table of
adapters/MATRIX-HEADLINE.md (made by `make matrix-headline`) into README.md,
between the markers <!-- headline:begin --> and <!-- headline:end -->.

    scripts/readme-headline.py           # rewrite README.md
    scripts/readme-headline.py --check   # exit 1 when README.md is behind

Prints "readme-headline: N passed, N failed" with --check.
"""
import re
import sys

BEGIN, END = "<!-- headline:begin -->", "<!-- headline:end -->"


def table(md):
    lines = [l for l in md.splitlines() if l.startswith("|")]
    if not lines:
        sys.exit("readme-headline: no table in adapters/MATRIX-HEADLINE.md")
    return "\n".join(lines)


def main(argv):
    src = open("adapters/MATRIX-HEADLINE.md", encoding="utf-8").read()
    readme = open("README.md", encoding="utf-8").read()
    m = re.search(re.escape(BEGIN) + r"\n(.*?)\n?" + re.escape(END), readme, re.S)
    if not m:
        sys.exit("readme-headline: README.md has no %s ... %s markers" % (BEGIN, END))
    new = readme[:m.start()] + BEGIN + "\n" + table(src) + "\n" + END + readme[m.end():]
    if "--check" in argv:
        ok = new == readme
        if not ok:
            print("README.md's headline table differs from adapters/MATRIX-HEADLINE.md:"
                  " run scripts/readme-headline.py")
        print("readme-headline: %d passed, %d failed" % (ok, not ok))
        return 0 if ok else 1
    open("README.md", "w", encoding="utf-8").write(new)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
