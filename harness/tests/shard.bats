#!/usr/bin/env bats
# Results that add up (issue 18 items 6 and 7): --output says where it
# wrote, --shard I/N by vector id, uritest merge, uritest check with the
# exit codes of run --baseline.
load helper

VS=()
setup() { VS=(--vectors "$V/basic.json" --vectors "$V/classify.json" --vectors "$V/markers.json"); }
results() { grep '"record": "result"' "$1" | sort; }
ids() { pylines "$1" "'\n'.join(sorted(x['adapter'] + ' ' + x['id'] for x in r if x['record'] == 'result'))"; }

@test "run says where it wrote; --output overwrites and may be /dev/null" {
  run --separate-stderr "$UT" run "${VS[@]}" --adapter-cmd "$FAKE" --output "$(OUT)"
  [[ $stderr == *"uritest: 31 results written to $(OUT)"* ]]
  echo junk > "$(OUT)"
  run --separate-stderr "$UT" run --vectors "$V/basic.json" --adapter-cmd "$FAKE" --output "$(OUT)"
  ! grep -q junk "$(OUT)" || false
  [ "$(head -n 1 "$(OUT)" | pyjson 'd["record"]')" = run ]
  run --separate-stderr "$UT" run --vectors "$V/basic.json" --adapter-cmd "$FAKE" --output /dev/null
  [ "$status" -eq 0 ]
  [[ $stderr == *"results written to /dev/null"* ]]
}

@test "--shard: N shares, each the same twice, disjoint, together every result of the full run (order aside)" {
  d=$BATS_TEST_TMPDIR
  "$UT" run "${VS[@]}" --adapter-cmd "$FAKE" --adapter-cmd "$FAKE --name two" --output "$d/full.jsonl" 2>/dev/null || true
  for i in 1 2 3; do
    "$UT" run "${VS[@]}" --adapter-cmd "$FAKE" --adapter-cmd "$FAKE --name two" --shard "$i/3" --output "$d/s$i.jsonl" 2>/dev/null || [ $? -eq 1 ]
    # the other order of files, the same share
    "$UT" run --vectors "$V/markers.json" --vectors "$V/classify.json" --vectors "$V/basic.json" \
      --adapter-cmd "$FAKE" --adapter-cmd "$FAKE --name two" --shard "$i/3" --output "$d/t$i.jsonl" 2>/dev/null || [ $? -eq 1 ]
    [ "$(ids "$d/s$i.jsonl")" = "$(ids "$d/t$i.jsonl")" ]
    [ -n "$(ids "$d/s$i.jsonl")" ]
  done
  # disjoint, and together the full run
  cat "$d"/s?.jsonl > "$d/cat"
  [ "$(ids "$d/cat" | sort | uniq -d)" = "" ]
  [ "$(ids "$d/cat" | sort)" = "$(ids "$d/full.jsonl")" ]
  run --separate-stderr "$UT" merge "$d/s1.jsonl" "$d/s2.jsonl" "$d/s3.jsonl" -o "$d/merged.jsonl"
  [ "$status" -eq 0 ]
  [[ $stderr == *"merged 62 results of 3 files into $d/merged.jsonl"* ]]
  # the same lines as one full run
  diff <(results "$d/merged.jsonl") <(results "$d/full.jsonl")
  # one run record first, one summary last, with the full run's counts
  [ "$(head -n 1 "$d/merged.jsonl" | pyjson '(d["record"], d["command"], [a["name"] for a in d["adapters"]])')" = "('run', 'merge', ['fake', 'two'])" ]
  [ "$(tail -n 1 "$d/merged.jsonl" | pyjson 'd["adapters"]["fake"]')" = "$(tail -n 1 "$d/full.jsonl" | pyjson 'd["adapters"]["fake"]')" ]
  [ "$(tail -n 1 "$d/merged.jsonl" | pyjson '(d["passed"], d["failed"])')" = "$(tail -n 1 "$d/full.jsonl" | pyjson '(d["passed"], d["failed"])')" ]
}

@test "--shard: I/N checked" {
  for bad in 0/3 4/3 3 a/b 1/0 "1/2x"; do
    run --separate-stderr "$UT" run --vectors "$V/basic.json" --adapter-cmd "$FAKE" --shard "$bad" --output /dev/null
    [ "$status" -eq 2 ]
    [[ $stderr == *"--shard: I/N with 1 <= I <= N"* ]]
  done
}

@test "merge refuses other vectors versions and a result twice, unless --force; needs -o" {
  d=$BATS_TEST_TMPDIR
  "$UT" run --vectors "$V/basic.json" --adapter-cmd "$FAKE" --output "$d/a.jsonl" 2>/dev/null
  "$UT" run --vectors "$V/classify.json" --adapter-cmd "$FAKE" --output "$d/b.jsonl" 2>/dev/null || true
  sed '1s/"vectors_version": "[^"]*"/"vectors_version": "0.9.0"/' "$d/b.jsonl" > "$d/old.jsonl"
  run --separate-stderr "$UT" merge "$d/a.jsonl" "$d/old.jsonl" -o "$d/m.jsonl"
  [ "$status" -eq 2 ]
  [[ $stderr == *"results of different vectors versions"*"0.9.0 in $d/old.jsonl"* ]]
  [ ! -e "$d/m.jsonl" ]
  run --separate-stderr "$UT" merge "$d/a.jsonl" "$d/old.jsonl" -o "$d/m.jsonl" --force
  [ "$status" -eq 0 ]
  run --separate-stderr "$UT" merge "$d/a.jsonl" "$d/a.jsonl" -o "$d/m2.jsonl"
  [ "$status" -eq 2 ]
  [[ $stderr == *"11 results are in more than one file"* ]]
  [ ! -e "$d/m2.jsonl" ]
  run --separate-stderr "$UT" merge "$d/a.jsonl" "$d/a.jsonl" -o "$d/m2.jsonl" --force
  [ "$status" -eq 0 ]
  [ "$(results "$d/m2.jsonl" | wc -l)" -eq 11 ]
  run --separate-stderr "$UT" merge "$d/a.jsonl"
  [ "$status" -eq 2 ]
  printf 'not json\n' > "$d/bad.jsonl"
  run --separate-stderr "$UT" merge "$d/a.jsonl" "$d/bad.jsonl" -o "$d/m3.jsonl"
  [ "$status" -eq 2 ]
  [[ $stderr == *"$d/bad.jsonl:1:"* ]]
  [ ! -e "$d/m3.jsonl" ]
}

@test "check on merged shards: the exit codes of run --baseline (0 holds, 1 new or now passing, 2 unfinished)" {
  d=$BATS_TEST_TMPDIR b=$BATS_TEST_TMPDIR/b.json
  "$UT" run "${VS[@]}" --adapter-cmd "$FAKE" --output /dev/null --write-baseline "$b" --force 2>/dev/null
  for i in 1 2; do
    "$UT" run "${VS[@]}" --adapter-cmd "$FAKE" --shard "$i/2" --output "$d/s$i.jsonl" 2>/dev/null || true
  done
  "$UT" merge "$d/s1.jsonl" "$d/s2.jsonl" -o "$d/m.jsonl" 2>/dev/null
  run "$UT" run "${VS[@]}" --adapter-cmd "$FAKE" --output /dev/null --baseline "$b"
  runrc=$status
  run "$UT" check --baseline "$b" "$d/m.jsonl"
  [ "$status" -eq 0 ] && [ "$runrc" -eq 0 ]
  [[ $output == *"baseline fake ($b): 0 new discrepancies, 0 now passing"* ]]
  # the shards unmerged: the same
  run "$UT" check --baseline "$b" "$d/s1.jsonl" "$d/s2.jsonl"
  [ "$status" -eq 0 ]
  # a new discrepancy, and an entry that now passes: 1, as for run
  "$PY" -c "import json,sys; d=json.load(open(sys.argv[1])); d['entries']=[e for e in d['entries'] if e['id'] != 'c.iri.bad']+[{'id': 'c.iri.ok', 'class': 'OUTPUT_MISMATCH', 'components': []}]; json.dump(d, open(sys.argv[1],'w'))" "$b"
  run "$UT" run "${VS[@]}" --adapter-cmd "$FAKE" --output /dev/null --baseline "$b"
  runrc=$status
  run "$UT" check --baseline "$b" "$d/m.jsonl"
  [ "$status" -eq 1 ] && [ "$runrc" -eq 1 ]
  [[ $output == *"1 new discrepancies, 1 now passing"* ]]
  [[ $output == *"  new: c.iri.bad OUTPUT_MISMATCH"* ]]
  [[ $output == *"  now passing: c.iri.ok OUTPUT_MISMATCH"* ]]
  # a shard that did not finish (no summary record) cannot pass
  head -n 5 "$d/s1.jsonl" > "$d/cut.jsonl"
  run --separate-stderr "$UT" check --baseline "$b" "$d/cut.jsonl"
  [ "$status" -eq 2 ]
  [[ $stderr == *"$d/cut.jsonl: the run did not finish (no summary record)"* ]]
  # usage
  run "$UT" check "$d/m.jsonl"
  [ "$status" -eq 2 ]
  run "$UT" check --baseline "$d/nope.json" "$d/m.jsonl"
  [ "$status" -eq 2 ]
}

@test "the run record names the shard and the filters; a whole run names neither" {
  d=$BATS_TEST_TMPDIR
  "$UT" run "${VS[@]}" --adapter-cmd "$FAKE" --shard 2/3 --output "$d/s.jsonl" 2>/dev/null || true
  [ "$(head -n 1 "$d/s.jsonl" | pyjson '(d["shard"], d.get("filters"))')" = "('2/3', None)" ]
  "$UT" run "${VS[@]}" --adapter-cmd "$FAKE" --id 'c.*' --exclude-tag x --output "$d/f.jsonl" 2>/dev/null || true
  [ "$(head -n 1 "$d/f.jsonl" | pyjson '(d.get("shard"), d["filters"])')" = "(None, {'id': ['c.*'], 'exclude-tag': ['x']})" ]
  "$UT" run "${VS[@]}" --adapter-cmd "$FAKE" --output "$d/w.jsonl" 2>/dev/null || true
  [ "$(head -n 1 "$d/w.jsonl" | pyjson '("shard" in d, "filters" in d)')" = "(False, False)" ]
}

@test "merge refuses a shard set that is not 1..N of one N: a missing shard is exit 2, nothing written" {
  d=$BATS_TEST_TMPDIR
  for i in 1 2 3; do
    "$UT" run "${VS[@]}" --adapter-cmd "$FAKE" --shard "$i/3" --output "$d/s$i.jsonl" 2>/dev/null || true
  done
  run --separate-stderr "$UT" merge "$d/s1.jsonl" "$d/s3.jsonl" -o "$d/m.jsonl"
  [ "$status" -eq 2 ]
  [[ $stderr == *"shard 2/3 is missing"* ]]
  [ ! -e "$d/m.jsonl" ]
  run --separate-stderr "$UT" merge "$d/s1.jsonl" "$d/s2.jsonl" "$d/s3.jsonl" "$d/s3.jsonl" -o "$d/m.jsonl" --force
  [ "$status" -eq 2 ]
  [[ $stderr == *"shard 1/3 is missing"* ]]
  # whole: no shard in the merged run record
  run "$UT" merge "$d/s1.jsonl" "$d/s2.jsonl" "$d/s3.jsonl" -o "$d/m.jsonl"
  [ "$status" -eq 0 ]
  [ "$(head -n 1 "$d/m.jsonl" | pyjson '"shard" in d')" = False ]
}

@test "check: baseline entries whose vectors were not run are listed; a whole run then fails, a shard does not" {
  d=$BATS_TEST_TMPDIR b=$BATS_TEST_TMPDIR/b.json
  "$UT" run "${VS[@]}" --adapter-cmd "$FAKE" --output "$d/w.jsonl" --write-baseline "$b" --force 2>/dev/null
  n=$(pyjson 'len(d["entries"])' < "$b")
  [ "$n" -ge 3 ]
  "$UT" run "${VS[@]}" --adapter-cmd "$FAKE" --shard 1/3 --output "$d/s1.jsonl" 2>/dev/null || true
  run "$UT" check --baseline "$b" "$d/s1.jsonl"
  [ "$status" -eq 0 ]
  [[ $output == *"whose vectors were not run (a shard or filtered run)"* ]]
  [[ $output == *"  not run: "* ]]
  # a whole run without one of the failing vectors (its line gone, the
  # run record unchanged): the baseline does not hold
  id=$(pyjson 'd["entries"][0]["id"]' < "$b")
  grep -v "\"id\": \"$id\"" "$d/w.jsonl" > "$d/lost.jsonl"
  run "$UT" check --force --baseline "$b" "$d/lost.jsonl"
  [ "$status" -eq 1 ]
  [[ $output == *"1 entries whose vectors were not run (a whole run: the baseline does not hold)"* ]]
  [[ $output == *"  not run: $id "* ]]
  run "$UT" check --baseline "$b" "$d/w.jsonl"
  [ "$status" -eq 0 ]
}

@test "run --baseline: entries not run fail a whole run, and are listed for a filtered one" {
  d=$BATS_TEST_TMPDIR b=$BATS_TEST_TMPDIR/b.json
  "$UT" run "${VS[@]}" --adapter-cmd "$FAKE" --output /dev/null --write-baseline "$b" --force 2>/dev/null
  "$PY" -c "import json,sys; d=json.load(open(sys.argv[1])); d['entries'].append({'id': 'gone.1', 'class': 'CRASH', 'components': []}); json.dump(d, open(sys.argv[1],'w'))" "$b"
  run "$UT" run "${VS[@]}" --adapter-cmd "$FAKE" --output /dev/null --baseline "$b"
  [ "$status" -eq 1 ]
  [[ $output == *"  not run: gone.1 CRASH"* ]]
  run "$UT" run "${VS[@]}" --adapter-cmd "$FAKE" --output /dev/null --baseline "$b" --exclude-id nothing
  [ "$status" -eq 0 ]
  [[ $output == *"  not run: gone.1 CRASH"* ]]
}

@test "L8: --shard refuses negative numbers and says its limit; an empty shard names itself" {
  for bad in -4294967295/2 1/-4294967294 " 1/2" 1/10001 1/+2; do
    run --separate-stderr "$UT" run --vectors "$V/basic.json" --adapter-cmd "$FAKE" --shard "$bad" --output /dev/null
    [ "$status" -eq 2 ]
    [[ $stderr == *"--shard: I/N with 1 <= I <= N <= 10000"* ]]
  done
  run --separate-stderr "$UT" run --vectors "$V/basic.json" --adapter-cmd "$FAKE" --shard 7/20 --output /dev/null
  [ "$status" -eq 2 ]
  [[ $stderr == *"none passes the filters --shard 7/20"* ]]
}

# The shell lines of harness/README.md's merge job ("merge the shards" step).
readme_merge_step() {
  "$PY" - "$ROOT/harness/README.md" <<'PY'
import re, sys
text = open(sys.argv[1], encoding="utf-8").read()
m = re.search(r"- name: merge the shards[^\n]*\n\s*run: \|\n((?:[ \t]+\S[^\n]*\n)+)", text)
assert m, "harness/README.md has no 'merge the shards' step"
print("\n".join(l.strip() for l in m.group(1).splitlines()))
PY
}

@test "harness/README's sharded workflow: its merge job fails when a shard is missing, passes when all are there" {
  d=$BATS_TEST_TMPDIR/job
  mkdir -p "$d/ci"
  "$UT" run "${VS[@]}" --adapter-cmd "$FAKE" --output /dev/null --write-baseline "$d/ci/uritest-baseline.json" --force 2>/dev/null
  for i in 1 2 4; do
    "$UT" run "${VS[@]}" --adapter-cmd "$FAKE" --shard "$i/4" --output "$d/uritest-results-$i.jsonl" 2>/dev/null || true
  done
  readme_merge_step | sed "s|^ut=.*|ut='$UT'|" > "$d/step.sh"
  grep -q 'merge' "$d/step.sh"
  # GitHub runs a step with bash -e
  run bash -c "cd '$d' && GITHUB_STEP_SUMMARY=/dev/null bash -e step.sh"
  [ "$status" -ne 0 ]
  [[ $output == *"shard 3/4 is missing"* ]]
  "$UT" run "${VS[@]}" --adapter-cmd "$FAKE" --shard 3/4 --output "$d/uritest-results-3.jsonl" 2>/dev/null || true
  run bash -c "cd '$d' && GITHUB_STEP_SUMMARY=/dev/null bash -e step.sh"
  [ "$status" -eq 0 ]
}
