"""What a FUZZ-FINDING line may say (fuzz/README.md), and its octets."""
import json
import os
import re
import stat

from fuzz.triage.paths import REG

PREFIX = "FUZZ-FINDING "
# What triage takes, so that its memory stays proportional to a capped
# finding: a fuzz target's input is at most FZ_MAX_INPUT (4096) octets and
# a .finding of `uritest fuzz` holds two readings of at most 16 KiB
MAX_FILE = 256 * 1024
MAX_OCTETS = 64 * 1024


class Malformed(Exception):
    """A finding that cannot be triaged: exit 2, nothing written."""


NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._@+-]*$")
HEX = re.compile(r"^(?:[0-9a-fA-F]{2})*$")


def regression_path(adapter, pending):
    """vectors/v1/regressions[/pending]/ADAPTER.json, or Malformed when
    ADAPTER would place the file anywhere else."""
    if not isinstance(adapter, str) or not NAME.match(adapter) or ".." in adapter:
        raise Malformed("adapter %s is not an adapter name ([A-Za-z0-9._@+-], no \"..\")"
                        % json.dumps(adapter)[:80])
    folder = os.path.join(REG, "pending") if pending else REG
    path = os.path.join(folder, adapter + ".json")
    if os.path.dirname(os.path.normpath(path)) != os.path.normpath(folder):
        raise Malformed("adapter %s leaves %s" % (json.dumps(adapter)[:80], folder))
    return path


def check_finding(f):
    """F (a FUZZ-FINDING object) with every field of the type triage reads,
    or Malformed saying which is not."""
    if not isinstance(f, dict):
        raise Malformed("not a JSON object")
    for key in ("target", "op"):
        v = f.get(key, "reference" if key == "target" else None)
        if not isinstance(v, str) or not NAME.match(v):
            raise Malformed("field %s: %s" % (key, "missing" if v is None else "not a name"))
    regression_path(f.get("adapter", "reference"), False)
    for key in ("kind", "class", "component"):
        if f.get(key) is not None and not isinstance(f[key], str):
            raise Malformed("field %s: not a string" % key)
    # octets the protocol's way (adapters/PROTOCOL.md section 5): KEY as a
    # string (its UTF-8), or KEY_hex as hex digits
    for key in ("input", "ref", "base"):
        if key + "_hex" in f and (not isinstance(f[key + "_hex"], str) or not HEX.match(f[key + "_hex"])):
            raise Malformed("field %s_hex: not an even number of hex digits" % key)
        if f.get(key) is not None and not isinstance(f[key], str):
            raise Malformed("field %s: not a string" % key)
        n = len(f.get(key) or "") + len(f.get(key + "_hex") or "") // 2
        if n > MAX_OCTETS:
            raise Malformed("field %s: longer than %d octets" % (key, MAX_OCTETS))
    if "input_hex" not in f and "input" not in f:
        raise Malformed("field input: missing")
    return f


def read_capped(path, cap=MAX_FILE):
    """The octets of the regular file PATH (opened without blocking: a FIFO
    or a device is refused), or Malformed when it is not one or holds more
    than CAP octets."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except OSError as e:
        raise Malformed(e.strerror or type(e).__name__)
    with os.fdopen(fd, "rb") as fh:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise Malformed("not a regular file")
        data = fh.read(cap + 1)
    if len(data) > cap:
        raise Malformed("larger than %d octets" % cap)
    return data


def parse_line(line):
    """The JSON object of a "FUZZ-FINDING {json}" line (the prefix may be
    left out), unchecked; ValueError when it is not JSON."""
    return json.loads(line[len(PREFIX):] if line.startswith(PREFIX) else line)


def read_finding(path):
    """The finding of a .finding file (one "FUZZ-FINDING {json}" line)."""
    try:
        f = parse_line(read_capped(path).decode("utf-8").strip())
    except (OSError, UnicodeDecodeError, ValueError) as e:
        raise Malformed(str(e).splitlines()[0][:120] if str(e) else type(e).__name__)
    return check_finding(f)


def findings_in(text):
    """Every finding of a target's standard error TEXT, in order."""
    return [json.loads(line[len(PREFIX):]) for line in text.splitlines() if line.startswith(PREFIX)]


def octets(f, key):
    """The octets of field KEY of a finding: KEY_hex decoded, or KEY's
    UTF-8; None when neither is there."""
    if f.get(key + "_hex") is not None:
        return bytes.fromhex(f[key + "_hex"])
    return f[key].encode("utf-8") if f.get(key) is not None else None
