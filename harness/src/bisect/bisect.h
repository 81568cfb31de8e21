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

/* The adapter that runs VERSION of BASE: NAME for the pinned one, else
 * NAME@VERSION, into FULL (N bytes). */
void version_name(const struct adapter_def *base, const char *version,
                  char *full, size_t n);

/* A new folder for the runs of `uritest WHAT` under TMPDIR (default
 * /tmp) into DIR (N bytes): 0, or -1 after a message. */
int version_run_dir(char *dir, size_t n, const char *what);

/* Removes what version_run wrote: OUT, LOG and the pair matrix that
 * uritest run writes beside OUT. */
void version_run_remove(const char *out, const char *log);

/* 0 when NAME@V is installed for each of the N VERSIONS; else -1 after
 * naming the make deps command that installs the missing ones. */
int versions_installed(struct registry *reg, const char *name, char **versions,
                       size_t n);

#endif
