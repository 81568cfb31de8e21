#!/usr/bin/env bats
# Exit codes that cannot lie (issue 18 item 1): a run that tests nothing,
# an adapter that never starts, a baseline recorded from a broken adapter.
load helper

ut() { run --separate-stderr "$UT" run --output "$(OUT)" "$@"; }

@test "zero vectors selected: exit 2 naming the filters, nothing run" {
  ut --vectors "$V/basic.json" --adapter-cmd "$FAKE" --tag nosuchtag --op resolve
  [ "$status" -eq 2 ]
  [[ $stderr == *"no vector selected: 11 loaded, none passes the filters --tag nosuchtag --op resolve"* ]]
  [ ! -s "$(OUT)" ]
  # "!optional" reads like an exclusion: the message says how to exclude
  ut --vectors "$V/basic.json" --adapter-cmd "$FAKE" --tag '!optional'
  [ "$status" -eq 2 ]
  [[ $stderr == *"--tag !optional"* ]]
  [[ $stderr == *"--exclude-tag"* ]]
}

@test "an empty --vectors folder: exit 2 naming it" {
  mkdir "$BATS_TEST_TMPDIR/empty"
  ut --vectors "$BATS_TEST_TMPDIR/empty" --adapter-cmd "$FAKE"
  [ "$status" -eq 2 ]
  [[ $stderr == *"no vectors found in:"*"$BATS_TEST_TMPDIR/empty"* ]]
}

@test "an adapter that cannot start, alone: one message, exit 2, whatever the format" {
  for fmt in text tap junit json; do
    ut --vectors "$V/basic.json" --adapter-cmd "$BATS_TEST_TMPDIR/nope" --format "$fmt"
    [ "$status" -eq 2 ]
    [ "$output" = "" ]
    [ "$(grep -c '^uritest:' <<< "$stderr")" -eq 2 ]
    [[ $stderr == *"adapter $BATS_TEST_TMPDIR/nope: cannot start: command not found"* ]]
  done
  # two that cannot start: still exit 2
  ut --vectors "$V/basic.json" --adapter-cmd "$FAKE --die" --adapter-cmd "$FAKE --silent" --hello-timeout 0.3
  [ "$status" -eq 2 ]
  [[ $stderr == *"no adapter started"* ]]
}

@test "an adapter that cannot start beside one that runs: its requests recorded, exit 1" {
  ut --vectors "$V/basic.json" --adapter-cmd "$FAKE --die" --adapter-cmd "$FAKE --name ok"
  [ "$status" -eq 1 ]
  n=$(pylines "$(OUT)" "len([x for x in r if x['record'] == 'result' and x['class'] == 'CRASH'])")
  [ "$n" -eq 11 ]
}

@test "--write-baseline refuses an adapter that never answered (exit 2, nothing written) unless --force" {
  b=$BATS_TEST_TMPDIR/b.json
  # started (hello), then crashes on every request
  sed 's/"input": "/"input": "CRASH/' "$V/markers.json" > "$BATS_TEST_TMPDIR/allcrash.json"
  ut --vectors "$BATS_TEST_TMPDIR/allcrash.json" --adapter-cmd "$FAKE" --write-baseline "$b"
  [ "$status" -eq 2 ]
  [[ $stderr == *"--write-baseline: adapter fake never answered"*"--force writes it anyway"* ]]
  [ ! -e "$b" ]
  # beside an adapter that cannot start at all
  ut --vectors "$V/basic.json" --adapter-cmd "$FAKE --die" --adapter-cmd "$FAKE --name ok" \
    --write-baseline "$BATS_TEST_TMPDIR/b-{adapter}.json"
  [ "$status" -eq 2 ]
  [ ! -e "$BATS_TEST_TMPDIR/b-ok.json" ]
  ut --vectors "$BATS_TEST_TMPDIR/allcrash.json" --adapter-cmd "$FAKE" --write-baseline "$b" --force
  [ "$status" -eq 0 ]
  [ "$(pyjson 'len(d["entries"])' < "$b")" = 5 ]
}

@test "--write-baseline refuses more than 5% CRASH, TIMEOUT or PROTOCOL_ERROR; 5% or less is written" {
  b=$BATS_TEST_TMPDIR/b.json
  # 1 crash in 20 requests: 5%, written
  "$PY" - "$BATS_TEST_TMPDIR" <<'PY'
import json, sys
d = sys.argv[1]
def write(name, bad):
    tests = [{"id": "p.%02d" % i, "input": ("http://a/GARBAGE%d" if i < bad else "http://a/%d") % i,
              "expect": "accept"} for i in range(20)]
    json.dump({"schema": "uritest-vectors/1", "version": "1.0.0", "spec": "rfc3986",
               "groups": [{"op": "parse", "tests": tests}]}, open("%s/%s" % (d, name), "w"))
write("one.json", 1)
write("two.json", 2)
PY
  ut --vectors "$BATS_TEST_TMPDIR/one.json" --adapter-cmd "$FAKE" --write-baseline "$b"
  [ "$status" -eq 0 ]
  [ "$(pyjson '[e["class"] for e in d["entries"]]' < "$b")" = "['PROTOCOL_ERROR']" ]
  rm "$b"
  ut --vectors "$BATS_TEST_TMPDIR/two.json" --adapter-cmd "$FAKE" --write-baseline "$b"
  [ "$status" -eq 2 ]
  [[ $stderr == *"adapter fake: 2 of 20 results (10.0%) are CRASH, TIMEOUT or PROTOCOL_ERROR, more than 5%"* ]]
  [ ! -e "$b" ]
  ut --vectors "$BATS_TEST_TMPDIR/two.json" --adapter-cmd "$FAKE" --write-baseline "$b" --force
  [ "$status" -eq 0 ]
  [ -s "$b" ]
}

@test "a message on standard error stays one line: controls from names and arguments as \\xNN" {
  ut --vectors "$V/basic.json" --adapter $'no\033[31mpe\nx'
  [ "$status" -eq 2 ]
  [[ $stderr == *'unknown adapter "no\x1b[31mpe\x0ax"'* ]]
  [ "$(printf '%s' "$stderr" | tr -d '\n' | LC_ALL=C grep -c $'\033')" -eq 0 ]
  [ "$(printf '%s\n' "$stderr" | grep -c 'unknown adapter')" -eq 1 ]
}
