"""After new vectors: vectors/MANIFEST, vectors/COUNTS.md and
the adapters' baselines."""
import glob
import json
import os
import shutil
import subprocess
import sys
import tempfile

from fuzz.triage.paths import REG, ROOT, UT, log, write_atomic


def update_manifest(files):
    """FILES (under vectors/) added to vectors/MANIFEST; the new ones."""
    path = os.path.join(ROOT, "vectors", "MANIFEST")
    with open(path, encoding="utf-8") as f:
        text = f.read()
    listed = [line.split("#", 1)[0].strip() for line in text.splitlines()]
    new = [f for f in files if f not in listed]
    if new:
        write_atomic(path, text + ("" if text.endswith("\n") or not text else "\n")
                     + "".join(n + "\n" for n in new))
    return new


def regenerate_counts():
    """vectors/COUNTS.md (make vectors); True when done."""
    p = subprocess.run([sys.executable, "-m", "vectors.gen.generate"],
                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, cwd=ROOT)
    if p.returncode != 0:
        log("vectors/gen/generate.py failed: %s" % p.stderr.decode("utf-8", "replace")[-300:])
    return p.returncode == 0


def baseline_files():
    """{adapter name: path} of every adapters/*/baseline*.json."""
    out = {}
    for p in sorted(glob.glob(os.path.join(ROOT, "adapters", "*", "baseline*.json"))):
        try:
            with open(p, encoding="utf-8") as f:
                out[json.load(f)["adapter"]] = p
        except (ValueError, KeyError):
            pass
    return out


def is_ours(vid):
    return vid.startswith("fuzz.")


def available_adapters():
    """{name: available} as `uritest adapters --json` says."""
    p = subprocess.run([UT, "adapters", "--json"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, cwd=ROOT)
    try:
        return {a["name"]: a.get("available", False) for a in json.loads(p.stdout)["adapters"]}
    except ValueError:
        return {}


def regression_entries(name, tmp):
    """ADAPTER's baseline entries on the regression vectors, or None."""
    out = os.path.join(tmp, name + ".json")
    subprocess.run([UT, "run", "--adapter", name, "--vectors", REG, "--write-baseline", out,
                    "--format", "text", "--output", os.path.join(tmp, name + ".jsonl"),
                    "--no-progress"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=ROOT)
    if not os.path.exists(out):
        return None
    with open(out, encoding="utf-8") as f:
        return [e for e in json.load(f)["entries"] if is_ours(e["id"])]


def merge_into(path, mine):
    """MINE (entries of the regression vectors) merged into the baseline at
    PATH; True when it changed."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    doc = json.loads(text)

    def key(e):
        return json.dumps(e, sort_keys=True)
    # keep every entry where it is (others', and ours that still hold), drop
    # ours that no longer do, append the new ones
    want = {key(e) for e in mine}
    entries = [e for e in doc["entries"] if not is_ours(e["id"]) or key(e) in want]
    have = {key(e) for e in entries}
    entries += sorted((e for e in mine if key(e) not in have), key=lambda e: e["id"])
    if entries == doc["entries"]:
        return False
    doc["entries"] = entries
    # as --write-baseline writes it (no final newline when the file had none)
    write_atomic(path, json.dumps(doc, indent=2, ensure_ascii=False) + ("\n" if text.endswith("\n") else ""))
    return True


def update_baselines(only=None):
    """For every adapter with a baseline: the regression vectors' entries,
    written by uritest --write-baseline, merged into its baseline.  Returns
    the baselines changed."""
    if not os.access(UT, os.X_OK):
        log("%s not built: baselines not updated (make, then uritest triage --known)" % UT)
        return []
    changed = []
    avail = available_adapters()
    tmp = tempfile.mkdtemp()
    try:
        for name, path in baseline_files().items():
            if only and name not in only:
                continue
            if not avail.get(name):
                log("adapter %s not available here: its baseline is left as it is" % name)
                continue
            mine = regression_entries(name, tmp)
            if mine is None:
                log("adapter %s: no baseline written" % name)
            elif merge_into(path, mine):
                changed.append(os.path.relpath(path, ROOT))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return changed
