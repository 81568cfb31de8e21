# reference/fast/fast.mk: the generated fast parser (reference/fast/README.md),
# included by the top-level Makefile after reference/grammar/grammar.mk.  Its
# sources are part of LIB_SRC.
#
#   make generate          writes parse_fast.re and parse_fast.c again
#                          (generate.py, then re2c), with the other
#                          generators of the grammar
#   make test-generated    (part of make test) both are byte for byte what
#                          the generators write
# Every parse vector through rfc3986_parse_fast is a suite of its adapter's
# folder (ADAPTER_MUST_PASS in adapters/*/adapter.mk).
GRAMMAR_GENERATORS += reference/fast/generate.py

# The unit test of the generated parser's internals (reference/tests/test_fast.c)
# reads fast.h.
$(BUILD)/obj/reference/tests/test_fast.o: ALL_CFLAGS += -Ireference/fast
