#!/usr/bin/env bats
# Named behaviours (adapters/BEHAVIOURS.md): attribution in uritest run, the
# uritest behaviours command, and bad behaviour files.
load helper

F=$BATS_TEST_DIRNAME/findings

setup() {
  fake_root
  cp "$F/behave.json" "$R/vectors/v1/"
  cp "$F/behaviours.json" "$R/adapters/fake/behaviours.json"
  FAKECMD="$FAKE --readings $F/behave-readings.json"
}
runb() { run --separate-stderr "$UT" run --output "$(OUT)" --vectors "$R/vectors/v1/behave.json" --adapter-cmd "$FAKECMD" "$@"; }
one() { pylines "$(OUT)" "[x for x in r if x.get('id') == '$1'][0]$2"; }

@test "run: every failed result names its behaviour or unexplained; a PASS none" {
  runb
  [ "$status" -eq 1 ]
  [ "$(one b.userinfo-host "['behaviour']")" = fake.userinfo-as-host ]
  [ "$(one b.userinfo-host "['severity']")" = host ]
  [ "$(one b.empty-port "['behaviour']")" = fake.empty-port-dropped ]
  [ "$(one b.bad-pct "['behaviour']")" = fake.malformed-pct-accepted ]
  [ "$(one b.bracket "['behaviour']")" = unexplained ]
  [ "$(one b.pass1 ".get('behaviour')")" = None ]
}

@test "run --format text: the adapter's behaviours with counts after its totals" {
  runb
  [[ $output == *"  behaviours:"*"fake.userinfo-as-host"*"1 [host]"*"unexplained"*"1"* ]]
  [[ $output != *"fake.empty-port-dropped"*"[host]"* ]]
}

@test "run --format json: behaviour on results, counts per adapter" {
  runb --format json
  [ "$(pyjson "[x.get('behaviour') for x in d['results'] if x['id'] == 'b.bad-pct'][0]" <<<"$output")" = fake.malformed-pct-accepted ]
  [ "$(pyjson "d['adapters']['fake']['behaviours']" <<<"$output")" = "{'fake.userinfo-as-host': 1, 'fake.empty-port-dropped': 1, 'fake.malformed-pct-accepted': 1}" ]
  [ "$(pyjson "d['adapters']['fake']['unexplained']" <<<"$output")" = 1 ]
}

@test "uritest behaviours: counts, examples, specificity; exit 1 while something is unexplained" {
  runb
  run --separate-stderr "$UT" behaviours --format json "$(OUT)"
  [ "$status" -eq 1 ]
  a() { pyjson "d['adapters']['fake']$1" <<<"$output"; }
  [ "$(a "['library']")" = "fakelib 1.2.3" ]
  [ "$(a "['non_pass']")" = 4 ]
  [ "$(a "['unexplained']")" = 1 ]
  [ "$(a "['unexplained_examples']")" = "['b.bracket']" ]
  [ "$(pyjson "[(b['id'], b['count'], b['severity'], b['section']) for b in d['adapters']['fake']['behaviours']]" <<<"$output")" = \
    "[('fake.userinfo-as-host', 1, 'host', '3.2.1'), ('fake.empty-port-dropped', 1, 'none', '3.2.3'), ('fake.malformed-pct-accepted', 1, 'none', '2.1')]" ]
  [ "$(a "['behaviours'][0]['example']")" = "http://good@evil/" ]
  [ "$(a "['behaviours'][0]['example_id']")" = b.userinfo-host ]
  [ "$(a "['behaviours'][0]['pass_share']")" = 0.0 ]
  # --adapter leaves others out; the default results file is the root's
  run --separate-stderr "$UT" behaviours --adapter other --format json "$(OUT)"
  [ "$(pyjson "sorted(d['adapters'])" <<<"$output")" = "['other']" ]
}

@test "uritest behaviours --format json: an example that is not UTF-8 is example_hex, its behaviour kept" {
  cat > "$R/vectors/v1/octet.json" <<'JSON'
{"schema": "uritest-vectors/1", "version": "1.0.0", "spec": "rfc3986", "title": "one octet 0x80",
 "groups": [{"description": "parse", "op": "parse",
   "tests": [{"id": "b.octet", "input_hex": "687474703a2f2f6180622f", "expect": "reject"}]}]}
JSON
  bad_file "d['behaviours'][2]['example'] = 'b.octet'"
  runb
  run --separate-stderr "$UT" behaviours --format json "$(OUT)"
  [ "$status" -eq 1 ]
  [ "$(pyjson "[b['id'] for b in d['adapters']['fake']['behaviours']]" <<<"$output")" = \
    "['fake.userinfo-as-host', 'fake.empty-port-dropped', 'fake.malformed-pct-accepted']" ]
  [ "$(pyjson "d['adapters']['fake']['behaviours'][2]['example_hex']" <<<"$output")" = 687474703a2f2f6180622f ]
  [ "$(pyjson "'example' in d['adapters']['fake']['behaviours'][2]" <<<"$output")" = False ]
  [ "$(pyjson "d['adapters']['fake']['behaviours'][0]['example']" <<<"$output")" = "http://good@evil/" ]
}

@test "uritest behaviours --adapter: the library from the results; an adapter without results says so" {
  runb
  run --separate-stderr "$UT" behaviours --adapter fake --format json "$(OUT)"
  [ "$(pyjson "d['adapters']['fake']['library']" <<<"$output")" = "fakelib 1.2.3" ]
  run --separate-stderr "$UT" behaviours --adapter fake --adapter other "$(OUT)"
  [[ $output == *"fake (fakelib 1.2.3):"* ]]
  [[ $output == *"other (no results in this file):"* ]]
}

@test "uritest behaviours: all explained and specific is exit 0; text says so per adapter" {
  runb --id 'b.pass*' --id b.userinfo-host --id b.empty-port --id b.bad-pct
  run --separate-stderr "$UT" behaviours "$(OUT)"
  [ "$status" -eq 0 ]
  [[ $output == "fake (fakelib 1.2.3): 3 results not PASS, 0 unexplained; 3 named behaviours, 1 security-relevant"* ]]
  [[ $output == *"fake.userinfo-as-host"*"1  host"*"RFC 3986 3.2.1"*"pass-share 0.00%"* ]]
}

@test "uritest behaviours: a catch-all (holds on more than 2% of passed inputs) is exit 1, NOT SPECIFIC" {
  "$PY" - "$R/adapters/fake/behaviours.json" <<'PYEOF'
import json, sys
p = sys.argv[1]; d = json.load(open(p))
d["behaviours"].insert(0, {"id": "fake.everything", "description": "anything http", "section": "3",
  "severity": "none", "class": "COMPONENT_MISMATCH", "components": ["host", "port", "userinfo", "authority"],
  "input_matches": "^http", "example": "b.empty-port"})
json.dump(d, open(p, "w"))
PYEOF
  runb --id 'b.pass*' --id b.userinfo-host --id b.empty-port --id b.bad-pct
  run --separate-stderr "$UT" behaviours "$(OUT)"
  [ "$status" -eq 1 ]
  [[ $output == *"fake.everything"*"pass-share 60.00% (NOT SPECIFIC)"* ]]
}

bad_file() { # PY-EXPR editing d, expected stderr glob
  "$PY" -c "import json,sys; p=sys.argv[1]; d=json.load(open(p)); $1; json.dump(d, open(p,'w'))" "$R/adapters/fake/behaviours.json"
}

@test "bad behaviour files: exit 2 naming the file and the behaviour, in behaviours and in run" {
  runb
  bad_file "d['behaviours'][1]['when'] = ['no-such-condition']"
  run --separate-stderr "$UT" behaviours "$(OUT)"
  [ "$status" -eq 2 ]
  [[ $stderr == *"adapters/fake/behaviours.json: behaviour fake.empty-port-dropped: unknown condition: no-such-condition"* ]]
  runb
  [ "$status" -eq 2 ]
  [[ $stderr == *"behaviour fake.empty-port-dropped: unknown condition"* ]]
  cp "$F/behaviours.json" "$R/adapters/fake/behaviours.json"
  runb # the run that failed left no results behind: the results again
  bad_file "d['behaviours'][2]['example'] = 'no.such.vector'"
  run --separate-stderr "$UT" behaviours "$(OUT)"
  [ "$status" -eq 2 ]
  [[ $stderr == *"behaviours.json: behaviour fake.malformed-pct-accepted: example no.such.vector: no vector has this id"* ]]
  cp "$F/behaviours.json" "$R/adapters/fake/behaviours.json"
  bad_file "d['behaviours'][2]['input_matches'] = '(unclosed'"
  run --separate-stderr "$UT" behaviours "$(OUT)"
  [ "$status" -eq 2 ]
  [[ $stderr == *"behaviour fake.malformed-pct-accepted: not a POSIX extended regular expression"* ]]
  cp "$F/behaviours.json" "$R/adapters/fake/behaviours.json"
  bad_file "d['behaviours'][0]['severity'] = 'grave'"
  run --separate-stderr "$UT" behaviours "$(OUT)"
  [ "$status" -eq 2 ]
  [[ $stderr == *"behaviour fake.userinfo-as-host: severity must be"* ]]
  printf '{"adapter": "fake", "behaviours": [' > "$R/adapters/fake/behaviours.json"
  run --separate-stderr "$UT" behaviours "$(OUT)"
  [ "$status" -eq 2 ]
  [[ $stderr == *"adapters/fake/behaviours.json:1:"* ]]
}

@test "uritest behaviours: a results file that is not JSON Lines is exit 2, a missing one too" {
  echo 'not json' > "$BATS_TEST_TMPDIR/bad.jsonl"
  run --separate-stderr "$UT" behaviours "$BATS_TEST_TMPDIR/bad.jsonl"
  [ "$status" -eq 2 ]
  [[ $stderr == *"bad.jsonl:1:3: "* ]] # file:line:column, by the one reader of results
  run --separate-stderr "$UT" behaviours "$BATS_TEST_TMPDIR/none.jsonl"
  [ "$status" -eq 2 ]
  run --separate-stderr "$UT" behaviours --format yaml
  [ "$status" -eq 2 ]
}

@test "uritest behaviours --format jsonl: each result, its behaviour and every behaviour that explains it alone" {
  runb
  run --separate-stderr "$UT" behaviours --format jsonl "$(OUT)"
  [ "$status" -eq 1 ]
  l() { printf '%s\n' "$output" | "$PY" -c "import json,sys; r=[json.loads(x) for x in sys.stdin]; print([x for x in r if x['id'] == '$1'][0]$2)"; }
  [ "$(l b.userinfo-host "['behaviour']")" = fake.userinfo-as-host ]
  [ "$(l b.userinfo-host "['holds']")" = "['fake.userinfo-as-host']" ]
  [ "$(l b.bracket "['behaviour']")" = unexplained ]
  [ "$(l b.pass1 "['class']")" = PASS ]
  [ "$(l b.pass1 "['holds']")" = "[]" ]
}
