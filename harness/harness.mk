# harness/harness.mk: the uritest command, included by the top-level Makefile.
#
#   build/bin/uritest    harness/src/*/*.c + results/ + $(LIBA) + jansson + libidn2
#   make test-harness-asan  the Bats tests of harness/tests/, uritest under
#                           ASan + UBSan (leaks too), but big.bats's 100 MB files
#   make test-harness       the tests named "measured: ..." (size, time and
#                           memory figures, which ASan changes) on the main build
#
# harness/src is grouped by job, one folder each (harness/README.md); a
# source includes a header of any of them, of the results library and of
# adapters/common by its name alone: the folders are on the include path.

UT_DIRS := $(sort $(patsubst %/,%,$(dir $(wildcard harness/src/*/*.c harness/src/*/*.h))))
UT_SRC  := $(wildcard $(UT_DIRS:%=%/*.c))
# the behaviours' conditions and the reference's reading, as the fuzz
# targets evaluate them (adapters/common/conditions.c), and the protocol's
# codec, as the adapters speak it (adapters/common/codec*.c), and the
# result classes' table (adapters/common/classes.c)
UT_SHARED_SRC := $(BEHAVIOUR_SRC) adapters/common/reading.c adapters/reference/glue.c \
                 adapters/common/codec.c adapters/common/codec_json.c adapters/common/classes.c
UT_OBJ  := $(UT_SRC:%.c=$(BUILD)/obj/%.o) $(UT_SHARED_SRC:%.c=$(BUILD)/obj/%.o)
UT_HDR  := $(wildcard $(UT_DIRS:%=%/*.h)) $(RESULTS_HDR)
UT_INCLUDES := $(UT_DIRS:%=-I%) $(RESULTS_CFLAGS)
UT_BIN  := $(BUILD)/bin/uritest
UT_JANSSON_CFLAGS := $(shell pkg-config --cflags jansson 2>/dev/null)
UT_JANSSON_LIBS   := $(shell pkg-config --libs jansson 2>/dev/null || echo -ljansson)

ALL_TARGETS += $(UT_BIN)
TEST_SUITES += test-harness test-harness-asan-1 test-harness-asan-2

$(UT_OBJ): ALL_CFLAGS += $(UT_INCLUDES) $(UT_JANSSON_CFLAGS) -pthread -DURITEST_VERSION='"$(VERSION)"'
$(UT_OBJ): $(UT_HDR) adapters/common/classes.h adapters/common/conditions.h adapters/common/predict.h adapters/common/glue.h adapters/common/codec.h adapters/common/codec_json.h VERSION
# uritest triage runs fuzz/triage/ (python3 -m fuzz.triage) with the build's $(PYTHON)
$(BUILD)/obj/harness/src/fuzz/triage.o $(BUILD)/obj/harness/src/cli/site.o: ALL_CFLAGS += -DURITEST_PYTHON='"$(PYTHON)"'

$(UT_BIN): $(UT_OBJ) $(RESULTS_OBJ) $(LIBA)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -pthread -o $@ $(UT_OBJ) $(RESULTS_OBJ) $(LIBA) $(LDFLAGS) $(UT_JANSSON_LIBS) $(RESULTS_LIBS)

.PHONY: test-harness test-harness-asan test-harness-asan-1 test-harness-asan-2 uritest
uritest: $(UT_BIN)

# The tests run once, under ASan + UBSan, where a figure they measure
# (peak memory, CPU time) is not checked: the main build's pass checks those,
# the tests named "measured: ...".  big.bats's 100 MB files are left out
# under ASan (URITEST_SKIP_BIG): every code path they take, smaller files
# take there.
test-harness: all
	@UTBIN=$(UT_BIN) tests/suite.sh harness bats --tap --filter '^measured: ' harness/tests

# In two halves, every other file each, which make test runs side by side:
# the longest suite, it would otherwise end the run alone on one core.
HARNESS_BATS   := $(sort $(wildcard harness/tests/*.bats))
HARNESS_BATS_1 := $(foreach i,$(shell seq 1 2 $(words $(HARNESS_BATS))),$(word $(i),$(HARNESS_BATS)))
HARNESS_BATS_2 := $(filter-out $(HARNESS_BATS_1),$(HARNESS_BATS))
test-harness-asan: test-harness-asan-1 test-harness-asan-2
test-harness-asan-1 test-harness-asan-2: all
	@$(ASAN_MAKE) $(BUILD)/asan/bin/uritest
	@ASAN_OPTIONS=detect_leaks=1 UTBIN=$(BUILD)/asan/bin/uritest URITEST_SKIP_BIG=1 \
	  tests/suite.sh harness-asan-$(@:test-harness-asan-%=%) bats --tap $(HARNESS_BATS_$(@:test-harness-asan-%=%))

# uritest fetch with real clients (curl, Python urllib); skipped, said,
# without root or unshare
TEST_SUITES += test-fetch
.PHONY: test-fetch
test-fetch: all
	@UTBIN=$(UT_BIN) tests/suite.sh fetch bats --tap harness/tests/fetch-clients

# uritest fetch's throughput (harness/bench-fetch.sh; part of make bench)
.PHONY: bench-fetch
bench-fetch: all
	@UT=$(UT_BIN) harness/bench-fetch.sh
