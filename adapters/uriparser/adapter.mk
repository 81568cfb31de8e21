# adapters/uriparser/adapter.mk: how this adapter is built (adapters/adapters.mk;
# adapters/TEMPLATE/c/adapter.mk explains each variable).
ADAPTER_LANG := c
ADAPTER_PKG := liburiparser
# The peer of `uritest bench`: its ratios (x_uriparser) are to this glue's figures.
ADAPTER_BENCH_PEER := yes
