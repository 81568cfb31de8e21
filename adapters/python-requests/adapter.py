#!/usr/bin/python3
"""python-requests: requests (python3-requests) behind the uritest protocol
(adapters/PROTOCOL.md): parse through PreparedRequest.prepare_url, the step
that turns the URL an application gives into the one requests sends, and
fetch through requests.get.  See README.md for the mapping."""
import importlib.metadata
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "common"))
import pyadapter  # noqa: E402

import requests  # noqa: E402
from urllib3.util import parse_url  # noqa: E402


def parse(req):
    if req.rule not in (None, "URI-reference"):
        return pyadapter.unsupported("prepare_url has one entry point")
    p = requests.models.PreparedRequest()
    try:
        p.prepare_url(req.text("input"), None)
        # the prepared URL, read back as requests' transport reads it
        u = parse_url(p.url)
    except (requests.exceptions.RequestException, ValueError) as e:
        return {"valid": False, "library_error": "%s: %s" % (type(e).__name__, e)}
    return {"valid": True, "components": pyadapter.urllib3_components(u)}


def fetch(req):
    """requests.get as an application calls it, redirects off.  Its
    refusals before connecting (MissingSchema, InvalidSchema, InvalidURL,
    an IDNA error) are ValueErrors; ConnectionError and SSLError are not."""
    s = req.text("input")
    return pyadapter.fetch_answer(lambda: requests.get(s, allow_redirects=False),
                                  lambda e: isinstance(e, ValueError))


if __name__ == "__main__":
    sys.exit(pyadapter.serve("python-requests", "requests %s (python %d.%d)" % (
        importlib.metadata.version("requests"), *sys.version_info[:2]), "other",
        {"parse": parse, "fetch": fetch}))
