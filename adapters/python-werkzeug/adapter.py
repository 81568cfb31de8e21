#!/usr/bin/python3
"""python-werkzeug: Werkzeug's werkzeug.urls (url_parse, url_join), the URL
functions of Flask applications, behind the uritest protocol
(adapters/PROTOCOL.md).  See README.md for the mapping."""
import importlib.metadata
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "common"))
import pyadapter  # noqa: E402

from werkzeug import urls  # noqa: E402


def components(u):
    # url_parse splits as urlsplit does: "" is both absent and empty for the
    # authority, the query and the fragment (left out then); a scheme is
    # never empty, so "" is absent
    c = {"scheme": u.scheme or None, "path": u.path}
    if u.netloc:
        c["authority"] = u.netloc
        c["userinfo"] = u.auth
        # the host and port as written (_split_host: an IP-literal's
        # address without its brackets, put back here)
        host, port = u._split_host()
        c["host"] = "[%s]" % host if "[%s]" % host in u.netloc else host
        c["host_type"] = pyadapter.host_type(c["host"])
        c["port"] = port
    else:
        # no authority, or an empty one: no host either way (said, so that
        # an endpoint is compared: DESIGN.md "Endpoints")
        c["host"] = None
    if u.query:
        c["query"] = u.query
    if u.fragment:
        c["fragment"] = u.fragment
    return c


def parse(req):
    if req.rule not in (None, "URI-reference"):
        return pyadapter.unsupported("url_parse has one entry point")
    try:
        return {"valid": True, "components": components(urls.url_parse(req.text("input")))}
    except ValueError as e:
        return {"valid": False, "library_error": str(e)}


def resolve(req):
    if not req.strict:
        return pyadapter.unsupported("url_join has no non-strict (5.2.2) mode")
    try:
        return {"valid": True, "target": urls.url_join(req.text("base"), req.text("input"))}
    except ValueError as e:
        return {"valid": False, "library_error": str(e)}


def recompose(req):
    try:
        return {"valid": True, "output": urls.url_parse(req.text("input")).to_url()}
    except ValueError as e:
        return {"valid": False, "library_error": str(e)}


if __name__ == "__main__":
    sys.exit(pyadapter.serve("python-werkzeug", "werkzeug %s urls (python %d.%d)" % (
        importlib.metadata.version("werkzeug"), *sys.version_info[:2]), "rfc3986",
        {"parse": parse, "resolve": resolve, "recompose": recompose}))
