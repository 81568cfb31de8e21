# adapters/matrix1.mk: the adapter matrix, part 1 (C and C++ parsers),
# included at the end of adapters/adapters.mk.
#
# Each adapter is build/adapters/<name>, linked like the first C adapters
# (adapters/common/{reading,protocol}.c + main.c compiled with
# -DADAPTER_GLUE=glue_<name>) from one glue file:
#   glib, glib-relaxed   adapters/glib/glue.c        glib-2.0 (two glues, one file)
#   libxml2              adapters/libxml2/glue.c     libxml-2.0
#   apr                  adapters/apr/glue.c         apr-util-1 (apr_uri_parse)
#   qt                   adapters/qt/glue.cpp        Qt5Core
#   boost-url            adapters/boost-url/glue.cpp boost/url.hpp + -lboost_url
#   poco                 adapters/poco/glue.cpp      Poco/URI.h + -lPocoFoundation
# An adapter is built by `make` only when its library is present (pkg-config
# or header), so `make` stays green on a machine without them; the Python
# adapters (python-*) need no build.  C++ is compiled with g++ -std=c++17.

CXX ?= g++
M1_CXXWARN := -std=c++17 -Wall -Wextra -Wshadow
ifeq ($(CI),true)
M1_CXXWARN += -Werror
endif

M1_ADAPTERS :=
ifeq ($(call pkg_ok,glib-2.0),yes)
M1_ADAPTERS += glib glib-relaxed
endif
ifeq ($(call pkg_ok,libxml-2.0),yes)
M1_ADAPTERS += libxml2
endif
ifeq ($(call pkg_ok,apr-util-1),yes)
M1_ADAPTERS += apr
endif
ifeq ($(call pkg_ok,Qt5Core),yes)
M1_ADAPTERS += qt
endif
ifneq ($(wildcard /usr/include/boost/url.hpp),)
M1_ADAPTERS += boost-url
endif
ifneq ($(wildcard /usr/include/Poco/URI.h),)
M1_ADAPTERS += poco
endif

# name -> glue folder, compile flags, libraries, linker
M1_DIR_glib := glib
M1_DIR_glib-relaxed := glib
M1_DIR_libxml2 := libxml2
M1_DIR_apr := apr
M1_DIR_qt := qt
M1_DIR_boost-url := boost-url
M1_DIR_poco := poco
M1_FLAGS_glib := $(shell pkg-config --cflags glib-2.0 2>/dev/null)
M1_LIBS_glib := $(shell pkg-config --libs glib-2.0 2>/dev/null)
M1_FLAGS_libxml2 := $(shell pkg-config --cflags libxml-2.0 2>/dev/null)
M1_LIBS_libxml2 := $(shell pkg-config --libs libxml-2.0 2>/dev/null)
M1_FLAGS_apr := $(shell pkg-config --cflags apr-1 apr-util-1 2>/dev/null)
M1_LIBS_apr := $(shell pkg-config --libs apr-util-1 apr-1 2>/dev/null)
# Qt is built with -reduce-relocations: its users must be position independent.
M1_FLAGS_qt := $(shell pkg-config --cflags Qt5Core 2>/dev/null) -fPIC
M1_LIBS_qt := $(shell pkg-config --libs Qt5Core 2>/dev/null)
M1_FLAGS_boost-url :=
M1_LIBS_boost-url := -lboost_url
M1_FLAGS_poco :=
M1_LIBS_poco := -lPocoFoundation
# In-process users link with $(CC): the C++ glues bring their runtime.
M1_LIBS_qt += -lstdc++
M1_LIBS_boost-url += -lstdc++
M1_LIBS_poco += -lstdc++
M1_LIBS_glib-relaxed := $(M1_LIBS_glib)

M1_BINS := $(M1_ADAPTERS:%=$(BUILD)/adapters/%)
ADAPTER_LINT_CFLAGS += $(foreach a,$(M1_ADAPTERS),$(M1_FLAGS_$(a)))

ifeq ($(call pkg_ok,jansson),yes)
ALL_TARGETS += $(M1_BINS)
endif
adapters: $(M1_BINS)

# Glue objects (one per folder; glib's holds both glib glues).
$(BUILD)/obj/adapters/glib/glue.o: adapters/glib/glue.c $(ADAPTER_HEADERS)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(M1_FLAGS_glib) -c -o $@ $<
$(BUILD)/obj/adapters/libxml2/glue.o: adapters/libxml2/glue.c $(ADAPTER_HEADERS)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(M1_FLAGS_libxml2) -c -o $@ $<
$(BUILD)/obj/adapters/apr/glue.o: adapters/apr/glue.c $(ADAPTER_HEADERS)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(M1_FLAGS_apr) -c -o $@ $<
$(BUILD)/obj/adapters/%/glue.o: adapters/%/glue.cpp $(ADAPTER_HEADERS)
	@mkdir -p $(dir $@)
	$(CXX) $(M1_CXXWARN) $(M1_FLAGS_$*) $(CFLAGS) -c -o $@ $<

# $(1) adapter name
define M1_ADAPTER_template
$(BUILD)/obj/adapters/$(1)/main.o: adapters/common/main.c $(ADAPTER_HEADERS)
	@mkdir -p $$(dir $$@)
	$$(CC) $$(ALL_CFLAGS) -DADAPTER_GLUE=glue_$(subst -,_,$(1)) -c -o $$@ $$<
$(BUILD)/adapters/$(1): $(BUILD)/obj/adapters/$(1)/main.o $(BUILD)/obj/adapters/$(M1_DIR_$(1))/glue.o $(ADAPTER_COMMON_OBJ)
	@mkdir -p $$(dir $$@)
	$(if $(filter qt boost-url poco,$(1)),$$(CXX),$$(CC)) $$(CFLAGS) -o $$@ $$^ $$(LDFLAGS) $(M1_LIBS_$(1)) $(JANSSON_LIBS)
endef
$(foreach a,glib glib-relaxed libxml2 apr qt boost-url poco,$(eval $(call M1_ADAPTER_template,$(a))))

# In-process users (fuzz targets, the benchmark) link a glue as for the first
# adapters: $(ADAPTER_GLUE_OBJ_<name>) + $(ADAPTER_READING_OBJ) +
# $(ADAPTER_LIBS_<name>) (which carries -lstdc++ for the C++ glues).
$(foreach a,$(M1_ADAPTERS),$(eval ADAPTER_GLUE_OBJ_$(a) := $(BUILD)/obj/adapters/$(M1_DIR_$(a))/glue.o)$(eval ADAPTER_LIBS_$(a) := $(M1_LIBS_$(a))))

# The benchmark (adapters/bench/bench.mk, included after this file) links
# BENCH_EXTRA_GLUES too.  glue.h declares only the first adapters' glues, so
# uritest-bench.c gets the declarations of these from a header written here and
# forced in with -include (an extern declaration of an incomplete struct
# type is valid C).  It declares all seven, built or not, so that it never
# goes stale when a library is installed later.
ifeq ($(call pkg_ok,jansson),yes)
BENCH_EXTRA_GLUES += $(M1_ADAPTERS)
endif
M1_DECL := $(BUILD)/obj/adapters/matrix1-glues.h
$(M1_DECL): adapters/matrix1.mk
	@mkdir -p $(dir $@)
	@{ echo '/* generated by adapters/matrix1.mk */'; \
	   for g in glib glib_relaxed libxml2 apr qt boost_url poco; do \
	     echo "extern const struct glue glue_$$g;"; done; } > $@
$(BUILD)/obj/adapters/bench/uritest-bench.o: $(M1_DECL)
$(BUILD)/obj/adapters/bench/uritest-bench.o: CPPFLAGS += -include $(M1_DECL)
