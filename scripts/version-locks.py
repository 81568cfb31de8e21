#!/usr/bin/python3
"""scripts/version-locks.py NAME...: write, for every published version of an
adapter's npm library (adapter.json "versions"), the folder
adapters/NAME/versions/VERSION/ with a package.json that pins that exact
version and its package-lock.json (`npm install --package-lock-only`, from
the npm registry).  A maintainer runs it when "versions" changes and commits
the result; `make deps ADAPTERS=NAME@VERSION` then installs from the lock
file (npm ci).  The pinned version is the adapter's own folder and gets none.
"""
import json
import os
import subprocess
import sys


def entry(name):
    path = os.path.join("adapters", name, "adapter.json")
    doc = json.load(open(path, encoding="utf-8"))
    for a in doc if isinstance(doc, list) else [doc]:
        if a.get("name") == name:
            return a
    raise SystemExit("version-locks: %s has no adapter %s" % (path, name))


def write_version(name, npm, version):
    folder = os.path.join("adapters", name, "versions", version)
    os.makedirs(folder, exist_ok=True)
    pkg = {
        "name": "uritest-adapter-%s-%s" % (name, version.replace(".", "-")),
        "version": "1.0.0",
        "private": True,
        "description": "uritest: %s %s for `uritest --adapter %s@%s`" % (npm, version, name, version),
        "license": "MIT",
        "dependencies": {npm: version},
    }
    with open(os.path.join(folder, "package.json"), "w", encoding="utf-8") as f:
        f.write(json.dumps(pkg, indent=2) + "\n")
    subprocess.run(["npm", "install", "--package-lock-only", "--ignore-scripts",
                    "--no-audit", "--no-fund", "--silent"], cwd=folder, check=True)


def main(names):
    if not names:
        raise SystemExit(__doc__)
    for name in names:
        a = entry(name)
        v = a.get("versions")
        if not v or "npm" not in v:
            raise SystemExit("version-locks: %s: adapter.json has no \"versions\" with \"npm\"" % name)
        for version in v["published"]:
            if version != v["pinned"]:
                write_version(name, v["npm"], version)
                print("%s@%s" % (name, version))


if __name__ == "__main__":
    main(sys.argv[1:])
