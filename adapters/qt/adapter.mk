# adapters/qt/adapter.mk: how this adapter is built (adapters/adapters.mk;
# adapters/TEMPLATE/c/adapter.mk explains each variable).
ADAPTER_LANG := c++
ADAPTER_PKG := Qt5Core
# Qt is built with -reduce-relocations: its users must be position independent.
ADAPTER_CFLAGS := -fPIC
