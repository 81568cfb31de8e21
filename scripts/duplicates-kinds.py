#!/usr/bin/python3
"""scripts/duplicates-kinds.py [FILE]: sort the pairs of a `duplicates` report
(FILE, or standard input) into the kinds DESIGN.md lists under "What
`duplicates` still reports, and why it stays", and count them.

  duplicates --most 200 --seconds 300 | scripts/duplicates-kinds.py [--pairs LIST]

A pair is judged by its two files: it stays only when scripts/duplicates-pairs
lists that pair of files under a kind, and both files fit the kind's pattern
below.  Prints one line per kind (pairs, of them marked boilerplate), then
every pair that is not listed and every listed pair the report no longer
holds; exits 1 when there is one, so that a new pair is either removed or
listed with its kind, and a list entry that matches nothing is dropped."""
import os
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
     r"adapters/([^/]+/glue\.(c|cpp)|TEMPLATE/c/glue\.c|[^/]+/Adapter\.java|java-common/Proto\.java|"
     r"rust-[^/]+/(src/main|proto)\.rs|python-[^/]+/adapter\.py|[^/]+/adapter\.js)"),
    ("Two table-driven C tests in adapters/adapters.mk", r"adapters/adapters\.mk"),
    ("The grammar generators' preambles", r"reference/grammar/gen_[a-z]+\.py"),
    ("Small shapes",
     r"(harness/src/[a-z]+/[a-z_]+\.[ch]|results/[a-z_]+\.[ch]|reports/render/[a-z_]+\.c|reports/browser/check\.js|"
     r"adapters/common/(conditions|predict)[a-z_]*\.c|adapters/bench/worst\.c|fuzz/targets/reference\.c|"
     r"reference/fast/generate\.py|reports/sample-[a-z]+\.py|"
     r"reference/(src/(parse|resolve|component|utf8)\.c|src/grammar\.h|include/rfc3986\.h|"
     r"cli/[a-z_]+\.[ch]|fast/fast\.c|tests/(test_coverage|work_linear)\.c))"),
]
PAIRS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "duplicates-pairs")
ROW = re.compile(r"^D\d+ (\S+?):\d+-\d+ ~ (\S+?):\d+-\d+(.*)$")


def read_listed(path):
    """{(file, file) sorted: kind} from the list; a line is KIND<TAB>A<TAB>B."""
    listed = {}
    patterns = dict(KINDS)
    for n, line in enumerate(open(path, encoding="utf-8"), 1):
        if not line.strip() or line.startswith("#"):
            continue
        kind, a, b = line.rstrip("\n").split("\t")
        pattern = patterns.get(kind)
        if pattern is None or not (re.fullmatch(pattern, a) and re.fullmatch(pattern, b)):
            sys.exit("%s:%d: %s and %s are not of the kind %r" % (path, n, a, b, kind))
        listed[tuple(sorted((a, b)))] = kind
    return listed


def main(argv):
    args, pairs_file = argv[1:], PAIRS
    if args[:1] == ["--pairs"] and len(args) > 1:
        pairs_file, args = args[1], args[2:]
    text = open(args[0], encoding="utf-8").read() if args else sys.stdin.read()
    listed = read_listed(pairs_file)
    seen = set()
    counts = {name: [0, 0] for name, _ in KINDS}
    strays, pairs = [], 0
    for line in text.splitlines():
        m = ROW.match(line)
        if not m:
            continue
        pairs += 1
        key = tuple(sorted((m.group(1), m.group(2))))
        seen.add(key)
        k = listed.get(key)
        if k is None:
            strays.append(line)
            continue
        counts[k][0] += 1
        counts[k][1] += "boilerplate" in m.group(3)
    print("%d pairs" % pairs)
    for name, _ in KINDS:
        print("  %-50s %3d (%d boilerplate)" % (name, counts[name][0], counts[name][1]))
    for line in strays:
        print("not listed: %s" % line)
    if "(+" in text and "more pairs)" in text:
        print("the report was cut (--most): count again with a larger --most")
        return 1
    stale = sorted(set(listed) - seen)
    for a, b in stale:
        print("listed, not reported: %s ~ %s" % (a, b))
    return 1 if strays or stale else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
