"""The fuzz targets' operations, read from their one list (fuzz/targets/ops.h).

OPS[i] is (name, diff) for the first octet whose low four bits, modulo
len(OPS), are i: NAME the op of the reference target's findings, DIFF the
protocol op the differential targets run for it."""
import os
import re

HEADER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "targets", "ops.h")
ROW = re.compile(r'^FUZZ_OP\(\s*([A-Z0-9_]+)\s*,\s*"([^"]+)"\s*,\s*"([^"]+)"\s*\)\s*$')


def read_ops(path=HEADER):
    """[(name, diff)] of the rows of PATH, in order.  Raises ValueError on a
    line that starts like a row and does not read as one, or on no rows."""
    ops = []
    with open(path, encoding="utf-8") as f:
        for lineno, line in enumerate(f, 1):
            if not line.startswith("FUZZ_OP"):
                continue
            m = ROW.match(line)
            if not m:
                raise ValueError("%s:%d: not a FUZZ_OP(ID, \"name\", \"diff\") row" % (path, lineno))
            ops.append((m.group(2), m.group(3)))
    if not ops or len(ops) > 16:
        raise ValueError("%s: %d rows (1 to 16: the low four bits choose one)" % (path, len(ops)))
    return ops


OPS = read_ops()
NAMES = [name for name, _ in OPS]


def op_of(octet):
    """The index into OPS that the first octet OCTET chooses."""
    return (octet & 0x0F) % len(OPS)


def octet(name):
    """The first octet (an ASCII digit) that chooses op NAME."""
    i = NAMES.index(name)
    if i > 9:
        raise ValueError("op %s has no digit (row %d)" % (name, i))
    return b"%d" % i
