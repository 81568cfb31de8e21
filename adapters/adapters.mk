# adapters/adapters.mk: the compiled adapters, included by the top-level
# Makefile.
#
# A compiled adapter is described by its own folder: adapter.json (the
# registry, adapters/PROTOCOL.md section 8) and adapter.mk, which sets
#   ADAPTER_NAMES   the adapters the folder builds (default: the folder's name)
#   ADAPTER_LANG    c, c++, go, java, rust, haskell or ocaml
#   ADAPTER_PKG     pkg-config modules (their flags and libraries are used)
#   ADAPTER_NEEDS   files that must exist (headers, crates) when pkg-config
#                   cannot tell
#   ADAPTER_CFLAGS, ADAPTER_LIBS   more flags and libraries
#   ADAPTER_DEPS    more files the build depends on
#   ADAPTER_FUZZ    none: no differential fuzz target; every other C/C++
#                   glue gets one, diff_NAME (fuzz/fuzz.mk)
#   ADAPTER_BENCH_PEER  yes: the folder's (first) glue is the one `uritest
#                   bench` gives its ratios against (x_NAME); at most one
#                   folder says so
#   ADAPTER_MUST_PASS   all, or the ops (parse ...) whose every vector must
#                   pass: suites test-vectors-NAME and test-vectors-NAME-asan
#                   in make test, and the coverage run (the project's own
#                   parsers: reference, reference-fast)
# This file includes every adapters/*/adapter.mk and builds an adapter only
# when what it needs is present, so `make` builds everything whose
# dependencies are here.  adapters/TEMPLATE/ is the folder to copy.
#
# A C or C++ adapter is build/adapters/<name>, linked from
#   adapters/common/main.c           compiled per adapter, -DADAPTER_GLUE=glue_<name>
#   adapters/common/{reading,protocol,codec,codec_json}.c   the protocol loop (jansson)
#   adapters/<folder>/glue.c or glue.cpp   its library mapping, `glue_<name>`
# plus $(LIBA) and its library.  Every built glue is also listed in one
# generated table, $(GLUE_TABLE_SRC) (glue_all, glue_count, glue_bench_peer), which the
# in-process users link with $(GLUE_OBJS) and $(GLUE_LIBS): the bench, the
# in-process test (adapters/tests/inprocess.c); the fuzz targets take the
# list ($(GLUE_NAMES)) and each glue's $(ADAPTER_GLUE_SRC_<name>),
# $(ADAPTER_CFLAGS_<name>) and $(ADAPTER_LIBS_<name>).

CXX   ?= g++
GO    ?= go
JAVAC ?= javac
CARGO ?= cargo
GHC   ?= ghc
OCAMLFIND ?= ocamlfind
ADAPTER_CXXWARN := -std=c++17 -Wall -Wextra -Wshadow
ifeq ($(CI),true)
ADAPTER_CXXWARN += -Werror
endif

# codec.c and codec_json.c: the protocol's values (PROTOCOL.md section 5),
# also linked by the harness (harness/harness.mk), the fuzz targets (codec.c)
# and rulecov.
ADAPTER_CODEC_SRC := adapters/common/codec.c adapters/common/codec_json.c
ADAPTER_COMMON_SRC := adapters/common/reading.c adapters/common/protocol.c $(ADAPTER_CODEC_SRC)
ADAPTER_COMMON_OBJ := $(ADAPTER_COMMON_SRC:%.c=$(BUILD)/obj/%.o)
ADAPTER_READING_OBJ := $(BUILD)/obj/adapters/common/reading.o
# the library's public headers too: the reference glues name its version
ADAPTER_HEADERS := adapters/common/glue.h adapters/common/codec.h adapters/common/codec_json.h \
  $(wildcard reference/include/*.h)

pkg_ok = $(shell pkg-config --exists $(1) 2>/dev/null && echo yes)
JANSSON_CFLAGS := $(shell pkg-config --cflags jansson 2>/dev/null)
JANSSON_LIBS   := $(shell pkg-config --libs jansson 2>/dev/null)
HAVE_JANSSON   := $(call pkg_ok,jansson)

$(ADAPTER_COMMON_OBJ): $(ADAPTER_HEADERS)
# Every source of adapters/ (glues, their tests, the bench) includes the
# shared headers by name: #include "glue.h".
$(BUILD)/obj/adapters/%.o: CPPFLAGS += -Iadapters/common
$(BUILD)/obj/adapters/common/protocol.o $(BUILD)/obj/adapters/common/codec_json.o: CPPFLAGS += $(JANSSON_CFLAGS)

# What the adapter.mk files add up to.
GLUE_NAMES :=          # built C/C++ glues, in folder order
GLUE_FUZZ_NAMES :=     # those with a differential fuzz target (all but ADAPTER_FUZZ := none)
GLUE_BENCH_PEER :=     # the built glue with ADAPTER_BENCH_PEER := yes (none: empty)
MUST_PASS_NAMES :=     # the built C/C++ adapters with ADAPTER_MUST_PASS
GLUE_OBJS :=           # their objects (one per folder)
GLUE_LIBS :=           # their libraries
ADAPTER_BINS :=        # every compiled adapter built here
ADAPTER_LINT_CFLAGS := # every C glue's flags (make lint)

# ---- reading the adapter.mk files ---------------------------------------
define adapter_reset
ADAPTER_NAMES :=
ADAPTER_LANG :=
ADAPTER_PKG :=
ADAPTER_NEEDS :=
ADAPTER_CFLAGS :=
ADAPTER_LIBS :=
ADAPTER_DEPS :=
ADAPTER_FUZZ :=
ADAPTER_BENCH_PEER :=
ADAPTER_MUST_PASS :=
endef

# $(1) folder.  Present when every pkg-config module and needed file is,
# and the language's tool.
adapter_tool_c := $(CC)
adapter_tool_c++ := $(CXX)
adapter_tool_go := $(GO)
adapter_tool_java := $(JAVAC)
adapter_tool_rust := $(CARGO)
adapter_tool_haskell := $(GHC)
adapter_tool_ocaml := $(OCAMLFIND)
adapter_present = $(and $(shell command -v $(firstword $(adapter_tool_$(ADAPTER_LANG))) >/dev/null 2>&1 && echo yes),\
  $(if $(ADAPTER_PKG),$(call pkg_ok,$(ADAPTER_PKG)),yes),\
  $(if $(strip $(foreach f,$(ADAPTER_NEEDS),$(if $(wildcard $(f)),,missing))),,yes))

define adapter_register
$(if $(filter c c++ go java rust haskell ocaml,$(ADAPTER_LANG)),,$(error adapters/$(1)/adapter.mk: ADAPTER_LANG must be c, c++, go, java, rust, haskell or ocaml, not "$(ADAPTER_LANG)"))
$(if $(filter-out none,$(ADAPTER_FUZZ)),$(error adapters/$(1)/adapter.mk: ADAPTER_FUZZ is none or unset, not "$(ADAPTER_FUZZ)"))
$(if $(filter-out yes,$(ADAPTER_BENCH_PEER)),$(error adapters/$(1)/adapter.mk: ADAPTER_BENCH_PEER is yes or unset, not "$(ADAPTER_BENCH_PEER)"))
$(if $(and $(ADAPTER_BENCH_PEER),$(ADAPTER_BENCH_PEER_FOLDER)),$(error adapters/$(1)/adapter.mk: ADAPTER_BENCH_PEER is already set by adapters/$(ADAPTER_BENCH_PEER_FOLDER)/adapter.mk))
$(if $(ADAPTER_BENCH_PEER),ADAPTER_BENCH_PEER_FOLDER := $(1))
ADAPTER_NAMES_$(1) := $(or $(strip $(ADAPTER_NAMES)),$(1))
ADAPTER_LANG_$(1) := $(ADAPTER_LANG)
ADAPTER_DEPS_$(1) := $(ADAPTER_DEPS)
ADAPTER_FUZZ_$(1) := $(ADAPTER_FUZZ)
ADAPTER_MUST_PASS_$(1) := $(ADAPTER_MUST_PASS)
ifeq ($(call adapter_present,$(1)),yes)
ADAPTER_FLAGS_$(1) := $(if $(ADAPTER_PKG),$(shell pkg-config --cflags $(ADAPTER_PKG) 2>/dev/null)) $(ADAPTER_CFLAGS)
ADAPTER_LINK_$(1) := $(if $(ADAPTER_PKG),$(shell pkg-config --libs $(ADAPTER_PKG) 2>/dev/null)) $(ADAPTER_LIBS)
$$(eval $$(call adapter_lang_$(ADAPTER_LANG),$(1)))
endif
endef

# ---- C and C++: glue, executable, glue table -----------------------------
# $(1) folder; adapter_lang_c++ is the same with the C++ compiler, and the
# in-process users link the C++ runtime.
define adapter_glue_common
GLUE_OBJS += $(BUILD)/obj/adapters/$(1)/glue.o
GLUE_LIBS += $$(ADAPTER_LINK_$(1)) $(2)
$(foreach n,$(ADAPTER_NAMES_$(1)),$(eval $(call adapter_glue_name,$(1),$(n),$(2))))
$(if $(filter $(1),$(ADAPTER_BENCH_PEER_FOLDER)),GLUE_BENCH_PEER := $(firstword $(ADAPTER_NAMES_$(1))))
endef
# $(1) folder, $(2) name, $(3) extra in-process libraries, $(4) linker
define adapter_glue_name
GLUE_NAMES += $(2)
$(if $(filter none,$(ADAPTER_FUZZ_$(1))),,GLUE_FUZZ_NAMES += $(2))
ADAPTER_GLUE_SRC_$(2) := $(wildcard adapters/$(1)/glue.c adapters/$(1)/glue.cpp)
ADAPTER_GLUE_OBJ_$(2) := $(BUILD)/obj/adapters/$(1)/glue.o
ADAPTER_CFLAGS_$(2) := $$(ADAPTER_FLAGS_$(1))
ADAPTER_LIBS_$(2) := $$(ADAPTER_LINK_$(1)) $(3)
ifeq ($(HAVE_JANSSON),yes)
ADAPTER_BINS += $(BUILD)/adapters/$(2)
endif
$(if $(ADAPTER_MUST_PASS_$(1)),$(eval $(call adapter_must_pass,$(2),$(ADAPTER_MUST_PASS_$(1)))))
$(BUILD)/obj/adapters/$(1)/main-$(2).o: adapters/common/main.c $(ADAPTER_HEADERS)
	@mkdir -p $$(dir $$@)
	$$(CC) $$(ALL_CFLAGS) -DADAPTER_GLUE=glue_$(subst -,_,$(2)) -c -o $$@ $$<
$(BUILD)/adapters/$(2): $(BUILD)/obj/adapters/$(1)/main-$(2).o $(BUILD)/obj/adapters/$(1)/glue.o $(ADAPTER_COMMON_OBJ) $(LIBA)
	@mkdir -p $$(dir $$@)
	$(if $(3),$$(CXX),$$(CC)) $$(CFLAGS) -o $$@ $$^ $$(LDFLAGS) $$(ADAPTER_LINK_$(1)) $$(JANSSON_LIBS)
endef

# $(1) name, $(2) all or the ops whose every vector must pass: the suites
# test-vectors-NAME and, built with ASan + UBSan (leaks too),
# test-vectors-NAME-asan; reports/reports.mk's coverage runs the same.
define adapter_must_pass
MUST_PASS_NAMES += $(1)
MUST_PASS_OPS_$(1) := $(filter-out all,$(2))
MUST_PASS_ARGS_$(1) := $(addprefix --op ,$(filter-out all,$(2)))
TEST_SUITES += test-vectors-$(1) test-vectors-$(1)-asan
.PHONY: test-vectors-$(1) test-vectors-$(1)-asan
test-vectors-$(1): all
	@tests/suite.sh vectors-$(1) $$(UT_BIN) run --adapter $(1) $$(MUST_PASS_ARGS_$(1)) --format tap \
	  --output $$(BUILD)/test-results/vectors-$(1).jsonl --no-progress
test-vectors-$(1)-asan: must-pass-asan-build
	@ASAN_OPTIONS=detect_leaks=1 tests/suite.sh vectors-$(1)-asan $$(BUILD)/asan/bin/uritest run \
	  --adapter-cmd $$(BUILD)/asan/adapters/$(1) $$(MUST_PASS_ARGS_$(1)) --format tap --no-progress --timeout 30 \
	  --output $$(BUILD)/test-results/vectors-$(1)-asan.jsonl
endef

# The ASan builds of uritest and of every MUST_PASS adapter, made once for
# all their -asan suites (a sub-make writing one binary while a suite runs
# it would fail that suite under make -j); $(ASAN_MAKE) (Makefile) keeps it
# from racing the other -asan suites' sub-makes.
.PHONY: must-pass-asan-build
must-pass-asan-build:
	@$(ASAN_MAKE) $(BUILD)/asan/bin/uritest $(addprefix $(BUILD)/asan/adapters/,$(MUST_PASS_NAMES))

define adapter_lang_c
ADAPTER_LINT_CFLAGS += $$(ADAPTER_FLAGS_$(1))
$(BUILD)/obj/adapters/$(1)/glue.o: adapters/$(1)/glue.c $(ADAPTER_HEADERS) $(ADAPTER_DEPS_$(1))
	@mkdir -p $$(dir $$@)
	$$(CC) $$(ALL_CFLAGS) $$(ADAPTER_FLAGS_$(1)) -c -o $$@ $$<
$(call adapter_glue_common,$(1),)
endef

define adapter_lang_c++
$(BUILD)/obj/adapters/$(1)/glue.o: adapters/$(1)/glue.cpp $(ADAPTER_HEADERS) $(ADAPTER_DEPS_$(1))
	@mkdir -p $$(dir $$@)
	$$(CXX) $$(ADAPTER_CXXWARN) $$(CPPFLAGS) $$(ADAPTER_FLAGS_$(1)) $$(CFLAGS) -c -o $$@ $$<
$(call adapter_glue_common,$(1),-lstdc++)
endef

# ---- Go, Java, Rust, Haskell: one executable from the folder's sources ---
# Nothing is downloaded: Go with GOPROXY=off and the standard library,
# Rust with cargo --offline against Debian's vendored crates
# (/usr/share/cargo/registry, source replacement in .cargo/config.toml).
define adapter_lang_go
ADAPTER_BINS += $(BUILD)/adapters/$(1)/$(1)
$(BUILD)/adapters/$(1)/$(1): $(wildcard adapters/$(1)/*.go adapters/$(1)/go.mod) $(ADAPTER_DEPS_$(1))
	@mkdir -p $$(dir $$@)
	cd adapters/$(1) && GOFLAGS=-mod=mod GOPROXY=off GOTOOLCHAIN=local GO111MODULE=on \
	  GOCACHE=$$(abspath $(BUILD))/go-cache GOPATH=$$(abspath $(BUILD))/go-path $$(GO) build -o $$(abspath $$@) .
endef

# Java: the folder's sources with the shared classes (java-common/: the
# protocol, Proto.java) into build/adapters/NAME/, main class Adapter;
# ADAPTER_LIBS are the library's jars (the class path, also in the
# command of its adapter.json; -path: the jars' manifests name optional
# jars, such as log4j, that Debian need not install).
JAVA_COMMON_SRC := $(sort $(wildcard adapters/java-common/*.java))
define adapter_lang_java
ADAPTER_BINS += $(BUILD)/adapters/$(1)/Adapter.class
$(BUILD)/adapters/$(1)/Adapter.class: $(wildcard adapters/$(1)/*.java) $(JAVA_COMMON_SRC) $(ADAPTER_DEPS_$(1))
	@mkdir -p $$(dir $$@)
	$$(JAVAC) -encoding UTF-8 -Xlint:all,-path $(if $(strip $(ADAPTER_LIBS)),-cp $(subst $(eval) ,:,$(strip $(ADAPTER_LIBS)))) \
	  -d $$(dir $$@) $(wildcard adapters/$(1)/*.java) $(JAVA_COMMON_SRC)
endef

define adapter_lang_rust
ADAPTER_BINS += $(BUILD)/adapters/$(1)/$(1)
$(BUILD)/adapters/$(1)/$(1): $(wildcard adapters/$(1)/src/*.rs adapters/$(1)/build.rs) adapters/$(1)/Cargo.toml \
    adapters/$(1)/Cargo.lock adapters/$(1)/.cargo/config.toml $(ADAPTER_DEPS_$(1))
	@mkdir -p $$(dir $$@)
	cd adapters/$(1) && CARGO_TARGET_DIR=$$(abspath $(BUILD))/adapters/$(1)/target \
	  $$(CARGO) build --offline --locked --release --quiet
	cp $(BUILD)/adapters/$(1)/target/release/$(1) $$@
endef

# Haskell with GHC and the packages Debian installed (no cabal, no Hackage):
# Main.hs, with the folder's ADAPTER_CFLAGS (CPP -D flags) passed to ghc.
define adapter_lang_haskell
ADAPTER_BINS += $(BUILD)/adapters/$(1)/$(1)
$(BUILD)/adapters/$(1)/$(1): $(wildcard adapters/$(1)/*.hs) $(ADAPTER_DEPS_$(1))
	@mkdir -p $$(dir $$@)obj
	$$(GHC) -O -v0 -Wall $(if $(filter true,$(CI)),-Werror) $$(ADAPTER_FLAGS_$(1)) \
	  -outputdir $$(dir $$@)obj -o $$@ adapters/$(1)/Main.hs
endef

# OCaml with ocamlopt and the findlib packages Debian installed (no opam):
# the folder's main.ml, with its ADAPTER_CFLAGS (-package ...).  version.ml, generated,
# holds `library`: the first package's name and version, for the hello line.
define adapter_lang_ocaml
ADAPTER_BINS += $(BUILD)/adapters/$(1)/$(1)
$(BUILD)/adapters/$(1)/$(1): $(wildcard adapters/$(1)/*.ml) $(ADAPTER_DEPS_$(1))
	@mkdir -p $$(dir $$@)obj
	pkg=$$$$(echo '$$(ADAPTER_FLAGS_$(1))' | sed -n 's/.*-package \([^ ,]*\).*/\1/p'); \
	  echo "let library = \"$$$$($$(OCAMLFIND) query -format '%p %v' $$$$pkg)\"" > $$(dir $$@)obj/version.ml
	cp adapters/$(1)/*.ml $$(dir $$@)obj/
	cd $$(dir $$@)obj && $$(OCAMLFIND) ocamlopt -w +a-4-9-40-41-42-44-45-70 $(if $(filter true,$(CI)),-warn-error +a) \
	  $$(ADAPTER_FLAGS_$(1)) -linkpkg version.ml main.ml -o $$(abspath $$@)
endef

# adapters/TEMPLATE/ is the folder to copy, not an adapter.
ADAPTER_MKS := $(filter-out adapters/TEMPLATE/%,$(sort $(wildcard adapters/*/adapter.mk)))
$(foreach f,$(ADAPTER_MKS),$(eval $(adapter_reset))$(eval include $(f))$(eval $(call adapter_register,$(patsubst adapters/%/adapter.mk,%,$(f)))))
GLUE_NAMES := $(strip $(GLUE_NAMES))
GLUE_FUZZ_NAMES := $(strip $(GLUE_FUZZ_NAMES))
MUST_PASS_NAMES := $(strip $(MUST_PASS_NAMES))

# ---- the glue table (generated) -------------------------------------------
# Rewritten when the list of built glues changes (a library installed).
GLUE_TABLE_SRC := $(BUILD)/gen/adapters/glues.c
GLUE_TABLE_OBJ := $(BUILD)/obj/gen/adapters/glues.o
.PHONY: adapters-glue-list
$(GLUE_TABLE_SRC): adapters-glue-list
	@mkdir -p $(dir $@)
	@{ echo '/* generated by adapters/adapters.mk from the adapter.mk files: the built glues */'; \
	   echo '#include <stddef.h>'; \
	   echo '#include "adapters/common/glue.h"'; \
	   for g in $(subst -,_,$(GLUE_NAMES)); do echo "extern const struct glue glue_$$g;"; done; \
	   echo 'const struct glue *const glue_all[] = {'; \
	   for g in $(subst -,_,$(GLUE_NAMES)); do echo "    &glue_$$g,"; done; \
	   echo '    NULL};'; \
	   echo 'const size_t glue_count = $(words $(GLUE_NAMES));'; \
	   echo 'const char *const glue_bench_peer = $(if $(GLUE_BENCH_PEER),"$(GLUE_BENCH_PEER)",NULL);'; } > $@.tmp
	@if cmp -s $@.tmp $@; then rm -f $@.tmp; else mv $@.tmp $@; fi
$(GLUE_TABLE_OBJ): $(GLUE_TABLE_SRC) $(ADAPTER_HEADERS)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -I. -c -o $@ $<
# What an in-process user links: the table, every glue, reading.c, the
# oracle and the glues' libraries (with -lstdc++ for the C++ ones).
GLUE_LINK_OBJS = $(GLUE_TABLE_OBJ) $(sort $(GLUE_OBJS)) $(ADAPTER_READING_OBJ) $(LIBA)
GLUE_LINK_LIBS = $(GLUE_LIBS)

ALL_TARGETS += $(ADAPTER_BINS)

# In-process check (adapters/tests/inprocess.c): every built glue in one
# binary, without the protocol, as the fuzz targets and the bench link them;
# the cases are each folder's inprocess.cases.
ADAPTER_INPROCESS := $(BUILD)/adapters/test-inprocess
$(BUILD)/obj/adapters/tests/inprocess.o: $(ADAPTER_HEADERS)
$(ADAPTER_INPROCESS): $(BUILD)/obj/adapters/tests/inprocess.o $(GLUE_LINK_OBJS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^ $(LDFLAGS) $(GLUE_LINK_LIBS)
ALL_TARGETS += $(ADAPTER_INPROCESS)

# The condition vocabulary of behaviours.json, table-driven
# (adapters/tests/test_conditions.c over adapters/common/conditions.c).
CONDITIONS_TEST := $(BUILD)/adapters/test-conditions
$(BUILD)/obj/adapters/tests/test_conditions.o: adapters/common/conditions.h adapters/common/glue.h
$(CONDITIONS_TEST): $(BUILD)/obj/adapters/tests/test_conditions.o $(BUILD)/obj/adapters/tests/test_transforms.o $(BEHAVIOUR_SRC:%.c=$(BUILD)/obj/%.o) \
    $(BUILD)/obj/adapters/common/codec.o $(ADAPTER_READING_OBJ) $(LIBA)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^ $(LDFLAGS)
ALL_TARGETS += $(CONDITIONS_TEST)

# adapters/TRANSFORMS.md, the transforms' table, written from the C table
# (predict_table.c) by adapters/transforms-doc.py.
.PHONY: transforms-doc
transforms-doc: $(UT_BIN)
	@$(UT_BIN) behaviours --transforms --format json | $(PYTHON) adapters/transforms-doc.py > adapters/TRANSFORMS.md.tmp
	@mv adapters/TRANSFORMS.md.tmp adapters/TRANSFORMS.md
TEST_SUITES += test-conditions
.PHONY: test-conditions
test-conditions: $(CONDITIONS_TEST)
	@tests/suite.sh conditions $(CONDITIONS_TEST)

# The protocol's codec, table-driven (adapters/tests/test_codec.c over
# adapters/common/codec.c).
CODEC_TEST := $(BUILD)/adapters/test-codec
$(BUILD)/obj/adapters/tests/test_codec.o: adapters/common/codec.h
$(CODEC_TEST): $(BUILD)/obj/adapters/tests/test_codec.o $(BUILD)/obj/adapters/common/codec.o $(LIBA)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^ $(LDFLAGS)
ALL_TARGETS += $(CODEC_TEST)
TEST_SUITES += test-codec
.PHONY: test-codec
test-codec: $(CODEC_TEST)
	@tests/suite.sh codec $(CODEC_TEST)

.PHONY: adapters test-adapters test-adapters-asan
adapters: $(ADAPTER_BINS) $(ADAPTER_INPROCESS)

# With adapters/tests, the rows every adapter gets (adapters/tests/each.bash),
# generated from the registry each time: a new adapter's folder is tested
# without editing a list.
EACH_BATS := $(BUILD)/gen/adapters/tests/each.bats
TEST_SUITES += test-adapters test-adapters-asan
test-adapters: all
	@$(PYTHON) adapters/tests/registry.py rows $(EACH_BATS)
	@tests/suite.sh adapters bats --tap adapters/tests $(EACH_BATS)

# The same tests over the C adapters built with ASan + UBSan (leaks too).
test-adapters-asan:
	@$(ASAN_MAKE) adapters $(BUILD)/asan/bin/uritest
	@$(PYTHON) adapters/tests/registry.py rows $(BUILD)/asan/gen/adapters/tests/each.bats
	@BUILD=$(BUILD)/asan ASAN_OPTIONS=detect_leaks=1 tests/suite.sh adapters-asan bats --tap adapters/tests \
	  $(BUILD)/asan/gen/adapters/tests/each.bats

# adapters/MATRIX-HEADLINE.md: per adapter, RFC 3986 conformance on the parse
# and resolve vectors and the security-relevant readings, from a run of every
# available adapter (the headline table of reports/MATRIX.md).
.PHONY: matrix-headline
# reports/matrix-headline-copy.py then copies the table, dated, into reports/MATRIX.md.
matrix-headline: deps all
	$(PYTHON) adapters/matrix-headline.py
	$(PYTHON) reports/matrix-headline-copy.py
