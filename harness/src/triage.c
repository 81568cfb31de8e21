/* triage.c: `uritest triage DIR...`, fuzzer findings to regression
 * vectors.  The work is fuzz/triage.py (Python standard library: afl-tmin,
 * the independent regex checker, vector files, MANIFEST, baselines); this
 * finds the repository root as every other command does and runs it with
 * the same arguments, with the Python the build was configured with. */
#include <errno.h>
#include <string.h>
#include <unistd.h>

#include "util.h"

/* The Python the build was configured with (make PYTHON=...). */
#ifndef URITEST_PYTHON
#define URITEST_PYTHON "python3"
#endif

int cmd_triage(int argc, char **argv);

int cmd_triage(int argc, char **argv) {
  char *script = root_path("fuzz/triage.py");
  if (access(script, R_OK) != 0) {
    warnx_("triage: %s: %s", script, strerror(errno));
    return EXIT_USAGE;
  }
  char **args = xcalloc((size_t)argc + 2, sizeof *args);
  args[0] = URITEST_PYTHON;
  args[1] = script;
  for (int i = 1; i < argc; i++)
    args[i + 1] = argv[i];
  fflush(NULL);
  execvp(args[0], args);
  warnx_("triage: cannot run %s: %s", args[0], strerror(errno));
  return EXIT_USAGE;
}
