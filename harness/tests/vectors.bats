#!/usr/bin/env bats
# The vector loader: malformed files and bad tests are input errors (exit 2)
# named by file:line:column, or by test id and field.
load helper

bad() {
  run --separate-stderr "$UT" run --vectors "$BAD/$1" --adapter-cmd "$FAKE" --output "$(OUT)"
  [ "$status" -eq 2 ]
  [ -z "$output" ]
}

@test "truncated JSON: file:line:column" {
  bad truncated.json
  [[ $stderr == *"harness/tests/bad-vectors/truncated.json:3:28: "* ]]
}

@test "a field of the wrong type: test id and field" {
  bad wrong-type.json
  [[ $stderr == *"wrong-type.json: test bad.wrong-type: field input: must be a string, not an integer"* ]]
}

@test "duplicate ids: the id, and where else it is" {
  bad duplicate-id.json
  [[ $stderr == *"test bad.dup: field id: duplicate id"* ]]
}

@test "duplicate ids across two files" {
  printf '{"schema": "uritest-vectors/1", "version": "1.0.0", "spec": "rfc3986", "groups": [{"op": "parse", "tests": [{"id": "h.basic.full", "input": "a", "expect": "accept"}]}]}' > "$BATS_TEST_TMPDIR/dup.json"
  run --separate-stderr "$UT" run --vectors "$V/basic.json" --vectors "$BATS_TEST_TMPDIR/dup.json" --adapter-cmd "$FAKE"
  [ "$status" -eq 2 ]
  [[ $stderr == *"dup.json: test h.basic.full: field id: duplicate id (also in "*"basic.json)"* ]]
}

@test "unknown op: the group and field" {
  bad unknown-op.json
  [[ $stderr == *'groups[0]: field op: unknown op "frobnicate"'* ]]
}

@test "invalid input_hex" {
  bad bad-hex.json
  [[ $stderr == *"test bad.hex: field input_hex: must be an even number of hex digits"* ]]
}

@test "unknown expect, missing groups, unknown component" {
  bad bad-expect.json
  [[ $stderr == *"test bad.expect: field expect: must be accept, reject or implementation-defined"* ]]
  bad no-groups.json
  [[ $stderr == *"field groups: missing"* ]]
  bad unknown-component.json
  [[ $stderr == *"field components.hostname: unknown component"* ]]
}

@test "more malformed files: not an object, wrong schema, duplicate keys, missing id, empty file" {
  t=$BATS_TEST_TMPDIR
  echo '[1, 2]' > "$t/array.json"
  echo '{"schema": "uritest-vectors/9", "version": "1.0.0", "spec": "rfc3986", "groups": []}' > "$t/schema.json"
  printf '{"schema": "uritest-vectors/1",\n "schema": "x"}' > "$t/dupkey.json"
  echo '{"schema": "uritest-vectors/1", "version": "1.0.0", "spec": "rfc3986", "groups": [{"op": "parse", "tests": [{"input": "a", "expect": "accept"}]}]}' > "$t/noid.json"
  echo '{"schema": "uritest-vectors/1", "version": "1.0.0", "spec": "rfc3986", "groups": [{"op": "resolve", "tests": [{"id": "r", "input": "a", "expect": "accept", "base": "http://a/"}]}]}' > "$t/notarget.json"
  echo '{"schema": "uritest-vectors/1", "version": "1.0.0", "spec": "whatwg", "groups": [{"op": "resolve", "tests": []}]}' > "$t/whatwgop.json"
  echo '{"schema": "uritest-vectors/1", "version": "1.0.0", "spec": "rfc3986", "groups": [{"op": "parse", "tests": [{"id": "x", "input": "a", "input_hex": "61", "expect": "accept"}]}]}' > "$t/both.json"
  : > "$t/empty.json"
  for f in array schema dupkey noid notarget whatwgop both empty; do
    run --separate-stderr "$UT" run --vectors "$t/$f.json" --adapter-cmd "$FAKE" --output "$(OUT)"
    [ "$status" -eq 2 ] || { echo "$f: $status"; false; }
  done
  run --separate-stderr "$UT" run --vectors "$t/dupkey.json" --adapter-cmd "$FAKE"
  [[ $stderr == *"dupkey.json:2:"* ]]
  run --separate-stderr "$UT" run --vectors "$t/noid.json" --adapter-cmd "$FAKE"
  [[ $stderr == *"groups[0].tests[0]: field id: missing"* ]]
  run --separate-stderr "$UT" run --vectors "$t/notarget.json" --adapter-cmd "$FAKE"
  [[ $stderr == *"test r: field target: missing"* ]]
}

@test "a path that does not exist: exit 2" {
  run "$UT" run --vectors /no/such/vectors --adapter-cmd "$FAKE"
  [ "$status" -eq 2 ]
  [[ $output == *"/no/such/vectors: no such file or folder"* ]]
}

@test "a bad file stops the run before any adapter starts" {
  run "$UT" run --vectors "$V/basic.json" --vectors "$BAD/truncated.json" --adapter-cmd "$FAKE" --output "$(OUT)"
  [ "$status" -eq 2 ]
  [ ! -s "$(OUT)" ] # claimed and emptied first: no earlier results left as this run's
}

@test "input_hex and NUL octets are sent as input_hex" {
  printf '{"schema": "uritest-vectors/1", "version": "1.0.0", "spec": "rfc3986", "groups": [{"op": "parse", "tests": [{"id": "nul", "input_hex": "61006200ff", "expect": "accept"}]}]}' > "$BATS_TEST_TMPDIR/nul.json"
  run "$UT" run --vectors "$BATS_TEST_TMPDIR/nul.json" --adapter-cmd "$FAKE" --output "$(OUT)" --format json
  [ "$status" -eq 0 ]
  [[ $output == *'"input_hex": "61006200ff"'* ]]
}

@test "an error inside a test far into the file: the same line:column as for the whole document" {
  printf '{"schema": "uritest-vectors/1", "version": "1.0.0", "spec": "rfc3986",\n "groups": [\n  {"op": "parse", "tests": [\n    {"id": "a", "input": "x", "expect": "accept"}\n  ]},\n  {"op": "parse", "tests": [{"id": "c", "input": "\\u00e9", "expect": "accept"}, {"id": "d", "input": "\xc3\xa9\\x", "expect": "accept"}]}\n ]}\n' > "$BATS_TEST_TMPDIR/esc.json"
  run --separate-stderr "$UT" run --vectors "$BATS_TEST_TMPDIR/esc.json" --adapter-cmd "$FAKE"
  [ "$status" -eq 2 ]
  [[ $stderr == *"esc.json:6:"*": invalid escape"* ]]
  col=${stderr#*esc.json:6:}; col=${col%%:*}
  want=$("$PY" -c "
import sys
line = open(sys.argv[1], encoding='utf-8').read().split('\n')[5]
print(line.index('\\\\x') + 2)" "$BATS_TEST_TMPDIR/esc.json")
  [ "$col" = "$want" ]
}

@test "odd but valid JSON in tests (escapes, surrogates, numbers, nesting) is read whole" {
  cat > "$BATS_TEST_TMPDIR/odd.json" <<'J'
{"schema": "uritest-vectors/1", "version": "1.0.0", "spec": "rfc3986", "groups": [
 {"op": "parse", "tests": [
  {"id": "o.esc", "input": "http://h/\u00e9\ud83d\ude00\"\\\/\b\f\n\r\t\u0000", "expect": "reject"},
  {"id": "o.nested", "input": "a", "expect": "accept", "x-x": {"a": [1, -0.5e+3, true, false, null, {"b": [[[]]]}]}},
  {"id": "o.raw", "input": "http://h/é😀", "expect": "reject", "error": {"offset": 9, "rule": "x"}},
  {"id": "o.big", "input": "a", "expect": "accept", "x-n": 12345678901234567, "x-r": 1.5e300},
  {"id": "o.keyesc", "input": "a", "expect": "accept", "x-k\u0065y": 1},
  {"id": "o.comps", "input": "//h", "expect": "accept", "components": {"host": "h", "scheme": null, "path": ""}},
  {"id": "o.dupinner", "input": "a", "expect": "accept", "x-x": {"a": 1, "b": 2}}
 ]},
 {"op": "resolve", "tests": [{"id": "o.r", "input": "g", "base": "http://a/b", "target": "http://a/g", "expect": "accept", "strict": false}]},
 {"op": "equivalent", "tests": [{"id": "o.e", "input": "http://a", "other": "HTTP://a", "equivalent": true, "level": "syntax", "expect": "accept"}]}
]}
J
  run --separate-stderr "$UT" run --vectors "$BATS_TEST_TMPDIR/odd.json" --adapter-cmd "$FAKE" \
    --format json --output "$(OUT)" --no-progress
  [[ $stderr =~ ^"uritest: "[0-9]+" results written to $(OUT)"$ ]] # and no warning
  # every test read, its strings decoded (escapes, surrogates, NUL as input_hex)
  "$PY" -c '
import json, sys
d = json.loads(sys.argv[1])
ids = sorted(r["id"] for r in d["results"])
assert ids == ["o.big", "o.comps", "o.dupinner", "o.e", "o.esc", "o.keyesc", "o.nested", "o.r", "o.raw"], ids
esc = [r for r in d["results"] if r["id"] == "o.esc"][0]
want = "http://h/\u00e9\U0001F600\"\\/\b\f\n\r\t\0".encode()
assert esc["expected"]["input_hex"] == want.hex(), esc["expected"]
' "$output"
}

@test "an error after the tests (same line, next line, duplicate key): file:line:column" {
  t=$BATS_TEST_TMPDIR
  printf '{"schema": "uritest-vectors/1", "version": "1.0.0", "spec": "rfc3986",\n "groups": [{"op": "parse", "tests": [{"id": "a", "input": "x", "expect": "accept"},\n {"id": "b", "input": "x", "expect": "accept"}], "x": bad}]}\n' > "$t/s1.json"
  printf '{"schema": "uritest-vectors/1", "version": "1.0.0", "spec": "rfc3986",\n "groups": [{"op": "parse", "tests": [{"id": "a", "input": "x", "expect": "accept"}, {"id": "b", "input": "x", "expect": "accept"}], "x": bad}]}\n' > "$t/s2.json"
  printf '{"schema": "uritest-vectors/1", "version": "1.0.0", "spec": "rfc3986",\n "groups": [{"op": "parse", "tests": [{"id": "a", "input": "x", "expect": "accept"}]}, {"op": "parse", "tests": []} ], "schema": 1}\n' > "$t/s3.json"
  run --separate-stderr "$UT" run --vectors "$t/s1.json" --adapter-cmd "$FAKE"
  [ "$status" -eq 2 ] && [[ $stderr == *"s1.json:3:57: invalid token near 'bad'"* ]]
  run --separate-stderr "$UT" run --vectors "$t/s2.json" --adapter-cmd "$FAKE"
  [ "$status" -eq 2 ] && [[ $stderr == *"s2.json:2:141: invalid token near 'bad'"* ]]
  run --separate-stderr "$UT" run --vectors "$t/s3.json" --adapter-cmd "$FAKE"
  [ "$status" -eq 2 ] && [[ $stderr == *"s3.json:2:127: duplicate object key near '\"schema\"'"* ]]
}
