"""vectors.gen: the vector generators and the independent checkers they use.

A package of the Python standard library only, run from the repository root
with `python3 -m vectors.gen.MODULE` (generate, check, selfcheck,
import_jsonschema); `fuzz/` and `reference/tests/` import its checkers
(`from vectors.gen import rfc3986_regex`).
"""


class GeneratorError(Exception):
    """A generator's self-check failed: an expectation known by construction
    and the independent checker disagree.  Raised, never asserted, so that
    `python3 -O` cannot skip it."""


def check(condition, *what):
    """Raise GeneratorError with WHAT when CONDITION is false."""
    if not condition:
        raise GeneratorError(repr(what) if what else "self-check failed")
