#!/usr/bin/python3
"""python-furl: furl.furl (python3-furl) behind the uritest protocol
(adapters/PROTOCOL.md).  See README.md for the mapping."""
import importlib.metadata
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "common"))
import pyadapter  # noqa: E402

import furl  # noqa: E402


def parse(req):
    if req.rule not in (None, "URI-reference"):
        return pyadapter.unsupported("furl has one entry point")
    try:
        u = furl.furl(req.text("input"))
        path, query, fragment = str(u.path), str(u.query), str(u.fragment)
    except (ValueError, TypeError) as e:
        return {"valid": False, "library_error": str(e)}
    # each property read once (furl's attribute access is slow: it has
    # __getattr__ and __setattr__ of its own; port looks up the default)
    scheme, host, username, port = u.scheme, u.host, u.username, u.port
    c = {"scheme": scheme or None, "path": path}
    if host is None and username is None:
        for k in ("authority", "userinfo", "host", "host_type", "port"):
            c[k] = None
    else:
        c["host"] = host or ""
        c["host_type"] = pyadapter.host_type(c["host"])
        if username is not None:
            password = u.password
            c["userinfo"] = username + ("" if password is None else ":" + password)
        else:
            c["userinfo"] = None
        # furl fills in the scheme's default port: left out when it is that one
        if port is not None and port != furl.DEFAULT_PORTS.get(scheme):
            c["port"] = str(port)
    # "" is both absent and empty: left out then
    if query:
        c["query"] = query
    if fragment:
        c["fragment"] = fragment
    return {"valid": True, "components": c}


pyadapter.serve("python-furl", "furl %s (python %d.%d)" % (
    importlib.metadata.version("furl"), *sys.version_info[:2]), "other", {"parse": parse})
