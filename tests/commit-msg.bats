#!/usr/bin/env bats
# scripts/commit-msg, the hook `make deps` installs (CONTRIBUTING.md).

hook=scripts/commit-msg

setup() { msg=$(mktemp); }
teardown() { rm -f "$msg"; }

@test "an imperative subject with a body passes" {
  printf 'Judge endpoints through libidn2\n\nWhy and figures.\n' > "$msg"
  run "$hook" "$msg"
  [ "$status" -eq 0 ]
}

@test "a subject of 73 characters is refused, 72 pass" {
  printf '%s\n' "Add $(printf 'x%.0s' $(seq 68))" > "$msg"
  run "$hook" "$msg"
  [ "$status" -eq 0 ]
  printf '%s\n' "Add $(printf 'x%.0s' $(seq 69))" > "$msg"
  run "$hook" "$msg"
  [ "$status" -eq 1 ]
  [[ "$output" == *"73 characters"* ]]
}

@test "a past-tense subject is refused, a verb ending in -ed is not" {
  printf 'Added a reader\n' > "$msg"
  run "$hook" "$msg"
  [ "$status" -eq 1 ]
  [[ "$output" == *imperative* ]]
  printf 'Embed the vectors in the page\n' > "$msg"
  run "$hook" "$msg"
  [ "$status" -eq 0 ]
}

@test "a subject ending with a period or without a blank second line is refused" {
  printf 'Add a reader.\n' > "$msg"
  run "$hook" "$msg"
  [ "$status" -eq 1 ]
  printf 'Add a reader\nbody at once\n' > "$msg"
  run "$hook" "$msg"
  [ "$status" -eq 1 ]
}

@test "an empty message is refused; git's comment lines are not read" {
  printf '# Please enter the commit message\n' > "$msg"
  run "$hook" "$msg"
  [ "$status" -eq 1 ]
}

@test "git's merge subjects pass" {
  printf "Merge branch 'endpoints' into main with a long tail of words here\n" > "$msg"
  run "$hook" "$msg"
  [ "$status" -eq 0 ]
}
