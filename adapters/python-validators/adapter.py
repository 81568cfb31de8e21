#!/usr/bin/python3
"""python-validators: validators.url (python3-validators), a validator:
accept or reject only (adapter.json "role": "validator"), behind the uritest
protocol (adapters/PROTOCOL.md).  See README.md."""
import importlib.metadata
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "common"))
import pyadapter  # noqa: E402

import validators  # noqa: E402


def parse(req):
    if req.rule not in (None, "URI-reference", "URI", "absolute-URI"):
        return pyadapter.unsupported("validators.url validates absolute URLs only")
    try:
        return {"valid": validators.url(req.text("input")) is True}
    except (ValueError, TypeError) as e:
        return {"valid": False, "library_error": str(e)}


pyadapter.serve("python-validators", "validators %s (python %d.%d)" % (
    importlib.metadata.version("validators"), *sys.version_info[:2]), "other", {"parse": parse})
