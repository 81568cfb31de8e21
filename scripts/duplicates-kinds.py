#!/usr/bin/python3
"""scripts/duplicates-kinds.py [FILE]: sort the pairs of a `duplicates` report
(FILE, or standard input) into the kinds DESIGN.md lists under "What
`duplicates` still reports, and why it stays", and count them.

  duplicates --most 200 --seconds 300 | scripts/duplicates-kinds.py

Prints one line per kind (pairs, of them marked boilerplate), then every pair
that is of no kind; exits 1 when there is one, so that a pair the list does
not account for is either removed or added to DESIGN.md with why it stays.
The kinds are told by the files of a pair: both sides must match."""
import re
import sys

# (kind as DESIGN.md names it, pattern each side's file must match)
KINDS = [
    ("Generated code", r"reference/fast/parse_fast\.c"),
    ("RFC 3987 restating RFC 3986", r"reference/(src/(iri|rules|pct)|fast/fast)\.c"),
    ("Bats rows and table-driven tests",
     r"(.*\.bats|adapters/tests/.*\.(bash|py|c)|reference/tests/.*\.(c|py)|"
     r"vectors/gen/(check|grammar_regex)\.py)"),
    ("Adapter glue boilerplate",
     r"adapters/([^/]+/glue\.(c|cpp)|TEMPLATE/c/glue\.c|java-net-uri/.*\.java|rust-[^/]+/(src/main|proto)\.rs|"
     r"python-[^/]+/adapter\.py)"),
    ("Two table-driven C tests in adapters/adapters.mk", r"adapters/adapters\.mk"),
    ("The grammar generators' preambles", r"reference/grammar/gen_[a-z]+\.py"),
    ("Small shapes",
     r"(harness/src/[a-z]+/[a-z_]+\.[ch]|results/[a-z_]+\.[ch]|reports/render/[a-z_]+\.c|reports/browser/check\.js|"
     r"adapters/common/conditions(_lib)?\.c|adapters/bench/worst\.c|fuzz/targets/reference\.c|"
     r"reference/(src/(parse|resolve|component|utf8)\.c|src/grammar\.h|include/rfc3986\.h|"
     r"cli/[a-z_]+\.[ch]|fast/fast\.c|tests/(test_coverage|work_linear)\.c))"),
]
ROW = re.compile(r"^D\d+ (\S+?):\d+-\d+ ~ (\S+?):\d+-\d+(.*)$")


def kind_of(a, b):
    for name, pattern in KINDS:
        if re.fullmatch(pattern, a) and re.fullmatch(pattern, b):
            return name
    return None


def main(argv):
    text = open(argv[1], encoding="utf-8").read() if len(argv) > 1 else sys.stdin.read()
    counts = {name: [0, 0] for name, _ in KINDS}
    strays, pairs = [], 0
    for line in text.splitlines():
        m = ROW.match(line)
        if not m:
            continue
        pairs += 1
        k = kind_of(m.group(1), m.group(2))
        if k is None:
            strays.append(line)
            continue
        counts[k][0] += 1
        counts[k][1] += "boilerplate" in m.group(3)
    print("%d pairs" % pairs)
    for name, _ in KINDS:
        print("  %-50s %3d (%d boilerplate)" % (name, counts[name][0], counts[name][1]))
    for line in strays:
        print("of no kind: %s" % line)
    if "(+" in text and "more pairs)" in text:
        print("the report was cut (--most): count again with a larger --most")
        return 1
    return 1 if strays else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
