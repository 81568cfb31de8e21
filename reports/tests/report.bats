#!/usr/bin/env bats
# uritest report: the discrepancy matrix rendered from a results file.
# data/hostile.jsonl holds results whose vectors, adapter names, library
# versions and readings carry markup; the page must show it all as text.
bats_require_minimum_version 1.5.0

ROOT=$(cd "$BATS_TEST_DIRNAME/../.." && pwd)
UT=${UTBIN:-build/bin/uritest}
[[ $UT = /* ]] || UT=$ROOT/$UT
DATA=$BATS_TEST_DIRNAME/data

setup() {
  cd "$ROOT"
  OUTD=$BATS_TEST_TMPDIR/out
}

render() {
  run "$UT" report --output-dir "$OUTD" --quiet "$DATA/hostile.jsonl"
  [ "$status" -eq 0 ]
}

# The page's data block, as one line.
data_block() { sed -n 's/.*<script type="application\/json" id="data">\(.*\)<\/script>.*/\1/p' "$OUTD/index.html"; }

@test "report: writes index.html, summary.md and results.json" {
  render
  [ -s "$OUTD/index.html" ]
  [ -s "$OUTD/summary.md" ]
  jq -e . "$OUTD/results.json" > /dev/null
}

@test "report: no markup from a vector or an adapter reaches the page as markup" {
  render
  # only the page's own two script elements, no img element at all
  [ "$(grep -o '<script' "$OUTD/index.html" | wc -l)" -eq 2 ]
  ! grep -q '<img' "$OUTD/index.html" || false
  ! grep -q '<script>alert' "$OUTD/index.html" || false
  ! grep -q '<b>' "$OUTD/index.html" || false
  # adapter name and library version in the matrix: HTML text
  grep -qF 'evil&lt;img src=x onerror=alert(5)&gt;' "$OUTD/index.html"
  grep -qF 'lib&lt;/script&gt;&lt;script&gt;alert(6)&lt;/script&gt; 1.0' "$OUTD/index.html"
}

@test "report: the page's data escapes < as \\u003c (and > & as \\u003e \\u0026)" {
  render
  d=$(data_block)
  [ -n "$d" ]
  [[ $d != *"<"* ]]
  [[ $d != *">"* ]]
  [[ $d == *'\u003cscript\u003ealert(1)\u003c/script\u003e'* ]]
  [[ $d == *'\"\u003e\u003cimg src=x onerror=alert(1)\u003e'* ]]
  # and it is JSON that reads back to the original text
  printf '%s' "$d" | jq -e '.vectors | map(.[2]) | index("<script>alert(1)</script>") != null' > /dev/null
}

@test "report: visible escapes for control characters and non-ASCII" {
  render
  d=$(data_block)
  # a U+0001 b DEL c U+2028 d
  printf '%s' "$d" | jq -e '.vectors | map(.[2]) | index("http://h/a\\x01b\\x7Fc\\u{2028}d") != null' > /dev/null
  printf '%s' "$d" | jq -e '.vectors | map(.[2]) | index("http://\\u{0192}\\u{00F8}\\u{00F8}.example/") != null' > /dev/null
  # a NUL in an adapter's reading
  printf '%s' "$d" | jq -e '[.rows[][5][] | select(.[0] == "host") | .[1]] | index("\"a@b\\x00</script>\"") != null' > /dev/null
}

@test "report: self-contained page (no network, no external files)" {
  render
  ! grep -Eq '(src|href)="(https?:)?//' "$OUTD/index.html" || false
  ! grep -Eq '<link|<iframe|<object|<embed' "$OUTD/index.html" || false
  grep -q "Content-Security-Policy\" content=\"default-src 'none'" "$OUTD/index.html"
}

@test "report: adapters as columns with library and spec; classes as rows" {
  render
  grep -q '<th>reference<div class="small">librfc3986 0.1.0<br>spec: rfc3986</div></th>' "$OUTD/index.html"
  grep -q '<tr><th class="cls">SHOULD_HAVE_REJECTED</th><td class="n z">0</td><td class="n bad">4</td></tr>' "$OUTD/index.html"
  grep -q '^| `SHOULD_HAVE_REJECTED` | 0 | 4 |$' "$OUTD/summary.md"
  grep -q '^| security-relevant | 0 | 1 |$' "$OUTD/summary.md"
}

@test "report: every non-PASS result with vector id, section, components, security flag" {
  render
  run jq -c '[.results[] | [.id, .class, .section, .components, .security_relevant]]' "$OUTD/results.json"
  [ "$status" -eq 0 ]
  [[ $output == *'["hostile.sec","COMPONENT_MISMATCH","RFC 3986 3.2.1",["userinfo","host"],true]'* ]]
  [[ $output == *'["hostile.script","SHOULD_HAVE_REJECTED","RFC 3986 3.2.2",[],false]'* ]]
  [ "$(jq '.results | length' "$OUTD/results.json")" -eq 6 ]
  [ "$(jq '.adapters.reference.passed' "$OUTD/results.json")" -eq 7 ]
  [ "$(jq '.adapters["evil<img src=x onerror=alert(5)>"].by_class.CRASH' "$OUTD/results.json")" -eq 1 ]
}

@test "report: pruned view keeps one vector per pattern of outcomes" {
  render
  # patterns: (PASS, SHOULD_HAVE_REJECTED) x4, (PASS, CRASH), (PASS, COMPONENT_MISMATCH)
  [ "$(jq '.pruned | length' "$OUTD/results.json")" -eq 3 ]
  [ "$(jq '[.pruned[].vectors] | add' "$OUTD/results.json")" -eq 6 ]
  jq -e '.pruned[0] | .id == "hostile.script" and .vectors == 4' "$OUTD/results.json" > /dev/null
}

@test "report: summary.md escapes markup and table pipes" {
  render
  grep -qF '| evil\<img src=x onerror=alert(5)\> |' "$OUTD/summary.md"
  grep -qF '`<script>alert(1)</script>`' "$OUTD/summary.md"
}

@test "report: terminal summary per adapter" {
  run "$UT" report --output-dir "$OUTD" "$DATA/hostile.jsonl"
  [ "$status" -eq 0 ]
  [[ $output == *"reference (librfc3986 0.1.0): 7 passed, 0 failed, 0 security-relevant"* ]]
  [[ $output == *"SHOULD_HAVE_REJECTED   4"* ]]
  [[ $output == *"report: $OUTD/index.html"* ]]
}

@test "report: default results file and folder are under the repository root" {
  R=$BATS_TEST_TMPDIR/root
  mkdir -p "$R/reports/out"
  cp "$DATA/hostile.jsonl" "$R/reports/out/results.jsonl"
  URITEST_ROOT=$R run "$UT" report --quiet
  [ "$status" -eq 0 ]
  [ -s "$R/reports/out/index.html" ]
  [ -s "$R/reports/out/summary.md" ]
}

@test "report: rule coverage and code coverage are included when given" {
  printf '%s\n' '{"rules": {"URI": {"accept": 3, "reject": 0, "alternatives": []},' \
    '"path": {"accept": 5, "reject": 1, "alternatives": [{"accept": 5, "shadowed": false}, {"accept": 0, "shadowed": true}]}}}' \
    > "$BATS_TEST_TMPDIR/rc.json"
  printf '%s\n' 'lines: 99.5% (199 of 200)' 'functions: 100.0% (10 of 10)' 'branches: 95.0% (95 of 100)' \
    'uncovered line: reference/src/x.c:3' > "$BATS_TEST_TMPDIR/cov.txt"
  run "$UT" report --output-dir "$OUTD" --quiet --rule-coverage "$BATS_TEST_TMPDIR/rc.json" \
    --coverage "$BATS_TEST_TMPDIR/cov.txt" "$DATA/hostile.jsonl"
  [ "$status" -eq 0 ]
  grep -q 'id="rule-coverage"' "$OUTD/index.html"
  grep -q '^| `URI` | 3 | 0 |' "$OUTD/summary.md"
  ! grep -q '^| `path` |' "$OUTD/summary.md" || false
  grep -q '^lines: 99.5% (199 of 200)$' "$OUTD/summary.md"
  grep -q '1 uncovered lines' "$OUTD/index.html"
}

@test "report: a results file from uritest run on the reference" {
  run "$UT" run --adapter reference --vectors vectors/v1/rfc3986/examples.json \
    --output "$BATS_TEST_TMPDIR/r.jsonl" --no-progress
  [ "$status" -eq 0 ]
  run "$UT" report --output-dir "$OUTD" --quiet "$BATS_TEST_TMPDIR/r.jsonl"
  [ "$status" -eq 0 ]
  grep -q '^| failed | 0 |$' "$OUTD/summary.md"
  [ "$(jq '.results | length' "$OUTD/results.json")" -eq 0 ]
}

@test "report: usage and input errors exit 2" {
  run "$UT" report --no-such-option
  [ "$status" -eq 2 ]
  run "$UT" report --output-dir "$OUTD" "$BATS_TEST_TMPDIR/missing.jsonl"
  [ "$status" -eq 2 ]
  printf '%s\n' '{"record": "run", "adapters": []}' '{"record": "result", "adapter": ' > "$BATS_TEST_TMPDIR/bad.jsonl"
  run "$UT" report --output-dir "$OUTD" "$BATS_TEST_TMPDIR/bad.jsonl"
  [ "$status" -eq 2 ]
  [[ $output == *"bad.jsonl:2:"* ]]
  printf '%s\n' '{"record": "result", "adapter": "a", "id": "x", "class": "NO_SUCH_CLASS"}' > "$BATS_TEST_TMPDIR/bad2.jsonl"
  run "$UT" report --output-dir "$OUTD" "$BATS_TEST_TMPDIR/bad2.jsonl"
  [ "$status" -eq 2 ]
  run "$UT" report --help
  [ "$status" -eq 0 ]
  [[ $output == *"usage: uritest report"* ]]
}
