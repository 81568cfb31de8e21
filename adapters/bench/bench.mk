# adapters/bench/bench.mk: `uritest bench` (build/bin/uritest-bench, which
# `uritest bench` runs) and `make bench`.  Included by the top-level
# Makefile after adapters/adapters.mk: it links every in-process glue built
# there (ADAPTER_INPROCESS_GLUES, plus BENCH_EXTRA_GLUES from the adapter
# matrix).
BENCH_BIN   := $(BUILD)/bin/uritest-bench
BENCH_GLUE_NAMES := $(strip $(ADAPTER_INPROCESS_GLUES) $(BENCH_EXTRA_GLUES))
bench_comma := ,
bench_empty :=
bench_space := $(bench_empty) $(bench_empty)
BENCH_GLUE_LIST  := $(subst $(bench_space),$(bench_comma),$(foreach a,$(BENCH_GLUE_NAMES),&glue_$(subst -,_,$(a))))

$(BUILD)/obj/adapters/bench/uritest-bench.o: adapters/common/glue.h adapters/bench/worst.h
$(BUILD)/obj/adapters/bench/worst.o: adapters/bench/worst.h
$(BUILD)/obj/adapters/bench/uritest-bench.o: CPPFLAGS += '-DBENCH_GLUES=$(BENCH_GLUE_LIST)'
$(BENCH_BIN): $(BUILD)/obj/adapters/bench/uritest-bench.o $(BUILD)/obj/adapters/bench/worst.o $(foreach a,$(BENCH_GLUE_NAMES),$(ADAPTER_GLUE_OBJ_$(a))) $(ADAPTER_READING_OBJ) $(LIBA)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^ $(LDFLAGS) $(foreach a,$(BENCH_GLUE_NAMES),$(ADAPTER_LIBS_$(a)))
ALL_TARGETS += $(BENCH_BIN)

BENCH_CORPORA ?= $(wildcard ../shared/peers/url-datasets/kasztp.txt ../shared/peers/url-datasets/node_files.txt)
.PHONY: bench
bench: deps all
	@echo "== generated corpus (fixed seed)"
	@$(BENCH_BIN)
	@for c in $(BENCH_CORPORA); do echo "== $$c"; $(BENCH_BIN) --corpus $$c; done
	@echo "== worst cases (reference)"
	@$(BENCH_BIN) --worst-cases

# Instructions per URI and per worst-case call under callgrind (the
# noise-free figures of reports/BENCH.md).
.PHONY: bench-instructions
bench-instructions: deps all
	@BUILD=$(BUILD) adapters/bench/instructions.sh $(BENCH_CORPORA)
