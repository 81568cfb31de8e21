#!/usr/bin/python3
"""A minimal uritest adapter (adapters/PROTOCOL.md): Python's urllib.parse.

Run it with   build/bin/uritest run --adapter-cmd 'adapters/example/adapter.py'
Copy it, replace `reading` with a call to your library, and keep the loop.
"""
import json
import sys
import urllib.parse


def reading(text):
    """The component model for TEXT, leaving out what urlsplit cannot say."""
    try:
        u = urllib.parse.urlsplit(text)
    except ValueError:
        return {"valid": False}
    # urlsplit answers "" for both absent and empty scheme, authority, query
    # and fragment; only the path is always defined.  Say what is certain:
    c = {"path": u.path}
    if u.scheme:
        c["scheme"] = u.scheme
    if u.netloc:
        c["authority"] = u.netloc
    if u.query:
        c["query"] = u.query
    if u.fragment:
        c["fragment"] = u.fragment
    return {"valid": True, "components": c}


def answer(req):
    if req.get("op", "parse") != "parse":
        return {"unsupported": "this adapter only parses"}
    if "input" not in req:  # input_hex: raw octets that are not UTF-8
        return {"unsupported": "urllib.parse takes str, not bytes"}
    return reading(req["input"])


print(json.dumps({"adapter": "example-urllib", "library": "python %d.%d.%d urllib.parse" % sys.version_info[:3],
                  "spec": "other", "ops": ["parse"]}), flush=True)
for line in sys.stdin:  # one answer per request, in order, flushed
    if line.strip():
        req = json.loads(line)
        print(json.dumps(dict(id=req.get("id"), **answer(req))), flush=True)
