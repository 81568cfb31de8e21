# reports/reports.mk: rule coverage (and, later, the coverage and matrix
# reports).  Included by the top-level Makefile.

# rulecov: the rule-coverage counter over the instrumented oracle
# (COVER_OBJ, from the top-level Makefile).
RULECOV   := $(COVER_DIR)/rulecov
$(RULECOV): reports/rule-coverage/rulecov.c $(COVER_OBJ)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -o $@ $^

.PHONY: rule-coverage test-rule-coverage
rule-coverage: deps $(RULECOV)
	$(PYTHON) reports/rule-coverage/rule_coverage.py $(RULECOV) vectors/v1 reports/out/rule-coverage.json

TEST_SUITES += test-rule-coverage
test-rule-coverage: $(RULECOV)
	@tests/suite.sh rule-coverage $(PYTHON) reports/rule-coverage/rule_coverage.py $(RULECOV) vectors/v1 $(BUILD)/rule-coverage.json
