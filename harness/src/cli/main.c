/* main.c: the uritest command: subcommand dispatch, `uritest adapters`. */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "adapter.h"
#include "commands.h"
#include "files.h"
#include "util.h"

struct command {
  const char *name;
  int (*fn)(int argc, char **argv);
  const char *summary;
};

int cmd_triage(int argc, char **argv); /* triage.c */
/* A new subcommand (bench, triage, report) is one line here. */
static const struct command commands[] = {
    {"run", cmd_run, "run vectors through adapters, compare, classify"},
    {"diff", cmd_diff,
     "run arbitrary inputs through adapters against the reference"},
    {"adapters", cmd_adapters,
     "list the adapters known, their library and availability"},
    {"bench", cmd_bench,
     "parse throughput per in-process adapter (see --help)"},
    {"import", cmd_import,
     "import wpt FILE [-o OUT]: convert WHATWG urltestdata.json"},
    {"triage", cmd_triage,
     "turn fuzzer findings (AFL++, libFuzzer) into regression vectors"},
    {"merge", cmd_merge,
     "join results files (shards, or your adapter beside another run)"},
    {"check", cmd_check,
     "apply a baseline to results files, with the exit codes of run"},
    {"list", cmd_list,
     "list tags|files|groups|sections|ops: what the filters accept, counted"},
    {"report", cmd_report,
     "render a results file: reports/out/index.html, summary.md, results.json"},
    {"explain", cmd_explain,
     "one input: the oracle's derivation beside every adapter's reading"},
    {"bisect", cmd_bisect,
     "one adapter's vectors across published versions of its library"},
    {"versions", cmd_versions,
     "behaviours and advisories across libraries' published versions"},
    {"pairs", cmd_pairs,
     "the parser-pair confusion matrix: pairs reading different endpoints"},
    {"fetch", cmd_fetch,
     "where real HTTP clients connect, observed in a sealed namespace"},
    {"fuzz", cmd_fuzz,
     "differential fuzzing of any adapter against the oracle (or --whatwg)"},
    {"compare", cmd_compare,
     "two results files of one adapter: fixed, regressed, newly rejected"},
    {"site", cmd_site,
     "the static site of a run: matrix, adapter pages, badges, JSON API"},
    {"behaviours", cmd_behaviours,
     "attribute a results file's failures to the adapters' named behaviours"},
};

static void usage(FILE *f) {
  fprintf(f, "usage: uritest COMMAND [OPTION]...\n\ncommands:\n");
  for (size_t i = 0; i < sizeof commands / sizeof *commands; i++)
    fprintf(f, "  %-10s %s\n", commands[i].name, commands[i].summary);
  fprintf(
      f,
      "\n`uritest COMMAND --help` for its options.  Exit codes: 0 success,\n"
      "1 a negative answer (mismatch, discrepancy), 2 usage or input error.\n");
  /* every getenv of the harness, and of what it runs for triage */
  fprintf(
      f, "\nenvironment:\n"
         "  URITEST_ROOT       the repository root (default: the folder above\n"
         "                     build/ that holds this executable)\n"
         "  URITEST_WINDOW     requests in flight per adapter, 1 to 256 "
         "(default 256)\n"
         "  URITEST_MAX_LINE   longest answer line taken, in bytes (default "
         "8 MiB,\n"
         "                     or more for long requests)\n"
         "  URITEST_RUSAGE     1: print uritest's own CPU time and peak "
         "memory\n"
         "                     on standard error when a command ends\n"
         "  SOURCE_DATE_EPOCH  the date written into results and reports\n"
         "  URITEST_CHECK_TIMEOUT  seconds an adapter's availability check "
         "may take (10)\n"
         "  NO_COLOR           explain: no colour even on a terminal\n"
         "  TMPDIR             explain: where its temporary files go (/tmp)\n"
         "  BUILD              triage: the build folder of the fuzz targets "
         "(build)\n");
}

#define ADAPTERS_USAGE                                                         \
  "usage: uritest adapters [--json] [--hello-timeout S] [NAME]..."

/* One adapter's entry of the listing; A is D's adapter when D's check
 * passed (STARTED: its hello was read), NULL when it did not. */
static json_t *adapter_entry(struct adapter_def *d, const struct adapter *a,
                             int started) {
  json_t *e = json_pack("{s:s, s:s?, s:s?, s:b}", "name", d->name, "library",
                        NULL, "spec", d->spec, "available", d->available);
  if (a && started) {
    json_object_set_new(e, "library", json_string(a->library));
    json_object_set_new(e, "spec", json_string(a->spec));
  } else if (a) {
    json_object_set_new(e, "available", json_false());
    json_object_set_new(e, "why",
                        json_sprintf("does not start: %s", a->last_why));
  } else {
    json_object_set_new(e, "why",
                        json_string(d->why ? d->why : "not available"));
  }
  if (d->install)
    json_object_set_new(e, "install", json_string(d->install));
  if (d->versions) {
    json_t *pub = json_array();
    for (char **v = d->versions; *v; v++)
      json_array_append_new(pub, json_string(*v));
    json_object_set_new(
        e, "versions",
        json_pack("{s:s, s:o}", "pinned", d->pinned, "published", pub));
  }
  return e;
}

/* The entries of DEFS[0..N): each checked, each available one started once
 * for the library and spec its hello line gives, the next one spawned
 * while a hello is awaited (adapters_hello's overlap, one attempt each). */
static json_t *adapter_entries(struct adapter_def **defs, size_t n,
                               double hello) {
  struct adapter *ad = xcalloc(n + 1, sizeof *ad);
  json_t *list = json_array();
  for (size_t k = 0; k < n; k++) {
    adapter_def_check(defs[k]);
    adapter_init(&ad[k], defs[k], hello, 2);
    ad[k].failed_starts = 2; /* one attempt is enough for a listing */
  }
  for (size_t k = 0; k < n; k++) {
    if (!defs[k]->available) {
      json_array_append_new(list, adapter_entry(defs[k], NULL, 0));
      continue;
    }
    for (size_t j = k + 1; j < n; j++)
      if (defs[j]->available) {
        adapter_spawn_ahead(&ad[j]);
        break;
      }
    int started = adapter_start(&ad[k]) == 0;
    json_array_append_new(list, adapter_entry(defs[k], &ad[k], started));
    adapter_stop(&ad[k]);
  }
  for (size_t k = 0; k < n; k++)
    adapter_free(&ad[k]);
  free(ad);
  return list;
}

/* The listing as a table: name, spec, library, availability and why. */
static void adapters_table(json_t *list) {
  size_t i;
  json_t *e;
  int wname = 4, wspec = 4, wlib = 7;
  json_array_foreach(list, i, e) {
    const char *n = json_string_value(json_object_get(e, "name"));
    const char *sp = json_string_value(json_object_get(e, "spec"));
    const char *lib = json_string_value(json_object_get(e, "library"));
    if (n && (int)strlen(n) > wname)
      wname = (int)strlen(n);
    if (sp && (int)strlen(sp) > wspec)
      wspec = (int)strlen(sp);
    if (lib && (int)strlen(lib) > wlib)
      wlib = (int)strlen(lib);
  }
  json_array_foreach(list, i, e) {
    const char *lib = json_string_value(json_object_get(e, "library"));
    const char *spec = json_string_value(json_object_get(e, "spec"));
    /* names, libraries and reasons come from hello lines: escaped */
    const char *cells[3] = {json_string_value(json_object_get(e, "name")),
                            spec ? spec : "?", lib ? lib : "-"};
    int widths[3] = {wname, wspec, wlib};
    for (int k = 0; k < 3; k++) {
      put_labels(stdout, cells[k]);
      printf("%*s", widths[k] - (int)strlen(cells[k]) + 2, "");
    }
    fputs(json_is_true(json_object_get(e, "available")) ? "available"
                                                        : "unavailable",
          stdout);
    const char *why = json_string_value(json_object_get(e, "why"));
    if (why) {
      fputs(": ", stdout);
      put_labels(stdout, why);
    }
    putchar('\n');
  }
}

/* Whether D is one of WANT[0..N) (any adapter when N is 0). */
static int wanted(struct adapter_def **want, int n,
                  const struct adapter_def *d) {
  for (int k = 0; k < n; k++)
    if (want[k] == d)
      return 1;
  return n == 0;
}

/* The entries of NAMES (N of them; all the registry's when N is 0), in the
 * registry's order, then the versions named (NAME@VERSION) that are not
 * the pinned one; NULL, saying which, when a name is not registered. */
static json_t *adapters_list(struct registry *reg, char **names, int n,
                             double hello) {
  struct adapter_def **want = xcalloc((size_t)n + 1, sizeof *want);
  for (int k = 0; k < n; k++)
    if (!(want[k] = registry_find(reg, names[k]))) {
      warnx_("adapters: no adapter named \"%s\" (uritest adapters lists "
             "them)",
             names[k]);
      free(want);
      return NULL;
    }
  struct adapter_def **defs = xcalloc(reg->n + (size_t)n + 1, sizeof *defs);
  size_t nd = 0;
  for (size_t i = 0; i < reg->n; i++)
    if (wanted(want, n, &reg->defs[i]))
      defs[nd++] = &reg->defs[i];
  for (int k = 0; k < n; k++) {
    int listed = want[k] >= reg->defs && want[k] < reg->defs + reg->n;
    int named_before = k > 0 && wanted(want, k, want[k]);
    if (!listed && !named_before)
      defs[nd++] = want[k];
  }
  json_t *list = adapter_entries(defs, nd, hello);
  free(defs);
  free(want);
  return list;
}

int cmd_adapters(int argc, char **argv) {
  int json = 0;
  double hello = 5;
  static const struct option opts[] = {
      {"json", no_argument, 0, 'j'},
      {"hello-timeout", required_argument, 0, 't'},
      {"help", no_argument, 0, 'h'},
      {0, 0, 0, 0}};
  optind = 1;
  opterr = 0;
  int c;
  while ((c = getopt_long(argc, argv, "", opts, NULL)) != -1) {
    if (c == 'j') {
      json = 1;
    } else if (c == 't' && parse_seconds(optarg) > 0) {
      hello = parse_seconds(optarg);
    } else if (c == 'h') {
      fputs(ADAPTERS_USAGE
            "\n"
            "The adapters known (adapters/*/adapter.json and the reference),\n"
            "each with its library version and spec, and whether it is\n"
            "available here (started, hello read) or why not; with NAMEs,\n"
            "only those (a name not registered is exit 2).\n"
            "  --json             {\"adapters\": [{\"name\", \"library\", "
            "\"spec\",\n"
            "                     \"available\", \"why\"}]} (default: a "
            "table)\n"
            "  --hello-timeout S  seconds for each hello line (default: 5)\n"
            "  --help             this text\n"
            "example: uritest adapters --json curl glib\n",
            stdout);
      return 0;
    } else {
      warnx_(ADAPTERS_USAGE);
      return EXIT_USAGE;
    }
  }
  install_signal_handlers();
  struct registry reg;
  registry_load(&reg);
  json_t *list = adapters_list(&reg, argv + optind, argc - optind, hello);
  if (!list) {
    registry_free(&reg);
    return EXIT_USAGE;
  }
  if (json) {
    json_t *doc = json_pack("{s:o}", "adapters", list);
    json_dumpf(doc, stdout, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
    putchar('\n');
    json_decref(doc);
  } else {
    adapters_table(list);
    json_decref(list);
  }
  registry_free(&reg);
  return 0;
}

/* URITEST_RUSAGE=1: this process's own CPU time and peak memory on
 * standard error (the adapters are processes of their own, not counted). */
static void report_rusage(void) {
  const char *e = getenv("URITEST_RUSAGE");
  struct rusage ru;
  if (!e || !*e || strcmp(e, "0") == 0 || getrusage(RUSAGE_SELF, &ru) < 0)
    return;
  fprintf(stderr, "uritest: rusage: user %.3f s, sys %.3f s, maxrss %ld kB\n",
          (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec / 1e6,
          (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec / 1e6,
          ru.ru_maxrss);
}

int main(int argc, char **argv) {
  set_argv0(argv[0]);
  stdout_watch();
  if (argc < 2) {
    usage(stderr);
    return EXIT_USAGE;
  }
  const char *cmd = argv[1];
  if (!strcmp(cmd, "--version") || !strcmp(cmd, "version")) {
    printf("uritest %s\n", URITEST_VERSION);
    return stdout_finish(0);
  }
  if (!strcmp(cmd, "--help") || !strcmp(cmd, "-h") || !strcmp(cmd, "help")) {
    usage(stdout);
    return stdout_finish(0);
  }
  for (size_t i = 0; i < sizeof commands / sizeof *commands; i++)
    if (!strcmp(cmd, commands[i].name)) {
      int rc = commands[i].fn(argc - 1, argv + 1);
      report_rusage();
      return stdout_finish(rc);
    }
  warnx_("unknown command \"%s\"", cmd);
  usage(stderr);
  return EXIT_USAGE;
}
