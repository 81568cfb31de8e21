# adapters/poco/adapter.mk: how this adapter is built (adapters/adapters.mk;
# adapters/TEMPLATE/c/adapter.mk explains each variable).
ADAPTER_LANG := c++
ADAPTER_NEEDS := /usr/include/Poco/URI.h
ADAPTER_LIBS := -lPocoFoundation
