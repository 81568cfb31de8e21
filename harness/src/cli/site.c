/* site.c: `uritest site [RESULTS]... [-o DIR]` (DESIGN.md "The site"), the
 * static site of a run.  The work is reports/site/site.py (Python standard
 * library), which renders the results through this uritest's own `report`
 * (results.json, the one model of a run); this finds the root as every
 * other command does, puts in the defaults of an installed or a built
 * uritest (out_path) and runs it with the Python the build was configured
 * with. */
#include <errno.h>
#include <stdio.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "commands.h"
#include "util.h"

#ifndef URITEST_PYTHON
#define URITEST_PYTHON "python3"
#endif

static const char site_usage[] =
    "usage: uritest site [OPTION]... [RESULTS]...\n"
    "A static site of results files: index.html (the matrix),\n"
    "adapters/NAME.html, badges/NAME.json (shields.io endpoint), api/v1/.\n"
    "  -o, --output-dir DIR  where (default: reports/out/site)\n"
    "  --pairs FILE          a pair matrix (several; default: the pairs.json\n"
    "                        beside each results file)\n"
    "  --help                this text\n"
    "RESULTS default: reports/out/results.jsonl.\n"
    "Exit: 0 written, 2 usage or input error.\n"
    "example: uritest site -o public reports/out/results.jsonl\n";

int cmd_site(int argc, char **argv) {
  for (int i = 1; i < argc; i++)
    if (!strcmp(argv[i], "--help")) {
      fputs(site_usage, stdout);
      return 0;
    }
  char *script = root_path("reports/site/site.py");
  if (access(script, R_OK) != 0) {
    warnx_("site: %s: %s", script, strerror(errno));
    free(script);
    return EXIT_USAGE;
  }
  char self[PATH_MAX];
  ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
  if (n <= 0) {
    warnx_("site: cannot find this uritest: %s", strerror(errno));
    free(script);
    return EXIT_USAGE;
  }
  self[n] = 0;
  int has_out = 0, has_results = 0;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "-o") || !strcmp(argv[i], "--output-dir")) {
      has_out = 1;
      i++;
    } else if (argv[i][0] != '-' || !strcmp(argv[i], "-")) {
      has_results = 1;
    }
  }
  char **args = xcalloc((size_t)argc + 8, sizeof *args);
  int k = 0;
  args[k++] = URITEST_PYTHON;
  args[k++] = script;
  args[k++] = "--uritest";
  args[k++] = self;
  if (!has_out) {
    args[k++] = "-o";
    args[k++] = out_path("reports/out/site");
  }
  for (int i = 1; i < argc; i++)
    args[k++] = argv[i];
  if (!has_results)
    args[k++] = out_path("reports/out/results.jsonl");
  fflush(NULL);
  execvp(args[0], args);
  warnx_("site: cannot run %s: %s", args[0], strerror(errno));
  return EXIT_USAGE;
}
