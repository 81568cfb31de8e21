# adapters/haskell-network-uri/adapter.mk: how this adapter is built
# (adapters/adapters.mk; adapters/TEMPLATE/c/adapter.mk explains each
# variable): ghc -O over Main.hs, when Debian's libghc-network-uri-dev is
# installed (heavy: it brings ghc), with the library's version for the
# hello line.
ADAPTER_LANG := haskell
ADAPTER_NEEDS := $(wildcard /var/lib/ghc/package.conf.d/network-uri-*.conf)
ADAPTER_NEEDS := $(or $(ADAPTER_NEEDS),/var/lib/ghc/package.conf.d/network-uri.conf)
ADAPTER_CFLAGS = '-DNETWORK_URI_VERSION="$(shell ghc-pkg field network-uri version --simple-output 2>/dev/null)"'
