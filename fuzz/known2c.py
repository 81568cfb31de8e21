#!/usr/bin/python3
"""fuzz/known2c.py ADAPTER BEHAVIOURS.json|- OUT.c: turn an adapter's known
behaviours (adapters/<adapter>/behaviours.json, adapters/BEHAVIOURS.md)
into the C table a diff target links (fuzz/targets/known.h); "-" for an
adapter without a behaviours file (an empty table: every disagreement is a
finding).  An example
that names a vector id takes that vector's input (and base) from
vectors/v1.  Checks the shape; the condition names are checked by the
target itself when it starts (an unknown name aborts it).

A behaviour without an `op` holds for every op (as in the harness,
adapters/BEHAVIOURS.md): its row has no op, and its example is run with
its vector's op (an inline example: resolve when it has a base, else
parse); an example of an op no diff target answers is not run at start.
Components are RFC 3986's or the WHATWG getters' (a WHATWG adapter's
behaviours name those; the diff targets compare RFC 3986 components, so
such a name is carried, never met).
"""
import glob
import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
from vectors.gen.rfc3986_regex import COMPONENTS  # noqa: E402  (the one list on the Python side)

OPS = ("parse", "resolve", "normalize")


def whatwg_getters():
    """The WHATWG getters a vector may give (the schema's one list)."""
    schema = json.load(open(os.path.join(ROOT, "vectors", "schema", "vectors.schema.json"), encoding="utf-8"))
    found = []

    def walk(node):
        if isinstance(node, dict):
            if "whatwg" in node.get("properties", {}):
                found.extend(node["properties"]["whatwg"]["properties"])
            for v in node.values():
                walk(v)
        elif isinstance(node, list):
            for v in node:
                walk(v)
    walk(schema)
    return set(found)


def cstr(b):
    out = []
    for c in b:
        if c in (0x22, 0x5C):
            out.append("\\" + chr(c))
        elif 0x20 <= c < 0x7F and c != 0x3F:  # no "?" (trigraphs)
            out.append(chr(c))
        else:
            out.append('\\%03o' % c)
    return '"' + "".join(out) + '"'


def octets(e, key):
    if key + "_hex" in e:
        return bytes.fromhex(e[key + "_hex"])
    if key in e and e[key] is not None:
        return e[key].encode("utf-8")
    return None


def vectors_by_id():
    ids = {}
    for p in sorted(glob.glob(os.path.join(ROOT, "vectors", "v1", "**", "*.json"), recursive=True)):
        doc = json.load(open(p, encoding="utf-8"))
        for g in doc.get("groups", []):
            for t in g.get("tests", []):
                ids[t["id"]] = (g.get("op"), t)
    return ids


def opt_c(s):
    return cstr(s.encode()) if s is not None else "NULL"


def main(argv):
    if len(argv) != 4:
        sys.stderr.write("usage: known2c.py ADAPTER BEHAVIOURS.json|- OUT.c\n")
        return 2
    name, src, dst = argv[1:]
    if src == "-":
        doc = {"adapter": name, "behaviours": []}
        src = "adapters/%s/behaviours.json" % name  # named in the header
    else:
        doc = json.load(open(src, encoding="utf-8"))
    if doc.get("adapter") != name:
        sys.stderr.write("%s: adapter is %r, want %r\n" % (src, doc.get("adapter"), name))
        return 2
    vectors = vectors_by_id()
    names = set(COMPONENTS) | whatwg_getters()
    rows = []
    for b in doc["behaviours"]:
        where = "%s: %s" % (src, b.get("id"))
        op = b.get("op")  # None: every op
        comps = b.get("components", [])
        if any(c not in names for c in comps):
            sys.stderr.write("%s: components %r\n" % (where, comps))
            return 2
        if op is not None and op not in OPS:
            continue  # no diff target answers this op
        ex = b.get("example")
        exop = op
        if isinstance(ex, str):
            if ex not in vectors:
                sys.stderr.write("%s: example %s: no such vector\n" % (where, ex))
                return 2
            vop, ex = vectors[ex]
            if op is not None and vop != op:
                sys.stderr.write("%s: example is a %s vector, the behaviour's op %s\n" % (where, vop, op))
                return 2
            exop = vop
        elif exop is None:
            exop = "resolve" if isinstance(ex, dict) and ("base" in ex or "base_hex" in ex) else "parse"
        inp = octets(ex or {}, "input")
        if inp is None:
            sys.stderr.write("%s: no example input\n" % where)
            return 2
        base = octets(ex, "base") if exop == "resolve" else None
        if (exop == "resolve") != (base is not None):
            sys.stderr.write("%s: a resolve example has a base, a parse example none\n" % where)
            return 2
        if exop not in OPS:
            inp = None  # an example no diff target can run: not checked at start
        cls = b.get("class")
        classes = ",".join(cls) if isinstance(cls, list) else cls
        when = "".join(cstr(w.encode()) + ", " for w in b.get("when", []))
        rows.append("  {{%s, %s, %s, %s,\n    (const char *const[]){%sNULL}, NULL, NULL},\n   %s, %s,\n   {0}, {0}, %s, %s, %d, %s, %d, %s},"
                    % (cstr(b["id"].encode()), opt_c(op), opt_c(classes), cstr(",".join(comps).encode()),
                       when, opt_c(b.get("input_matches")), opt_c(b.get("input_not_matches")),
                       opt_c(exop if inp is not None else None), cstr(inp) if inp is not None else "NULL",
                       len(inp or b""), cstr(base) if base is not None else "NULL", len(base or b""),
                       opt_c(b.get("example") if isinstance(b.get("example"), str) else None)))
    glue = "glue_" + name.replace("-", "_")
    with open(dst, "w", encoding="utf-8") as f:
        f.write("/* Generated by fuzz/known2c.py from %s: do not edit. */\n" % os.path.relpath(os.path.join(ROOT, src), ROOT))
        f.write('#include "adapters/common/glue.h"\n#include "known.h"\n\n')
        f.write("extern const struct glue %s;\n" % glue)
        f.write("const struct glue *const diff_glue = &%s;\n" % glue)
        f.write('const char diff_adapter[] = "%s";\n' % name)
        if rows:
            f.write("struct known_entry known_entries[] = {\n%s\n};\n" % "\n".join(rows))
            f.write("const size_t known_count = sizeof known_entries / sizeof known_entries[0];\n")
        else:
            f.write("struct known_entry known_entries[1];\nconst size_t known_count = 0;\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
