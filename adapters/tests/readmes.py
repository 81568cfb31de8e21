#!/usr/bin/env python3
"""adapters/tests/readmes.py [ROOT]: every adapter README has the shape of
adapters/TEMPLATE/README.md's model (its title names the folder's adapters,
its sections are the model's, in order) and states the present: no issue
number, session or stop, date or figure copied from a run.  Prints one line
per problem; exit 1 when there is one."""
import glob
import json
import os
import re
import sys

ROOT = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", "..")

# What a README that states the present does not hold.
HISTORY = [
    (re.compile(r"(^|[\s(])#\d+\b"), "an issue number"),
    (re.compile(r"\b(session|stop) \d+", re.I), "a session or stop number"),
    (re.compile(r"\b20\d\d-\d\d-\d\d\b"), "a date"),
    (re.compile(r"\b\d[\d,]* of \d[\d,]*\b"), "a figure from a run (N of M)"),
    (re.compile(r"\bin vectors \d+\.\d+"), "a figure from a vectors release"),
]


def model_sections(root):
    """The '## ' headings of the model in TEMPLATE/README.md's markdown block."""
    text = open(os.path.join(root, "adapters", "TEMPLATE", "README.md"), encoding="utf-8").read()
    block = text.split("```markdown", 1)[1].split("\n```", 1)[0]
    return [l for l in block.splitlines() if l.startswith("## ")]


def names(path):
    """The adapter names an adapter.json registers."""
    entry = json.load(open(path, encoding="utf-8"))
    return [e["name"] for e in (entry if isinstance(entry, list) else [entry])]


def problems(root):
    want = model_sections(root)
    for reg in sorted(glob.glob(os.path.join(root, "adapters", "*", "adapter.json"))):
        folder = os.path.dirname(reg)
        rel = os.path.relpath(os.path.join(folder, "README.md"), root)
        try:
            text = open(os.path.join(folder, "README.md"), encoding="utf-8").read()
        except OSError:
            yield "%s: missing" % rel
            continue
        title = text.splitlines()[0] if text else ""
        for n in names(reg):
            if not re.search(r"\b%s\b" % re.escape(n), title):
                yield "%s: its title %r does not name %s" % (rel, title, n)
        got = [l for l in text.splitlines() if l.startswith("## ")]
        if got != want:
            yield "%s: sections %s, not the model's %s" % (rel, got, want)
        for pattern, what in HISTORY:
            m = pattern.search(text)
            if m:
                yield "%s: holds %s (%r)" % (rel, what, m.group(0).strip())


found = list(problems(ROOT))
for p in found:
    print(p)
sys.exit(1 if found else 0)
