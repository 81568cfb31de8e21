#!/usr/bin/env bats
# The adapter protocol (adapters/PROTOCOL.md), checked on every adapter.

load helper

ALL="reference appendix-b uriparser curl whatwg-node whatwg-url"

@test "every adapter.json is valid and names its folder" {
  for a in $ALL; do
    run /usr/bin/python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
assert d["name"] == sys.argv[2], d["name"]
assert d["spec"] in ("rfc3986", "whatwg", "rfc2396", "other")
assert isinstance(d["command"], list) and d["command"]
assert isinstance(d.get("in_process", False), bool)
' "adapters/$a/adapter.json" "$a"
    [ "$status" -eq 0 ] || { echo "$a: $output"; false; }
  done
}

hello_ok() { # NAME
  need "$1"
  hello=$($(adapter_cmd "$1") </dev/null | head -n 1)
  [ "$(jget "$hello" 'j["adapter"]')" = "\"$1\"" ]
  [ "$(jget "$hello" 'isinstance(j["library"], str) and len(j["library"]) > 0')" = true ]
  [ "$(jget "$hello" 'j["spec"] in ("rfc3986", "whatwg", "rfc2396", "other")')" = true ]
  [ "$(jget "$hello" '"parse" in j["ops"]')" = true ]
}
@test "hello line: reference" { hello_ok reference; }
@test "hello line: appendix-b" { hello_ok appendix-b; }
@test "hello line: uriparser" { hello_ok uriparser; }
@test "hello line: curl" { hello_ok curl; }
@test "hello line: whatwg-node" { hello_ok whatwg-node; }
@test "hello line: whatwg-url" { hello_ok whatwg-url; }

ids_echoed() { # NAME
  need "$1"
  ask "$1" <<'REQ'
{"id": 0, "op": "parse", "input": "a:b"}
{"id": -7, "op": "parse", "input": "a:b"}
{"id": 9007199254740991, "op": "parse", "input": "a:b"}
{"id": "t.parse.1", "op": "parse", "input": "a:b"}
{"id": "é\"\\", "op": "parse", "input": "a:b"}
REQ
  [ "$(jget "$output" 'None' 2>/dev/null || true)" = "" ] || true
  run /usr/bin/python3 -c '
import json, sys
ids = [json.loads(l)["id"] for l in sys.stdin.read().splitlines()]
want = [0, -7, 9007199254740991, "t.parse.1", "é\"\\"]
assert ids == want, ids
' <<<"$output"
  [ "$status" -eq 0 ] || { echo "$output"; false; }
}
@test "ids echoed exactly: reference" { ids_echoed reference; }
@test "ids echoed exactly: appendix-b" { ids_echoed appendix-b; }
@test "ids echoed exactly: uriparser" { ids_echoed uriparser; }
@test "ids echoed exactly: curl" { ids_echoed curl; }
@test "ids echoed exactly: whatwg-node" { ids_echoed whatwg-node; }
@test "ids echoed exactly: whatwg-url" { ids_echoed whatwg-url; }

burst() { # NAME N: N pipelined requests answered in order, one line each
  need "$1"
  /usr/bin/python3 - "$2" >"$BATS_TEST_TMPDIR/req" <<'PY'
import json, sys
for i in range(int(sys.argv[1])):
    print(json.dumps({"id": i if i % 2 else "s%d" % i, "op": "parse",
                      "input": "http://h%d.example/p?q=%d#f" % (i, i)}))
PY
  $(adapter_cmd "$1") <"$BATS_TEST_TMPDIR/req" | tail -n +2 >"$BATS_TEST_TMPDIR/ans"
  run /usr/bin/python3 - "$2" "$BATS_TEST_TMPDIR/ans" <<'PY'
import json, sys
n = int(sys.argv[1])
lines = open(sys.argv[2]).read().splitlines()
assert len(lines) == n, len(lines)
for i, l in enumerate(lines):
    a = json.loads(l)
    assert a["id"] == (i if i % 2 else "s%d" % i), (i, a["id"])
    assert a["valid"] is True, l
PY
  [ "$status" -eq 0 ] || { echo "$output"; false; }
}
@test "10,000 pipelined requests answered in order: reference" { burst reference 10000; }
@test "10,000 pipelined requests answered in order: appendix-b" { burst appendix-b 10000; }
@test "10,000 pipelined requests answered in order: uriparser" { burst uriparser 10000; }
@test "10,000 pipelined requests answered in order: curl" { burst curl 10000; }
@test "10,000 pipelined requests answered in order: whatwg-node" { burst whatwg-node 10000; }
@test "10,000 pipelined requests answered in order: whatwg-url" { burst whatwg-url 10000; }

interactive() { # NAME: one request, its answer read before stdin closes
  need "$1"
  run /usr/bin/python3 - $(adapter_cmd "$1") <<'PY'
import json, select, subprocess, sys
p = subprocess.Popen(sys.argv[1:], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
def line():
    r, _, _ = select.select([p.stdout], [], [], 5)
    assert r, "no answer within 5 s while stdin is open (not flushed?)"
    return p.stdout.readline()
json.loads(line())  # hello
for i in range(3):
    p.stdin.write(b'{"id": %d, "op": "parse", "input": "http://h/"}\n' % i)
    p.stdin.flush()
    assert json.loads(line())["id"] == i
p.stdin.close()
assert p.wait(5) == 0
PY
  [ "$status" -eq 0 ] || { echo "$output"; false; }
}
@test "answers flushed while stdin stays open: reference" { interactive reference; }
@test "answers flushed while stdin stays open: appendix-b" { interactive appendix-b; }
@test "answers flushed while stdin stays open: uriparser" { interactive uriparser; }
@test "answers flushed while stdin stays open: curl" { interactive curl; }
@test "answers flushed while stdin stays open: whatwg-node" { interactive whatwg-node; }
@test "answers flushed while stdin stays open: whatwg-url" { interactive whatwg-url; }

bad_requests() { # NAME
  need "$1"
  ask "$1" <<'REQ'
not json
[1, 2]
{"id": 1, "op": "no-such-op", "input": "a:b"}
{"id": 2, "op": "parse"}
{"id": 3, "op": "parse", "input_hex": "zz"}
{"id": 4, "op": "parse", "input": "http://h/"}
REQ
  run /usr/bin/python3 -c '
import json, sys
a = [json.loads(l) for l in sys.stdin.read().splitlines()]
assert len(a) == 6, a
assert a[0]["id"] is None and "error" in a[0]
assert a[1]["id"] is None and "error" in a[1]
for i in (2, 3, 4):
    assert a[i]["id"] == i - 1 and "error" in a[i], a[i]
assert a[5] ["id"] == 4 and a[5]["valid"] is True
' <<<"$output"
  [ "$status" -eq 0 ] || { echo "$output"; false; }
}
@test "malformed requests answered with error, in order: reference" { bad_requests reference; }
@test "malformed requests answered with error, in order: uriparser" { bad_requests uriparser; }
@test "malformed requests answered with error, in order: curl" { bad_requests curl; }
@test "malformed requests answered with error, in order: whatwg-node" { bad_requests whatwg-node; }

@test "a last line without LF is answered; blank lines are skipped" {
  need uriparser
  output=$(printf '\n{"id":1,"input":"a:b"}\n\n   \n{"id":2,"input":"a:c"}' | $(adapter_cmd uriparser) | tail -n +2)
  [ "$(printf '%s\n' "$output" | wc -l)" -eq 2 ]
  [ "$(printf '%s\n' "$output" | sed -n 2p | cut -c1-8)" = '{"id":2,' ]
}

@test "js-common serve: answers of async handlers are all written before it settles" {
  command -v node >/dev/null || skip "node missing"
  /usr/bin/python3 -c '
for i in range(20000): print("{\"id\":%d,\"op\":\"parse\",\"input\":\"a\"}" % i)' >"$BATS_TEST_TMPDIR/req"
  node adapters/tests/async-serve.js "$REPO/adapters/js-common/serve.js" \
    <"$BATS_TEST_TMPDIR/req" >"$BATS_TEST_TMPDIR/ans" 2>"$BATS_TEST_TMPDIR/err"
  [ "$(cat "$BATS_TEST_TMPDIR/err")" = "settled 20000" ]
  [ "$(wc -l <"$BATS_TEST_TMPDIR/ans")" -eq 20001 ]
  [ "$(tail -n 1 "$BATS_TEST_TMPDIR/ans" | cut -c1-12)" = '{"id":19999,' ]
}

@test "a 4 MB request line is read whole" {
  need uriparser
  /usr/bin/python3 -c '
import json
print(json.dumps({"id": 1, "op": "parse", "input": "http://h/" + "a" * (4 << 20)}))' >"$BATS_TEST_TMPDIR/long"
  $(adapter_cmd uriparser) <"$BATS_TEST_TMPDIR/long" | tail -n +2 >"$BATS_TEST_TMPDIR/ans"
  n=$(/usr/bin/python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))["components"]["path"]))' "$BATS_TEST_TMPDIR/ans")
  [ "$n" -eq $(( (4 << 20) + 1 )) ]
}

@test "an unsupported op is answered unsupported, with the id" {
  need curl
  ask curl <<<'{"id": "n1", "op": "normalize", "input": "http://h/"}'
  [ "$(jget "$output" 'j["id"]')" = '"n1"' ]
  [ "$(jget "$output" 'isinstance(j["unsupported"], str)')" = true ]
}

@test "the example adapter (adapters/example/adapter.py) speaks the protocol" {
  out=$(printf '%s\n' '{"id": 1, "op": "parse", "input": "http://h/a?q"}' \
    '{"id": "x", "op": "resolve", "base": "http://h/", "input": "g"}' | adapters/example/adapter.py)
  [ "$(jget "$(sed -n 1p <<<"$out")" 'j["adapter"]')" = '"example-urllib"' ]
  [ "$(jget "$(sed -n 2p <<<"$out")" 'j["components"]["authority"]')" = '"h"' ]
  [ "$(jget "$(sed -n 3p <<<"$out")" '[j["id"], "unsupported" in j]')" = '["x", true]' ]
}

garbage() { # NAME: lines of random octets, each answered with an error
  need "$1"
  /usr/bin/python3 -c '
import random, sys
r = random.Random(7)
out = sys.stdout.buffer
for i in range(500):
    line = bytes(r.randrange(256) for _ in range(r.randrange(1, 200))).replace(b"\n", b"x")
    out.write(b"{" + line + b"\n")' >"$BATS_TEST_TMPDIR/junk"
  $(adapter_cmd "$1") <"$BATS_TEST_TMPDIR/junk" >"$BATS_TEST_TMPDIR/ans"
  run /usr/bin/python3 -c '
import json, sys
lines = open(sys.argv[1], encoding="utf-8").read().splitlines()[1:]
assert len(lines) == 500, len(lines)
assert all("error" in json.loads(l) for l in lines)' "$BATS_TEST_TMPDIR/ans"
  [ "$status" -eq 0 ] || { echo "$output"; false; }
}
@test "random octets: one error answer per line, still valid UTF-8 JSON: uriparser" { garbage uriparser; }
@test "random octets: one error answer per line, still valid UTF-8 JSON: curl" { garbage curl; }
@test "random octets: one error answer per line, still valid UTF-8 JSON: whatwg-node" { garbage whatwg-node; }
