# adapters/httpclient/adapter.mk: how this adapter is built (adapters/adapters.mk;
# adapters/TEMPLATE/adapter.mk explains each variable).
ADAPTER_LANG := java
ADAPTER_NEEDS := /usr/share/java/httpclient.jar /usr/share/java/httpcore.jar
# the class path (also in adapter.json's command)
ADAPTER_LIBS := /usr/share/java/httpclient.jar /usr/share/java/httpcore.jar
