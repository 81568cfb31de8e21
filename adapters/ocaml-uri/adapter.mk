# adapters/ocaml-uri/adapter.mk: how this adapter is built (adapters/adapters.mk;
# adapters/TEMPLATE/adapter.mk explains each variable).
ADAPTER_LANG := ocaml
ADAPTER_NEEDS := /usr/lib/ocaml/uri/META /usr/lib/ocaml/yojson/META
# ocamlfind packages; the first one's version is the hello line's library
ADAPTER_CFLAGS := -package uri,yojson,unix
