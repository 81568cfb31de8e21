#!/usr/bin/env bats
# The rfc3986 command's standard output errors and command lines (issue 21,
# reliability review L3, L4, L14): a failed write is exit 2 with strerror in
# every command, a closed pipe ends it quietly, an input loop stops at the
# first failed write; options and "--" anywhere in every command.

bats_require_minimum_version 1.5.0

setup() {
  R=${RFC3986:-build/bin/rfc3986}
  [[ $R = /* ]] || R=$(cd "$BATS_TEST_DIRNAME/../.." && pwd)/$R
}

# to_full ARGS...: rfc3986 ARGS > /dev/full
to_full() { run --separate-stderr bash -c '"$0" "$@" > /dev/full' "$R" "$@"; }

@test "L3: --help, --version and every command's --help to /dev/full are exit 2 with strerror" {
  for c in --help --version "parse --help" "match --help" "explain --help" "split --help" \
           "resolve --help" "normalize --help" "equivalent --help" "pct-encode --help" \
           "pct-decode --help" "iri-to-uri --help" "uri-to-iri --help"; do
    to_full $c
    echo "$c: $status $stderr"
    [ "$status" -eq 2 ]
    [[ $stderr == "rfc3986: writing standard output failed: No space left on device" ]]
  done
}

@test "L3: every command's answer to /dev/full is exit 2 with strerror" {
  for c in "parse http://a/" "parse --json http://a/" "match URI http://a/" "explain http://a/" \
           "split http://a/" "resolve http://a/b c" "normalize HTTP://A/" "equivalent a a" \
           "pct-encode a" "pct-decode %41" "iri-to-uri http://a/" "uri-to-iri http://a/"; do
    to_full $c
    echo "$c: $status $stderr"
    [ "$status" -eq 2 ]
    [[ $stderr == *"writing standard output failed: No space left on device"* ]]
  done
}

@test "L4: parse - stops reading at the first failed write (a full disk, a closed pipe)" {
  run --separate-stderr bash -c "yes http://a/b | timeout 10 '$R' parse --json - > /dev/full"
  [ "$status" -eq 2 ]
  [[ $stderr == *"No space left on device"* ]]
  # SIGPIPE ignored (as under some CI runners): EPIPE ends it quietly, 141
  run --separate-stderr bash -c "trap '' PIPE; yes http://a/b | timeout 10 '$R' parse --json - | head -1; exit \${PIPESTATUS[1]}"
  [ "$status" -eq 141 ]
  [ "${lines[0]:0:22}" = '{"input": "http://a/b"' ]
  [[ $stderr != *rfc3986* ]]
}

@test "L14: parse, match and explain take options after operands, and -- anywhere" {
  run "$R" parse x --json
  [ "$status" -eq 0 ]
  [ "${#lines[@]}" -eq 1 ]
  [[ ${lines[0]} == '{"input": "x", "valid": true'* ]]
  run "$R" parse a --json -- --iri -x
  [ "$status" -eq 0 ]
  [ "${#lines[@]}" -eq 3 ]
  [[ ${lines[1]} == '{"input": "--iri", '* ]]
  [[ ${lines[2]} == '{"input": "-x", '* ]]
  run "$R" match URI http://a/ --json
  [ "$status" -eq 0 ]
  [[ $output == '{"input": "http://a/"'* ]]
  run "$R" explain http://a/ --all
  [ "$status" -eq 0 ]
  run "$R" parse -- --json
  [ "$status" -eq 0 ]
  [[ $output == *'path      "--json"'* ]]
}

@test "#15: each answer is one write(2), written before the next input is read" {
  command -v strace >/dev/null || skip "strace not installed (make deps)"
  big=$(head -c 300000 /dev/zero | tr '\0' a)
  printf 'http://a/b\nHTTP://X/./y\n%%zz\nhttp://h/%s\n' "$big" > "$BATS_TEST_TMPDIR/in"
  # LeakSanitizer cannot run under ptrace (the asan build of make test-unit-asan)
  export ASAN_OPTIONS=detect_leaks=0
  for c in "parse --json -" "parse -" "normalize --json -" "normalize -" "split -" "pct-encode -"; do
    strace -o "$BATS_TEST_TMPDIR/trace" -e trace=write "$R" $c < "$BATS_TEST_TMPDIR/in" > "$BATS_TEST_TMPDIR/out" || true
    n=$(grep -c '^write(1,' "$BATS_TEST_TMPDIR/trace")
    echo "$c: $n writes"
    [ "$n" -eq 4 ]
  done
  strace -o "$BATS_TEST_TMPDIR/trace" -e trace=write "$R" explain --all http://a/b > /dev/null
  [ "$(grep -c '^write(1,' "$BATS_TEST_TMPDIR/trace")" -eq 1 ]
}

@test "#15: an answer comes before the next input line is sent (a co-process)" {
  coproc P { exec "$R" normalize --json -; }
  pid=$P_PID in=${P[1]}
  echo 'HTTP://A/./b' >&"${P[1]}"
  IFS= read -r -t 10 line <&"${P[0]}"
  [ "$line" = '{"input": "HTTP://A/./b", "normalized": "http://a/b"}' ]
  echo 'x:y' >&"${P[1]}"
  IFS= read -r -t 10 line <&"${P[0]}"
  [ "$line" = '{"input": "x:y", "normalized": "x:y"}' ]
  exec {in}>&-
  wait "$pid"
}
