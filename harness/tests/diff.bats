#!/usr/bin/env bats
# uritest diff: arbitrary inputs, the reference's own parse as expectation.
load helper

@test "diff: agreeing inputs exit 0, text ends with the summary" {
  printf 'http://a/b?c#d\n/x\n\nmailto:x@y\n' > "$BATS_TEST_TMPDIR/in.txt"
  run "$UT" diff --adapter-cmd "$FAKE" "$BATS_TEST_TMPDIR/in.txt"
  [ "$status" -eq 0 ]
  [ "${lines[-1]}" = "4 passed, 0 failed" ]
}

@test "diff: discrepancies printed, exit 1 (stdin with -)" {
  run bash -c "printf 'http://EVIL.a/\nhttp://a/%%zz\nhttp://a/ok\n' | '$UT' diff --adapter-cmd '$FAKE' -"
  [ "$status" -eq 1 ]
  [[ $output == *"FAIL fake line:1 COMPONENT_MISMATCH host (semantic), authority (semantic) [security-relevant]"* ]] ||
  [[ $output == *"FAIL fake line:1 COMPONENT_MISMATCH"*"host (semantic)"*"[security-relevant: host]"* ]]
  [[ $output == *"FAIL fake line:2 SHOULD_HAVE_REJECTED"* ]]
  [[ $output != *"line:3"* ]]
  [ "${lines[-1]}" = "1 passed, 2 failed" ]
}

@test "diff --format json: every input, with the reference's reading as expected" {
  run --separate-stderr bash -c "printf 'http://EVIL.a/\nhttp://a/ok\n' | '$UT' diff --adapter-cmd '$FAKE' --format json"
  [ "$status" -eq 1 ]
  [ "$(printf '%s' "$output" | pyjson 'len(d["results"]), d["results"][1]["class"], d["results"][0]["expected"]["components"]["host"]')" = "2 PASS EVIL.a" ]
}

@test "diff: crashes and timeouts are recorded per input" {
  run bash -c "printf 'a\nCRASH\nb\nHANG\nc\n' | '$UT' diff --adapter-cmd '$FAKE' --timeout 0.3 --format tap"
  [ "$status" -eq 1 ]
  [[ $output == *"not ok 2 - fake: line:2 # CRASH"* ]]
  [[ $output == *"not ok 4 - fake: line:4 # TIMEOUT"* ]]
  [[ $output == *"ok 5 - fake: line:5"* ]]
}

@test "diff: --output writes the results file; many lines stream in batches" {
  "$PY" -c "
for i in range(10000): print('http://h%d/p' % i)" > "$BATS_TEST_TMPDIR/many.txt"
  run "$UT" diff --adapter-cmd "$FAKE" --output "$(OUT)" "$BATS_TEST_TMPDIR/many.txt"
  [ "$status" -eq 0 ]
  [ "${lines[-1]}" = "10000 passed, 0 failed" ]
  [ "$(grep -c '"record": "result"' "$(OUT)")" -eq 10000 ]
}

@test "diff: default adapters leave the reference out" {
  fake_root
  run --separate-stderr bash -c "echo http://a/ | '$UT' diff --format json"
  [ "$status" -eq 0 ]
  [ "$(printf '%s' "$output" | pyjson 'sorted(d["adapters"])')" = "['fake', 'fake-whatwg']" ]
}

@test "diff --hello-timeout: a silent adapter is given up: alone exit 2, beside another every input TIMEOUT" {
  SECONDS=0
  run bash -c "printf 'a\nb\n' | '$UT' diff --adapter-cmd '$FAKE --silent' --hello-timeout 0.3 --format tap"
  [ "$status" -eq 2 ]
  [[ $output == *"cannot start: no hello line within 0.3s"* ]]
  run bash -c "printf 'a\nb\n' | '$UT' diff --adapter-cmd '$FAKE --silent' --adapter-cmd '$FAKE --name two' --hello-timeout 0.3 --format tap"
  [ "$status" -eq 1 ]
  [[ $output == *"not ok 1 - "*"# TIMEOUT: adapter given up after three failed starts"* ]]
  [[ $output == *"not ok 2 - "* ]]
  [ "$SECONDS" -lt 10 ]
}

@test "diff --format junit with two adapters: one well-formed suite" {
  run --separate-stderr bash -c "printf 'http://EVIL.a/\nhttp://a/\nCRASH\n' | '$UT' diff --adapter-cmd '$FAKE' --adapter-cmd '$FAKE --name two' --format junit"
  [ "$status" -eq 1 ]
  r=$(printf '%s' "$output" | "$PY" -c "
import sys, xml.etree.ElementTree as ET
s = ET.fromstring(sys.stdin.read()).find('testsuite')
print(s.get('name'), s.get('tests'), s.get('failures'), s.get('errors'), len(s.findall('testcase')))")
  [ "$r" = "diff 6 2 2 6" ]
}
