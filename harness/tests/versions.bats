#!/usr/bin/env bats
# uritest versions: every published version of each library with
# "versions", summed up per behaviour and advisory (first and last version
# where it holds) with each advisory's stated range checked against the
# runs.  The fake-versioned adapter's readings change at known versions
# (fake-versioned/adapter.py): from 2.0 "//a@b" reads host "after" (before:
# "h"), from 3.0 "x" is rejected.

load helper

setup() {
  R=$BATS_TEST_TMPDIR/root
  mkdir -p "$R/adapters/fakev" "$R/vectors/v1"
  echo 9.9.9 > "$R/vectors/VERSION"
  cat > "$R/vectors/v1/adv.json" <<'JSON'
{"schema": "uritest-vectors/1", "version": "1.0.0", "spec": "rfc3986",
 "groups": [{"op": "parse", "tests": [
  {"id": "v.at", "input": "//a@b", "expect": "accept", "components": {"host": "b"},
   "tags": ["cve", "cve:CVE-0000-0001"], "bug_type": "known-bug",
   "x-library": "fakelib (npm)", "x-affected": "< 2.0", "x-vulnerable-readings": [{"host": "h"}]},
  {"id": "v.at2", "input": "//c@d", "expect": "accept", "components": {"host": "d"},
   "tags": ["cve", "cve:CVE-0000-0002"], "bug_type": "known-bug",
   "x-library": "fakelib (npm)", "x-affected": "< 1.5", "x-vulnerable-readings": [{"host": "h"}]},
  {"id": "v.other", "input": "//e@f", "expect": "accept", "components": {"host": "f"},
   "tags": ["cve", "cve:CVE-0000-0003"], "bug_type": "known-bug",
   "x-library": "otherlib (npm)", "x-affected": "< 9", "x-vulnerable-readings": [{"host": "h"}]},
  {"id": "v.x", "input": "x", "expect": "accept"}
 ]}]}
JSON
  cat > "$R/adapters/fakev/adapter.json" <<JSON
{"name": "fakev", "spec": "rfc3986",
 "command": ["/usr/bin/python3", "$BATS_TEST_DIRNAME/fake-versioned/adapter.py"],
 "versions": {"npm": "fakelib", "pinned": "3.0", "published": ["1.0", "1.5", "2.0", "3.0"]}}
JSON
  cat > "$R/adapters/fakev/behaviours.json" <<'JSON'
{"schema": "uritest-behaviours/2", "adapter": "fakev", "library": "fakelib",
 "behaviours": [{"id": "fakev.x-rejected", "description": "x is rejected", "section": "4.1",
   "op": "parse", "input_matches": "^x$", "predict": {"reject": true}, "example": "v.x"}]}
JSON
  for v in 1.0 1.5 2.0; do mkdir -p "$R/adapters/fakev/versions/$v/node_modules"; done
  export URITEST_ROOT=$R
}

lib() { pyjson "[l for l in d['libraries'] if l['adapter'] == 'fakev'][0]$1" < "$BATS_TEST_TMPDIR/v.json"; }
adv() { lib "['advisories']" | "$PY" -c "import ast,sys; a={x['id']: x for x in ast.literal_eval(sys.stdin.read())}; print(a['$1']$2)"; }

@test "versions: every version run; an advisory's first and last vulnerable version" {
  run "$UT" versions --output "$BATS_TEST_TMPDIR/v.json"
  [ "$status" -eq 0 ]
  [ "$(lib "['versions']")" = "['1.0', '1.5', '2.0', '3.0']" ]
  [ "$(lib "['npm']")" = fakelib ]
  [ "$(adv CVE-0000-0001 "['vulnerable']")" = "['1.0', '1.5']" ]
  [ "$(adv CVE-0000-0001 "['first']")" = 1.0 ]
  [ "$(adv CVE-0000-0001 "['last']")" = 1.5 ]
}

@test "versions: a stated range that the runs bear out agrees; one they contradict names the versions" {
  "$UT" versions --output "$BATS_TEST_TMPDIR/v.json"
  [ "$(adv CVE-0000-0001 "['agrees']")" = True ]
  [ "$(adv CVE-0000-0001 "['stated']")" = "< 2.0" ]
  # "< 1.5" says 1.5 is fixed; the 1.5 run still reads host h
  [ "$(adv CVE-0000-0002 "['agrees']")" = False ]
  [ "$(adv CVE-0000-0002 "['disagree']")" = "[{'version': '1.5', 'stated': False, 'observed': True}]" ]
}

@test "versions: an advisory of another library is not the library's; one read vulnerably is listed unstated" {
  "$UT" versions --output "$BATS_TEST_TMPDIR/v.json"
  [ "$(adv CVE-0000-0003 "['stated']")" = None ]
  [ "$(adv CVE-0000-0003 "['range_read']")" = False ]
  [ "$(adv CVE-0000-0003 "['vulnerable']")" = "['1.0', '1.5']" ]
}

@test "versions: a behaviour's first and last version, published versions read with NAME's behaviours" {
  # 4.0, after the pinned 3.0, is run as fakev@4.0 and still rejects "x"
  sed -i 's/"2.0", "3.0"\]/"2.0", "3.0", "4.0"]/' "$URITEST_ROOT/adapters/fakev/adapter.json"
  mkdir -p "$URITEST_ROOT/adapters/fakev/versions/4.0/node_modules"
  "$UT" versions --output "$BATS_TEST_TMPDIR/v.json"
  [ "$(lib "['versions']")" = "['1.0', '1.5', '2.0', '3.0', '4.0']" ]
  [ "$(lib "['behaviours']")" = "[{'id': 'fakev.x-rejected', 'first': '3.0', 'last': '4.0', 'versions': ['3.0', '4.0']}]" ]
}

@test "versions: a version not installed is listed, named with make deps, exit 1" {
  rm -rf "$URITEST_ROOT/adapters/fakev/versions/1.5"
  run --separate-stderr "$UT" versions --output "$BATS_TEST_TMPDIR/v.json"
  [ "$status" -eq 1 ]
  [[ "$stderr" == *'not installed: fakev@1.5; run: make deps ADAPTERS="fakev@1.5"'* ]]
  [ "$(lib "['not_installed']")" = "['1.5']" ]
  [ "$(lib "['versions']")" = "['1.0', '2.0', '3.0']" ]
}

@test "versions: an adapter without published versions is a usage error" {
  run "$UT" versions --adapter reference
  [ "$status" -eq 2 ]
  [[ "$output" == *"has no published versions"* ]]
}

@test "versions: stated ranges read: <, <=, before, bare versions, and, fixed in" {
  cat > "$URITEST_ROOT/vectors/v1/ranges.json" <<'JSON'
{"schema": "uritest-vectors/1", "version": "1.0.0", "spec": "rfc3986",
 "groups": [{"op": "parse", "tests": [
  {"id": "r.le", "input": "//r1", "expect": "accept", "x-library": "fakelib", "x-affected": "<= 1.5"},
  {"id": "r.before", "input": "//r2", "expect": "accept", "x-library": "fakelib", "x-affected": "before 2.0 (a note)"},
  {"id": "r.fixed", "input": "//r3", "expect": "accept", "x-library": "fakelib", "x-affected": "fixed in 3.0 and 1.5"},
  {"id": "r.span", "input": "//r4", "expect": "accept", "x-library": "fakelib", "x-affected": ">= 1.5 <= 2.0 and 3.0; fixed 3.1"},
  {"id": "r.words", "input": "//r5", "expect": "accept", "x-library": "fakelib", "x-affected": "all of them"}
 ]}]}
JSON
  "$UT" versions --output "$BATS_TEST_TMPDIR/v.json"
  # never read vulnerably: agrees exactly where the range holds in no version run
  [ "$(adv r.le "['disagree']")" = "[{'version': '1.0', 'stated': True, 'observed': False}, {'version': '1.5', 'stated': True, 'observed': False}]" ]
  [ "$(adv r.before "['disagree']")" = "[{'version': '1.0', 'stated': True, 'observed': False}, {'version': '1.5', 'stated': True, 'observed': False}]" ]
  [ "$(adv r.fixed "['disagree']")" = "[{'version': '1.0', 'stated': True, 'observed': False}, {'version': '2.0', 'stated': True, 'observed': False}]" ]
  [ "$(adv r.span "['disagree']")" = "[{'version': '1.5', 'stated': True, 'observed': False}, {'version': '2.0', 'stated': True, 'observed': False}, {'version': '3.0', 'stated': True, 'observed': False}]" ]
  [ "$(adv r.words "['range_read']")" = False ]
  [ "$(adv r.words "['agrees']")" = None ]
}

@test "versions and bisect: the runs' folder under TMPDIR is gone afterwards, pair matrices included" {
  mkdir "$BATS_TEST_TMPDIR/tmp"
  TMPDIR=$BATS_TEST_TMPDIR/tmp "$UT" versions --output "$BATS_TEST_TMPDIR/v.json"
  TMPDIR=$BATS_TEST_TMPDIR/tmp "$UT" bisect --adapter fakev --versions all --format json > /dev/null || [ $? -eq 1 ]
  [ "$(ls -A "$BATS_TEST_TMPDIR/tmp")" = "" ]
  # the folder is made under TMPDIR: one that does not exist is an error
  run --separate-stderr env TMPDIR="$BATS_TEST_TMPDIR/none" "$UT" versions --output "$BATS_TEST_TMPDIR/v.json"
  [ "$status" -eq 2 ]
  [[ "$stderr" == *"$BATS_TEST_TMPDIR/none/uritest-versions-"*"cannot make the folder of the runs"* ]]
}

@test "versions --output: a symbolic link is replaced, its target untouched; a full device says why" {
  echo keep > "$BATS_TEST_TMPDIR/target"
  ln -s "$BATS_TEST_TMPDIR/target" "$BATS_TEST_TMPDIR/v.json"
  "$UT" versions --output "$BATS_TEST_TMPDIR/v.json"
  [ "$(cat "$BATS_TEST_TMPDIR/target")" = keep ]
  [ ! -L "$BATS_TEST_TMPDIR/v.json" ]
  pyjson 'len(d) > 0' < "$BATS_TEST_TMPDIR/v.json"
  run --separate-stderr "$UT" versions --output /dev/full
  [ "$status" -eq 2 ]
  [[ $stderr == *"/dev/full: cannot write: No space left on device"* ]]
}
