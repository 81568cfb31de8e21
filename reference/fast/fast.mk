# reference/fast/fast.mk: the generated fast parser (reference/fast/README.md),
# included by the top-level Makefile after reference/grammar/grammar.mk.  Its
# sources are part of LIB_SRC.
#
#   make generate          writes parse_fast.re and parse_fast.c again
#                          (generate.py, then re2c), with the other
#                          generators of the grammar
#   make test-generated    (part of make test) both are byte for byte what
#                          the generators write
#   make test-vectors-reference-fast   (part of make test) every parse vector
#                          through rfc3986_parse_fast (the reference-fast adapter)
GRAMMAR_GENERATORS += reference/fast/generate.py

.PHONY: test-vectors-reference-fast
TEST_SUITES += test-vectors-reference-fast
# The vectors' parse groups through the generated parser, as through the
# literal one (test-vectors-reference): every result must pass.
test-vectors-reference-fast: all
	@tests/suite.sh vectors-reference-fast $(UT_BIN) run --adapter reference-fast \
	  --op parse --format tap --output $(BUILD)/test-results/vectors-reference-fast.jsonl --no-progress
