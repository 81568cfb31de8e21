# adapters/TEMPLATE/adapter.mk: how this adapter is built (adapters/adapters.mk;
# adapters/TEMPLATE/c/adapter.mk explains each variable): cargo build
# --offline --locked against Debian's vendored crates.
ADAPTER_LANG := rust
# the crate's sources in Debian's registry (librust-url-dev): built only when here
ADAPTER_NEEDS := /usr/share/cargo/registry/url-2*/Cargo.toml
ADAPTER_DEPS := adapters/rust-common/proto.rs adapters/rust-common/build.rs
