#!/usr/bin/env bats
# scripts/duplicates-kinds.py on made-up reports: a pair stays only when the
# list names its two files under a kind both fit; an unlisted pair, a listed
# pair the report no longer holds and an entry of the wrong kind fail.
bats_require_minimum_version 1.5.0

REPO=$(cd "$BATS_TEST_DIRNAME/.." && pwd)

setup() {
  list=$BATS_TEST_TMPDIR/pairs
  printf '# a comment\nSmall shapes\tharness/src/run/a.c\tharness/src/run/b.c\n' > "$list"
  ok='1 pairs of places (2 files read)
D1 harness/src/run/b.c:1-6 ~ harness/src/run/a.c:9-14 shape boilerplate'
}

kinds() {
  run --separate-stderr /usr/bin/python3 "$REPO/scripts/duplicates-kinds.py" --pairs "$list" "$@"
}

@test "duplicates-kinds: a listed pair of files passes, in either order" {
  printf '%s\n' "$ok" > "$BATS_TEST_TMPDIR/r"
  kinds "$BATS_TEST_TMPDIR/r"
  [ "$status" -eq 0 ]
  [[ $output == *"Small shapes"*"1 (1 boilerplate)"* ]]
}

@test "duplicates-kinds: a pair of two other files of the same folder fails" {
  printf '%s\nD2 harness/src/run/a.c:1-6 ~ harness/src/run/c.c:1-6 shape\n' "$ok" > "$BATS_TEST_TMPDIR/r"
  kinds "$BATS_TEST_TMPDIR/r"
  [ "$status" -eq 1 ]
  [[ $output == *"not listed: D2 harness/src/run/a.c:1-6 ~ harness/src/run/c.c:1-6"* ]]
}

@test "duplicates-kinds: a listed pair the report no longer holds fails" {
  printf '0 pairs\n' > "$BATS_TEST_TMPDIR/r"
  kinds "$BATS_TEST_TMPDIR/r"
  [ "$status" -eq 1 ]
  [[ $output == *"listed, not reported: harness/src/run/a.c ~ harness/src/run/b.c"* ]]
}

@test "duplicates-kinds: an entry whose files do not fit its kind is an error" {
  printf 'Generated code\tharness/src/run/a.c\tharness/src/run/b.c\n' > "$list"
  printf '%s\n' "$ok" > "$BATS_TEST_TMPDIR/r"
  kinds "$BATS_TEST_TMPDIR/r"
  [ "$status" -ne 0 ]
  [[ $stderr == *"are not of the kind 'Generated code'"* ]]
}
