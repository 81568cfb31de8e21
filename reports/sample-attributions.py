#!/usr/bin/python3
"""reports/sample-attributions.py: a random sample of the results that
`uritest behaviours` attributes to a behaviour, printed for judgement by
hand: does the behaviour's statement explain the library's answer?

    reports/sample-attributions.py RESULTS [--n 200] [--seed 20261207]
                                   [--adapter NAME]... [--uritest PATH]

RESULTS is a results file of `uritest run`.  The attributions come from
`uritest behaviours --format jsonl RESULTS` (one line per result, its
"behaviour" the id of the one behaviour whose prediction reproduced the
answer, or null); the statements from every adapters/*/behaviours*.json.
The sample is drawn with Python's random.Random(SEED) over the attributed
results in the file's order, so the same file, seed and size give the same
sample.  Each item shows the adapter, vector id, class, input, the
behaviour's id, statement and prediction, and the components (or validity)
where the library's answer and the RFC 3986 reading differ.  Values are
printed with Python escapes.  Standard library only.
"""
import argparse
import glob
import importlib.util
import json
import os
import random
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _endpoints_script():
    """reports/sample-endpoints.py as a module: its value printer is this
    script's too."""
    spec = importlib.util.spec_from_file_location(
        "sample_endpoints", os.path.join(ROOT, "reports", "sample-endpoints.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


shown = _endpoints_script().shown


def statements():
    """Every behaviour of the repository by id: (description, predict)."""
    out = {}
    for path in glob.glob(os.path.join(ROOT, "adapters", "*", "behaviours*.json")):
        with open(path, encoding="utf-8") as f:
            for b in json.load(f).get("behaviours", []):
                out[b["id"]] = (b.get("description", ""), b.get("predict"))
    return out


def attributed(uritest, results, adapters):
    """(adapter, id) -> behaviour id, for the results a behaviour explains."""
    p = subprocess.run([uritest, "behaviours", "--format", "jsonl", results],
                       capture_output=True, text=True, errors="surrogateescape")
    if p.returncode not in (0, 1):
        sys.exit("uritest behaviours failed (%d): %s" % (p.returncode, p.stderr.strip()))
    out = {}
    for line in p.stdout.splitlines():
        r = json.loads(line)
        if r.get("behaviour") and (not adapters or r["adapter"] in adapters):
            out[(r["adapter"], r["id"])] = r["behaviour"]
    return out


def differences(r):
    """The parts where the library's answer and the RFC reading differ: the
    validity (the vector's "expect", accept or reject, against the answer's
    "valid"), and where both accept, the components, target, normal form or
    equivalence."""
    exp, got = r.get("expected") or {}, r.get("got") or {}
    rfc_ok, lib_ok = exp.get("expect") != "reject", got.get("valid") is not False
    if rfc_ok != lib_ok:
        rows = [("valid", "accepts" if rfc_ok else "rejects",
                 "accepts" if lib_ok else "rejects")]
        if not lib_ok:
            why = got.get("library_error", got.get("exception"))
            return rows + ([("error", None, why)] if why is not None else [])
        exp = {}  # the library's reading beside RFC 3986's rejection
    else:
        rows = []
    ec, gc = exp.get("components") or {}, got.get("components") or {}
    for k in sorted(set(ec) | set(gc)):
        if ec.get(k, "(left out)") != gc.get(k, "(left out)"):
            rows.append((k, ec.get(k, "(not given)"), gc.get(k, "(left out)")))
    for k in ("target", "normalized", "equivalent", "output"):
        if k in got and exp.get(k) != got[k]:
            rows.append((k, exp.get(k, "(not given)"), got.get(k)))
    return rows


def item(k, r, bid, stmt):
    exp = r.get("expected") or {}
    inp = exp["input"] if "input" in exp else (
        {"hex": exp["input_hex"]} if "input_hex" in exp else r.get("input"))
    desc, pred = stmt.get(bid, ("(no such behaviour)", None))
    lines = ["%d. %s %s %s" % (k, r.get("adapter"), r.get("id"), r.get("class")),
             "   input: %s%s" % (shown(inp), "  base: " + shown(exp["base"]) if "base" in exp else ""),
             "   other: %s" % shown(exp["other"]) if "other" in exp else None,
             "   behaviour: %s" % bid,
             "   says: %s" % desc,
             "   predicts: %s" % json.dumps(pred)]
    for name, e, g in differences(r):
        lines.append("   %-10s RFC %-34s library %s" % (
            name, e if name == "valid" else ("-" if e is None else shown(e)),
            g if name == "valid" else shown(g)))
    return "\n".join(x for x in lines if x is not None)


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("results")
    ap.add_argument("--n", type=int, default=200)
    ap.add_argument("--seed", type=int, default=20261207)
    ap.add_argument("--adapter", action="append", default=[])
    ap.add_argument("--uritest", default=os.path.join(ROOT, "build", "bin", "uritest"))
    a = ap.parse_args(argv)
    by = attributed(a.uritest, a.results, set(a.adapter))
    rows = []
    with open(a.results, encoding="utf-8", errors="surrogateescape") as f:
        for n, line in enumerate(f, 1):
            try:
                r = json.loads(line)
            except ValueError:
                sys.exit("%s:%d: not JSON" % (a.results, n))
            key = (r.get("adapter"), r.get("id"))
            if r.get("record", "result") == "result" and key in by:
                rows.append((r, by[key]))
    pick = random.Random(a.seed).sample(rows, min(a.n, len(rows)))
    stmt = statements()
    print("%d attributed results, %d drawn (seed %d)" % (len(rows), len(pick), a.seed))
    for k, (r, bid) in enumerate(pick, 1):
        print(item(k, r, bid, stmt))


if __name__ == "__main__":
    main(sys.argv[1:])
