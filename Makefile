# uritest: the one build entry point.  See README.md and DESIGN.md.
#
#   make            build the library, the rfc3986 and uritest commands, adapters
#   make deps       install what is missing (idempotent)
#   make test       every test suite, ending with "N passed, N failed"
#   make demo       every vector against every available adapter, reports
#   make asan/ubsan sanitizer builds in build/asan, build/ubsan
#   make format     clang-format the C sources; make format-check, make lint

PREFIX  ?= /usr/local
DESTDIR ?=
BUILD   ?= build
PYTHON  ?= /usr/bin/python3
CC      ?= cc
CFLAGS  ?= -O2 -g
WARN    := -std=c11 -Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes
ifeq ($(CI),true)
WARN    += -Werror
endif
# The release version of the tool and the library (VERSION; the vectors have
# their own, vectors/VERSION).
VERSION := $(shell head -n 1 VERSION)
CPPFLAGS += -D_POSIX_C_SOURCE=200809L -Ireference/include
ALL_CFLAGS = $(WARN) $(CPPFLAGS) $(CFLAGS)
SAN_FLAGS := -O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all
# A sub-make of the ASan + UBSan build in $(BUILD)/asan, given its goals.
# Every -asan suite builds what it runs this way; flock lets one such
# sub-make run at a time, since two writing the same objects there at once
# (make -j2 test) would race: the second finds them made.
ASAN_MAKE = mkdir -p $(BUILD)/asan && flock $(BUILD)/asan/.make.lock $(MAKE) --no-print-directory \
  BUILD=$(BUILD)/asan CFLAGS="$(SAN_FLAGS)" LDFLAGS="-fsanitize=address,undefined"

LIB_SRC  := $(wildcard reference/src/*.c reference/fast/*.c)
# The library's objects are compiled once, position-independent, for both
# librfc3986.a and librfc3986.so (the generated parse_fast.c is a third of
# a build's CPU: compiling it twice would cost that twice).
LIB_PIC  := $(LIB_SRC:%.c=$(BUILD)/pic/%.o)
CLI_SRC  := $(wildcard reference/cli/*.c)
CLI_OBJ  := $(CLI_SRC:%.c=$(BUILD)/obj/%.o)
UNIT_SRC := $(wildcard reference/tests/test_*.c)
UNIT_BIN := $(UNIT_SRC:reference/tests/%.c=$(BUILD)/tests/%)
# The library is built at -O3 (CMake's Release builds use it too): its
# literal rule functions are not tuned, and -O3 lets GCC inline more
# of the calls from one rule to the next (reports/BENCH.md).  A CFLAGS
# given on the command line (sanitizer and coverage builds, a packager's)
# replaces it, as it replaces -O2 -g for everything else.
$(LIB_PIC): CFLAGS += -O3
LIBA     := $(BUILD)/lib/librfc3986.a
LIBSO    := $(BUILD)/lib/librfc3986.so
RFC3986  := $(BUILD)/bin/rfc3986

# Filled in by the component fragments below.
ALL_TARGETS := $(LIBA) $(LIBSO) $(RFC3986) $(UNIT_BIN)
TEST_SUITES := test-unit test-unit-asan test-cli

.PHONY: all deps test check demo install uninstall clean asan ubsan unit leakcheck \
        $(TEST_SUITES)
all: default-all

$(BUILD)/obj/%.o: %.c $(wildcard reference/include/*.h reference/src/*.h)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -c -o $@ $<
$(BUILD)/pic/%.o: %.c $(wildcard reference/include/*.h reference/src/*.h)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -fPIC -c -o $@ $<

$(LIBA): $(LIB_PIC)
	@mkdir -p $(dir $@)
	rm -f $@ && $(AR) rcs $@ $^
$(LIBSO): $(LIB_PIC)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -shared -Wl,-soname,librfc3986.so.0 -o $@ $^
$(RFC3986): $(CLI_OBJ) $(LIBA)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^ $(LDFLAGS)

# Unit tests: one binary per reference/tests/test_*.c.  test_alloc proves
# that parsing allocates nothing by wrapping malloc, calloc and realloc.
$(BUILD)/tests/test_alloc: WRAP_LDFLAGS := -Wl,--wrap=malloc -Wl,--wrap=calloc -Wl,--wrap=realloc
$(BUILD)/tests/%: $(BUILD)/obj/reference/tests/%.o $(BUILD)/obj/reference/tests/unit.o $(LIBA)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^ $(LDFLAGS) $(WRAP_LDFLAGS)
$(BUILD)/obj/reference/tests/unit.o: reference/tests/unit.c reference/tests/unit.h
$(BUILD)/obj/reference/tests/test_resolve.o \
  $(BUILD)/obj/reference/tests/test_resolve_parsed.o: reference/tests/resolve_cases.h
UNIT_BIN := $(filter-out $(BUILD)/tests/unit,$(UNIT_BIN))

# work_linear counts the library's work through its observer
# (rfc3986_observer): the library as it ships, no second build.
WORK_LINEAR := $(BUILD)/tests/work_linear

unit: $(UNIT_BIN) $(WORK_LINEAR)

# The behaviour matcher (adapters/BEHAVIOURS.md): its conditions and the
# transforms its predictions name, one list for every program that links
# it (the harness, the conditions' test, the differential fuzz targets).
BEHAVIOUR_SRC := $(sort $(wildcard adapters/common/conditions*.c)) adapters/common/behaviour.c \
                 $(sort $(wildcard adapters/common/predict*.c))

-include reference/grammar/grammar.mk
-include vectors/vectors.mk
-include results/results.mk
-include harness/harness.mk
-include adapters/adapters.mk
-include adapters/bench/bench.mk
-include fuzz/fuzz.mk
-include reports/reports.mk
-include reference/fast/fast.mk

default-all: $(ALL_TARGETS)
.PHONY: default-all

deps:
	@ONLY='$(ONLY)' SUDO='$(SUDO)' scripts/deps.sh

# ---- tests -----------------------------------------------------------
# The suites run TEST_JOBS at a time (default: one more than the cores:
# the harness's suites spend a third of their time waiting on timeouts,
# signals and adapters' start-up), each one's output printed whole when it
# ends (-O); the summary adds up their counts.
# The longest start first (a scheduling hint: a name here that is not a
# suite does nothing; the summary gives each suite's seconds).
TEST_JOBS ?= $(shell echo $$(($$(nproc 2>/dev/null || echo 1) + 1)))
TEST_LONGEST := test-harness-asan-1 test-harness-asan-2 test-adapters test-fuzz-oss-fuzz test-baselines \
  test-adapters-asan test-release test-harness
test check: deps
	@rm -rf $(BUILD)/test-results
	@status=0; $(MAKE) --no-print-directory -k -j$(TEST_JOBS) -O \
	  $(foreach t,$(TEST_LONGEST),$(filter $(t),$(TEST_SUITES))) $(filter-out $(TEST_LONGEST),$(TEST_SUITES)) || status=$$?; \
	  tests/summary.sh $$status

test-unit: all $(WORK_LINEAR)
	@tests/suite.sh unit tests/run-unit.sh $(UNIT_BIN) $(WORK_LINEAR)

# One pass of the unit tests and the CLI tests under ASan + UBSan.
# (fast.bats links the man page's example with the main build's LIBA)
test-unit-asan: $(LIBA)
	@$(ASAN_MAKE) unit $(BUILD)/asan/bin/rfc3986
	@ASAN_OPTIONS=detect_leaks=1 tests/suite.sh unit-asan tests/run-unit.sh $(patsubst $(BUILD)/%,$(BUILD)/asan/%,$(UNIT_BIN))
	@LIBA=$(LIBA) RFC3986=$(BUILD)/asan/bin/rfc3986 tests/suite.sh cli-asan bats --tap reference/tests

test-cli: all
	@LIBA=$(LIBA) RFC3986=$(RFC3986) tests/suite.sh cli bats --tap reference/tests

asan:
	$(ASAN_MAKE) all
ubsan:
	$(MAKE) BUILD=$(BUILD)/ubsan CFLAGS="-O1 -g -fsanitize=undefined -fno-sanitize-recover=all" LDFLAGS="-fsanitize=undefined" all

# The README's shape (scripts/readme-check.py): it links to reports/MATRIX.md
# and holds no table, stays within 16 KB, and keeps its sections' order with
# `make demo` and `make test` as the set-up; reports/MATRIX.md's headline is
# the one `make matrix-headline` made (reports/matrix-headline-copy.py).
TEST_SUITES += test-readme
test-readme:
	@tests/suite.sh readme bats --tap tests/readme.bats

# The committed prose fits in 300 KB: scripts/prose-size.py says what it
# counts and prints the biggest files; tests/prose-size.bats tests it.
TEST_SUITES += test-prose
test-prose:
	@tests/suite.sh prose-check bats --tap tests/prose-size.bats
	@tests/suite.sh prose $(PYTHON) scripts/prose-size.py

# scripts/duplicates-kinds.py's rule (a duplicated pair stays only when
# scripts/duplicates-pairs names its two files), on made-up reports: the
# duplicates tool itself is a developer's, not a build dependency.
TEST_SUITES += test-duplicates-kinds
test-duplicates-kinds:
	@tests/suite.sh duplicates-kinds bats --tap tests/duplicates-kinds.bats

# Quoted includes name their header alone, and harness -> reports ->
# results is the one direction between those folders (scripts/lint.py's
# "includes", also part of make lint).
TEST_SUITES += test-includes
test-includes:
	@tests/suite.sh includes $(PYTHON) scripts/lint.py lint includes

# The result classes' names are spelt only in their table
# (adapters/common/classes.h): no C or JavaScript source outside it.
TEST_SUITES += test-class-names
test-class-names:
	@tests/suite.sh class-names $(PYTHON) scripts/class-names.py

# The commit-msg hook that `make deps` installs (CONTRIBUTING.md).
TEST_SUITES += test-commit-msg
test-commit-msg:
	@tests/suite.sh commit-msg bats --tap tests/commit-msg.bats

# Every vector through every available adapter, against its baseline.
TEST_SUITES += test-baselines
test-baselines: all
	@BUILD=$(BUILD) tests/suite.sh baselines tests/baselines.sh

# Everything under Valgrind memcheck: no error, no leak (the C adapters are
# the glue table's, $(GLUE_NAMES), from the adapters' adapter.mk files).
leakcheck: deps all unit
	@LEAKCHECK_ADAPTERS="$(GLUE_NAMES)" tests/suite.sh leakcheck tests/leakcheck.sh

demo: deps all
	@scripts/demo.sh

# ---- format and lint (scripts/lint.py; DESIGN.md "Build") -------------
# C is linted with the build's include paths and every adapter library's
# flags, so each glue sees its library's headers.
LINT_CFLAGS = -std=c11 $(CPPFLAGS) -I. -Ifuzz/targets -Ireference/fast $(UT_INCLUDES) -Ireports/render -DADAPTER_GLUE=glue_reference \
  -DURITEST_VERSION=\"$(VERSION)\" \
  $(JANSSON_CFLAGS) $(ADAPTER_LINT_CFLAGS)
.PHONY: format format-check lint
format: deps
	@$(PYTHON) scripts/lint.py format
format-check: deps
	@$(PYTHON) scripts/lint.py format-check
# ANALYZER=deep: clang-tidy's static analyzer at its default depth (default:
# shallow, scripts/lint.py says why)
lint: deps
	@BUILD=$(BUILD) LINT_CFLAGS='$(LINT_CFLAGS)' ANALYZER='$(ANALYZER)' $(PYTHON) scripts/lint.py lint

-include scripts/release.mk

clean:
	rm -rf $(BUILD) reports/out
