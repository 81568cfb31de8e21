# adapters/matrix2.mk: the compiled adapters of the second adapter matrix
# (issue 11), included from adapters/adapters.mk.  Each is part of `make`
# (all) only when its toolchain is present, and nothing is downloaded at
# build or run time:
#   go-net-url    go build, standard library only, GOPROXY=off, GOFLAGS=-mod=mod
#   java-net-uri  javac into build/
#   rust-url, rust-oxiri   cargo --offline against Debian's vendored crates
#                 (/usr/share/cargo/registry; source replacement in each
#                 adapter's .cargo/config.toml, Cargo.lock committed)
# The interpreted ones (perl-uri, ruby-uri, php-parse-url,
# erlang-uri-string, the Node ones) need no build.

m2_have = $(shell command -v $(1) >/dev/null 2>&1 && echo yes)

GO    ?= go
JAVAC ?= javac
CARGO ?= cargo

M2_GO_BIN    := $(BUILD)/adapters/go-net-url/go-net-url
M2_JAVA_CLS  := $(BUILD)/adapters/java-net-uri/Adapter.class
M2_RUST_URL  := $(BUILD)/adapters/rust-url/rust-url
M2_RUST_OXI  := $(BUILD)/adapters/rust-oxiri/rust-oxiri

M2_BINS :=
ifeq ($(call m2_have,$(GO)),yes)
M2_BINS += $(M2_GO_BIN)
endif
ifeq ($(call m2_have,$(JAVAC)),yes)
M2_BINS += $(M2_JAVA_CLS)
endif
# The Rust adapters need the crates from Debian (librust-url-dev,
# librust-oxiri-dev) as well as cargo.
ifeq ($(call m2_have,$(CARGO)),yes)
ifneq ($(and $(wildcard /usr/share/cargo/registry/url-2*/Cargo.toml),$(wildcard adapters/rust-url/Cargo.lock)),)
M2_BINS += $(M2_RUST_URL)
endif
ifneq ($(and $(wildcard /usr/share/cargo/registry/oxiri-*/Cargo.toml),$(wildcard adapters/rust-oxiri/Cargo.lock)),)
M2_BINS += $(M2_RUST_OXI)
endif
endif
ALL_TARGETS += $(M2_BINS)

.PHONY: adapters-matrix2
adapters-matrix2: $(M2_BINS)

$(M2_GO_BIN): adapters/go-net-url/main.go adapters/go-net-url/go.mod
	@mkdir -p $(dir $@)
	cd adapters/go-net-url && GOFLAGS=-mod=mod GOPROXY=off GOTOOLCHAIN=local GO111MODULE=on \
	  GOCACHE=$(abspath $(BUILD))/go-cache GOPATH=$(abspath $(BUILD))/go-path $(GO) build -o $(abspath $@) .

$(M2_JAVA_CLS): adapters/java-net-uri/Adapter.java
	@mkdir -p $(dir $@)
	$(JAVAC) -encoding UTF-8 -Xlint:all -d $(dir $@) $<

# $(1) adapter name (folder and binary)
# (both use rust-url's protocol module and build script)
define M2_RUST_template
$(BUILD)/adapters/$(1)/$(1): adapters/$(1)/src/main.rs adapters/$(1)/Cargo.toml adapters/$(1)/Cargo.lock adapters/$(1)/.cargo/config.toml \
    adapters/rust-url/src/proto.rs adapters/rust-url/build.rs
	@mkdir -p $$(dir $$@)
	cd adapters/$(1) && CARGO_TARGET_DIR=$$(abspath $(BUILD))/adapters/$(1)/target \
	  $(CARGO) build --offline --locked --release --quiet
	cp $(BUILD)/adapters/$(1)/target/release/$(1) $$@
endef
$(eval $(call M2_RUST_template,rust-url))
$(eval $(call M2_RUST_template,rust-oxiri))

# adapters/MATRIX-HEADLINE.md: per adapter, RFC 3986 conformance on the parse
# and resolve vectors and the security-relevant readings, from a run of every
# available adapter (the README's headline table).
.PHONY: matrix-headline
# scripts/readme-headline.py then copies the table into README.md.
matrix-headline: deps all
	$(PYTHON) adapters/matrix-headline.py
	$(PYTHON) scripts/readme-headline.py
