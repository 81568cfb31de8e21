#!/usr/bin/python3
"""reports/sample-endpoints.py: a random sample of the results a results file
flags as another endpoint ("endpoint": "different", DESIGN.md "Endpoints"),
printed for judgement by hand: is the library's endpoint really another one
than the RFC 3986 reading's?

    reports/sample-endpoints.py RESULTS [--n 120] [--seed 20261207]
                                [--adapter NAME]... [--endpoint different]

RESULTS is a results file of `uritest run` or `uritest diff`.  The sample is
drawn with Python's random.Random(SEED), so the same file, seed and size give
the same sample.  Each item shows the adapter, the vector id, the class, the
severity, the input and, for the scheme, userinfo, host and port, the RFC
reading (the vector's expectation; "rejects" where RFC 3986 rejects the
input, which the harness then reads leniently) and the library's.  Values are
printed with Python escapes, so controls and non-ASCII octets are visible.
Standard library only.
"""
import argparse
import json
import random
import sys

PARTS = ("scheme", "userinfo", "host", "port")


def shown(v, cap=160):
    """A value as text: null, a quoted string with escapes, or hex octets;
    cut after CAP characters, saying how long it was."""
    if v is None:
        return "null"
    if isinstance(v, dict) and "hex" in v:
        t = "octets %s" % v["hex"]
    else:
        t = ascii(v) if isinstance(v, str) else json.dumps(v)
    return t if len(t) <= cap else "%s... (%d characters)" % (t[:cap], len(t))


def flagged(path, endpoint, adapters):
    """The results of PATH whose endpoint is ENDPOINT (of ADAPTERS, if any)."""
    out = []
    with open(path, encoding="utf-8", errors="surrogateescape") as f:
        for n, line in enumerate(f, 1):
            try:
                r = json.loads(line)
            except ValueError:
                sys.exit("%s:%d: not JSON" % (path, n))
            if r.get("record", "result") != "result" or r.get("endpoint") != endpoint:
                continue
            if adapters and r.get("adapter") not in adapters:
                continue
            out.append(r)
    return out


def item(k, r):
    exp = r.get("expected") or {}
    got = (r.get("got") or {}).get("components") or {}
    rfc = exp.get("components")
    inp = exp["input"] if "input" in exp else (
        {"hex": exp["input_hex"]} if "input_hex" in exp else r.get("input"))
    lines = ["%d. %s %s %s [%s]" % (k, r.get("adapter"), r.get("id"), r.get("class"), r.get("severity")),
             "   input: %s" % shown(inp)]
    for p in PARTS:
        rv = "rejects" if r.get("class") == "SHOULD_HAVE_REJECTED" else (
            shown(rfc.get(p)) if rfc and p in rfc else "(not given)")
        lines.append("   %-8s RFC %-30s library %s" % (p, rv, shown(got[p]) if p in got else "(left out)"))
    return "\n".join(lines)


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("results")
    ap.add_argument("--n", type=int, default=120)
    ap.add_argument("--seed", type=int, default=20261207)
    ap.add_argument("--adapter", action="append", default=[])
    ap.add_argument("--endpoint", default="different", choices=("different", "host-lost", "same"))
    a = ap.parse_args(argv)
    rs = flagged(a.results, a.endpoint, set(a.adapter))
    pick = random.Random(a.seed).sample(rs, min(a.n, len(rs)))
    by = {}
    for r in rs:
        by[r.get("adapter")] = by.get(r.get("adapter"), 0) + 1
    print("%d results with endpoint %s in %s, from %d adapters; a sample of %d (seed %d)" % (
        len(rs), a.endpoint, a.results, len(by), len(pick), a.seed))
    print("per adapter: " + ", ".join("%s %d" % kv for kv in sorted(by.items(), key=lambda kv: (-kv[1], kv[0]))))
    for k, r in enumerate(pick, 1):
        print()
        print(item(k, r))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
