#!/usr/bin/python3
"""A fake adapter for the tests of `uritest fuzz` (adapters/PROTOCOL.md):
it reads every input as RFC 3986 does, by the independent checker
vectors/gen/rfc3986_regex.py (never the reference), except for the
divergences planted with options:
  --reject-with C   a valid input that holds the octet C is rejected
  --upper-path C    a valid input whose path holds C has its path upper-cased
  --crash-with C    exit(3) on an input that holds C (after the hello)
  --name N          the hello's name (default: planted)
  --name-hex H      the hello's name, as hex of its octets
  --whatwg          answer WHATWG getters (href, protocol, host, hostname,
                    port, pathname, search, hash), spec "whatwg"
"""
import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
sys.path.insert(0, ROOT)
from vectors.gen import rfc3986_regex as R  # noqa: E402

args = sys.argv[1:]


def opt(name):
    if name in args:
        i = args.index(name)
        return args[i + 1].encode("latin-1") if i + 1 < len(args) else b""
    return None


reject, upper, crash = opt("--reject-with"), opt("--upper-path"), opt("--crash-with")
whatwg = "--whatwg" in args
name = (opt("--name") or b"planted").decode("latin-1")
if opt("--name-hex"):
    name = bytes.fromhex(opt("--name-hex").decode()).decode("utf-8", "surrogateescape")
out = sys.stdout.buffer


def value(v):
    if v is None:
        return None
    b = v.encode("latin-1") if isinstance(v, str) else v
    try:
        return b.decode("utf-8")
    except UnicodeDecodeError:
        return {"hex": b.hex()}


def getters(c):
    s = lambda k: c[k] or ""  # noqa: E731
    port = s("port")
    return {"href": "", "protocol": s("scheme") + ":", "host": s("host") + (":" + port if port else ""),
            "hostname": s("host"), "port": port, "pathname": s("path"),
            "search": "?" + s("query") if c["query"] else "", "hash": "#" + s("fragment") if c["fragment"] else ""}


out.write(json.dumps({"adapter": name, "library": "planted 1.0", "spec": "whatwg" if whatwg else "rfc3986",
                      "ops": ["parse"]}).encode() + b"\n")
out.flush()
for raw in sys.stdin.buffer:
    req = json.loads(raw)
    s = req["input"].encode("utf-8") if "input" in req else bytes.fromhex(req["input_hex"])
    if crash and crash in s:
        sys.exit(3)
    r = R.parse(s)
    ans = {"id": req["id"], "valid": r["valid"]}
    if r["valid"] and reject and reject in s:
        ans["valid"] = False
    elif r["valid"]:
        c = dict(r["components"])
        if upper and upper in (c["path"] or "").encode("latin-1"):
            c["path"] = c["path"].upper()
        ans["components"] = {k: value(v) for k, v in c.items()}
        if whatwg:
            g = getters(c)
            g["href"] = s.decode("latin-1")
            ans["whatwg"] = {k: value(v) for k, v in g.items()}
            del ans["components"]
    out.write(json.dumps(ans).encode() + b"\n")
    out.flush()
