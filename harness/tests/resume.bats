#!/usr/bin/env bats
# uritest run --resume FILE: an interrupted run finished by a second one,
# which keeps what the first recorded and ends as one run would have.
load helper

setup() {
  # 200 tests: a failure (EVIL) early, a hang (HANG) in the middle
  "$PY" - "$BATS_TEST_TMPDIR/v.json" <<'PY'
import json, sys
tests = []
for i in range(200):
    word = "EVIL" if i == 10 else "HANG" if i == 100 else "p%d" % i
    tests.append({"id": "r.%03d" % i, "input": "http://h%d/%s" % (i, word), "expect": "accept",
                  "components": {"host": "h%d" % i}})
json.dump({"schema": "uritest-vectors/1", "version": "1.0.0", "spec": "rfc3986",
           "groups": [{"op": "parse", "tests": tests}]}, open(sys.argv[1], "w"), indent=1)
PY
  VJ=$BATS_TEST_TMPDIR/v.json
  T=$BATS_TEST_TMPDIR
}

# interrupted FILE: a run stopped by SIGTERM while the adapter hangs on r.100
interrupted() {
  "$UT" run --vectors "$VJ" --adapter-cmd "$FAKE" --output "$1" --timeout 60 --no-progress \
    > /dev/null 2>&1 &
  local pid=$!
  for i in $(seq 100); do
    grep -q '"r.099"' "$1" 2>/dev/null && break
    sleep 0.1
  done
  kill -TERM $pid
  local st=0; wait $pid || st=$?
  [ "$st" -eq 143 ]
  tail -n 1 "$1" | grep -q '"interrupted": true'
}
results() { grep '"record": "result"' "$1" | sort; }
summary() { grep '"record": "summary"' "$1"; }

@test "--resume: an interrupted run resumed in place ends as one run would (results, summary, exit, json)" {
  run --separate-stderr "$UT" run --vectors "$VJ" --adapter-cmd "$FAKE" --output "$T/full.jsonl" \
    --timeout 1.5 --format json --no-progress
  [ "$status" -eq 1 ]
  echo "$output" > "$T/full.json"
  interrupted "$T/part.jsonl"
  before=$(grep -c '"record": "result"' "$T/part.jsonl")
  [ "$before" -ge 100 ] && [ "$before" -lt 200 ]
  run --separate-stderr "$UT" run --vectors "$VJ" --adapter-cmd "$FAKE" --resume "$T/part.jsonl" \
    --timeout 1.5 --format json --no-progress
  [ "$status" -eq 1 ]
  echo "$output" > "$T/res.json"
  # one run record, one summary (the interrupted one is gone), every result once
  [ "$(grep -c '"record": "run"' "$T/part.jsonl")" -eq 1 ]
  [ "$(summary "$T/part.jsonl")" = "$(summary "$T/full.jsonl")" ]
  diff <(results "$T/full.jsonl") <(results "$T/part.jsonl")
  # --format json: the same counts and classes; a recorded PASS has no "got"
  "$PY" - "$T/full.json" "$T/res.json" <<'PY'
import json, sys
a, b = (json.load(open(f)) for f in sys.argv[1:])
assert a["adapters"] == b["adapters"] and a["passed"] == b["passed"] == 198, (a["adapters"], b["adapters"])
assert a["failed"] == b["failed"] == 2
strip = lambda r: sorted(json.dumps({k: v for k, v in x.items() if k != "got"}, sort_keys=True) for x in r)
assert strip(a["results"]) == strip(b["results"])
assert len(b["results"]) == 200
PY
}

@test "--resume with --output: the earlier results copied, the earlier file left alone; tap covers the whole set" {
  interrupted "$T/part.jsonl"
  cp "$T/part.jsonl" "$T/part.orig"
  run --separate-stderr "$UT" run --vectors "$VJ" --adapter-cmd "$FAKE" --resume "$T/part.jsonl" \
    --output "$T/new.jsonl" --timeout 1.5 --format tap --no-progress
  [ "$status" -eq 1 ]
  cmp "$T/part.jsonl" "$T/part.orig"
  grep -qx '1\.\.200' <<< "$output"
  [ "$(grep -c '^ok ' <<< "$output")" -eq 198 ]
  [[ $output == *"not ok "*"r.010 # COMPONENT_MISMATCH host"* ]]
  [[ $output == *"not ok "*"r.100 # TIMEOUT"* ]]
  [ "$(grep -c '"record": "result"' "$T/new.jsonl")" -eq 200 ]
  [ "$(grep -c '"record": "run"' "$T/new.jsonl")" -eq 1 ]
  tail -n 1 "$T/new.jsonl" | grep -q '"passed": 198, "failed": 2,'
}

@test "--resume of a run killed mid-line: the half line is dropped and its request run again" {
  interrupted "$T/part.jsonl"
  grep -v '"record": "summary"' "$T/part.jsonl" > "$T/cut.jsonl"
  printf '{"record": "result", "adapter": "fake", "id": "r.1' >> "$T/cut.jsonl"
  run --separate-stderr "$UT" run --vectors "$VJ" --adapter-cmd "$FAKE" --resume "$T/cut.jsonl" \
    --timeout 1.5 --no-progress
  [ "$status" -eq 1 ]
  [ "${lines[-1]}" = "198 passed, 2 failed" ]
  [ "$(grep -c '"record": "result"' "$T/cut.jsonl")" -eq 200 ]
  "$PY" -c "import json,sys; [json.loads(l) for l in open(sys.argv[1])]" "$T/cut.jsonl"
}

@test "--resume of a finished run sends nothing and says the same" {
  run "$UT" run --vectors "$VJ" --adapter-cmd "$FAKE" --output "$T/full.jsonl" --timeout 1.5 --no-progress
  [ "$status" -eq 1 ]
  first=$output
  SECONDS=0
  run "$UT" run --vectors "$VJ" --adapter-cmd "$FAKE" --resume "$T/full.jsonl" --timeout 1.5 --no-progress
  [ "$status" -eq 1 ]
  [ "$output" = "$first" ]
  [ "$(grep -c '"record": "result"' "$T/full.jsonl")" -eq 200 ]
}

@test "--resume: results of other vectors, another vectors version or another adapter are an error (exit 2)" {
  interrupted "$T/part.jsonl"
  # another vectors version in the run record
  sed '1s/"vectors_version": "[^"]*"/"vectors_version": "0.0.1"/' "$T/part.jsonl" > "$T/ver.jsonl"
  run --separate-stderr "$UT" run --vectors "$VJ" --adapter-cmd "$FAKE" --resume "$T/ver.jsonl" --no-progress
  [ "$status" -eq 2 ]
  [[ $stderr == *"ver.jsonl: results of vectors version 0.0.1; these vectors are "* ]]
  # other vectors: the ids are not there
  run --separate-stderr "$UT" run --vectors "$V/basic.json" --adapter-cmd "$FAKE" --resume "$T/part.jsonl" --no-progress
  [ "$status" -eq 2 ]
  [[ $stderr == *"part.jsonl:2: result r.000: no such test in these vectors"* ]]
  # the same ids in another version of the file
  sed 's/"version": "1.0.0"/"version": "1.1.0"/' "$VJ" > "$T/v2.json"
  run --separate-stderr "$UT" run --vectors "$T/v2.json" --adapter-cmd "$FAKE" --resume "$T/part.jsonl" --no-progress
  [ "$status" -eq 2 ]
  [[ $stderr == *"result r.000: of "*"v.json version 1.0.0; these vectors have it in "*"v2.json version 1.1.0"* ]]
  # another adapter, another library version
  run --separate-stderr "$UT" run --vectors "$VJ" --adapter-cmd "$FAKE --name other" --resume "$T/part.jsonl" --no-progress
  [ "$status" -eq 2 ]
  [[ $stderr == *"a result of adapter fake, which is not in this run"* ]]
  run --separate-stderr "$UT" run --vectors "$VJ" --adapter-cmd "$FAKE --version 9" --resume "$T/part.jsonl" --no-progress
  [ "$status" -eq 2 ]
  [[ $stderr == *"results of fake fakelib 1.2.3; this run has fakelib 9"* ]]
  # not a results file; a missing file; a diff results file
  run --separate-stderr "$UT" run --vectors "$VJ" --adapter-cmd "$FAKE" --resume "$VJ" --no-progress
  [ "$status" -eq 2 ]
  [[ $stderr == *"not a results file of uritest run"* ]]
  run --separate-stderr "$UT" run --vectors "$VJ" --adapter-cmd "$FAKE" --resume "$T/none.jsonl" --no-progress
  [ "$status" -eq 2 ]
  printf 'http://a/\n' | "$UT" diff --adapter-cmd "$FAKE" --output "$T/diff.jsonl" - > /dev/null || true
  run --separate-stderr "$UT" run --vectors "$VJ" --adapter-cmd "$FAKE" --resume "$T/diff.jsonl" --no-progress
  [ "$status" -eq 2 ]
  [[ $stderr == *"results of uritest diff, not of uritest run"* ]]
  # none of these touched the file
  tail -n 1 "$T/part.jsonl" | grep -q '"interrupted": true'
  run "$UT" diff --resume "$T/part.jsonl" -
  [ "$status" -eq 2 ]
}

@test "--resume reads UNSUPPORTED results in both shapes: compact (this uritest) and with expected and got (earlier)" {
  # every result UNSUPPORTED: nothing tested, exit 2, the results written
  run "$UT" run --vectors "$VJ" --adapter-cmd "$FAKE --ops resolve" --output "$T/full.jsonl" --no-progress
  [ "$status" -eq 2 ]
  # the run record and 60 results, every other one in the earlier shape
  "$PY" - "$T/full.jsonl" "$T/part.jsonl" <<'PY'
import json, sys
lines = open(sys.argv[1]).read().splitlines()
out = [lines[0]]
for i, line in enumerate(lines[1:61]):
    o = json.loads(line)
    assert o["class"] == "UNSUPPORTED" and "expected" not in o and "components" not in o, o
    if i % 2:
        o.update({"components": [], "mismatches": [], "security_relevant": False, "severity": None,
                  "not_compared": 0, "expected": {"expect": "accept", "input": "http://h/"}, "got": None})
    out.append(json.dumps(o))
open(sys.argv[2], "w").write("\n".join(out) + "\n")
PY
  run "$UT" run --vectors "$VJ" --adapter-cmd "$FAKE --ops resolve" --resume "$T/part.jsonl" --no-progress
  [ "$status" -eq 2 ]
  [[ $output == *"200 unsupported"* ]]
  [ "$(summary "$T/part.jsonl")" = "$(summary "$T/full.jsonl")" ]
  [ "$(grep -c '"expected"' "$T/part.jsonl")" -eq 30 ]
}

@test "--resume: an empty file, a missing one, a complete line that is not JSON: exit 2, said, the file untouched" {
  : > "$T/empty.jsonl"
  run --separate-stderr "$UT" run --vectors "$VJ" --adapter-cmd "$FAKE" --resume "$T/empty.jsonl" --no-progress
  [ "$status" -eq 2 ]
  [[ $stderr == *"--resume $T/empty.jsonl: empty, not a results file of uritest run"* ]]
  run --separate-stderr "$UT" run --vectors "$VJ" --adapter-cmd "$FAKE" --resume "$T/none.jsonl" --no-progress
  [ "$status" -eq 2 ]
  [[ $stderr == *"$T/none.jsonl: cannot read: No such file or directory"* ]]
  interrupted "$T/part.jsonl"
  { head -n 3 "$T/part.jsonl"; echo 'not json'; tail -n +4 "$T/part.jsonl"; } > "$T/bad.jsonl"
  cp "$T/bad.jsonl" "$T/bad.before"
  run --separate-stderr "$UT" run --vectors "$VJ" --adapter-cmd "$FAKE" --resume "$T/bad.jsonl" --no-progress
  [ "$status" -eq 2 ]
  [[ $stderr == *"--resume $T/bad.jsonl:4: not a results file of uritest run (a line that is not a JSON object)"* ]]
  cmp "$T/bad.jsonl" "$T/bad.before"
}
