# adapters/libwget/adapter.mk: how this adapter is built (adapters/adapters.mk;
# adapters/TEMPLATE/adapter.mk explains each variable).
ADAPTER_LANG := c
# wget2-dev has no pkg-config module.
ADAPTER_NEEDS := /usr/include/wget.h
ADAPTER_LIBS := -lwget
