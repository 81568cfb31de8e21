# adapters/commons-validator/adapter.mk: how this adapter is built
# (adapters/adapters.mk; adapters/TEMPLATE/adapter.mk explains each variable).
ADAPTER_LANG := java
ADAPTER_NEEDS := /usr/share/java/commons-validator.jar
# the class path (also in adapter.json's command)
ADAPTER_LIBS := /usr/share/java/commons-validator.jar
