# adapters/boost-url/adapter.mk: how this adapter is built (adapters/adapters.mk;
# adapters/TEMPLATE/c/adapter.mk explains each variable).
ADAPTER_LANG := c++
# Boost.URL has no pkg-config module: its header says it is there.
ADAPTER_NEEDS := /usr/include/boost/url.hpp
ADAPTER_LIBS := -lboost_url
