# adapters/TEMPLATE/adapter.mk: how this adapter is built, read by
# adapters/adapters.mk (which builds it only when all it needs is here).
#
# ADAPTER_LANG   c or c++ (a glue.c or glue.cpp in this folder, linked into
#                build/adapters/NAME, the bench, the fuzz targets and the
#                in-process test), or go, java, rust, haskell, ocaml (an executable from the
#                folder's sources)
# ADAPTER_NAMES  the adapters this folder builds (default: the folder's
#                name; the glue defines glue_NAME for each)
# ADAPTER_PKG    the library's pkg-config modules: the adapter is built
#                when they exist, with their flags and libraries
# ADAPTER_NEEDS  files that must exist when there is no pkg-config module
#                (a header: /usr/include/boost/url.hpp)
# ADAPTER_CFLAGS, ADAPTER_LIBS   more compile flags and libraries
# ADAPTER_DEPS   more files the build depends on
# ADAPTER_FUZZ   none: no differential fuzz target.  Unset, a C or C++
#                glue gets one, build/fuzz/libfuzzer/diff_NAME, against the
#                reference (fuzz/fuzz.mk), explaining its disagreements with
#                adapters/NAME/behaviours.json
# ADAPTER_BENCH_PEER  yes: `uritest bench` gives its ratios (x_NAME) against
#                this glue (one folder says so: adapters/*/adapter.mk)
# ADAPTER_MUST_PASS  all, or the ops whose every vector must pass (suites
#                test-vectors-NAME and test-vectors-NAME-asan; for the
#                project's own parsers, not for a third-party library)
ADAPTER_LANG := c
ADAPTER_PKG :=
