# adapters/libxml2/adapter.mk: how this adapter is built (adapters/adapters.mk;
# adapters/TEMPLATE/c/adapter.mk explains each variable).
ADAPTER_LANG := c
ADAPTER_PKG := libxml-2.0
