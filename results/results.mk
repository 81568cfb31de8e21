# results/results.mk: the results library, included by the top-level
# Makefile before the fragments that use it (harness/harness.mk,
# reports/reports.mk).
#
# What the harness writes and the reports read, and nothing else of
# either: a result's verdict (verdict.h), the results-file reader
# (results.h), endpoints and severities (endpoint.h), buffers and helpers
# (util.h), files written whole (files.h) and the line arena
# (line_arena.h).  It uses librfc3986, jansson, libidn2 and, from
# adapters/common, the protocol's codec (codec.h), the result classes'
# table (classes.h) and the value type (value.h), which the adapters and
# fuzz targets share.
# Its objects are linked into uritest; a user compiles with
# $(RESULTS_CFLAGS) and depends on $(RESULTS_HDR).

RESULTS_SRC    := $(wildcard results/*.c)
RESULTS_OBJ    := $(RESULTS_SRC:%.c=$(BUILD)/obj/%.o)
RESULTS_HDR    := $(wildcard results/*.h) adapters/common/codec.h \
                  adapters/common/classes.h adapters/common/value.h
RESULTS_CFLAGS := -Iresults -Iadapters/common $(shell pkg-config --cflags jansson 2>/dev/null)
RESULTS_LIBS   := $(shell pkg-config --libs jansson 2>/dev/null || echo -ljansson) \
                  $(shell pkg-config --libs libidn2 2>/dev/null || echo -lidn2)

# (util.h names the tool's version, VERSION)
$(RESULTS_OBJ): ALL_CFLAGS += $(RESULTS_CFLAGS) -pthread -DURITEST_VERSION='"$(VERSION)"'
$(RESULTS_OBJ): $(RESULTS_HDR) VERSION
