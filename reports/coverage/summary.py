#!/usr/bin/env python3
"""reports/coverage/summary.py LIB.info CLI.info ROOT [FAST.info]: coverage summary.

The first three lines are exactly `lines: P% (N of M)`, `functions: ...`,
`branches: ...` for the library (reference/src); then every uncovered
line, function and branch by file:line; then the command's own figures
(reference/cli), apart; then, given FAST.info, the generated parser's
(reference/fast), apart too, without its uncovered places (the automaton's
states are generated code: which of them a test reaches says little).  Percentages are rounded down to one decimal, so
100.0% means everything.
"""
import sys


def read_info(path):
    files = {}
    cur = None
    with open(path, encoding="utf-8", errors="replace") as f:
        for raw in f:
            line = raw.rstrip("\n")
            key, _, val = line.partition(":")
            if key == "SF":
                cur = files.setdefault(val, {"lines": {}, "fns": {}, "fnline": {}, "br": {}})
            elif cur is None:
                continue
            elif key == "DA":
                n, count = val.split(",")[:2]
                cur["lines"][int(n)] = cur["lines"].get(int(n), 0) + int(count)
            elif key == "FN":
                n, name = val.split(",", 1)
                cur["fnline"][name] = int(n)
                cur["fns"].setdefault(name, 0)
            elif key == "FNDA":
                count, name = val.split(",", 1)
                cur["fns"][name] = cur["fns"].get(name, 0) + int(count)
            elif key == "BRDA":
                n, block, branch, taken = val.split(",")
                k = (int(n), block, branch)
                t = 0 if taken == "-" else int(taken)
                cur["br"][k] = cur["br"].get(k, 0) + t
            elif key == "end_of_record":
                cur = None
    return files


def pct(hit, total):
    if total == 0:
        return "100.0%"
    tenths = hit * 1000 // total
    return "%d.%d%%" % (tenths // 10, tenths % 10)


def figures(files):
    lh = sum(1 for f in files.values() for c in f["lines"].values() if c)
    lf = sum(len(f["lines"]) for f in files.values())
    fh = sum(1 for f in files.values() for c in f["fns"].values() if c)
    ff = sum(len(f["fns"]) for f in files.values())
    bh = sum(1 for f in files.values() for c in f["br"].values() if c)
    bf = sum(len(f["br"]) for f in files.values())
    return [("lines", lh, lf), ("functions", fh, ff), ("branches", bh, bf)]


def rel(path, root):
    return path[len(root) + 1:] if path.startswith(root + "/") else path


def uncovered(files, root, indent=""):
    out = []
    for path in sorted(files):
        f = files[path]
        name = rel(path, root)
        for n in sorted(k for k, c in f["lines"].items() if not c):
            out.append("%suncovered line: %s:%d" % (indent, name, n))
        for fn in sorted((f["fnline"].get(k, 0), k) for k, c in f["fns"].items() if not c):
            out.append("%suncovered function: %s:%d %s" % (indent, name, fn[0], fn[1]))
        bylines = {}
        for (n, block, branch), c in f["br"].items():
            bylines.setdefault(n, []).append(((block, branch), c))
        for n in sorted(bylines):
            brs = sorted(bylines[n], key=lambda x: (int(x[0][0]), int(x[0][1])))
            missed = [i for i, (_, c) in enumerate(brs) if not c]
            if missed:
                out.append("%suncovered branch: %s:%d (%s of %d branches never taken)"
                           % (indent, name, n, ", ".join("#%d" % i for i in missed), len(brs)))
    return out


def main():
    lib, cli, root = read_info(sys.argv[1]), read_info(sys.argv[2]), sys.argv[3].rstrip("/")
    for name, hit, total in figures(lib):
        print("%s: %s (%d of %d)" % (name, pct(hit, total), hit, total))
    print("scope: reference/src (%d files)" % len(lib))
    lines = uncovered(lib, root)
    print("\n".join(lines) if lines else "uncovered: nothing")
    print()
    print("command (reference/cli, %d files), apart from the library:" % len(cli))
    for name, hit, total in figures(cli):
        print("  %s: %s (%d of %d)" % (name, pct(hit, total), hit, total))
    for line in uncovered(cli, root, "  "):
        print(line)
    if len(sys.argv) > 4:
        fast = read_info(sys.argv[4])
        print()
        print("generated parser (reference/fast, %d files), apart from the library:" % len(fast))
        for name, hit, total in figures(fast):
            print("  %s: %s (%d of %d)" % (name, pct(hit, total), hit, total))


if __name__ == "__main__":
    main()
