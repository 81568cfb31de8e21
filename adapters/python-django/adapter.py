#!/usr/bin/python3
"""python-django: Django's URLValidator (python3-django), a validator:
accept or reject only (adapter.json "role": "validator"), behind the uritest
protocol (adapters/PROTOCOL.md).  See README.md."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "common"))
import pyadapter  # noqa: E402

import django  # noqa: E402
from django.conf import settings  # noqa: E402

settings.configure(USE_I18N=False)
from django.core.exceptions import ValidationError  # noqa: E402
from django.core.validators import URLValidator  # noqa: E402

VALIDATE = URLValidator()


def parse(req):
    if req.rule not in (None, "URI-reference", "URI", "absolute-URI"):
        return pyadapter.unsupported("URLValidator validates absolute URLs only")
    try:
        VALIDATE(req.text("input"))
        return {"valid": True}
    except ValidationError:
        return {"valid": False, "library_error": "ValidationError: Enter a valid URL."}
    except (ValueError, TypeError) as e:
        return {"valid": False, "library_error": str(e)}


pyadapter.serve("python-django", "django %s URLValidator (python %d.%d)" % (
    django.get_version(), *sys.version_info[:2]), "other", {"parse": parse})
