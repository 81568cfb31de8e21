#!/usr/bin/python3
"""reports/advisories.py: reports/ADVISORIES.md, the advisory table.

    advisories.py VECTORS RESULTS [BISECT.json...] > reports/ADVISORIES.md

VECTORS is vectors/v1/security/advisories.json; RESULTS a results file of
`uritest run --tag cve` over the shipped adapters; each BISECT.json the
output of `uritest bisect --adapter NAME --versions all --tag cve --format
json`.  `make advisories` runs all of it.  Per advisory: the input and its
RFC 3986 reading (from the vector), the shipped adapters that still read it
the way the vulnerable library did (the results the harness marked
"vulnerable": a failed, accepting reading whose components include one of
the vector's x-vulnerable-readings, or any acceptance where the vector says
"x-vulnerable": "accepts"), the adapters whose endpoint differs
from the RFC's (the harness's security_relevant), and, for the bisected
libraries, the versions at which the reading changed beside the versions
the advisory names.  Nothing here judges a reading: classes, severities
and vulnerable readings are the harness's.
"""
import json
import re
import sys

ANCHOR = re.compile(r"^[a-z0-9][a-z0-9-]*$")

SEMVER = re.compile(r"\b\d+\.\d+(?:\.\d+)?\b")
DIFFER = []  # (advisory, adapter, changes, stated) where the two disagree


def load_vectors(path):
    doc = json.load(open(path, encoding="utf-8"))
    out = {}
    for g in doc["groups"]:
        for t in g["tests"]:
            cve = [x[4:] for x in t.get("tags", []) if x.startswith("cve:")]
            if cve and g["op"] == "parse":
                out[t["id"]] = dict(t, advisory=cve[0])
    return out


def load_results(path):
    runs, results = [], {}
    for line in open(path, encoding="utf-8"):
        r = json.loads(line)
        if r.get("record") == "run":
            runs.append(r)
        elif r.get("record") == "result":
            results.setdefault(r["id"], []).append(r)
    return runs, results


def rfc_reading(t):
    if t["expect"] == "reject":
        return "invalid (offset %s)" % t.get("error", {}).get("offset", "?")
    c = t.get("components", {})
    if c.get("host") is None:
        return "valid, no host"
    return "valid, host %s" % code(c["host"])


def visible(s):
    """Control characters written \\xNN, so none reaches a terminal or a page."""
    return "".join("\\x%02x" % ord(ch) if ord(ch) < 0x20 or ord(ch) == 0x7f else ch
                   for ch in str(s))


def md(s):
    """Text from a vector or a results file, inert in a Markdown table cell."""
    s = visible(s)
    for a, b in (("&", "&amp;"), ("<", "&lt;"), (">", "&gt;"), ("|", "\\|"),
                 ("`", "&#96;"), ("*", "\\*"), ("_", "\\_"), ("[", "\\["),
                 ("]", "\\]")):
        s = s.replace(a, b)
    return s


def code(s):
    """A string as a Markdown code span in a table cell: code spans show HTML
    and entities as text; only the cell separator and backticks need care."""
    s = visible(s).replace("|", "\\|")
    fence = "``" if "`" in s else "`"
    return "%s %s %s" % (fence, s, fence) if fence == "``" else "`%s`" % s


def stated_versions(text):
    """The versions an advisory's affected-versions text names as its fixes:
    those after "fixed", else after "before" or "<" ("< 1.4.3", "before
    7.51.0", ">= 2.3.1 <= 3.1.2 and 4.0.0; fixed 2.4.2, 3.1.3, 4.0.1")."""
    text = text or ""
    for word in ("fixed", "before", "<"):
        if word in text:
            return sorted(set(SEMVER.findall(text[text.index(word):])))
    return []


def bisect_changes(docs):
    """{advisory id: [(adapter, [versions where the outcome changed])]}"""
    out = {}
    for doc in docs:
        for c in doc["changes"]:
            if not c["id"].startswith("advisory.") or not c["id"].endswith(".1"):
                continue
            aid = c["id"][len("advisory."):-2]
            at = [o["from"] for o in c["outcomes"][1:]]
            out.setdefault(aid, []).append((doc["adapter"], at, doc["versions"]))
    return out


def row_bisect(aid, t, bis):
    """The bisected versions at which the reading changed; for the advisory's
    own library, whether every version the advisory names is among them (a
    change at the start of another maintained branch, 3.0.0 after 2.4.8, is
    a branch switch, not a fix)."""
    notes = []
    lib = t.get("x-library", "").lower()
    stated = stated_versions(t.get("x-affected", ""))
    for adapter, at, versions in bis.get(aid, []):
        if adapter not in lib:
            notes.append("%s changes at %s" % (md(adapter), md(", ".join(at))))
            continue
        listed = [v for v in stated if v in versions]
        missing = [v for v in listed if v not in at]
        if missing:
            DIFFER.append((aid, adapter, at, stated))
        verdict = ("agree" if listed and not missing else
                   "differ: no change at %s" % ", ".join(missing) if missing else
                   "the advisory names none of the versions run")
        notes.append("**%s changes at %s**; advisory names %s: %s" % (
            md(adapter), md(", ".join(at)) or "none", md(", ".join(stated)) or "nothing",
            md(verdict)))
    return "; ".join(notes)


def main(argv):
    if len(argv) < 2:
        sys.exit(__doc__)
    vecs = load_vectors(argv[0])
    runs, results = load_results(argv[1])
    bis = bisect_changes([json.load(open(p, encoding="utf-8")) for p in argv[2:]])
    adapters = sorted({a["name"] for r in runs for a in r.get("adapters", [])})
    print("<!-- Generated by `make advisories` (reports/advisories.py); do not edit. -->")
    print()
    print("# Published URL-parsing advisories across the adapters")
    print()
    print("%d advisories in %d parse vectors (`%s`, tag `cve`), %d adapters: %s." % (
        len({t["advisory"] for t in vecs.values()}), len(vecs), visible(argv[0]),
        len(adapters), ", ".join(md(a) for a in adapters)))
    print("*Vulnerable reading*: the adapter accepts the input and reads it as the"
          " vulnerable library did (the results `uritest run` marks `vulnerable`, by"
          " the vector's `x-vulnerable-readings` or `x-vulnerable: accepts`, from the"
          " advisory's text; `-` where the vector states none: the RFC's own reading is"
          " the dangerous one, or the vulnerable library rejected a valid input)."
          " *Other endpoint*: the harness finds the adapter's endpoint"
          " differs from the RFC's (`security_relevant`). *Bisect*: the versions at"
          " which `uritest bisect` saw the reading change, against the versions the"
          " advisory names.")
    print()
    print("| advisory | library | input | RFC 3986 | vulnerable reading today | other endpoint | bisect |")
    print("|---|---|---|---|---|---|---|")
    still = {}
    for vid in sorted(vecs, key=lambda i: (vecs[i]["advisory"], i)):
        t = vecs[vid]
        aid = t["advisory"]
        res = results.get(vid, [])
        if t.get("x-vulnerable-readings") is None and t.get("x-vulnerable") is None:
            vuln = "-"
        else:
            names = sorted(r["adapter"] for r in res if r.get("vulnerable"))
            for n in names:
                if aid not in still.setdefault(n, []):
                    still[n].append(aid)
            vuln = ", ".join(names) or "none"
        other = ", ".join(sorted("%s (%s)" % (r["adapter"], r.get("severity"))
                                 for r in res if r.get("security_relevant"))) or "none"
        print("| %s | %s | %s | %s | %s | %s | %s |" % (
            md(aid), md(t.get("x-library", "")), code(t["input"]), rfc_reading(t),
            md(vuln), md(other), row_bisect(aid, t, bis)))
    print()
    print("## Where the bisected versions and the advisories differ")
    print()
    if not DIFFER:
        print("Nowhere: every version an advisory names as its fix is one at which the"
              " reading of its input changed.")
    for aid, adapter, at, stated in DIFFER:
        print("- %s: the advisory names %s as fixed; `uritest bisect` sees %s's reading"
              " of the advisory's input change at %s. The fix may be in another"
              " function than the parse the adapter calls, or the advisory's range"
              " may be loose." % (md(aid), md(", ".join(stated)), md(adapter),
                                  md(", ".join(at)) or "no version"))
    print()
    print("## Per adapter: advisories whose input it still reads the vulnerable way")
    print()
    print("The advisories the adapter's pinned library version carries, by this run:"
          " those of its results `uritest run` marked `vulnerable`. Each adapter's"
          " README links its row (`#adapter-NAME`).")
    print()
    print("| adapter | count | advisories |")
    print("|---|---:|---|")
    for a in adapters:
        ids = sorted(still.get(a, []))
        anchor = '<a id="adapter-%s"></a>' % a if ANCHOR.match(a) else ""
        print("| %s%s | %d | %s |" % (anchor, md(a), len(ids), md(", ".join(ids)) or "none"))


if __name__ == "__main__":
    main(sys.argv[1:])
