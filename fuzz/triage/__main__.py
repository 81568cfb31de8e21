"""python3 -m fuzz.triage: the `uritest triage` command (fuzz/triage/cli.py)."""
import sys

from fuzz.triage.cli import run

sys.exit(run(sys.argv[1:]))
