#!/usr/bin/python3
"""Check every RFC 3986 / RFC 3987 vector against the independent Python code.

Hand-written expectations and the independent implementations
(rfc3986_regex.py, rfc3987_regex.py, rfc3986_ops.py) were written separately
from the RFC text; a disagreement means one of them is wrong, so both are
reviewed.  `implementation-defined` vectors and whatwg files are skipped.

usage: selfcheck.py [FILE...]     Last line: `vectors-selfcheck: N passed, N failed`.
"""

import glob
import json
import os
import sys

from . import rfc3986_regex as R
from . import rfc3986_ops as O

try:
    from . import rfc3987_regex as I
except ImportError:  # pragma: no cover
    I = None

HERE = os.path.dirname(os.path.abspath(__file__))


def octets(t):
    if "input_hex" in t:
        return bytes.fromhex(t["input_hex"])
    return t["input"].encode("utf-8")


def check_test(spec, op, t):
    """Return a list of disagreement strings."""
    exp = t["expect"]
    if exp == "implementation-defined":
        return None
    want_ok = exp == "accept"
    s = octets(t)
    out = []
    if op == "parse":
        if spec == "rfc3987":
            ok = I.match(t.get("rule", "IRI-reference"), s)
            if ok != want_ok:
                out.append("valid %s, want %s" % (ok, want_ok))
            return out
        rule = t.get("rule", "URI-reference")
        r = R.parse(s, rule)
        if r["valid"] != want_ok:
            out.append("valid %s, want %s" % (r["valid"], want_ok))
        elif r["valid"]:
            for k, v in t.get("components", {}).items():
                if r["components"][k] != v:
                    out.append("%s %r, want %r" % (k, r["components"][k], v))
        elif "error" in t and "offset" in t["error"]:
            if r["error"]["offset"] != t["error"]["offset"]:
                out.append("offset %d, want %d" % (r["error"]["offset"], t["error"]["offset"]))
    elif op == "match":
        if spec == "rfc3987" and t["rule"] in I.RULES:
            ok = I.match(t["rule"], s)
        else:
            ok = R.match(t["rule"], s)
        if ok != want_ok:
            out.append("match %s %s, want %s" % (t["rule"], ok, want_ok))
    elif op == "resolve":
        try:
            target, hazard = O.resolve(t["base"], t["input"], t.get("strict", True))
        except ValueError as e:
            if want_ok:
                out.append(str(e))
            return out
        if not want_ok:
            out.append("resolved to %r, want reject" % target)
        elif "target" in t and target != t["target"]:
            out.append("target %r, want %r" % (target, t["target"]))
        if bool(hazard) != ("hazard" in t):
            out.append("hazard %r, vector %r" % (hazard, t.get("hazard")))
    elif op == "normalize":
        try:
            n, hazard = O.normalize(t["input"], t.get("level", "syntax"))
        except ValueError as e:
            if want_ok:
                out.append(str(e))
            return out
        if "normalized" in t and n != t["normalized"]:
            out.append("normalized %r, want %r" % (n, t["normalized"]))
    elif op == "equivalent":
        e = O.equivalent(t["input"], t["other"], t.get("level", "syntax"))
        if e != t["equivalent"]:
            out.append("equivalent %s, want %s" % (e, t["equivalent"]))
    elif op == "iri-to-uri":
        o = O.iri_to_uri(t["input"])
        if o != t["output"]:
            out.append("output %r, want %r" % (o, t["output"]))
    return out


def main(argv):
    files = argv or sorted(glob.glob(os.path.join(os.path.dirname(HERE), "v1", "**", "*.json"), recursive=True))
    passed = failed = skipped = 0
    for f in files:
        doc = json.load(open(f, encoding="utf-8"))
        if doc["spec"] not in ("rfc3986", "rfc3987"):
            continue
        for g in doc["groups"]:
            for t in g["tests"]:
                d = check_test(doc["spec"], g["op"], t)
                if d is None:
                    skipped += 1
                elif d:
                    failed += 1
                    if failed <= 50:
                        print("FAIL %s (%s): %s: %s" % (t["id"], os.path.basename(f), json.dumps(t.get("input", t.get("input_hex")), ensure_ascii=False), "; ".join(d)))
                else:
                    passed += 1
    print("skipped %d implementation-defined vector(s)" % skipped)
    print("vectors-selfcheck: %d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
