# fuzz/fuzz.mk: differential fuzzing (included by the top-level Makefile).
#
#   make fuzz TARGET=reference SECONDS=60 [ENGINE=afl|libfuzzer]   run one target
#   make fuzz-seeds            seed corpus from every vector input ($(FUZZ_SEEDS))
#   make fuzz-smoke            every target for a short fixed time (libFuzzer); fails on a crash
#   make fuzz-parallel TARGET=reference JOBS=N [SECONDS=S]   AFL++: one -M and N-1 -S on one sync dir
#   make fuzz-build            both builds of every target
#   make fuzz-survey TARGET=diff_curl [CORPUS=dir]   print every disagreement, explained or not
#
# Every target is built twice, both with ASan + UBSan:
#   $(BUILD)/fuzz/libfuzzer/NAME   clang -fsanitize=fuzzer
#   $(BUILD)/fuzz/afl/NAME         afl-clang-fast, persistent mode through AFL++'s libFuzzer driver
# The oracle's sources and the glues are compiled into each target (so they
# are instrumented); the third-party libraries are the system's.

FUZZ_DIR      := $(BUILD)/fuzz
FUZZ_CLANG    ?= clang
FUZZ_AFL_CC   ?= afl-clang-fast
FUZZ_SANFLAGS := -O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all
FUZZ_CFLAGS   := $(WARN) \
                 -D_POSIX_C_SOURCE=200809L -I. -Ireference/include -Ifuzz/targets
FUZZ_SEEDS    := $(FUZZ_DIR)/seeds
FUZZ_DICT     := fuzz/uri.dict
SECONDS       ?= 60
TARGET        ?= reference
JOBS          ?= 2
ENGINE        ?= $(if $(shell command -v afl-fuzz 2>/dev/null),afl,libfuzzer)

# The targets: the oracle's invariants, and one diff target per built glue
# whose adapter.mk asks for one (ADAPTER_FUZZ := diff; adapters/adapters.mk).
FUZZ_DIFF_ADAPTERS := $(GLUE_FUZZ_NAMES)
FUZZ_TARGETS  := reference $(FUZZ_DIFF_ADAPTERS:%=diff_%)
FUZZ_LF_BINS  := $(FUZZ_TARGETS:%=$(FUZZ_DIR)/libfuzzer/%)
FUZZ_AFL_BINS := $(FUZZ_TARGETS:%=$(FUZZ_DIR)/afl/%)

FUZZ_LIB_SRC  := $(LIB_SRC)
FUZZ_LIB_DEPS := $(LIB_SRC) $(wildcard reference/include/*.h reference/src/*.h)
FUZZ_GLUE_SRC  = adapters/common/reading.c adapters/common/conditions.c adapters/common/codec.c adapters/reference/glue.c $(ADAPTER_GLUE_SRC_$(1)) $(FUZZ_DIR)/known_$(1).c

# known-behaviour tables, generated from adapters/<adapter>/behaviours.json
# (examples named by vector id are read from vectors/v1)
$(FUZZ_DIR)/known_%.c: adapters/%/behaviours.json fuzz/known2c.py $(wildcard vectors/v1/*/*.json)
	@mkdir -p $(dir $@)
	$(PYTHON) fuzz/known2c.py $* $< $@

# the protocol's codec (adapters/common/codec.c) writes the FUZZ-FINDING lines
FUZZ_CODEC_SRC := adapters/common/codec.c
$(FUZZ_DIR)/libfuzzer/reference: fuzz/targets/reference.c $(FUZZ_CODEC_SRC) adapters/common/codec.h $(FUZZ_LIB_DEPS)
	@mkdir -p $(dir $@)
	$(FUZZ_CLANG) $(FUZZ_CFLAGS) $(FUZZ_SANFLAGS) -fsanitize=fuzzer -o $@ $< $(FUZZ_CODEC_SRC) $(FUZZ_LIB_SRC)
$(FUZZ_DIR)/afl/reference: fuzz/targets/reference.c $(FUZZ_CODEC_SRC) adapters/common/codec.h $(FUZZ_LIB_DEPS)
	@mkdir -p $(dir $@)
	AFL_QUIET=1 $(FUZZ_AFL_CC) $(FUZZ_CFLAGS) $(FUZZ_SANFLAGS) -fsanitize=fuzzer -o $@ $< $(FUZZ_CODEC_SRC) $(FUZZ_LIB_SRC)

# $(1) adapter name
define FUZZ_DIFF_template
$(FUZZ_DIR)/libfuzzer/diff_$(1): fuzz/targets/diff.c fuzz/targets/known.h $(call FUZZ_GLUE_SRC,$(1)) adapters/common/glue.h adapters/common/conditions.h $(FUZZ_LIB_DEPS)
	@mkdir -p $$(dir $$@)
	$$(FUZZ_CLANG) $$(FUZZ_CFLAGS) $$(ADAPTER_CFLAGS_$(1)) $$(FUZZ_SANFLAGS) -fsanitize=fuzzer -o $$@ fuzz/targets/diff.c $(call FUZZ_GLUE_SRC,$(1)) $$(FUZZ_LIB_SRC) $$(ADAPTER_LIBS_$(1))
$(FUZZ_DIR)/afl/diff_$(1): fuzz/targets/diff.c fuzz/targets/known.h $(call FUZZ_GLUE_SRC,$(1)) adapters/common/glue.h adapters/common/conditions.h $(FUZZ_LIB_DEPS)
	@mkdir -p $$(dir $$@)
	AFL_QUIET=1 $$(FUZZ_AFL_CC) $$(FUZZ_CFLAGS) $$(ADAPTER_CFLAGS_$(1)) $$(FUZZ_SANFLAGS) -fsanitize=fuzzer -o $$@ fuzz/targets/diff.c $(call FUZZ_GLUE_SRC,$(1)) $$(FUZZ_LIB_SRC) $$(ADAPTER_LIBS_$(1))
endef
$(foreach a,$(FUZZ_DIFF_ADAPTERS),$(eval $(call FUZZ_DIFF_template,$(a))))

# A trivial persistent-mode target: the engine's own ceiling on this machine.
$(FUZZ_DIR)/afl/trivial: fuzz/bench/trivial.c
	@mkdir -p $(dir $@)
	AFL_QUIET=1 $(FUZZ_AFL_CC) $(FUZZ_CFLAGS) $(FUZZ_SANFLAGS) -fsanitize=fuzzer -o $@ $<
$(FUZZ_DIR)/libfuzzer/trivial: fuzz/bench/trivial.c
	@mkdir -p $(dir $@)
	$(FUZZ_CLANG) $(FUZZ_CFLAGS) $(FUZZ_SANFLAGS) -fsanitize=fuzzer -o $@ $<

.PHONY: fuzz fuzz-build fuzz-seeds fuzz-smoke fuzz-parallel fuzz-survey test-fuzz-smoke

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

# Every target for a short fixed time, libFuzzer build (works where AFL++
# cannot run): the seeds replayed, then fuzzing to FUZZ_SMOKE_SECONDS.
FUZZ_SMOKE_SECONDS ?= 12
fuzz-smoke: deps fuzz-seeds $(FUZZ_LF_BINS)
	@FUZZ_DIR=$(FUZZ_DIR) PYTHON=$(PYTHON) fuzz/smoke.sh $(FUZZ_SMOKE_SECONDS) $(FUZZ_TARGETS)

TEST_SUITES += test-fuzz-smoke
test-fuzz-smoke: fuzz-seeds $(FUZZ_LF_BINS)
	@tests/suite.sh fuzz-smoke env FUZZ_DIR=$(FUZZ_DIR) PYTHON=$(PYTHON) fuzz/smoke.sh $(FUZZ_SMOKE_SECONDS) $(FUZZ_TARGETS)
