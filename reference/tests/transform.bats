#!/usr/bin/env bats
# The rfc3986 command: resolve, normalize, equivalent, iri-to-uri,
# uri-to-iri, pct-encode, pct-decode, split (DESIGN.md "rfc3986 command").
# RFC3986 names the binary under test (default build/bin/rfc3986).
# Expectations come from the RFC text (5.4, 6.2.2, 6.2.3, Appendix B,
# RFC 3987 3.1) by hand.

setup() {
  R=${RFC3986:-build/bin/rfc3986}
  BASE='http://a/b/c/d;p?q'
}

# Every line of $output is one JSON object.
json_lines() {
  printf '%s\n' "$output" | jq -c . >/dev/null
}

# ---- resolve ---------------------------------------------------------------

@test "resolve --json: 5.4.1 normal examples" {
  while read -r ref want; do
    run "$R" resolve --json "$BASE" "$ref"
    [ "$status" -eq 0 ]
    [ "$(printf '%s' "$output" | jq -r .target)" = "$want" ]
  done <<'EOF_'
g:h g:h
g http://a/b/c/g
./g http://a/b/c/g
g/ http://a/b/c/g/
/g http://a/g
//g http://g
?y http://a/b/c/d;p?y
g?y http://a/b/c/g?y
#s http://a/b/c/d;p?q#s
g#s http://a/b/c/g#s
g?y#s http://a/b/c/g?y#s
;x http://a/b/c/;x
g;x http://a/b/c/g;x
g;x?y#s http://a/b/c/g;x?y#s
. http://a/b/c/
./ http://a/b/c/
.. http://a/b/
../ http://a/b/
../g http://a/b/g
../.. http://a/
../../ http://a/
../../g http://a/g
EOF_
}

@test "resolve: the empty reference is the base" {
  run "$R" resolve "$BASE" ""
  [ "$status" -eq 0 ]
  [ "$output" = "$BASE" ]
}

@test "resolve --json: 5.4.2 abnormal examples" {
  while read -r ref want; do
    run "$R" resolve --json "$BASE" "$ref"
    [ "$status" -eq 0 ]
    [ "$(printf '%s' "$output" | jq -r .target)" = "$want" ]
  done <<'EOF_'
../../../g http://a/g
../../../../g http://a/g
/./g http://a/g
/../g http://a/g
g. http://a/b/c/g.
.g http://a/b/c/.g
g.. http://a/b/c/g..
..g http://a/b/c/..g
./../g http://a/b/g
./g/. http://a/b/c/g/
g/./h http://a/b/c/g/h
g/../h http://a/b/c/h
g;x=1/./y http://a/b/c/g;x=1/y
g;x=1/../y http://a/b/c/y
g?y/./x http://a/b/c/g?y/./x
g?y/../x http://a/b/c/g?y/../x
g#s/./x http://a/b/c/g#s/./x
g#s/../x http://a/b/c/g#s/../x
EOF_
}

@test "resolve: http:g strict and --non-strict" {
  run "$R" resolve --json "$BASE" http:g
  [ "$status" -eq 0 ]
  [ "$output" = '{"base": "http://a/b/c/d;p?q", "ref": "http:g", "target": "http:g"}' ]
  run "$R" resolve --non-strict "$BASE" http:g
  [ "$status" -eq 0 ]
  [ "$output" = "http://a/b/c/g" ]
  # options may follow the operands
  run "$R" resolve "$BASE" http:g --non-strict
  [ "$output" = "http://a/b/c/g" ]
}

@test "resolve: hazard reported for a path that looks like an authority" {
  run "$R" resolve --json a: /.//g
  [ "$status" -eq 0 ]
  [ "$(printf '%s' "$output" | jq -r .target)" = "a://g" ]
  [ "$(printf '%s' "$output" | jq -r .hazard)" = "path-looks-like-authority" ]
  run "$R" resolve a: /.//g
  [ "$status" -eq 0 ]
  [ "${lines[0]}" = "a://g" ]
  [[ "${lines[1]}" == *"hazard: path-looks-like-authority"* ]]
  run "$R" resolve --json "$BASE" g
  [ "$(printf '%s' "$output" | jq -r 'has("hazard")')" = "false" ]
}

@test "resolve: a base with a fragment is an error unless --strip-fragment" {
  run "$R" resolve --json 'http://a/b#f' g
  [ "$status" -eq 1 ]
  json_lines
  [ "$(printf '%s' "$output" | jq -r .error.status)" = "base-has-fragment" ]
  [ "$(printf '%s' "$output" | jq -r .error.in)" = "base" ]
  [ "$(printf '%s' "$output" | jq -r .error.offset)" = "10" ]
  run "$R" resolve --json --strip-fragment 'http://a/b#f' g
  [ "$status" -eq 0 ]
  [ "$(printf '%s' "$output" | jq -r .target)" = "http://a/g" ]
}

@test "resolve: invalid base or reference gives error and exit 1" {
  run "$R" resolve --json /relative g
  [ "$status" -eq 1 ]
  [ "$(printf '%s' "$output" | jq -r .error.status)" = "base-not-absolute" ]
  run "$R" resolve --json "$BASE" 'g h'
  [ "$status" -eq 1 ]
  [ "$(printf '%s' "$output" | jq -r .error.in)" = "ref" ]
  [ "$(printf '%s' "$output" | jq -r .error.offset)" = "1" ]
  [ "$(printf '%s' "$output" | jq -r .error.rule)" = "URI-reference" ]
  run "$R" resolve 'http://a/b c' g
  [ "$status" -eq 1 ]
  [[ "$output" == *"invalid base"*"offset 10"* ]]
}

@test "resolve: usage errors exit 2" {
  run "$R" resolve onlyone
  [ "$status" -eq 2 ]
  run "$R" resolve a b c
  [ "$status" -eq 2 ]
  run "$R" resolve --bogus a: b
  [ "$status" -eq 2 ]
  [[ "$output" == *"unknown option"* ]]
  run "$R" resolve --help
  [ "$status" -eq 0 ]
  [[ "$output" == *"usage: rfc3986 resolve"* ]]
}

@test "resolve: empty query and fragment are kept, not dropped" {
  run "$R" resolve "$BASE" '?'
  [ "$output" = "http://a/b/c/d;p?" ]
  run "$R" resolve "$BASE" '#'
  [ "$output" = "http://a/b/c/d;p?q#" ]
}

@test "resolve: 30,000 ../ segments against a base of 30,000 segments" {
  # (the 100,000-segment case is in test_resolve.c: one argument is limited
  # to 128 KiB)
  base="http://a/$(printf 'b/%.0s' $(seq 30000))"
  ref="$(printf '../%.0s' $(seq 30000))g"
  run timeout 10 "$R" resolve "$base" "$ref"
  [ "$status" -eq 0 ]
  [ "$output" = "http://a/g" ]
}

# ---- normalize -------------------------------------------------------------

@test "normalize --json: 6.2.2 example" {
  run "$R" normalize --json 'eXAMPLE://a/./b/../b/%63/%7bfoo%7d'
  [ "$status" -eq 0 ]
  [ "$output" = '{"input": "eXAMPLE://a/./b/../b/%63/%7bfoo%7d", "normalized": "example://a/b/c/%7Bfoo%7D"}' ]
}

@test "normalize: case (6.2.2.1), text output, several inputs" {
  run "$R" normalize 'HTTP://www.EXAMPLE.com/' 'x://H%c3%a9/%7e'
  [ "$status" -eq 0 ]
  [ "${lines[0]}" = "http://www.example.com/" ]
  [ "${lines[1]}" = "x://h%C3%A9/~" ]
}

@test "normalize --level scheme: 6.2.3" {
  for u in http://example.com http://example.com/ http://example.com:/ http://example.com:80/; do
    run "$R" normalize --level scheme "$u"
    [ "$status" -eq 0 ]
    [ "$output" = "http://example.com/" ]
  done
  run "$R" normalize --level=scheme 'mailto:Joe@Example.COM'
  [ "$output" = "mailto:Joe@example.com" ]
  run "$R" normalize 'http://example.com:80'
  [ "$output" = "http://example.com:80" ]
}

@test "normalize: hazards" {
  run "$R" normalize --json './a:b'
  [ "$status" -eq 0 ]
  [ "$(printf '%s' "$output" | jq -r .normalized)" = "a:b" ]
  [ "$(printf '%s' "$output" | jq -r .hazard)" = "segment-looks-like-scheme" ]
  run "$R" normalize --json 'a:/.//g'
  [ "$(printf '%s' "$output" | jq -r .normalized)" = "a://g" ]
  [ "$(printf '%s' "$output" | jq -r .hazard)" = "path-looks-like-authority" ]
}

@test "normalize: invalid input gives error and exit 1; stdin with -" {
  run "$R" normalize --json 'x:a b'
  [ "$status" -eq 1 ]
  [ "$(printf '%s' "$output" | jq -r .error.offset)" = "3" ]
  run bash -c "printf 'HTTP://A/\nx y\n\n' | '$R' normalize --json -"
  [ "$status" -eq 1 ]
  [ "${#lines[@]}" -eq 3 ]
  json_lines
  [ "$(printf '%s\n' "${lines[0]}" | jq -r .normalized)" = "http://a/" ]
  [ "$(printf '%s\n' "${lines[1]}" | jq -r .error.status)" = "syntax" ]
  [ "$(printf '%s\n' "${lines[2]}" | jq -r .normalized)" = "" ]
}

@test "normalize: usage errors exit 2" {
  run "$R" normalize
  [ "$status" -eq 2 ]
  run "$R" normalize --level simple x
  [ "$status" -eq 2 ]
  run "$R" normalize --level
  [ "$status" -eq 2 ]
}

# ---- equivalent ------------------------------------------------------------

@test "equivalent: the 6.2.3 ladder" {
  run "$R" equivalent --json http://example.com http://example.com:80/ --level scheme
  [ "$status" -eq 0 ]
  [ "$(printf '%s' "$output" | jq -r .equivalent)" = "true" ]
  run "$R" equivalent --json http://example.com http://example.com:80/
  [ "$status" -eq 1 ]
  [ "$(printf '%s' "$output" | jq -r .equivalent)" = "false" ]
  [ "$(printf '%s' "$output" | jq -r .level)" = "syntax" ]
  run "$R" equivalent --level scheme 'mailto:Joe@Example.COM' 'mailto:Joe@example.com'
  [ "$status" -eq 0 ]
  [ "$output" = "equivalent (scheme level)" ]
  run "$R" equivalent --level simple 'HTTP://a/' 'http://a/'
  [ "$status" -eq 1 ]
  [ "$output" = "not equivalent (simple level)" ]
  run "$R" equivalent 'HTTP://a/%7e' 'http://a/~'
  [ "$status" -eq 0 ]
}

@test "equivalent: invalid input and usage" {
  run "$R" equivalent --json 'x:' 'a b'
  [ "$status" -eq 1 ]
  [ "$(printf '%s' "$output" | jq -r .error.in)" = "b" ]
  run "$R" equivalent onlyone
  [ "$status" -eq 2 ]
  run "$R" equivalent --level bogus a b
  [ "$status" -eq 2 ]
}

# ---- IRIs ------------------------------------------------------------------

@test "iri-to-uri: RFC 3987 3.1" {
  run "$R" iri-to-uri --json $'http://ru.wikipedia.org/wiki/\xd0\x9a\xd0\xb8\xd1\x80\xd0\xb8\xd0\xbb\xd0\xbb\xd0\xb8\xd1\x86\xd0\xb0'
  [ "$status" -eq 0 ]
  [ "$(printf '%s' "$output" | jq -r .output)" = "http://ru.wikipedia.org/wiki/%D0%9A%D0%B8%D1%80%D0%B8%D0%BB%D0%BB%D0%B8%D1%86%D0%B0" ]
  run "$R" iri-to-uri $'x:\xc3\xa9'
  [ "$output" = "x:%C3%A9" ]
}

@test "iri-to-uri: ill-formed UTF-8 is an error, echoed as input_hex" {
  run "$R" iri-to-uri --json $'x:\xc3('
  [ "$status" -eq 1 ]
  [ "$(printf '%s' "$output" | jq -r .input_hex)" = "783ac328" ]
  [ "$(printf '%s' "$output" | jq -r .error.status)" = "utf8" ]
  [ "$(printf '%s' "$output" | jq -r .error.offset)" = "3" ]
}

@test "uri-to-iri: RFC 3987 3.2, only what is safe to show" {
  run "$R" uri-to-iri --json 'http://ru.wikipedia.org/wiki/%D0%9A%D0%B8%D1%80%D0%B8%D0%BB%D0%BB%D0%B8%D1%86%D0%B0'
  [ "$status" -eq 0 ]
  [ "$(printf '%s' "$output" | jq -r .output)" = $'http://ru.wikipedia.org/wiki/\xd0\x9a\xd0\xb8\xd1\x80\xd0\xb8\xd0\xbb\xd0\xbb\xd0\xb8\xd1\x86\xd0\xb0' ]
  run "$R" uri-to-iri 'x:%41%C3%A9%E2%80%AE%C3%28'
  [ "$status" -eq 0 ]
  [ "$output" = $'x:%41\xc3\xa9%E2%80%AE%C3%28' ]
  run "$R" uri-to-iri --json 'x:a b'
  [ "$status" -eq 1 ]
  [ "$(printf '%s' "$output" | jq -r .error.status)" = "syntax" ]
}

# ---- percent-encoding ------------------------------------------------------

@test "pct-encode and pct-decode" {
  run "$R" pct-encode --json 'a b/~'
  [ "$status" -eq 0 ]
  [ "$output" = '{"input": "a b/~", "output": "a%20b%2F~"}' ]
  run "$R" pct-decode 'a%20b%2f'
  [ "$status" -eq 0 ]
  [ "$output" = "a b/" ]
  run "$R" pct-decode --json '%ff'
  [ "$status" -eq 0 ]
  [ "$(printf '%s' "$output" | jq -r .output_hex)" = "ff" ]
  run "$R" pct-decode --json 'ab%4'
  [ "$status" -eq 1 ]
  json_lines
  [ "$(printf '%s' "$output" | jq -r .error.offset)" = "2" ]
  run "$R" pct-decode 'ab%4'
  [ "$status" -eq 1 ]
  [[ "$output" == *"offset 2"* ]]
}

# ---- split -----------------------------------------------------------------

@test "split --json: Appendix B example" {
  run "$R" split --json 'http://www.ics.uci.edu/pub/ietf/uri/#Related'
  [ "$status" -eq 0 ]
  [ "$output" = '{"input": "http://www.ics.uci.edu/pub/ietf/uri/#Related", "scheme": "http", "authority": "www.ics.uci.edu", "path": "/pub/ietf/uri/", "query": null, "fragment": "Related"}' ]
}

@test "split: any string, valid or not; stdin" {
  run "$R" split --json 'a b:/x?#'
  [ "$status" -eq 0 ]
  [ "$output" = '{"input": "a b:/x?#", "scheme": "a b", "authority": null, "path": "/x", "query": "", "fragment": ""}' ]
  run bash -c "printf '//h\n\n' | '$R' split --json -"
  [ "$status" -eq 0 ]
  [ "${lines[0]}" = '{"input": "//h", "scheme": null, "authority": "h", "path": "", "query": null, "fragment": null}' ]
  [ "${lines[1]}" = '{"input": "", "scheme": null, "authority": null, "path": "", "query": null, "fragment": null}' ]
  run "$R" split '?q'
  [ "$status" -eq 0 ]
  [[ "$output" == *'query     "q"'* ]]
}

@test "split --json: a value that is not UTF-8 is {\"hex\": ...} (PROTOCOL.md section 5), UTF-8 as it is" {
  run bash -c "printf 'a:/\\xff?\\xc3\\xa9\\n' | '$R' split --json -"
  [ "$status" -eq 0 ]
  [ "$output" = '{"input_hex": "613a2fff3fc3a9", "scheme": "a", "authority": null, "path": {"hex": "2fff"}, "query": "é", "fragment": null}' ]
}

@test "split: usage" {
  run "$R" split
  [ "$status" -eq 2 ]
  run "$R" split --nope x
  [ "$status" -eq 2 ]
}

@test "normalize: every hazard is named, joined by commas" {
  run "$R" normalize --json 'a/..//b:c'
  [ "$status" -eq 0 ]
  echo "$output" | jq -e '.normalized == "//b:c" and .hazard == "path-looks-like-authority,relative-path-changed"'
  run "$R" normalize --json 'a/./b'
  echo "$output" | jq -e 'has("hazard") | not'
}
