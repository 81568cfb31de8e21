#!/usr/bin/python3
"""fuzz/campaigns/campaign.py: record a fuzzing campaign's progress over time,
and plot the recorded campaigns (fuzz/README.md "Recording a campaign").

  campaign.py record NAME OUT.csv -- COMMAND...
      run COMMAND (a libFuzzer target, or `uritest fuzz`), read its standard
      error (and output) line by line, stamp each with the seconds since the
      start, and write one CSV row per progress line:
      seconds,execs,execs_per_s,signatures,findings.  libFuzzer: execs is
      the unit count (#N), signatures its coverage ("cov:"; "ft:" features
      in the extra column), findings the crashes of -fork mode
      ("oom/timeout/crash: a/b/c": the c); `uritest fuzz --progress S`
      lines (and its closing --format json summary): the summary's fields
      summed over adapters, execs/s the rate since the line before,
      findings the unexplained ones, alternatives_covered in the extra
      column.  The command's whole output is kept beside the CSV as OUT.log.
  campaign.py slices NAME OUT.csv SECONDS SLICE -- UT fuzz ARGS...
      `uritest fuzz` prints its summary only at the end: run it SECONDS/SLICE
      times for SLICE seconds (ARGS should hold --corpus DIR and --out DIR,
      so kept inputs and findings carry over; each slice gets --seed K and
      --format json), one CSV row per slice: the seconds so far, execs so
      far, the slice's execs/s, its signatures (the corpus replayed counts
      again) and the unexplained findings so far (the tests of --out's
      vector files).
  campaign.py plot OUT.svg CSV...
      one SVG, three panels (execs/s, signatures, findings, against
      minutes), one line per CSV (named by its file name).

Standard library only.
"""
import csv
import json
import os
import re
import subprocess
import sys
import time

FIELDS = ["seconds", "execs", "execs_per_s", "signatures", "findings", "features"]
LIBFUZZER = re.compile(r"^#(\d+)[:\s].*?\bcov: (\d+)(?: ft: (\d+))?.*?\bexec/s:? (\d+)"
                       r"(?:.*?oom/timeout/crash: \d+/\d+/(\d+))?")


def parse_line(line, last):
    """A CSV row for one progress line, or None."""
    m = LIBFUZZER.search(line)
    if m:
        findings = int(m.group(5)) if m.group(5) is not None else last.get("findings", 0)
        return {"execs": int(m.group(1)), "signatures": int(m.group(2)),
                "features": int(m.group(3) or 0), "execs_per_s": int(m.group(4)),
                "findings": findings}
    if line.startswith("{") and '"adapters"' in line:
        try:
            doc = json.loads(line)
        except ValueError:
            return None
        ads = doc.get("adapters", {}).values()
        execs = sum(a.get("execs", 0) for a in ads)
        row = {"execs": execs,
               "execs_per_s": round(sum(a.get("execs_per_s", 0) for a in ads)),
               "signatures": sum(a.get("signatures", 0) for a in ads),
               "features": sum(a.get("alternatives_covered", 0) for a in ads),
               "findings": sum(a.get("unexplained", 0) for a in ads)}
        if "seconds" in doc and last.get("fuzz_seconds") is not None and doc["seconds"] > last["fuzz_seconds"]:
            # a --progress line: the rate since the line before
            row["execs_per_s"] = round((execs - last["execs"]) / (doc["seconds"] - last["fuzz_seconds"]))
        row["fuzz_seconds"] = doc.get("seconds", 0)
        return row
    return None


def record(name, out_csv, cmd):
    start = time.monotonic()
    rows, last = [], {}
    with open(out_csv + ".log", "w", encoding="utf-8", errors="replace") as log:
        p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        for raw in p.stdout:
            line = raw.decode("utf-8", "replace").rstrip("\n")
            t = time.monotonic() - start
            log.write("%.1f\t%s\n" % (t, line))
            row = parse_line(line, last)
            if row:
                row["seconds"] = round(t, 1)
                rows.append(row)
                last = row
        rc = p.wait()
    write_csv(out_csv, rows)
    sys.stderr.write("campaign: %s: %d progress rows, exit %d, %s\n" % (name, len(rows), rc, out_csv))
    return 0 if rows else 1


def out_tests(args):
    """The tests in the --out folder's vector files (the unexplained
    findings so far)."""
    if "--out" not in args:
        return 0
    d = args[args.index("--out") + 1]
    n = 0
    for name in sorted(os.listdir(d)) if os.path.isdir(d) else []:
        if name.endswith(".json"):
            try:
                with open(os.path.join(d, name), encoding="utf-8") as f:
                    n += sum(len(g.get("tests", [])) for g in json.load(f).get("groups", []))
            except (OSError, ValueError):
                pass
    return n


def slices(name, out_csv, seconds, slice_s, cmd):
    rows, execs, t = [], 0, 0.0
    start = time.monotonic()
    with open(out_csv + ".log", "w", encoding="utf-8", errors="replace") as log:
        k = 1
        while time.monotonic() - start + 1 < seconds:
            argv = cmd + ["--seconds", str(slice_s), "--seed", str(k), "--format", "json"]
            p = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
            t = time.monotonic() - start
            out = p.stdout.decode("utf-8", "replace")
            log.write("%.1f\t%s\t%s\n" % (t, " ".join(argv), out.strip()))
            log.write(p.stderr.decode("utf-8", "replace"))
            try:
                doc = json.loads(out)
            except ValueError:
                sys.stderr.write("campaign: %s: slice %d gave no JSON (exit %d)\n" % (name, k, p.returncode))
                break
            ads = doc.get("adapters", {}).values()
            execs += sum(a.get("execs", 0) for a in ads)
            rows.append({"seconds": round(t, 1), "execs": execs,
                         "execs_per_s": round(sum(a.get("execs_per_s", 0) for a in ads)),
                         "signatures": sum(a.get("signatures", 0) for a in ads),
                         "features": sum(a.get("alternatives_covered", 0) for a in ads),
                         "findings": out_tests(cmd)})
            k += 1
    write_csv(out_csv, rows)
    sys.stderr.write("campaign: %s: %d slices, %s\n" % (name, len(rows), out_csv))
    return 0 if rows else 1


def write_csv(out_csv, rows):
    with open(out_csv, "w", newline="", encoding="utf-8") as f:
        w = csv.DictWriter(f, fieldnames=FIELDS, extrasaction="ignore")
        w.writeheader()
        for r in rows:
            w.writerow(r)


def read_csv(path):
    with open(path, newline="", encoding="utf-8") as f:
        return [{k: float(v or 0) for k, v in r.items()} for r in csv.DictReader(f)]


COLOURS = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b"]


def esc(s):
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def panel(out, x0, y0, w, h, title, series, key):
    """One panel: series is [(name, colour, rows)]; key the CSV column."""
    tmax = max([r["seconds"] for _, _, rows in series for r in rows] + [60]) / 60
    vmax = max([r[key] for _, _, rows in series for r in rows] + [1])
    out.append('<text x="%d" y="%d" font-size="13" font-weight="bold">%s</text>' % (x0, y0 - 8, esc(title)))
    out.append('<rect x="%d" y="%d" width="%d" height="%d" fill="none" stroke="#999"/>' % (x0, y0, w, h))
    for i in range(5):
        v = vmax * i / 4
        y = y0 + h - h * i / 4
        out.append('<text x="%d" y="%.1f" font-size="10" text-anchor="end">%s</text>' % (x0 - 4, y + 3, "{:,.0f}".format(v)))
        out.append('<line x1="%d" x2="%d" y1="%.1f" y2="%.1f" stroke="#eee"/>' % (x0, x0 + w, y, y))
    for i in range(6):
        t = tmax * i / 5
        x = x0 + w * i / 5
        out.append('<text x="%.1f" y="%d" font-size="10" text-anchor="middle">%.0f min</text>' % (x, y0 + h + 13, t))
    for name, colour, rows in series:
        pts = " ".join("%.1f,%.1f" % (x0 + w * r["seconds"] / 60 / tmax, y0 + h - h * r[key] / vmax) for r in rows)
        if pts:
            out.append('<polyline fill="none" stroke="%s" stroke-width="1.5" points="%s"><title>%s</title></polyline>'
                       % (colour, pts, esc(name)))


def plot(out_svg, paths):
    series = [(os.path.basename(p).rsplit(".", 1)[0], COLOURS[i % len(COLOURS)], read_csv(p)) for i, p in enumerate(paths)]
    w, h, left, top = 760, 150, 70, 40
    out = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" font-family="sans-serif">'
           % (w + left + 20, top + 3 * (h + 50) + 20 * len(series) + 10)]
    for i, (title, key) in enumerate([("execs/s", "execs_per_s"),
                                      ("signatures (libFuzzer: coverage; uritest fuzz: signatures)", "signatures"),
                                      ("findings (unexplained disagreements, crashes)", "findings")]):
        panel(out, left, top + i * (h + 50), w, h, title, series, key)
    y = top + 3 * (h + 50)
    for name, colour, _ in series:
        out.append('<line x1="%d" x2="%d" y1="%d" y2="%d" stroke="%s" stroke-width="3"/>' % (left, left + 20, y - 4, y - 4, colour))
        out.append('<text x="%d" y="%d" font-size="12">%s</text>' % (left + 26, y, esc(name)))
        y += 20
    out.append("</svg>")
    with open(out_svg, "w", encoding="utf-8") as f:
        f.write("\n".join(out) + "\n")
    return 0


def main(argv):
    if len(argv) >= 5 and argv[1] == "record" and argv[4] == "--":
        return record(argv[2], argv[3], argv[5:])
    if len(argv) >= 8 and argv[1] == "slices" and argv[6] == "--":
        return slices(argv[2], argv[3], int(argv[4]), int(argv[5]), argv[7:])
    if len(argv) >= 4 and argv[1] == "plot":
        return plot(argv[2], argv[3:])
    sys.stderr.write(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
