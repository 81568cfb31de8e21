"""fuzz/triage: `uritest triage`, fuzzer findings turned into regression
vectors (run as `python3 -m fuzz.triage` from the repository root, which is
what harness/src/fuzz/triage.c does).

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
 5. vectors/MANIFEST gets any new file, vectors/COUNTS.md regenerated (make
    vectors), and every adapter's baseline (adapters/*/baseline*.json) gets
    the entries of the regression vectors, written by `uritest run --vectors
    vectors/v1/regressions --write-baseline` and merged (entries of other
    vectors are kept as they are), so `make test` stays green.

A finding's octets come the protocol's way (adapters/PROTOCOL.md section 5):
an operand as a string (its UTF-8) or KEY_hex, a result as a string or
{"hex": ...}.

Modules: paths (where things are, writing files), finding (what a finding
may say), collect (inputs and their targets), engines (replaying and
minimizing on the fuzz builds), vectors (the vector of a finding),
baselines (MANIFEST, counts, baselines), cli (the command line).

Exit: 0 nothing new, 1 new vectors written (findings), 2 usage error.
"""
