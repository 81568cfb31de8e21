#!/usr/bin/python3
"""Import the JSON-Schema-Test-Suite `format` tests as match vectors.

  uri, uri-reference      -> vectors/v1/external/json-schema-test-suite-uri.json (rfc3986;
                             rules URI, URI-reference)
  iri, iri-reference      -> vectors/v1/external/json-schema-test-suite-iri.json (rfc3987;
                             rules IRI, IRI-reference)

Only string instances are kept (the suite's "ignores integers" etc. tests are about
JSON Schema, not about URIs).  IDs are derived from the rule and the input
(external.jsts.RULE.<12 hex of sha256>), so a re-import of a newer snapshot keeps
the IDs of unchanged tests.  The upstream verdict is kept as the expectation; where
the independent RFC checker (rfc3986_regex / rfc3987_regex) disagrees, the
import stops with the list, to be reviewed by hand (an upstream verdict that is
not the RFC's goes in OVERRIDES with the reason).

usage: import_jsonschema.py [SRC_DIR]   (default ../shared/peers/json-schema-format
beside the repository).  Only this script reads /work/shared; the imported files
are committed.
"""

import hashlib
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
VEC = os.path.dirname(HERE)
ROOT = os.path.dirname(VEC)
from . import rfc3986_regex as R
from . import rfc3987_regex as I
from . import vecio

UPSTREAM = "json-schema-org/JSON-Schema-Test-Suite"
LICENSE = "MIT (Copyright (c) 2012 Julian Berman); see vectors/LICENSE for the notice"

# (rule, input) -> (expect, reason) where the RFC verdict differs from upstream's
OVERRIDES = {}


def tid(rule, s):
    return "external.jsts.%s.%s" % (rule, hashlib.sha256(s.encode("utf-8")).hexdigest()[:12])


def convert(src, fmt, rule, checker):
    data = json.load(open(os.path.join(src, fmt + ".json"), encoding="utf-8"))
    tests, problems = [], []
    for grp in data:
        for t in grp["tests"]:
            if not isinstance(t["data"], str):
                continue
            s = t["data"]
            expect = "accept" if t["valid"] else "reject"
            v = {"id": tid(rule, s), "input": s, "expect": expect, "rule": rule,
                 "description": t["description"]}
            if (rule, s) in OVERRIDES:
                v["expect"], reason = OVERRIDES[(rule, s)]
                v["comment"] = "upstream says %s; %s" % (expect, reason)
            got = checker(rule, s)
            if got != (v["expect"] == "accept"):
                problems.append("%s %r: upstream %s, RFC checker %s" % (rule, s, expect, got))
            tests.append(v)
    return grp["description"], tests, problems


def snapshot(src):
    p = os.path.join(src, "PROVENANCE.md")
    text = open(p, encoding="utf-8").read() if os.path.exists(p) else ""
    m = re.search(r"\b([0-9a-f]{40})\b(?:\s*\(([0-9-]+)\))?", text)
    if not m:
        return "snapshot unknown"
    return "snapshot %s%s" % (m.group(1), " (%s)" % m.group(2) if m.group(2) else "")


def main(argv):
    src = argv[0] if argv else os.path.join(os.path.dirname(ROOT), "shared", "peers", "json-schema-format")
    snap = snapshot(src)
    problems = []
    outputs = []
    for spec, name, pairs, checker in [
        ("rfc3986", "json-schema-test-suite-uri.json", [("uri", "URI"), ("uri-reference", "URI-reference")],
         lambda r, s: R.match(r, s)),
        ("rfc3987", "json-schema-test-suite-iri.json", [("iri", "IRI"), ("iri-reference", "IRI-reference")],
         lambda r, s: I.match(r, s)),
    ]:
        groups = []
        for fmt, rule in pairs:
            desc, tests, probs = convert(src, fmt, rule, checker)
            problems += probs
            groups.append({"description": "JSON-Schema-Test-Suite format \"%s\": %s" % (fmt, desc), "op": "match",
                           "source": "%s tests/draft2020-12/optional/format/%s.json" % (UPSTREAM, fmt),
                           "specification": [{spec: "2.2" if spec == "rfc3987" else "4.1"}], "tests": tests})
        outputs.append((name, {
            "schema": vecio.SCHEMA, "version": "1.0.0", "spec": spec,
            "title": "JSON-Schema-Test-Suite format tests (%s)" % ", ".join(f for f, _ in pairs),
            "source": "%s, %s; converted by vectors/gen/import_jsonschema.py" % (UPSTREAM, snap),
            "license": LICENSE,
            "groups": groups}))
    if problems:
        for p in problems:
            print("DISAGREE " + p)
        print("import_jsonschema: %d upstream verdict(s) differ from the RFC checker: review, then add them to OVERRIDES" % len(problems))
        return 1
    for name, d in outputs:
        vecio.write(os.path.join(VEC, "v1", "external", name), d)
        print("wrote vectors/v1/external/%s (%d tests)" % (name, sum(len(g["tests"]) for g in d["groups"])))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
