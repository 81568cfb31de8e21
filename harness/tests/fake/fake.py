#!/usr/bin/python3
"""A fake adapter for the harness tests (adapters/PROTOCOL.md, JSON Lines).

It parses with the RFC 3986 Appendix B regular expression, an input with a
space is invalid, and markers in an input make it misbehave on purpose:
  CRASH    exit(3) instead of answering      HANG     never answer (sleep)
  GARBAGE  print a line that is not JSON     WRONGID  answer with another id
  FLOOD    print a 10 MB line                BADUTF8  print invalid UTF-8
  EVIL     report host "evil.example"        LOWER    report the host lower-cased
  UNSUP    answer "unsupported"              DEBUG    print an extra line first
  SPAM     print 200,000 lines that are not JSON
  DROPPORT report the port as undefined and an empty path as "/" (6.2.3)
  RTHOST, RTPORT, RTBROKEN, RTNOHOST, RTREJECT  recompose (with --ops
           ...,recompose): write back another host, another port, a string
           that is not a URI-reference, no authority, or reject; other inputs
           are written back as they are
  TYPEVALID "valid": "no"                 TYPECOMPS "components": []
  TYPEHOST  "host": 5                      BADHEX   "host": {"hex": "zz"}
  ODDHEX    "host": {"hex": "abc"}         TYPEOFF  "error_offset": "3"
  TRACEBACK  write a Python traceback on stderr (with a quote, a backslash,
             an ESC, a C1 control and a stray octet in it), then exit(3)
  STDERRHANG write "stuck in the library" on stderr, then never answer
  STDERRGARBAGE write "bad state" on stderr, then a line that is not JSON
  NOISE      write 8 MiB on stderr (blocks unless the harness reads it),
             then answer as usual
Options: --name N, --spec S, --ops a,b (hello ops), --whatwg (answer getters),
--exit-after-hello, --silent (print nothing, wait), --die (exit at once),
--slow-hello SECONDS, --no-fragment (leave the fragment out), --version V,
--readings FILE (a JSON object: input -> {"valid": bool, "components":
{...}}, the components replacing the split's; how a test makes the fake
read an input as a given library does),
--rename-restarts FILE (starts counted in FILE; every start after the first
says --name with "-renamed" and another library version),
--library TEXT (the hello's library, verbatim),
--roles R[,R] (the hello's "roles": validator, fetcher).
"""
import json
import os
import re
import sys
import time

args = sys.argv[1:]


def opt(name, default=None):
    if name in args:
        i = args.index(name)
        return args[i + 1] if i + 1 < len(args) and not args[i + 1].startswith("--") else True
    return default


name = opt("--name", "fake")
spec = opt("--spec", "rfc3986")
ops = opt("--ops", "parse,match,resolve,normalize,equivalent,iri-to-uri").split(",")
whatwg = opt("--whatwg", False)
readings = json.load(open(opt("--readings"))) if opt("--readings") else {}
out = sys.stdout.buffer

if opt("--die"):
    sys.exit(1)
if opt("--silent"):
    time.sleep(3600)
    sys.exit(0)
if opt("--slow-hello"):
    time.sleep(float(opt("--slow-hello")))


def write(obj):
    out.write(json.dumps(obj).encode() + b"\n")


library = opt("--library", "fakelib " + opt("--version", "1.2.3"))
if opt("--rename-restarts"):
    state = opt("--rename-restarts")
    starts = int(open(state).read()) if os.path.exists(state) else 0
    open(state, "w").write(str(starts + 1))
    if starts:
        name, library = name + "-renamed", library + " restarted"
hello = {"adapter": name, "library": library, "spec": spec, "ops": ops}
if opt("--roles"):
    hello["roles"] = opt("--roles").split(",")
write(hello)
out.flush()
if opt("--exit-after-hello"):
    sys.exit(0)

SPLIT = re.compile(r"^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?$", re.S)


def components(s):
    m = SPLIT.match(s)
    c = {"scheme": m.group(2), "authority": m.group(4), "path": m.group(5),
         "query": m.group(7), "fragment": m.group(9),
         "userinfo": None, "host": None, "host_type": None, "port": None}
    a = c["authority"]
    if a is not None:
        if "@" in a:
            c["userinfo"], a = a.rsplit("@", 1)
        hp = re.match(r"^(\[[^\]]*\]|[^:]*)(:(.*))?$", a, re.S)
        c["host"], c["port"] = (hp.group(1), hp.group(3)) if hp else (a, None)
        h = c["host"]
        if h.startswith("["):
            c["host_type"] = "IPv6address"
        elif re.match(r"^\d+\.\d+\.\d+\.\d+$", h):
            c["host_type"] = "IPv4address"
        else:
            c["host_type"] = "reg-name"
    return c


def getters(s):
    c = components(s)
    host = c["host"] or ""
    port = c["port"] or ""
    return {"href": s, "protocol": (c["scheme"] or "") + ":", "username": c["userinfo"] or "",
            "password": "", "host": host + (":" + port if port else ""), "hostname": host,
            "port": port, "pathname": c["path"], "search": "?" + c["query"] if c["query"] else "",
            "hash": "#" + c["fragment"] if c["fragment"] else ""}


for raw in sys.stdin.buffer:
    req = json.loads(raw)
    rid = req["id"]
    s = req.get("input")
    if s is None:
        s = bytes.fromhex(req["input_hex"]).decode("latin-1")
    if "TRACEBACK" in s:
        err = sys.stderr.buffer
        err.write(b'Traceback (most recent call last):\n  File "lib.py", line 7, in parse\n'
                  b'    raise ValueError("bad \\ \x1b[31m \xc2\x9b \xff")\n'
                  b'ValueError: bad input\n')
        err.flush()
        sys.exit(3)
    if "STDERRHANG" in s:
        sys.stderr.write("stuck in the library\n")
        sys.stderr.flush()
        time.sleep(3600)
    if "STDERRGARBAGE" in s:
        sys.stderr.write("bad state\n")
        sys.stderr.flush()
        out.write(b"this is not json\n")
        out.flush()
        continue
    if "NOISE" in s:
        line = b"n" * 1023 + b"\n"
        for _ in range(8 << 10):
            sys.stderr.buffer.write(line)
        sys.stderr.buffer.write(b"the end of the noise\n")
        sys.stderr.flush()
    if "CRASH" in s:
        sys.exit(3)
    if "HANG" in s:
        time.sleep(3600)
    if "GARBAGE" in s:
        out.write(b"this is not json\n")
        out.flush()
        continue
    if "WRONGID" in s:
        rid = rid + 1000 if isinstance(rid, int) else "x"
    if "FLOOD" in s:
        out.write(b'{"id": ' + str(rid).encode() + b', "valid": true, "pad": "' + b"x" * (10 << 20) + b'"}\n')
        out.flush()
        continue
    if "BADUTF8" in s:
        out.write(b'{"id": ' + str(rid).encode() + b', "valid": true, "x": "\xff\xfe"}\n')
        out.flush()
        continue
    if "SPAM" in s:
        out.write(b"spam spam spam\n" * 200000)
        out.flush()
        continue
    if "DEBUG" in s:
        out.write(b"debug: hello\n")
    if "UNSUP" in s:
        write({"id": rid, "unsupported": "marker UNSUP"})
        out.flush()
        continue
    valid = " " not in s
    ans = {"id": rid, "valid": valid}
    if "TYPEVALID" in s:
        ans["valid"] = "no"
    if "TYPEOFF" in s:
        ans["error_offset"] = "3"
    op = req.get("op", "parse")
    if op == "parse" and s in readings:
        given = readings[s]
        ans["valid"] = given.get("valid", True)
        if ans["valid"]:
            c = components(s) if " " not in s else {}
            c.update(given.get("components", {}))
            ans["components"] = c
        write(ans)
        out.flush()
        continue
    if op == "parse" and valid:
        c = components(s)
        if "EVIL" in s:
            c["host"] = "evil.example"
        if "DROPPORT" in s:
            c["port"] = None
            c["path"] = c["path"] or "/"
        if "LOWER" in s and c["host"]:
            c["host"] = c["host"].lower()
        if opt("--no-fragment"):
            del c["fragment"]
        for marker, host in (("TYPEHOST", 5), ("BADHEX", {"hex": "zz"}), ("ODDHEX", {"hex": "abc"})):
            if marker in s:
                c["host"] = host
        if "TYPECOMPS" in s:
            c = []
        ans["components"] = c
        if whatwg:
            ans["whatwg"] = getters(s)
    elif op == "resolve" and valid:
        ans["target"] = req["base"] + s
    elif op == "normalize" and valid:
        ans["normalized"] = s.lower()
    elif op == "equivalent" and valid:
        ans["equivalent"] = s.lower() == req["other"].lower()
    elif op == "iri-to-uri" and valid:
        ans["output"] = s
    elif op == "recompose" and valid:
        # writes the input back, but: RTHOST another host, RTPORT another
        # port, RTBROKEN a string that is no URI-reference, RTNOHOST no
        # authority, RTREJECT rejects
        ans["output"] = (s.replace("//h", "//evil.example", 1) if "RTHOST" in s else
                         s.replace("/RTPORT", ":81/RTPORT") if "RTPORT" in s else
                         s + " x" if "RTBROKEN" in s else
                         s.replace("//h", "", 1) if "RTNOHOST" in s else s)
        if "RTREJECT" in s:
            ans = {"id": rid, "valid": False}
    write(ans)
    out.flush()
