# adapters/cpprest/adapter.mk: how this adapter is built (adapters/adapters.mk;
# adapters/TEMPLATE/adapter.mk explains each variable).
ADAPTER_LANG := c++
# libcpprest-dev has no pkg-config module.
ADAPTER_NEEDS := /usr/include/cpprest/base_uri.h
ADAPTER_LIBS := -lcpprest
