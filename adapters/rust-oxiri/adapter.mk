# adapters/rust-oxiri/adapter.mk: how this adapter is built (adapters/adapters.mk;
# adapters/TEMPLATE/adapter.mk explains each variable).
ADAPTER_LANG := rust
ADAPTER_NEEDS := /usr/share/cargo/registry/oxiri-*/Cargo.toml
# rust-url's protocol module and build script are this crate's too (Cargo.toml).
ADAPTER_DEPS := adapters/rust-url/src/proto.rs adapters/rust-url/build.rs
