#!/usr/bin/env bats
# uritest explain INPUT: the oracle's derivation, then each adapter's
# reading side by side (through uritest diff), text or JSON.  The fake
# adapter of harness/tests reads inputs with Appendix B's expression; its
# EVIL marker makes it report another host.
bats_require_minimum_version 1.5.0

ROOT=$(cd "$BATS_TEST_DIRNAME/../.." && pwd)
UT=${UTBIN:-build/bin/uritest}
[[ $UT = /* ]] || UT=$ROOT/$UT
FAKE="/usr/bin/python3 $ROOT/harness/tests/fake/fake.py"

setup() { cd "$ROOT"; }

@test "explain: the derivation, then the readings; exit 0 when every adapter agrees" {
  run "$UT" explain 'http://u@h:80/p?q#f' --adapter reference
  [ "$status" -eq 0 ]
  [[ ${lines[0]} == 'input: "http://u@h:80/p?q#f"' ]]
  [[ $output =~ userinfo\ +\[7,\ 8\)\ \"u\" ]]
  [[ $output =~ port\ +\[11,\ 13\)\ \"80\" ]]
  [[ $output == *"(oracle)"* ]]
  [[ $output =~ reference\ +PASS ]]
}

@test "explain: a differing component is marked, exit 1" {
  run "$UT" explain 'http://u@h/EVIL' --adapter-cmd "$FAKE"
  [ "$status" -eq 1 ]
  [[ $output =~ fake\ +COMPONENT_MISMATCH\ \(security-relevant\) ]]
  [[ $output == *'*"evil.example"'* ]]
  # no colour when standard output is not a terminal
  [[ $output != *$'\033['* ]]
}

@test "explain --format json: derivation spans and readings" {
  run "$UT" explain 'http://u@h/EVIL' --adapter-cmd "$FAKE" --adapter reference --format json
  [ "$status" -eq 1 ]
  printf '%s' "$output" | jq -e '.input == "http://u@h/EVIL"' > /dev/null
  printf '%s' "$output" | jq -e '.derivation[] | select(.rule == "host") | .start == 9 and .end == 10' > /dev/null
  printf '%s' "$output" | jq -e '.readings.fake | .class == "COMPONENT_MISMATCH" and .security_relevant == true and .components.host == "evil.example" and .valid == true' > /dev/null
  printf '%s' "$output" | jq -e '.readings.reference | .class == "PASS" and .components.host == "h"' > /dev/null
}

@test "explain: an input the oracle rejects has no derivation and says where it fails" {
  run "$UT" explain 'http://a b/' --adapter reference
  [[ $output == *"none: not a URI-reference; at offset 8"* ]]
  run "$UT" explain 'http://a b/' --adapter reference --format json
  printf '%s' "$output" | jq -e '.derivation == [] and .oracle.valid == false' > /dev/null
}

@test "explain: hostile adapter output and inputs are shown escaped" {
  run "$UT" explain $'http://h/\x01<script>' --adapter-cmd "$FAKE" --format text
  [[ $output == *'input: "http://h/\x01<script>"'* ]]
  [[ $output != *$'\x01'* ]]
}

@test "explain: usage errors exit 2" {
  run "$UT" explain
  [ "$status" -eq 2 ]
  run "$UT" explain a b
  [ "$status" -eq 2 ]
  run "$UT" explain $'a\nb'
  [ "$status" -eq 2 ]
  [[ $output == *"newline"* ]]
  run "$UT" explain x --format xml
  [ "$status" -eq 2 ]
  run "$UT" explain x --adapter no-such-adapter
  [ "$status" -eq 2 ]
  run "$UT" explain --help
  [ "$status" -eq 0 ]
  [[ $output == *"usage: uritest explain"* ]]
}

@test "explain: colour on a terminal, none with NO_COLOR" {
  command -v script > /dev/null || skip "script(1) not installed"
  run script -qec "$UT explain 'http://u@h/EVIL' --adapter-cmd '$FAKE'" /dev/null
  [[ $output == *$'\033[1;31m*"evil.example"'* ]]
  NO_COLOR=1 run script -qec "$UT explain 'http://u@h/EVIL' --adapter-cmd '$FAKE'" /dev/null
  [[ $output == *'*"evil.example"'* ]]
  [[ $output != *$'\033['* ]]
}
