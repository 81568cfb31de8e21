#!/usr/bin/env bats
# Advisory vectors (tags cve, cve:ID; DESIGN.md "Vector files"): a failed
# result whose reading is one of the vector's x-vulnerable-readings is
# marked "vulnerable": ID in the results file (issue 20 item 5), so the
# reports count the harness's decision instead of making it again.  The
# fake adapter reads each input as --readings says.
load helper

setup() {
  VEC=$BATS_TEST_TMPDIR/advisories.json
  cat > "$VEC" <<'EOF'
{"schema": "uritest-vectors/1", "version": "1.0.0", "spec": "rfc3986",
 "groups": [{"op": "parse", "tests": [
  {"id": "a.host", "input": "http://a b/", "expect": "reject", "tags": ["cve", "cve:CVE-1"],
   "x-vulnerable-readings": [{"host": "b"}, {"host": "a b", "port": null}]},
  {"id": "a.other-host", "input": "http://c d/", "expect": "reject", "tags": ["cve", "cve:CVE-2"],
   "x-vulnerable-readings": [{"host": "d"}]},
  {"id": "a.null", "input": "x y", "expect": "reject", "tags": ["cve:GHSA-x"],
   "x-vulnerable-readings": [{"scheme": null}]},
  {"id": "a.left-out", "input": "e f", "expect": "reject", "tags": ["cve:CVE-3"],
   "x-vulnerable-readings": [{"scheme": null}]},
  {"id": "a.any", "input": "g h", "expect": "reject", "tags": ["cve", "cve:CVE-4"],
   "x-vulnerable-readings": [{}]},
  {"id": "a.rejected", "input": "i j", "expect": "reject", "tags": ["cve:CVE-5"],
   "x-vulnerable-readings": [{}]},
  {"id": "a.untagged", "input": "k l", "expect": "reject",
   "x-vulnerable-readings": [{}]},
  {"id": "a.pass", "input": "http://m/", "expect": "accept", "tags": ["cve:CVE-6"],
   "components": {"host": "m"}, "x-vulnerable-readings": [{"host": "m"}]},
  {"id": "a.mismatch", "input": "http://n/", "expect": "accept", "tags": ["cve:CVE-7"],
   "components": {"host": "n"}, "x-vulnerable-readings": [{"host": "evil"}]},
  {"id": "a.none", "input": "o p", "expect": "reject", "tags": ["cve:CVE-8"]}
 ]}]}
EOF
  READ=$BATS_TEST_TMPDIR/readings.json
  cat > "$READ" <<'EOF'
{"http://a b/": {"components": {"host": "a b", "port": null}},
 "http://c d/": {"components": {"host": "c"}},
 "x y": {"components": {"scheme": null, "path": "x y"}},
 "e f": {"components": {"path": "e f"}},
 "g h": {"components": {}},
 "i j": {"valid": false},
 "k l": {"components": {}},
 "http://n/": {"components": {"host": "evil"}},
 "o p": {"components": {}}}
EOF
}

vuln() { pylines "$(OUT)" "[x.get('vulnerable') for x in r if x.get('id') == '$1'][0]"; }

@test "vulnerable: a failed result reading one of the vulnerable readings names its advisory" {
  run --separate-stderr "$UT" run --vectors "$VEC" --output "$(OUT)" --adapter-cmd "$FAKE --readings $READ"
  [ "$status" -eq 1 ]
  [ "$(vuln a.host)" = CVE-1 ]         # the second subset, null for null
  [ "$(vuln a.other-host)" = None ]    # another host: failed, not the advisory's reading
  [ "$(vuln a.null)" = GHSA-x ]        # the cve:ID tag's ID, without "cve"
  [ "$(vuln a.left-out)" = None ]      # a component left out is not null
  [ "$(vuln a.any)" = CVE-4 ]          # an empty subset: any acceptance
  [ "$(vuln a.rejected)" = None ]      # rejected as the RFC says
  [ "$(vuln a.untagged)" = a.untagged ] # no cve:ID tag: the vector's id
  [ "$(vuln a.pass)" = None ]          # a PASS is never vulnerable
  [ "$(vuln a.mismatch)" = CVE-7 ]     # an accept vector read as the vulnerable library did
  [ "$(vuln a.none)" = None ]          # no vulnerable readings given
  # only failed results carry it, and uritest report passes it on
  [ "$(pylines "$(OUT)" "sorted(x['class'] for x in r if x.get('vulnerable'))")" = "['COMPONENT_MISMATCH', 'SHOULD_HAVE_REJECTED', 'SHOULD_HAVE_REJECTED', 'SHOULD_HAVE_REJECTED', 'SHOULD_HAVE_REJECTED']" ]
  run "$UT" report --quiet --output-dir "$BATS_TEST_TMPDIR/rep" "$(OUT)"
  [ "$status" -eq 0 ]
  [ "$(pyjson 'd["adapters"]["fake"]["vulnerable"]' < "$BATS_TEST_TMPDIR/rep/results.json")" = "['CVE-1', 'CVE-4', 'CVE-7', 'GHSA-x', 'a.untagged']" ]
}

@test "vulnerable: --format json carries it too" {
  run --separate-stderr "$UT" run --vectors "$VEC" --output /dev/null --format json --adapter-cmd "$FAKE --readings $READ"
  [ "$status" -eq 1 ]
  [ "$(echo "$output" | pyjson '[x["id"] for x in d["results"] if x.get("vulnerable")]')" = "['a.host', 'a.null', 'a.any', 'a.untagged', 'a.mismatch']" ]
}

@test "vulnerable: a malformed x-vulnerable-readings is exit 2 naming the field" {
  sed 's/"x-vulnerable-readings": \[{"host": "d"}\]/"x-vulnerable-readings": {"host": "d"}/' "$VEC" > "$BATS_TEST_TMPDIR/bad1.json"
  run --separate-stderr "$UT" run --vectors "$BATS_TEST_TMPDIR/bad1.json" --output /dev/null --adapter-cmd "$FAKE"
  [ "$status" -eq 2 ]
  [[ $stderr == *"test a.other-host: field x-vulnerable-readings: must be an array of components objects"* ]]
  sed 's/{"host": "d"}/{"hots": "d"}/' "$VEC" > "$BATS_TEST_TMPDIR/bad2.json"
  run --separate-stderr "$UT" run --vectors "$BATS_TEST_TMPDIR/bad2.json" --output /dev/null --adapter-cmd "$FAKE"
  [ "$status" -eq 2 ]
  [[ $stderr == *"test a.other-host: field x-vulnerable-readings[0].hots: unknown component"* ]]
  sed 's/{"host": "d"}/{"host": 4}/' "$VEC" > "$BATS_TEST_TMPDIR/bad3.json"
  run --separate-stderr "$UT" run --vectors "$BATS_TEST_TMPDIR/bad3.json" --output /dev/null --adapter-cmd "$FAKE"
  [ "$status" -eq 2 ]
  [[ $stderr == *"x-vulnerable-readings[0].host: must be a string or null"* ]]
}
