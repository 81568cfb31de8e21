/* explain.c: `uritest explain INPUT [--adapter NAME]... [--adapter-cmd
 * CMD]... [--format text|json]`: the oracle's derivation of INPUT, then
 * each adapter's reading of it side by side.  The readings come from
 * `uritest diff --format json` on INPUT (this executable, run once: the
 * one path that runs adapters on an arbitrary input and classifies their
 * answers); the rendering is reports/render/render_explain.c. */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <jansson.h>

#include "commands.h"
#include "model.h"
#include "util.h"

extern char **environ;

static const char usage_text[] =
    "usage: uritest explain INPUT [--adapter NAME]... [--adapter-cmd CMD]...\n"
    "                       [--format text|json] [--timeout S]\n"
    "The oracle's derivation of INPUT (which ABNF rule matched which octets,\n"
    "as rfc3986 explain prints it), then each adapter's reading of INPUT side\n"
    "by side, the components that differ from the oracle's marked (in colour\n"
    "on a terminal, unless NO_COLOR is set).  Default: every available\n"
    "adapter.  Exit 0 when every adapter reads INPUT as the oracle does, 1\n"
    "when one differs, 2 on a usage error.\n"
    "  --adapter NAME     a registered adapter (several; default: every\n"
    "                     available one)\n"
    "  --adapter-cmd CMD  an adapter's command line (several; default: none)\n"
    "  --format FORMAT    text or json (default: text)\n"
    "  --timeout S        seconds for each answer (default: 2)\n"
    "  --help             this text\n"
    "example: uritest explain 'http://a@b@c/' --adapter NAME\n";

/* A file of TMPDIR holding TEXT, its path in PATH (room for 64). */
static int temp_file(char *path, size_t cap, const char *text, size_t n) {
  const char *dir = getenv("TMPDIR");
  snprintf(path, cap, "%s/uritest-explain-XXXXXX", dir && *dir ? dir : "/tmp");
  int fd = mkstemp(path);
  if (fd < 0)
    return -1;
  if (text && (write(fd, text, n) != (ssize_t)n || write(fd, "\n", 1) != 1)) {
    close(fd);
    unlink(path);
    return -1;
  }
  return fd;
}

/* `uritest diff --format json ARGS... INPUT_FILE`, its standard output
 * into OUT_FD; the exit status, or -1. */
static int run_diff(char **args, int nargs, const char *input_file,
                    int out_fd) {
  char self[4096];
  ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
  if (n <= 0)
    return -1;
  self[n] = 0;
  char **argv = xcalloc((size_t)nargs + 6, sizeof *argv);
  int k = 0;
  argv[k++] = self;
  argv[k++] = "diff";
  argv[k++] = "--format";
  argv[k++] = "json";
  for (int i = 0; i < nargs; i++)
    argv[k++] = args[i];
  argv[k++] = (char *)input_file;
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_adddup2(&fa, out_fd, 1);
  pid_t pid;
  int rc = posix_spawn(&pid, self, &fa, NULL, argv, environ);
  posix_spawn_file_actions_destroy(&fa);
  free(argv);
  if (rc != 0) {
    errno = rc;
    return -1;
  }
  int st;
  while (waitpid(pid, &st, 0) < 0)
    if (errno != EINTR)
      return -1;
  return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

int cmd_explain(int argc, char **argv) {
  enum { O_ADAPTER = 256, O_ADAPTER_CMD, O_FORMAT, O_TIMEOUT, O_HELP };
  static const struct option opts[] = {
      {"adapter", required_argument, 0, O_ADAPTER},
      {"adapter-cmd", required_argument, 0, O_ADAPTER_CMD},
      {"format", required_argument, 0, O_FORMAT},
      {"timeout", required_argument, 0, O_TIMEOUT},
      {"help", no_argument, 0, O_HELP},
      {0, 0, 0, 0}};
  char **pass = xcalloc((size_t)argc * 2 + 1, sizeof *pass);
  int npass = 0, json = 0, c;
  optind = 1;
  opterr = 0;
  while ((c = getopt_long(argc, argv, "", opts, NULL)) != -1) {
    if (c == O_ADAPTER || c == O_ADAPTER_CMD || c == O_TIMEOUT) {
      pass[npass++] = c == O_ADAPTER       ? "--adapter"
                      : c == O_ADAPTER_CMD ? "--adapter-cmd"
                                           : "--timeout";
      pass[npass++] = optarg;
    } else if (c == O_FORMAT &&
               (!strcmp(optarg, "text") || !strcmp(optarg, "json"))) {
      json = !strcmp(optarg, "json");
    } else if (c == O_HELP) {
      fputs(usage_text, stdout);
      free(pass);
      return EXIT_OK;
    } else {
      fputs(usage_text, stderr);
      free(pass);
      return EXIT_USAGE;
    }
  }
  if (argc - optind != 1) {
    warnx_("explain: exactly one INPUT is needed");
    fputs(usage_text, stderr);
    free(pass);
    return EXIT_USAGE;
  }
  const char *input = argv[optind];
  size_t len = strlen(input);
  if (memchr(input, '\n', len)) {
    warnx_("explain: INPUT holds a newline: adapters read one input a line");
    free(pass);
    return EXIT_USAGE;
  }
  char inpath[4200], outpath[4200];
  int in_fd = temp_file(inpath, sizeof inpath, input, len);
  int out_fd = in_fd < 0 ? -1 : temp_file(outpath, sizeof outpath, NULL, 0);
  if (in_fd < 0 || out_fd < 0) {
    warnx_("explain: cannot make a temporary file: %s", strerror(errno));
    if (in_fd >= 0) {
      close(in_fd);
      unlink(inpath);
    }
    free(pass);
    return EXIT_USAGE;
  }
  close(in_fd);
  int st = run_diff(pass, npass, inpath, out_fd);
  free(pass);
  unlink(inpath);
  json_error_t err;
  json_t *doc = st >= 0 && st <= 1 ? json_load_file(outpath, 0, &err) : NULL;
  close(out_fd);
  unlink(outpath);
  if (!doc) {
    /* diff said why on standard error */
    if (st < 0)
      warnx_("explain: cannot run uritest diff: %s", strerror(errno));
    return st > 1 ? st : EXIT_USAGE;
  }
  const char *no_color = getenv("NO_COLOR");
  int rc = render_explain(stdout, input, len, doc, json,
                          !json && isatty(1) && !(no_color && *no_color));
  json_decref(doc);
  return rc;
}
