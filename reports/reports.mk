# reports/reports.mk: rule coverage (and, later, the coverage and matrix
# reports).  Included by the top-level Makefile.

# The oracle built again with its rule functions instrumented.
COVER_DIR := $(BUILD)/rulecov
COVER_OBJ := $(LIB_SRC:%.c=$(COVER_DIR)/%.o)
RULECOV   := $(COVER_DIR)/rulecov

$(COVER_DIR)/%.o: %.c $(wildcard reference/include/*.h reference/src/*.h)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -DRFC3986_RULE_COVERAGE -c -o $@ $<
$(RULECOV): reports/rule-coverage/rulecov.c $(COVER_OBJ)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -o $@ $^

.PHONY: rule-coverage test-rule-coverage
rule-coverage: deps $(RULECOV)
	$(PYTHON) reports/rule-coverage/rule_coverage.py $(RULECOV) vectors/v1 reports/out/rule-coverage.json

TEST_SUITES += test-rule-coverage
test-rule-coverage: $(RULECOV)
	@tests/suite.sh rule-coverage $(PYTHON) reports/rule-coverage/rule_coverage.py $(RULECOV) vectors/v1 $(BUILD)/rule-coverage.json
