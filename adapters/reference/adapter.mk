# adapters/reference/adapter.mk: how this adapter is built (adapters/adapters.mk;
# adapters/TEMPLATE/adapter.mk explains each variable).
ADAPTER_LANG := c
# No differential fuzz target: the reference is the other side of every one.
ADAPTER_FUZZ := none
