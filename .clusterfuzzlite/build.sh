#!/bin/bash -eu
# ClusterFuzzLite build: the OSS-Fuzz one, fuzz/oss-fuzz/build.sh (every
# in-process target, the standard variables).
exec "$SRC/uritest/fuzz/oss-fuzz/build.sh"
