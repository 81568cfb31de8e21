#!/usr/bin/env bats
# The rfc3986 command: parse, match, explain (DESIGN.md "rfc3986 command").
# RFC3986 names the binary under test (default build/bin/rfc3986).

setup() {
  R=${RFC3986:-build/bin/rfc3986}
  TMP=$(mktemp -d)
}
teardown() { rm -rf "$TMP"; }

@test "--help describes every command and exits 0" {
  run "$R" --help
  [ "$status" -eq 0 ]
  for c in parse match explain split resolve normalize equivalent pct-encode pct-decode iri-to-uri uri-to-iri; do
    [[ "$output" == *"$c"* ]]
  done
}

@test "--version prints the version" {
  run "$R" --version
  [ "$status" -eq 0 ]
  [[ "$output" =~ ^rfc3986\ [0-9]+\.[0-9]+\.[0-9]+$ ]]
}

@test "no command, unknown command, unknown option: exit 2 with a message" {
  run "$R"
  [ "$status" -eq 2 ]
  run "$R" frobnicate
  [ "$status" -eq 2 ]
  [[ "$output" == *"unknown command"* ]]
  run "$R" parse --bogus x
  [ "$status" -eq 2 ]
  [[ "$output" == *"unknown option"* ]]
  run "$R" parse --json
  [ "$status" -eq 2 ]
}

@test "parse --json of a valid URI: exit 0, all nine components" {
  run "$R" parse --json 'foo://u@example.com:8042/over/there?name=ferret#nose'
  [ "$status" -eq 0 ]
  echo "$output" | jq -e '.valid == true and .kind == "URI"'
  echo "$output" | jq -e '.components | keys | length == 9'
  echo "$output" | jq -e '.components == {"scheme":"foo","authority":"u@example.com:8042","userinfo":"u","host":"example.com","host_type":"reg-name","port":"8042","path":"/over/there","query":"name=ferret","fragment":"nose"}'
}

@test "parse --json keeps undefined (null) apart from empty" {
  run "$R" parse --json 's://@:?#'
  [ "$status" -eq 0 ]
  echo "$output" | jq -e '.components == {"scheme":"s","authority":"@:","userinfo":"","host":"","host_type":"reg-name","port":"","path":"","query":"","fragment":""}'
  run "$R" parse --json 'a:b'
  echo "$output" | jq -e '.components.authority == null and .components.query == null and .components.host_type == null'
}

@test "parse --json of an invalid URI: exit 1, offset and rule" {
  run "$R" parse --json 'http://h/a b'
  [ "$status" -eq 1 ]
  echo "$output" | jq -e '.valid == false and .error.offset == 10 and (.error.rule | type) == "string" and (.error.message | length) > 0'
  run "$R" parse --json 'http://h:80:90'
  [ "$status" -eq 1 ]
  echo "$output" | jq -e '.error.offset == 14'
}

@test "parse: several inputs, one line each; exit 1 when any is invalid" {
  run "$R" parse --json 'a:b' 'a b' '/x'
  [ "$status" -eq 1 ]
  [ "${#lines[@]}" -eq 3 ]
  echo "${lines[1]}" | jq -e '.valid == false'
  echo "${lines[2]}" | jq -e '.valid == true and .kind == "relative-ref"'
}

@test "parse --rule picks the start rule" {
  run "$R" parse --json --rule absolute-URI 'a:b#c'
  [ "$status" -eq 1 ]
  echo "$output" | jq -e '.error.offset == 3'
  run "$R" parse --json --rule relative-ref 'a:b'
  [ "$status" -eq 1 ]
  run "$R" parse --json --rule URI '//h'
  [ "$status" -eq 1 ]
  run "$R" parse --rule IPv6address '::'
  [ "$status" -eq 2 ]
}

@test "parse - reads lines verbatim: empty line, CR kept, last line without LF" {
  printf 'a:b\n\nx\r\n/last' > "$TMP/in"
  run "$R" parse --json - < "$TMP/in"
  [ "$status" -eq 1 ]
  [ "${#lines[@]}" -eq 4 ]
  echo "${lines[0]}" | jq -e '.input == "a:b" and .valid'
  echo "${lines[1]}" | jq -e '.input == "" and .valid and .kind == "relative-ref"'
  echo "${lines[2]}" | jq -e '.input == "x\r" and (.valid | not) and .error.offset == 1'
  echo "${lines[3]}" | jq -e '.input == "/last" and .valid'
}

@test "parse - with no input prints nothing and exits 0" {
  run "$R" parse --json - < /dev/null
  [ "$status" -eq 0 ]
  [ -z "$output" ]
}

@test "invalid UTF-8 is echoed as input_hex" {
  printf 'http://h/\xff\xfe\n' > "$TMP/in"
  run "$R" parse --json - < "$TMP/in"
  [ "$status" -eq 1 ]
  echo "$output" | jq -e '.input_hex == "687474703a2f2f682ffffe"'
  echo "$output" | jq -e 'has("input") | not'
  echo "$output" | jq -e '.error.offset == 9'
}

@test "valid UTF-8 that is not a URI is echoed as input, rejected at its first octet" {
  run "$R" parse --json 'http://ru.wikipedia.org/wiki/Кириллица'
  [ "$status" -eq 1 ]
  echo "$output" | jq -e '.input == "http://ru.wikipedia.org/wiki/Кириллица" and .error.offset == 29'
}

@test "control characters and NUL bytes are escaped, never raw" {
  printf 'a\tb\n\001\nh\000x\n' > "$TMP/in"
  run "$R" parse --json - < "$TMP/in"
  [ "$status" -eq 1 ]
  [ "${#lines[@]}" -eq 3 ]
  echo "${lines[0]}" | jq -e '.input == "a\tb" and .error.offset == 1'
  echo "${lines[1]}" | jq -e '.input == "\u0001" and .error.offset == 0'
  echo "${lines[2]}" | jq -e '.input == "h\u0000x" and .error.offset == 1'
  # the human-readable form escapes them too
  run "$R" parse "$(printf 'a\033[31mb')"
  [ "$status" -eq 1 ]
  [[ "$output" != *$'\033'* ]]
  [[ "$output" == *'\x1b'* ]]
}

@test "the empty reference is valid" {
  run "$R" parse --json ''
  [ "$status" -eq 0 ]
  echo "$output" | jq -e '.input == "" and .valid and .components.path == ""'
}

@test "a 1 MB input is parsed whole" {
  { printf 'http://example.com/'; head -c 1048576 /dev/zero | tr '\0' 'a'; printf '\n'; } > "$TMP/big"
  run "$R" parse --json - < "$TMP/big"
  [ "$status" -eq 0 ]
  echo "$output" | jq -e '(.components.path | length) == 1048577'
  { printf 'http://example.com/'; head -c 1048576 /dev/zero | tr '\0' 'a'; printf ' \n'; } > "$TMP/big"
  run "$R" parse --json - < "$TMP/big"
  [ "$status" -eq 1 ]
  echo "$output" | jq -e '.error.offset == 1048595'
}

@test "human-readable parse names components and errors" {
  run "$R" parse 'http://[::1]:80/p'
  [ "$status" -eq 0 ]
  [[ "$output" == *"IPv6address"* ]]
  [[ "$output" == *'port      "80"'* ]]
  run "$R" parse 'http://h/a b'
  [ "$status" -eq 1 ]
  [[ "$output" == *"offset 10"* ]]
}

@test "match: any Appendix A rule, exit codes, JSON" {
  run "$R" match --json IPv6address '1:2:3:4:5:6:7::'
  [ "$status" -eq 0 ]
  echo "$output" | jq -e '.rule == "IPv6address" and .valid == true and .input == "1:2:3:4:5:6:7::"'
  run "$R" match --json dec-octet 256
  [ "$status" -eq 1 ]
  echo "$output" | jq -e '.valid == false and .error.offset == 2'
  run "$R" match segment-nz-nc 'a:b'
  [ "$status" -eq 1 ]
  run "$R" match no-such-rule x
  [ "$status" -eq 2 ]
  [[ "$output" == *"unknown rule"* ]]
  run "$R" match IPv6address
  [ "$status" -eq 2 ]
}

@test "match knows every rule of the grammar files (36 of Appendix A, 25 of RFC 3987)" {
  grammar="$BATS_TEST_DIRNAME/../grammar"
  # rule names as the files define them, less RFC 5234's core rules
  rules=$(sed -n 's/^\([A-Za-z][A-Za-z0-9-]*\) *=.*/\1/p' "$grammar/rfc3986.abnf" "$grammar/rfc3987.abnf" | grep -vx 'ALPHA\|DIGIT\|HEXDIG')
  [ "$(echo "$rules" | wc -l)" -eq 61 ]
  for r in $rules; do
    run "$R" match "$r" ''
    [ "$status" -ne 2 ]
  done
}

@test "match - streams standard input" {
  printf '0\n255\n256\n' | { run "$R" match --json dec-octet -; [ "$status" -eq 1 ]; [ "${#lines[@]}" -eq 3 ]; echo "${lines[2]}" | jq -e '.valid == false'; }
}

@test "explain shows which rule matched which span" {
  run "$R" explain 'http://u@[::1]:8/a?q#f'
  [ "$status" -eq 0 ]
  [[ "$output" == *"scheme"*"[0, 4)"*'"http"'* ]]
  [[ "$output" == *"userinfo"*'"u"'* ]]
  [[ "$output" == *"IP-literal"*'"[::1]"'* ]]
  [[ "$output" == *"IPv6address"*'"::1"'* ]]
  [[ "$output" == *"port"*'"8"'* ]]
  [[ "$output" == *"path-abempty"*'"/a"'* ]]
  [[ "$output" == *"query"*'"q"'* ]]
  [[ "$output" == *"fragment"*'"f"'* ]]
  [[ "$output" == *"host type: IPv6address"* ]]
  # an abandoned alternative (userinfo without "@") is not shown
  run "$R" explain 'http://h:80/'
  [[ "$output" != *"userinfo"* ]]
}

@test "explain shows pct-encoded inside userinfo, reg-name and segments" {
  run "$R" explain 'http://%41@h%42/%43'
  [ "$status" -eq 0 ]
  [[ "$output" == *"userinfo"*'"%41"'*"pct-encoded"*"[7, 10)"* ]]
  [[ "$output" == *"reg-name"*'"h%42"'*"pct-encoded"*"[12, 15)"* ]]
  [[ "$output" == *"segment"*'"%43"'*"pct-encoded"*"[16, 19)"* ]]
}

@test "explain of an invalid URI: exit 1 with offset and rule" {
  run "$R" explain 'http://h/a b'
  [ "$status" -eq 1 ]
  [[ "$output" == *"offset 10"* ]]
  run "$R" explain a b
  [ "$status" -eq 2 ]
}

@test "article examples: valid and invalid verdicts" {
  run "$R" parse 'http://ru.wikipedia.org/wiki/URI' 'ftp://ftp.is.co.za/rfc/rfc1808.txt' 'ldap://[2001:db8::7]/c=GB?objectClass?one' 'mailto:John.Doe@example.com' 'sip:911@pbx.mycompany.com' 'news:comp.infosystems.www.servers.unix' 'data:text/plain;charset=iso-8859-7,%be%fe%be' 'tel:+1-816-555-1212' 'telnet://192.0.2.16:80/' 'urn:oasis:names:specification:docbook:dtd:xml:4.1.2' 'urn:isbn:0-486-27557-4' 'https://john.doe@www.example.com:123/forum/questions/?tag=networking&order=newest#top' 'http://www.ics.uci.edu/pub/ietf/uri/#Related' '//example.com/path/resource.txt' '/path/resource.txt' 'path/resource.txt' '../resource.txt' './resource.txt' 'resource.txt' '#fragment' './foo:bar'
  [ "$status" -eq 0 ]
  run "$R" parse 'file://C:\UserName.HostName\Projects\Wikipedia_Articles\URI.xml'
  [ "$status" -eq 1 ]
  run "$R" parse 'http://ru.wikipedia.org/wiki/Кириллица'
  [ "$status" -eq 1 ]
}

@test "a write error on standard output is exit 2" {
  [ -w /dev/full ] || skip "no /dev/full"
  run bash -c "'$R' parse --json a:b > /dev/full"
  [ "$status" -eq 2 ]
}

@test "every subcommand reads its options one way: before or after the operands, -- ends them, --help and -h" {
  for c in parse match explain split resolve normalize equivalent pct-encode pct-decode iri-to-uri uri-to-iri; do
    run "$R" "$c" --help
    [ "$status" -eq 0 ] && [[ ${lines[0]} == "usage: rfc3986 $c"* ]] || { echo "$c --help: $output"; false; }
    run "$R" "$c" -h
    [ "$status" -eq 0 ] && [[ ${lines[0]} == "usage: rfc3986 $c"* ]] || { echo "$c -h: $output"; false; }
    run "$R" "$c" --no-such-option
    [ "$status" -eq 2 ] && [[ $output == *"$c: unknown option '--no-such-option'"* ]] ||
      { echo "$c --no-such-option: $output"; false; }
  done
  run "$R" parse a: --json
  [ "$status" -eq 0 ] && [[ $output == '{"input": "a:", "valid": true'* ]]
  run "$R" parse --json -- -a
  [ "$status" -eq 0 ] && [[ $output == '{"input": "-a", "valid": true'* ]]
  run "$R" split -- --json
  [ "$status" -eq 0 ] && [[ ${lines[0]} == '--json' ]]
  run "$R" normalize HTTP://h/ --json --level=scheme
  [ "$status" -eq 0 ] && [[ $output == '{"input": "HTTP://h/", "normalized": "http://h/"}' ]]
  run "$R" normalize --level
  [ "$status" -eq 2 ] && [[ $output == *"normalize: --level needs a value"* ]]
  run "$R" parse a: --rule
  [ "$status" -eq 2 ] && [[ $output == *"--rule needs a rule name"* ]]
}
