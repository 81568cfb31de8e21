#!/usr/bin/env bats
# reports/sample-endpoints.py: a seeded random sample of the results a results
# file flags with an endpoint (data/sample/results.jsonl: 31 "different"
# results of three adapters, one "host-lost", one PASS; one input given as
# octets, one library host holding an escape sequence).
bats_require_minimum_version 1.5.0

ROOT=$(cd "$BATS_TEST_DIRNAME/../.." && pwd)
R=$BATS_TEST_DIRNAME/data/sample/results.jsonl

sample() {
  run /usr/bin/python3 "$ROOT/reports/sample-endpoints.py" "$R" "$@"
  [ "$status" -eq 0 ]
}

@test "sample: the same seed draws the same sample, another seed another" {
  sample --n 10 --seed 7
  first=$output
  sample --n 10 --seed 7
  [ "$output" = "$first" ]
  sample --n 10 --seed 8
  [ "$output" != "$first" ]
  [[ $first == "31 results with endpoint different in $R, from 3 adapters; a sample of 10 (seed 7)"* ]]
  [ "$(grep -c '^[0-9]*\. ' <<<"$first")" -eq 10 ]
}

@test "sample: only the endpoint and adapters asked for; n above the count takes them all" {
  sample --n 100 --adapter a
  [[ $output == "15 results with endpoint different"* ]]
  [ "$(grep -c '^[0-9]*\. a ' <<<"$output")" -eq 15 ]
  sample --endpoint host-lost
  [[ $output == *"1. a v.lost COMPONENT_MISMATCH"* ]]
  [ "$(grep -c '^[0-9]*\. ' <<<"$output")" -eq 1 ]
}

@test "sample: both readings per part, octets as hex, controls escaped, rejected inputs said so" {
  sample --n 100 --adapter c --adapter b
  [[ $output == *"host     RFC 'h0'"*"library 'x0'"* ]]
  [[ $output == *"input: octets 1b5b33316d613a62"* ]]
  [[ $output == *"host     RFC rejects"*"library 'b\\x1b[31m'"* ]]
  [[ $output != *$'\x1b'* ]]
}

@test "sample: a line that is not JSON is named" {
  printf '{"record": "run"}\nnot json\n' > "$BATS_TEST_TMPDIR/bad.jsonl"
  run /usr/bin/python3 "$ROOT/reports/sample-endpoints.py" "$BATS_TEST_TMPDIR/bad.jsonl"
  [ "$status" -eq 1 ]
  [[ $output == *"bad.jsonl:2: not JSON"* ]]
}
