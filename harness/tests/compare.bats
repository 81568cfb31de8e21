#!/usr/bin/env bats
# uritest compare BASE HEAD: two results files of one adapter, vector by
# vector (DESIGN.md "Comparing two runs"), on hand-made results files:
# base.jsonl -> head.jsonl has one vector of each kind, and one whose id
# and input carry |, backticks, an ESC, a newline and <script>.
load helper

C=$DATA/compare

@test "compare --format json: each list, the unchanged count, exit 1 on a regression" {
  run --separate-stderr "$UT" compare --format json "$C/base.jsonl" "$C/head.jsonl"
  [ "$status" -eq 1 ]
  [ "$(pyjson 'd["adapter"]' <<<"$output")" = mylib ]
  [ "$(pyjson 'd["regressed"]' <<<"$output")" = "['v.pipe|\`x\`<b>', 'v.regressed', 'v.sec']" ]
  [ "$(pyjson 'd["newly_rejects_valid"]' <<<"$output")" = "['v.overcorrect', 'v.pipe|\`x\`<b>']" ]
  [ "$(pyjson 'd["new_security_relevant"]' <<<"$output")" = "['v.sec']" ]
  [ "$(pyjson 'd["fixed"]' <<<"$output")" = "['v.fixed']" ]
  [ "$(pyjson '(d["unchanged"], d["base_only"], d["head_only"])' <<<"$output")" = "(2, 1, 1)" ]
}

@test "compare: only fixes is exit 0, PASS first; each of the three lists alone is exit 1" {
  run "$UT" compare "$C/only-fixed-base.jsonl" "$C/only-fixed-head.jsonl"
  [ "$status" -eq 0 ]
  [ "${lines[0]}" = "PASS mylib: 0 regressed, 0 newly reject valid input, 0 new security-relevant; 1 fixed, 0 changed otherwise, 1 unchanged" ]
  # the reverse is a regression
  run "$UT" compare "$C/only-fixed-head.jsonl" "$C/only-fixed-base.jsonl"
  [ "$status" -eq 1 ]
  [[ ${lines[0]} == "FAIL mylib: 1 regressed, "* ]]
  # a failure that becomes a rejection of a valid input, nothing else
  grep -v 'v.regressed\|v.sec\|v.pipe' "$C/base.jsonl" > "$BATS_TEST_TMPDIR/b"
  grep -v 'v.regressed\|v.sec\|v.pipe' "$C/head.jsonl" > "$BATS_TEST_TMPDIR/h"
  run "$UT" compare --format json "$BATS_TEST_TMPDIR/b" "$BATS_TEST_TMPDIR/h"
  [ "$status" -eq 1 ]
  [ "$(pyjson '(d["regressed"], d["newly_rejects_valid"])' <<<"$output")" = "([], ['v.overcorrect'])" ]
  # a security-relevant reading on a vector that failed already
  "$PY" - "$BATS_TEST_TMPDIR" <<'PY'
import json, sys
d = sys.argv[1]
b = {"record": "result", "adapter": "a", "id": "s", "class": "COMPONENT_MISMATCH", "expected": {"input": "http://x/"}}
h = dict(b, security_relevant=True)
open(d + "/sb", "w").write(json.dumps(b) + "\n")
open(d + "/sh", "w").write(json.dumps(h) + "\n")
PY
  run "$UT" compare --format json "$BATS_TEST_TMPDIR/sb" "$BATS_TEST_TMPDIR/sh"
  [ "$status" -eq 1 ]
  [ "$(pyjson '(d["regressed"], d["new_security_relevant"], d["unchanged"])' <<<"$output")" = "([], ['s'], 0)" ]
}

@test "compare --format markdown: the verdict first, then tables whose cells escape what the files hold" {
  run "$UT" compare --format markdown "$C/base.jsonl" "$C/head.jsonl"
  [ "$status" -eq 1 ]
  [ "${lines[0]}" = "## uritest compare: FAIL" ]
  [[ ${lines[1]} == "**mylib**: 3 regressed, 2 newly reject valid input, 1 new security-relevant;"* ]]
  # every table row has exactly its five cell borders: no | of an id or
  # an input left bare, no raw newline or ESC
  while IFS= read -r l; do
    [ "$(tr -cd '|' <<<"${l//\\|/}" | wc -c)" -eq 5 ] || { echo "bad row: $l"; false; }
  done < <(grep '^| ' <<<"$output")
  ! grep -q $'\x1b' <<<"$output" || false
  [[ $output == *'| `v.pipe\|\x60x\x60<b>` | PASS | SHOULD\_HAVE\_ACCEPTED | `http://h/a\|b\x60c\x1B[31m\n<script>` |'* ]]
  [[ $output == *"### Newly rejects valid input (RFC 3986 accepts it) (2)"* ]]
}

@test "compare --format text: control octets of ids and inputs escaped" {
  run "$UT" compare "$C/base.jsonl" "$C/head.jsonl"
  [ "$status" -eq 1 ]
  ! grep -q $'\x1b' <<<"$output" || false
  [[ $output == *'  v.pipe|`x`<b>  PASS -> SHOULD_HAVE_ACCEPTED  http://h/a|b`c\x1b[31m\x0a<script>'* ]]
  [ "$(grep -c '' <<<"$output")" -eq 14 ]
}

@test "compare: usage and input errors are exit 2" {
  run "$UT" compare "$C/base.jsonl"
  [ "$status" -eq 2 ]
  run "$UT" compare --format html "$C/base.jsonl" "$C/head.jsonl"
  [ "$status" -eq 2 ]
  run "$UT" compare "$C/base.jsonl" "$BATS_TEST_TMPDIR/none.jsonl"
  [ "$status" -eq 2 ]
  printf 'not json\n' > "$BATS_TEST_TMPDIR/bad.jsonl"
  run --separate-stderr "$UT" compare "$C/base.jsonl" "$BATS_TEST_TMPDIR/bad.jsonl"
  [ "$status" -eq 2 ]
  [[ $stderr == *"bad.jsonl:1"* ]]
  # two adapters in one file: say which
  run --separate-stderr "$UT" compare "$C/two-adapters.jsonl" "$C/only-fixed-head.jsonl"
  [ "$status" -eq 2 ]
  [[ $stderr == *"results of several adapters: say which with --adapter"* ]]
  run "$UT" compare --adapter mylib "$C/two-adapters.jsonl" "$C/only-fixed-head.jsonl"
  [ "$status" -eq 0 ]
  run --separate-stderr "$UT" compare --adapter nosuch "$C/base.jsonl" "$C/head.jsonl"
  [ "$status" -eq 2 ]
  [[ $stderr == *'no result of adapter "nosuch"'* ]]
}

@test "compare: a real run of the fake adapter against itself: nothing changed, exit 0" {
  "$UT" run --vectors "$V/classify.json" --adapter-cmd "$FAKE" --no-progress --output "$BATS_TEST_TMPDIR/a.jsonl" >/dev/null 2>&1 || true
  run "$UT" compare "$BATS_TEST_TMPDIR/a.jsonl" "$BATS_TEST_TMPDIR/a.jsonl"
  [ "$status" -eq 0 ]
  [[ ${lines[0]} == "PASS fake: 0 regressed, 0 newly reject valid input, 0 new security-relevant; 0 fixed, 0 changed otherwise, "*" unchanged" ]]
}
