#!/usr/bin/python3
"""adapters/matrix-headline.py: write adapters/MATRIX-HEADLINE.md, the README's
headline table: per adapter, RFC 3986 conformance on the parse and resolve
vectors, the number of security-relevant readings, the named behaviours and
the published advisories whose input it still reads the vulnerable way.

    adapters/matrix-headline.py                    # run every available adapter
    adapters/matrix-headline.py --results FILE     # from an existing results file
    adapters/matrix-headline.py --check            # exit 1 if the file would change

Without --results it runs `build/bin/uritest run` (all available adapters,
every vector file) into build/matrix-headline/results.jsonl, then reads it.
From the repository root, after `make`.  Standard library only.

The figures are the report's (`uritest report`, reports/render/model.c):
this script renders `results.json`'s per-adapter "conformance" (PASS over
the requests answered on the `rfc3986` vector files with op parse and op
resolve, UNSUPPORTED left out, so an adapter is judged on what it claims
to do; the answered count is shown beside it), "security_relevant" and
"security_by_severity" (every result whose endpoint is "different", DESIGN.md
"Endpoints", whatever the vector file), "host_lost" (results whose endpoint
is "host-lost", shown apart), "named_behaviours" (the entries of
adapters/NAME/behaviours.json), "behaviours_named" (the failed results one
of them predicts), "vulnerable" (the advisories of the results
the harness marked "vulnerable": an advisory vector read as the vulnerable
library did) and "role" (adapter.json: the oracle and the controls are
listed last), so the README's headline and the report's overview are one
computation.
"""
import argparse
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ROLE_LABELS = {"oracle": "the oracle", "control": "control"}


def run_all(uritest, out):
    os.makedirs(os.path.dirname(out), exist_ok=True)
    # libraries' own diagnostics (GLib criticals, ...) go to a log, not the terminal
    with open(os.path.join(os.path.dirname(out), "run.log"), "w") as log:
        subprocess.run([uritest, "run", "--format", "text", "--no-progress", "--output", out],
                       cwd=ROOT, stdout=log, stderr=log, check=False)


def registry(uritest):
    try:
        p = subprocess.run([uritest, "adapters", "--json"], cwd=ROOT, capture_output=True, text=True, check=False)
        return json.loads(p.stdout)["adapters"]
    except (OSError, ValueError, KeyError):
        return []


def pct(p, n):
    return "n/a" if n == 0 else "%.1f%%" % (100.0 * p / n)


def report(uritest, results_path):
    """results.json of `uritest report` over RESULTS_PATH."""
    out = os.path.join(ROOT, "build", "matrix-headline", "report")
    os.makedirs(out, exist_ok=True)
    p = subprocess.run([uritest, "report", "--quiet", "--output-dir", out, results_path],
                       cwd=ROOT, capture_output=True, text=True, check=False)
    if p.returncode != 0:
        sys.exit("matrix-headline: uritest report failed: %s" % p.stderr.strip())
    with open(os.path.join(out, "results.json"), encoding="utf-8") as f:
        return json.load(f)


def security_cell(total, sev):
    if not sev:
        return "%d" % total
    return "%d (%s)" % (total, ", ".join("%d %s" % (sev.get(k, 0), k) for k in ("host", "port", "scheme", "userinfo")))


def cve_cell(ids):
    return "%d (%s)" % (len(ids), ", ".join(ids)) if ids else "none"


def table(doc, adapters_listed):
    rows = []
    for name, a in doc["adapters"].items():
        p = a["conformance"]["parse"]
        control = a.get("role", "third-party") != "third-party"
        key = (control, -(p["passed"] / p["answered"] if p["answered"] else 0), name)
        rows.append((key, name, a))
    rows.sort(key=lambda x: x[0])
    lines = ["| adapter | library | spec | parse: RFC 3986 conformance | resolve: RFC 3986 conformance | security-relevant readings | host lost | named behaviours | cve |",
             "|---|---|---|---:|---:|---:|---:|---:|---|"]
    third = 0
    for _, name, a in rows:
        p, r = a["conformance"]["parse"], a["conformance"]["resolve"]
        label = "`%s`" % name
        role = a.get("role", "third-party")
        if role != "third-party":
            label += " (%s)" % ROLE_LABELS.get(role, role)
        else:
            third += 1
        nb = a["named_behaviours"]
        lines.append("| %s | %s | %s | %s (%d of %d) | %s | %s | %d | %s | %s |" % (
            label, a["library"].replace("|", "\\|"), a["spec"], pct(p["passed"], p["answered"]),
            p["passed"], p["answered"],
            "%s (%d of %d)" % (pct(r["passed"], r["answered"]), r["passed"], r["answered"])
            if r["answered"] else "not offered", security_cell(a["security_relevant"], a["security_by_severity"]),
            a.get("host_lost", 0),
            "%d (predict %s of %d failed)" % (nb["declared"], pct(a["behaviours_named"], a["failed"]), a["failed"])
            if nb["declared"] else "none",
            cve_cell([i.replace("|", "\\|") for i in a["vulnerable"]])))
    missing = [a for a in adapters_listed if a["name"] not in doc["adapters"]]
    return third, lines, missing


def render(doc, adapters_listed, results_label):
    third, lines, missing = table(doc, adapters_listed)
    run_info = doc["report"]
    out = ["# Adapter matrix: the headline table", "",
           "Generated by `adapters/matrix-headline.py` from `%s` (uritest %s, vectors %s, run %s); do not edit by hand." % (
               results_label, run_info.get("run_uritest") or "?", run_info.get("vectors_version") or "?",
               run_info.get("date") or "?"),
           "",
           "%d third-party parser configurations. **Conformance** is PASS over the requests answered on the "
           "`rfc3986` vector files (op `parse`, op `resolve`; UNSUPPORTED left out, so the answered count says "
           "how much of the suite an adapter takes on). **Security-relevant readings** count results where the "
           "library's reading names another endpoint than RFC 3986's (DESIGN.md, \"Endpoints\": another usable "
           "host, a usable host where the RFC has none, or the same host with another effective port, scheme or "
           "decoded userinfo; hosts compared after full percent-decoding, IDNA and as IP addresses), by the worst "
           "part that differs, over every vector file, inputs RFC 3986 rejects included (read leniently). **Host "
           "lost** counts results where RFC 3986 reads a usable host and the library none or a garbled one: "
           "dangerous only where the library validates (`uritest pairs`). **Named behaviours** count the entries of "
           "the adapter's `behaviours.json` (how the library departs from RFC 3986, each with a minimal input; "
           "`uritest behaviours` lists them with their counts), with the share of the adapter's failed results "
           "whose answer one of them predicts. **cve** lists the "
           "published advisories (vectors tagged `cve:ID`, `vectors/v1/security/advisories.json`) whose input the "
           "adapter still reads as the vulnerable library did (the harness marks such a result `vulnerable`; "
           "`reports/ADVISORIES.md` has the table by advisory)." % third,
           ""]
    out += lines
    if missing:
        out += ["", "Not available on the machine that generated this table (so not in it):", ""]
        for a in missing:
            out.append("- `%s`: %s" % (a["name"], a.get("why") or "not run"))
    out += ["", "Regenerate: `make matrix-headline` (every available adapter), or "
            "`adapters/matrix-headline.py --results FILE` for the results file of a `uritest run`.", ""]
    return "\n".join(out)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--results", help="a results file (JSON Lines) of `uritest run`; default: run all available adapters")
    ap.add_argument("--output", default=os.path.join(ROOT, "adapters", "MATRIX-HEADLINE.md"))
    ap.add_argument("--uritest", default=os.path.join(ROOT, "build", "bin", "uritest"))
    ap.add_argument("--check", action="store_true", help="exit 1 when the output file would change")
    args = ap.parse_args()
    listed = [a for a in registry(args.uritest)]
    if args.results:
        results, label = args.results, os.path.relpath(os.path.abspath(args.results), ROOT)
    else:
        results = os.path.join(ROOT, "build", "matrix-headline", "results.jsonl")
        run_all(args.uritest, results)
        label = "build/matrix-headline/results.jsonl"
    doc = report(args.uritest, results)
    text = render(doc, listed, label)
    left_out = [a for a in listed if a["name"] not in doc["adapters"]]
    if left_out:
        print("matrix-headline: left out %d adapter%s that %s not available here: %s" % (
            len(left_out), "" if len(left_out) == 1 else "s", "is" if len(left_out) == 1 else "are",
            "; ".join("%s (%s)" % (a["name"], a.get("why") or "not run") for a in left_out)))
    if args.check:
        old = open(args.output, encoding="utf-8").read() if os.path.exists(args.output) else ""
        sys.exit(0 if old == text else 1)
    with open(args.output, "w", encoding="utf-8") as f:
        f.write(text)
    print("wrote %s" % os.path.relpath(args.output, ROOT))


if __name__ == "__main__":
    main()
