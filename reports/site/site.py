#!/usr/bin/python3
"""reports/site/site.py: the static site of `uritest site` (DESIGN.md "The site").

    site.py --uritest PATH [-o DIR] [--pairs FILE]... RESULTS...

Renders results files through `uritest report` (results.json: the one model
of a run, harness/README.md) and writes into DIR a site that needs no other
host and works from file:// and any static host:

    index.html              the matrix: every adapter, its conformance per op,
                            different endpoints, host lost, named behaviours,
                            advisories
    adapters/NAME.html      one adapter: library version, conformance per kind
                            of vector file, counts by class, behaviours with an
                            example each, security findings by kind with an
                            example, advisories it reproduces, its pairs
    badges/NAME.json        a shields.io endpoint badge: {"schemaVersion": 1,
                            "label", "message", "color"}
    api/v1/adapters.json    every adapter's figures, and where its pages are
    api/v1/NAME.json        one adapter's figures, behaviours, findings, pairs

NAME is the adapter's name made one safe file name (site_name below). Every
string from the results is escaped for HTML (html.escape) or written through
json.dumps. Standard library only.
"""
import argparse
import html
import json
import os
import re
import subprocess
import sys
import tempfile

OPS = [("parse", "RFC 3986 parse"), ("resolve", "RFC 3986 resolve"), ("normalize", "RFC 3986 normalize"),
       ("equivalent", "RFC 3986 equivalence"), ("iri", "RFC 3987 (IRI)"), ("whatwg", "WHATWG URL")]
SEVERITIES = ("host", "port", "scheme", "userinfo")
CSS = """body{font:15px/1.45 system-ui,sans-serif;margin:2em auto;max-width:72em;padding:0 1em;color:#1b1b1b}
table{border-collapse:collapse;margin:.5em 0 1.5em}th,td{border:1px solid #ccc;padding:.25em .5em;text-align:left;
vertical-align:top}th{background:#f2f2f2}td.n{text-align:right}code{background:#f5f5f5;padding:0 .2em;
word-break:break-all}.bad{color:#a00}.good{color:#070}nav a{margin-right:1em}"""
CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:"
EXAMPLES = 5  # examples per pair on an adapter's page


def site_name(name, taken):
    """NAME as one file name: [A-Za-z0-9_.@+-] kept, anything else (and a
    leading dot) as -xHH; made unique among TAKEN."""
    out = "".join(c if re.match(r"[A-Za-z0-9_@+.-]", c) else "".join("-x%02X" % b for b in c.encode("utf-8"))
                  for c in name) or "-"
    if out.startswith("."):
        out = "-x2E" + out[1:]
    base, i = out, 2
    while out in taken:
        out = "%s-%d" % (base, i)
        i += 1
    taken.add(out)
    return out


def e(s):
    return html.escape(str(s), quote=True)


def shown(s):
    """An input as text: control octets and the like as \\xNN, as the report
    page shows them (so they are visible, and never markup)."""
    return "".join(c if c.isprintable() and c not in "\u2028\u2029" else
                   ("\\x%02x" % ord(c) if ord(c) < 256 else "\\u{%x}" % ord(c)) for c in str(s))


def pct(p, n):
    return "n/a" if not n else "%.1f%%" % (100.0 * p / n)


def result_input(r):
    exp = r.get("expected") or {}
    if "input" in exp:
        return exp["input"]
    if "input_hex" in exp:
        return "hex:" + exp["input_hex"]
    return ""


def page(title, body, root):
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            "<meta http-equiv=\"Content-Security-Policy\" content=\"%s\">"
            "<meta name=\"viewport\" content=\"width=device-width\"><title>%s</title><style>%s</style></head>"
            "<body><nav><a href=\"%sindex.html\">all adapters</a><a href=\"%sapi/v1/adapters.json\">API</a></nav>\n"
            "%s\n</body></html>\n" % (CSP, e(title), CSS, root, root, body))


def examples_by(results, key):
    """Groups of RESULTS by KEY(r), each {"count", "example": the shortest
    input's result}, most frequent first."""
    groups = {}
    for r in results:
        k = key(r)
        g = groups.setdefault(k, {"key": k, "count": 0, "example": r})
        g["count"] += 1
        if len(result_input(r)) < len(result_input(g["example"])):
            g["example"] = r
    return sorted(groups.values(), key=lambda g: (-g["count"], str(g["key"])))


def example_json(r):
    return {"id": r.get("id"), "class": r.get("class"), "input": result_input(r),
            "components": r.get("components", [])}


def adapter_model(name, a, results, pairs):
    mine = [r for r in results if r.get("adapter") == name]
    failed = [r for r in mine if r.get("class") not in ("PASS", "UNSUPPORTED")]
    behaviours = [{"behaviour": g["key"], "count": g["count"], "example": example_json(g["example"])}
                  for g in examples_by(failed, lambda r: r.get("behaviour") or "unexplained")]
    security = [{"severity": g["key"][0], "components": list(g["key"][1]), "count": g["count"],
                 "example": example_json(g["example"])}
                for g in examples_by([r for r in mine if r.get("security_relevant")],
                                     lambda r: (r.get("severity") or "", tuple(r.get("components", []))))]
    vulnerable = sorted({(r.get("vulnerable"), r.get("id")) for r in mine if r.get("vulnerable")})
    advisories = [{"advisory": adv, "vector": vid} for adv, vid in vulnerable]
    my_pairs = [p for p in pairs if name in (p.get("a"), p.get("b"), p.get("validator"), p.get("fetcher"))]
    return {"name": name, "library": a.get("library"), "spec": a.get("spec"), "role": a.get("role"),
            "total": a.get("total"), "passed": a.get("passed"), "failed": a.get("failed"),
            "unsupported": a.get("unsupported"), "conformance": a.get("conformance", {}),
            "by_class": a.get("by_class", {}), "security_relevant": a.get("security_relevant", 0),
            "host_lost": a.get("host_lost", 0),
            "security_by_severity": a.get("security_by_severity", {}),
            "named_behaviours": a.get("named_behaviours", {}), "behaviours": behaviours,
            "security_findings": security, "advisories": advisories, "pairs": my_pairs}


def badge(m):
    p = m["conformance"].get("parse", {})
    passed, answered = p.get("passed", 0), p.get("answered", 0)
    if not answered:
        return {"schemaVersion": 1, "label": "RFC 3986", "message": "not run", "color": "lightgrey"}
    share = 100.0 * passed / answered
    color = "brightgreen" if share >= 99 else "green" if share >= 95 else "yellow" if share >= 80 \
        else "orange" if share >= 60 else "red"
    msg = "%.1f%% parse" % share
    if m["security_relevant"]:
        msg += ", %d different endpoints" % m["security_relevant"]
        color = "red" if color in ("orange", "red") else "orange"
    return {"schemaVersion": 1, "label": "RFC 3986", "message": msg, "color": color}


def conformance_cells(m, ops):
    cells = []
    for op in ops:
        c = m["conformance"].get(op, {})
        cells.append("<td class=\"n\">%s</td>" % (
            "%s (%d of %d)" % (pct(c["passed"], c["answered"]), c["passed"], c["answered"])
            if c.get("answered") else "-"))
    return "".join(cells)


def severity_text(m):
    sev = m["security_by_severity"]
    if not m["security_relevant"]:
        return "0"
    return "%d (%s)" % (m["security_relevant"], ", ".join("%d %s" % (sev.get(k, 0), k) for k in SEVERITIES
                                                          if sev.get(k)))


def index_html(models, files, info):
    rows = []
    for m in models:
        f = files[m["name"]]
        rows.append("<tr><td><a href=\"adapters/%s.html\">%s</a></td><td>%s</td><td>%s</td><td>%s</td>%s"
                    "<td class=\"n\">%s</td><td class=\"n\">%d</td><td class=\"n\">%d</td><td class=\"n\">%d</td>"
                    "<td><a href=\"badges/%s.json\">badge</a> <a href=\"api/v1/%s.json\">JSON</a></td></tr>" % (
                        e(f), e(m["name"]), e(m["library"]), e(m["spec"]), e(m["role"] or ""),
                        conformance_cells(m, ["parse", "resolve"]), e(severity_text(m)), m["host_lost"],
                        m["named_behaviours"].get("declared", 0), len(m["advisories"]), e(f), e(f)))
    body = ("<h1>uritest: RFC 3986 conformance of URI parsers</h1>"
            "<p>uritest %s, vectors %s, run %s. <strong>Conformance</strong> is PASS over the requests each adapter "
            "answered (UNSUPPORTED left out). <strong>Different endpoints</strong> count the results where the library "
            "reads another scheme, host, port or userinfo than RFC 3986 from the same string; <strong>host lost</strong> "
            "those where it reads no usable host where RFC 3986 reads one.</p>"
            "<table><tr><th>adapter</th><th>library</th><th>spec</th><th>role</th><th>parse</th><th>resolve</th>"
            "<th>different endpoints</th><th>host lost</th><th>named behaviours</th><th>advisories reproduced</th><th></th></tr>\n"
            "%s</table>" % (e(info.get("run_uritest") or "?"), e(info.get("vectors_version") or "?"),
                            e(info.get("date") or "?"), "\n".join(rows)))
    return page("uritest: RFC 3986 conformance", body, "")


def example_cell(x):
    return "<code>%s</code> (<code>%s</code>, %s)" % (e(shown(x["input"])), e(x["id"]), e(x["class"]))


def adapter_html(m, files):
    f = files[m["name"]]
    conf = "".join("<tr><td>%s</td>%s</tr>" % (e(label), conformance_cells(m, [op])) for op, label in OPS)
    classes = "".join("<tr><td>%s</td><td class=\"n\">%d</td></tr>" % (e(k), v) for k, v in m["by_class"].items())
    beh = "".join("<tr><td><code>%s</code></td><td class=\"n\">%d</td><td>%s</td></tr>" % (
        e(b["behaviour"]), b["count"], example_cell(b["example"])) for b in m["behaviours"]) or \
        "<tr><td colspan=\"3\">no failure</td></tr>"
    sec = "".join("<tr><td>%s</td><td>%s</td><td class=\"n\">%d</td><td>%s</td></tr>" % (
        e(s["severity"]), e(", ".join(s["components"])), s["count"], example_cell(s["example"]))
        for s in m["security_findings"]) or "<tr><td colspan=\"4\">none</td></tr>"
    adv = "".join("<tr><td>%s</td><td><code>%s</code></td></tr>" % (e(a["advisory"]), e(a["vector"]))
                  for a in m["advisories"]) or "<tr><td colspan=\"2\">none</td></tr>"
    prs = []
    for p in m["pairs"]:
        a, b = p.get("a", p.get("validator")), p.get("b", p.get("fetcher"))
        other = b if a == m["name"] else a
        counts = ", ".join("%s %s" % (p[k], k) for k in SEVERITIES + ("host_lost",) if p.get(k))
        exs = "; ".join("<code>%s</code>" % e(shown(x.get("input", ""))) for x in p.get("examples", [])[:EXAMPLES])
        link = ("<a href=\"%s.html\">%s</a>" % (e(files[other]), e(other))) if other in files else e(other)
        prs.append("<tr><td>%s</td><td>%s</td><td>%s</td><td>%s</td></tr>" % (
            e(a), link if other == b else e(b), e(counts or "none"), exs))
    pairs = "".join(prs) or "<tr><td colspan=\"4\">no pair matrix beside the results, or no pair differs</td></tr>"
    body = ("<h1>%s</h1><p>%s; spec %s%s. %d results: %d passed, %d failed, %d unsupported. "
            "<a href=\"../badges/%s.json\">badge</a>, <a href=\"../api/v1/%s.json\">JSON</a>.</p>"
            "<h2>Conformance per kind of vector file</h2><table><tr><th>vectors</th><th>passed</th></tr>%s</table>"
            "<h2>Results by class</h2><table><tr><th>class</th><th>results</th></tr>%s</table>"
            "<h2>Behaviours</h2><p>Each failure attributed to a named behaviour of the adapter "
            "(<code>behaviours.json</code>), with the shortest input of each.</p>"
            "<table><tr><th>behaviour</th><th>results</th><th>example</th></tr>%s</table>"
            "<h2>Security findings</h2><p>Results where the library reads another endpoint than RFC 3986, "
            "by the part that differs; %d more where it loses the host RFC 3986 reads.</p>"
            "<table><tr><th>severity</th><th>components</th><th>results</th><th>example</th></tr>%s</table>"
            "<h2>Advisories it reproduces</h2><table><tr><th>advisory</th><th>vector</th></tr>%s</table>"
            "<h2>Pairs</h2><p>With another parser on the same input: the endpoints they read differently.</p>"
            "<table><tr><th>A</th><th>B</th><th>differing</th><th>examples</th></tr>%s</table>" % (
                e(m["name"]), e(m["library"]), e(m["spec"]), (", " + e(m["role"])) if m["role"] else "",
                m["total"] or 0, m["passed"] or 0, m["failed"] or 0, m["unsupported"] or 0, e(f), e(f),
                conf, classes, beh, m["host_lost"], sec, adv, pairs))
    return page("uritest: %s" % m["name"], body, "../")


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def write_json(path, doc):
    write(path, json.dumps(doc, indent=1, ensure_ascii=True, sort_keys=True) + "\n")


def pairs_beside(results):
    """uritest run's pair matrix of RESULTS: beside it, named after it
    (results.jsonl: results.pairs.json), as harness/src/findings/pairs.c's
    pairs_path_for names it."""
    base = results[:-len(".jsonl")] if results.endswith(".jsonl") else results
    return base + ".pairs.json"


def load_pairs(results_files, asked):
    """The pair matrices: ASKED (--pairs), else the one beside each
    results file that has one."""
    pairs = []
    found = asked or [pairs_beside(r) for r in results_files]
    for p in found:
        if asked or os.path.isfile(p):
            try:
                with open(p, encoding="utf-8") as f:
                    pairs += json.load(f).get("pairs", [])
            except (OSError, ValueError, AttributeError) as err:
                sys.stderr.write("uritest site: %s: %s\n" % (p, err))
                sys.exit(2)
    return pairs


def model(uritest, results_files):
    with tempfile.TemporaryDirectory(prefix="uritest-site-") as tmp:
        p = subprocess.run([uritest, "report", "--quiet", "--output-dir", tmp] + results_files,
                           stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, check=False)
        if p.returncode != 0:
            sys.stderr.write(p.stderr)
            sys.exit(2)
        with open(os.path.join(tmp, "results.json"), encoding="utf-8") as f:
            return json.load(f)


def main(argv):
    ap = argparse.ArgumentParser(prog="uritest site", description=__doc__.split("\n\n")[0])
    ap.add_argument("--uritest", required=True)
    ap.add_argument("-o", "--output-dir", default="reports/out/site")
    ap.add_argument("--pairs", action="append", default=[],
                    help="a pair matrix (uritest run's RESULTS.pairs.json); default: the one beside each results file")
    ap.add_argument("results", nargs="+")
    args = ap.parse_args(argv)
    doc = model(args.uritest, args.results)
    pairs = load_pairs(args.results, args.pairs)
    results = doc.get("results", [])
    taken, files, models = set(), {}, []
    for name, a in doc["adapters"].items():
        files[name] = site_name(name, taken)
        models.append(adapter_model(name, a, results, pairs))
    out, info = args.output_dir, doc.get("report", {})
    listing = []
    for m in models:
        f = files[m["name"]]
        write(os.path.join(out, "adapters", f + ".html"), adapter_html(m, files))
        write_json(os.path.join(out, "badges", f + ".json"), badge(m))
        write_json(os.path.join(out, "api", "v1", f + ".json"), m)
        listing.append({k: m[k] for k in ("name", "library", "spec", "role", "conformance", "security_relevant",
                                          "host_lost", "security_by_severity", "named_behaviours")})
        listing[-1].update({"advisories": len(m["advisories"]), "page": "adapters/%s.html" % f,
                            "badge": "badges/%s.json" % f, "api": "api/v1/%s.json" % f})
    write_json(os.path.join(out, "api", "v1", "adapters.json"),
               {"uritest": info.get("run_uritest"), "vectors_version": info.get("vectors_version"),
                "date": info.get("date"), "adapters": listing})
    write(os.path.join(out, "index.html"), index_html(models, files, info))
    print("uritest site: %d adapters in %s/index.html" % (len(models), out))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
