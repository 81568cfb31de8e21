#!/usr/bin/env bats
# The C and C++ library adapters (each described by its adapters/NAME/
# folder) and the Python ones (adapters/common/pyadapter.py): the library's
# own reading of a few inputs (README.md of each adapter), which is what each
# row names its adapter for.  What every adapter is checked for (its registry
# entry, the protocol) is each.bash's generated rows; its vectors against its
# baseline, tests/baselines.sh.  An adapter not available here is skipped.

load helper

# reading NAME INPUT: the answer to one parse of INPUT
reading() {
  need "$1"
  ask "$1" <<<"{\"id\": 1, \"op\": \"parse\", \"input\": \"$2\"}"
}

# ---- http://a@b@c/ (invalid: "@" is not allowed in userinfo), read six ways --

@test "glib: http://a@b@c/ is host \"b@c\" (splits at the first @)" {
  reading glib 'http://a@b@c/'
  [ "$(comp "$output" userinfo)" = '"a"' ]
  [ "$(comp "$output" host)" = '"b@c"' ]
}

@test "glib-relaxed: http://a@b@c/ is host \"c\" (splits at the last @)" {
  reading glib-relaxed 'http://a@b@c/'
  [ "$(comp "$output" userinfo)" = '"a@b"' ]
  [ "$(comp "$output" host)" = '"c"' ]
}

@test "libxml2, qt, python-rfc3986, python-rfc3987: http://a@b@c/ is rejected" {
  for a in libxml2 qt python-rfc3986 python-rfc3987; do
    available "$a" || continue
    ask "$a" <<<'{"id": 1, "op": "parse", "input": "http://a@b@c/"}'
    [ "$(jget "$output" 'j["valid"]')" = false ]
  done
}

@test "apr, python-urllib, python-uritools: http://a@b@c/ is userinfo \"a@b\", host \"c\"" {
  for a in apr python-urllib python-uritools; do
    available "$a" || continue
    ask "$a" <<<'{"id": 1, "op": "parse", "input": "http://a@b@c/"}'
    [ "$(comp "$output" userinfo)" = '"a@b"' ]
    [ "$(comp "$output" host)" = '"c"' ]
  done
}

@test "boost-url: http://a@b@c/ is host \"b\" and path \"@c/\"" {
  reading boost-url 'http://a@b@c/'
  [ "$(comp "$output" host)" = '"b"' ]
  [ "$(comp "$output" path)" = '"@c/"' ]
}

@test "poco: http://a@b@c/ is userinfo \"b\", host \"c\"" {
  reading poco 'http://a@b@c/'
  [ "$(comp "$output" userinfo)" = '"b"' ]
  [ "$(comp "$output" host)" = '"c"' ]
}

# ---- one mapping example each --------------------------------------------

@test "glib: NUL octets are unsupported; the port is a number (:080 reads 80)" {
  need glib
  ask glib <<'REQ'
{"id": 1, "op": "parse", "input": "http://h/\u0000"}
{"id": 2, "op": "parse", "input": "http://h:080/"}
{"id": 3, "op": "resolve", "base": "http://a/b/c/d;p?q", "input": "../g"}
REQ
  [ "$(jget "$(nth 1)" '"NUL" in j["unsupported"]')" = true ]
  [ "$(comp "$(nth 2)" port)" = '"80"' ]
  [ "$(jget "$(nth 3)" 'j["target"]')" = '"http://a/b/g"' ]
}

@test "libxml2: IP-literal keeps its brackets; an empty port reads as none" {
  reading libxml2 'http://[::1]/a?q#f'
  [ "$(comp "$output" host)" = '"[::1]"' ]
  [ "$(comp "$output" host_type)" = '"IPv6address"' ]
  [ "$(comp "$output" query)" = '"q"' ]
}

@test "apr: the port is the string as written (:99999), brackets put back" {
  need apr
  ask apr <<'REQ'
{"id": 1, "op": "parse", "input": "http://h:99999/"}
{"id": 2, "op": "parse", "input": "http://[v1.x]/"}
{"id": 3, "op": "resolve", "base": "http://a/", "input": "b"}
REQ
  [ "$(comp "$(nth 1)" port)" = '"99999"' ]
  [ "$(comp "$(nth 2)" host)" = '"[v1.x]"' ]
  [ "$(comp "$(nth 2)" host_type)" = '"IPvFuture"' ]
  [ "$(jget "$(nth 3)" '"unsupported" in j')" = true ]
}

@test "neon: the authority runs to the first /, port 0 left out, the port read from the path after an IP-literal, NUL unsupported" {
  need neon
  ask neon <<'REQ'
{"id": 1, "op": "parse", "input": "http://example.com#@127.0.0.1/x"}
{"id": 2, "op": "parse", "input": "http://h:/"}
{"id": 3, "op": "parse", "input": "http://[::1]/8080"}
{"id": 4, "op": "parse", "input": "http://[::1]"}
{"id": 5, "op": "parse", "input": "http://h/a\u0000"}
{"id": 6, "op": "resolve", "base": "http://a:80/b/c", "input": "../g"}
{"id": 7, "op": "resolve", "base": "http://a/b", "input": "g", "strict": false}
REQ
  [ "$(comp "$(nth 1)" host)" = '"example.com#@127.0.0.1"' ]
  [ "$(comp "$(nth 1)" fragment)" = null ]
  [ "$(comp "$(nth 2)" port)" = '"LEFT-OUT"' ]
  [ "$(comp "$(nth 3)" port)" = '"8080"' ]
  [ "$(comp "$(nth 4)" port)" = '"LEFT-OUT"' ]
  [ "$(comp "$(nth 4)" path)" = '"/"' ]
  [ "$(jget "$(nth 5)" '"unsupported" in j')" = true ]
  [ "$(jget "$(nth 6)" 'j["target"]')" = '"http://a/g"' ]
  [ "$(jget "$(nth 7)" '"unsupported" in j')" = true ]
}

@test "python-boltons: exceptions are rejections with their text; last @; g:h merged; normalize writes a raw CR LF" {
  need python-boltons
  ask python-boltons <<'REQ'
{"id": 1, "op": "parse", "input": "http://h:x/"}
{"id": 2, "op": "parse", "input": "http://foo@evil.com:80@google.com/"}
{"id": 3, "op": "parse", "input": "http://[::1]:8080/?#"}
{"id": 4, "op": "resolve", "base": "http://a/b/c/d;p?q", "input": "g:h"}
{"id": 5, "op": "normalize", "input": "http://h/a%0d%0a"}
{"id": 6, "op": "normalize", "input": "http://h/", "level": "scheme"}
REQ
  [ "$(jget "$(nth 1)" 'j["valid"]')" = false ]
  [ "$(jget "$(nth 1)" '"URLParseError" in j["exception"]')" = true ]
  [ "$(comp "$(nth 2)" host)" = '"google.com"' ]
  [ "$(comp "$(nth 2)" userinfo)" = '"foo@evil.com:80"' ]
  [ "$(comp "$(nth 3)" host)" = '"[::1]"' ]; [ "$(comp "$(nth 3)" port)" = '"8080"' ]
  [ "$(comp "$(nth 3)" query)" = '""' ]; [ "$(comp "$(nth 3)" fragment)" = '""' ]
  [ "$(jget "$(nth 4)" 'j["target"]')" = '"g://a/b/c/h"' ]
  [ "$(jget "$(nth 5)" 'j["normalized"]')" = '"http://h/a\r\n"' ]
  [ "$(jget "$(nth 6)" '"unsupported" in j')" = true ]
}

@test "qt: empty authority kept apart from none; input that is not UTF-8 is unsupported" {
  need qt
  ask qt <<'REQ'
{"id": 1, "op": "parse", "input": "http:///a"}
{"id": 2, "op": "parse", "input": "http:/a"}
{"id": 3, "op": "parse", "input_hex": "2fff"}
{"id": 4, "op": "normalize", "input": "http://h/a/../b"}
REQ
  [ "$(comp "$(nth 1)" authority)" = '""' ]
  [ "$(comp "$(nth 2)" authority)" = null ]
  [ "$(jget "$(nth 3)" '"UTF-8" in j["unsupported"]')" = true ]
  [ "$(jget "$(nth 4)" 'j["normalized"]')" = '"http://h/b"' ]
}

@test "boost-url: NUL is an ordinary invalid octet; the library's host_type; rules" {
  need boost-url
  ask boost-url <<'REQ'
{"id": 1, "op": "parse", "input": "http://h/\u0000"}
{"id": 2, "op": "parse", "input": "http://[v1.x]:/"}
{"id": 3, "op": "parse", "rule": "relative-ref", "input": "http://h/"}
{"id": 4, "op": "equivalent", "input": "HTTP://h/%7e", "other": "http://h/~"}
REQ
  [ "$(jget "$(nth 1)" 'j["valid"]')" = false ]
  [ "$(comp "$(nth 2)" host_type)" = '"IPvFuture"' ]
  [ "$(comp "$(nth 2)" port)" = '""' ]
  [ "$(jget "$(nth 3)" 'j["valid"]')" = false ]
  [ "$(jget "$(nth 4)" 'j["equivalent"]')" = true ]
}

@test "poco: empty query, fragment and authority left out, no host null (cannot be told from absent)" {
  reading poco 'mailto:a@b?#'
  [ "$(comp "$output" path)" = '"a@b"' ]
  [ "$(comp "$output" query)" = '"LEFT-OUT"' ]
  [ "$(comp "$output" fragment)" = '"LEFT-OUT"' ]
  [ "$(comp "$output" authority)" = '"LEFT-OUT"' ]
  [ "$(comp "$output" host)" = 'null' ]
}

@test "python-urllib: \"\" components are left out; the port split as urllib does" {
  reading python-urllib 'http://h:/p?#'
  [ "$(comp "$output" port)" = '""' ]
  [ "$(comp "$output" query)" = '"LEFT-OUT"' ]
  [ "$(comp "$output" fragment)" = '"LEFT-OUT"' ]
}

@test "python-urllib: no netloc is host null, so a validator reading no host is compared" {
  reading python-urllib 'http:\\\\evil.com/'
  [ "$(jget "$output" 'j["valid"]')" = true ]
  [ "$(comp "$output" host)" = null ]
  [ "$(comp "$output" path)" = '"\\\\evil.com/"' ]
}

@test "python-rfc3986: resolution, strict and not" {
  need python-rfc3986
  ask python-rfc3986 <<'REQ'
{"id": 1, "op": "resolve", "base": "http://a/b/c/d;p?q", "input": "http:g"}
{"id": 2, "op": "resolve", "base": "http://a/b/c/d;p?q", "input": "http:g", "strict": false}
{"id": 3, "op": "parse", "input_hex": "ff"}
REQ
  [ "$(jget "$(nth 1)" 'j["target"]')" = '"http:g"' ]
  [ "$(jget "$(nth 2)" 'j["target"]')" = '"http://a/b/c/g"' ]
  [ "$(jget "$(nth 3)" '"UTF-8" in j["unsupported"]')" = true ]
}

@test "python-rfc3987: match of an Appendix A rule, IRI parse" {
  need python-rfc3987
  ask python-rfc3987 <<'REQ'
{"id": 1, "op": "match", "rule": "dec-octet", "input": "255"}
{"id": 2, "op": "match", "rule": "dec-octet", "input": "256"}
{"id": 3, "op": "parse", "rule": "IRI", "input": "http://\u00e9/"}
{"id": 4, "op": "parse", "rule": "URI", "input": "http://\u00e9/"}
REQ
  [ "$(jget "$(nth 1)" 'j["valid"]')" = true ]
  [ "$(jget "$(nth 2)" 'j["valid"]')" = false ]
  [ "$(jget "$(nth 3)" 'j["components"]["host"] == "\u00e9"')" = true ]
  [ "$(jget "$(nth 4)" 'j["valid"]')" = false ]
}

@test "python-uritools: octets that are not UTF-8 reach the library (bytes API)" {
  need python-uritools
  ask python-uritools <<<'{"id": 1, "op": "parse", "input_hex": "2f61ff3f71"}'
  [ "$(comp "$output" path)" = '{"hex": "2f61ff"}' ]
  [ "$(comp "$output" query)" = '"q"' ]
}
