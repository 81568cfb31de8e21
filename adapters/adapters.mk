# adapters/adapters.mk: the C adapters, included by the top-level Makefile.
#
# Each C adapter is build/adapters/<name>, linked from
#   adapters/common/{reading,protocol}.c   the protocol loop (jansson)
#   adapters/common/main.c                 compiled per adapter, -DADAPTER_GLUE
#   adapters/<name>/*.c                    its glue (one glue.c)
# plus $(LIBA) and its library.  An adapter is part of `make` (all) only
# when pkg-config finds its library (and jansson), so `make` builds
# everything whose dependencies are present.  In-process users (fuzz
# targets, the benchmark) link adapters/<name>/glue.c and
# adapters/common/reading.c: see $(ADAPTER_GLUE_OBJ_<name>) below.

ADAPTER_COMMON_SRC := adapters/common/reading.c adapters/common/protocol.c
ADAPTER_COMMON_OBJ := $(ADAPTER_COMMON_SRC:%.c=$(BUILD)/obj/%.o)
ADAPTER_READING_OBJ := $(BUILD)/obj/adapters/common/reading.o
ADAPTER_HEADERS := adapters/common/glue.h

pkg_ok = $(shell pkg-config --exists $(1) 2>/dev/null && echo yes)

JANSSON_CFLAGS := $(shell pkg-config --cflags jansson 2>/dev/null)
JANSSON_LIBS   := $(shell pkg-config --libs jansson 2>/dev/null)

# name -> pkg-config module ("" when it needs only librfc3986)
C_ADAPTERS := reference reference-fast appendix-b
ADAPTER_PKG_reference :=
ADAPTER_PKG_reference-fast :=
ADAPTER_PKG_appendix-b :=
ADAPTER_PKG_uriparser := liburiparser
ADAPTER_PKG_curl := libcurl
ifeq ($(call pkg_ok,liburiparser),yes)
C_ADAPTERS += uriparser
endif
ifeq ($(call pkg_ok,libcurl),yes)
C_ADAPTERS += curl
endif
ADAPTER_BINS := $(C_ADAPTERS:%=$(BUILD)/adapters/%)
ADAPTER_LINT_CFLAGS += $(foreach a,$(C_ADAPTERS),$(if $(ADAPTER_PKG_$(a)),$(shell pkg-config --cflags $(ADAPTER_PKG_$(a)) 2>/dev/null)))

ifeq ($(call pkg_ok,jansson),yes)
ALL_TARGETS += $(ADAPTER_BINS)
endif

$(ADAPTER_COMMON_OBJ): $(ADAPTER_HEADERS)
$(BUILD)/obj/adapters/common/protocol.o: CPPFLAGS += $(JANSSON_CFLAGS)

# $(1) name, $(2) pkg-config module or empty
define C_ADAPTER_template
ADAPTER_GLUE_OBJ_$(1) := $(patsubst %.c,$(BUILD)/obj/%.o,$(wildcard adapters/$(1)/*.c))
ADAPTER_LIBS_$(1) := $(if $(2),$(shell pkg-config --libs $(2) 2>/dev/null))
$$(ADAPTER_GLUE_OBJ_$(1)): $(ADAPTER_HEADERS)
$$(ADAPTER_GLUE_OBJ_$(1)): CPPFLAGS += $(if $(2),$(shell pkg-config --cflags $(2) 2>/dev/null))
$(BUILD)/obj/adapters/$(1)/main.o: adapters/common/main.c $(ADAPTER_HEADERS)
	@mkdir -p $$(dir $$@)
	$$(CC) $$(ALL_CFLAGS) -DADAPTER_GLUE=glue_$(subst -,_,$(1)) -c -o $$@ $$<
$(BUILD)/adapters/$(1): $(BUILD)/obj/adapters/$(1)/main.o $$(ADAPTER_GLUE_OBJ_$(1)) $(ADAPTER_COMMON_OBJ) $(LIBA)
	@mkdir -p $$(dir $$@)
	$$(CC) $$(CFLAGS) -o $$@ $$^ $$(LDFLAGS) $$(ADAPTER_LIBS_$(1)) $(JANSSON_LIBS)
endef
$(foreach a,reference reference-fast appendix-b uriparser curl,$(eval $(call C_ADAPTER_template,$(a),$(ADAPTER_PKG_$(a)))))

# In-process check (adapters/tests/inprocess.c): every built glue in one
# binary, without the protocol, as the fuzz targets and the benchmark link them.
ADAPTER_INPROCESS := $(BUILD)/adapters/test-inprocess
ADAPTER_INPROCESS_GLUES := $(filter reference reference-fast appendix-b uriparser curl,$(C_ADAPTERS))
$(BUILD)/obj/adapters/tests/inprocess.o: $(ADAPTER_HEADERS)
$(BUILD)/obj/adapters/tests/inprocess.o: CPPFLAGS += $(if $(filter uriparser,$(C_ADAPTERS)),-DHAVE_GLUE_URIPARSER) $(if $(filter curl,$(C_ADAPTERS)),-DHAVE_GLUE_CURL)
$(ADAPTER_INPROCESS): $(BUILD)/obj/adapters/tests/inprocess.o $(foreach a,$(ADAPTER_INPROCESS_GLUES),$(ADAPTER_GLUE_OBJ_$(a))) $(ADAPTER_READING_OBJ) $(LIBA)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^ $(LDFLAGS) $(foreach a,$(ADAPTER_INPROCESS_GLUES),$(ADAPTER_LIBS_$(a)))
ALL_TARGETS += $(ADAPTER_INPROCESS)

.PHONY: adapters test-adapters test-adapters-asan
adapters: $(ADAPTER_BINS) $(ADAPTER_INPROCESS)

TEST_SUITES += test-adapters test-adapters-asan
test-adapters: all
	@tests/suite.sh adapters bats --tap adapters/tests

# The same tests over the C adapters built with ASan + UBSan (leaks too).
test-adapters-asan:
	@$(MAKE) --no-print-directory BUILD=$(BUILD)/asan CFLAGS="$(SAN_FLAGS)" LDFLAGS="-fsanitize=address,undefined" adapters
	@BUILD=$(BUILD)/asan ASAN_OPTIONS=detect_leaks=1 tests/suite.sh adapters-asan bats --tap adapters/tests
-include adapters/matrix1.mk
-include adapters/matrix2.mk
