# adapters/reference/adapter.mk: how this adapter is built (adapters/adapters.mk;
# adapters/TEMPLATE/c/adapter.mk explains each variable).
ADAPTER_LANG := c
# No differential fuzz target: the reference is the other side of every one.
ADAPTER_FUZZ := none
# Every vector must pass (make test-vectors-reference, -asan; make coverage).
ADAPTER_MUST_PASS := all
