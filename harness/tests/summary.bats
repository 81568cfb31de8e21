#!/usr/bin/env bats
# summary.md leads with the verdict (issue 18 item 4): what decided the
# exit code (new discrepancies with input, expected and got; baseline
# entries now passing; discrepancies on vectors new since the baseline),
# then the totals; under 1 MB, saying how many it left out.
load helper

setup() {
  B=$BATS_TEST_TMPDIR/b.json RES=$BATS_TEST_TMPDIR/r.jsonl O=$BATS_TEST_TMPDIR/out
  "$UT" run --vectors "$V/classify.json" --adapter-cmd "$FAKE" --output "$RES" --write-baseline "$B" >/dev/null 2>&1
}
report() { run --separate-stderr "$UT" report --quiet --output-dir "$O" "$@"; }
line() { grep -n "$1" "$O/summary.md" | head -n 1 | cut -d: -f1; }

@test "summary.md: the baseline holds: Verdict PASS before the totals" {
  report --baseline "$B" "$RES"
  [ "$status" -eq 0 ]
  [ "$(line '^## Verdict: PASS$')" -lt "$(line '^## Totals$')" ]
  grep -q '^Against 1 baseline: \*\*0 new discrepancies\*\*, \*\*0 baseline entries now passing\*\*' "$O/summary.md"
}

@test "summary.md: a new discrepancy with input, expected and got; an entry now passing; FAIL first" {
  "$PY" -c "import json,sys; d=json.load(open(sys.argv[1])); d['entries']=[e for e in d['entries'] if e['id'] != 'c.resolve.bad']+[{'id': 'c.iri.ok', 'class': 'OUTPUT_MISMATCH', 'components': []}]; json.dump(d, open(sys.argv[1],'w'))" "$B"
  report --baseline "$B" "$RES"
  [ "$status" -eq 0 ]
  v=$(line '^## Verdict: FAIL$')
  [ "$v" -lt "$(line '^### New discrepancies (1)$')" ]
  [ "$(line '^### New discrepancies (1)$')" -lt "$(line '^## Totals$')" ]
  grep -qF '| fake | `c.resolve.bad` | `RESOLVE_MISMATCH` | `"c"` | `{"expect":"accept","input":"c","base":"http://a/","target":"http://a/x"}` | `{"valid":true,"target":"http://a/c"}` |' "$O/summary.md"
  grep -qF '### Baseline entries now passing (1): remove them from the baseline' "$O/summary.md"
  grep -qF -- '- fake: `c.iri.ok` (was OUTPUT_MISMATCH)' "$O/summary.md"
  # the same verdict as check
  run "$UT" check --baseline "$B" "$RES"
  [ "$status" -eq 1 ]
}

@test "summary.md: no --baseline: the results' own marks decide (a run with --baseline)" {
  "$PY" -c "import json,sys; d=json.load(open(sys.argv[1])); d['entries']=d['entries'][1:]; json.dump(d, open(sys.argv[1],'w'))" "$B"
  "$UT" run --vectors "$V/classify.json" --adapter-cmd "$FAKE" --output "$RES" --baseline "$B" >/dev/null 2>&1 || true
  report "$RES"
  grep -q '^## Verdict: FAIL$' "$O/summary.md"
  grep -q '^No baseline given: \*\*1 discrepancies\*\*' "$O/summary.md"
  grep -qF '| fake | `c.semantic-host` |' "$O/summary.md"
}

@test "summary.md: vectors new since the baseline's version are listed apart" {
  fake_root
  echo 1.1.0 > "$URITEST_ROOT/vectors/VERSION"
  { echo '# released 1.0.0'; printf 'c.semantic-host\t0\n'; } > "$URITEST_ROOT/vectors/RELEASED"
  "$UT" run --vectors "$V/classify.json" --adapter-cmd "$FAKE" --output "$RES" >/dev/null 2>&1 || true
  "$PY" -c "import json,sys; d=json.load(open(sys.argv[1])); d['vectors_version']='1.0.0'; d['entries']=[e for e in d['entries'] if e['id'] == 'c.semantic-host']; json.dump(d, open(sys.argv[1],'w'))" "$B"
  report --baseline "$B" "$RES"
  echo "$stderr"
  [ "$status" -eq 0 ]
  grep -q '^### Discrepancies on vectors new since the baseline (8)$' "$O/summary.md"
  ! grep -q '^### New discrepancies' "$O/summary.md"
}

@test "summary.md stays under 1 MB and says how many it left out" {
  "$PY" - "$RES" <<'PY'
import json, sys
with open(sys.argv[1], "w") as f:
    f.write(json.dumps({"record": "run", "uritest": "0.1.0", "command": "run", "vectors_version": "1.0.0",
                        "date": "2023-11-14T22:13:20Z", "adapters": [{"name": "big", "library": "big 1", "spec": "rfc3986"}]}) + "\n")
    n = 20000
    for i in range(n):
        inp = "http://h/" + "x" * 900 + str(i)
        f.write(json.dumps({"record": "result", "adapter": "big", "library": "big 1", "id": "big.%05d" % i,
                            "vectors_version": "1.0.0", "file": "big.json", "file_version": "1.0.0", "spec": "rfc3986",
                            "op": "parse", "class": "SHOULD_HAVE_REJECTED", "components": [], "mismatches": [],
                            "security_relevant": False, "not_compared": 0,
                            "expected": {"expect": "reject", "input": inp}, "got": {"valid": True}}) + "\n")
    f.write(json.dumps({"record": "summary", "passed": 0, "failed": n, "adapters": {"big": {"library": "big 1", "spec": "rfc3986", "total": n, "passed": 0, "failed": n}}}) + "\n")
PY
  report "$RES"
  [ "$status" -eq 0 ]
  size=$(stat -c %s "$O/summary.md")
  [ "$size" -lt 1048576 ]
  [ "$(line '^## Verdict: FAIL$')" -lt "$(line '^## Totals$')" ]
  shown=$(grep -c '^| big | `big\.' "$O/summary.md")
  [ "$shown" -gt 100 ]
  grep -q "^$((20000 - shown)) more not shown" "$O/summary.md"
}
