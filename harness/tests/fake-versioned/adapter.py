#!/usr/bin/python3
"""A fake adapter whose library "changes" across published versions: with
--library-dir DIR (uritest runs NAME@VERSION so), the version is the
folder's name; without it, the pinned 3.0.  It reads every input as
accepted, with host "h"; from version 1.5 on, an input ending "/u" is
unsupported, from 2.0 on, an input containing "@" reads host "after", and
from 3.0 on, "x" is rejected.  The bisect tests know these changes by
construction."""
import json
import os
import sys

version = "3.0"
if "--library-dir" in sys.argv:
    version = os.path.basename(sys.argv[sys.argv.index("--library-dir") + 1].rstrip("/"))
major = int(version.split(".")[0])
minor = int(version.split(".")[1])
name = "fakev" if version == "3.0" else "fakev@" + version
print(json.dumps({"adapter": name, "library": "fakelib " + version, "spec": "rfc3986",
                  "ops": ["parse"], "protocol": 1}), flush=True)
for line in sys.stdin:
    req = json.loads(line)
    s = req.get("input", "")
    if (major, minor) >= (1, 5) and s.endswith("/u"):
        ans = {"id": req["id"], "unsupported": "no /u"}
    elif major >= 3 and s == "x":
        ans = {"id": req["id"], "valid": False}
    else:
        host = "after" if major >= 2 and "@" in s else "h"
        ans = {"id": req["id"], "valid": True, "components": {"host": host}}
    print(json.dumps(ans), flush=True)
