# adapters/bench/bench.mk: `uritest bench` (build/bin/uritest-bench, which
# `uritest bench` runs) and `make bench`.  Included by the top-level
# Makefile after adapters/adapters.mk: it links the glue table, so every
# glue built there ($(GLUE_LINK_OBJS), $(GLUE_LINK_LIBS)).
BENCH_BIN   := $(BUILD)/bin/uritest-bench

$(BUILD)/obj/adapters/bench/uritest-bench.o: adapters/common/glue.h adapters/common/codec.h adapters/bench/worst.h
$(BUILD)/obj/adapters/bench/worst.o: adapters/bench/worst.h
# codec.c: the corpus's name as a JSON string
$(BENCH_BIN): $(BUILD)/obj/adapters/bench/uritest-bench.o $(BUILD)/obj/adapters/bench/worst.o \
    $(BUILD)/obj/adapters/common/codec.o $(GLUE_LINK_OBJS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^ $(LDFLAGS) $(GLUE_LINK_LIBS)
ALL_TARGETS += $(BENCH_BIN)

BENCH_CORPORA ?= $(wildcard ../shared/peers/url-datasets/kasztp.txt ../shared/peers/url-datasets/node_files.txt)
.PHONY: bench
bench: deps all
	@echo "== generated corpus (fixed seed)"
	@$(BENCH_BIN)
	@for c in $(BENCH_CORPORA); do echo "== $$c"; $(BENCH_BIN) --corpus $$c; done
	@echo "== worst cases (reference)"
	@$(BENCH_BIN) --worst-cases
	@echo "== uritest fetch (harness/bench-fetch.sh)"
	@$(MAKE) --no-print-directory bench-fetch

# Instructions per URI and per worst-case call under callgrind (the
# noise-free figures of reports/BENCH.md), for the project's own parsers
# (ADAPTER_MUST_PASS) and the peer (ADAPTER_BENCH_PEER), over the
# generated corpus ("" below) and BENCH_CORPORA.
.PHONY: bench-instructions
bench-instructions: deps all
	@BUILD=$(BUILD) BENCH_OWN="$(MUST_PASS_NAMES)" BENCH_PEER="$(GLUE_BENCH_PEER)" \
	  adapters/bench/instructions.sh "" $(BENCH_CORPORA)
