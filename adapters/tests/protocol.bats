#!/usr/bin/env bats
# The adapter protocol (adapters/PROTOCOL.md).  What every adapter is checked
# for (its registry entry, the hello, ids, malformed requests, octets,
# pipelining, flushing, random octets) is one row per check and adapter,
# generated from adapters/*/adapter.json (adapters/tests/each.bash; make
# test-adapters runs them with this folder).  This file checks the shared
# loops: js-common's serve, the C and Python loops' line reading, the example.

load helper
bats_require_minimum_version 1.5.0

@test "js-common serve: answers of async handlers are all written before it settles" {
  command -v node >/dev/null || skip "node missing"
  /usr/bin/python3 -c '
for i in range(20000): print("{\"id\":%d,\"op\":\"parse\",\"input\":\"a\"}" % i)' >"$BATS_TEST_TMPDIR/req"
  node adapters/tests/async-serve.js "$REPO/adapters/js-common/serve.js" \
    <"$BATS_TEST_TMPDIR/req" >"$BATS_TEST_TMPDIR/ans" 2>"$BATS_TEST_TMPDIR/err"
  [ "$(cat "$BATS_TEST_TMPDIR/err")" = "settled 20000" ]
  [ "$(wc -l <"$BATS_TEST_TMPDIR/ans")" -eq 20001 ]
  [ "$(tail -n 1 "$BATS_TEST_TMPDIR/ans" | cut -c1-12)" = '{"id":19999,' ]
}

@test "js-common serve: answers of async handlers that settle out of order are written in order" {
  command -v node >/dev/null || skip "node missing"
  /usr/bin/python3 -c '
for i in range(3000): print("{\"id\":%d,\"op\":\"parse\",\"input\":\"a\"}" % i)' >"$BATS_TEST_TMPDIR/req"
  node adapters/tests/async-serve.js "$REPO/adapters/js-common/serve.js" shuffled \
    <"$BATS_TEST_TMPDIR/req" >"$BATS_TEST_TMPDIR/ans" 2>"$BATS_TEST_TMPDIR/err"
  [ "$(cat "$BATS_TEST_TMPDIR/err")" = "settled 3000" ]
  tail -n +2 "$BATS_TEST_TMPDIR/ans" | /usr/bin/python3 -c '
import json, sys
ids = [json.loads(l)["id"] for l in sys.stdin]
assert ids == list(range(3000)), ids[:20]'
}

@test "js-common serve: input goes on being read while an async answer is owed" {
  command -v node >/dev/null || skip "node missing"
  # "release" comes in a later chunk than "hold", whose answer waits for it:
  # a loop that stopped reading until the answers owed were settled would
  # never read it
  out=$( { echo '{"id":1,"input":"hold"}'; sleep 0.3; echo '{"id":2,"input":"release"}'; } |
    timeout 10 node adapters/tests/async-serve.js "$REPO/adapters/js-common/serve.js" held 2>/dev/null | tail -n +2 | cut -c1-7 | tr '\n' ' ')
  [ "$out" = '{"id":1 {"id":2 ' ]
}

@test "the C adapters' loop (adapters/common/main.c) reads a 4 MB request line whole" {
  need reference
  /usr/bin/python3 -c '
import json
print(json.dumps({"id": 1, "op": "parse", "input": "http://h/" + "a" * (4 << 20)}))' >"$BATS_TEST_TMPDIR/long"
  $(adapter_cmd reference) <"$BATS_TEST_TMPDIR/long" | tail -n +2 >"$BATS_TEST_TMPDIR/ans"
  n=$(/usr/bin/python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))["components"]["path"]))' "$BATS_TEST_TMPDIR/ans")
  [ "$n" -eq $(( (4 << 20) + 1 )) ]
}

last_line() { # NAME: blank lines skipped, a last line without LF answered
  need "$1"
  output=$(printf '\n  \n{"id": 1, "input": "a"}\n\n{"id": 2, "input": "b"}' | $(adapter_cmd "$1") | tail -n +2)
  [ "$(printf '%s\n' "$output" | wc -l)" -eq 2 ]
  [ "$(jget "$(nth 1)" 'j["id"]')" = 1 ]
  [ "$(jget "$(nth 2)" 'j["id"]')" = 2 ]
}
@test "the C adapters' loop: blank lines skipped, a last line without LF answered" { last_line reference; }
@test "pyadapter's loop: blank lines skipped, a last line without LF answered" { last_line python-urllib; }

@test "the example adapter (adapters/example/adapter.py) speaks the protocol" {
  out=$(printf '%s\n' '{"id": 1, "op": "parse", "input": "http://h/a?q"}' \
    '{"id": "x", "op": "resolve", "base": "http://h/", "input": "g"}' | adapters/example/adapter.py)
  [ "$(jget "$(sed -n 1p <<<"$out")" 'j["adapter"]')" = '"example-urllib"' ]
  [ "$(jget "$(sed -n 2p <<<"$out")" 'j["components"]["authority"]')" = '"h"' ]
  [ "$(jget "$(sed -n 3p <<<"$out")" '[j["id"], "unsupported" in j]')" = '["x", true]' ]
}

# The library alone (adapters/tests/overhead.sh): URITEST_LOOP=FILE makes
# the shared loops call each request's handler, with no protocol, and print
# one line {"adapter", "requests", "seconds", "cpu"}.
loop_requests() {
  printf '%s\n' '{"id": 1, "op": "parse", "input": "a"}' '{"id": 2, "op": "parse", "input": "b"}' \
    '' '{"id": 3, "op": "parse", "input": "c"}' >"$BATS_TEST_TMPDIR/req"
}
loop_line() { # the loop's line: one line, 3 requests, times that are numbers
  [ "$(printf '%s\n' "$output" | wc -l)" -eq 1 ]
  [ "$(jget "$output" '[j["adapter"], j["requests"], j["seconds"] >= 0, j["cpu"] >= 0]')" = '["loop-fake", 3, true, true]' ]
  [ "$stderr" = "called a b c" ]
}

@test "js-common serve: URITEST_LOOP calls each handler alone and prints the loop's times" {
  command -v node >/dev/null || skip "node missing"
  loop_requests
  run --separate-stderr env URITEST_LOOP="$BATS_TEST_TMPDIR/req" node -e '
const { serve } = require(process.argv[1]);
const seen = [];
serve({ adapter: "loop-fake", library: "fake", spec: "rfc3986" },
  { parse: (req, f) => { seen.push(f.input); return { valid: true } } })
  .then(() => process.stderr.write("called " + seen.join(" ")));' "$REPO/adapters/js-common/serve.js" </dev/null
  [ "$status" -eq 0 ]
  loop_line
}

@test "pyadapter: URITEST_LOOP calls each handler alone and prints the loop's times" {
  loop_requests
  run --separate-stderr env URITEST_LOOP="$BATS_TEST_TMPDIR/req" /usr/bin/python3 -c '
import sys
sys.path.insert(0, sys.argv[1])
import pyadapter
seen = []
def parse(req):
    seen.append(req.text("input"))
    return {"valid": True}
rc = pyadapter.serve("loop-fake", "fake", "rfc3986", {"parse": parse})
sys.stderr.write("called " + " ".join(seen))
sys.exit(rc)' "$REPO/adapters/common" </dev/null
  [ "$status" -eq 0 ]
  loop_line
}
