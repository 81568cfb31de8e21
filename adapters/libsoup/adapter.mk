# adapters/libsoup/adapter.mk: how this adapter is built (adapters/adapters.mk;
# adapters/TEMPLATE/adapter.mk explains each variable).
ADAPTER_LANG := c
ADAPTER_PKG := libsoup-2.4
# libsoup 2.4's headers use deprecated GLib declarations
ADAPTER_CFLAGS := -Wno-deprecated-declarations
