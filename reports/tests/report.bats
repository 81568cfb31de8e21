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
  ! grep -q '<!--' "$OUTD/index.html" || false
  # and one </script> for each of the two script elements
  [ "$(grep -o '</script' "$OUTD/index.html" | wc -l)" -eq 2 ]
}

@test "report: the page's data escapes < > & U+2028 U+2029 and reads back to the text" {
  render
  d=$(data_block)
  [ -n "$d" ]
  [[ $d != *"<"* ]]
  [[ $d != *">"* ]]
  [[ $d != *"&"* ]]
  ! printf '%s' "$d" | grep -q $'\u2028' || false
  ! printf '%s' "$d" | grep -q $'\u2029' || false
  [[ $d == *'\u003cscript\u003ealert(1)\u003c/script\u003e'* ]]
  [[ $d == *'\"\u003e\u003cimg src=x onerror=alert(1)\u003e'* ]]
  printf '%s' "$d" | jq -e '.S | index("<script>alert(1)</script>") != null' > /dev/null
  printf '%s' "$d" | jq -e '.S | index("evil<img src=x onerror=alert(5)>") != null' > /dev/null
  printf '%s' "$d" | jq -e '.S | index("<!-- 1.0\u2028</script>") != null' > /dev/null
}

@test "report: visible escapes for control characters and non-ASCII" {
  render
  d=$(data_block)
  # a U+0001 b DEL c U+2028 d
  printf '%s' "$d" | jq -e '.S | index("http://h/a\\x01b\\x7Fc\\u{2028}d") != null' > /dev/null
  printf '%s' "$d" | jq -e '.S | index("http://\\u{0192}\\u{00F8}\\u{00F8}.example/") != null' > /dev/null
  # a NUL in an adapter's reading
  printf '%s' "$d" | jq -e '.S | index("\"a@b\\x00</script>\"") != null' > /dev/null
}

@test "report: self-contained page (no network, no external files)" {
  render
  ! grep -Eq '(src|href)="(https?:)?//' "$OUTD/index.html" || false
  ! grep -Eq '<link|<iframe|<object|<embed' "$OUTD/index.html" || false
  grep -q "Content-Security-Policy\" content=\"default-src 'none'" "$OUTD/index.html"
}

@test "report: per adapter, library, spec and counts by class" {
  render
  grep -q '^| `SHOULD_HAVE_REJECTED` | 0 | 4 | 0 |$' "$OUTD/summary.md"
  grep -q '^| security-relevant | 0 | 1 | 1 |$' "$OUTD/summary.md"
  d=$(data_block)
  printf '%s' "$d" | jq -e '.A[0] as $a | .S[$a.name] == "reference" and .S[$a.library] == "librfc3986 0.1.0" and .S[$a.spec] == "rfc3986"' > /dev/null
}

@test "report: every non-PASS result but UNSUPPORTED with vector id, section, components, security flag" {
  render
  run jq -c '[.results[] | [.id, .class, .section, .components, .security_relevant]]' "$OUTD/results.json"
  [ "$status" -eq 0 ]
  [[ $output == *'["hostile.sec","COMPONENT_MISMATCH","RFC 3986 3.2.1",["userinfo","host"],true]'* ]]
  [[ $output == *'["hostile.script","SHOULD_HAVE_REJECTED","RFC 3986 3.2.2",[],false]'* ]]
  [ "$(jq '.results | length' "$OUTD/results.json")" -eq 7 ]
  [ "$(jq '[.results[] | select(.class == "UNSUPPORTED")] | length' "$OUTD/results.json")" -eq 0 ]
  [ "$(jq '.adapters.reference.passed' "$OUTD/results.json")" -eq 7 ]
  [ "$(jq '.adapters["evil<img src=x onerror=alert(5)>"].by_class.CRASH' "$OUTD/results.json")" -eq 1 ]
}

@test "report: --all keeps the UNSUPPORTED results in results.json" {
  run "$UT" report --all --output-dir "$OUTD" --quiet "$DATA/hostile.jsonl"
  [ "$status" -eq 0 ]
  [ "$(jq '.results | length' "$OUTD/results.json")" -eq 8 ]
  jq -e '.report.unsupported_included == true' "$OUTD/results.json" > /dev/null
}

@test "report: conformance per op, as the README's headline reads it" {
  render
  # hostile.pass is the evil adapter's only PASS of 6 parse results on an rfc3986 file
  jq -e '.adapters["evil<img src=x onerror=alert(5)>"].conformance.parse == {"passed": 1, "answered": 7}' "$OUTD/results.json" > /dev/null
  jq -e '.adapters["javascript:alert(10)<!--"].conformance.parse == {"passed": 0, "answered": 1}' "$OUTD/results.json" > /dev/null
  jq -e '.adapters.reference.role == "oracle"' "$OUTD/results.json" > /dev/null
  # passed, failed, security-relevant, host-lost, unsupported, then per op
  grep -q '^| reference | librfc3986 0.1.0 | rfc3986 | 7 | 0 | 0 | 0 | 0 | 100.0% (7 of 7) |' "$OUTD/summary.md"
}

@test "report: several results files are read in turn" {
  head -n 8 "$DATA/hostile.jsonl" > "$BATS_TEST_TMPDIR/a.jsonl"
  tail -n +9 "$DATA/hostile.jsonl" > "$BATS_TEST_TMPDIR/b.jsonl"
  run "$UT" report --output-dir "$OUTD" --quiet "$BATS_TEST_TMPDIR/a.jsonl" "$BATS_TEST_TMPDIR/b.jsonl"
  [ "$status" -eq 0 ]
  [ "$(jq '.results | length' "$OUTD/results.json")" -eq 7 ]
  [ "$(jq '.adapters.reference.passed' "$OUTD/results.json")" -eq 7 ]
}

@test "report: pruned view keeps one vector per pattern of outcomes" {
  render
  # patterns: (PASS, SHOULD_HAVE_REJECTED, -) x4, (PASS, CRASH, -), (PASS, COMPONENT_MISMATCH, UNSUPPORTED), (-, -, COMPONENT_MISMATCH)
  [ "$(jq '.pruned | length' "$OUTD/results.json")" -eq 4 ]
  [ "$(jq '[.pruned[].vectors] | add' "$OUTD/results.json")" -eq 7 ]
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
  data_block | jq -e '.X.rulecov.URI.accept == 3' > /dev/null
  data_block | jq -e '.X.coverage.lines_uncovered == 1' > /dev/null
  grep -q '^| `URI` | 3 | 0 |' "$OUTD/summary.md"
  ! grep -q '^| `path` |' "$OUTD/summary.md" || false
  grep -q '^lines: 99.5% (199 of 200)$' "$OUTD/summary.md"
  grep -q '^1 uncovered lines' "$OUTD/summary.md"
}

@test "report: a results file from uritest run on the reference" {
  run "$UT" run --adapter reference --vectors vectors/v1/rfc3986/examples.json \
    --output "$BATS_TEST_TMPDIR/r.jsonl" --no-progress
  [ "$status" -eq 0 ]
  run "$UT" report --output-dir "$OUTD" --quiet "$BATS_TEST_TMPDIR/r.jsonl"
  [ "$status" -eq 0 ]
  grep -q '^| failed | 0 |$' "$OUTD/summary.md"
  # no baseline in the run: no list of "new" discrepancies
  grep -q '^No baseline given: \*\*0 discrepancies\*\*' "$OUTD/summary.md"
  grep -q '^## Verdict: PASS$' "$OUTD/summary.md"
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

@test "report: summary.md gives the verdict first (new discrepancies), then the totals" {
  render
  new=$(grep -n '^No baseline given: \*\*6 discrepancies\*\* the results do not mark known (baseline)\.$' "$OUTD/summary.md" | cut -d: -f1)
  per=$(grep -n '^## Per adapter$' "$OUTD/summary.md" | cut -d: -f1)
  [ -n "$new" ] && [ -n "$per" ] && [ "$new" -lt "$per" ]
  grep -q '^| evil\\<img src=x onerror=alert(5)\\> | `hostile.sec` | `COMPONENT_MISMATCH` | `"http://a@b/"` | `{' "$OUTD/summary.md"
  [ "$(stat -c %s "$OUTD/summary.md")" -lt 1000000 ]
}

@test "report: names and versions with control characters are escaped in the terminal and summary.md" {
  run "$UT" report --output-dir "$OUTD" "$DATA/hostile.jsonl"
  [ "$status" -eq 0 ]
  [[ $output == *'javascript:alert(10)<!-- (<!-- 1.0\u{2028}</script>): 0 passed, 1 failed'* ]]
  [[ $output != *$'\u2028'* ]]
  ! grep -q $'\u2028' "$OUTD/summary.md" || false
  grep -qF '\<!-- 1.0\u{2028}\</script\>' "$OUTD/summary.md"
}

@test "report: advisories read the vulnerable way are counted from the results, links only http(s)" {
  render
  # results.json: per adapter the advisories of its results' "vulnerable", sorted
  jq -e '.adapters["evil<img src=x onerror=alert(5)>"].vulnerable == ["CVE-</script><img src=x onerror=alert(20)>", "GHSA-<b>x</b>\\u{2028}"]' "$OUTD/results.json" > /dev/null
  jq -e '.adapters.reference.vulnerable == [] and .adapters["javascript:alert(10)<!--"].vulnerable == []' "$OUTD/results.json" > /dev/null
  # the page: [advisory, vector, link] per adapter; the link is the first
  # http(s) word of the vector's source, and none where there is none
  d=$(data_block)
  printf '%s' "$d" | jq -e '.S as $s | [.A[] | .cve[] | [$s[.[0]], $s[.[2]]]] ==
    [["CVE-</script><img src=x onerror=alert(20)>", "https://advisory.example/CVE-1?a=1&b=2"], ["GHSA-<b>x</b>\\u{2028}", ""]]' > /dev/null
  [[ $d != *'javascript:alert(21)'* ]]
  [[ $d != *'alert(23)'* ]]
  [[ $d != *'data:text/html'* ]]
  # the same list in summary.md, inert
  grep -qF '| evil\<img src=x onerror=alert(5)\> | 2 | CVE-\</script\>\<img src=x onerror=alert(20)\>, GHSA-\<b\>x\</b\>\u{2028} |' "$OUTD/summary.md"
}

@test "report and merge read results the same in both shapes (terse, and whole)" {
  /usr/bin/python3 - "$DATA/hostile.jsonl" "$BATS_TEST_TMPDIR/compact.jsonl" <<'PY'
import json, sys
out, n, libs, version = [], 0, {}, None
lines = [json.loads(line) for line in open(sys.argv[1], encoding="utf-8")]
files = {o["file"]: {"version": o["file_version"], "spec": o["spec"]} for o in lines if "file" in o}
for o in lines:
    if o.get("record") == "run":
        libs = {a["name"]: a["library"] for a in o["adapters"]}
        version = o["vectors_version"]
        o["files"] = files
    if o.get("record") == "result":
        if files.get(o.get("file")) == {"version": o.get("file_version"), "spec": o.get("spec")}:
            del o["file_version"], o["spec"]
            n += 2
        # what the run record says is left out
        if libs.get(o["adapter"]) == o.get("library"):
            del o["library"]
            n += 1
        if o.get("vectors_version") == version:
            del o["vectors_version"]
            n += 1
        # the verdict's members at their defaults, in every result
        for k, v in (("components", []), ("mismatches", []), ("security_relevant", False),
                     ("severity", None), ("not_compared", 0)):
            if k in o and o[k] == v:
                del o[k]
                n += 1
    if o.get("class") == "UNSUPPORTED":
        for k in ("components", "mismatches", "security_relevant", "severity", "not_compared", "expected", "got"):
            n += o.pop(k, None) is not None
    if o.get("class") == "PASS" and not o.get("implementation_defined"):
        for k in ("expected", "got"):
            n += o.pop(k, None) is not None
    out.append(json.dumps(o, ensure_ascii=False))
assert n > 40, n
open(sys.argv[2], "w", encoding="utf-8").write("\n".join(out) + "\n")
PY
  ! grep -q '"library"' <(grep '"record": "result"' "$BATS_TEST_TMPDIR/compact.jsonl") || false
  run "$UT" report --all --output-dir "$OUTD" --quiet "$DATA/hostile.jsonl"
  [ "$status" -eq 0 ]
  run "$UT" report --all --output-dir "$BATS_TEST_TMPDIR/c" --quiet "$BATS_TEST_TMPDIR/compact.jsonl"
  [ "$status" -eq 0 ]
  diff <(jq -S .adapters "$OUTD/results.json") <(jq -S .adapters "$BATS_TEST_TMPDIR/c/results.json")
  [ "$(jq '[.results[] | select(.class == "UNSUPPORTED")] | length' "$BATS_TEST_TMPDIR/c/results.json")" -gt 0 ]
  diff <(grep -v -e '^Generated' -e 'results\.jsonl' "$OUTD/summary.md") \
    <(grep -v -e '^Generated' -e 'compact\.jsonl' "$BATS_TEST_TMPDIR/c/summary.md")
  # the page's data but for the results file's name
  page_data() {
    /usr/bin/python3 -c 'import json, re, sys
d = json.loads(re.search(r"<script type=\"application/json\" id=\"data\">(.*?)</script>", open(sys.argv[1], encoding="utf-8").read(), re.S).group(1))
d["S"][d["meta"]["source"]] = ""
print(json.dumps(d, sort_keys=True))' "$1"
  }
  diff <(page_data "$OUTD/index.html") <(page_data "$BATS_TEST_TMPDIR/c/index.html")
  # merge: the library and vectors version of the run record above each
  # line, written in where the merged run record says others
  sed -e 's/"library": "librfc3986 0.1.0"/"library": "librfc3986 9.9"/' \
    -e 's/"vectors_version": "1.0.0"/"vectors_version": "2.0"/' -e 's/"version": "1.0.0"/"version": "3.0"/g' \
    "$BATS_TEST_TMPDIR/compact.jsonl" | grep -v '"record": "result"' > "$BATS_TEST_TMPDIR/other.jsonl"
  grep '"record": "result"' "$BATS_TEST_TMPDIR/compact.jsonl" | grep '"adapter": "reference"' | head -n 2 |
    sed 's/"id": "/"id": "other./' >> "$BATS_TEST_TMPDIR/other.jsonl"
  run "$UT" merge --force -o "$BATS_TEST_TMPDIR/m.jsonl" "$BATS_TEST_TMPDIR/compact.jsonl" "$BATS_TEST_TMPDIR/other.jsonl"
  [ "$status" -eq 0 ]
  [ "$(jq -r 'select(.record == "result" and .adapter == "reference") | (.library // "(run record)") + " " + (.vectors_version // "") + " " + (.file_version // "")' "$BATS_TEST_TMPDIR/m.jsonl" | sort | uniq -c | tr -s ' ')" = \
    "$(printf ' %s (run record) \n 2 librfc3986 9.9 2.0 3.0' "$(grep '"record": "result"' "$BATS_TEST_TMPDIR/compact.jsonl" | grep -c '"adapter": "reference"')")" ]
}

@test "report: the page has the expected reading of a vector whose only results besides PASS are UNSUPPORTED (terse)" {
  { head -n 1 "$DATA/hostile.jsonl"
    printf '%s\n' '{"record": "result", "adapter": "reference", "id": "hostile.img", "file": "reports/tests/data/hostile-vectors.json", "file_version": "1.0.0", "spec": "rfc3986", "op": "parse", "class": "UNSUPPORTED", "why": "not in the hello"}'
  } > "$BATS_TEST_TMPDIR/u.jsonl"
  run "$UT" report --quiet --output-dir "$OUTD" "$BATS_TEST_TMPDIR/u.jsonl"
  [ "$status" -eq 0 ]
  # the vector's encoded numbers (render_html.c): where (a mask, then the
  # entries it names), then the number of expected pairs
  /usr/bin/python3 - "$OUTD/index.html" <<'PY'
import json, re, sys
d = json.loads(re.search(r'<script type="application/json" id="data">(.*?)</script>', open(sys.argv[1], encoding="utf-8").read(), re.S).group(1))
def nums(s):
    out, n = [], 0
    for c in s:
        v = d["alpha"].index(c)
        if v >= 32:
            n = n * 32 + v - 32
        else:
            out.append(n * 32 + v)
            n = 0
    return out
(v,) = d["V"]
a = nums(v[3])
p = 1 + bin(a[0]).count("1")
pairs = [d["Q"][2 * q: 2 * q + 2] for q in a[p + 1: p + 1 + a[p]]]
shown = {d["S"][k]: d["S"][x] for k, x in pairs}
assert shown == {"expect": '"reject"'}, shown
PY
}

@test "report: the page's outcome strings (O) are each written once, numbered by use, the most used first" {
  run "$UT" report --quiet --output-dir "$OUTD" "$DATA/hostile.jsonl"
  [ "$status" -eq 0 ]
  /usr/bin/python3 - "$OUTD/index.html" <<'PY'
import collections, json, re, sys
d = json.loads(re.search(r'<script type="application/json" id="data">(.*?)</script>', open(sys.argv[1], encoding="utf-8").read(), re.S).group(1))
uses = collections.Counter(v[2] for v in d["V"])
o = d["O"]
assert o[0] == "" and 0 not in uses, (o[:1], uses[0])
assert sorted(uses) == list(range(1, len(o))), (sorted(uses), len(o))
assert len(set(o)) == len(o), o
assert all(len(s) == len(d["A"]) for s in o[1:]), o
counts = [uses[k] for k in range(1, len(o))]
assert counts == sorted(counts, reverse=True), counts
assert len(o) > 2, o
PY
}
