#!/usr/bin/env bats
# One writer per output: a run, a resume and a report claim what they write
# (an exclusive flock) and a second uritest on the same file or folder is
# exit 2 "in use by another uritest"; a run that fails leaves no earlier
# results behind as its own.
load helper

T() { echo "$BATS_TEST_TMPDIR"; }

# slow_vectors FILE: 40 vectors, the 3rd hangs the fake adapter
slow_vectors() {
  "$PY" - "$1" <<'PY'
import json, sys
tests = [{"id": "s.%d" % i, "input": "http://h/%s%d" % ("HANG" if i == 2 else "p", i),
          "expect": "accept"} for i in range(40)]
json.dump({"schema": "uritest-vectors/1", "version": "1.0.0", "spec": "rfc3986",
           "groups": [{"op": "parse", "tests": tests}]}, open(sys.argv[1], "w"))
PY
}

# wait_for FILE PATTERN: until FILE holds PATTERN (10 s at most)
wait_for() {
  for _ in $(seq 100); do grep -q "$2" "$1" 2>/dev/null && return 0; sleep 0.1; done
  return 1
}

@test "two runs on one results file: the second is exit 2 'in use', the first ends whole" {
  slow_vectors "$(T)/v.json"
  "$UT" run --vectors "$(T)/v.json" --adapter-cmd "$FAKE" --output "$(T)/r.jsonl" \
    --timeout 2 --no-progress > "$(T)/a.out" 2> "$(T)/a.err" &
  local a=$!
  wait_for "$(T)/r.jsonl" '"s.1"'
  run --separate-stderr "$UT" run --vectors "$V/basic.json" --adapter reference \
    --output "$(T)/r.jsonl" --no-progress
  [ "$status" -eq 2 ]
  [[ $stderr == *"r.jsonl: in use by another uritest"* ]]
  local st=0; wait $a || st=$?
  [ "$st" -eq 1 ] # the TIMEOUT
  [[ $(cat "$(T)/a.err") == *"40 results written"* ]]
  [ "$(grep -c '"record": "result"' "$(T)/r.jsonl")" -eq 40 ]
  [ "$(grep -c '"record": "summary"' "$(T)/r.jsonl")" -eq 1 ]
  pylines "$(T)/r.jsonl" 'len(r)' > /dev/null # every line whole
}

@test "a resume in place while another resumes the same file: exit 2 'in use'" {
  slow_vectors "$(T)/v.json"
  "$UT" run --vectors "$(T)/v.json" --adapter-cmd "$FAKE" --output "$(T)/r.jsonl" \
    --timeout 30 --no-progress > /dev/null 2>&1 &
  local a=$!
  wait_for "$(T)/r.jsonl" '"s.1"'
  run --separate-stderr "$UT" run --vectors "$(T)/v.json" --adapter-cmd "$FAKE" \
    --resume "$(T)/r.jsonl" --no-progress
  [ "$status" -eq 2 ]
  [[ $stderr == *"r.jsonl: in use by another uritest"* ]]
  kill -TERM $a
  wait $a || true
  [ "$(grep -c '"record": "run"' "$(T)/r.jsonl")" -eq 1 ]
}

@test "a report into a folder another report holds: exit 2 'in use', nothing written" {
  "$UT" run --vectors "$V/basic.json" --adapter reference --output "$(T)/r.jsonl" --no-progress
  mkdir -p "$(T)/rep"
  # the lock a report takes, held by another process
  "$PY" -c 'import fcntl, os, sys, time
fd = os.open(sys.argv[1], os.O_RDWR | os.O_CREAT)
fcntl.flock(fd, fcntl.LOCK_EX)
open(sys.argv[2], "w").close()
time.sleep(30)' "$(T)/rep/.uritest.lock" "$(T)/held" &
  local holder=$!
  for _ in $(seq 100); do [ -e "$(T)/held" ] && break; sleep 0.1; done
  run --separate-stderr "$UT" report --quiet --output-dir "$(T)/rep" "$(T)/r.jsonl"
  kill $holder; wait $holder || true
  [ "$status" -eq 2 ]
  [[ $stderr == *"in use by another uritest"* ]]
  [ ! -e "$(T)/rep/index.html" ]
  run "$UT" report --quiet --output-dir "$(T)/rep" "$(T)/r.jsonl"
  [ "$status" -eq 0 ]
  [ -s "$(T)/rep/index.html" ]
}

@test "a run that fails before its first result leaves no earlier results behind" {
  "$UT" run --vectors "$V/basic.json" --adapter reference --output "$(T)/r.jsonl" --no-progress
  [ -s "$(T)/r.jsonl" ]
  run "$UT" run --adapter-cmd 'exit 3' --vectors "$V/basic.json" --output "$(T)/r.jsonl" --no-progress
  [ "$status" -eq 2 ]
  [ ! -s "$(T)/r.jsonl" ]
  run "$UT" run --vectors "$(T)/none.json" --adapter reference --output "$(T)/r.jsonl" --no-progress
  [ "$status" -eq 2 ]
  [ ! -s "$(T)/r.jsonl" ]
}

@test "a results file that is a symbolic link is refused, its target untouched" {
  echo keep > "$(T)/target"
  ln -s "$(T)/target" "$(T)/link.jsonl"
  run --separate-stderr "$UT" run --vectors "$V/basic.json" --adapter reference --output "$(T)/link.jsonl" --no-progress
  [ "$status" -eq 2 ]
  [[ $stderr == *"link.jsonl: cannot write: a symbolic link"* ]]
  [ "$(cat "$(T)/target")" = keep ]
}
