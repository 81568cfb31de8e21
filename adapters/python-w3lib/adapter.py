#!/usr/bin/python3
"""python-w3lib: w3lib.url (python3-w3lib), Scrapy's URL helpers, behind the
uritest protocol (adapters/PROTOCOL.md): safe_url_string for normalize,
canonicalize_url's sibling parse through urllib.parse is not its own, so
only what w3lib itself computes is offered.  See README.md."""
import importlib.metadata
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "common"))
import pyadapter  # noqa: E402

import w3lib.url  # noqa: E402


def normalize(req):
    if req.level != "syntax":
        return pyadapter.unsupported("safe_url_string has one level")
    try:
        return {"valid": True, "normalized": w3lib.url.safe_url_string(req.text("input"))}
    except (ValueError, TypeError, UnicodeError) as e:
        return {"valid": False, "library_error": str(e)}


pyadapter.serve("python-w3lib", "w3lib %s (python %d.%d)" % (
    importlib.metadata.version("w3lib"), *sys.version_info[:2]), "other", {"normalize": normalize})
