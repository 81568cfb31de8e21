#!/usr/bin/env python3
"""reports/scale.py: a results file of fewer or more adapters, to measure how
`uritest report` grows with results (reports/README.md, "Figures").

  scale.py IN OUT --keep N    the results of IN's first N adapters only
  scale.py IN OUT --without A,B  without the results of adapters A and B
  scale.py IN OUT --copy N    IN, and the results of its first N third-party
                              adapters again under the name NAME-copy

The run record's adapter list and the summary's per-adapter counts follow
(the summary's totals are left as they were: the report reads its own)."""
import argparse
import json
import sys


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("src")
    ap.add_argument("dst")
    g = ap.add_mutually_exclusive_group(required=True)
    g.add_argument("--keep", type=int)
    g.add_argument("--copy", type=int)
    g.add_argument("--without")
    a = ap.parse_args()
    with open(a.src, "rb") as f, open(a.dst, "wb") as out:
        run = json.loads(f.readline())
        names = [x["name"] for x in run["adapters"]]
        if a.keep is not None:
            keep, copy = set(names[: a.keep]), set()
        elif a.without is not None:
            keep, copy = set(names) - set(a.without.split(",")), set()
        else:
            third = [n for n in names if n not in ("reference", "appendix-b", "reference-fast")]
            keep, copy = set(names), set(third[: a.copy])
        ads = [x for x in run["adapters"] if x["name"] in keep]
        ads += [dict(x, name=x["name"] + "-copy") for x in run["adapters"] if x["name"] in copy]
        run["adapters"] = ads
        out.write(json.dumps(run, ensure_ascii=False).encode() + b"\n")
        for line in f:
            if b'"record": "result"' not in line[:40]:
                o = json.loads(line)
                if o.get("record") == "summary":
                    s = o["adapters"]
                    o["adapters"] = {k: v for k, v in s.items() if k in keep}
                    o["adapters"].update({k + "-copy": v for k, v in s.items() if k in copy})
                out.write(json.dumps(o, ensure_ascii=False).encode() + b"\n")
                continue
            # "adapter" is the second member of every result line
            name = json.loads(line)["adapter"]
            if name in keep:
                out.write(line)
            if name in copy:
                key = b'"adapter": ' + json.dumps(name, ensure_ascii=False).encode()
                out.write(line.replace(key, key[:-1] + b'-copy"', 1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
