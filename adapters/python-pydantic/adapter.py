#!/usr/bin/python3
"""python-pydantic: pydantic's AnyUrl (pydantic 1.x), the URL field type of
FastAPI and of pydantic models, behind the uritest protocol
(adapters/PROTOCOL.md).  See README.md for the mapping."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "common"))
import pyadapter  # noqa: E402

import pydantic  # noqa: E402
from pydantic import AnyUrl, parse_obj_as  # noqa: E402


def components(u):
    # AnyUrl requires a scheme and a host; its regex's optional groups are
    # None when absent (user, password, port, path, query, fragment), so an
    # absent path is the empty one and "?" reads query ""
    c = {"scheme": u.scheme, "host": u.host, "host_type": pyadapter.host_type(u.host), "port": u.port}
    if u.user is not None:
        c["userinfo"] = u.user + ("" if u.password is None else ":" + u.password)
    else:
        c["userinfo"] = None if u.password is None else ":" + u.password
    c["path"] = u.path or ""
    c["query"] = u.query
    c["fragment"] = u.fragment
    return c


def parse(req):
    if req.rule not in (None, "URI-reference"):
        return pyadapter.unsupported("AnyUrl has one entry point")
    try:
        u = parse_obj_as(AnyUrl, req.text("input"))
    except pydantic.ValidationError as e:
        return {"valid": False, "library_error": str(e).splitlines()[-1].strip()}
    return {"valid": True, "components": components(u)}


if __name__ == "__main__":
    sys.exit(pyadapter.serve("python-pydantic", "pydantic %s AnyUrl (python %d.%d)" % (
        pydantic.VERSION, *sys.version_info[:2]), "other", {"parse": parse}))
