#!/usr/bin/env bats
# BIG: 100 MB vector files, generated into a temporary folder (never
# committed) by harness/tests/gen-bench-vectors.py; about 10 s in all on a
# loaded 2-core machine.  URITEST_SKIP_BIG=1 skips this file's tests.
load helper

setup_file() {
  [ -n "${URITEST_SKIP_BIG:-}" ] && return 0
  # 200,000 parse tests with seven components and a 220-octet comment each:
  # about 106 MB
  /usr/bin/python3 "$BATS_TEST_DIRNAME/gen-bench-vectors.py" -n 200000 --shape components \
    --pad 220 "$BATS_FILE_TMPDIR/big.json"
  head -c 100000000 "$BATS_FILE_TMPDIR/big.json" > "$BATS_FILE_TMPDIR/truncated.json"
}

setup() {
  [ -z "${URITEST_SKIP_BIG:-}" ] || skip "URITEST_SKIP_BIG is set"
}

@test "measured: BIG: a valid 100 MB vector file runs through the reference adapter" {
  [ "$(stat -c %s "$BATS_FILE_TMPDIR/big.json")" -gt 100000000 ]
  run --separate-stderr "$UT" run --vectors "$BATS_FILE_TMPDIR/big.json" --adapter reference \
    --output "$(OUT)" --no-progress
  [ "$status" -eq 0 ]
  [ "${lines[-1]}" = "200000 passed, 0 failed" ]
}

@test "measured: BIG: a 100 MB vector file cut short: file:line:column, exit 2, nothing run" {
  run --separate-stderr "$UT" run --vectors "$BATS_FILE_TMPDIR/truncated.json" --adapter reference \
    --output "$(OUT)" --no-progress
  [ "$status" -eq 2 ]
  [ -z "$output" ]
  [[ $stderr =~ truncated\.json:[0-9]+:[0-9]+:\ premature\ end\ of\ input ]]
  [ ! -s "$(OUT)" ] # claimed and emptied first
}
