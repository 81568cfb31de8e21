"""Deterministic writer for vector files: one test per line, UTF-8, LF."""

import json
import os

SCHEMA = "uritest-vectors/1"


def _j(v):
    return json.dumps(v, ensure_ascii=False, separators=(", ", ": "))


def dumps(doc):
    lines = ["{"]
    keys = [k for k in doc if k != "groups"]
    for k in keys:
        lines.append("  %s: %s," % (_j(k), _j(doc[k])))
    lines.append('  "groups": [')
    for gi, g in enumerate(doc["groups"]):
        lines.append("    {")
        for k in g:
            if k != "tests":
                lines.append("      %s: %s," % (_j(k), _j(g[k])))
        lines.append('      "tests": [')
        for ti, t in enumerate(g["tests"]):
            lines.append("        " + _j(t) + ("," if ti + 1 < len(g["tests"]) else ""))
        lines.append("      ]")
        lines.append("    }" + ("," if gi + 1 < len(doc["groups"]) else ""))
    lines.append("  ]")
    lines.append("}")
    return "\n".join(lines) + "\n"


def write(path, doc):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write(dumps(doc))


def text_or_hex(s):
    """A test's input member for octets s: "input" when s is UTF-8 text, else "input_hex"."""
    if isinstance(s, str):
        s = s.encode("latin-1")
    try:
        return {"input": s.decode("utf-8")}
    except UnicodeDecodeError:
        return {"input_hex": s.hex()}
