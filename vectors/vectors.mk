# vectors/vectors.mk: the vector suite (included by the top-level Makefile).
#
#   make vectors          regenerate vectors/v1/generated/*.json and vectors/COUNTS.md
#   make test-vectors     schema, IDs, released IDs, MANIFEST, RFC sections; regeneration is byte-identical;
#                         every vector agrees with the independent Python implementation
#   make test-crosscheck  C reference vs the independent regex checker on 100,000 generated strings
#   make import-jsonschema  re-import the JSON-Schema-Test-Suite format tests (reads ../shared)

PYTHON ?= /usr/bin/python3

.PHONY: vectors test-vectors test-crosscheck import-jsonschema vectors-release

vectors:
	$(PYTHON) -m vectors.gen.generate

test-vectors:
	@tests/suite.sh vectors-schema $(PYTHON) -m vectors.gen.check
	@tests/suite.sh vectors-regen $(PYTHON) -m vectors.gen.generate --check
	@tests/suite.sh vectors-selfcheck $(PYTHON) -m vectors.gen.selfcheck

test-crosscheck: all
	@RFC3986_BIN=$(RFC3986) tests/suite.sh crosscheck $(PYTHON) reference/tests/crosscheck.py

import-jsonschema:
	$(PYTHON) -m vectors.gen.import_jsonschema

# Record the current IDs as released (run once when vectors/VERSION is bumped).
vectors-release:
	$(PYTHON) -m vectors.gen.check --release

TEST_SUITES += test-vectors test-crosscheck
