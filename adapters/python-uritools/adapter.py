#!/usr/bin/python3
"""python-uritools: the uritools package (python3-uritools) behind the uritest
protocol (adapters/PROTOCOL.md).  uritools works on bytes as well as str, so
inputs are passed as octets.  See README.md for the mapping."""
import os
import sys

import uritools

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "common"))
import pyadapter  # noqa: E402

try:
    from importlib.metadata import version
    VERSION = version("uritools")
except Exception:  # metadata missing
    VERSION = "?"


def parse(req):
    if req.rule not in (None, "URI-reference"):
        return pyadapter.unsupported("uritools has one entry point (urisplit)")
    u = uritools.urisplit(req.octets("input"))
    # urisplit is the Appendix B regular expression and never fails; the
    # library's only check of a reference is gethost(), which parses an
    # IP-literal (ipaddress.IPv6Address, IPvFuture refused) and refuses a
    # lone bracket.
    try:
        u.gethost(errors="surrogateescape")
    except ValueError:
        return {"valid": False}
    c = {"scheme": u.scheme, "authority": u.authority, "userinfo": u.userinfo,
         "host": u.host, "host_type": pyadapter.host_type(u.host), "port": u.port,
         "path": u.path, "query": u.query, "fragment": u.fragment}
    return {"valid": True, "components": c}


def resolve(req):
    try:
        t = uritools.urijoin(req.octets("base"), req.octets("input"), strict=req.strict)
    except ValueError:
        return {"valid": False}
    return {"valid": True, "target": t}


if __name__ == "__main__":
    sys.exit(pyadapter.serve("python-uritools", "uritools %s (Python %d.%d)" % (
        VERSION, sys.version_info[0], sys.version_info[1]), "rfc3986",
        {"parse": parse, "resolve": resolve}))
