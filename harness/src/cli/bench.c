/* bench.c: `uritest bench` runs uritest-bench, built beside uritest with
 * every in-process adapter glue linked in (adapters/bench/uritest-bench.c),
 * so that uritest itself links none of the third-party libraries. */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "commands.h"
#include "util.h"

int cmd_bench(int argc, char **argv) {
  char exe[PATH_MAX];
  ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 16);
  char *slash;
  if (n > 0)
    exe[n] = '\0';
  if (n <= 0 || (slash = strrchr(exe, '/')) == NULL) {
    warnx_("bench: cannot find the uritest executable's folder");
    return EXIT_USAGE;
  }
  strcpy(slash + 1, "uritest-bench");
  argv[0] = exe;
  (void)argc;
  execv(exe, argv);
  warnx_("bench: cannot run %s: %s (build it with make)", exe, strerror(errno));
  return EXIT_USAGE;
}
