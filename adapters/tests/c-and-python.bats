#!/usr/bin/env bats
# The C and C++ library adapters (each described by its adapters/NAME/
# folder) and the Python ones (adapters/common/pyadapter.py):
# glib, glib-relaxed, libxml2, apr, qt, boost-url, poco, python-urllib,
# python-rfc3986, python-rfc3987, python-uritools.  For each: the hello line,
# ids echoed, and the library's own reading of a few inputs (README.md of
# each adapter).  An adapter that is not available here is skipped.

load helper

M1="glib glib-relaxed libxml2 apr qt boost-url poco python-urllib python-rfc3986 python-rfc3987 python-uritools"

comp() { jget "$1" "j[\"components\"].get(\"$2\", \"LEFT-OUT\")"; }
line() { sed -n "${1}p" <<<"$output"; }

# check_of NAME: the check command of NAME's adapter.json (glib-relaxed is
# registered in adapters/glib/).
check_of() {
  local name=$1 dir=$1
  [ "$name" = glib-relaxed ] && dir=glib
  /usr/bin/python3 -c '
import json, sys
doc = json.load(open(sys.argv[1]))
for a in doc if isinstance(doc, list) else [doc]:
    if a["name"] == sys.argv[2]:
        print(a.get("check", ""))' "adapters/$dir/adapter.json" "$name" | sed "s|build/|$BUILD/|g"
}

# available NAME: whether NAME's check passes here (no skip).
available() { sh -c "$(check_of "$1")" >/dev/null 2>&1; }

need_m1() {
  local why
  if ! why=$(sh -c "$(check_of "$1")" 2>&1); then
    skip "$1 unavailable: $why"
  fi
}

cmd_of() {
  local name=$1 dir=$1
  [ "$name" = glib-relaxed ] && dir=glib
  /usr/bin/python3 -c '
import json, sys
doc = json.load(open(sys.argv[1]))
for a in doc if isinstance(doc, list) else [doc]:
    if a["name"] == sys.argv[2]:
        print(" ".join(a["command"]))' "adapters/$dir/adapter.json" "$name" | sed "s|^build/|$BUILD/|"
}

ask_m1() {
  local all
  all=$($(cmd_of "$1"))
  hello=$(printf '%s\n' "$all" | head -n 1)
  output=$(printf '%s\n' "$all" | tail -n +2)
}

hello_ok() {
  need_m1 "$1"
  ask_m1 "$1" </dev/null
  [ "$(jget "$hello" 'j["adapter"]')" = "\"$1\"" ]
  [ "$(jget "$hello" 'bool(j["library"]) and j["spec"] in ("rfc3986","other") and "parse" in j["ops"]')" = true ]
}

ids_ok() {
  need_m1 "$1"
  ask_m1 "$1" <<'REQ'
{"id": 7, "op": "parse", "input": "http://h/"}
{"id": "s-1", "op": "parse", "input": "a"}
{"id": "h\u00e9", "op": "parse", "input": "/b"}
{"id": 9007199254740991, "op": "frobnicate", "input": "x"}
not json
REQ
  [ "$(jget "$(line 1)" 'j["id"]')" = 7 ]
  [ "$(jget "$(line 2)" 'j["id"]')" = '"s-1"' ]
  [ "$(jget "$(line 3)" 'j["id"]')" = '"h\u00e9"' ] || [ "$(jget "$(line 3)" 'j["id"]')" = '"hé"' ]
  [ "$(jget "$(line 4)" 'j["id"], "error" in j')" = '[9007199254740991, true]' ]
  [ "$(jget "$(line 5)" 'j["id"], "error" in j')" = '[null, true]' ]
  [ "$(echo "$output" | wc -l)" -eq 5 ]
}

# reading NAME INPUT: the answer to one parse of INPUT
reading() {
  need_m1 "$1"
  ask_m1 "$1" <<<"{\"id\": 1, \"op\": \"parse\", \"input\": \"$2\"}"
}

@test "c-and-python: every adapter.json is well formed and names its packages and weight" {
  for dir in glib libxml2 apr qt boost-url poco python-urllib python-rfc3986 python-rfc3987 python-uritools; do
    /usr/bin/python3 - "adapters/$dir/adapter.json" <<'PY'
import json, sys
doc = json.load(open(sys.argv[1]))
for a in doc if isinstance(doc, list) else [doc]:
    assert a["name"] and a["spec"] and a["command"] and a["check"] and a["install"], a
    assert a["packages"] and a["weight"] in ("light", "heavy"), a
PY
  done
}

@test "c-and-python: the heavy adapters say how to get them" {
  for dir in qt boost-url; do
    [ "$(jget "$(cat adapters/$dir/adapter.json)" 'j["weight"]')" = '"heavy"' ]
    jget "$(cat adapters/$dir/adapter.json)" 'j["install"]' | grep -q "make deps ADAPTERS=$dir"
  done
}

@test "glib: hello line and ids" { hello_ok glib; ids_ok glib; }
@test "glib-relaxed: hello line and ids" { hello_ok glib-relaxed; ids_ok glib-relaxed; }
@test "libxml2: hello line and ids" { hello_ok libxml2; ids_ok libxml2; }
@test "apr: hello line and ids" { hello_ok apr; ids_ok apr; }
@test "qt: hello line and ids" { hello_ok qt; ids_ok qt; }
@test "boost-url: hello line and ids" { hello_ok boost-url; ids_ok boost-url; }
@test "poco: hello line and ids" { hello_ok poco; ids_ok poco; }
@test "python-urllib: hello line and ids" { hello_ok python-urllib; ids_ok python-urllib; }
@test "python-rfc3986: hello line and ids" { hello_ok python-rfc3986; ids_ok python-rfc3986; }
@test "python-rfc3987: hello line and ids" { hello_ok python-rfc3987; ids_ok python-rfc3987; }
@test "python-uritools: hello line and ids" { hello_ok python-uritools; ids_ok python-uritools; }

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
    ask_m1 "$a" <<<'{"id": 1, "op": "parse", "input": "http://a@b@c/"}'
    [ "$(jget "$output" 'j["valid"]')" = false ]
  done
}

@test "apr, python-urllib, python-uritools: http://a@b@c/ is userinfo \"a@b\", host \"c\"" {
  for a in apr python-urllib python-uritools; do
    available "$a" || continue
    ask_m1 "$a" <<<'{"id": 1, "op": "parse", "input": "http://a@b@c/"}'
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
  need_m1 glib
  ask_m1 glib <<'REQ'
{"id": 1, "op": "parse", "input": "http://h/\u0000"}
{"id": 2, "op": "parse", "input": "http://h:080/"}
{"id": 3, "op": "resolve", "base": "http://a/b/c/d;p?q", "input": "../g"}
REQ
  [ "$(jget "$(line 1)" '"NUL" in j["unsupported"]')" = true ]
  [ "$(comp "$(line 2)" port)" = '"80"' ]
  [ "$(jget "$(line 3)" 'j["target"]')" = '"http://a/b/g"' ]
}

@test "libxml2: IP-literal keeps its brackets; an empty port reads as none" {
  reading libxml2 'http://[::1]/a?q#f'
  [ "$(comp "$output" host)" = '"[::1]"' ]
  [ "$(comp "$output" host_type)" = '"IPv6address"' ]
  [ "$(comp "$output" query)" = '"q"' ]
}

@test "apr: the port is the string as written (:99999), brackets put back" {
  need_m1 apr
  ask_m1 apr <<'REQ'
{"id": 1, "op": "parse", "input": "http://h:99999/"}
{"id": 2, "op": "parse", "input": "http://[v1.x]/"}
{"id": 3, "op": "resolve", "base": "http://a/", "input": "b"}
REQ
  [ "$(comp "$(line 1)" port)" = '"99999"' ]
  [ "$(comp "$(line 2)" host)" = '"[v1.x]"' ]
  [ "$(comp "$(line 2)" host_type)" = '"IPvFuture"' ]
  [ "$(jget "$(line 3)" '"unsupported" in j')" = true ]
}

@test "qt: empty authority kept apart from none; input that is not UTF-8 is unsupported" {
  need_m1 qt
  ask_m1 qt <<'REQ'
{"id": 1, "op": "parse", "input": "http:///a"}
{"id": 2, "op": "parse", "input": "http:/a"}
{"id": 3, "op": "parse", "input_hex": "2fff"}
{"id": 4, "op": "normalize", "input": "http://h/a/../b"}
REQ
  [ "$(comp "$(line 1)" authority)" = '""' ]
  [ "$(comp "$(line 2)" authority)" = null ]
  [ "$(jget "$(line 3)" '"UTF-8" in j["unsupported"]')" = true ]
  [ "$(jget "$(line 4)" 'j["normalized"]')" = '"http://h/b"' ]
}

@test "boost-url: NUL is an ordinary invalid octet; the library's host_type; rules" {
  need_m1 boost-url
  ask_m1 boost-url <<'REQ'
{"id": 1, "op": "parse", "input": "http://h/\u0000"}
{"id": 2, "op": "parse", "input": "http://[v1.x]:/"}
{"id": 3, "op": "parse", "rule": "relative-ref", "input": "http://h/"}
{"id": 4, "op": "equivalent", "input": "HTTP://h/%7e", "other": "http://h/~"}
REQ
  [ "$(jget "$(line 1)" 'j["valid"]')" = false ]
  [ "$(comp "$(line 2)" host_type)" = '"IPvFuture"' ]
  [ "$(comp "$(line 2)" port)" = '""' ]
  [ "$(jget "$(line 3)" 'j["valid"]')" = false ]
  [ "$(jget "$(line 4)" 'j["equivalent"]')" = true ]
}

@test "poco: empty query, fragment and authority are left out (cannot be told from absent)" {
  reading poco 'mailto:a@b?#'
  [ "$(comp "$output" path)" = '"a@b"' ]
  [ "$(comp "$output" query)" = '"LEFT-OUT"' ]
  [ "$(comp "$output" fragment)" = '"LEFT-OUT"' ]
  [ "$(comp "$output" host)" = '"LEFT-OUT"' ]
}

@test "python-urllib: \"\" components are left out; the port split as urllib does" {
  reading python-urllib 'http://h:/p?#'
  [ "$(comp "$output" port)" = '""' ]
  [ "$(comp "$output" query)" = '"LEFT-OUT"' ]
  [ "$(comp "$output" fragment)" = '"LEFT-OUT"' ]
}

@test "python-rfc3986: resolution, strict and not" {
  need_m1 python-rfc3986
  ask_m1 python-rfc3986 <<'REQ'
{"id": 1, "op": "resolve", "base": "http://a/b/c/d;p?q", "input": "http:g"}
{"id": 2, "op": "resolve", "base": "http://a/b/c/d;p?q", "input": "http:g", "strict": false}
{"id": 3, "op": "parse", "input_hex": "ff"}
REQ
  [ "$(jget "$(line 1)" 'j["target"]')" = '"http:g"' ]
  [ "$(jget "$(line 2)" 'j["target"]')" = '"http://a/b/c/g"' ]
  [ "$(jget "$(line 3)" '"UTF-8" in j["unsupported"]')" = true ]
}

@test "python-rfc3987: match of an Appendix A rule, IRI parse" {
  need_m1 python-rfc3987
  ask_m1 python-rfc3987 <<'REQ'
{"id": 1, "op": "match", "rule": "dec-octet", "input": "255"}
{"id": 2, "op": "match", "rule": "dec-octet", "input": "256"}
{"id": 3, "op": "parse", "rule": "IRI", "input": "http://\u00e9/"}
{"id": 4, "op": "parse", "rule": "URI", "input": "http://\u00e9/"}
REQ
  [ "$(jget "$(line 1)" 'j["valid"]')" = true ]
  [ "$(jget "$(line 2)" 'j["valid"]')" = false ]
  [ "$(jget "$(line 3)" 'j["components"]["host"] == "\u00e9"')" = true ]
  [ "$(jget "$(line 4)" 'j["valid"]')" = false ]
}

@test "python-uritools: octets that are not UTF-8 reach the library (bytes API)" {
  need_m1 python-uritools
  ask_m1 python-uritools <<<'{"id": 1, "op": "parse", "input_hex": "2f61ff3f71"}'
  [ "$(comp "$output" path)" = '{"hex": "2f61ff"}' ]
  [ "$(comp "$output" query)" = '"q"' ]
}

@test "pyadapter: a pipelined burst is answered in order, flushed while stdin stays open" {
  need_m1 python-urllib
  cmd=$(cmd_of python-urllib)
  out=$(/usr/bin/python3 - $cmd <<'PY'
import json, subprocess, sys
p = subprocess.Popen(sys.argv[1:], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
p.stdout.readline()
p.stdin.write(b"".join(b'{"id": %d, "input": "/a"}\n' % i for i in range(3000)))
p.stdin.flush()
ids = [json.loads(p.stdout.readline())["id"] for _ in range(3000)]
p.stdin.write(b'{"id": "last", "input": "b"}\n'); p.stdin.flush()
last = json.loads(p.stdout.readline())["id"]   # answered while stdin is open
p.stdin.close(); p.wait()
print(ids == list(range(3000)) and last == "last")
PY
)
  [ "$out" = True ]
}

# ---- baselines: every vector file against each adapter's known discrepancies

# baseline_of NAME: the committed baseline of adapter NAME.
baseline_of() {
  case $1 in
    glib-relaxed) echo adapters/glib/baseline-relaxed.json ;;
    *) echo "adapters/$1/baseline.json" ;;
  esac
}

baseline_ok() {
  need_m1 "$1"
  # The baselines hold the results of the normal build; the sanitizer run of
  # these tests (BUILD=build/asan) checks the protocol, not the figures again.
  [ "$BUILD" = build ] || skip "baselines are checked in the normal build"
  [ -x build/bin/uritest ] || skip "build/bin/uritest not built"
  run build/bin/uritest run --adapter "$1" --baseline "$(baseline_of "$1")" \
    --format text --output "$BATS_TEST_TMPDIR/results.jsonl" --no-progress
  [ "$status" -eq 0 ] || { printf '%s\n' "$output" | tail -n 30; false; }
}

@test "glib: vectors/v1 against baseline.json" { baseline_ok glib; }
@test "glib-relaxed: vectors/v1 against baseline-relaxed.json" { baseline_ok glib-relaxed; }
@test "libxml2: vectors/v1 against baseline.json" { baseline_ok libxml2; }
@test "apr: vectors/v1 against baseline.json" { baseline_ok apr; }
@test "qt: vectors/v1 against baseline.json" { baseline_ok qt; }
@test "boost-url: vectors/v1 against baseline.json" { baseline_ok boost-url; }
@test "poco: vectors/v1 against baseline.json" { baseline_ok poco; }
@test "python-urllib: vectors/v1 against baseline.json" { baseline_ok python-urllib; }
@test "python-rfc3986: vectors/v1 against baseline.json" { baseline_ok python-rfc3986; }
@test "python-rfc3987: vectors/v1 against baseline.json" { baseline_ok python-rfc3987; }
@test "python-uritools: vectors/v1 against baseline.json" { baseline_ok python-uritools; }

@test "pyadapter: blank lines skipped, a last line without LF answered, bad requests answered with error" {
  need_m1 python-uritools
  output=$(printf '\n  \n{"id": 1, "input": "a"}\n{"id": 2}\n{"id": 3, "input_hex": "6"}\n{"id": 4, "op": "normalize", "input": "a"}\n{"id": 5, "input": "b"}' | $(cmd_of python-uritools) | tail -n +2)
  [ "$(echo "$output" | wc -l)" -eq 5 ]
  [ "$(jget "$(line 1)" 'j["valid"]')" = true ]
  [ "$(jget "$(line 2)" '"error" in j and j["id"] == 2')" = true ]
  [ "$(jget "$(line 3)" '"error" in j and j["id"] == 3')" = true ]
  [ "$(jget "$(line 4)" '"unsupported" in j')" = true ]
  [ "$(jget "$(line 5)" 'j["components"]["path"]')" = '"b"' ]
}
