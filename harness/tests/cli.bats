#!/usr/bin/env bats
# The uritest command line: subcommands, usage errors, exit codes.
load helper

@test "no arguments: usage on stderr, exit 2" {
  run --separate-stderr "$UT"
  [ "$status" -eq 2 ]
  [[ $stderr == *"usage: uritest COMMAND"* ]]
}

@test "unknown command: exit 2" {
  run "$UT" frobnicate
  [ "$status" -eq 2 ]
  [[ $output == *'unknown command "frobnicate"'* ]]
}

@test "--version and help: exit 0" {
  run "$UT" --version
  [ "$status" -eq 0 ]
  [[ $output == "uritest "[0-9]* ]]
  run "$UT" help
  [ "$status" -eq 0 ]
  [[ $output == *run*diff*adapters*import* ]]
}

@test "run --help and diff --help: exit 0" {
  run "$UT" run --help
  [ "$status" -eq 0 ]
  [[ $output == *"--write-baseline"* ]]
  run "$UT" diff --help
  [ "$status" -eq 0 ]
}

@test "run: unknown option, bad format, bad timeout, stray argument: exit 2" {
  run "$UT" run --frobnicate
  [ "$status" -eq 2 ]
  run "$UT" run --format yaml --vectors "$V/basic.json"
  [ "$status" -eq 2 ]
  [[ $output == *'unknown format "yaml"'* ]]
  run "$UT" run --timeout soon
  [ "$status" -eq 2 ]
  run "$UT" run --timeout 0
  [ "$status" -eq 2 ]
  run "$UT" run --hello-timeout -1
  [ "$status" -eq 2 ]
  run "$UT" run stray
  [ "$status" -eq 2 ]
  run "$UT" run --op frobnicate
  [ "$status" -eq 2 ]
}

@test "run: unknown adapter name, unavailable adapter: exit 2" {
  run "$UT" run --vectors "$V/basic.json" --adapter no-such-adapter
  [ "$status" -eq 2 ]
  [[ $output == *'unknown adapter "no-such-adapter"'* ]]
  fake_root
  run "$UT" run --vectors "$V/basic.json" --adapter missing
  [ "$status" -eq 2 ]
  [[ $output == *"not available"* ]]
}

@test "diff: options of run only are usage errors" {
  run "$UT" diff --vectors "$V/basic.json"
  [ "$status" -eq 2 ]
  run "$UT" diff --write-baseline x.json
  [ "$status" -eq 2 ]
  run "$UT" diff a b
  [ "$status" -eq 2 ]
  run "$UT" diff /no/such/file --adapter-cmd "$FAKE"
  [ "$status" -eq 2 ]
}

@test "import: usage errors" {
  run "$UT" import
  [ "$status" -eq 2 ]
  run "$UT" import csv x
  [ "$status" -eq 2 ]
  run "$UT" import wpt
  [ "$status" -eq 2 ]
  run "$UT" import wpt /no/such/file.json
  [ "$status" -eq 2 ]
  run "$UT" import wpt "$V/basic.json"
  [ "$status" -eq 2 ]
  [[ $output == *"not a urltestdata.json file"* ]]
}
