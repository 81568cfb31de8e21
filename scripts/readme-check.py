#!/usr/bin/python3
"""scripts/readme-check.py [README]: the README's shape (make test-readme).

The README says what uritest is, then its sections in this order: the two
set-up commands, testing a library, CI, then the rest by link. It copies no
generated figures: it links to reports/MATRIX.md, which holds them.
Checks: at most README_MAX octets; the sections of SECTIONS in their order;
`make demo` and `make test` the set-up's commands; no issue number (#N); a
link to reports/MATRIX.md; no headline table (its markers) of its own.
Prints the failures, then "readme: N passed, N failed"; exits 1 on one.
"""
import re
import sys

SECTIONS = ["## Set-up", "## Test your library", "## Use it in CI", "## Everything else"]
README_MAX = 16 * 1024
MATRIX = "reports/MATRIX.md"
HEADLINE_MARK = "<!-- headline:begin -->"


def checks(name, readme):
    """[(ok, why)] for the README's shape."""
    heads = [l for l in readme.splitlines() if l.startswith("## ")]
    setup = readme.split("## Set-up", 1)[-1].split("\n## ", 1)[0]
    block = re.search(r"```sh\n(.*?)```", setup, re.S)
    commands = [l.split("#")[0].strip() for l in block.group(1).splitlines()] if block else []
    size = len(readme.encode("utf-8"))
    return [
        (size <= README_MAX, "%s is %d octets, more than %d" % (name, size, README_MAX)),
        ([h for h in heads if h in SECTIONS] == SECTIONS and heads[:1] == SECTIONS[:1],
         "%s's sections are %s, not %s in that order" % (name, heads, SECTIONS)),
        (commands == ["make demo", "make test"],
         "%s's Set-up gives %s, not `make demo` and `make test`" % (name, commands)),
        (not re.search(r"(^|[\s(])#\d+\b", readme), "%s names an issue number (#N)" % name),
        ("(%s)" % MATRIX in readme, "%s does not link to %s" % (name, MATRIX)),
        (HEADLINE_MARK not in readme, "%s holds a headline table: it belongs in %s" % (name, MATRIX)),
    ]


def main(argv):
    name = argv[0] if argv else "README.md"
    results = checks(name, open(name, encoding="utf-8").read())
    for ok, why in results:
        if not ok:
            print(why)
    failed = sum(1 for ok, _ in results if not ok)
    print("readme: %d passed, %d failed" % (len(results) - failed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
