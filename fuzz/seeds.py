#!/usr/bin/python3
"""fuzz/seeds.py OUTDIR: a seed corpus from every vector input.

Every test of vectors/v1/**.json (its `input`, or the octets of
`input_hex`) becomes one file, prefixed with the op octet the fuzz targets
read (fuzz/targets/ops.h, through fuzz/ops.py): parse, normalize, resolve
(base LF reference), iri for rfc3987 files; every parse input is also
written once as normalize, so each target starts from every input.  Files
are named by the SHA-1 of their content (duplicates collapse).
Prints "N seeds from M vectors".
"""
import glob
import hashlib
import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
from fuzz.ops import octet  # noqa: E402


def octets(t, key):
    if key + "_hex" in t:
        return bytes.fromhex(t[key + "_hex"])
    v = t.get(key)
    return v.encode("utf-8") if isinstance(v, str) else None


def seeds_of(spec, op, t):
    s = octets(t, "input")
    if s is None:
        return
    if op == "resolve":
        base = octets(t, "base")
        if base is not None:
            yield octet("resolve") + base + b"\n" + s
            yield octet("resolve-non-strict") + base + b"\n" + s
        return
    if spec == "rfc3987":
        yield octet("iri") + s
        return
    yield octet("parse") + s
    if op in ("normalize", "equivalent"):
        yield octet("normalize") + s
        yield octet("normalize-scheme") + s


def main(argv):
    if len(argv) != 2:
        sys.stderr.write("usage: seeds.py OUTDIR\n")
        return 2
    out = argv[1]
    os.makedirs(out, exist_ok=True)
    seen, vectors = set(), 0
    for path in sorted(glob.glob(os.path.join(ROOT, "vectors", "v1", "**", "*.json"), recursive=True)):
        doc = json.load(open(path, encoding="utf-8"))
        for g in doc.get("groups", []):
            for t in g.get("tests", []):
                vectors += 1
                for seed in seeds_of(doc.get("spec"), g.get("op"), t):
                    if len(seed) > 4096:  # keep the corpus light for the engines
                        continue
                    h = hashlib.sha1(seed).hexdigest()
                    if h in seen:
                        continue
                    seen.add(h)
                    with open(os.path.join(out, h), "wb") as f:
                        f.write(seed)
    print("%d seeds from %d vectors" % (len(seen), vectors))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
