#!/usr/bin/python3
"""Rule coverage of the vector suite (make rule-coverage).

Feeds every parse and match vector of the RFC 3986 files to rulecov (an
observer of the oracle as it ships, rfc3986_observer), writes reports/out/rule-coverage.json (the
format of DESIGN.md "Reports") and prints a table.  The target: every one of
the 36 Appendix A rules both accepted and rejected, every alternative that
is not shadowed matched at least once.  Prints "rule-coverage: N passed, N
failed" (one check per rule and per unshadowed alternative) and exits 1 when
the target is missed.

usage: rule_coverage.py RULECOV [VECTORS_DIR] [OUT_JSON]
"""
import json
import os
import subprocess
import sys


def vector_lines(root):
    for dirpath, _dirs, files in sorted(os.walk(root)):
        for name in sorted(files):
            if not name.endswith(".json"):
                continue
            with open(os.path.join(dirpath, name), encoding="utf-8") as f:
                doc = json.load(f)
            if doc.get("spec") != "rfc3986":
                continue
            for group in doc.get("groups", []):
                op = group.get("op")
                if op not in ("parse", "match"):
                    continue
                for t in group.get("tests", []):
                    if "input_hex" in t:
                        data = bytes.fromhex(t["input_hex"])
                    else:
                        data = t["input"].encode("utf-8")
                    rule = t.get("rule") or group.get("rule") or (
                        "URI-reference" if op == "parse" else None)
                    if rule is None:
                        continue
                    yield "%s %s %s\n" % (op, rule, data.hex())


def main(argv):
    rulecov = argv[1]
    root = argv[2] if len(argv) > 2 else "vectors/v1"
    out = argv[3] if len(argv) > 3 else "reports/out/rule-coverage.json"
    feed = "".join(vector_lines(root))
    res = subprocess.run([rulecov], input=feed.encode(), capture_output=True)
    if res.returncode != 0:
        sys.stderr.write(res.stderr.decode(errors="replace"))
        print("rule-coverage: 0 passed, 1 failed")
        return 1
    data = json.loads(res.stdout)
    os.makedirs(os.path.dirname(out), exist_ok=True)
    with open(out, "w", encoding="utf-8") as f:
        json.dump(data, f, indent=1)
        f.write("\n")
    passed = failed = 0
    print("%-16s %8s %8s  alternatives (vectors won; * shadowed)" % ("rule", "accept", "reject"))
    for rule, c in data["rules"].items():
        alts = " ".join("%d%s" % (a["accept"], "*" if a["shadowed"] else "")
                        for a in c["alternatives"])
        print("%-16s %8d %8d  %s" % (rule, c["accept"], c["reject"], alts))
        if c["accept"] > 0 and c["reject"] > 0:
            passed += 1
        else:
            failed += 1
            print("  MISSED: %s is not covered both ways" % rule)
        for k, a in enumerate(c["alternatives"], 1):
            if a["shadowed"]:
                continue
            if a["accept"] > 0:
                passed += 1
            else:
                failed += 1
                print("  MISSED: %s alternative %d never matched" % (rule, k))
    print("%d vectors; written %s" % (data["vectors"], out))
    print("rule-coverage: %d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
