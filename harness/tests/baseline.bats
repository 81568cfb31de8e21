#!/usr/bin/env bats
# --write-baseline and --baseline: exit 0 when the discrepancies are exactly
# the baseline's, 1 otherwise, new ones and now-passing ones listed apart.
load helper

ut() { run --separate-stderr "$UT" run --output "$(OUT)" "$@"; }

@test "--write-baseline writes the DESIGN.md format; --baseline with it: exit 0" {
  b=$BATS_TEST_TMPDIR/b.json
  ut --vectors "$V/classify.json" --adapter-cmd "$FAKE" --write-baseline "$b"
  [ "$status" -eq 0 ]
  [[ $stderr == *"wrote baseline $b (9 entries)"* ]]
  [ "$(pyjson '(d["adapter"], d["library"], len(d["entries"]), sorted(d["entries"][0]))' < "$b")" = "('fake', 'fakelib 1.2.3', 9, ['class', 'components', 'id'])" ]
  [ "$(pyjson '[e for e in d["entries"] if e["id"] == "c.semantic-host"][0]' < "$b")" = "{'id': 'c.semantic-host', 'class': 'COMPONENT_MISMATCH', 'components': ['host']}" ]
  pyjson 'd["vectors_version"]' < "$b"
  ut --vectors "$V/classify.json" --adapter-cmd "$FAKE" --baseline "$b"
  [ "$status" -eq 0 ]
  [[ $output == *"baseline fake ($b): 0 new discrepancies, 0 now passing"* ]]
  [[ $output != *"FAIL fake c.semantic-host"* ]]
  [[ $output == *"9 known (baseline)"* ]]
}

@test "a new discrepancy: exit 1, listed as new" {
  b=$BATS_TEST_TMPDIR/b.json
  ut --vectors "$V/classify.json" --adapter-cmd "$FAKE" --write-baseline "$b"
  "$PY" -c "import json,sys; d=json.load(open(sys.argv[1])); d['entries']=[e for e in d['entries'] if e['id'] != 'c.iri.bad']; json.dump(d, open(sys.argv[1],'w'))" "$b"
  ut --vectors "$V/classify.json" --adapter-cmd "$FAKE" --baseline "$b"
  [ "$status" -eq 1 ]
  [[ $output == *"1 new discrepancies, 0 now passing"* ]]
  [[ $output == *"  new: c.iri.bad OUTPUT_MISMATCH"* ]]
}

@test "a changed class or components is new, with the baseline's entry beside it" {
  b=$BATS_TEST_TMPDIR/b.json
  ut --vectors "$V/classify.json" --adapter-cmd "$FAKE" --write-baseline "$b"
  sed -i 's/"OUTPUT_MISMATCH"/"RESOLVE_MISMATCH"/' "$b"
  ut --vectors "$V/classify.json" --adapter-cmd "$FAKE" --baseline "$b"
  [ "$status" -eq 1 ]
  [[ $output == *"new: c.iri.bad OUTPUT_MISMATCH (baseline: RESOLVE_MISMATCH)"* ]]
}

@test "a baseline entry that now passes: exit 1, listed apart" {
  b=$BATS_TEST_TMPDIR/b.json
  ut --vectors "$V/classify.json" --adapter-cmd "$FAKE" --write-baseline "$b"
  "$PY" -c "import json,sys; d=json.load(open(sys.argv[1])); d['entries'].append({'id': 'c.iri.ok', 'class': 'OUTPUT_MISMATCH', 'components': []}); json.dump(d, open(sys.argv[1],'w'))" "$b"
  ut --vectors "$V/classify.json" --adapter-cmd "$FAKE" --baseline "$b"
  [ "$status" -eq 1 ]
  [[ $output == *"0 new discrepancies, 1 now passing"* ]]
  [[ $output == *"  now passing: c.iri.ok OUTPUT_MISMATCH"* ]]
  # entries whose vectors did not run (filtered out) are not "now passing"
  ut --vectors "$V/classify.json" --adapter-cmd "$FAKE" --baseline "$b" --id 'c.semantic-*'
  [ "$status" -eq 0 ]
}

@test "several adapters: one baseline per adapter, each naming its adapter" {
  d=$BATS_TEST_TMPDIR
  ut --vectors "$V/classify.json" --adapter-cmd "$FAKE --name one" --adapter-cmd "$FAKE --name two" \
    --write-baseline "$d/base-{adapter}.json"
  [ "$status" -eq 0 ]
  [ "$(pyjson 'd["adapter"]' < "$d/base-one.json")" = one ]
  [ "$(pyjson 'd["adapter"]' < "$d/base-two.json")" = two ]
  ut --vectors "$V/classify.json" --adapter-cmd "$FAKE --name one" --adapter-cmd "$FAKE --name two" \
    --baseline "$d/base-one.json" --baseline "$d/base-two.json"
  [ "$status" -eq 0 ]
  # without the second adapter's baseline its discrepancies are new
  ut --vectors "$V/classify.json" --adapter-cmd "$FAKE --name one" --adapter-cmd "$FAKE --name two" \
    --baseline "$d/base-one.json"
  [ "$status" -eq 1 ]
  [[ $output == *"baseline two (no baseline file): 9 new discrepancies"* ]]
  # a folder works as well
  mkdir "$d/bl"
  ut --vectors "$V/classify.json" --adapter-cmd "$FAKE --name one" --adapter-cmd "$FAKE --name two" \
    --write-baseline "$d/bl"
  [ -f "$d/bl/one.json" ] && [ -f "$d/bl/two.json" ]
}

@test "baselines with --format json and tap: summary in JSON, report on stderr for TAP" {
  b=$BATS_TEST_TMPDIR/b.json
  ut --vectors "$V/classify.json" --adapter-cmd "$FAKE" --write-baseline "$b"
  ut --vectors "$V/classify.json" --adapter-cmd "$FAKE" --baseline "$b" --format json
  [ "$status" -eq 0 ]
  [ "$(printf '%s' "$output" | pyjson 'd["baseline"]["fake"]["new"], d["baseline"]["fake"]["now_passing"]')" = "[] []" ]
  ut --vectors "$V/classify.json" --adapter-cmd "$FAKE" --baseline "$b" --format tap
  [ "$status" -eq 0 ]
  [[ $stderr == *"0 new discrepancies"* ]]
  [[ $output == *"# TODO baseline"* ]]
}

@test "baseline errors: malformed file, unknown class, two for one adapter, several adapters to one file" {
  d=$BATS_TEST_TMPDIR
  echo '{"adapter": "fake", "entries": [' > "$d/trunc.json"
  ut --vectors "$V/classify.json" --adapter-cmd "$FAKE" --baseline "$d/trunc.json"
  [ "$status" -eq 2 ]
  [[ $stderr == *"trunc.json:"* ]]
  echo '{"adapter": "fake", "entries": [{"id": "x", "class": "WEIRD"}]}' > "$d/cls.json"
  ut --vectors "$V/classify.json" --adapter-cmd "$FAKE" --baseline "$d/cls.json"
  [ "$status" -eq 2 ]
  echo '{"adapter": "fake", "entries": []}' > "$d/e1.json"
  ut --vectors "$V/classify.json" --adapter-cmd "$FAKE" --baseline "$d/e1.json" --baseline "$d/e1.json"
  [ "$status" -eq 2 ]
  ut --vectors "$V/classify.json" --adapter-cmd "$FAKE --name one" --adapter-cmd "$FAKE --name two" \
    --write-baseline "$d/one-file.json"
  [ "$status" -eq 2 ]
  [[ $stderr == *"{adapter}"* ]]
}

@test "a baseline of an adapter not in the run: a warning" {
  echo '{"adapter": "elsewhere", "entries": []}' > "$BATS_TEST_TMPDIR/e.json"
  ut --vectors "$V/basic.json" --adapter-cmd "$FAKE" --baseline "$BATS_TEST_TMPDIR/e.json"
  [ "$status" -eq 0 ]
  [[ $stderr == *"baseline of adapter elsewhere, which is not in this run"* ]]
}
