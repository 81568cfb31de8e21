#!/usr/bin/env bats
# reports/sample-attributions.py: a seeded random sample of the results a
# behaviour predicts (data/attrib/results.jsonl: four attributed results of
# curl, one unexplained, one PASS), with the attributions of a stand-in for
# `uritest behaviours --format jsonl`.
bats_require_minimum_version 1.5.0

ROOT=$(cd "$BATS_TEST_DIRNAME/../.." && pwd)
R=$BATS_TEST_DIRNAME/data/attrib/results.jsonl
B=curl.rejects-a-relative-reference

setup() {
  FAKE=$BATS_TEST_TMPDIR/uritest
  cat > "$FAKE" <<SH
#!/bin/sh
for id in v.rejects v.octets v.resolve v.host; do
  echo "{\"adapter\": \"curl\", \"id\": \"\$id\", \"class\": \"X\", \"behaviour\": \"$B\", \"predicted_by\": [], \"holds\": []}"
done
echo '{"adapter": "curl", "id": "v.none", "class": "X", "behaviour": null, "predicted_by": [], "holds": []}'
SH
  chmod +x "$FAKE"
}

sample() {
  run /usr/bin/python3 "$ROOT/reports/sample-attributions.py" "$R" --uritest "$FAKE" "$@"
  [ "$status" -eq 0 ]
}

@test "sample-attributions: only attributed results, the same seed the same sample" {
  sample --n 3 --seed 7
  first=$output
  sample --n 3 --seed 7
  [ "$output" = "$first" ]
  [[ $first == "4 attributed results, 3 drawn (seed 7)"* ]]
  [ "$(grep -c '^[0-9]*\. curl ' <<<"$first")" -eq 3 ]
  sample --n 10
  [[ $output != *v.none* && $output != *v.pass* ]]
  [[ $output == *"behaviour: $B"* && $output == *"says: "[a-z]* ]]
}

@test "sample-attributions: a validity the library and RFC 3986 disagree on is shown" {
  sample --n 10
  [[ $output == *"valid      RFC accepts"*"library rejects"*"error      RFC -"*"library 'no scheme'"* ]]
  [[ $output == *"valid      RFC rejects"*"library accepts"* ]]
  [[ $output == *"scheme     RFC '(not given)'"*"library '\\x00a'"* ]]
}

@test "sample-attributions: octets as hex, targets and components that differ" {
  sample --n 10
  [[ $output == *"input: octets 00613a62"* ]]
  [[ $output == *"input: ''  base: 'http://a/b?q'"* ]]
  [[ $output == *"target     RFC 'http://a/b?q'"*"library 'http://a/'"* ]]
  [[ $output == *"host       RFC 'H'"*"library 'h'"* ]]
  [[ $output != *"scheme     RFC 'http'"* ]]
}

@test "sample-attributions: a line that is not JSON is named" {
  printf '{"record": "run"}\nnot json\n' > "$BATS_TEST_TMPDIR/bad.jsonl"
  run /usr/bin/python3 "$ROOT/reports/sample-attributions.py" "$BATS_TEST_TMPDIR/bad.jsonl" --uritest "$FAKE"
  [ "$status" -eq 1 ]
  [[ $output == *"bad.jsonl:2: not JSON"* ]]
}
