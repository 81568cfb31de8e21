"""Running the fuzz builds: replaying an input, minimizing it, surveying
both readings of one input."""
import os
import re
import shutil
import subprocess
import tempfile

from fuzz.triage.finding import findings_in
from fuzz.triage.paths import FUZZ_DIR

AFL_ENV = {"AFL_SKIP_CPUFREQ": "1", "AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES": "1",
           "AFL_NO_AFFINITY": "1", "AFL_QUIET": "1",
           "ASAN_OPTIONS": "abort_on_error=1:symbolize=0:detect_leaks=0",
           "UBSAN_OPTIONS": "halt_on_error=1:abort_on_error=1"}


def run_on(binary, data, args, env, timeout):
    """BINARY ARGS... FILE with DATA in FILE: the CompletedProcess."""
    with tempfile.NamedTemporaryFile(delete=False) as f:
        f.write(data)
        name = f.name
    try:
        return subprocess.run([binary] + args + [name], env=env, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, timeout=timeout)
    finally:
        os.unlink(name)


def crash_signature(err, returncode):
    """A sanitizer's or libFuzzer's report on ERR, as one short line."""
    sig = None
    m = re.search(r"SUMMARY: (\w+Sanitizer): (\S+)(?: .* in (\S+))?", err)
    if m:
        sig = "%s %s %s" % (m.group(1), m.group(2), m.group(3) or "")
    m2 = re.search(r"(\S+:\d+:\d+): runtime error: (.*)", err)
    if m2:
        sig = "UBSan %s %s" % (m2.group(2)[:60], m2.group(1).split("/")[-1])
    if sig is None:
        m3 = re.search(r"ERROR: libFuzzer: (.*)", err)
        sig = "libFuzzer %s" % (m3.group(1) if m3 else "exit %d" % returncode)
    return sig.strip()


def replay(target, data):
    """Run the libFuzzer build on DATA; return (finding dict or None, crash
    signature string or None, stderr text)."""
    binary = os.path.join(FUZZ_DIR, "libfuzzer", target)
    env = dict(os.environ, ASAN_OPTIONS="detect_leaks=0:symbolize=1",
               UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1")
    env.pop("FUZZ_DIFF_SURVEY", None)
    try:
        p = run_on(binary, data, ["-timeout=10", "-rss_limit_mb=4096"], env, 120)
    except subprocess.TimeoutExpired:
        return None, "timeout", ""
    err = p.stderr.decode("utf-8", "replace")
    if p.returncode == 0:
        return None, None, err
    found = findings_in(err)
    # the first unexplained one, else the last explained one
    finding = next((f for f in found if f.get("known") is None), found[-1] if found else None)
    if finding is not None:
        return finding, None, err
    return None, crash_signature(err, p.returncode), err


def minimize(target, path, data, is_hang):
    """DATA (the input at PATH) made smaller by afl-tmin or libFuzzer, or
    DATA itself when neither can."""
    if is_hang:
        return data
    afl = os.path.join(FUZZ_DIR, "afl", target)
    fd, out = tempfile.mkstemp()
    os.close(fd)
    os.unlink(out)
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


def survey_reading(adapter, op, base, inp):
    """The diff target's FUZZ-FINDING for one input (both readings), or None."""
    binary = os.path.join(FUZZ_DIR, "libfuzzer", "diff_" + adapter)
    if not os.access(binary, os.X_OK):
        return None
    data = (b"3" + base + b"\n" + inp) if op == "resolve" else (b"1" + inp) if op == "normalize" else (b"0" + inp)
    p = run_on(binary, data, [], dict(os.environ, FUZZ_DIFF_SURVEY="1", ASAN_OPTIONS="detect_leaks=0"), 60)
    found = findings_in(p.stderr.decode("utf-8", "replace"))
    return found[0] if found else None
