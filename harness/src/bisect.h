/* bisect.h: running published versions of an adapter's library, shared by
 * `uritest bisect` (bisect.c) and `uritest versions` (cmd_versions.c). */
#ifndef URITEST_BISECT_H
#define URITEST_BISECT_H

#include <stddef.h>

#include "registry.h"

/* What each version's `uritest run` is given. */
struct version_run {
  char **vectors, **tags;
  int nvectors, ntags;
  const char *timeout;
};

/* uritest run --adapter ADAPTER (NAME or NAME@VERSION) into the results
 * file OUT, its output into LOG; its exit status, or -1. */
int version_run(const struct version_run *o, const char *adapter,
                const char *out, const char *log);

/* 0 when NAME@V is installed for each of the N VERSIONS; else -1 after
 * naming the make deps command that installs the missing ones. */
int versions_installed(struct registry *reg, const char *name, char **versions,
                       size_t n);

#endif
