#!/usr/bin/env bats
# uritest run: formats, results file, classification, filters.
load helper

runfake() { run --separate-stderr "$UT" run --output "$(OUT)" --adapter-cmd "$FAKE $FAKEOPTS" "$@"; }

@test "reference passes the harness's basic vectors: exit 0, text summary last" {
  run --separate-stderr "$UT" run --adapter reference --vectors "$V/basic.json" --output "$(OUT)"
  [ "$status" -eq 0 ]
  [[ ${lines[-1]} == "11 passed, 0 failed" ]]
  [[ ${lines[0]} == "uritest "*", vectors "*", 2023-11-14T22:13:20Z" ]]
  [[ $output == *"adapter reference: librfc3986"* ]]
}

@test "a failure: exit 1, FAIL line with class and input" {
  runfake --vectors "$V/classify.json"
  [ "$status" -eq 1 ]
  [[ $output == *"FAIL fake c.should-accept SHOULD_HAVE_ACCEPTED"* ]]
  [[ $output == *'input: "http://a/ b"'* ]]
  [[ ${lines[-1]} =~ ^[0-9]+\ passed,\ [0-9]+\ failed$ ]]
}

@test "classification: every class, components, normalization and security-relevant" {
  runfake --vectors "$V/classify.json"
  [ "$status" -eq 1 ]
  cls() { pylines "$(OUT)" "[x['class'] for x in r if x.get('id') == '$1'][0]"; }
  [ "$(cls c.semantic-host)" = COMPONENT_MISMATCH ]
  [ "$(cls c.normalization-host)" = COMPONENT_MISMATCH ]
  [ "$(cls c.should-accept)" = SHOULD_HAVE_ACCEPTED ]
  [ "$(cls c.should-reject)" = SHOULD_HAVE_REJECTED ]
  [ "$(cls c.unsupported)" = UNSUPPORTED ]
  [ "$(cls c.resolve.ok)" = PASS ]
  [ "$(cls c.resolve.bad)" = RESOLVE_MISMATCH ]
  [ "$(cls c.normalize.ok)" = PASS ]
  [ "$(cls c.normalize.bad)" = NORMALIZE_MISMATCH ]
  [ "$(cls c.equivalent.ok)" = PASS ]
  [ "$(cls c.equivalent.bad)" = EQUIVALENT_MISMATCH ]
  [ "$(cls c.iri.ok)" = PASS ]
  [ "$(cls c.iri.bad)" = OUTPUT_MISMATCH ]
  one() { pylines "$(OUT)" "[x for x in r if x.get('id') == '$1'][0]$2"; }
  [ "$(one c.semantic-host "['components']")" = "['host']" ]
  [ "$(one c.semantic-host "['mismatches'][0]['kind']")" = semantic ]
  [ "$(one c.semantic-host "['security_relevant']")" = True ]
  [ "$(one c.normalization-host "['mismatches'][0]['kind']")" = normalization ]
  # the results file leaves a member at its default out (false, [], null, 0)
  [ "$(one c.normalization-host ".get('security_relevant', 'left out')")" = "left out" ]
  # section 6.2.3 (scheme-based) counts as normalization too: default port, empty path
  [ "$(one c.scheme-normalization "['mismatches']")" = "[{'component': 'port', 'kind': 'normalization'}, {'component': 'path', 'kind': 'normalization'}]" ]
  [ "$(one c.scheme-normalization ".get('security_relevant', False)")" = False ]
  [[ $output == *"host (semantic) [security-relevant: host]"* ]]
  # text output says what was expected and what came
  [[ $output == *'host: expected "EVIL.a", got "evil.example"'* ]]
  [[ $output == *'input: "c"  base: "http://a/"'* ]]
  [[ $output == *'target: expected "http://a/x", got "http://a/c"'* ]]
  [[ $output == *'equivalent: expected true, got false'* ]]
}

@test "UNSUPPORTED does not fail a run; ops missing from the hello are UNSUPPORTED" {
  FAKEOPTS="--ops parse" runfake --vectors "$V/classify.json" --id 'c.resolve.*' --id c.unsupported --id c.fragment
  [ "$status" -eq 0 ]
  [ "$(pylines "$(OUT)" "sorted(x['class'] for x in r if x['record'] == 'result')")" = "['PASS', 'UNSUPPORTED', 'UNSUPPORTED', 'UNSUPPORTED']" ]
  [[ $output == *"3 unsupported"* ]]
  [[ ${lines[-1]} == "1 passed, 0 failed" ]]
  # nothing but UNSUPPORTED: nothing was tested, never a pass
  FAKEOPTS="--ops parse" runfake --vectors "$V/classify.json" --id 'c.resolve.*' --id c.unsupported
  [ "$status" -eq 2 ]
  [[ $stderr == *"answered none of its 3 requests"* ]]
}

@test "the results file writes UNSUPPORTED results compactly; standard output's JSON keeps every member" {
  FAKEOPTS="--ops parse" runfake --vectors "$V/classify.json" --id 'c.resolve.*' --id c.unsupported --format json
  [ "$status" -eq 2 ] # nothing tested (untested.bats)
  # in the file: what identifies and counts them (the adapter, library,
  # vector id and versions every line carries), and why; nothing compared
  [ "$(pylines "$(OUT)" "sorted(sorted(x) for x in r if x['record'] == 'result')[0]")" = \
    "['adapter', 'class', 'file', 'file_version', 'id', 'library', 'op', 'record', 'vectors_version', 'why']" ]
  [ "$(pylines "$(OUT)" "' | '.join(sorted(x['why'] for x in r if x['record'] == 'result'))")" = \
    "marker UNSUP | op not in the adapter's hello | op not in the adapter's hello" ]
  # on standard output: the contract's members, expected and got included
  [ "$(pyjson "sorted(set(k for x in d['results'] for k in ('expected', 'got', 'components', 'security_relevant') if k in x))" <<<"$output")" = \
    "['components', 'expected', 'got', 'security_relevant']" ]
}

@test "the results file writes a plain PASS tersely: the verdict's members at their defaults left out" {
  run --separate-stderr "$UT" run --adapter reference --vectors "$V/basic.json" --output "$(OUT)"
  [ "$status" -eq 0 ]
  [ "$(pylines "$(OUT)" "sorted(set(k for x in r if x['record'] == 'result' and 'implementation_defined' not in x for k in x))")" = \
    "['adapter', 'class', 'file', 'file_version', 'id', 'library', 'op', 'record', 'vectors_version']" ]
  # an implementation-defined PASS is not plain: expected and got kept
  [ "$(pylines "$(OUT)" "sorted(x['id'] for x in r if 'expected' in x and 'got' in x)")" = \
    "['h.impl.accepted', 'h.impl.space']" ]
}

@test "the results file read with its defaults is standard output's JSON, result by result" {
  runfake --vectors "$V/classify.json" --format json
  [ "$status" -eq 1 ]
  printf '%s' "$output" > "$BATS_TEST_TMPDIR/stdout.json"
  # a member left out is its default: the verdict's (empty, false, null, 0),
  # the run record's spec of the file; a plain PASS and an UNSUPPORTED result
  # leave expected and got out
  "$PY" - "$(OUT)" "$BATS_TEST_TMPDIR/stdout.json" <<'PY'
import json, sys
lines = [json.loads(l) for l in open(sys.argv[1])]
run, std = lines[0], json.load(open(sys.argv[2]))["results"]
libs = {a["name"]: a["library"] for a in run["adapters"]}
got = [x for x in lines if x["record"] == "result"]
assert len(got) == len(std) > 10, (len(got), len(std))
left = set()
for f, s in zip(got, std):
    full = {"library": libs[f["adapter"]], "vectors_version": run["vectors_version"], "components": [],
            "file_version": run["files"][f["file"]]["version"], "spec": run["files"][f["file"]]["spec"],
            "mismatches": [], "security_relevant": False, "severity": None, "endpoint": None,
            "not_compared": 0}
    left |= set(full) - set(f)
    full.update(f)
    del full["record"]
    if s["class"] == "UNSUPPORTED" or (s["class"] == "PASS" and not s.get("implementation_defined")):
        assert "expected" not in f and "got" not in f, f
        s = {k: v for k, v in s.items() if k not in ("expected", "got")}
    assert full == s, (full, s)
assert left == {"spec", "components", "mismatches", "security_relevant", "severity", "endpoint",
                "not_compared"}, left
PY
}

@test "components the adapter leaves out are not compared, and counted" {
  FAKEOPTS="--no-fragment" runfake --vectors "$V/classify.json" --id c.fragment
  [ "$status" -eq 0 ]
  [ "$(pylines "$(OUT)" "[x['not_compared'] for x in r if x.get('id') == 'c.fragment'][0]")" = 1 ]
  [[ $output == *"1 components not compared"* ]]
}

@test "implementation-defined vectors are recorded but never fail" {
  runfake --vectors "$V/basic.json" --id 'h.impl.*'
  [ "$status" -eq 0 ]
  [ "$(pylines "$(OUT)" "[x.get('implementation_defined') for x in r if x['record'] == 'result']")" = "[True, True]" ]
}

@test "whatwg vectors: compared on the getters for whatwg adapters, skipped for others" {
  FAKEOPTS="--whatwg --spec whatwg" runfake --vectors "$V/whatwg.json"
  [ "$status" -eq 1 ]
  # a plain PASS leaves out the members at their defaults (DESIGN.md "Results file")
  cls() { pylines "$(OUT)" "[(x['class'], x.get('components', []), x.get('security_relevant', False)) for x in r if x.get('id') == '$1'][0]"; }
  [ "$(cls w.ok)" = "('PASS', [], False)" ]
  [ "$(cls w.host)" = "('COMPONENT_MISMATCH', ['hostname'], True)" ]
  [ "$(cls w.reject)" = "('PASS', [], False)" ]
  # an rfc3986 adapter without getters: not run, so nothing was tested: exit 2
  FAKEOPTS="" runfake --vectors "$V/whatwg.json"
  [ "$status" -eq 2 ]
  [[ $output == *"3 skipped"* ]]
  [[ $stderr == *"no request was run: the adapters take none of the 3 vectors selected"* ]]
  [ "$(pylines "$(OUT)" "len([x for x in r if x['record'] == 'result'])")" = 0 ]
  # nor does a crash on a whatwg vector count against an rfc3986 adapter
  sed 's|"http://b/"|"http://CRASH/"|' "$V/whatwg.json" > "$BATS_TEST_TMPDIR/wcrash.json"
  FAKEOPTS="" runfake --vectors "$BATS_TEST_TMPDIR/wcrash.json"
  [ "$status" -eq 2 ]
  [[ $output == *"3 skipped"* ]]
  # an adapter that is not whatwg by its hello but answers with getters
  # (a rejection without getters cannot be told from "not a WHATWG parser")
  FAKEOPTS="--whatwg" runfake --vectors "$V/whatwg.json"
  [ "$status" -eq 1 ]
  [ "$(pylines "$(OUT)" "len([x for x in r if x['record'] == 'result'])")" = 2 ]
}

@test "--format tap: plan, ok/not ok per request, directives" {
  runfake --vectors "$V/classify.json" --format tap
  [ "$status" -eq 1 ]
  [[ ${lines[0]} == "TAP version 13" ]]
  n_ok=$(printf '%s\n' "$output" | grep -c '^ok ')
  n_not=$(printf '%s\n' "$output" | grep -c '^not ok ')
  [ "$n_ok" -eq 6 ]
  [ "$n_not" -eq 9 ]
  printf '%s\n' "$output" | grep -q '^1\.\.15$'
  printf '%s\n' "$output" | grep -q '^ok .* # SKIP unsupported'
  printf '%s\n' "$output" | grep -q '^not ok .*c.semantic-host # COMPONENT_MISMATCH host'
  printf '%s\n' "$output" | grep -q '^# uritest .*, vectors '
  printf '%s\n' "$output" | grep -q '^# adapter fake: fakelib 1.2.3'
}

@test "--format junit: well-formed XML, one testsuite per adapter, properties" {
  runfake --vectors "$V/classify.json" --format junit
  [ "$status" -eq 1 ]
  printf '%s' "$output" > "$BATS_TEST_TMPDIR/j.xml"
  r=$("$PY" - "$BATS_TEST_TMPDIR/j.xml" <<'PY'
import sys, xml.etree.ElementTree as ET
t = ET.parse(sys.argv[1]).getroot()
s = t.find("testsuite")
props = {p.get("name"): p.get("value") for p in s.find("properties")}
print(s.get("name"), s.get("tests"), s.get("failures"), s.get("skipped"),
      len(s.findall("testcase")), len(s.findall("testcase/failure")),
      props["library"], "uritest" in props, "vectors_version" in props, "date" in props)
PY
)
  [ "$r" = "fake 15 9 1 15 9 fakelib 1.2.3 True True True" ]
}

@test "--format json: one object, every request (PASS too), counts by class" {
  runfake --vectors "$V/classify.json" --format json
  [ "$status" -eq 1 ]
  printf '%s' "$output" > "$BATS_TEST_TMPDIR/o.json"
  a() { pyjson "$1" < "$BATS_TEST_TMPDIR/o.json"; }
  [ "$(a 'len(d["results"])')" = 15 ]
  [ "$(a 'd["adapters"]["fake"]["total"]')" = 15 ]
  [ "$(a 'd["adapters"]["fake"]["passed"]')" = 5 ]
  [ "$(a 'd["adapters"]["fake"]["failed"]')" = 9 ]
  [ "$(a 'd["adapters"]["fake"]["library"]')" = "fakelib 1.2.3" ]
  [ "$(a 'd["adapters"]["fake"]["by_class"]["PASS"]')" = 5 ]
  [ "$(a 'd["adapters"]["fake"]["security_relevant"]')" = 1 ]
  [ "$(a '[x["class"] for x in d["results"] if x["id"] == "c.iri.ok"][0]')" = PASS ]
  [ "$(a 'sorted(d["results"][0])')" = "['adapter', 'behaviour', 'class', 'components', 'endpoint', 'expected', 'file', 'file_version', 'got', 'id', 'library', 'mismatches', 'not_compared', 'op', 'security_relevant', 'severity', 'spec', 'vectors_version']" ]
  [ "$(a 'd["uritest"]["vectors_version"] != "" and d["uritest"]["date"]')" = "2023-11-14T22:13:20Z" ]
}

@test "results file: header, one line per result with adapter, library, id, versions; summary" {
  fake_root
  run "$UT" run --adapter fake --vectors "$V/classify.json" --output "$(OUT)"
  [ "$status" -eq 1 ]
  [ "$(pylines "$(OUT)" "(r[0]['record'], r[0]['uritest'], r[0]['vectors_version'], r[0]['date'], r[0]['adapters'])")" = "('run', '0.1.0', '9.9.9', '2023-11-14T22:13:20Z', [{'name': 'fake', 'library': 'fakelib 1.2.3', 'spec': 'rfc3986'}])" ]
  # every line carries the adapter, library, vectors version and file
  # version (../shared/DESIGN.md); the spec is the run record's: left out
  [ "$(pylines "$(OUT)" "set((x['adapter'], x.get('library'), x.get('vectors_version'), x.get('file_version'), x.get('spec')) for x in r if x['record'] == 'result')")" = "{('fake', 'fakelib 1.2.3', '9.9.9', '1.0.0', None)}" ]
  [ "$(pylines "$(OUT)" "list(r[0]['files'].values())")" = "[{'version': '1.0.0', 'spec': 'rfc3986'}]" ]
  # a failure leaves out the verdict's members at their defaults too; an
  # input RFC 3986 rejects that the adapter reads is judged by endpoint
  [ "$(pylines "$(OUT)" "sorted([x for x in r if x.get('id') == 'c.should-reject'][0])")" = \
    "['adapter', 'behaviour', 'class', 'endpoint', 'expected', 'file', 'file_version', 'got', 'id', 'library', 'op', 'record', 'vectors_version']" ]
  [ "$(pylines "$(OUT)" "len([x for x in r if x['record'] == 'result'])")" = 15 ]
  [ "$(pylines "$(OUT)" "(r[-1]['record'], r[-1]['passed'], r[-1]['failed'])")" = "('summary', 5, 9)" ]
  [ "$(pylines "$(OUT)" "[x['expected'] for x in r if x.get('id') == 'c.resolve.bad'][0]")" = "{'expect': 'accept', 'input': 'c', 'base': 'http://a/', 'target': 'http://a/x'}" ]
  [ "$(pylines "$(OUT)" "[x['got'] for x in r if x.get('id') == 'c.resolve.bad'][0]")" = "{'valid': True, 'target': 'http://a/c'}" ]
  # plain passes leave expected and got out of the file (--format json has them)
  [ "$(pylines "$(OUT)" "[('expected' in x, 'got' in x) for x in r if x.get('id') == 'c.resolve.ok'][0]")" = "(False, False)" ]
}

@test "--output to a folder that does not exist yet is created; unwritable is exit 2" {
  run "$UT" run --adapter-cmd "$FAKE" --vectors "$V/basic.json" --output "$BATS_TEST_TMPDIR/x/y/r.jsonl"
  [ -s "$BATS_TEST_TMPDIR/x/y/r.jsonl" ]
  run "$UT" run --adapter-cmd "$FAKE" --vectors "$V/basic.json" --output /proc/nope/r.jsonl
  [ "$status" -eq 2 ]
}

@test "filters: --id glob, --tag, --section, --group, --file, --op" {
  count() { runfake --vectors "$V" "$@" --format json; printf '%s' "$output" | pyjson 'len(d["results"])'; }
  [ "$(count --id 'h.basic.*')" = 7 ]
  [ "$(count --id 'h.basic.full' --id 'h.match.*')" = 3 ]
  [ "$(count --tag ip)" = 1 ]
  [ "$(count --tag basic)" = 7 ]
  [ "$(count --section 3.2)" = 7 ]
  [ "$(count --section 3.2.2)" = 7 ]
  runfake --vectors "$V" --section 3.20 # none selected: exit 2
  [ "$status" -eq 2 ]
  [ "$(count --section rfc3986:7.4)" = 2 ]
  [ "$(count --group match)" = 2 ]
  [ "$(count --group 'impl*')" = 2 ]
  [ "$(count --file basic.json)" = 11 ]
  [ "$(count --file 'vectors/b*')" = 11 ]
  [ "$(count --file 'tests/vectors/basic.json')" = 11 ]
  runfake --vectors "$V" --file 'sts/vectors/basic.json'
  [ "$status" -eq 2 ]
  [ "$(count --file markers.json --file classify.json)" = 20 ]
  [ "$(count --op resolve)" = 2 ]
  [ "$(count --op match --file basic.json)" = 2 ]
}

@test "--vectors: a folder is searched recursively, the same file twice is loaded once" {
  runfake --vectors "$V" --vectors "$V/basic.json" --format json
  [ "$(printf '%s' "$output" | pyjson 'len(d["results"])')" -eq 31 ]
}

@test "--adapter-cmd twice: both adapters run, each named by its hello" {
  run --separate-stderr "$UT" run --vectors "$V/basic.json" --output "$(OUT)" --format json \
    --adapter-cmd "$FAKE --name one" --adapter-cmd "$FAKE --name two --version 2.0"
  [ "$(printf '%s' "$output" | pyjson 'sorted((k, v["library"]) for k, v in d["adapters"].items())')" = "[('one', 'fakelib 1.2.3'), ('two', 'fakelib 2.0')]" ]
  # two adapters with the same name would mix their results
  run "$UT" run --vectors "$V/basic.json" --output "$(OUT)" --adapter-cmd "$FAKE" --adapter-cmd "$FAKE"
  [ "$status" -eq 2 ]
}

@test "progress on standard error when asked (and on a terminal), never on stdout" {
  sed 's/MARKER/HANG/' "$V/markers.json" > "$BATS_TEST_TMPDIR/hang.json"
  run --separate-stderr "$UT" run --adapter-cmd "$FAKE" --vectors "$BATS_TEST_TMPDIR/hang.json" \
    --output "$(OUT)" --timeout 1.2 --progress
  [ "$status" -eq 1 ]
  [[ $stderr == *"fake: "*"/5"*"/s"* ]]
  [[ $output != *"/s"* ]]
  run --separate-stderr "$UT" run --adapter-cmd "$FAKE" --vectors "$V/basic.json" --output "$(OUT)"
  [ "$stderr" = "uritest: 11 results written to $(OUT)" ] # no progress: where the results went
  run --separate-stderr "$UT" run --adapter-cmd "$FAKE" --vectors "$BATS_TEST_TMPDIR/hang.json" \
    --output "$(OUT)" --timeout 1.2 --no-progress
  [ "$stderr" = "uritest: 5 results written to $(OUT)" ]
}

@test "on a terminal, a run longer than a second shows progress by itself" {
  command -v script >/dev/null || skip "no script(1)"
  sed 's/MARKER/HANG/' "$V/markers.json" > "$BATS_TEST_TMPDIR/hang.json"
  run script -qec "'$UT' run --adapter-cmd '$FAKE' --vectors '$BATS_TEST_TMPDIR/hang.json' --output '$(OUT)' --timeout 1.2" /dev/null
  [[ $output == *"fake: "*"/5"*"/s"* ]]
  [[ $output == *"4 passed, 1 failed"* ]]
}

@test "--jobs N: adapters side by side, the same results, suites in adapter order" {
  run --separate-stderr "$UT" run --vectors "$V" --output "$(OUT)" --format json \
    --adapter-cmd "$FAKE --name one" --adapter-cmd "$FAKE --name two" --adapter-cmd "$FAKE --name three"
  [ "$status" -eq 1 ]
  seq=$(printf '%s' "$output" | pyjson 'sorted((k, v["passed"], v["failed"], v["unsupported"], v["skipped"]) for k, v in d["adapters"].items())')
  run --separate-stderr "$UT" run --vectors "$V" --output "$(OUT)" --format json --jobs 3 \
    --adapter-cmd "$FAKE --name one" --adapter-cmd "$FAKE --name two" --adapter-cmd "$FAKE --name three"
  [ "$status" -eq 1 ]
  par=$(printf '%s' "$output" | pyjson 'sorted((k, v["passed"], v["failed"], v["unsupported"], v["skipped"]) for k, v in d["adapters"].items())')
  [ "$seq" = "$par" ]
  [ "$(printf '%s' "$output" | pyjson 'len(d["results"])')" -eq 93 ]
  [ "$(pylines "$(OUT)" "len([x for x in r if x['record'] == 'result'])")" -eq 93 ]
  run --separate-stderr "$UT" run --vectors "$V/classify.json" --output "$(OUT)" --format junit --jobs 2 \
    --adapter-cmd "$FAKE --name one" --adapter-cmd "$FAKE --name two" --adapter-cmd "$FAKE --name three"
  r=$(printf '%s' "$output" | "$PY" -c "
import sys, xml.etree.ElementTree as ET
print([(s.get('name'), s.get('tests'), len(s.findall('testcase'))) for s in ET.fromstring(sys.stdin.read()).findall('testsuite')])")
  [ "$r" = "[('one', '15', 15), ('two', '15', 15), ('three', '15', 15)]" ]
  run "$UT" run --jobs 0
  [ "$status" -eq 2 ]
  run "$UT" run --jobs many
  [ "$status" -eq 2 ]
  run "$UT" diff --jobs 2
  [ "$status" -eq 2 ]
}

@test "the first adapter starts while the vectors load; its hello is timed from when it is awaited" {
  local d=$BATS_TEST_TMPDIR
  mkfifo "$d/v.json"
  "$UT" run --vectors "$d/v.json" --adapter-cmd "touch '$d/started'; exec $FAKE" \
    --hello-timeout 1 --output "$(OUT)" --no-progress > "$d/out" 2> "$d/err" &
  local ut=$!
  # nobody has written the vector file yet: the adapter is running all the same
  for _ in $(seq 100); do [ -e "$d/started" ] && break; sleep 0.1; done
  [ -e "$d/started" ] || { kill $ut; false; }
  sleep 1.5 # longer than --hello-timeout, the vectors still not read
  cat "$V/basic.json" > "$d/v.json"
  local st=0
  wait $ut || st=$?
  [ "$st" -eq 0 ] || { cat "$d/err"; false; }
  [[ $(tail -n 1 "$d/out") == "11 passed, 0 failed" ]]
  [ ! -s "$d/err" ] || [[ $(cat "$d/err") == "uritest: 11 results written to "* ]]
}
