#!/usr/bin/env bats
# Round trips (DESIGN.md "Round trips"): an adapter whose hello offers
# recompose writes back each accepted parse vector's input; the string, re-read
# by the oracle, must name the vector's endpoint.
load helper

RT=$BATS_TEST_DIRNAME/findings/roundtrip.json

runrt() {
  run --separate-stderr "$UT" run --output "$(OUT)" --vectors "$RT" "$@"
}
one() { pylines "$(OUT)" "[x for x in r if x.get('id') == '$1'][0]$2"; }
count() { pylines "$(OUT)" "len([x for x in r if x.get('op') == 'recompose'])"; }

@test "recompose: one test per accepted parse vector with components, id ~recompose" {
  runrt --adapter-cmd "$FAKE --ops parse,recompose"
  [ "$status" -eq 1 ]
  [ "$(count)" = 6 ]
  [ "$(one rt.same~recompose "['class']")" = PASS ]
  [ "$(one rt.same~recompose "['file']")" = "$(one rt.same "['file']")" ]
  # a vector without components, or one that expects a rejection: none
  [ "$(pylines "$(OUT)" "[x['id'] for x in r if x.get('id', '').startswith(('rt.no-components~', 'rt.invalid~'))]")" = "[]" ]
}

@test "recompose: another host or port written back is ROUNDTRIP_MISMATCH, security-relevant" {
  runrt --adapter-cmd "$FAKE --ops parse,recompose"
  [ "$(one rt.host~recompose "['class']")" = ROUNDTRIP_MISMATCH ]
  [ "$(one rt.host~recompose "['severity']")" = host ]
  [ "$(one rt.host~recompose "['security_relevant']")" = True ]
  [ "$(one rt.host~recompose "['why']")" = "the string written back names another host" ]
  [ "$(one rt.port~recompose "['class']")" = ROUNDTRIP_MISMATCH ]
  [ "$(one rt.port~recompose "['severity']")" = port ]
  # the parse of the same inputs passes: the reading was right, the writing not
  [ "$(one rt.host "['class']")" = PASS ]
}

@test "recompose: a string that loses the host is ROUNDTRIP_MISMATCH, host-lost" {
  runrt --adapter-cmd "$FAKE --ops parse,recompose"
  [ "$(one rt.nohost~recompose "['class']")" = ROUNDTRIP_MISMATCH ]
  [ "$(one rt.nohost~recompose "['endpoint']")" = host-lost ]
  [ "$(one rt.nohost~recompose "['why']")" = "the string written back names no usable host" ]
}

@test "recompose: a string that no longer parses is ROUNDTRIP_MISMATCH; a rejection UNSUPPORTED" {
  runrt --adapter-cmd "$FAKE --ops parse,recompose"
  [ "$(one rt.broken~recompose "['class']")" = ROUNDTRIP_MISMATCH ]
  [ "$(one rt.broken~recompose "['why']")" = "the string written back is not a URI-reference" ]
  [ "$(one rt.broken~recompose "['got']['output']")" = "http://h/RTBROKEN x" ]
  [ "$(one rt.reject~recompose "['class']")" = UNSUPPORTED ]
}

@test "recompose: not asked of an adapter whose hello does not offer it" {
  runrt --adapter-cmd "$FAKE --ops parse"
  [ "$(count)" = 0 ]
  [ "$status" -eq 0 ]
}

@test "recompose: --op recompose runs the round trips alone, --op parse none of them" {
  runrt --adapter-cmd "$FAKE --ops parse,recompose" --op recompose
  [ "$(count)" = 6 ]
  [ "$(pylines "$(OUT)" "len([x for x in r if x.get('op') == 'parse'])")" = 0 ]
  runrt --adapter-cmd "$FAKE --ops parse,recompose" --op parse
  [ "$(count)" = 0 ]
}

@test "recompose: a vector file cannot hold recompose groups" {
  sed 's/"op": "parse"/"op": "recompose"/' "$RT" > "$BATS_TEST_TMPDIR/rt.json"
  run --separate-stderr "$UT" run --output "$(OUT)" --vectors "$BATS_TEST_TMPDIR/rt.json" \
    --adapter-cmd "$FAKE --ops parse,recompose"
  [ "$status" -eq 2 ]
  [[ "$stderr" == *'unknown op "recompose"'* ]]
}

@test "recompose: the baseline keeps round trips, and a run against it is green" {
  runrt --adapter-cmd "$FAKE --ops parse,recompose" --write-baseline "$BATS_TEST_TMPDIR/b.json"
  [ "$("$PY" -c "import json,sys; print(sorted(e['id'] for e in json.load(open(sys.argv[1]))['entries']))" "$BATS_TEST_TMPDIR/b.json")" = "['rt.broken~recompose', 'rt.host~recompose', 'rt.nohost~recompose', 'rt.port~recompose']" ]
  runrt --adapter-cmd "$FAKE --ops parse,recompose" --baseline "$BATS_TEST_TMPDIR/b.json"
  [ "$status" -eq 0 ]
}
