#!/usr/bin/python3
"""uritest triage: turn fuzzer findings into regression vectors.

usage: uritest triage [--target NAME] [--no-minimize] [--no-baselines]
                      [--dry-run] [--known] [--update-baselines] DIR|FILE...

Reads AFL++ crash and hang files (`*/crashes/id:*`, `*/hangs/id:*`),
libFuzzer artifacts (`crash-*`, `timeout-*`, `leak-*`, `oom-*`), and
`*.finding` files (one "FUZZ-FINDING {json}" line, for findings made by
hand).  For each input:

 1. the target is the folder it was found under (`afl-out/TARGET/...`,
    `crashes/TARGET/`, `smoke-crashes/TARGET/`) or --target;
 2. it is minimized with afl-tmin (the AFL++ build of the target), or with
    libFuzzer's -minimize_crash where AFL++ is missing;
 3. it is replayed on the libFuzzer build, whose "FUZZ-FINDING" line (or
    sanitizer report) gives its signature: (adapter, op, kind or class,
    component), or (target, crash type, frame) for a crash;
 4. one vector per signature (the shortest input) is written to
    vectors/v1/regressions/<adapter>.json, its expectation from the
    independent checker vectors/gen/rfc3986_regex.py (validity, nine
    components, error offset), never from the reference.  What that checker
    cannot decide (resolution, normalization, the other operations) goes to
    vectors/v1/regressions/pending/<adapter>.json as implementation-defined,
    with the independent rfc3986_ops.py result as "x-candidate" for a person
    to confirm.  Each vector's comment carries every parser's reading.
 5. vectors/MANIFEST gets any new file, vectors/README.md its counts (make
    vectors), and every adapter's baseline
    (adapters/*/baseline*.json) gets the entries of the regression vectors,
    written by `uritest run --vectors vectors/v1/regressions
    --write-baseline` and merged (entries of other vectors are kept as they
    are), so `make test` stays green.

--known also writes the vector of each behaviour of adapters/*/behaviours.json
whose example is given inline (not as a vector id), so every documented
behaviour has a vector.
--update-baselines brings the baselines up to date even when no vector is new
(after a vector was confirmed and moved out of pending/, say).

Options:
  --target NAME       the fuzz target of every input (default: from its folder)
  --no-minimize       keep the inputs as found (default: minimize)
  --no-baselines      leave the adapters' baselines alone (default: update them)
  --dry-run           say what would be written, write nothing (default: write)
  --known             also the vectors of adapters/*/behaviours.json examples
                      (default: no)
  --update-baselines  update the baselines even when no vector is new
                      (default: only with new vectors)
  --help              this text

Exit: 0 nothing new, 1 new vectors written (findings), 2 usage error.
example: uritest triage --dry-run fuzz/afl-out
"""

import glob
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
from vectors.gen import rfc3986_regex as R  # noqa: E402
from vectors.gen import rfc3986_ops as O  # noqa: E402

BUILD = os.environ.get("BUILD", "build")
FUZZ_DIR = os.path.join(ROOT, BUILD, "fuzz")
REG = os.path.join(ROOT, "vectors", "v1", "regressions")
UT = os.path.join(ROOT, BUILD, "bin", "uritest")
COMPONENTS = ["scheme", "authority", "userinfo", "host", "host_type", "port", "path", "query", "fragment"]
# reference.c: op octet (low 4 bits, modulo 10) -> op name
REF_OPS = ["parse", "normalize", "normalize-scheme", "resolve", "resolve-non-strict",
           "remove-dot-segments", "start-rules", "iri", "pct", "match"]
AFL_ENV = {"AFL_SKIP_CPUFREQ": "1", "AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES": "1",
           "AFL_NO_AFFINITY": "1", "AFL_QUIET": "1",
           "ASAN_OPTIONS": "abort_on_error=1:symbolize=0:detect_leaks=0",
           "UBSAN_OPTIONS": "halt_on_error=1:abort_on_error=1"}


def log(msg):
    sys.stderr.write("triage: %s\n" % msg)


def write_atomic(path, text):
    """TEXT as PATH's new content: written to a new name in the same folder,
    then renamed over it, so a full disk or a kill never leaves it cut."""
    folder = os.path.dirname(path)
    fd, tmp = tempfile.mkstemp(prefix=os.path.basename(path) + ".tmp.", dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        if os.path.exists(path):
            os.chmod(tmp, os.stat(path).st_mode & 0o7777)
        else:
            um = os.umask(0)
            os.umask(um)
            os.chmod(tmp, 0o666 & ~um)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


# ---- what a finding may say ----------------------------------------------

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
    if "input_hex" not in f and "input" not in f:
        raise Malformed("field input: missing")
    return f


def read_finding(path):
    """The finding of a .finding file (one "FUZZ-FINDING {json}" line)."""
    try:
        with open(path, encoding="utf-8") as fh:
            line = fh.read().strip()
        f = json.loads(line[len("FUZZ-FINDING "):] if line.startswith("FUZZ-FINDING ") else line)
    except (OSError, UnicodeDecodeError, ValueError) as e:
        raise Malformed(str(e).splitlines()[0][:120] if str(e) else type(e).__name__)
    return check_finding(f)


def targets_known():
    return sorted(os.path.basename(p) for p in glob.glob(os.path.join(FUZZ_DIR, "libfuzzer", "*"))
                  if os.access(p, os.X_OK) and os.path.basename(p) != "trivial")


# ---- collecting ---------------------------------------------------------

ARTIFACT = re.compile(r"^(crash|timeout|leak|oom|slow-unit)-[0-9a-f]+$")


def collect(paths):
    out = []
    for p in paths:
        if os.path.isfile(p):
            out.append(p)
            continue
        for dirpath, _, files in os.walk(p):
            base = os.path.basename(dirpath)
            for f in sorted(files):
                full = os.path.join(dirpath, f)
                if f.endswith(".finding") or ARTIFACT.match(f):
                    out.append(full)
                elif base in ("crashes", "hangs") and f.startswith("id:"):
                    out.append(full)
                elif base.startswith("smoke-crashes") or os.path.basename(os.path.dirname(dirpath)) == "smoke-crashes":
                    if ARTIFACT.match(f):
                        out.append(full)
    return sorted(set(out))


def target_of(path, forced, known):
    if forced:
        return forced
    parts = os.path.abspath(path).split(os.sep)
    for part in reversed(parts[:-1]):
        if part in known:
            return part
    return None


# ---- running ------------------------------------------------------------

def replay(target, data):
    """Run the libFuzzer build on DATA; return (finding dict or None, crash
    signature string or None, stderr text)."""
    binary = os.path.join(FUZZ_DIR, "libfuzzer", target)
    with tempfile.NamedTemporaryFile(delete=False) as f:
        f.write(data)
        name = f.name
    try:
        env = dict(os.environ, ASAN_OPTIONS="detect_leaks=0:symbolize=1",
                   UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1")
        env.pop("FUZZ_DIFF_SURVEY", None)
        p = subprocess.run([binary, "-timeout=10", "-rss_limit_mb=4096", name], env=env,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=120)
        err = p.stderr.decode("utf-8", "replace")
    except subprocess.TimeoutExpired:
        return None, "timeout", ""
    finally:
        os.unlink(name)
    finding = None
    for line in err.splitlines():
        if line.startswith("FUZZ-FINDING "):
            finding = json.loads(line[len("FUZZ-FINDING "):])
            if finding.get("known") is None:
                break
    if p.returncode == 0:
        return None, None, err
    if finding is not None:
        return finding, None, err
    sig = None
    m = re.search(r"SUMMARY: (\w+Sanitizer): (\S+)(?: .* in (\S+))?", err)
    if m:
        sig = "%s %s %s" % (m.group(1), m.group(2), m.group(3) or "")
    m2 = re.search(r"(\S+:\d+:\d+): runtime error: (.*)", err)
    if m2:
        sig = "UBSan %s %s" % (m2.group(2)[:60], m2.group(1).split("/")[-1])
    if sig is None:
        m3 = re.search(r"ERROR: libFuzzer: (.*)", err)
        sig = "libFuzzer %s" % (m3.group(1) if m3 else "exit %d" % p.returncode)
    return None, sig.strip(), err


def minimize(target, path, data, is_hang):
    if is_hang:
        return data
    afl = os.path.join(FUZZ_DIR, "afl", target)
    out = tempfile.mktemp()
    try:
        if shutil.which("afl-tmin") and os.access(afl, os.X_OK):
            env = dict(os.environ, **AFL_ENV)
            subprocess.run(["afl-tmin", "-i", path, "-o", out, "-m", "none", "-t", "2000", "--", afl],
                           env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=300)
        else:
            lf = os.path.join(FUZZ_DIR, "libfuzzer", target)
            subprocess.run([lf, "-minimize_crash=1", "-runs=5000", "-exact_artifact_path=" + out, path],
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=300)
        if os.path.exists(out) and os.path.getsize(out) > 0:
            with open(out, "rb") as f:
                return f.read()
    except (subprocess.TimeoutExpired, OSError):
        pass
    finally:
        if os.path.exists(out):
            os.unlink(out)
    return data


# ---- vectors ------------------------------------------------------------

def finding_octets(f, key):
    """The octets of field KEY of a finding: KEY_hex decoded, or KEY's
    UTF-8; None when neither is there."""
    if f.get(key + "_hex") is not None:
        return bytes.fromhex(f[key + "_hex"])
    return f[key].encode("utf-8") if f.get(key) is not None else None


def text_or_hex(key, b):
    """{"input": text} when B is UTF-8 without controls the JSON would hide,
    else {"input_hex": ...}."""
    try:
        t = b.decode("utf-8")
        return {key: t}
    except UnicodeDecodeError:
        return {key + "_hex": b.hex()}


def decode_reference_input(data):
    """The op and operands of a reference-target input (reference.c)."""
    if not data:
        return "parse", None, b""
    op = REF_OPS[(data[0] & 0x0F) % 10]
    rest = data[1:]
    if op.startswith("resolve"):
        i = rest.find(b"\n")
        if i < 0:
            return op, None, rest
        return op, rest[:i], rest[i + 1:]
    return op, None, rest


def readings_text(finding):
    if not finding:
        return ""
    keys = [k for k in finding if k not in ("target", "adapter", "op", "kind", "component", "known",
                                            "class", "input", "input_hex", "base", "base_hex", "ref", "ref_hex",
                                            "got")]
    parts = ["%s: %s" % (k, json.dumps(finding[k], ensure_ascii=True)) for k in keys]
    if "got" in finding:
        parts.append("reference produced: %s" % json.dumps(finding["got"], ensure_ascii=True))
    return "; ".join(parts)


def make_vector(vid, op, base, inp, finding, why, level=None):
    """Return (pending, test dict, group op)."""
    t = {"id": vid}
    t.update(text_or_hex("input", inp))
    readings = {k: v for k, v in (finding or {}).items()
                if isinstance(v, dict) and ("valid" in v or "unsupported" in v)}
    comment = "found by differential fuzzing (uritest triage): %s" % why
    rt = readings_text({k: v for k, v in (finding or {}).items() if k in readings or k == "got"})
    if rt:
        comment += ". Readings: " + rt
    if op in ("parse", "start-rules", "match", "iri"):
        r = R.parse(inp)
        if r["valid"]:
            t["expect"] = "accept"
            t["components"] = r["components"]
        else:
            t["expect"] = "reject"
            t["error"] = {"offset": r["error"]["offset"]}
        t["comment"] = comment + ". Expectation: vectors/gen/rfc3986_regex.py."
        t["tags"] = ["fuzz", "regression"]
        if readings:
            t["x-readings"] = readings
        return False, t, "parse"
    # Not decided by the regex checker: pending, for a person to confirm.
    t["expect"] = "implementation-defined"
    t["tags"] = ["fuzz", "regression", "pending"]
    cand = None
    gop = op
    try:
        if op.startswith("resolve"):
            gop = "resolve"
            t.update(text_or_hex("base", base or b""))
            if "base_hex" in t:
                # the schema has no base_hex: keep such a base for the person
                t["x-base-hex"] = t.pop("base_hex")
                t["base"] = ""
            if op == "resolve-non-strict":
                t["strict"] = False
            c, hz = O.resolve(base.decode("latin-1"), inp.decode("latin-1"), op != "resolve-non-strict")
            cand = {"target": c, "hazard": hz}
        elif op.startswith("normalize"):
            gop = "normalize"
            t["level"] = "scheme" if op == "normalize-scheme" or level == "scheme" else "syntax"
            c, hz = O.normalize(inp.decode("latin-1"), t["level"])
            cand = {"normalized": c, "hazard": hz}
        else:
            gop = "parse"
            t["x-op"] = op
    except Exception as e:  # the candidate is a help, not a requirement
        cand = {"error": "%s: %s" % (type(e).__name__, e)}
    t["comment"] = comment + ". Pending: the regex checker cannot decide this operation; " \
        "x-candidate is vectors/gen/rfc3986_ops.py's answer, to be confirmed by hand."
    if cand is not None:
        t["x-candidate"] = cand
    if readings:
        t["x-readings"] = readings
    return True, t, gop


SPEC = {"parse": [{"rfc3986": "4.1"}, {"rfc3986": "3"}], "resolve": [{"rfc3986": "5.2.2"}],
        "normalize": [{"rfc3986": "6.2.2"}]}


def load_vfile(path, adapter, pending):
    if os.path.exists(path):
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    version = open(os.path.join(ROOT, "vectors", "VERSION")).read().strip()
    who = "the reference's own invariants" if adapter == "reference" else "the reference against %s" % adapter
    return {"schema": "uritest-vectors/1", "version": version, "spec": "rfc3986",
            "title": "Fuzzing regressions%s: %s" % (" (pending confirmation)" if pending else "", who),
            "source": "uritest differential fuzzing (fuzz/, `uritest triage`); expectations from "
                      "vectors/gen/rfc3986_regex.py" + ("; pending vectors are implementation-defined "
                                                        "until a person confirms them" if pending else ""),
            "tags": ["fuzz", "regression"], "groups": []}


def add_test(doc, gop, t):
    """Add T unless its id or (op, input, base, level) is there; True when added."""
    key = (gop, t.get("input"), t.get("input_hex"), t.get("base"), t.get("level"), t.get("x-op"))
    for g in doc["groups"]:
        for u in g["tests"]:
            if u["id"] == t["id"]:
                return False
            if g["op"] == gop and (gop, u.get("input"), u.get("input_hex"), u.get("base"),
                                   u.get("level"), u.get("x-op")) == key:
                return False
    for g in doc["groups"]:
        if g["op"] == gop:
            g["tests"].append(t)
            return True
    doc["groups"].append({"description": "%s findings" % gop, "op": gop,
                          "specification": SPEC.get(gop, []), "tests": [t]})
    return True


def all_ids():
    ids = set()
    for p in glob.glob(os.path.join(ROOT, "vectors", "v1", "**", "*.json"), recursive=True):
        try:
            doc = json.load(open(p, encoding="utf-8"))
        except ValueError:
            continue
        for g in doc.get("groups", []):
            for t in g.get("tests", []):
                ids.add(t.get("id"))
    return ids


def slug(s):
    return re.sub(r"[^A-Za-z0-9_.-]+", "-", str(s)).strip("-").lower() or "x"


# ---- MANIFEST and baselines --------------------------------------------

def update_manifest(files):
    path = os.path.join(ROOT, "vectors", "MANIFEST")
    listed = [l.split("#", 1)[0].strip() for l in open(path, encoding="utf-8")]
    new = [f for f in files if f not in listed]
    if new:
        text = open(path, encoding="utf-8").read()
        write_atomic(path, text + ("" if text.endswith("\n") or not text else "\n")
                     + "".join(n + "\n" for n in new))
    return new


def baseline_files():
    out = {}
    for p in sorted(glob.glob(os.path.join(ROOT, "adapters", "*", "baseline*.json"))):
        try:
            out[json.load(open(p, encoding="utf-8"))["adapter"]] = p
        except (ValueError, KeyError):
            pass
    return out


def is_ours(vid):
    return vid.startswith("fuzz.")


def update_baselines(only=None):
    """For every adapter with a baseline: the regression vectors' entries,
    written by uritest --write-baseline, merged into its baseline."""
    if not os.access(UT, os.X_OK):
        log("%s not built: baselines not updated (make, then uritest triage --known)" % UT)
        return []
    changed = []
    avail = {}
    p = subprocess.run([UT, "adapters", "--json"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, cwd=ROOT)
    try:
        for a in json.loads(p.stdout)["adapters"]:
            avail[a["name"]] = a.get("available", False)
    except ValueError:
        pass
    tmp = tempfile.mkdtemp()
    try:
        for name, path in baseline_files().items():
            if only and name not in only:
                continue
            if not avail.get(name):
                log("adapter %s not available here: its baseline is left as it is" % name)
                continue
            out = os.path.join(tmp, name + ".json")
            subprocess.run([UT, "run", "--adapter", name, "--vectors", REG, "--write-baseline", out,
                            "--format", "text", "--output", os.path.join(tmp, name + ".jsonl"),
                            "--no-progress"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=ROOT)
            if not os.path.exists(out):
                log("adapter %s: no baseline written" % name)
                continue
            mine = [e for e in json.load(open(out, encoding="utf-8"))["entries"] if is_ours(e["id"])]
            with open(path, encoding="utf-8") as f:
                text = f.read()
            doc = json.loads(text)
            # keep every entry where it is (others', and ours that still
            # hold), drop ours that no longer do, append the new ones
            key = lambda e: json.dumps(e, sort_keys=True)
            want = {key(e) for e in mine}
            entries = [e for e in doc["entries"] if not is_ours(e["id"]) or key(e) in want]
            have = {key(e) for e in entries}
            entries += sorted((e for e in mine if key(e) not in have), key=lambda e: e["id"])
            if entries == doc["entries"]:
                continue
            doc["entries"] = entries
            # as --write-baseline writes it (no final newline when the file had none)
            write_atomic(path, json.dumps(doc, indent=2, ensure_ascii=False) + ("\n" if text.endswith("\n") else ""))
            changed.append(os.path.relpath(path, ROOT))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return changed


# ---- known-divergence vectors ------------------------------------------

def known_examples():
    """(adapter, entry) for every behaviour of adapters/*/behaviours.json
    that names the vector its inline example should become ("vector")."""
    for p in sorted(glob.glob(os.path.join(ROOT, "adapters", "*", "behaviours.json"))):
        doc = json.load(open(p, encoding="utf-8"))
        for b in doc["behaviours"]:
            if isinstance(b.get("example"), dict) and b.get("vector"):
                yield doc["adapter"], dict(b, **{"class": b["id"]})


def example_octets(ex, key):
    if key + "_hex" in ex:
        return bytes.fromhex(ex[key + "_hex"])
    return ex[key].encode("utf-8") if key in ex else None


def survey_reading(adapter, op, base, inp):
    """The diff target's FUZZ-FINDING for one input (both readings), or None."""
    target = "diff_" + adapter
    binary = os.path.join(FUZZ_DIR, "libfuzzer", target)
    if not os.access(binary, os.X_OK):
        return None
    data = (b"3" + base + b"\n" + inp) if op == "resolve" else (b"1" + inp) if op == "normalize" else (b"0" + inp)
    with tempfile.NamedTemporaryFile(delete=False) as f:
        f.write(data)
        name = f.name
    try:
        p = subprocess.run([binary, name], env=dict(os.environ, FUZZ_DIFF_SURVEY="1",
                                                    ASAN_OPTIONS="detect_leaks=0"),
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=60)
    finally:
        os.unlink(name)
    for line in p.stderr.decode("utf-8", "replace").splitlines():
        if line.startswith("FUZZ-FINDING "):
            return json.loads(line[len("FUZZ-FINDING "):])
    return None


# ---- main ---------------------------------------------------------------

def main(argv):
    forced = None
    do_min, do_base, dry, known_mode = True, True, False, False
    paths = []
    it = iter(argv)
    for a in it:
        if a == "--target":
            forced = next(it, None)
        elif a == "--no-minimize":
            do_min = False
        elif a == "--no-baselines":
            do_base = False
        elif a == "--dry-run":
            dry = True
        elif a == "--update-baselines":
            do_base = "always"
        elif a == "--known":
            known_mode = True
        elif a in ("-h", "--help"):
            print(__doc__.strip())
            return 0
        elif a.startswith("-"):
            log("unknown option %s" % a)
            return 2
        else:
            paths.append(a)
    if not paths and not known_mode and do_base != "always":
        sys.stderr.write("usage: uritest triage [--target NAME] [--no-minimize] [--no-baselines] "
                         "[--dry-run] [--known] DIR|FILE...\n")
        return 2
    for p in paths:
        if not os.path.exists(p):
            log("%s: no such file or folder" % p)
            return 2

    known_targets = targets_known()
    ids = all_ids()
    files = {}      # relpath -> doc
    new_tests = []  # (relpath, id)

    def emit(adapter, pending, gop, t):
        regression_path(adapter, pending)  # confined, or Malformed
        rel = "v1/regressions/%s%s.json" % ("pending/" if pending else "", adapter)
        if rel not in files:
            files[rel] = load_vfile(os.path.join(ROOT, "vectors", rel), adapter, pending)
        if t["id"] in ids:
            return False
        if add_test(files[rel], gop, t):
            ids.add(t["id"])
            new_tests.append((rel, t["id"], t.get("input", t.get("input_hex")), t.get("base")))
            return True
        return False

    # 1. fuzzer findings
    inputs = collect(paths)
    groups = {}
    for path in inputs:
        if path.endswith(".finding"):
            try:
                f = read_finding(path)
            except Malformed as e:
                log("%s: not a finding (%s)" % (path, e))
                return 2
            tgt = f.get("target", "reference")
            data = None
            sig = None
        else:
            tgt = target_of(path, forced, known_targets)
            if tgt is None or tgt not in known_targets:
                log("%s: cannot tell its target (use --target; built: %s)" % (path, " ".join(known_targets)))
                continue
            with open(path, "rb") as fh:
                data = fh.read()
            hang = "/hangs/" in path or os.path.basename(path).startswith("timeout-")
            if do_min:
                data = minimize(tgt, path, data, hang)
            f, sig, _ = replay(tgt, data)
            if f is None and sig is None:
                # the minimized input no longer fails: take the original
                with open(path, "rb") as fh:
                    data = fh.read()
                f, sig, _ = replay(tgt, data)
            if f is None and sig is None:
                if hang:
                    sig = "hang"
                else:
                    log("%s: does not reproduce on the libFuzzer build: skipped" % path)
                    continue
        if f is not None and not path.endswith(".finding"):
            try:  # what the target printed, read as a .finding is
                check_finding(f)
            except Malformed as e:
                log("%s: the target's FUZZ-FINDING line is not a finding (%s)" % (path, e))
                return 2
        if f is not None:
            key = (tgt, f.get("adapter", "reference"), f["op"], f.get("kind") or f.get("class"),
                   f.get("component") or "")
        else:
            key = (tgt, "reference" if tgt == "reference" else tgt[5:], "crash", sig, "")
        size = len(data) if data is not None else len(f.get("input_hex", f.get("input", "")))
        if key not in groups or size < groups[key][0]:
            groups[key] = (size, f, data, path)

    for key, (size, f, data, path) in sorted(groups.items()):
        tgt, adapter, op, kind, comp = key
        if f is not None:
            fop = f["op"]
            inp = finding_octets(f, "input")
            base = finding_octets(f, "base")
            ref = finding_octets(f, "ref")
            if ref is not None and fop.startswith("resolve"):
                base, inp = inp, ref  # reference.c prints base as input, reference as ref
        else:
            if tgt == "reference":
                fop, base, inp = decode_reference_input(data)
            else:
                d0 = (data[0] & 0x0F) % 10 if data else 0
                fop = "resolve" if d0 in (3, 4) else "normalize" if d0 == 1 else "parse"
                rest = data[1:] if data else b""
                if fop == "resolve" and b"\n" in rest:
                    i = rest.index(b"\n")
                    base, inp = rest[:i], rest[i + 1:]
                else:
                    fop, base, inp = ("parse" if fop == "resolve" else fop), None, rest
        h = hashlib.sha1((base or b"") + b"\n" + inp).hexdigest()[:8]
        vid = "fuzz.%s.%s.%s%s.%s" % (slug(adapter), slug(fop), slug(kind), ("." + slug(comp)) if comp else "", h)
        why = "%s, %s %s%s" % (tgt, fop, kind, (" of " + comp) if comp else "")
        if f is None:
            why += " (%s)" % os.path.basename(path)
        pending, t, gop = make_vector(vid, fop, base, inp, f, why)
        if emit(adapter, pending, gop, t):
            log("new %s vector %s" % ("pending" if pending else "regression", vid))

    # 2. the known-divergence lists' vectors
    if known_mode:
        for adapter, e in known_examples():
            ex = e["example"]
            op = e.get("op", "parse")
            inp = example_octets(ex, "input")
            base = example_octets(ex, "base")
            f = survey_reading(adapter, op, base, inp)
            why = "diff_%s, known behaviour %s (adapters/%s/behaviours.json): %s" % (
                adapter, e["class"], adapter, e["description"])
            pending, t, gop = make_vector(e["vector"], op, base, inp, f, why)
            if emit(adapter, pending, gop, t):
                log("new %s vector %s" % ("pending" if pending else "regression", e["vector"]))

    print("triage: %d input(s), %d signature(s), %d new vector(s)" % (len(inputs), len(groups), len(new_tests)))
    for rel, vid, inp, base in new_tests:
        print("  %s  %s  %s%s" % (rel, vid, json.dumps(inp, ensure_ascii=True),
                                  "" if base is None else " (base %s)" % json.dumps(base, ensure_ascii=True)))
    if dry or not new_tests:
        if do_base == "always" and not dry:
            for b in update_baselines():
                print("  baseline updated: %s" % b)
        return 1 if new_tests else 0
    for rel, doc in files.items():
        path = os.path.join(ROOT, "vectors", rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        write_atomic(path, json.dumps(doc, indent=1, ensure_ascii=False) + "\n")
    added = update_manifest(sorted(files))
    for a in added:
        print("  vectors/MANIFEST: + %s" % a)
    # the counts table of vectors/README.md is generated (make vectors)
    p = subprocess.run([sys.executable, "-m", "vectors.gen.generate"],
                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, cwd=ROOT)
    if p.returncode != 0:
        log("vectors/gen/generate.py failed: %s" % p.stderr.decode("utf-8", "replace")[-300:])
    else:
        print("  vectors/README.md: counts regenerated (make vectors)")
    if do_base:
        for b in update_baselines():
            print("  baseline updated: %s" % b)
    return 1


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except Malformed as e:  # found before anything is written
        log("not a finding (%s)" % e)
        sys.exit(2)
