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
        # each property is read once: every read of host, userinfo or port
        # matches the authority again (rfc3986's authority_info); host
        # decodes an xn-- label and may raise (idna.IDNAError, a ValueError)
        host, userinfo, port = u.host, u.userinfo, u.port
        query, fragment, raw_path = u.query, u.fragment, u.raw_path
    except (httpx.InvalidURL, ValueError, TypeError) as e:
        return {"valid": False, "library_error": str(e)}
    c = {"scheme": u.scheme or None}
    # httpx keeps no absent/empty difference for the authority's parts:
    # "" is both; an empty host means no authority was read
    if host == "" and not userinfo and port is None:
        for k in ("userinfo", "host", "host_type", "port"):
            c[k] = None
    else:
        bracketed = "[%s]" % host
        c["host"] = bracketed if "[" in s and bracketed.lower() in s.lower() else host
        c["host_type"] = pyadapter.host_type(c["host"])
        if userinfo:
            c["userinfo"] = userinfo.decode("latin-1")
        if port is not None:
            c["port"] = str(port)
    c["path"] = raw_path.decode("latin-1").partition("?")[0]
    if query:
        c["query"] = query.decode("latin-1")
    if fragment:
        c["fragment"] = fragment
    return {"valid": True, "components": c}


def resolve(req):
    if not req.strict:
        return pyadapter.unsupported("httpx.URL.join has no non-strict (5.2.2) mode")
    try:
        return {"valid": True, "target": str(httpx.URL(req.text("base")).join(req.text("input")))}
    except (httpx.InvalidURL, ValueError, TypeError) as e:
        return {"valid": False, "library_error": str(e)}


def _refused(e):
    # raised while building the request, before any connection
    return isinstance(e, (httpx.InvalidURL, httpx.UnsupportedProtocol, ValueError))


_client = None


def fetch(req):
    """GET through one httpx.Client, as an application making many requests
    does (httpx.get would build a client, and load the CA store, per call);
    redirects are not followed by default."""
    global _client
    if _client is None:
        _client = httpx.Client()
    s = req.text("input")
    return pyadapter.fetch_answer(lambda: _client.get(s), _refused)


pyadapter.serve("python-httpx", "httpx %s (python %d.%d)" % (
    importlib.metadata.version("httpx"), *sys.version_info[:2]), "rfc3986",
    {"parse": parse, "resolve": resolve, "fetch": fetch})
