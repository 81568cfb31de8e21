"""The inputs triage is given, and the fuzz target of each."""
import glob
import os
import re

from fuzz.triage.paths import FUZZ_DIR

ARTIFACT = re.compile(r"^(crash|timeout|leak|oom|slow-unit)-[0-9a-f]+$")


def targets_known():
    """The libFuzzer builds of the fuzz targets (the bench's trivial aside)."""
    return sorted(os.path.basename(p) for p in glob.glob(os.path.join(FUZZ_DIR, "libfuzzer", "*"))
                  if os.access(p, os.X_OK) and os.path.basename(p) != "trivial")


def wanted(dirpath, name):
    """Whether file NAME of folder DIRPATH is a finding or an engine's input."""
    base = os.path.basename(dirpath)
    if name.endswith(".finding") or ARTIFACT.match(name):
        return True
    return base in ("crashes", "hangs") and name.startswith("id:")


def collect(paths):
    """Every finding file under PATHS (files as given), sorted, once each."""
    out = []
    for p in paths:
        if os.path.isfile(p):
            out.append(p)
            continue
        for dirpath, _, files in os.walk(p):
            out.extend(os.path.join(dirpath, f) for f in sorted(files) if wanted(dirpath, f))
    return sorted(set(out))


def target_of(path, forced, known):
    """The target of the input at PATH: FORCED, else the nearest folder of
    its path named after a KNOWN target, else None."""
    if forced:
        return forced
    parts = os.path.abspath(path).split(os.sep)
    for part in reversed(parts[:-1]):
        if part in known:
            return part
    return None


def is_hang(path):
    return "/hangs/" in path or os.path.basename(path).startswith("timeout-")
