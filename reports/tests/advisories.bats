#!/usr/bin/env bats
# reports/advisories.py: the advisory table from vectors, results and
# bisect output (data/advisories: an adapter whose result of CVE-1's input
# the harness marked "vulnerable", one that it did not, a bisect that agrees with CVE-1's
# "< 2.0" and differs from CVE-2's "fixed in 3.0"; names and inputs with
# markup, table separators and escape sequences).
bats_require_minimum_version 1.5.0

ROOT=$(cd "$BATS_TEST_DIRNAME/../.." && pwd)
D=$BATS_TEST_DIRNAME/data/advisories

render() {
  run /usr/bin/python3 "$ROOT/reports/advisories.py" "$D/vectors.json" "$D/results.jsonl" "$D/bisect-libx.json"
  [ "$status" -eq 0 ]
}

@test "advisories: the vulnerable reading is named per adapter" {
  render
  row=$(printf '%s\n' "$output" | grep '^| CVE-1 ')
  [[ "$row" == *'bad\x1b\[31m'* ]]
  [[ "$row" != *'pipe\|name'*'| none'* ]]
  per=$(printf '%s\n' "$output" | grep '^| bad')
  [[ "$per" == *'| 2 | CVE-1, CVE-3 |'* ]]   # CVE-1's two vectors count once
  printf '%s\n' "$output" | grep -q '^| <a id="adapter-good"></a>good | 0 | none |'
}

@test "advisories: an x-vulnerable accepts vector names its marks; no anchor for a name outside [a-z0-9-]" {
  render
  printf '%s\n' "$output" | grep '^| CVE-3 ' | grep -q '| bad\\x1b\\\[31m | none |'
  printf '%s\n' "$output" | grep -q '^| bad\\x1b'
  ! printf '%s\n' "$output" | grep -q 'id="adapter-bad' || false
}

@test "advisories: the vulnerable readings are the harness's marks, counted, not judged again" {
  sed 's/"vulnerable": "CVE-[0-9]", //' "$D/results.jsonl" > "$BATS_TEST_TMPDIR/r.jsonl"
  run /usr/bin/python3 "$ROOT/reports/advisories.py" "$D/vectors.json" "$BATS_TEST_TMPDIR/r.jsonl"
  [ "$status" -eq 0 ]
  printf '%s\n' "$output" | grep '^| bad' | grep -q '| 0 | none |'
  printf '%s\n' "$output" | grep '^| CVE-1 ' | grep -q '| none | none |'
}

@test "advisories: other endpoints are the harness's security_relevant results" {
  render
  row=$(printf '%s\n' "$output" | grep '^| CVE-2 ')
  [[ "$row" == *'pipe\|name (host)'* ]]
}

@test "advisories: bisect agrees with one advisory and differs from the other" {
  render
  printf '%s\n' "$output" | grep '^| CVE-1 ' | grep -q 'advisory names 2.0: agree'
  printf '%s\n' "$output" | grep '^| CVE-2 ' | grep -q 'differ: no change at 3.0'
  printf '%s\n' "$output" | grep -q '^- CVE-2: the advisory names 3.0 as fixed'
}

@test "advisories: nothing from the inputs escapes its table cell or reaches a terminal" {
  render
  ! printf '%s' "$output" | grep -q $'\x1b' || false
  ! printf '%s\n' "$output" | grep -q '<script>' || printf '%s\n' "$output" | grep '<script>' | grep -q '`http://a\\@b\\|<script>/`'
  ! printf '%s\n' "$output" | grep -q '<b>' || false
  # every table row keeps its column count (7 cells in the advisory table)
  printf '%s\n' "$output" | grep '^| CVE-' | while read -r line; do
    n=$(printf '%s' "$line" | sed 's/\\|//g' | tr -cd '|' | wc -c)
    [ "$n" -eq 8 ]
  done
}

@test "advisories: the header counts advisories and vectors apart" {
  render
  printf '%s\n' "$output" | grep -q '^3 advisories in 4 parse vectors '
}

@test "advisories: every adapter's README links its row of reports/ADVISORIES.md, which has it" {
  cd "$ROOT"
  run /usr/bin/python3 -c '
import os, sys
sys.path.insert(0, ".")
from fuzz.triage.baselines import baseline_files
page = open("reports/ADVISORIES.md", encoding="utf-8").read()
for name, p in sorted(baseline_files().items()):
    readme = open(os.path.join(os.path.dirname(p), "README.md"), encoding="utf-8").read()
    if "ADVISORIES.md#adapter-%s)" % name not in readme:
        print("README of %s does not link its row" % name)
    if "<a id=\"adapter-%s\"></a>" % name not in page:
        print("reports/ADVISORIES.md has no row for %s" % name)
'
  [ "$status" -eq 0 ]
  [ "$output" = "" ]
}
