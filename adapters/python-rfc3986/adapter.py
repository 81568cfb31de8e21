#!/usr/bin/python3
"""python-rfc3986: the rfc3986 package (python3-rfc3986) behind the uritest
protocol (adapters/PROTOCOL.md).  See README.md for the mapping."""
import os
import sys

import rfc3986
from rfc3986 import exceptions, validators

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "common"))
import pyadapter  # noqa: E402

ALL = ("scheme", "userinfo", "host", "port", "path", "query", "fragment")


def reference(s):
    """uri_reference, or None when the Validator finds a component invalid."""
    u = rfc3986.uri_reference(s)
    try:
        validators.Validator().check_validity_of(*ALL).validate(u)
    except exceptions.ValidationError:
        return None
    return u


def parse(req):
    if req.rule not in (None, "URI-reference"):
        return pyadapter.unsupported("rfc3986 parses URI-reference only")
    u = reference(req.text("input"))
    if u is None:
        return {"valid": False}
    c = {"scheme": u.scheme, "authority": u.authority,
         "path": u.path if u.path is not None else "",
         "query": u.query, "fragment": u.fragment}
    if u.authority is None:
        c.update(userinfo=None, host=None, host_type=None, port=None)
    else:
        ai = u.authority_info()  # cannot raise: validate() checked it
        c["userinfo"], c["host"], c["port"] = ai["userinfo"], ai["host"], ai["port"]
        c["host_type"] = pyadapter.host_type(ai["host"])
    return {"valid": True, "components": c}


def resolve(req):
    base = req.text("base")
    ref = req.text("input")
    try:
        t = rfc3986.uri_reference(ref).resolve_with(base, strict=req.strict)
    except exceptions.RFC3986Exception:
        return {"valid": False}
    return {"valid": True, "target": t.unsplit()}


def normalize(req):
    if req.level != "syntax":
        return pyadapter.unsupported("rfc3986 normalizes at the syntax level only")
    u = reference(req.text("input"))
    if u is None:
        return {"valid": False}
    return {"valid": True, "normalized": u.normalize().unsplit()}


def equivalent(req):
    if req.level != "syntax":
        return pyadapter.unsupported("rfc3986 compares at the syntax level only")
    a = reference(req.text("input"))
    b = reference(req.text("other"))
    if a is None or b is None:
        return {"valid": False}
    return {"valid": True, "equivalent": a.normalized_equality(b)}


if __name__ == "__main__":
    sys.exit(pyadapter.serve("python-rfc3986", "rfc3986 %s (Python %d.%d)" % (
        rfc3986.__version__, sys.version_info[0], sys.version_info[1]), "rfc3986",
        {"parse": parse, "resolve": resolve, "normalize": normalize, "equivalent": equivalent}))
