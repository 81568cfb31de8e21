#!/usr/bin/env bats
# uritest site: the static site of a run (DESIGN.md "The site"), from the
# hostile fixture (names, libraries, ids and inputs with markup and
# javascript:) and a run of the fake adapters.  The browser's check of the
# same pages is reports/browser/site.js (make test-browser).
bats_require_minimum_version 1.5.0

ROOT=$(cd "$BATS_TEST_DIRNAME/../.." && pwd)
UT=${UTBIN:-build/bin/uritest}
[[ $UT = /* ]] || UT=$ROOT/$UT
DATA=$BATS_TEST_DIRNAME/data
V=$ROOT/harness/tests/vectors
FAKE=$ROOT/harness/tests/fake/fake.py

site() { run --separate-stderr "$UT" site -o "$S" "$@"; }

setup() {
  cd "$ROOT"
  S=$BATS_TEST_TMPDIR/site
}

@test "site: index, a page, a badge and an API file per adapter, the adapters' list" {
  site --pairs "$DATA/hostile-pairs.json" "$DATA/hostile.jsonl"
  [ "$status" -eq 0 ]
  [[ $output == "uritest site: 3 adapters in $S/index.html" ]]
  [ -f "$S/index.html" ]
  [ "$(ls "$S/adapters" | wc -l)" -eq 3 ] && [ "$(ls "$S/badges" | wc -l)" -eq 3 ]
  [ "$(ls "$S/api/v1" | wc -l)" -eq 4 ]
  run jq -r '.adapters[] | [.name, .page, .badge, .api] | @tsv' "$S/api/v1/adapters.json"
  while IFS=$'\t' read -r name pg bd api; do
    [ -f "$S/$pg" ] && [ -f "$S/$bd" ] && [ -f "$S/$api" ]
    [ "$(jq -r .name "$S/$api")" = "$name" ]
  done <<<"$output"
  # a name is one safe file name
  [ -f "$S/adapters/evil-x3Cimg-x20src-x3Dx-x20onerror-x3Dalert-x285-x29-x3E.html" ]
}

@test "site: a badge is a shields.io endpoint document; the oracle's says 100%" {
  site --pairs "$DATA/hostile-pairs.json" "$DATA/hostile.jsonl"
  [ "$(jq -c . "$S/badges/reference.json")" = '{"color":"brightgreen","label":"RFC 3986","message":"100.0% parse","schemaVersion":1}' ]
  for b in "$S"/badges/*.json; do
    jq -e '.schemaVersion == 1 and (.label | type == "string") and (.message | type == "string") and (.color | type == "string")' "$b" >/dev/null
  done
}

@test "site: every string of the results is text in the pages, never markup" {
  site --pairs "$DATA/hostile-pairs.json" "$DATA/hostile.jsonl"
  ! grep -l '<img\|<script\|href="javascript:' "$S"/index.html "$S"/adapters/*.html || false
  grep -q 'evil&lt;img src=x onerror=alert(5)&gt;' "$S/index.html"
}

@test "site: an adapter's page: conformance per kind, behaviours with an example, security findings, advisories, pairs" {
  "$UT" run --vectors "$V/classify.json" --adapter-cmd "$FAKE" --adapter-cmd "$FAKE --name lib-b --readings $ROOT/harness/tests/findings/pairs-b.json" \
    --output "$BATS_TEST_TMPDIR/r/results.jsonl" --no-progress >/dev/null 2>&1 || true
  [ -f "$BATS_TEST_TMPDIR/r/results.pairs.json" ]
  site "$BATS_TEST_TMPDIR/r/results.jsonl"
  [ "$status" -eq 0 ]
  p=$S/adapters/fake.html
  for h in "Conformance per kind of vector file" "Behaviours" "Security findings" "Advisories it reproduces" "Pairs"; do
    grep -q "<h2>$h</h2>" "$p" || { echo "no $h"; false; }
  done
  grep -q 'fakelib 1.2.3' "$p"
  # the security finding of the fake (EVIL read as evil.example), its example
  [ "$(jq -r '.security_findings[0] | [.severity, .count, .example.input] | @tsv' "$S/api/v1/fake.json")" = "host	1	http://EVIL.a/" ]
  [ "$(jq -r '.behaviours[0].behaviour' "$S/api/v1/fake.json")" = unexplained ]
  [ "$(jq -r '.pairs | length' "$S/api/v1/fake.json")" -ge 1 ]
}

@test "site: a results file or a pair matrix that cannot be read is exit 2" {
  site "$BATS_TEST_TMPDIR/none.jsonl"
  [ "$status" -eq 2 ]
  [[ $stderr == *"none.jsonl"* ]]
  printf 'not json' > "$BATS_TEST_TMPDIR/p.json"
  site --pairs "$BATS_TEST_TMPDIR/p.json" "$DATA/hostile.jsonl"
  [ "$status" -eq 2 ]
  [[ $stderr == *"uritest site: $BATS_TEST_TMPDIR/p.json: "* ]]
}

@test "site: host-lost counted apart from the different endpoints, in the matrix, the page and the API" {
  printf '%s\n' 'http://0x7f.1/' 'http://h:/' 'http://h/' > "$BATS_TEST_TMPDIR/in.txt"
  "$UT" diff --adapter-cmd "$FAKE --readings $ROOT/harness/tests/findings/judged-readings.json" \
    --output "$BATS_TEST_TMPDIR/d.jsonl" "$BATS_TEST_TMPDIR/in.txt" >/dev/null 2>&1 || true
  site "$BATS_TEST_TMPDIR/d.jsonl"
  [ "$status" -eq 0 ]
  [ "$(jq -c '[.security_relevant, .host_lost]' "$S/api/v1/fake.json")" = "[1,2]" ]
  [ "$(jq -c '[.adapters[0].security_relevant, .adapters[0].host_lost]' "$S/api/v1/adapters.json")" = "[1,2]" ]
  grep -q '<th>different endpoints</th><th>host lost</th>' "$S/index.html"
  grep -q '<td class="n">1 (1 host)</td><td class="n">2</td>' "$S/index.html"
  grep -q '2 more where it loses the host RFC 3986 reads' "$S/adapters/fake.html"
}
