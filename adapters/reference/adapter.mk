# adapters/reference/adapter.mk: how this adapter is built (adapters/adapters.mk;
# adapters/TEMPLATE/adapter.mk explains each variable).
ADAPTER_LANG := c
