#!/usr/bin/python3
"""python-urllib3: urllib3.util.parse_url (python3-urllib3), the URL parser
inside the HTTP client, behind the uritest protocol (adapters/PROTOCOL.md).
See README.md for the mapping."""
import importlib.metadata
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "common"))
import pyadapter  # noqa: E402

from urllib3.exceptions import LocationParseError  # noqa: E402
from urllib3.util import parse_url  # noqa: E402


def parse(req):
    if req.rule not in (None, "URI-reference"):
        return pyadapter.unsupported("parse_url has one entry point")
    try:
        u = parse_url(req.text("input"))
    except (LocationParseError, ValueError) as e:
        return {"valid": False, "library_error": str(e)}
    return {"valid": True, "components": pyadapter.urllib3_components(u)}


_pool = None


def fetch(req):
    """PoolManager().request as an application calls it, redirects off
    (retries as by default); a LocationValueError (a ValueError: no host,
    unknown scheme) is raised before any connection."""
    global _pool
    import urllib3
    if _pool is None:
        _pool = urllib3.PoolManager()
    s = req.text("input")
    return pyadapter.fetch_answer(lambda: _pool.request("GET", s, redirect=False),
                                  lambda e: isinstance(e, ValueError))


pyadapter.serve("python-urllib3", "urllib3 %s (python %d.%d)" % (
    importlib.metadata.version("urllib3"), *sys.version_info[:2]), "rfc3986", {"parse": parse, "fetch": fetch})
