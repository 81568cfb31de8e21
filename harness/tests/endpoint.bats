#!/usr/bin/env bats
# Endpoint comparison (DESIGN.md "Comparing and classifying"): a mismatch is
# security-relevant only when the two readings name different endpoints.
load helper

F=$BATS_TEST_DIRNAME/findings
READINGS=$F/endpoint-readings.json

runep() {
  run --separate-stderr "$UT" run --output "$(OUT)" --vectors "$F/endpoint.json" \
    --adapter-cmd "$FAKE --readings $READINGS" "$@"
}
one() { pylines "$(OUT)" "[x for x in r if x.get('id') == '$1'][0]$2"; }

@test "same endpoint written differently: never security-relevant, severity null" {
  runep
  [ "$status" -eq 1 ]
  for id in e.empty-port e.default-port e.leading-zero-port e.ipv6-forms e.ipv4-in-ipv6 \
            e.pct-unreserved-host e.pct-userinfo e.scheme-case; do
    [ "$(one $id "['class']")" = COMPONENT_MISMATCH ] || { echo "$id not a mismatch"; false; }
    # the results file leaves them out at their defaults (false, null)
    [ "$(one $id ".get('security_relevant', False)")" = False ] || { echo "$id flagged"; false; }
    [ "$(one $id ".get('severity')")" = None ] || { echo "$id has a severity"; false; }
  done
}

@test "mismatch kinds: normalization (6.2.2/6.2.3 forms), same-endpoint otherwise" {
  runep
  # an empty port dropped is the 6.2.3 normal form; the authority "h" is too
  [ "$(one e.empty-port "['mismatches']")" = "[{'component': 'authority', 'kind': 'normalization'}, {'component': 'port', 'kind': 'normalization'}]" ]
  # [::1] for [0:0::1] is no 6.2.2 form, but the same address
  [ "$(one e.ipv6-forms "['mismatches']")" = "[{'component': 'host', 'kind': 'same-endpoint'}]" ]
  [ "$(one e.leading-zero-port "['mismatches']")" = "[{'component': 'port', 'kind': 'same-endpoint'}]" ]
  [ "$(one e.pct-unreserved-host "['mismatches']")" = "[{'component': 'host', 'kind': 'normalization'}]" ]
}

@test "another endpoint: security-relevant with the worst part as severity" {
  runep
  [ "$(one e.userinfo-host "['security_relevant']")" = True ]
  [ "$(one e.userinfo-host "['severity']")" = host ]
  [ "$(one e.other-port "['severity']")" = port ]
  [ "$(one e.other-scheme "['severity']")" = scheme ]
  [ "$(one e.other-userinfo "['severity']")" = userinfo ]
  # a reg-name read as an IPv4 address names another host (3.2.2)
  [ "$(one e.numeric-host "['severity']")" = host ]
  # 80 is http's default, not https's
  [ "$(one e.https-default-is-not-http "['severity']")" = port ]
  # host and port both differ: host is the worse
  [ "$(one e.host-and-port "['severity']")" = host ]
  [[ $output == *"FAIL fake e.userinfo-host COMPONENT_MISMATCH"*"[security-relevant: host]"* ]]
}

@test "--format json: security_relevant and severity on every result, PASS too" {
  runep --format json
  [ "$(pyjson "sorted(set((('security_relevant' in x), ('severity' in x)) for x in d['results']))" <<<"$output")" = "[(True, True)]" ]
  [ "$(pyjson "[x['severity'] for x in d['results'] if x['id'] == 'e.userinfo-host'][0]" <<<"$output")" = host ]
  [ "$(pyjson "d['adapters']['fake']['security_relevant']" <<<"$output")" = 7 ]
  # the results file: only where it is not null
  [ "$(pylines "$(OUT)" "sorted(set(('severity' in x) == x.get('security_relevant', False) for x in r if x['record'] == 'result'))")" = "[True]" ]
}

@test "uritest diff: the reference's reading against the adapter's, by endpoint" {
  printf 'http://h:/\nhttp://[0:0::1]/\nhttp://H%%41/\nhttp://good@evil/\n' > "$BATS_TEST_TMPDIR/in.txt"
  run --separate-stderr "$UT" diff --adapter-cmd "$FAKE --readings $READINGS" \
    --output "$(OUT)" --format json "$BATS_TEST_TMPDIR/in.txt"
  [ "$status" -eq 1 ]
  [ "$(pyjson "[(x['id'], x['security_relevant'], x['severity']) for x in d['results'] if x['class'] != 'PASS']" <<<"$output")" = "[('line:1', False, None), ('line:2', False, None), ('line:3', False, None), ('line:4', True, 'host')]" ]
}

@test "WHATWG getters: judged by endpoint (case, default port, IDNA, empty password same)" {
  run --separate-stderr "$UT" run --output "$(OUT)" --vectors "$F/endpoint-whatwg.json" \
    --adapter-cmd "$FAKE --whatwg --spec whatwg" --format json
  [ "$status" -eq 1 ]
  [ "$(pyjson "[(x['id'], x['endpoint'], x['severity']) for x in d['results']]" <<<"$output")" = "[('wg.case', 'same', None), ('wg.default-port', 'same', None), ('wg.idna', 'same', None), ('wg.empty-password', 'same', None), ('wg.host', 'different', 'host'), ('wg.port', 'different', 'port'), ('wg.userinfo', 'different', 'userinfo')]" ]
  [ "$(pyjson "d['adapters']['fake']['security_relevant']" <<<"$output")" = 3 ]
  # a getter both name the same endpoint with is a same-endpoint mismatch
  [ "$(pyjson "[x['mismatches'][0]['kind'] for x in d['results']]" <<<"$output")" = "['same-endpoint', 'same-endpoint', 'same-endpoint', 'same-endpoint', 'semantic', 'semantic', 'semantic']" ]
}
