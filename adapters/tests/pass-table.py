#!/usr/bin/python3
"""Pass figures per vector file from a `uritest run` results file (JSON Lines).

usage: pass-table.py RESULTS.jsonl [ADAPTER]
Prints a Markdown table: vector file, tests, passed, failed, unsupported.
The round trips derived from a file's parse vectors (op recompose, DESIGN.md
"Round trips") are a row of their own after the file's.
"""
import collections
import json
import os
import sys


def main():
    path = sys.argv[1]
    want = sys.argv[2] if len(sys.argv) > 2 else None
    rows = collections.OrderedDict()
    for line in open(path, encoding="utf-8"):
        r = json.loads(line)
        if r.get("record") != "result" or (want and r.get("adapter") != want):
            continue
        f = r.get("file", "?")
        i = f.find("vectors/")
        f = f[i:] if i >= 0 else os.path.basename(f)
        row = rows.setdefault((f, r.get("op") == "recompose"), collections.Counter())
        row["tests"] += 1
        cls = r.get("class")
        row["passed" if cls == "PASS" else "unsupported" if cls == "UNSUPPORTED" else "failed"] += 1
    print("| vector file | tests | passed | failed | unsupported |")
    print("|---|---:|---:|---:|---:|")
    total = collections.Counter()
    for f, rt in sorted(rows):
        c = rows[(f, rt)]
        total.update(c)
        print("| `%s`%s | %d | %d | %d | %d |" % (f, ", round trips" if rt else "", c["tests"], c["passed"],
                                                c["failed"], c["unsupported"]))
    print("| **all** | %d | %d | %d | %d |" % (total["tests"], total["passed"], total["failed"], total["unsupported"]))


if __name__ == "__main__":
    main()
