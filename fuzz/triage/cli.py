"""The command line of `uritest triage` (fuzz/triage/__init__.py says what
it does), in steps: read the findings, group them by signature, write one
vector per signature, then MANIFEST, counts and baselines."""
import argparse
import glob
import json
import os

from fuzz.triage import baselines
from fuzz.triage.collect import collect, is_hang, target_of, targets_known
from fuzz.triage.engines import minimize, replay, survey_reading
from fuzz.triage.finding import Malformed, check_finding, read_capped, read_finding, regression_path
from fuzz.triage.paths import ROOT, log, write_atomic
from fuzz.triage.vectors import add_test, all_ids, load_vfile, make_vector, operands, vector_id


def parser():
    p = argparse.ArgumentParser(
        prog="uritest triage", allow_abbrev=False,
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description="Fuzzer findings (AFL++ crashes and hangs, libFuzzer artifacts, *.finding\n"
                    "files) as regression vectors in vectors/v1/regressions/, one per signature.",
        epilog="Exit: 0 nothing new, 1 new vectors written (findings), 2 usage error.\n"
               "example: uritest triage --dry-run fuzz/afl-out")
    p.add_argument("paths", nargs="*", metavar="DIR|FILE", help="findings, or folders holding them (required unless --known or --update-baselines)")
    p.add_argument("--target", metavar="NAME", help="the fuzz target of every input (default: from its folder)")
    p.add_argument("--no-minimize", dest="minimize", action="store_false",
                   help="keep the inputs as found (default: minimize)")
    p.add_argument("--no-baselines", dest="baselines", action="store_false",
                   help="leave the adapters' baselines alone (default: update them)")
    p.add_argument("--dry-run", action="store_true", help="say what would be written, write nothing (default: write)")
    p.add_argument("--known", action="store_true",
                   help="also the vectors of adapters/*/behaviours.json examples given inline (default: no)")
    p.add_argument("--update-baselines", action="store_true",
                   help="update the baselines even when no vector is new (default: only with new vectors)")
    return p


class Refused(Exception):
    """A finding file or a target's finding line that cannot be read: exit 2
    with this message, nothing written."""


class Output:
    """The vector files being written and the tests added to them."""

    def __init__(self):
        self.ids = all_ids()
        self.files = {}      # relpath -> doc
        self.new_tests = []  # (relpath, id, input, base)

    def emit(self, adapter, pending, gop, t):
        regression_path(adapter, pending)  # confined, or Malformed
        rel = "v1/regressions/%s%s.json" % ("pending/" if pending else "", adapter)
        if rel not in self.files:
            self.files[rel] = load_vfile(os.path.join(ROOT, "vectors", rel), adapter, pending)
        if t["id"] in self.ids or not add_test(self.files[rel], gop, t):
            return False
        self.ids.add(t["id"])
        self.new_tests.append((rel, t["id"], t.get("input", t.get("input_hex")), t.get("base")))
        log("new %s vector %s" % ("pending" if pending else "regression", t["id"]))
        return True


def shown(s, most=200):
    """S as JSON (ASCII, one line), cut after MOST characters."""
    j = json.dumps(s, ensure_ascii=True)
    return j if len(j) <= most else j[:most] + "...(%d characters)" % len(j)


def reproduce(path, target, do_min):
    """(finding, crash signature, input) of the engine's input at PATH, or
    None when it does not reproduce."""
    try:
        original = read_capped(path)
    except Malformed as e:
        raise Refused("%s: not an input (%s)" % (path, e))
    hang = is_hang(path)
    data = minimize(target, path, original, hang) if do_min else original
    f, sig, _ = replay(target, data)
    if f is None and sig is None:
        data = original  # the minimized input no longer fails: take the original
        f, sig, _ = replay(target, data)
    if f is None and sig is None:
        if not hang:
            log("%s: does not reproduce on the libFuzzer build: skipped" % path)
            return None
        sig = "hang"
    if f is not None:
        try:  # what the target printed, read as a .finding is
            check_finding(f)
        except Malformed as e:
            raise Refused("%s: the target's FUZZ-FINDING line is not a finding (%s)" % (path, e))
    return f, sig, data


def signatures(inputs, forced, do_min):
    """{signature: (size, finding, data, path)}, the shortest input of each."""
    known_targets = targets_known()
    groups = {}
    for path in inputs:
        if path.endswith(".finding"):
            try:
                f = read_finding(path)
            except Malformed as e:
                raise Refused("%s: not a finding (%s)" % (path, e))
            tgt, sig, data = f.get("target", "reference"), None, None
        else:
            tgt = target_of(path, forced, known_targets)
            if tgt is None or tgt not in known_targets:
                log("%s: cannot tell its target (use --target; built: %s)" % (path, " ".join(known_targets)))
                continue
            got = reproduce(path, tgt, do_min)
            if got is None:
                continue
            f, sig, data = got
        if f is not None:
            key = (tgt, f.get("adapter", "reference"), f["op"], f.get("kind") or f.get("class"),
                   f.get("component") or "")
        else:
            key = (tgt, "reference" if tgt == "reference" else tgt[5:], "crash", sig, "")
        size = len(data) if data is not None else len(f.get("input_hex", f.get("input", "")))
        if key not in groups or size < groups[key][0]:
            groups[key] = (size, f, data, path)
    return groups


def finding_vectors(out, groups):
    for key, (_, f, data, path) in sorted(groups.items()):
        tgt, adapter, _, kind, comp = key
        fop, base, inp = operands(tgt, f, data)
        why = "%s, %s %s%s" % (tgt, fop, kind, (" of " + comp) if comp else "")
        if f is None:
            why += " (%s)" % os.path.basename(path)
        pending, t, gop = make_vector(vector_id(adapter, fop, kind, comp, base, inp), fop, base, inp, f, why)
        out.emit(adapter, pending, gop, t)


def known_examples():
    """(adapter, entry) for every behaviour of adapters/*/behaviours.json
    that names the vector its inline example should become ("vector")."""
    for p in sorted(glob.glob(os.path.join(ROOT, "adapters", "*", "behaviours.json"))):
        with open(p, encoding="utf-8") as f:
            doc = json.load(f)
        for b in doc["behaviours"]:
            if isinstance(b.get("example"), dict) and b.get("vector"):
                yield doc["adapter"], dict(b, **{"class": b["id"]})


def example_octets(ex, key):
    if key + "_hex" in ex:
        return bytes.fromhex(ex[key + "_hex"])
    return ex[key].encode("utf-8") if key in ex else None


def known_vectors(out):
    for adapter, e in known_examples():
        ex = e["example"]
        op = e.get("op", "parse")
        inp = example_octets(ex, "input")
        base = example_octets(ex, "base")
        f = survey_reading(adapter, op, base, inp)
        why = "diff_%s, known behaviour %s (adapters/%s/behaviours.json): %s" % (
            adapter, e["class"], adapter, e["description"])
        pending, t, gop = make_vector(e["vector"], op, base, inp, f, why)
        out.emit(adapter, pending, gop, t)


def write_out(out, do_base):
    """The vector files, MANIFEST, the counts and (DO_BASE) the baselines."""
    for rel, doc in out.files.items():
        path = os.path.join(ROOT, "vectors", rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        write_atomic(path, json.dumps(doc, indent=1, ensure_ascii=False) + "\n")
    for a in baselines.update_manifest(sorted(out.files)):
        print("  vectors/MANIFEST: + %s" % a)
    if baselines.regenerate_counts():
        print("  vectors/COUNTS.md: regenerated (make vectors)")
    if do_base:
        for b in baselines.update_baselines():
            print("  baseline updated: %s" % b)


def main(argv):
    p = parser()
    args = p.parse_args(argv)
    do_base = "always" if args.update_baselines else args.baselines
    if not args.paths and not args.known and do_base != "always":
        p.error("give DIR|FILE (findings), --known or --update-baselines")
    for path in args.paths:
        if not os.path.exists(path):
            log("%s: no such file or folder" % path)
            return 2
    out = Output()
    inputs = collect(args.paths)
    groups = signatures(inputs, args.target, args.minimize)
    finding_vectors(out, groups)
    if args.known:
        known_vectors(out)
    print("triage: %d input(s), %d signature(s), %d new vector(s)" % (len(inputs), len(groups), len(out.new_tests)))
    for rel, vid, inp, base in out.new_tests:
        print("  %s  %s  %s%s" % (rel, vid, shown(inp),
                                  "" if base is None else " (base %s)" % shown(base)))
    if args.dry_run or not out.new_tests:
        if do_base == "always" and not args.dry_run:
            for b in baselines.update_baselines():
                print("  baseline updated: %s" % b)
        return 1 if out.new_tests else 0
    write_out(out, do_base)
    return 1


def run(argv):
    """main, with a malformed finding (found before anything is written) as
    exit 2."""
    try:
        return main(argv)
    except Refused as e:
        log(str(e))
        return 2
    except Malformed as e:
        log("not a finding (%s)" % e)
        return 2
