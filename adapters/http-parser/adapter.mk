# adapters/http-parser/adapter.mk: how this adapter is built (adapters/adapters.mk;
# adapters/TEMPLATE/adapter.mk explains each variable).
ADAPTER_LANG := c
# libhttp-parser-dev has no pkg-config module.
ADAPTER_NEEDS := /usr/include/http_parser.h
ADAPTER_LIBS := -lhttp_parser
