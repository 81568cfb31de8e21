# fuzz/fuzz.mk: differential fuzzing (included by the top-level Makefile).
#
#   make fuzz TARGET=reference SECONDS=60 [ENGINE=afl|libfuzzer]   run one target
#   make fuzz-seeds            seed corpus from every vector input ($(FUZZ_SEEDS))
#   make fuzz-smoke            every target replays the seeds and fuzz/corpus/TARGET (libFuzzer); fails on a finding
#   make fuzz-corpus TARGET=diff_curl [FROM=DIR]   keep a campaign's new coverage in fuzz/corpus/TARGET
#   make fuzz-parallel TARGET=reference JOBS=N [SECONDS=S]   AFL++: one -M and N-1 -S on one sync dir
#   make fuzz-build            both builds of every target
#   make fuzz-survey TARGET=diff_curl [CORPUS=dir]   print every disagreement, explained or not
#   make test-fuzz-oss-fuzz    fuzz/oss-fuzz/build.sh by hand with the standard variables,
#                              then the smoke on the targets it built (make test's)
#   make test-fuzz-smoke       the smoke on the libFuzzer configuration's targets
#
# Every target is built twice, both with ASan + UBSan:
#   $(BUILD)/fuzz/libfuzzer/NAME   clang -fsanitize=fuzzer
#   $(BUILD)/fuzz/afl/NAME         afl-clang-fast, persistent mode through AFL++'s libFuzzer driver
# and a third time by fuzz/oss-fuzz/build.sh ($(BUILD)/fuzz/oss-fuzz/NAME).
# The oracle's sources and the glues are compiled into each target (so they
# are instrumented), once per configuration; the third-party libraries are
# the system's.

FUZZ_DIR      := $(BUILD)/fuzz
FUZZ_CLANG    ?= clang
FUZZ_CLANGXX  ?= clang++
FUZZ_AFL_CC   ?= afl-clang-fast
FUZZ_AFL_CXX  ?= afl-clang-fast++
FUZZ_SANFLAGS := -O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all
FUZZ_CPPFLAGS := -D_POSIX_C_SOURCE=200809L -I. -Ireference/include -Iadapters/common -Ifuzz/targets
FUZZ_CFLAGS   := $(WARN) $(FUZZ_CPPFLAGS)
FUZZ_CXXFLAGS := $(ADAPTER_CXXWARN) $(FUZZ_CPPFLAGS)
FUZZ_SEEDS    := $(FUZZ_DIR)/seeds
FUZZ_DICT     := fuzz/uri.dict
SECONDS       ?= 60
TARGET        ?= reference
JOBS          ?= 2
ENGINE        ?= $(if $(shell command -v afl-fuzz 2>/dev/null),afl,libfuzzer)

# The targets: the oracle's invariants, and one diff target per built glue
# (adapters/adapters.mk's table, GLUE_FUZZ_NAMES: every glue whose
# adapter.mk does not say ADAPTER_FUZZ := none).  Nothing here names an
# adapter: a new glue gets its diff target by being built.
FUZZ_DIFF_ADAPTERS := $(GLUE_FUZZ_NAMES)
FUZZ_TARGETS  := reference $(FUZZ_DIFF_ADAPTERS:%=diff_%)
FUZZ_LF_BINS  := $(FUZZ_TARGETS:%=$(FUZZ_DIR)/libfuzzer/%)
FUZZ_AFL_BINS := $(FUZZ_TARGETS:%=$(FUZZ_DIR)/afl/%)
FUZZ_HEADERS  := $(wildcard reference/include/*.h reference/src/*.h reference/fast/*.h \
                   adapters/common/*.h fuzz/targets/*.h)

# known-behaviour tables, printed by the harness's reader of behaviours
# files (uritest behaviours --c-table, adapters/BEHAVIOURS.md) from the
# adapter's file (adapters/NAME/behaviours.json, or
# adapters/*/behaviours-NAME.json for a folder's second adapter); none, an
# empty table: every disagreement is a finding.  Examples named by vector
# id are read from vectors/v1.
fuzz_behaviours = $(firstword $(wildcard adapters/$(1)/behaviours.json adapters/*/behaviours-$(1).json))
define FUZZ_KNOWN_template
$(FUZZ_DIR)/known_$(1).c: $(call fuzz_behaviours,$(1)) $(UT_BIN) $(wildcard vectors/v1/*/*.json)
	@mkdir -p $$(dir $$@)
	URITEST_ROOT=$(CURDIR) $(UT_BIN) behaviours --c-table $(1) > $$@.tmp && mv $$@.tmp $$@
endef
$(foreach a,$(FUZZ_DIFF_ADAPTERS),$(eval $(call FUZZ_KNOWN_template,$(a))))

# ---- build configurations ------------------------------------------------
# Each configuration compiles every source once into $(FUZZ_DIR)/obj/CONFIG/
# (the oracle, ~60,000 lines with the generated fast parser, once into
# librfc3986.a; the diff target's shared objects once) and links its
# targets into $(FUZZ_DIR)/CONFIG/, always with the C++ driver (libFuzzer
# is C++, and so are some glues):
#   libfuzzer   clang, ASan + UBSan, -fsanitize=fuzzer
#   afl         afl-clang-fast, ASan + UBSan, persistent mode through
#               AFL++'s libFuzzer driver
#   oss-fuzz    the OSS-Fuzz standard variables, passed by
#               fuzz/oss-fuzz/build.sh as FUZZ_OSS_CC, FUZZ_OSS_CXX,
#               FUZZ_OSS_CFLAGS, FUZZ_OSS_CXXFLAGS, FUZZ_OSS_ENGINE
#               ($CC $CXX $CFLAGS $CXXFLAGS $LIB_FUZZING_ENGINE)
FUZZ_CC_libfuzzer      := $(FUZZ_CLANG)
FUZZ_CXX_libfuzzer     := $(FUZZ_CLANGXX)
FUZZ_COMPILE_libfuzzer := $(FUZZ_SANFLAGS) -fsanitize=fuzzer-no-link
FUZZ_LINK_libfuzzer    := $(FUZZ_SANFLAGS) -fsanitize=fuzzer
# AFL_DONT_OPTIMIZE: the sanitizer flags' -O1, not afl-cc's -O3
# -funroll-loops (which took more than 15 minutes on the generated parser).
FUZZ_CC_afl            := AFL_QUIET=1 AFL_DONT_OPTIMIZE=1 $(FUZZ_AFL_CC)
FUZZ_CXX_afl           := AFL_QUIET=1 AFL_DONT_OPTIMIZE=1 $(FUZZ_AFL_CXX)
FUZZ_COMPILE_afl       := $(FUZZ_SANFLAGS)
FUZZ_LINK_afl          := $(FUZZ_SANFLAGS) -fsanitize=fuzzer
FUZZ_CC_oss-fuzz       = $(FUZZ_OSS_CC)
FUZZ_CXX_oss-fuzz      = $(FUZZ_OSS_CXX)
FUZZ_COMPILE_oss-fuzz  = $(FUZZ_OSS_CFLAGS)
FUZZ_COMPILEXX_oss-fuzz = $(FUZZ_OSS_CXXFLAGS)
FUZZ_LINK_oss-fuzz     = $(FUZZ_OSS_CXXFLAGS) $(FUZZ_OSS_ENGINE)
FUZZ_CONFIGS := libfuzzer afl oss-fuzz

# What every diff target links beside its glue and its known table: the
# target, the protocol's reading helpers, the conditions, the protocol's
# codec (it writes the FUZZ-FINDING lines), the result classes (their
# kinds) and the reference's glue.
FUZZ_DIFF_COMMON := fuzz/targets/diff.c adapters/common/reading.c $(BEHAVIOUR_SRC) \
                    adapters/common/codec.c adapters/common/classes.c adapters/reference/glue.c

# $(1) configuration
define FUZZ_CONFIG_template
$(FUZZ_DIR)/obj/$(1)/%.c.o: %.c $(FUZZ_HEADERS)
	@mkdir -p $$(dir $$@)
	$$(FUZZ_CC_$(1)) $$(FUZZ_CFLAGS) $$(FUZZ_GLUE_FLAGS) $$(FUZZ_COMPILE_$(1)) -c -o $$@ $$<
$(FUZZ_DIR)/obj/$(1)/%.cpp.o: %.cpp $(FUZZ_HEADERS)
	@mkdir -p $$(dir $$@)
	$$(FUZZ_CXX_$(1)) $$(FUZZ_CXXFLAGS) $$(FUZZ_GLUE_FLAGS) $$(or $$(FUZZ_COMPILEXX_$(1)),$$(FUZZ_COMPILE_$(1))) -c -o $$@ $$<
$(FUZZ_DIR)/obj/$(1)/librfc3986.a: $(LIB_SRC:%=$(FUZZ_DIR)/obj/$(1)/%.o)
	rm -f $$@ && $$(AR) rcs $$@ $$^
$(FUZZ_DIR)/$(1)/reference: $(FUZZ_DIR)/obj/$(1)/fuzz/targets/reference.c.o \
    $(FUZZ_DIR)/obj/$(1)/adapters/common/codec.c.o $(FUZZ_DIR)/obj/$(1)/librfc3986.a
	@mkdir -p $$(dir $$@)
	$$(FUZZ_CXX_$(1)) -o $$@ $$^ $$(FUZZ_LINK_$(1))
$(FUZZ_DIR)/$(1)/trivial: $(FUZZ_DIR)/obj/$(1)/fuzz/bench/trivial.c.o
	@mkdir -p $$(dir $$@)
	$$(FUZZ_CXX_$(1)) -o $$@ $$^ $$(FUZZ_LINK_$(1))
$(foreach a,$(FUZZ_DIFF_ADAPTERS),$(eval $(call FUZZ_DIFF_template,$(1),$(a))))
endef

# $(1) configuration, $(2) adapter: its glue (compiled with the adapter's
# flags; glib and glib-relaxed share one), its known table, the common part.
define FUZZ_DIFF_template
$(FUZZ_DIR)/obj/$(1)/$(ADAPTER_GLUE_SRC_$(2)).o: FUZZ_GLUE_FLAGS := $(ADAPTER_CFLAGS_$(2))
$(FUZZ_DIR)/$(1)/diff_$(2): $(FUZZ_DIFF_COMMON:%=$(FUZZ_DIR)/obj/$(1)/%.o) \
    $(FUZZ_DIR)/obj/$(1)/$(FUZZ_DIR)/known_$(2).c.o $(FUZZ_DIR)/obj/$(1)/$(ADAPTER_GLUE_SRC_$(2)).o \
    $(FUZZ_DIR)/obj/$(1)/librfc3986.a
	@mkdir -p $$(dir $$@)
	$$(FUZZ_CXX_$(1)) -o $$@ $$^ $$(FUZZ_LINK_$(1)) $(ADAPTER_LIBS_$(2))
endef
$(foreach c,$(FUZZ_CONFIGS),$(eval $(call FUZZ_CONFIG_template,$(c))))

.PHONY: fuzz fuzz-build fuzz-seeds fuzz-smoke fuzz-parallel fuzz-survey test-fuzz-smoke \
        fuzz-list test-fuzz-oss-fuzz

# The targets' names, one line: fuzz/oss-fuzz/build.sh builds each as
# $(FUZZ_DIR)/oss-fuzz/NAME, with the seeds (no deps: the image has what
# it has).
fuzz-list:
	@echo $(FUZZ_TARGETS)

# fuzz/oss-fuzz/build.sh by hand, with the standard variables (clang,
# libFuzzer, ASan + UBSan) and a fresh $$OUT: every target is in $$OUT with
# its dictionary, options and seeds, nothing else, and each one runs.
# $$WORK is kept in $(FUZZ_DIR)/oss-fuzz-work, so a second run is
# incremental.
# Then, as a suite of its own, the smoke (below) on the targets build.sh
# built: make test compiles the targets with clang once, not twice (the
# oss-fuzz configuration's flags are the libfuzzer one's).
TEST_SUITES += test-fuzz-oss-fuzz
FUZZ_OSS_BINS := $(FUZZ_DIR)/oss-fuzz-work/uritest-build/fuzz/oss-fuzz
test-fuzz-oss-fuzz: fuzz-seeds
	@tests/suite.sh fuzz-oss-fuzz env FUZZ_DIR=$(FUZZ_DIR) fuzz/oss-fuzz/test.sh $(FUZZ_TARGETS); s=$$?; \
	  tests/suite.sh fuzz-smoke env FUZZ_DIR=$(FUZZ_DIR) FUZZ_BINS=$(FUZZ_OSS_BINS) PYTHON=$(PYTHON) \
	    fuzz/smoke.sh $(FUZZ_TARGETS) || s=1; exit $$s

fuzz-build: deps $(FUZZ_LF_BINS) $(if $(shell command -v $(FUZZ_AFL_CC) 2>/dev/null),$(FUZZ_AFL_BINS))

$(FUZZ_SEEDS)/.done: $(shell find vectors/v1 -name '*.json' 2>/dev/null) fuzz/seeds.py
	@rm -rf $(FUZZ_SEEDS) && mkdir -p $(FUZZ_SEEDS)
	$(PYTHON) fuzz/seeds.py $(FUZZ_SEEDS)
	@touch $@
fuzz-seeds: $(FUZZ_SEEDS)/.done

# Run one target.  ENGINE=afl: afl-fuzz on $(FUZZ_DIR)/afl-out/TARGET (resumed
# when it exists), starting from the seeds minimized for the target;
# ENGINE=libfuzzer: the corpus $(FUZZ_DIR)/corpus/TARGET, crashes in
# $(FUZZ_DIR)/crashes/TARGET.  Then `uritest triage` on the findings.
fuzz: deps fuzz-seeds
	@$(MAKE) --no-print-directory $(FUZZ_DIR)/libfuzzer/$(TARGET) $(if $(filter afl,$(ENGINE)),$(FUZZ_DIR)/afl/$(TARGET))
	@FUZZ_DIR=$(FUZZ_DIR) fuzz/run.sh $(ENGINE) $(TARGET) $(SECONDS)

# AFL++ parallel mode: one main (-M) and JOBS-1 secondaries (-S) on one
# sync directory, each for SECONDS; fuzz/README.md spreads it over machines.
fuzz-parallel: deps fuzz-seeds
	@$(MAKE) --no-print-directory $(FUZZ_DIR)/libfuzzer/$(TARGET) $(FUZZ_DIR)/afl/$(TARGET)
	@FUZZ_DIR=$(FUZZ_DIR) fuzz/run.sh parallel $(TARGET) $(SECONDS) $(JOBS)

fuzz-survey: deps fuzz-seeds $(FUZZ_DIR)/libfuzzer/$(TARGET)
	@FUZZ_DIFF_SURVEY=1 $(FUZZ_DIR)/libfuzzer/$(TARGET) -runs=0 $(or $(CORPUS),$(FUZZ_SEEDS)) 2>&1 | grep '^FUZZ-FINDING' | $(PYTHON) fuzz/survey.py

# Every target replays the seeds and its committed corpus, fuzz/corpus/TARGET/
# (fuzz/smoke.sh: -runs=0, no exploration): the same inputs on every
# machine, so the smoke cannot fail by chance.  Exploration is a campaign's
# (make fuzz, ClusterFuzzLite batch runs); make fuzz-corpus keeps what a
# campaign found that adds coverage.
fuzz-smoke: deps fuzz-seeds $(FUZZ_LF_BINS)
	@FUZZ_DIR=$(FUZZ_DIR) PYTHON=$(PYTHON) fuzz/smoke.sh $(FUZZ_TARGETS)

# make fuzz-corpus TARGET=diff_curl [FROM="DIR..."] [RUNS=N SEED=S]: the
# inputs of a campaign's corpus (FROM; default: an exploration of RUNS
# inputs from SEED) that add coverage, into fuzz/corpus/TARGET/ to commit.
fuzz-corpus: deps fuzz-seeds $(FUZZ_DIR)/libfuzzer/$(TARGET)
	@FUZZ_DIR=$(FUZZ_DIR) RUNS=$(RUNS) SEED=$(SEED) fuzz/corpus.sh $(TARGET) $(FROM)
RUNS ?= 40000
SEED ?= 1
.PHONY: fuzz-corpus

test-fuzz-smoke: fuzz-seeds $(FUZZ_LF_BINS)
	@tests/suite.sh fuzz-smoke env FUZZ_DIR=$(FUZZ_DIR) PYTHON=$(PYTHON) fuzz/smoke.sh $(FUZZ_TARGETS)
