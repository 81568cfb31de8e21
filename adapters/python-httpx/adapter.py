#!/usr/bin/python3
"""python-httpx: httpx.URL (python3-httpx), the URL type of the HTTP client,
behind the uritest protocol (adapters/PROTOCOL.md).  See README.md for the
mapping."""
import importlib.metadata
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "common"))
import pyadapter  # noqa: E402

import httpx  # noqa: E402


def parse(req):
    if req.rule not in (None, "URI-reference"):
        return pyadapter.unsupported("httpx.URL has one entry point")
    s = req.text("input")
    try:
        u = httpx.URL(s)
    except (httpx.InvalidURL, ValueError, TypeError) as e:
        return {"valid": False, "library_error": str(e)}
    c = {"scheme": u.scheme or None}
    # httpx keeps no absent/empty difference for the authority's parts:
    # "" is both; an empty host means no authority was read
    if u.host == "" and not u.userinfo and u.port is None:
        for k in ("userinfo", "host", "host_type", "port"):
            c[k] = None
    else:
        host = u.host
        c["host"] = "[%s]" % host if ("[%s]" % host).lower() in s.lower() else host
        c["host_type"] = pyadapter.host_type(c["host"])
        if u.userinfo:
            c["userinfo"] = u.userinfo.decode("latin-1")
        if u.port is not None:
            c["port"] = str(u.port)
    path = u.raw_path.decode("latin-1").partition("?")[0]
    c["path"] = path
    if u.query:
        c["query"] = u.query.decode("latin-1")
    if u.fragment:
        c["fragment"] = u.fragment
    return {"valid": True, "components": c}


def resolve(req):
    if not req.strict:
        return pyadapter.unsupported("httpx.URL.join has no non-strict (5.2.2) mode")
    try:
        return {"valid": True, "target": str(httpx.URL(req.text("base")).join(req.text("input")))}
    except (httpx.InvalidURL, ValueError, TypeError) as e:
        return {"valid": False, "library_error": str(e)}


pyadapter.serve("python-httpx", "httpx %s (python %d.%d)" % (
    importlib.metadata.version("httpx"), *sys.version_info[:2]), "rfc3986",
    {"parse": parse, "resolve": resolve})
