#!/usr/bin/python3
"""python-yarl: yarl.URL (python3-yarl), the URL type of aiohttp, behind the
uritest protocol (adapters/PROTOCOL.md).  See README.md for the mapping."""
import importlib.metadata
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "common"))
import pyadapter  # noqa: E402

import yarl  # noqa: E402


def parse(req):
    if req.rule not in (None, "URI-reference"):
        return pyadapter.unsupported("yarl.URL has one entry point")
    try:
        # yarl reads the port lazily: its ValueError comes from explicit_port
        s = req.text("input")
        return {"valid": True, "components": components(yarl.URL(s, encoded=True), s)}
    except (ValueError, TypeError) as e:
        return {"valid": False, "library_error": str(e)}


def components(u, s):
    c = {"scheme": u.scheme or None, "path": u.raw_path}
    if u.raw_host is None and u.raw_user is None:
        for k in ("authority", "userinfo", "host", "host_type", "port"):
            c[k] = None
    else:
        host = u.raw_host or ""
        c["host"] = "[%s]" % host if ("[%s]" % host).lower() in s.lower() else host
        c["host_type"] = pyadapter.host_type(c["host"])
        if u.raw_user is not None:
            c["userinfo"] = u.raw_user + ("" if u.raw_password is None else ":" + u.raw_password)
        else:
            c["userinfo"] = None
        port = u.explicit_port
        if port is not None:
            c["port"] = str(port)
    # "" is both absent and empty for query and fragment: left out then
    if u.raw_query_string:
        c["query"] = u.raw_query_string
    if u.raw_fragment:
        c["fragment"] = u.raw_fragment
    return c


def resolve(req):
    if not req.strict:
        return pyadapter.unsupported("yarl.URL.join has no non-strict (5.2.2) mode")
    try:
        base = yarl.URL(req.text("base"), encoded=True)
        return {"valid": True, "target": str(base.join(yarl.URL(req.text("input"), encoded=True)))}
    except (ValueError, TypeError) as e:
        return {"valid": False, "library_error": str(e)}


pyadapter.serve("python-yarl", "yarl %s (python %d.%d)" % (
    importlib.metadata.version("yarl"), *sys.version_info[:2]), "rfc3986",
    {"parse": parse, "resolve": resolve})
