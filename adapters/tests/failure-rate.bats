#!/usr/bin/env bats
# tests/failure-rate.awk, the rule tests/baselines.sh applies to every
# adapter: CRASH, TIMEOUT and PROTOCOL_ERROR together stay under
# 0.5% of the requests of each vector file.

AWK="tests/failure-rate.awk"

# rows FILE CLASS N: N lines "FILE<TAB>CLASS".
rows() {
  local i
  for ((i = 0; i < $3; i++)); do printf '%s\t%s\n' "$1" "$2"; done
}

@test "one crash in 200 requests of a file reaches 0.5%" {
  run awk -F '\t' -f "$AWK" < <(rows a.json PASS 199; rows a.json CRASH 1)
  [ "$status" -eq 0 ]
  [ "$output" = "a.json 1/200" ]
}

@test "one timeout in 201 requests stays under 0.5%" {
  run awk -F '\t' -f "$AWK" < <(rows a.json FAIL 200; rows a.json TIMEOUT 1)
  [ "$status" -eq 0 ]
  [ -z "$output" ]
}

@test "the three classes add up, per file, and other classes do not count" {
  run awk -F '\t' -f "$AWK" < <(rows a.json PASS 597; rows a.json CRASH 1
    rows a.json TIMEOUT 1; rows a.json PROTOCOL_ERROR 1; rows b.json FAIL 50
    rows b.json PASS 50)
  [ "$status" -eq 0 ]
  [ "$output" = "a.json 3/600" ]
}

@test "a file whose every request crashed is named with its count" {
  run awk -F '\t' -f "$AWK" < <(rows ok.json PASS 10; rows dead.json CRASH 3)
  [ "$output" = "dead.json 3/3" ]
}
