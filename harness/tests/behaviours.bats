#!/usr/bin/env bats
# Named behaviours as predictions (adapters/BEHAVIOURS.md): attribution in
# uritest run, the uritest behaviours command (holds, predicted, imprecise,
# overlaps, --behaviours FILE, --infer) and bad behaviour files.  The fake
# library has two deviations (predict-readings.json): it reads a backslash
# as a slash and drops an empty port.
load helper

F=$BATS_TEST_DIRNAME/findings

setup() {
  fake_root
  cp "$F/predict.json" "$R/vectors/v1/"
  FAKECMD="$FAKE --readings $F/predict-readings.json"
  B=$R/adapters/fake/behaviours.json
}
runb() { run --separate-stderr "$UT" run --output "$(OUT)" --vectors "$R/vectors/v1/predict.json" --adapter-cmd "$FAKECMD"; }
one() { pylines "$(OUT)" "[x for x in r if x.get('id') == '$1'][0]$2"; }
# behaviours FILE: a uritest-behaviours/2 document for the fake from the
# behaviour objects given on stdin (a JSON array)
behaviours() {
  "$PY" -c 'import json,sys; json.dump({"schema": "uritest-behaviours/2", "adapter": "fake", "library": "fakelib",
    "behaviours": json.load(sys.stdin)}, open(sys.argv[1], "w"))' "$1"
}
two() { # the fake's two deviations, by hand
  behaviours "$1" <<'EOF'
[{"id": "fake.backslash-as-slash", "description": "a backslash is read as a slash", "section": "3.3",
  "op": "parse", "when": ["input-backslash"], "predict": {"transforms": ["backslash-as-slash"]}, "example": "p.bs1"},
 {"id": "fake.empty-port-dropped", "description": "an empty port is read as none", "section": "3.2.3",
  "op": "parse", "predict": {"transforms": ["empty-port-dropped"]}, "example": "p.ep1"}]
EOF
}
a() { pyjson "d['adapters']['fake']$1" <<<"$output"; }
beh() { pyjson "[(b['id'], b['results'], b['holds'], b['predicted'], b['imprecise']) for b in d['adapters']['fake']['behaviours']]" <<<"$output"; }

@test "run: a failed result names the one behaviour that predicts it, or unexplained; a PASS none" {
  two "$B"
  behaviours "$B" <<'EOF'
[{"id": "fake.backslash-as-slash", "description": "a backslash is read as a slash", "section": "3.3",
  "op": "parse", "predict": {"transforms": ["backslash-as-slash"]}, "example": "p.bs1"}]
EOF
  runb
  [ "$status" -eq 1 ]
  [ "$(one p.bs2 "['behaviour']")" = fake.backslash-as-slash ]
  [ "$(one p.ep1 "['behaviour']")" = unexplained ]
  [ "$(one p.pass1 ".get('behaviour')")" = None ]
}

@test "uritest behaviours: holds, predicted and results per behaviour; non_pass and unexplained per adapter" {
  two "$B"
  runb
  run --separate-stderr "$UT" behaviours --format json "$(OUT)"
  [ "$status" -eq 0 ]
  [ "$(a "['non_pass']")" = 6 ]
  [ "$(a "['unexplained']")" = 0 ]
  [ "$(a "['overlaps']")" = 0 ]
  [ "$(beh)" = "[('fake.backslash-as-slash', 3, 3, 3, False), ('fake.empty-port-dropped', 3, 3, 3, False)]" ]
  [ "$(a "['behaviours'][0]['example']")" = 'http://h\a' ]
  run --separate-stderr "$UT" behaviours "$(OUT)"
  [[ $output == "fake (fakelib 1.2.3): 6 results not PASS, 6 predicted (100.0%), 0 of them by several behaviours, 0 unexplained"* ]]
}

@test "uritest behaviours: a condition that holds where the prediction is wrong explains nothing" {
  # the empty port is dropped, says the behaviour, but the library kept
  # the port: it holds on the three, predicts none
  behaviours "$B" <<'EOF'
[{"id": "fake.keeps-userinfo-empty-port", "description": "wrong on purpose", "section": "3.2.3",
  "op": "parse", "when": ["ref-port-empty"], "predict": {"transforms": ["empty-port-dropped", "host-pct-decoded", "absent-as-empty"]},
  "example": "p.ep1"}]
EOF
  runb
  run --separate-stderr "$UT" behaviours --format json "$(OUT)"
  [ "$status" -eq 1 ]
  [ "$(beh)" = "[('fake.keeps-userinfo-empty-port', 0, 3, 0, True)]" ]
  [ "$(a "['unexplained']")" = 6 ]
}

@test "uritest behaviours: a catch-all (true on everything, prediction wrong) explains nothing, IMPRECISE, exit 1" {
  two "$B"
  "$PY" - "$B" <<'PYEOF'
import json, sys
p = sys.argv[1]; d = json.load(open(p))
d["behaviours"][:0] = [
  {"id": "fake.rejects-everything", "description": "a catch-all", "section": "4.1",
   "predict": {"reject": True}, "example": "p.pass1"},
  {"id": "fake.accepts-anything", "description": "a catch-all", "section": "Appendix B",
   "predict": {"transforms": ["appendix-b-split"]}, "example": "p.pass4"}]
json.dump(d, open(p, "w"))
PYEOF
  runb
  run --separate-stderr "$UT" behaviours --format json "$(OUT)"
  [ "$status" -eq 1 ]
  # holds on the 6 inputs RFC 3986 accepts (the 3 empty ports, 3 passes)
  # and the 4 it rejects: it predicts none, and the two deviations keep theirs
  [ "$(beh)" = "[('fake.rejects-everything', 0, 6, 0, True), ('fake.accepts-anything', 0, 4, 0, True), ('fake.backslash-as-slash', 3, 3, 3, False), ('fake.empty-port-dropped', 3, 3, 3, False)]" ]
  run --separate-stderr "$UT" behaviours "$(OUT)"
  [[ $output == *"fake.rejects-everything"*"holds      6  predicted      0 (0.0%) IMPRECISE"* ]]
}

@test "uritest behaviours: a behaviour whose example is a result it does not predict is exit 1, named" {
  two "$B"
  # p.ep1 shows the empty port dropped, not a backslash read as a slash
  sed -i 's/"example": "p.bs1"/"example": "p.ep1"/' "$B"
  runb
  run --separate-stderr "$UT" behaviours --format json "$(OUT)"
  [ "$status" -eq 1 ]
  [ "$(pyjson "[b['example_predicted'] for b in d['adapters']['fake']['behaviours']]" <<<"$output")" = "[False, True]" ]
  [ "$(beh)" = "[('fake.backslash-as-slash', 3, 3, 3, False), ('fake.empty-port-dropped', 3, 3, 3, False)]" ]
  run --separate-stderr "$UT" behaviours "$(OUT)"
  [ "$status" -eq 1 ]
  [[ $output == *"fake.backslash-as-slash"*"(100.0%) EXAMPLE-NOT-PREDICTED"* ]]
  [[ $output != *"fake.empty-port-dropped"*"EXAMPLE-NOT-PREDICTED"* ]]
}

@test "uritest behaviours: results two behaviours predict are overlaps, counted and listed, attributed to neither" {
  two "$B"
  "$PY" - "$B" <<'PYEOF'
import json, sys
p = sys.argv[1]; d = json.load(open(p))
d["behaviours"].append({"id": "fake.empty-port-and-lowercase", "description": "a second reading of the empty ports",
  "section": "3.2.3", "predict": {"transforms": ["empty-port-dropped", "host-lowercased"]}, "example": "p.ep2"})
json.dump(d, open(p, "w"))
PYEOF
  runb
  [ "$(one p.ep1 "['behaviour']")" = overlap ]
  run --separate-stderr "$UT" behaviours --format json "$(OUT)"
  [ "$status" -eq 0 ]
  [ "$(a "['overlaps']")" = 3 ]
  [ "$(a "['overlap_examples']")" = "['p.ep1', 'p.ep2', 'p.ep3']" ]
  [ "$(a "['unexplained']")" = 0 ]
  [ "$(beh)" = "[('fake.backslash-as-slash', 3, 3, 3, False), ('fake.empty-port-dropped', 0, 3, 3, False), ('fake.empty-port-and-lowercase', 0, 3, 3, False)]" ]
  run --separate-stderr "$UT" behaviours --format jsonl "$(OUT)"
  l() { printf '%s\n' "$output" | "$PY" -c "import json,sys; r=[json.loads(x) for x in sys.stdin]; print([x for x in r if x['id'] == '$1'][0]$2)"; }
  [ "$(l p.ep1 "['behaviour']")" = None ]
  [ "$(l p.ep1 "['predicted_by']")" = "['fake.empty-port-dropped', 'fake.empty-port-and-lowercase']" ]
  [ "$(l p.bs1 "['behaviour']")" = fake.backslash-as-slash ]
  [ "$(l p.pass1 "['class']")" = PASS ]
  [ "$(l p.pass1 "['holds']")" = "[]" ]
  run --separate-stderr "$UT" behaviours "$(OUT)"
  [[ $output == *"  overlap: p.ep1"* ]]
}

@test "uritest behaviours --behaviours FILE: the file for the adapter it names, run with --adapter-cmd" {
  runb
  run --separate-stderr "$UT" behaviours --format json "$(OUT)"
  [ "$(a "['unexplained']")" = 6 ]
  two "$BATS_TEST_TMPDIR/mine.json"
  run --separate-stderr "$UT" behaviours --behaviours "$BATS_TEST_TMPDIR/mine.json" --format json "$(OUT)"
  [ "$status" -eq 0 ]
  [ "$(a "['unexplained']")" = 0 ]
  [ "$(beh)" = "[('fake.backslash-as-slash', 3, 3, 3, False), ('fake.empty-port-dropped', 3, 3, 3, False)]" ]
  # a file for another adapter leaves the fake's results as they were
  sed 's/"adapter": "fake"/"adapter": "other"/' "$BATS_TEST_TMPDIR/mine.json" > "$BATS_TEST_TMPDIR/other.json"
  run --separate-stderr "$UT" behaviours --behaviours "$BATS_TEST_TMPDIR/other.json" --format json "$(OUT)"
  [ "$(a "['unexplained']")" = 6 ]
}

@test "uritest behaviours --infer: the fake's failures grouped into its two deviations, a document that explains them" {
  runb
  run --separate-stderr "$UT" behaviours --infer --adapter fake "$(OUT)"
  [ "$status" -eq 0 ]
  printf '%s\n' "$output" > "$B"
  [ "$(pyjson "[(b['op'], b['predict'], b.get('when')) for b in d['behaviours']]" < "$B")" = \
    "[('parse', {'transforms': ['backslash-as-slash']}, None), ('parse', {'transforms': ['empty-port-dropped']}, None)]" ]
  [ "$(pyjson "d['schema']" < "$B")" = uritest-behaviours/2 ]
  [ "$(pyjson "[b['id'] for b in d['behaviours']]" < "$B")" = "['fake.parse-backslash-as-slash', 'fake.parse-empty-port-dropped']" ]
  run --separate-stderr "$UT" behaviours --format json "$(OUT)"
  [ "$status" -eq 0 ]
  [ "$(a "['unexplained']")" = 0 ]
  # with the document in place, nothing is left to infer
  run --separate-stderr "$UT" behaviours --infer --adapter fake "$(OUT)"
  [ "$(pyjson "len(d['behaviours'])" <<<"$output")" = 2 ]
}

@test "uritest behaviours --infer: octets that each fail once are one behaviour, its input_matches their class" {
  # the fake rejects a query holding one of four sub-delims, each tried once,
  # and accepts four others: one behaviour, not four nor none
  cp "$F/predict-octets.json" "$R/vectors/v1/"
  run --separate-stderr "$UT" run --output "$(OUT)" --vectors "$R/vectors/v1/predict-octets.json" \
    --adapter-cmd "$FAKE --readings $F/predict-octets-readings.json"
  run --separate-stderr "$UT" behaviours --infer --adapter fake "$(OUT)"
  [ "$status" -eq 0 ]
  printf '%s\n' "$output" > "$B"
  [ "$(pyjson "[(b['op'], b['predict'], b['input_matches']) for b in d['behaviours']]" < "$B")" = \
    "[('parse', {'reject': True}, \"['()*]\")]" ]
  run --separate-stderr "$UT" behaviours --format json "$(OUT)"
  [ "$status" -eq 0 ]
  [ "$(a "['unexplained']")" = 0 ]
  [ "$(beh)" = "[('fake.parse-rejects-when-has-0x27-etc', 4, 4, 4, False)]" ]
}

@test "uritest behaviours: the lenient split's transforms (bad-scheme-as-path, lone-percent-encoded) and an IPvFuture's type" {
  cp "$F/predict-lenient.json" "$R/vectors/v1/"
  run --separate-stderr "$UT" run --output "$(OUT)" --vectors "$R/vectors/v1/predict-lenient.json" \
    --adapter-cmd "$FAKE --readings $F/predict-lenient-readings.json"
  behaviours "$B" <<'EOF'
[{"id": "fake.bad-scheme", "description": "a bad scheme is read as a path", "section": "3.1", "op": "parse",
  "input_matches": "^1|!", "predict": {"transforms": ["bad-scheme-as-path"]}, "example": "l.scheme1"},
 {"id": "fake.lone-percent", "description": "a lone % is written %25", "section": "2.1", "op": "parse",
  "input_matches": "%", "predict": {"transforms": ["lone-percent-encoded", "appendix-b-split"]}, "example": "l.pct1"},
 {"id": "fake.future", "description": "any IPvFuture", "section": "3.2.2", "op": "parse",
  "input_matches": "\\[v", "predict": {"transforms": ["appendix-b-split"]}, "example": "l.future1"}]
EOF
  run --separate-stderr "$UT" behaviours --format json "$(OUT)"
  [ "$status" -eq 0 ]
  [ "$(beh)" = "[('fake.bad-scheme', 2, 2, 2, False), ('fake.lone-percent', 2, 2, 2, False), ('fake.future', 1, 1, 1, False)]" ]
}

@test "uritest behaviours --infer --output FILE: the document into the behaviours file it reads, replaced whole" {
  runb
  run --separate-stderr "$UT" behaviours --infer --adapter fake --output "$B" "$(OUT)"
  [ "$status" -eq 0 ] && [ -z "$output" ]
  [ "$(pyjson "[b['id'] for b in d['behaviours']]" < "$B")" = "['fake.parse-backslash-as-slash', 'fake.parse-empty-port-dropped']" ]
  # again, over the file it reads: the same two behaviours, nothing lost
  run --separate-stderr "$UT" behaviours --infer --adapter fake --output "$B" "$(OUT)"
  [ "$status" -eq 0 ]
  [ "$(pyjson "len(d['behaviours'])" < "$B")" = 2 ]
  run --separate-stderr "$UT" behaviours --format json "$(OUT)"
  [ "$(a "['unexplained']")" = 0 ]
  # one document per file: several adapters' results need --adapter
  run --separate-stderr "$UT" behaviours --output "$B" "$(OUT)"
  [ "$status" -eq 2 ]
}

@test "bad behaviour files: exit 2 naming the file and the behaviour, in behaviours and in run" {
  two "$B"
  runb
  bad() { # PY-EXPR editing d, expected stderr glob
    two "$B"
    "$PY" -c "import json,sys; p=sys.argv[1]; d=json.load(open(p)); $1; json.dump(d, open(p,'w'))" "$B"
    run --separate-stderr "$UT" behaviours "$(OUT)"
    [ "$status" -eq 2 ]
    [[ $stderr == *"adapters/fake/behaviours.json: "*$2* ]]
  }
  bad "d['behaviours'][1]['when'] = ['no-such-condition']" "behaviour fake.empty-port-dropped: unknown condition: no-such-condition"
  bad "d['behaviours'][1]['when'] = ['lib-undefined']" "behaviour fake.empty-port-dropped: a condition on the library's answer"
  bad "d['behaviours'][1]['predict'] = {'transforms': ['no-such']}" "behaviour fake.empty-port-dropped: unknown transform: no-such"
  bad "d['behaviours'][1]['predict'] = {}" "behaviour fake.empty-port-dropped: \"predict\" must be"
  bad "d['behaviours'][1]['severity'] = 'host'" "behaviour fake.empty-port-dropped: uritest-behaviours/2 has no such field"*severity
  bad "d['behaviours'][1]['example'] = 'no.such.vector'" "behaviour fake.empty-port-dropped: example no.such.vector: no vector has this id"
  bad "d['behaviours'][1]['input_matches'] = '(unclosed'" "behaviour fake.empty-port-dropped: not a POSIX extended regular expression"
  bad "d['schema'] = 'uritest-behaviours/1'" "\"schema\" must be \"uritest-behaviours/2\""
  two "$B"
  "$PY" -c "import json,sys; p=sys.argv[1]; d=json.load(open(p)); d['behaviours'][1]['when'] = ['nope']; json.dump(d, open(p,'w'))" "$B"
  runb
  [ "$status" -eq 2 ]
  [[ $stderr == *"behaviour fake.empty-port-dropped: unknown condition"* ]]
  two "$B"
  runb # the run that failed left no results behind: the results again
  printf '{"adapter": "fake", "behaviours": [' > "$B"
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

@test "uritest behaviours --adapter: the library from the results; an adapter without results says so" {
  two "$B"
  runb
  run --separate-stderr "$UT" behaviours --adapter fake --adapter other "$(OUT)"
  [[ $output == *"fake (fakelib 1.2.3):"* ]]
  [[ $output == *"other (no results in this file):"* ]]
}

@test "uritest behaviours --transforms: adapters/TRANSFORMS.md is the C table's, as transforms-doc.py writes it" {
  run --separate-stderr "$UT" behaviours --transforms
  [ "$status" -eq 0 ]
  c=$(printf '%s\n' "$output" | awk '{print $1}')
  [ "$(printf '%s\n' "$c" | wc -l)" -gt 50 ]
  doc=$(sed -n 's/^| `\([a-z0-9-]*\)` |.*/\1/p' "$ROOT/adapters/TRANSFORMS.md")
  [ "$c" = "$doc" ]
  run --separate-stderr bash -c '"$1" behaviours --transforms --format json | /usr/bin/python3 "$2/adapters/transforms-doc.py" | diff - "$2/adapters/TRANSFORMS.md"' _ "$UT" "$ROOT"
  [ "$status" -eq 0 ]
}

@test "run --format text: the five most frequent behaviours, then how many more; --verbose all" {
  "$PY" - "$R" <<'PY'
import json, sys
r = sys.argv[1]
tests, beh = [], []
for i in range(7):
    for k in range(i + 1):  # behaviour i explains i + 1 results
        tests.append({"id": "m.%d.%d" % (i, k), "input": "http://a/b%d%s" % (i, "x" * k), "expect": "accept"})
    beh.append({"id": "fake.space-%d" % i, "description": "rejects a path starting b%d" % i, "section": "3.3",
                "op": "parse", "input_matches": "^http://a/b%dx*$" % i, "predict": {"reject": True},
                "example": "m.%d.0" % i})
json.dump({"schema": "uritest-vectors/1", "version": "1.0.0", "spec": "rfc3986",
           "groups": [{"op": "parse", "tests": tests}]}, open(r + "/vectors/v1/many.json", "w"))
json.dump({t["input"]: {"valid": False} for t in tests}, open(r + "/many-readings.json", "w"))
json.dump({"schema": "uritest-behaviours/2", "adapter": "fake", "library": "fakelib 1.2.3", "behaviours": beh},
          open(r + "/adapters/fake/behaviours.json", "w"))
PY
  run --separate-stderr "$UT" run --output "$(OUT)" --vectors "$R/vectors/v1/many.json" --adapter-cmd "$FAKE --readings $R/many-readings.json"
  [ "$status" -eq 1 ]
  [[ $output == *"  behaviours:
    fake.space-6                             7
    fake.space-5                             6
    fake.space-4                             5
    fake.space-3                             4
    fake.space-2                             3
    ... and 2 more (--verbose)
    unexplained                              0"* ]]
  run --separate-stderr "$UT" run --output "$(OUT)" --vectors "$R/vectors/v1/many.json" --adapter-cmd "$FAKE --readings $R/many-readings.json" --verbose
  [[ $output == *"fake.space-1                             2
    fake.space-0                             1
    unexplained                              0"* ]]
}
