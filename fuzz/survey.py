#!/usr/bin/python3
"""fuzz/survey.py: read "FUZZ-FINDING {json}" lines (a diff target run with
FUZZ_DIFF_SURVEY=1) on standard input; print each (op, kind, component,
known class) with its count and the shortest example."""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from fuzz.triage.finding import octets as finding_octets  # noqa: E402


def octets(f, key):
    """Field KEY's octets (b"" when absent)."""
    return finding_octets(f, key) or b""


EXAMPLES = int(sys.argv[1]) if len(sys.argv) > 1 else 3
groups = {}
for line in sys.stdin:
    if not line.startswith("FUZZ-FINDING "):
        continue
    f = json.loads(line[len("FUZZ-FINDING "):])
    key = (f["op"], f["kind"], f.get("component") or "-", f.get("known") or "UNEXPLAINED")
    g = groups.setdefault(key, [0, []])
    g[0] += 1
    g[1].append(f)
for key in sorted(groups, key=lambda k: (k[3] != "UNEXPLAINED", k)):
    n, fs = groups[key]
    fs.sort(key=lambda f: (len(octets(f, "input")) + len(octets(f, "base")), octets(f, "input")))
    print("%6d  %-8s %-16s %-10s %s" % (n, key[0], key[1], key[2], key[3]))
    shown = set()
    for f in fs:
        if octets(f, "input") in shown or len(shown) >= EXAMPLES:
            continue
        shown.add(octets(f, "input"))
        print("        " + json.dumps({k: f[k] for k in ("input", "input_hex", "base", "base_hex", "reference", f["adapter"])
                                       if k in f}))
unexplained = sum(g[0] for k, g in groups.items() if k[3] == "UNEXPLAINED")
print("%d disagreement(s), %d unexplained" % (sum(g[0] for g in groups.values()), unexplained))
