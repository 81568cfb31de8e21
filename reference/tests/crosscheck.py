#!/usr/bin/python3
"""Cross-check the C reference against the independent regex checker.

Generates N strings (fixed seed, biased toward URI-like pieces: schemes, "//",
userinfo with "@", IPv6 shapes with "::", IPv4/dec-octets, "%" with hex and
non-hex, ports, dot segments, "?", "#", random octets with NUL and non-ASCII),
pipes them as bytes, one per line, through `rfc3986 parse --json -`, and
compares validity, kind, the nine components (host_type included) and, with
--offsets, error offsets with vectors/gen/rfc3986_regex.py (written from RFC
3986 Appendix A, not from the C code).  Every parse pass runs twice: through
`parse` (the literal parser) and `parse --fast` (the generated one).  Unless
--quick, further passes:
10,000 strings for each other start rule (`parse --rule URI|absolute-URI|
relative-ref`), 1,000 strings for the whole-input `match` of each of the 36
Appendix A rules, and 10,000 strings with non-ASCII characters for `match IRI`
and `match IRI-reference` against vectors/gen/rfc3987_regex.py.

usage: crosscheck.py [--bin PATH] [--count N] [--seed S] [--offsets] [--show N]
The binary defaults to $RFC3986_BIN, else build/bin/rfc3986 under the repo root.
Last line: `crosscheck: N passed, N failed`; exit 1 on any disagreement,
2 when the binary cannot be run.
"""

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)
from vectors.gen import rfc3986_regex as R  # noqa: E402
from vectors.gen import rfc3987_regex as I  # noqa: E402

SCHEMES = [b"http", b"https", b"ftp", b"a", b"A+b-c.d", b"mailto", b"urn", b"x1", b"1x", b"-x", b"h\xc3\xa9", b""]
HEX = b"0123456789abcdefABCDEF"
PIECES = [
    b"/", b"//", b"///", b"?", b"#", b"@", b":", b"::", b".", b"..", b"./", b"../", b"/./", b"/../",
    b"[", b"]", b"%", b"%2", b"%20", b"%zz", b"%41", b"%C3%A9", b"%%", b"v1.x", b"[v7.a:b]",
    b"[::1]", b"[::]", b"[1:2:3:4:5:6:7:8]", b"[::ffff:1.2.3.4]", b"[fe80::1%25eth0]",
    b"[1::2::3]", b"[12345::]", b"[::1.2.3]", b"[1:2:3:4:5:6:7]", b"[1:2:3:4:5:6::7]",
    b"127.0.0.1", b"1.2.3.4", b"255.255.255.255", b"256.1.1.1", b"01.2.3.4", b"1.2.3", b"1.2.3.4.",
    b"0x7f.1", b"2130706433", b"user", b"user:pass@", b"u@h", b"@@", b"a@b@c",
    b"example.com", b"EXAMPLE.com", b":80", b":", b":65536", b":0080", b":8a",
    b"!$&'()*+,;=", b"-._~", b"\\", b" ", b"\t", b"\r", b"\x00", b"\x7f", b"\xff", b"\xc3\xa9",
    b"\xe2\x82\xac", b"\"", b"<", b">", b"^", b"`", b"{", b"|", b"}", b"g;x", b"?y=1&z=2", b"#frag",
]


def pick(rng, good, bad, p_bad=0.15):
    return rng.choice(bad) if rng.random() < p_bad else rng.choice(good)


def rnd_hex(rng, n):
    return bytes(rng.choice(HEX) for _ in range(n))


def rnd_ipv6_valid(rng):
    # a shape of RFC 3986 IPv6address: n leading, m trailing h16 (n + m <= 7) around "::",
    # or 8 h16 without "::"; ls32 as an IPv4address now and then
    v4 = rng.random() < 0.25
    total = 6 if v4 else 8
    tail = b"." .join(str(rng.randint(0, 255)).encode() for _ in range(4)) if v4 else None
    if rng.random() < 0.2:
        parts = [rnd_hex(rng, rng.randint(1, 4)) for _ in range(total)]
        s = b":".join(parts + ([tail] if v4 else []))
    else:
        n = rng.randint(0, total - 1)
        m = rng.randint(0, total - 1 - n)
        left = b":".join(rnd_hex(rng, rng.randint(1, 4)) for _ in range(n))
        right = [rnd_hex(rng, rng.randint(1, 4)) for _ in range(m)] + ([tail] if v4 else [])
        s = left + b"::" + b":".join(right)
    return b"[" + s + b"]"


def rnd_ipv6(rng):
    if rng.random() < 0.5:
        return rnd_ipv6_valid(rng)
    groups = [rnd_hex(rng, rng.randint(0, 5)) for _ in range(rng.randint(0, 9))]
    s = b":".join(groups)
    if rng.random() < 0.5:
        k = rng.randint(0, len(s))
        s = s[:k] + b"::" + s[k:]
    if rng.random() < 0.3:
        s += b":" + b".".join(str(rng.randint(0, 300)).encode() for _ in range(rng.randint(2, 5)))
    return b"[" + s + b"]" if rng.random() < 0.9 else s


def rnd_ipv4(rng):
    parts = []
    for _ in range(rng.choice([3, 4, 4, 4, 5])):
        v = rng.choice([rng.randint(0, 255), rng.randint(0, 999)])
        p = str(v).encode()
        if rng.random() < 0.1:
            p = b"0" + p
        parts.append(p)
    return b".".join(parts)


def rnd_octets(rng, n):
    return bytes(rng.randint(0, 255) for _ in range(n))


def gen_one(rng):
    mode = rng.random()
    out = b""
    if mode < 0.65:
        # structured: [scheme:][//[userinfo@]host[:port]]path[?query][#fragment]
        if rng.random() < 0.8:
            out += pick(rng, SCHEMES[:10], SCHEMES[10:]) + b":"
        if rng.random() < 0.7:
            out += b"//"
            if rng.random() < 0.3:
                out += pick(rng, [b"user", b"u:p", b"", b"a%41", b":", b"!$&'()*+,;="], [b"x@y", b"%zz", b"[::1]", b"a b"]) + b"@"
            r = rng.random()
            if r < 0.25:
                out += rnd_ipv6(rng)
            elif r < 0.5:
                out += rnd_ipv4(rng)
            else:
                out += pick(rng, [b"example.com", b"h", b"", b"a-b.c_d~e", b"%7Ex", b"[v1.a]", b"[V1F.:]", b"1.2.3", b"999.1.1.1"], [b"H%zz", b"x y", b"[v1]", b"h\\"])
            if rng.random() < 0.3:
                out += b":" + pick(rng, [b"80", b"", b"0080", b"99999"], [b"8a", b":90"])
        for _ in range(rng.randint(0, 4)):
            out += pick(rng, [b"/", b"/a", b"/.", b"/..", b"b", b"./", b"../", b"a:b", b"%2F", b"//", b"/@:"], [b"/%", b"/\xc3\xa9", b"/[", b"/a b"])
        if rng.random() < 0.3:
            out += b"?" + pick(rng, [b"", b"a=b", b"?/:@", b"%41"], [b"%", b"[x]", b"a b"])
        if rng.random() < 0.3:
            out += b"#" + pick(rng, [b"", b"f", b"?/:@", b"%41"], [b"#", b"%4"])
    elif mode < 0.93:
        for _ in range(rng.randint(1, 8)):
            r = rng.random()
            if r < 0.7:
                out += rng.choice(PIECES)
            elif r < 0.8:
                out += rnd_ipv6(rng)
            elif r < 0.9:
                out += rnd_ipv4(rng)
            else:
                out += rnd_octets(rng, rng.randint(1, 3))
        if rng.random() < 0.5:
            out = rng.choice(SCHEMES) + b":" + out
    else:
        out = rnd_octets(rng, rng.randint(0, 12))
    # occasional single-octet mutation
    if out and rng.random() < 0.08:
        k = rng.randrange(len(out))
        out = out[:k] + bytes([rng.randint(0, 255)]) + out[k + 1:]
    return out


def gen_inputs(count, seed):
    rng = random.Random(seed)
    seen, out = set(), []
    while len(out) < count:
        s = gen_one(rng)
        if b"\n" in s or s in seen:
            continue
        seen.add(s)
        out.append(s)
    return out


def show(s):
    try:
        return json.dumps(s.decode("utf-8"), ensure_ascii=False)
    except UnicodeDecodeError:
        return "hex:" + s.hex()


def compare_parse(rule, offsets):
    def cmp(s, got):
        want = R.parse(s, rule)
        diffs = []
        if got.get("valid") != want["valid"]:
            diffs.append("valid: got %s, want %s" % (got.get("valid"), want["valid"]))
        elif want["valid"]:
            if got.get("kind") != want["kind"]:
                diffs.append("kind: got %s, want %s" % (got.get("kind"), want["kind"]))
            gc = got.get("components") or {}
            for c in R.COMPONENTS:
                if gc.get(c, "<missing>") != want["components"][c]:
                    diffs.append("%s: got %s, want %s" % (c, json.dumps(gc.get(c, "<missing>")), json.dumps(want["components"][c])))
        elif offsets:
            go = (got.get("error") or {}).get("offset")
            if go != want["error"]["offset"]:
                diffs.append("error.offset: got %s, want %s" % (go, want["error"]["offset"]))
        return diffs
    return cmp


def compare_match(rule, iri=False):
    def cmp(s, got):
        want = I.match(rule, s) if iri else R.match(rule, s)
        if got.get("valid") != want:
            return ["match %s: got %s, want %s" % (rule, got.get("valid"), want)]
        return []
    return cmp


class Runner:
    def __init__(self, binary, show):
        self.binary, self.show = binary, show
        self.passed = self.failed = 0
        self.broken = False

    def run(self, label, args, inputs, cmp):
        with tempfile.TemporaryFile() as f:
            f.write(b"".join(s + b"\n" for s in inputs))
            f.seek(0)
            try:
                p = subprocess.run([self.binary] + args, stdin=f, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
            except OSError as e:
                print("crosscheck: cannot run %s: %s" % (self.binary, e))
                self.failed += len(inputs)
                self.broken = True
                return
        lines = p.stdout.splitlines()
        if p.returncode not in (0, 1) or len(lines) != len(inputs):
            print("crosscheck: %s %s exited %d with %d output lines for %d inputs" % (
                self.binary, " ".join(args), p.returncode, len(lines), len(inputs)))
            sys.stdout.write(p.stderr.decode("utf-8", "replace")[:2000])
        for i, s in enumerate(inputs):
            diffs = []
            if i >= len(lines):
                diffs = ["no output line"]
            else:
                try:
                    got = json.loads(lines[i])
                except ValueError:
                    got, diffs = {}, ["unparsable output: %r" % lines[i][:200]]
                if not diffs:
                    echo = got.get("input")
                    echo = echo.encode("utf-8", "surrogatepass") if echo is not None else bytes.fromhex(got.get("input_hex", ""))
                    if echo != s:
                        diffs.append("input echo differs: %s" % show(echo))
                    diffs += cmp(s, got)
            if diffs:
                self.failed += 1
                if self.failed <= self.show:
                    print("DISAGREE [%s] %s" % (label, show(s)))
                    for d in diffs:
                        print("    " + d)
            else:
                self.passed += 1


RULE_ALPHABET = b"0123456789abcdefABCDEFgGvVxz.:[]@%/?#!$&'()*+,;=-_~ \x00\x7f\xc3\xa9\xff"
IRI_PIECES = ["\u00e9", "\u00a0", "\u0085", "\ue000", "\ufdd0", "\ufffe", "\u4f8b", "\U00010000",
              "\U000e0001", "\U000e1000", "\U000f0000", "\u041a", "\u202e"]


def rule_inputs(rng, count):
    out, seen = [], set()
    while len(out) < count:
        r = rng.random()
        if r < 0.4:
            s = bytes(rng.choice(RULE_ALPHABET) for _ in range(rng.randint(0, 10)))
        elif r < 0.7:
            s = b"".join(rng.choice(PIECES) for _ in range(rng.randint(1, 3)))
        elif r < 0.8:
            s = rnd_ipv6(rng)
            s = s[1:-1] if rng.random() < 0.5 and s.startswith(b"[") else s
        elif r < 0.9:
            s = rnd_ipv4(rng)
        else:
            s = gen_one(rng)
        if b"\n" in s or s in seen:
            continue
        seen.add(s)
        out.append(s)
    return out


def iri_inputs(rng, count):
    out, seen = [], set()
    while len(out) < count:
        s = gen_one(rng)
        k = rng.randint(0, 3)
        for _ in range(k):
            pos = rng.randint(0, len(s))
            s = s[:pos] + rng.choice(IRI_PIECES).encode("utf-8", "surrogatepass") + s[pos:]
        if b"\n" in s or s in seen:
            continue
        seen.add(s)
        out.append(s)
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", default=os.environ.get("RFC3986_BIN", os.path.join(ROOT, "build", "bin", "rfc3986")))
    ap.add_argument("--count", type=int, default=100000, help="strings for the main URI-reference pass")
    ap.add_argument("--seed", type=int, default=3986)
    ap.add_argument("--offsets", action="store_true", help="also compare error offsets")
    ap.add_argument("--quick", action="store_true", help="only the main URI-reference pass")
    ap.add_argument("--show", type=int, default=20)
    ap.add_argument("binary", nargs="?", help="same as --bin")
    a = ap.parse_args()
    run = Runner(a.binary or a.bin, a.show)
    # 1. the main pass: URI-reference, components and host_type; the parse
    # passes run through both parsers (`parse` and `parse --fast`)
    parsers = [("", []), ("fast ", ["--fast"])]
    main_inputs = gen_inputs(a.count, a.seed)
    for label, flag in parsers:
        run.run(label + "URI-reference", ["parse", "--json"] + flag + ["-"], main_inputs,
                compare_parse("URI-reference", a.offsets))
    if not a.quick and not run.broken:
        rng = random.Random(a.seed + 1)
        # 2. the other start rules
        for k, rule in enumerate(("URI", "absolute-URI", "relative-ref")):
            inputs = gen_inputs(10000, a.seed + 1 + k)
            for label, flag in parsers:
                run.run(label + rule, ["parse", "--json"] + flag + ["--rule", rule, "-"], inputs,
                        compare_parse(rule, a.offsets))
        # 3. whole-input match of every Appendix A rule
        for rule in R.APPENDIX_A:
            run.run(rule, ["match", "--json", rule, "-"], rule_inputs(rng, 1000), compare_match(rule))
        # 4. RFC 3987: IRI and IRI-reference
        for rule in ("IRI", "IRI-reference"):
            run.run(rule, ["match", "--json", rule, "-"], iri_inputs(rng, 10000), compare_match(rule, iri=True))
    print("crosscheck: %d passed, %d failed" % (run.passed, run.failed))
    if run.broken:
        return 2
    return 1 if run.failed else 0


if __name__ == "__main__":
    sys.exit(main())
