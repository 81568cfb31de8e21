# adapters/rust-url/adapter.mk: how this adapter is built (adapters/adapters.mk;
# adapters/TEMPLATE/adapter.mk explains each variable).
ADAPTER_LANG := rust
ADAPTER_NEEDS := /usr/share/cargo/registry/url-2*/Cargo.toml
