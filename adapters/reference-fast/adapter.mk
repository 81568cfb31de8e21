# adapters/reference-fast/adapter.mk: how this adapter is built (adapters/adapters.mk;
# adapters/TEMPLATE/c/adapter.mk explains each variable).
ADAPTER_LANG := c
# No differential fuzz target: fuzz/targets/reference.c checks the fast
# parser against the literal one on every input.
ADAPTER_FUZZ := none
# Every parse vector must pass, as through the literal parser
# (make test-vectors-reference-fast, -asan; make coverage).
ADAPTER_MUST_PASS := parse
