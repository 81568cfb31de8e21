#!/usr/bin/python3
"""python-hyperlink: hyperlink.URL.from_text (python3-hyperlink), the URL
type of Twisted and treq, behind the uritest protocol (adapters/PROTOCOL.md).
See README.md for the mapping."""
import importlib.metadata
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "common"))
import pyadapter  # noqa: E402

import hyperlink  # noqa: E402
from hyperlink._url import SCHEME_PORT_MAP  # noqa: E402


def parse(req):
    if req.rule not in (None, "URI-reference"):
        return pyadapter.unsupported("hyperlink has one entry point")
    s = req.text("input")
    try:
        u = hyperlink.URL.from_text(s)
        text = u.to_text()
    except (hyperlink.URLParseError, ValueError, TypeError) as e:
        return {"valid": False, "library_error": str(e)}
    c = {"scheme": u.scheme or None}
    if not u.uses_netloc and not u.host:
        for k in ("authority", "userinfo", "host", "host_type", "port"):
            c[k] = None
    else:
        host = u.host
        c["host"] = "[%s]" % host if ("[%s]" % host).lower() in s.lower() else host
        c["host_type"] = pyadapter.host_type(c["host"])
        # "" is both no userinfo and an empty one: left out then
        if u.userinfo:
            c["userinfo"] = u.userinfo
        # the scheme's default port is filled in when none is given, so it
        # cannot be told from an explicit one: left out then
        if u.port is not None and u.port != SCHEME_PORT_MAP.get(u.scheme):
            c["port"] = str(u.port)
    # the path, query and fragment as hyperlink writes them back
    rest = text.split("#", 1)
    c["fragment"] = rest[1] if len(rest) > 1 else None
    rest = rest[0].split("?", 1)
    c["query"] = rest[1] if len(rest) > 1 else None
    path = "/".join(u.path)
    c["path"] = ("/" if u.rooted and (u.path or u.uses_netloc) else "") + path if u.path or u.rooted else ""
    return {"valid": True, "components": c}


pyadapter.serve("python-hyperlink", "hyperlink %s (python %d.%d)" % (
    importlib.metadata.version("hyperlink"), *sys.version_info[:2]), "rfc3986", {"parse": parse})
