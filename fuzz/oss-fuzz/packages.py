#!/usr/bin/python3
"""fuzz/oss-fuzz/packages.py [ROOT]: the Debian/Ubuntu packages of every C and
C++ adapter (adapters/*/adapter.json "packages", the folders whose adapter.mk
says ADAPTER_LANG c or c++), one line, for the OSS-Fuzz and ClusterFuzzLite
images: a package the image's distribution lacks (apt-cache show fails) is
left out, and its diff target is not built (fuzz/oss-fuzz/build.sh says so).
"""
import glob
import json
import os
import re
import subprocess
import sys

root = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
out = []
for mk in sorted(glob.glob(os.path.join(root, "adapters", "*", "adapter.mk"))):
    folder = os.path.dirname(mk)
    if os.path.basename(folder) == "TEMPLATE":
        continue
    with open(mk, encoding="utf-8") as f:
        if not re.search(r"^ADAPTER_LANG := c(\+\+)?\s*$", f.read(), re.M):
            continue
    try:
        with open(os.path.join(folder, "adapter.json"), encoding="utf-8") as f:
            doc = json.load(f)
    except (OSError, ValueError):
        continue
    for a in doc if isinstance(doc, list) else [doc]:
        for p in a.get("packages", []):
            if p not in out and subprocess.run(["apt-cache", "show", p], stdout=subprocess.DEVNULL,
                                               stderr=subprocess.DEVNULL).returncode == 0:
                out.append(p)
print(" ".join(out))
