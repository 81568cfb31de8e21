# adapters/rust-http/adapter.mk: how this adapter is built (adapters/adapters.mk;
# adapters/TEMPLATE/adapter.mk explains each variable).
ADAPTER_LANG := rust
ADAPTER_NEEDS := /usr/share/cargo/registry/http-0*/Cargo.toml
# The Rust adapters' protocol module and build script (Cargo.toml, src/main.rs).
ADAPTER_DEPS := adapters/rust-common/proto.rs adapters/rust-common/build.rs
