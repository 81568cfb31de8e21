#!/usr/bin/env bats
# The hand judgements of harness/tests/findings (precision-sample.md and
# attribution-sample.md, drawn by reports/sample-endpoints.py and
# sample-attributions.py): each .tsv holds the judged items, one a row, and
# each .md states the figures; the figures are the table's counts, the
# intervals the 95% Wilson intervals of those counts, and every item names a
# registered adapter and, for attributions, a released vector.
bats_require_minimum_version 1.5.0

ROOT=$(cd "$BATS_TEST_DIRNAME/../.." && pwd)
F=$ROOT/harness/tests/findings

judged() {
  cd "$ROOT" || return
  run /usr/bin/python3 - "$@" <<'PY'
import csv, glob, json, math, re, sys

def wilson(k, n, z=1.959964):
    p, d = k / n, 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return c - h, c + h

def registered():
    names = set()
    for p in glob.glob("adapters/*/adapter.json"):
        d = json.load(open(p, encoding="utf-8"))
        names.update(e["name"] for e in (d if isinstance(d, list) else [d]))
    return names

def rows(path, header):
    with open(path, encoding="utf-8", newline="") as f:
        r = list(csv.reader(f, delimiter="\t", quoting=csv.QUOTE_NONE))
    if r[0] != header:
        print("%s: header %s, not %s" % (path, r[0], header))
    for i, row in enumerate(r[1:], 2):
        if len(row) != len(header):
            print("%s:%d: %d fields, not %d" % (path, i, len(row), len(header)))
    return [dict(zip(header, row)) for row in r[1:]]

def md_rows(path, first):
    """The cells of the .md's table rows whose first cell is in first."""
    out = {}
    for line in open(path, encoding="utf-8"):
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if line.startswith("|") and cells[0] in first:
            out[cells[0]] = cells
    return out

def check(items, verdicts, label):
    ns = [int(r["n"]) for r in items]
    if ns != list(range(1, len(ns) + 1)):
        print("%s: items are not numbered 1..%d" % (label, len(ns)))
    for r in items:
        if r["verdict"] not in verdicts:
            print("%s %s: verdict %r" % (label, r["n"], r["verdict"]))
        if r["adapter"] not in registered_names:
            print("%s %s: adapter %s is not registered" % (label, r["n"], r["adapter"]))

registered_names = registered()
if sys.argv[1] == "precision":
    items = rows("harness/tests/findings/precision-sample.tsv",
                 ["sample", "n", "input", "adapter", "severity", "rfc_endpoint",
                  "library_endpoint", "verdict", "why"])
    stated = md_rows("harness/tests/findings/precision-sample.md", {"A", "B"})
    for s in "AB":
        mine = [r for r in items if r["sample"] == s]
        check(mine, {"different", "same"}, "sample " + s)
        n, k = len(mine), sum(r["verdict"] == "different" for r in mine)
        lo, hi = wilson(k, n)
        want = [str(n), str(k), "%s%% [%.1f, %.1f]" % (("%.1f" % (100 * k / n)).rstrip("0").rstrip("."),
                                                     100 * lo, 100 * hi)]
        got = stated.get(s, [""] * 6)[3:6]
        if [g.replace("100.0", "100") for g in got] != [w.replace("100.0", "100") for w in want]:
            print("sample %s: the .md says %s, the table gives %s" % (s, got, want))
else:
    items = rows("harness/tests/findings/attribution-sample.tsv",
                 ["n", "adapter", "vector", "behaviour", "verdict", "why"])
    check(items, {"explains", "template", "wrong"}, "item")
    released = {l.split("\t")[0] for l in open("vectors/RELEASED", encoding="utf-8") if not l.startswith("#")}
    for r in items:
        if r["vector"].strip("`") not in released:
            print("item %s: vector %s is not released" % (r["n"], r["vector"]))
    stated = md_rows("harness/tests/findings/attribution-sample.md",
                     {"explains", "template", "wrong", "explains or template"})
    n = len(items)
    for v, cells in sorted(stated.items()):
        k = sum(r["verdict"] in v.split(" or ") for r in items)
        lo, hi = wilson(k, n)
        want = [str(k), "%.3f" % (k / n), "[%.3f, %.3f]" % (lo, hi)]
        if cells[1:4] != want:
            print("%s: the .md says %s, the table gives %s" % (v, cells[1:4], want))
    if len(stated) != 4:
        print("the .md's totals table has %d of its 4 rows" % len(stated))
PY
}

@test "precision sample: the stated figures are the table's, every adapter registered" {
  judged precision
  [ "$status" -eq 0 ]
  [ "$output" = "" ]
}

@test "attribution sample: the stated totals are the table's, every vector released" {
  judged attribution
  [ "$status" -eq 0 ]
  [ "$output" = "" ]
}

@test "judged samples: a miscounted figure or a bad row fails" {
  r=$BATS_TEST_TMPDIR/r
  mkdir -p "$r/harness/tests" "$r/vectors"
  cp -r "$F" "$r/harness/tests/"
  cp "$ROOT/vectors/RELEASED" "$r/vectors/"
  (cd "$ROOT" && cp --parents adapters/*/adapter.json "$r/")
  ROOT=$r
  sed -i 's/^| explains | 161 |/| explains | 162 |/' "$ROOT/harness/tests/findings/attribution-sample.md"
  sed -i '2s/\tdifferent\t/\tsame\t/' "$ROOT/harness/tests/findings/precision-sample.tsv"
  judged attribution
  [[ $output == *"explains: the .md says ['162', '0.805', '[0.745, 0.854]'], the table gives ['161'"* ]]
  judged precision
  [[ $output == *"sample A: the .md says"* ]]
}
