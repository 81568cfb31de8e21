# reference/grammar/grammar.mk: what comes from the grammar files
# (rfc3986.abnf, rfc3987.abnf), included by the top-level Makefile.
#
#   make generate         re-run every generator of reference/grammar
#   make test-generated   (part of make test) the committed output of every
#                         generator is what it generates now
#   make test-grammar     (part of make test) the ABNF quoted above every
#                         rule_ function of reference/src is the grammar's

GRAMMAR_GENERATORS := reference/grammar/gen_rules.py reference/grammar/gen_regex.py \
  reference/grammar/gen_fuzz.py

.PHONY: generate test-generated test-grammar
generate:
	@for g in $(GRAMMAR_GENERATORS); do $(PYTHON) $$g || exit 1; done

TEST_SUITES += test-generated test-grammar
test-generated:
	@tests/suite.sh generated sh -c 'n=0; f=0; for g in $(GRAMMAR_GENERATORS); do \
	  n=$$((n+1)); if $(PYTHON) $$g --check; then echo "ok $$n - $$g: committed output is current"; \
	  else f=1; echo "not ok $$n - $$g: committed output differs (make generate)"; fi; done; echo "1..$$n"; exit $$f'
test-grammar:
	@tests/suite.sh grammar $(PYTHON) reference/grammar/check_quotes.py
