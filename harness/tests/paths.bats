#!/usr/bin/env bats
# Paths: an empty path is refused; only regular files are read (a FIFO, a
# device or /dev/stdin is refused or skipped with a word, never waited on);
# writers never write through a symbolic link they did not make.
load helper

T() { echo "$BATS_TEST_TMPDIR"; }

@test "M7: report --output-dir '' is refused, nothing written" {
  "$UT" run --vectors "$V/basic.json" --adapter reference --output "$(T)/r.jsonl" --no-progress 2>/dev/null
  run --separate-stderr "$UT" report --quiet --output-dir '' "$(T)/r.jsonl"
  [ "$status" -eq 2 ]
  [[ $stderr == *"--output-dir: empty"* ]]
}

@test "M4: report skips a vector file named by the results that is a FIFO or /dev/stdin, with a word" {
  "$UT" run --vectors "$V/basic.json" --adapter reference --output "$(T)/r.jsonl" --no-progress 2>/dev/null
  mkfifo "$(T)/fifo.json"
  sed "s|\"file\": \"[^\"]*\"|\"file\": \"$(T)/fifo.json\"|" "$(T)/r.jsonl" > "$(T)/rf.jsonl"
  run --separate-stderr timeout 10 "$UT" report --quiet --output-dir "$(T)/rep" "$(T)/rf.jsonl"
  [ "$status" -eq 0 ]
  [[ $stderr == *"fifo.json: vector file skipped: not a regular file"* ]]
  [ -s "$(T)/rep/summary.md" ]
  sed 's|"file": "[^"]*"|"file": "/dev/stdin"|' "$(T)/r.jsonl" > "$(T)/rs.jsonl"
  # standard input a FIFO this shell holds open for writing, never
  # written: a reader of /dev/stdin would wait for the timeout
  mkfifo "$(T)/hold"
  exec 7<>"$(T)/hold"
  run --separate-stderr timeout 10 "$UT" report --quiet --output-dir "$(T)/rep2" "$(T)/rs.jsonl" < "$(T)/hold"
  exec 7>&-
  [ "$status" -eq 0 ]
  [[ $stderr == *"/dev/stdin: vector file skipped: not a regular file"* ]]
}

@test "L10: merge, --resume, a registry's adapter.json and fuzz --out refuse a FIFO at once" {
  mkfifo "$(T)/fifo.jsonl"
  run --separate-stderr timeout 10 "$UT" merge "$(T)/fifo.jsonl" -o "$(T)/m.jsonl"
  [ "$status" -eq 2 ]
  [[ $stderr == *"fifo.jsonl: cannot read: not a regular file"* ]]
  run --separate-stderr timeout 10 "$UT" run --vectors "$V/basic.json" --adapter reference \
    --resume "$(T)/fifo.jsonl" --no-progress
  [ "$status" -eq 2 ]
  [[ $stderr == *"fifo.jsonl: not a regular file"* ]]
  fake_root
  mkdir -p "$R/adapters/ff"
  mkfifo "$R/adapters/ff/adapter.json"
  run --separate-stderr timeout 10 "$UT" adapters
  [ "$status" -ne 124 ]
  [[ $stderr == *"ff/adapter.json"*"not a regular file"* ]]
  mkdir "$(T)/out"
  mkfifo "$(T)/out/fake.json"
  run --separate-stderr timeout 30 "$UT" fuzz --adapter-cmd "$FAKE" --seconds 1 \
    --vectors "$V/basic.json" --out "$(T)/out"
  [ "$status" -eq 2 ]
  [[ $stderr == *"fake.json"*"not a regular file"* ]]
}

@test "L16: pairs --output, the run's pair matrix and diff --output never write through a symbolic link" {
  echo keep > "$(T)/target"
  printf 'http://a/\n' > "$(T)/in.txt"
  ln -s "$(T)/target" "$(T)/pl"
  "$UT" pairs --adapter reference --adapter reference-fast --output "$(T)/pl" "$(T)/in.txt" > /dev/null
  [ "$(cat "$(T)/target")" = keep ]
  [ ! -L "$(T)/pl" ]
  pyjson 'd["pairs"] is not None' < "$(T)/pl"
  mkdir "$(T)/run"
  ln -s "$(T)/target" "$(T)/run/r.pairs.json"
  "$UT" run --vectors "$V/basic.json" --adapter reference --adapter reference-fast \
    --output "$(T)/run/r.jsonl" --no-progress 2>/dev/null
  [ "$(cat "$(T)/target")" = keep ]
  [ ! -L "$(T)/run/r.pairs.json" ]
  ln -s "$(T)/target" "$(T)/dl"
  run --separate-stderr "$UT" diff --adapter reference --output "$(T)/dl" "$(T)/in.txt"
  [ "$status" -eq 2 ]
  [[ $stderr == *"dl: cannot write: a symbolic link"* ]]
  [ "$(cat "$(T)/target")" = keep ]
}

@test "L17: a pair matrix that cannot be written says why and leaves the old one" {
  printf 'http://a/\n' > "$(T)/in.txt"
  run --separate-stderr "$UT" pairs --adapter reference --adapter reference-fast --output /dev/full "$(T)/in.txt"
  [ "$status" -eq 2 ]
  [[ $stderr == *"/dev/full: cannot write: No space left on device"* ]]
  # a folder that takes no new file: the old matrix stays whole
  mkdir "$(T)/ro"
  echo '{"old": true}' > "$(T)/ro/m.json"
  chmod a-w "$(T)/ro"
  if [ "$(id -u)" -ne 0 ]; then
    run --separate-stderr "$UT" pairs --adapter reference --adapter reference-fast --output "$(T)/ro/m.json" "$(T)/in.txt"
    [ "$status" -eq 2 ]
    [[ $stderr == *"m.json: cannot write: Permission denied"* ]]
    [ "$(cat "$(T)/ro/m.json")" = '{"old": true}' ]
  fi
  chmod u+w "$(T)/ro"
}

@test "measured: L20: loading 40,000 vector files takes time linear in files" {
  mkdir "$(T)/many"
  "$PY" - "$(T)/many" <<'PY'
import json, os, sys
for i in range(40000):
    with open(os.path.join(sys.argv[1], "f%05d.json" % i), "w") as f:
        json.dump({"schema": "uritest-vectors/1", "version": "1.0.0", "spec": "rfc3986",
                   "groups": [{"op": "parse", "tests": [{"id": "m.%d" % i, "input": "http://h/%d" % i,
                                                         "expect": "accept"}]}]}, f)
PY
  /usr/bin/time -f '%U' -o "$(T)/cpu" "$UT" list files --vectors "$(T)/many" > "$(T)/files"
  [ "$(wc -l < "$(T)/files")" -eq 40000 ]
  echo "user CPU $(cat "$(T)/cpu") s"
  # a comparison of every file with every earlier one: about 3 s of CPU
  # here; a map of real paths: 0.3 s.  Under ASan the figure says nothing
  # (make test-harness checks it on the main build).
  [ -z "${ASAN_OPTIONS:-}" ] || return 0
  "$PY" -c 'import sys; sys.exit(float(open(sys.argv[1]).read().split()[-1]) >= 1.5)' "$(T)/cpu"
}
