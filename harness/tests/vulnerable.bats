#!/usr/bin/env bats
# Advisory vectors (tags cve, cve:ID; DESIGN.md "Vector files"): a failed
# result whose reading is one of the vector's x-vulnerable-readings, or any
# acceptance where the vector says "x-vulnerable": "accepts", is marked
# "vulnerable": ID in the results file, so the reports count the harness's
# decision instead of making it again.  A reading naming no component is
# refused.  The fake adapter reads each input as --readings says.
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
   "x-vulnerable": "accepts"},
  {"id": "a.rejected", "input": "i j", "expect": "reject", "tags": ["cve:CVE-5"],
   "x-vulnerable": "accepts"},
  {"id": "a.untagged", "input": "k l", "expect": "reject",
   "x-vulnerable": "accepts"},
  {"id": "a.partial", "input": "q r", "expect": "reject", "tags": ["cve:CVE-9"],
   "x-vulnerable-readings": [{"host": "r", "port": "1"}]},
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
 "o p": {"components": {}},
 "q r": {"components": {"host": "r"}}}
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
  [ "$(vuln a.any)" = CVE-4 ]          # "x-vulnerable": "accepts": any acceptance
  [ "$(vuln a.rejected)" = None ]      # rejected as the RFC says
  [ "$(vuln a.untagged)" = a.untagged ] # no cve:ID tag: the vector's id
  [ "$(vuln a.pass)" = None ]          # a PASS is never vulnerable
  [ "$(vuln a.mismatch)" = CVE-7 ]     # an accept vector read as the vulnerable library did
  [ "$(vuln a.none)" = None ]          # no vulnerable readings given
  [ "$(vuln a.partial)" = None ]       # every component of the subset must hold
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

# refused SED MESSAGE: the vectors edited by the sed expression SED are exit
# 2, MESSAGE on stderr.
refused() {
  sed "$1" "$VEC" > "$BATS_TEST_TMPDIR/bad.json"
  run --separate-stderr "$UT" run --vectors "$BATS_TEST_TMPDIR/bad.json" --output /dev/null --adapter-cmd "$FAKE"
  [ "$status" -eq 2 ]
  [[ $stderr == *"$2"* ]]
}

@test "vulnerable: a malformed x-vulnerable-readings is exit 2 naming the field" {
  refused 's/"x-vulnerable-readings": \[{"host": "d"}\]/"x-vulnerable-readings": {"host": "d"}/' \
    "test a.other-host: field x-vulnerable-readings: must be an array of components objects"
  refused 's/{"host": "d"}/{"hots": "d"}/' "test a.other-host: field x-vulnerable-readings[0].hots: unknown component"
  refused 's/{"host": "d"}/{"host": 4}/' "x-vulnerable-readings[0].host: must be a string or null"
}

@test "vulnerable: a reading naming no component is exit 2; x-vulnerable is \"accepts\" on a reject vector only" {
  refused 's/{"host": "d"}/{}/' "test a.other-host: field x-vulnerable-readings[0]: names no component"
  refused 's/"x-vulnerable-readings": \[{"host": "evil"}\]/"x-vulnerable": "accepts"/' \
    'test a.mismatch: field x-vulnerable: must be "accepts", in an expect reject test'
  refused 's/"x-vulnerable-readings": \[{"host": "d"}\]/"x-vulnerable-readings": [{"host": "d"}], "x-vulnerable": "accepts"/' \
    'test a.other-host: field x-vulnerable: must be "accepts", in an expect reject test without x-vulnerable-readings'
  refused 's/"x-vulnerable": "accepts"}/"x-vulnerable": "yes"}/' 'test a.any: field x-vulnerable: must be "accepts"'
}

# The number of vectors-schema errors of FILE (draft 2020-12, as vectors/gen/check.py).
schema_errors() {
  "$PY" -c 'import json, sys, jsonschema
s = json.load(open(sys.argv[1])); d = json.load(open(sys.argv[2]))
print(len(list(jsonschema.Draft202012Validator(s).iter_errors(d))))' "$ROOT/vectors/schema/vectors.schema.json" "$1"
}

@test "vulnerable: the schema refuses an empty reading, a known-bug without one, and accepts on an accept vector" {
  sed 's/"tags": \["cve", "cve:CVE-2"\]/"tags": ["cve", "cve:CVE-2"], "bug_type": "known-bug"/' "$VEC" > "$BATS_TEST_TMPDIR/ok.json"
  [ "$(schema_errors "$BATS_TEST_TMPDIR/ok.json")" = 0 ]
  sed 's/{"host": "d"}/{}/' "$BATS_TEST_TMPDIR/ok.json" > "$BATS_TEST_TMPDIR/empty.json"
  [ "$(schema_errors "$BATS_TEST_TMPDIR/empty.json")" = 1 ]
  sed 's/"x-vulnerable-readings": \[{"host": "d"}\]/"comment": "no reading"/' "$BATS_TEST_TMPDIR/ok.json" > "$BATS_TEST_TMPDIR/none.json"
  [ "$(schema_errors "$BATS_TEST_TMPDIR/none.json")" = 1 ]
  sed 's/"x-vulnerable-readings": \[{"host": "evil"}\]/"x-vulnerable": "accepts"/' "$VEC" > "$BATS_TEST_TMPDIR/acc.json"
  [ "$(schema_errors "$BATS_TEST_TMPDIR/acc.json")" = 1 ]
}

@test "vulnerable: every known-bug advisory vector shipped names its vulnerable reading" {
  ADV=$ROOT/vectors/v1/security/advisories.json
  [ "$(schema_errors "$ADV")" = 0 ]
  run "$PY" -c 'import json, sys
d = json.load(open(sys.argv[1]))
bad = [t["id"] for g in d["groups"] for t in g["tests"] if t.get("bug_type") == "known-bug"
       and not (t.get("x-vulnerable") == "accepts" or (t.get("x-vulnerable-readings") and all(t["x-vulnerable-readings"])))]
print(len(bad), bad)' "$ADV"
  [ "$output" = "0 []" ]
}
