#!/usr/bin/env bats
# --format junit (issue 18 item 3): what CI test tabs read.  A baseline
# entry is <skipped message="known: CLASS">, an exit-0 run has no failure
# and no error; the elements and attributes that the Ant schema
# (windyroad JUnit.xsd) and the Jenkins one (xunit junit-10.xsd) require are
# there; classnames are ADAPTER.FILE.GROUP.  Checked with xmllint and XPath.
load helper

ut() { run --separate-stderr "$UT" run --output /dev/null --format junit "$@"; }
xp() { xmllint --xpath "$1" "$BATS_TEST_TMPDIR/j.xml"; }

# the test cases that Ant and Jenkins require of every suite and case
required() {
  f=$BATS_TEST_TMPDIR/j.xml
  xmllint --noout "$f"
  # testsuites: no attribute (Ant allows none)
  [ "$(xp 'count(/testsuites/@*)')" = 0 ]
  n=$(xp 'count(/testsuites/testsuite)')
  [ "$n" -ge 1 ]
  for a in name package id hostname tests failures errors time timestamp; do
    [ "$(xp "count(/testsuites/testsuite[not(@$a) or @$a=''])")" = 0 ] || { echo "a testsuite lacks @$a"; false; }
  done
  # ids 0, 1, ...; timestamps without a zone; time a decimal
  for i in $(seq 1 "$n"); do
    [ "$(xp "string(/testsuites/testsuite[$i]/@id)")" = $((i - 1)) ]
    [[ $(xp "string(/testsuites/testsuite[$i]/@timestamp)") =~ ^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}$ ]]
    [[ $(xp "string(/testsuites/testsuite[$i]/@time)") =~ ^[0-9]+(\.[0-9]+)?$ ]]
    # counts agree with the cases
    [ "$(xp "string(/testsuites/testsuite[$i]/@tests)")" = "$(xp "count(/testsuites/testsuite[$i]/testcase)")" ]
    [ "$(xp "string(/testsuites/testsuite[$i]/@failures)")" = "$(xp "count(/testsuites/testsuite[$i]/testcase/failure)")" ]
    [ "$(xp "string(/testsuites/testsuite[$i]/@errors)")" = "$(xp "count(/testsuites/testsuite[$i]/testcase/error)")" ]
    [ "$(xp "string(/testsuites/testsuite[$i]/@skipped)")" = "$(xp "count(/testsuites/testsuite[$i]/testcase/skipped)")" ]
    # Ant's order: properties first, system-out and system-err last
    [ "$(xp "name(/testsuites/testsuite[$i]/*[1])")" = properties ]
    [ "$(xp "name(/testsuites/testsuite[$i]/*[last()-1])")" = system-out ]
    [ "$(xp "name(/testsuites/testsuite[$i]/*[last()])")" = system-err ]
  done
  [ "$(xp 'count(//property[not(@name) or not(@value)])')" = 0 ]
  for a in name classname time; do
    [ "$(xp "count(//testcase[not(@$a) or @$a=''])")" = 0 ] || { echo "a testcase lacks @$a"; false; }
  done
  [ "$(xp 'count(//failure[not(@type)]) + count(//error[not(@type)])')" = 0 ]
  # at most one of skipped, failure, error per case
  [ "$(xp 'count(//testcase[count(skipped|failure|error) > 1])')" = 0 ]
}

@test "junit: a run with a baseline that holds is exit 0 with failures=0 errors=0; known entries are skipped" {
  b=$BATS_TEST_TMPDIR/b.json
  "$UT" run --vectors "$V/classify.json" --adapter-cmd "$FAKE" --output /dev/null --write-baseline "$b" 2>/dev/null
  ut --vectors "$V/classify.json" --adapter-cmd "$FAKE" --baseline "$b"
  [ "$status" -eq 0 ]
  printf '%s\n' "$output" > "$BATS_TEST_TMPDIR/j.xml"
  required
  [ "$(xp 'count(//testsuite[@failures!="0" or @errors!="0"])')" = 0 ]
  [ "$(xp 'count(//failure) + count(//error)')" = 0 ]
  [ "$(xp 'string(//testcase[@name="c.semantic-host"]/skipped/@message)')" = "known: COMPONENT_MISMATCH" ]
  [ "$(xp 'string(//testcase[@name="c.resolve.bad"]/skipped/@message)')" = "known: RESOLVE_MISMATCH" ]
  [ "$(xp 'count(//testcase/skipped[starts-with(@message, "known: ")])')" = 9 ]
  [ "$(xp 'string(/testsuites/testsuite/@tests)')" = 15 ]
  [ "$(xp 'string(/testsuites/testsuite/@hostname)')" = "$(hostname)" ]
}

@test "junit: a new discrepancy is a failure, a crash an error, a baseline entry now passing a failing case" {
  b=$BATS_TEST_TMPDIR/b.json
  "$UT" run --vectors "$V/classify.json" --adapter-cmd "$FAKE" --output /dev/null --write-baseline "$b" 2>/dev/null
  "$PY" -c "import json,sys; d=json.load(open(sys.argv[1])); d['entries']=[e for e in d['entries'] if e['id'] != 'c.iri.bad']; d['entries'].append({'id': 'c.iri.ok', 'class': 'OUTPUT_MISMATCH', 'components': []}); json.dump(d, open(sys.argv[1],'w'))" "$b"
  sed 's/MARKER/CRASH/' "$V/markers.json" > "$BATS_TEST_TMPDIR/crash.json"
  ut --vectors "$V/classify.json" --vectors "$BATS_TEST_TMPDIR/crash.json" --adapter-cmd "$FAKE" --baseline "$b"
  [ "$status" -eq 1 ]
  printf '%s\n' "$output" > "$BATS_TEST_TMPDIR/j.xml"
  required
  [ "$(xp 'string(//testcase[@name="c.iri.bad"]/failure/@type)')" = OUTPUT_MISMATCH ]
  [ "$(xp 'string(//testcase[@name="m.02.marker"]/error/@type)')" = CRASH ]
  [ "$(xp 'string(/testsuites/testsuite[1]/@failures)')" = 1 ]
  [ "$(xp 'string(/testsuites/testsuite[1]/@errors)')" = 1 ]
  [ "$(xp 'string(/testsuites/testsuite[2]/@name)')" = "fake baseline" ]
  [ "$(xp 'string(//testcase[@name="c.iri.ok"]/failure/@type)')" = NOW_PASSING ]
}

@test "junit: classnames are ADAPTER.FILE.GROUP, unique for files of one name in two folders" {
  mkdir -p "$BATS_TEST_TMPDIR/v/v1/a" "$BATS_TEST_TMPDIR/v/v1/b/c"
  cp "$V/basic.json" "$BATS_TEST_TMPDIR/v/v1/a/curl.json"
  sed 's/"b\./"x./g; s/"id": "/"id": "other./g' "$V/basic.json" > "$BATS_TEST_TMPDIR/v/v1/b/c/curl.json"
  ut --vectors "$BATS_TEST_TMPDIR/v/v1" --adapter-cmd "$FAKE" --adapter-cmd "$FAKE --name two"
  printf '%s\n' "$output" > "$BATS_TEST_TMPDIR/j.xml"
  required
  xp '//testcase/@classname' | sed 's/.*classname="\([^"]*\)".*/\1/' | sort -u > "$BATS_TEST_TMPDIR/names"
  grep -qx 'fake.a.curl.parse' "$BATS_TEST_TMPDIR/names"
  grep -qx 'fake.b.c.curl.parse' "$BATS_TEST_TMPDIR/names"
  grep -qx 'two.a.curl.implementation-defined' "$BATS_TEST_TMPDIR/names"
  grep -qx 'fake.b.c.curl.match' "$BATS_TEST_TMPDIR/names"
  # one (file, group) per classname: the pairs are as many as the names
  [ "$(wc -l < "$BATS_TEST_TMPDIR/names")" -eq 12 ]
}

@test "junit: uritest diff is one suite with the same required attributes" {
  printf 'http://a/\nhttp://EVIL.a/\n' > "$BATS_TEST_TMPDIR/in"
  run --separate-stderr "$UT" diff --adapter-cmd "$FAKE" --format junit --output /dev/null "$BATS_TEST_TMPDIR/in"
  [ "$status" -eq 1 ]
  printf '%s\n' "$output" > "$BATS_TEST_TMPDIR/j.xml"
  required
  [ "$(xp 'string(/testsuites/testsuite/@failures)')" = 1 ]
}
