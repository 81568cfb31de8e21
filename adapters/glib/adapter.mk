# adapters/glib/adapter.mk: how this adapter is built (adapters/adapters.mk;
# adapters/TEMPLATE/c/adapter.mk explains each variable).
ADAPTER_LANG := c
# Two adapters from one glue.c: glue_glib and glue_glib_relaxed.
ADAPTER_NAMES := glib glib-relaxed
ADAPTER_PKG := glib-2.0
