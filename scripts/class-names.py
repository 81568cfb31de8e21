#!/usr/bin/python3
"""scripts/class-names.py: the result classes are one table
(adapters/common/classes.h, RESULT_CLASSES); check that no C or JavaScript
source spells a class's name as a string literal ("COMPONENT_MISMATCH" or
'COMPONENT_MISMATCH') outside it, so that every output and the page read
the names from the table.  Tests (a tests/ folder, reports/browser/) and
generated files are not checked.  "PASS" beside "FAIL" on one line is a
verdict (uritest compare, summary.md), not the class.

    scripts/class-names.py    # one TAP line per class, "ok" when no source spells it

Exit 1 when a name is spelt elsewhere, naming the file and line.
"""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import lint  # noqa: E402  (tracked_files, is_generated: the one reading of the tree)

TABLE = "adapters/common/classes.h"
ROW = re.compile(r"^\s*X\((\w+),", re.M)
SUFFIXES = (".c", ".h", ".cpp", ".js")


def checked(path):
    return not (path.startswith(("tests/", "reports/browser/")) or "/tests/" in path
                or path.startswith("adapters/common/classes."))


def main():
    with open(os.path.join(lint.ROOT, TABLE), encoding="utf-8") as f:
        names = ROW.findall(f.read())
    if not names:
        sys.exit("class-names: no X(NAME, ...) row in %s" % TABLE)
    files = [p for p in lint.sources(SUFFIXES) if checked(p)]
    found = {n: [] for n in names}
    literal = re.compile(r"""(["'])(%s)\1""" % "|".join(map(re.escape, names)))
    for path in files:
        with open(os.path.join(lint.ROOT, path), encoding="utf-8", errors="replace") as f:
            for no, line in enumerate(f, 1):
                for m in literal.finditer(line):
                    if m.group(2) == "PASS" and re.search(r"""["']FAIL["']""", line):
                        continue
                    found[m.group(2)].append("%s:%d: %s" % (path, no, line.strip()))
    print("1..%d" % len(names))
    for i, n in enumerate(names, 1):
        print("%s %d - %s spelt only in %s" % ("not ok" if found[n] else "ok", i, n, TABLE))
        for where in found[n]:
            print("#   " + where)
    return 1 if any(found.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
