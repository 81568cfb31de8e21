#!/usr/bin/python3
"""TEMPLATE: a uritest adapter in Python (adapters/PROTOCOL.md).

Copy adapters/TEMPLATE/python/ to adapters/NAME/, write NAME for TEMPLATE
in its files, and replace reading() with a call to your library: it runs
as it is, with urllib.parse as the placeholder.  The loop below is the
whole protocol: one hello line, then one answer per request, in order.
"""
import json
import sys
import urllib.parse  # the placeholder library: replace it

ADAPTER = "TEMPLATE"
LIBRARY = "python %d.%d.%d urllib.parse" % sys.version_info[:3]  # name and version
SPEC = "other"  # "rfc3986" when the library claims RFC 3986, "whatwg", "rfc2396"
OPS = ["parse"]
# What the library parses (PROTOCOL.md "entry"): "URI-reference", "URI",
# "absolute-URI" or "request-target"; the vectors outside it are not sent.
ENTRY = "URI-reference"
RULES = (ENTRY,)


def reading(text):
    """{"valid": bool, "components": {...}} for TEXT.  Give only what the
    library says for certain: a component left out is not compared."""
    try:
        u = urllib.parse.urlsplit(text)
    except ValueError:
        return {"valid": False}
    c = {"path": u.path}  # urlsplit gives "" for absent and empty alike
    for name, value in (("scheme", u.scheme), ("authority", u.netloc),
                        ("query", u.query), ("fragment", u.fragment)):
        if value:
            c[name] = value
    return {"valid": True, "components": c}


def answer(req):
    op = req.get("op", "parse")
    if op not in OPS:
        return {"unsupported": "op %s not supported by this adapter" % op}
    if req.get("rule", "URI-reference") not in RULES:
        return {"unsupported": "the library has no rule %s" % req["rule"]}
    if isinstance(req.get("input"), str):
        text = req["input"]
    else:  # input_hex: octets that are not UTF-8
        try:
            text = bytes.fromhex(req["input_hex"]).decode("utf-8")
        except (KeyError, TypeError, ValueError):
            return {"unsupported": "the library takes str: input is not UTF-8"}
    try:
        return reading(text)
    except Exception as e:  # a library that raises: an answer, not a crash
        return {"valid": False, "exception": "%s: %s" % (type(e).__name__, e)}


def main():
    hello = {"adapter": ADAPTER, "library": LIBRARY, "spec": SPEC, "ops": OPS, "entry": ENTRY, "protocol": 1}
    print(json.dumps(hello), flush=True)
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            req = json.loads(line)
            out = dict(id=req.get("id"), **answer(req))
        except (ValueError, AttributeError) as e:
            out = {"id": None, "error": "bad request: %s" % e}
        sys.stdout.write(json.dumps(out) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
