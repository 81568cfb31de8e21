/* triage.c: `uritest triage DIR...`, fuzzer findings to regression
 * vectors.  The work is the package fuzz/triage/ (Python standard library:
 * afl-tmin, the independent regex checker, vector files, MANIFEST,
 * baselines); this finds the repository root as every other command does
 * and runs `python3 -m fuzz.triage` there with the same arguments, with the
 * Python the build was configured with. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util.h"

/* The Python the build was configured with (make PYTHON=...). */
#ifndef URITEST_PYTHON
#define URITEST_PYTHON "python3"
#endif

int cmd_triage(int argc, char **argv);

int cmd_triage(int argc, char **argv) {
  char *package = root_path("fuzz/triage/__main__.py");
  if (access(package, R_OK) != 0) {
    warnx_("triage: %s: %s", package, strerror(errno));
    return EXIT_USAGE;
  }
  /* the package is found from the root, never from the working folder
   * (PYTHONSAFEPATH: no "" first in sys.path), so a fuzz/ folder where
   * the command runs cannot stand in for it */
  const char *old = getenv("PYTHONPATH");
  struct buf path = {0};
  buf_puts(&path, repo_root());
  if (old && *old) {
    buf_putc(&path, ':');
    buf_puts(&path, old);
  }
  buf_putc(&path, 0);
  if (setenv("PYTHONPATH", path.p, 1) != 0 ||
      setenv("PYTHONSAFEPATH", "1", 1) != 0) {
    warnx_("triage: %s", strerror(errno));
    return EXIT_USAGE;
  }
  char **args = xcalloc((size_t)argc + 3, sizeof *args);
  args[0] = URITEST_PYTHON;
  args[1] = "-m";
  args[2] = "fuzz.triage";
  for (int i = 1; i < argc; i++)
    args[i + 2] = argv[i];
  fflush(NULL);
  execvp(args[0], args);
  warnx_("triage: cannot run %s: %s", args[0], strerror(errno));
  return EXIT_USAGE;
}
