# adapters/libevent/adapter.mk: how this adapter is built (adapters/adapters.mk;
# adapters/TEMPLATE/adapter.mk explains each variable).
ADAPTER_LANG := c
# Two adapters from one glue.c: glue_libevent (flags 0) and
# glue_libevent_nonconformant (EVHTTP_URI_NONCONFORMANT).
ADAPTER_NAMES := libevent libevent-nonconformant
ADAPTER_PKG := libevent
