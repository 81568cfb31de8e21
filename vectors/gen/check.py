#!/usr/bin/python3
"""Checks of the vector suite (run by `make test-vectors`).

  1. every vectors/v1/**.json file validates against vectors/schema/vectors.schema.json
     (Debian python3-jsonschema, draft 2020-12);
  2. test IDs are unique across the suite;
  3. no ID of a released version is gone, and no released ID changed meaning
     (vectors/RELEASED: "id<TAB>sha256 of the test's meaning" per line), unless
     it is listed in vectors/RETIRED ("id<TAB>version<TAB>reason": a wrong
     vector is retired there and superseded by a new ID; a retired ID is never
     used again);
  4. every vector file is listed in vectors/MANIFEST and every listed file exists;
  5. every `specification` section exists in the RFC's table of contents
     (vectors/schema/rfc-sections.json);
  6. every file's version is not newer than vectors/VERSION.

usage: check.py [--release]   (--release appends the current IDs that are not yet
in vectors/RELEASED, to be run when vectors/VERSION is bumped for a release)
Last line: `vectors-schema: N passed, N failed`.
"""

import glob
import hashlib
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
VEC = os.path.dirname(HERE)
V1 = os.path.join(VEC, "v1")

# The fields that carry a test's meaning; a released ID keeps these forever.
MEANING = ["op", "input", "input_hex", "expect", "rule", "components", "error", "base",
           "target", "strict", "normalized", "level", "other", "equivalent", "output", "whatwg"]


def meaning_hash(group, test, spec):
    d = {k: test[k] for k in MEANING if k in test}
    d["op"] = group["op"]
    d["spec"] = spec
    if "error" in d:
        d["error"] = {"offset": d["error"]["offset"]} if "offset" in d["error"] else {}
    return hashlib.sha256(json.dumps(d, sort_keys=True, ensure_ascii=True).encode()).hexdigest()[:16]


def vector_files():
    return sorted(os.path.relpath(p, VEC) for p in glob.glob(os.path.join(V1, "**", "*.json"), recursive=True))


def semver(v):
    core = v.split("-")[0].split("+")[0]
    return tuple(int(x) for x in core.split("."))


def load_released():
    path = os.path.join(VEC, "RELEASED")
    out = {}
    if os.path.exists(path):
        for line in open(path, encoding="utf-8"):
            line = line.rstrip("\n")
            if line and not line.startswith("#"):
                i, h = line.split("\t")
                out[i] = h
    return out


def load_retired():
    path = os.path.join(VEC, "RETIRED")
    out = {}
    if os.path.exists(path):
        for line in open(path, encoding="utf-8"):
            line = line.rstrip("\n")
            if line and not line.startswith("#"):
                parts = line.split("\t")
                out[parts[0]] = parts[1:]
    return out


def main(argv):
    failures = []
    passed = 0

    def ok(cond, msg):
        nonlocal passed
        if cond:
            passed += 1
        else:
            failures.append(msg)
            print("FAIL " + msg)
        return cond

    try:
        import jsonschema
    except ImportError:
        print("FAIL python3-jsonschema is missing (apt-get install -y python3-jsonschema)")
        print("vectors-schema: 0 passed, 1 failed")
        return 1
    schema = json.load(open(os.path.join(VEC, "schema", "vectors.schema.json"), encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    validator = jsonschema.Draft202012Validator(schema)
    sections = json.load(open(os.path.join(VEC, "schema", "rfc-sections.json"), encoding="utf-8"))
    version = open(os.path.join(VEC, "VERSION")).read().strip()

    files = vector_files()
    ids = {}
    hashes = {}
    for rel in files:
        try:
            doc = json.load(open(os.path.join(VEC, rel), encoding="utf-8"))
        except ValueError as e:
            ok(False, "%s: not JSON: %s" % (rel, e))
            continue
        errs = sorted(validator.iter_errors(doc), key=lambda e: list(e.absolute_path))
        for e in errs[:5]:
            print("FAIL %s: %s: %s" % (rel, "/".join(str(p) for p in e.absolute_path), e.message[:300]))
        ok(not errs, "%s: %d schema error(s)" % (rel, len(errs)))
        if errs:
            continue
        ok(semver(doc["version"]) <= semver(version),
           "%s: version %s is newer than vectors/VERSION %s" % (rel, doc["version"], version))
        spec_refs = list(doc.get("specification", []))
        for g in doc["groups"]:
            spec_refs += g.get("specification", [])
            for t in g["tests"]:
                spec_refs += t.get("specification", [])
                if t["id"] in ids:
                    ok(False, "duplicate id %s in %s and %s" % (t["id"], ids[t["id"]], rel))
                ids[t["id"]] = rel
                hashes[t["id"]] = meaning_hash(g, t, doc["spec"])
        bad = []
        for ref in spec_refs:
            for rfc, sec in ref.items():
                if rfc in ("quote", "url", "errata"):
                    continue
                if sec not in sections.get(rfc, {}):
                    bad.append("%s %s" % (rfc, sec))
        ok(not bad, "%s: sections not in the RFC's table of contents: %s" % (rel, ", ".join(sorted(set(bad)))))
    ok(len(ids) > 0, "no vectors found")

    # unique IDs (one check for the suite)
    ok(True, "")

    released = load_released()
    retired = load_retired()
    reused = sorted(i for i in retired if i in hashes)
    for i in reused[:20]:
        print("FAIL retired id used again: %s (%s)" % (i, ids[i]))
    ok(not reused, "%d retired id(s) used again" % len(reused))
    gone = sorted(i for i in released if i not in hashes and i not in retired)
    changed = sorted(i for i in released if i in hashes and hashes[i] != released[i])
    for i in gone[:20]:
        print("FAIL released id removed: %s" % i)
    for i in changed[:20]:
        print("FAIL released id changed meaning: %s (%s)" % (i, ids[i]))
    ok(not gone, "%d released id(s) removed" % len(gone))
    ok(not changed, "%d released id(s) changed meaning" % len(changed))

    manifest = []
    for line in open(os.path.join(VEC, "MANIFEST"), encoding="utf-8"):
        line = line.split("#", 1)[0].strip()
        if line:
            manifest.append(line)
    for rel in files:
        ok(rel in manifest, "%s is not listed in vectors/MANIFEST" % rel)
    for rel in manifest:
        ok(os.path.exists(os.path.join(VEC, rel)), "vectors/MANIFEST lists %s, which does not exist" % rel)

    if "--release" in argv:
        new = sorted(i for i in hashes if i not in released)
        with open(os.path.join(VEC, "RELEASED"), "a", encoding="utf-8") as f:
            if not released:
                f.write("# IDs of released versions and the hash of their meaning (vectors/gen/check.py).\n"
                        "# Append-only: an ID listed here is never removed, renumbered or given a new meaning.\n")
            # the section of this version: uritest run --baseline tells the
            # vectors added since a baseline's version by it
            if new:
                f.write("# released %s\n" % version)
            for i in new:
                f.write("%s\t%s\n" % (i, hashes[i]))
        print("released %d new id(s) as of %s" % (len(new), version))

    print("vectors-schema: %d passed, %d failed" % (passed, len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
