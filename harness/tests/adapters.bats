#!/usr/bin/env bats
# uritest adapters and the registry (adapters/<name>/adapter.json).
load helper

@test "adapters: the reference is listed, available, with its library" {
  run "$UT" adapters reference
  [ "$status" -eq 0 ]
  [[ $output == *reference*librfc3986*available* ]]
}

@test "adapters --json: the DESIGN.md object, reference included" {
  run --separate-stderr "$UT" adapters --json reference
  [ "$status" -eq 0 ]
  ref=$(printf '%s' "$output" | pyjson '[a for a in d["adapters"] if a["name"] == "reference"][0]')
  [[ $ref == *"'available': True"* ]]
  [[ $ref == *"'library': 'librfc3986"* ]]
  [[ $ref == *"'spec': 'rfc3986'"* ]]
}

@test "adapters: registry array, availability, why, check, library from the hello line" {
  fake_root
  run --separate-stderr "$UT" adapters --json
  [ "$status" -eq 0 ]
  printf '%s' "$output" > "$BATS_TEST_TMPDIR/a.json"
  get() { pyjson "[a for a in d['adapters'] if a['name'] == '$1'][0]$2" < "$BATS_TEST_TMPDIR/a.json"; }
  [ "$(get fake "['library']")" = "fakelib 1.2.3" ]
  [ "$(get fake "['available']")" = True ]
  [ "$(get fake-whatwg "['spec']")" = whatwg ]
  [ "$(get missing "['available']")" = False ]
  [[ $(get missing "['why']") == *"build/adapters/no-such-adapter not found"*"make no-such-adapter"* ]]
  [ "$(get unchecked "['available']")" = False ]
  [[ $(get unchecked "['why']") == *"check failed"*"apt-get install nothing"* ]]
  # the last line a failing check prints is the why
  [ "$(get says-why "['why']")" = "libfoo is missing: apt-get install libfoo" ]
  # the registry's reference entry wins over the built-in one
  [ "$(get reference "['library']")" = "fakelib 1.2.3" ]
  # reference is listed first
  [ "$(pyjson "d['adapters'][0]['name']" < "$BATS_TEST_TMPDIR/a.json")" = reference ]
}

@test "adapters NAME...: only those, in the registry's order; a name not registered is exit 2" {
  fake_root
  run --separate-stderr "$UT" adapters --json missing fake
  [ "$status" -eq 0 ]
  [ "$(printf '%s' "$output" | pyjson '[a["name"] for a in d["adapters"]]')" = "['fake', 'missing']" ]
  run "$UT" adapters fake
  [ "$status" -eq 0 ]
  [ "$(printf '%s\n' "$output" | wc -l)" -eq 1 ]
  [[ $output == fake*"fakelib 1.2.3"*available ]]
  run --separate-stderr "$UT" adapters fake no-such-name
  [ "$status" -eq 2 ]
  [ -z "$output" ]
  [[ $stderr == *'no adapter named "no-such-name"'* ]]
}

@test "adapters: text listing says why an adapter is unavailable" {
  fake_root
  run "$UT" adapters
  [ "$status" -eq 0 ]
  [[ $output == *"missing"*"unavailable: build/adapters/no-such-adapter not found"* ]]
}

@test "adapters: an adapter that does not start is listed as unavailable" {
  fake_root
  cat > "$URITEST_ROOT/adapters/fake/adapter.json" <<JSON
{"name": "dies", "spec": "rfc3986", "command": ["/usr/bin/python3", "$FAKE", "--die"]}
JSON
  run "$UT" adapters --json
  [ "$status" -eq 0 ]
  [[ $output == *'"available": false'* ]]
  [[ $output == *"does not start"* ]]
}

@test "run: default adapters are all available ones, by registry name" {
  fake_root
  run --separate-stderr "$UT" run --output "$(OUT)" --format json
  [ "$status" -eq 0 ]
  names=$(printf '%s' "$output" | pyjson 'sorted(d["adapters"])')
  [ "$names" = "['fake', 'fake-whatwg', 'reference']" ]
}

@test "run --adapter NAME: only that adapter; registry commands run from the root" {
  fake_root
  run --separate-stderr "$UT" run --adapter fake --output "$(OUT)" --format json
  [ "$status" -eq 0 ]
  [ "$(printf '%s' "$output" | pyjson 'list(d["adapters"])')" = "['fake']" ]
}

@test "run: the default results file is reports/out/results.jsonl under the root" {
  fake_root
  run "$UT" run --adapter fake
  [ -f "$URITEST_ROOT/reports/out/results.jsonl" ]
  head -n 1 "$URITEST_ROOT/reports/out/results.jsonl" | grep -q '"vectors_version": "9.9.9"'
}

@test "adapters --hello-timeout: a slow adapter is listed as not starting" {
  fake_root
  cat > "$URITEST_ROOT/adapters/fake/adapter.json" <<JSON
{"name": "slow", "spec": "rfc3986", "command": ["/usr/bin/python3", "$FAKE", "--slow-hello", "2"]}
JSON
  run "$UT" adapters --json --hello-timeout 0.3
  [ "$status" -eq 0 ]
  [[ $output == *"no hello line within 0.3s"* ]]
  run "$UT" adapters --frobnicate
  [ "$status" -eq 2 ]
}

@test "a hello line without a required field, or another protocol: failed starts (PROTOCOL_ERROR)" {
  cat > "$BATS_TEST_TMPDIR/nohello.sh" <<'SH'
#!/bin/sh
echo '{"adapter": "x", "library": "y", "spec": "rfc3986"}'
cat > /dev/null
SH
  cat > "$BATS_TEST_TMPDIR/proto2.sh" <<'SH'
#!/bin/sh
echo '{"adapter": "x", "library": "y", "spec": "rfc3986", "ops": ["parse"], "protocol": 2}'
cat > /dev/null
SH
  chmod +x "$BATS_TEST_TMPDIR"/*.sh
  run "$UT" run --vectors "$V/markers.json" --adapter-cmd "$BATS_TEST_TMPDIR/nohello.sh" --output "$(OUT)" --format tap
  [ "$status" -eq 2 ]
  [[ $output == *'cannot start: hello line without "ops" (an array)'* ]]
  run "$UT" run --vectors "$V/markers.json" --adapter-cmd "$BATS_TEST_TMPDIR/nohello.sh" \
    --adapter-cmd "$FAKE" --output "$(OUT)" --format tap
  [ "$status" -eq 1 ]
  [[ $output == *'# PROTOCOL_ERROR: adapter given up after three failed starts: hello line without "ops" (an array)'* ]]
  run "$UT" run --vectors "$V/markers.json" --adapter-cmd "$BATS_TEST_TMPDIR/proto2.sh" --output "$(OUT)" --format tap
  [ "$status" -eq 2 ]
  [[ $output == *"protocol other than 1"* ]]
}

@test "L15: a registry adapter whose hello names it otherwise is said, escaped; results keep the registry's name" {
  fake_root
  mkdir -p "$R/adapters/renamed"
  printf '[{"name": "renamed", "spec": "rfc3986", "command": ["/usr/bin/python3", "%s", "--name", "oth\\u001b[31mer"]}]\n' \
    "$FAKE" > "$R/adapters/renamed/adapter.json"
  run --separate-stderr "$UT" run --adapter renamed --output "$(OUT)" --no-progress
  [ "$status" -eq 0 ]
  [[ $stderr == *'adapter renamed: its hello names it oth\x1b[31mer (adapters/PROTOCOL.md section 8: the two are equal); its results are recorded as renamed'* ]]
  [[ $stderr != *$'\e'* ]]
  [ "$(pylines "$(OUT)" "sorted({x['adapter'] for x in r if x.get('record') == 'result'})")" = "['renamed']" ]
  # the registry's own fake names itself as registered: nothing said
  run --separate-stderr "$UT" run --adapter fake --output "$(OUT)" --no-progress
  [[ $stderr != *"its hello names it"* ]]
}
