#!/usr/bin/env bats
# rfc3986 parse --fast: the generated parser (reference/fast/) behind the
# same options, input forms and output shape as parse.  Expectations are
# written from RFC 3986 by hand; the last tests also compare the two parsers.

setup() {
  R=${RFC3986:-build/bin/rfc3986}
  TMP=$(mktemp -d)
}
teardown() { rm -rf "$TMP"; }

@test "parse --fast --json: a URI, all nine components" {
  run "$R" parse --fast --json 'http://u@[::1]:80/a?q#f'
  [ "$status" -eq 0 ]
  [ "$output" = '{"input": "http://u@[::1]:80/a?q#f", "valid": true, "kind": "URI", "components": {"scheme": "http", "authority": "u@[::1]:80", "userinfo": "u", "host": "[::1]", "host_type": "IPv6address", "port": "80", "path": "/a", "query": "q", "fragment": "f"}}' ]
}

@test "parse --fast: host_type is first-match-wins (3.2.2)" {
  run "$R" parse --fast --json '//1.2.3.4' '//1.2.3.256' '//[v1.x]'
  [ "$status" -eq 0 ]
  [[ "${lines[0]}" == *'"host": "1.2.3.4", "host_type": "IPv4address"'* ]]
  [[ "${lines[1]}" == *'"host": "1.2.3.256", "host_type": "reg-name"'* ]]
  [[ "${lines[2]}" == *'"host": "[v1.x]", "host_type": "IPvFuture"'* ]]
}

@test "parse --fast: empty and undefined components stay apart" {
  run "$R" parse --fast --json 'a:?#' ''
  [ "$status" -eq 0 ]
  [[ "${lines[0]}" == *'"authority": null'*'"path": "", "query": "", "fragment": ""'* ]]
  [[ "${lines[1]}" == *'"kind": "relative-ref"'*'"scheme": null'*'"path": ""'* ]]
}

@test "parse --fast: the error offset is the longest viable prefix" {
  run "$R" parse --fast --json 'http://h/a b' 'http://h:80:90' 'a:b%4'
  [ "$status" -eq 1 ]
  [[ "${lines[0]}" == *'"valid": false, "error": {"offset": 10, "rule": "path"'* ]]
  [[ "${lines[1]}" == *'"offset": 14, "rule": "authority"'* ]]
  [[ "${lines[2]}" == *'"offset": 5, "rule": "path"'* ]]
}

@test "parse --fast --rule: URI, absolute-URI, relative-ref" {
  run "$R" parse --fast --rule absolute-URI 'a:b#f'
  [ "$status" -eq 1 ]
  run "$R" parse --fast --rule relative-ref 'a:b'
  [ "$status" -eq 1 ]
  run "$R" parse --fast --json --rule relative-ref './a:b'
  [ "$status" -eq 0 ]
  [[ "$output" == *'"kind": "relative-ref"'* ]]
  run "$R" parse --fast --rule URI '//h'
  [ "$status" -eq 1 ]
  run "$R" parse --fast --rule IRI 'a:b'
  [ "$status" -eq 2 ]
}

@test "parse --fast -: one answer per line, NUL and CR are octets" {
  printf 'a:b\n\na:\000\nh://x\r\n' > "$TMP/in"
  run "$R" parse --fast --json - < "$TMP/in"
  [ "$status" -eq 1 ]
  [ "${#lines[@]}" -eq 4 ]
  [[ "${lines[1]}" == *'"input": "", "valid": true'* ]]
  [[ "${lines[2]}" == *'"offset": 2'* ]]
  [[ "${lines[3]}" == *'"offset": 5'* ]]
}

@test "--fast with --iri, match or explain is a usage error" {
  run "$R" parse --fast --iri 'a:b'
  [ "$status" -eq 2 ]
  run "$R" match --fast URI 'a:b'
  [ "$status" -eq 2 ]
  run "$R" explain --fast 'a:b'
  [ "$status" -eq 2 ]
}

@test "parse --fast and parse answer alike, valid or not, in text and JSON" {
  printf '%s\n' 'http://a/b?c#d' 'mailto:x@y' '../g;x?y#s' 'http://[::1' '%zz' \
    'http://h/%41%4' 'HTTP://EXAMPLE.COM:8080' 'a:b:c' '//u:p@h:1/' > "$TMP/in"
  "$R" parse --json - < "$TMP/in" | sed 's/"rule": "[^"]*", //' > "$TMP/literal" || true
  "$R" parse --fast --json - < "$TMP/in" | sed 's/"rule": "[^"]*", //' > "$TMP/fast" || true
  [ -s "$TMP/literal" ]
  diff "$TMP/literal" "$TMP/fast"
}

@test "man librfc3986(3): the example compiles against the library and prints what the page says" {
  man=man/librfc3986.3
  # the two .EX blocks of EXAMPLES: the program, then its output
  block() { awk -v k="$1" '/^\.EX$/{n++; on=1; next} /^\.EE$/{on=0} on && n==k' "$man"; }
  block 1 | sed 's/\\e/\\/g' > "$TMP/example.c"
  block 2 | sed 's/^\\&//' > "$TMP/want"
  [ -s "$TMP/example.c" ] && [ -s "$TMP/want" ]
  ${CC:-cc} -std=c11 -Wall -Werror -Ireference/include -o "$TMP/example" \
    "$TMP/example.c" "${LIBA:-build/lib/librfc3986.a}"
  "$TMP/example" ../g //h:8/x 'a b' > "$TMP/got"
  diff "$TMP/want" "$TMP/got"
}
