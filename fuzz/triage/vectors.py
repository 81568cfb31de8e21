"""The regression vector of a finding, and the vector files it goes to.

Expectations come from vectors/gen's independent checkers, never from the
reference (DESIGN.md, "Vector files")."""
import glob
import hashlib
import json
import os
import re

from fuzz.ops import OPS, op_of
from fuzz.triage.finding import octets
from fuzz.triage.paths import ROOT
from vectors.gen import rfc3986_ops as O
from vectors.gen import rfc3986_regex as R

# members of a finding that are not readings
NOT_READINGS = ("target", "adapter", "op", "kind", "component", "known", "class", "input", "input_hex",
                "base", "base_hex", "ref", "ref_hex", "got")
SPEC = {"parse": [{"rfc3986": "4.1"}, {"rfc3986": "3"}], "resolve": [{"rfc3986": "5.2.2"}],
        "normalize": [{"rfc3986": "6.2.2"}]}


def text_or_hex(key, b):
    """{KEY: text} when B is UTF-8, else {KEY_hex: ...}."""
    try:
        return {key: b.decode("utf-8")}
    except UnicodeDecodeError:
        return {key + "_hex": b.hex()}


def decode_reference_input(data):
    """The op and operands (op, base, input) of a reference-target input
    (reference.c; the op from fuzz/targets/ops.h)."""
    if not data:
        return OPS[0][0], None, b""
    op = OPS[op_of(data[0])][0]
    rest = data[1:]
    if op.startswith("resolve"):
        i = rest.find(b"\n")
        if i < 0:
            return op, None, rest
        return op, rest[:i], rest[i + 1:]
    return op, None, rest


def decode_diff_input(data):
    """The op and operands (op, base, input) of a diff-target input (diff.c;
    the op from fuzz/targets/ops.h)."""
    op = OPS[op_of(data[0]) if data else 0][1]
    rest = data[1:] if data else b""
    if op == "resolve" and b"\n" in rest:
        i = rest.index(b"\n")
        return op, rest[:i], rest[i + 1:]
    return ("parse" if op == "resolve" else op), None, rest


def operands(target, finding, data):
    """(op, base, input) of a finding (its fields) or else of the input DATA
    that crashed TARGET."""
    if finding is not None:
        op = finding["op"]
        inp, base, ref = octets(finding, "input"), octets(finding, "base"), octets(finding, "ref")
        if ref is not None and op.startswith("resolve"):
            base, inp = inp, ref  # reference.c prints base as input, reference as ref
        return op, base, inp
    return decode_reference_input(data) if target == "reference" else decode_diff_input(data)


def readings_text(finding):
    if not finding:
        return ""
    parts = ["%s: %s" % (k, json.dumps(v, ensure_ascii=True)) for k, v in finding.items() if k not in NOT_READINGS]
    if "got" in finding:
        parts.append("reference produced: %s" % json.dumps(finding["got"], ensure_ascii=True))
    return "; ".join(parts)


def slug(s):
    return re.sub(r"[^A-Za-z0-9_.-]+", "-", str(s)).strip("-").lower() or "x"


def vector_id(adapter, op, kind, comp, base, inp):
    h = hashlib.sha1((base or b"") + b"\n" + inp).hexdigest()[:8]
    return "fuzz.%s.%s.%s%s.%s" % (slug(adapter), slug(op), slug(kind), ("." + slug(comp)) if comp else "", h)


def decided(t, inp, comment):
    """T as a parse vector whose expectation the regex checker decides."""
    r = R.parse(inp)
    if r["valid"]:
        t["expect"] = "accept"
        t["components"] = r["components"]
    else:
        t["expect"] = "reject"
        t["error"] = {"offset": r["error"]["offset"]}
    t["comment"] = comment + ". Expectation: vectors/gen/rfc3986_regex.py."
    t["tags"] = ["fuzz", "regression"]


def pending(t, op, base, inp, level):
    """T as an implementation-defined vector of OP, for a person to confirm:
    returns the group op and rfc3986_ops.py's answer (the x-candidate)."""
    t["expect"] = "implementation-defined"
    t["tags"] = ["fuzz", "regression", "pending"]
    cand = None
    gop = op
    try:
        if op.startswith("resolve"):
            gop = "resolve"
            t.update(text_or_hex("base", base or b""))
            if "base_hex" in t:
                # the schema has no base_hex: keep such a base for the person
                t["x-base-hex"] = t.pop("base_hex")
                t["base"] = ""
            if op == "resolve-non-strict":
                t["strict"] = False
            # rfc3986_ops works on characters: one per octet
            c, hz = O.resolve(base.decode("latin-1"), inp.decode("latin-1"), op != "resolve-non-strict")
            cand = {"target": c, "hazard": hz}
        elif op.startswith("normalize"):
            gop = "normalize"
            t["level"] = "scheme" if op == "normalize-scheme" or level == "scheme" else "syntax"
            c, hz = O.normalize(inp.decode("latin-1"), t["level"])
            cand = {"normalized": c, "hazard": hz}
        else:
            gop = "parse"
            t["x-op"] = op
    except Exception as e:  # the candidate is a help, not a requirement
        cand = {"error": "%s: %s" % (type(e).__name__, e)}
    return gop, cand


def make_vector(vid, op, base, inp, finding, why, level=None):
    """Return (pending, test dict, group op)."""
    t = {"id": vid}
    t.update(text_or_hex("input", inp))
    readings = {k: v for k, v in (finding or {}).items()
                if isinstance(v, dict) and ("valid" in v or "unsupported" in v)}
    comment = "found by differential fuzzing (uritest triage): %s" % why
    rt = readings_text({k: v for k, v in (finding or {}).items() if k in readings or k == "got"})
    if rt:
        comment += ". Readings: " + rt
    if op in ("parse", "start-rules", "match", "iri"):
        decided(t, inp, comment)
        is_pending, gop = False, "parse"
    else:
        gop, cand = pending(t, op, base, inp, level)
        t["comment"] = comment + ". Pending: the regex checker cannot decide this operation; " \
            "x-candidate is vectors/gen/rfc3986_ops.py's answer, to be confirmed by hand."
        if cand is not None:
            t["x-candidate"] = cand
        is_pending = True
    if readings:
        t["x-readings"] = readings
    return is_pending, t, gop


def load_vfile(path, adapter, is_pending):
    """The vector file at PATH, or a new one for ADAPTER's findings."""
    if os.path.exists(path):
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    with open(os.path.join(ROOT, "vectors", "VERSION"), encoding="utf-8") as f:
        version = f.read().strip()
    who = "the reference's own invariants" if adapter == "reference" else "the reference against %s" % adapter
    return {"schema": "uritest-vectors/1", "version": version, "spec": "rfc3986",
            "title": "Fuzzing regressions%s: %s" % (" (pending confirmation)" if is_pending else "", who),
            "source": "uritest differential fuzzing (fuzz/, `uritest triage`); expectations from "
                      "vectors/gen/rfc3986_regex.py" + ("; pending vectors are implementation-defined "
                                                        "until a person confirms them" if is_pending else ""),
            "tags": ["fuzz", "regression"], "groups": []}


def test_key(gop, t):
    return (gop, t.get("input"), t.get("input_hex"), t.get("base"), t.get("level"), t.get("x-op"))


def add_test(doc, gop, t):
    """Add T unless its id or (op, input, base, level) is there; True when added."""
    key = test_key(gop, t)
    for g in doc["groups"]:
        for u in g["tests"]:
            if u["id"] == t["id"] or (g["op"] == gop and test_key(gop, u) == key):
                return False
    for g in doc["groups"]:
        if g["op"] == gop:
            g["tests"].append(t)
            return True
    doc["groups"].append({"description": "%s findings" % gop, "op": gop,
                          "specification": SPEC.get(gop, []), "tests": [t]})
    return True


def retired_ids():
    """The ids of vectors/RETIRED (id<TAB>version<TAB>reason): never used
    again, so a finding whose vector was retired is not written anew."""
    try:
        with open(os.path.join(ROOT, "vectors", "RETIRED"), encoding="utf-8") as f:
            return {line.split("\t", 1)[0].strip() for line in f if line.strip() and not line.startswith("#")}
    except OSError:
        return set()


def all_ids():
    """Every vector id of vectors/v1, and the retired ones."""
    ids = retired_ids()
    for p in glob.glob(os.path.join(ROOT, "vectors", "v1", "**", "*.json"), recursive=True):
        try:
            with open(p, encoding="utf-8") as f:
                doc = json.load(f)
        except ValueError:
            continue
        for g in doc.get("groups", []):
            for t in g.get("tests", []):
                ids.add(t.get("id"))
    return ids
