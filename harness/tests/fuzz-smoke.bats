#!/usr/bin/env bats
# fuzz/smoke.sh (make fuzz-smoke, in make test): each target replays the
# seeds and its committed corpus, nothing else; a fake target stands in for
# the libFuzzer build, recording what it was asked to run.
load helper

setup() {
  F=$BATS_TEST_TMPDIR/fz
  mkdir -p "$F/libfuzzer" "$F/seeds" "$BATS_TEST_TMPDIR/corpus/fake"
  printf 'http://a/' > "$F/seeds/s1"
  printf 'b:c' > "$F/seeds/s2"
  # a libFuzzer stand-in: logs its arguments, "runs" every file of the
  # folders it is given, and crashes on one that holds BOOM
  cat > "$F/libfuzzer/fake" <<SH
#!/bin/bash
printf '%s\n' "\$@" >> "$BATS_TEST_TMPDIR/args"
n=0
for a in "\$@"; do
  [ -d "\$a" ] || continue
  for f in "\$a"/*; do
    n=\$((n + 1))
    if grep -q BOOM "\$f"; then echo "==1==ERROR: AddressSanitizer: planted"; exit 1; fi
  done
done
echo "stat::number_of_executed_units: \$n"
SH
  chmod +x "$F/libfuzzer/fake"
}

smoke() { (cd "$ROOT" && FUZZ_DIR=$F FUZZ_CORPUS=$BATS_TEST_TMPDIR/corpus fuzz/smoke.sh fake); }

@test "fuzz smoke: a replay of the seeds and the committed corpus (-runs=0), no seed, no exploration" {
  printf 'http://x/y' > "$BATS_TEST_TMPDIR/corpus/fake/c1"
  run smoke
  echo "$output"
  [[ ${lines[1]} == "ok 1 - fake: 3 runs ("*"), 2 seeds and 1 corpus inputs replayed, no crash" ]]
  grep -qx -- '-runs=0' "$BATS_TEST_TMPDIR/args"
  ! grep -q -- '^-seed=\|^-runs=[1-9]' "$BATS_TEST_TMPDIR/args" || false
  grep -qx -- "$BATS_TEST_TMPDIR/corpus/fake" "$BATS_TEST_TMPDIR/args"
  # the same run twice: the same lines but the timing
  first=$(sed 's/([^)]*)//' <<<"${lines[1]}")
  run smoke
  [ "$(sed 's/([^)]*)//' <<<"${lines[1]}")" = "$first" ]
}

@test "fuzz smoke: an input of the committed corpus that crashes fails the target, kept for triage" {
  printf 'BOOM' > "$BATS_TEST_TMPDIR/corpus/fake/c2"
  run smoke
  echo "$output"
  [ "$status" -eq 1 ]
  [[ ${lines[1]} == "not ok 1 - fake: exit 1" ]]
  [[ $output == *"==1==ERROR: AddressSanitizer: planted"* ]]
  [[ $output == *"uritest triage $F/smoke-crashes/fake"* ]]
}
