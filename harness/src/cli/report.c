/* report.c: `uritest report [RESULTS]...`: the options, then the report
 * model read from the results files (reports/render/model.c) and its three
 * renderers (reports/render/render_{json,md,html}.c): results.json,
 * summary.md, index.html.  Rendering lives in reports/render. */
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "model.h"
#include "commands.h"
#include "files.h"
#include "results.h"
#include "pairs.h"
#include "util.h"
#include "merge.h"

static const char usage_text[] =
    "usage: uritest report [OPTION]... [RESULTS]...\n"
    "Render results files (several are read in turn) into index.html,\n"
    "summary.md (the verdict first, then totals; under 1 MB) and\n"
    "results.json.\n"
    "  --output-dir DIR     where (default: reports/out)\n"
    "  --baseline FILE      the verdict of summary.md against this baseline\n"
    "                       (several: one per adapter; default: the results'\n"
    "                       own \"baseline\" marks)\n"
    "  --rule-coverage FILE rule coverage to include (default:\n"
    "                       DIR/rule-coverage.json when present)\n"
    "  --coverage FILE      code coverage to include (default:\n"
    "                       DIR/coverage/summary.txt when present)\n"
    "  --pairs FILE         the pair matrix to include (default: the first\n"
    "                       RESULTS's, NAME.pairs.json, when present)\n"
    "  --fetch FILE         the fetch lab's results (`uritest fetch --format\n"
    "                       json`) for the \"where requests go\" view\n"
    "                       (default: the first RESULTS's NAME.fetch.json,\n"
    "                       when present)\n"
    "  --all                results.json with the UNSUPPORTED results too\n"
    "                       (default: without)\n"
    "  --quiet              no summary on the terminal (default: one)\n"
    "  --help               this text\n"
    "RESULTS default: reports/out/results.jsonl.\n"
    "example: uritest report --output-dir out --baseline base.json "
    "results.jsonl\n";

/* OPT when given (warned about when missing, or always when WARN), else
 * DIR/NAME when present, else NULL; a new string. */
static char *extra(const char *opt, const char *dir, const char *name,
                   const char *what, int warn) {
  struct stat st;
  char *p = opt ? xstrdup(opt) : report_out_path(dir, name);
  if (stat(p, &st) == 0)
    return p;
  if (warn)
    warnx_("%s: not found: %s left out", p, what);
  free(p);
  return NULL;
}

/* The terminal summary, names and versions with visible escapes. */
/* The report folder DIR made and claimed: its lock file held, so that
 * two reports never mix their files in one folder.  The lock's
 * descriptor, or -1 after a message. */
static int claim_dir(const char *dir) {
  if (mkdir_p(dir) < 0) {
    warnx_("%s: cannot make the folder: %s", dir, strerror(errno));
    return -1;
  }
  char *p = report_out_path(dir, ".uritest.lock");
  int fd = claim_file(p, 1);
  free(p);
  return fd;
}

static void terminal_summary(const struct report *r, const char *dir) {
  struct buf b = {0};
  for (size_t k = 0; k < r->nad; k++) {
    const struct rpt_adapter *a = &r->ad[k];
    b.len = 0;
    buf_puts(&b, "");
    report_show(&b, rs(r, a->name), rslen(r, a->name));
    buf_puts(&b, " (");
    report_show(&b, rs(r, a->library), rslen(r, a->library));
    printf("%s): %zu passed, %zu failed, %zu security-relevant", b.p, a->passed,
           a->failed, a->security);
    if (a->unsupported)
      printf(", %zu unsupported", a->unsupported);
    putchar('\n');
    for (int c = 1; c < CLASS__COUNT; c++)
      if (a->by_class[c])
        printf("  %-22s %zu\n", class_names[c], a->by_class[c]);
  }
  free(b.p);
  printf("report: %s/index.html, %s/summary.md, %s/results.json\n", dir, dir,
         dir);
}

/* Each record once: into the model and into summary.md's verdict. */
static int on_record(void *ctx, const struct rrecord *rec) {
  struct report *r = ctx;
  int rc = report_record(r, rec);
  return rc ? rc : verdict_record(r->verdict, rec);
}

/* The results files into R (and its verdict), each read once, in order. */
static int read_results(struct report *r, struct render_opts *ro) {
  int rc = verdict_begin(&ro->verdict, ro->results, ro->nresults, ro->baselines,
                         ro->nbaselines, REPORT_VERDICT_BUDGET, report_md_text);
  r->verdict = ro->verdict;
  if (rc == 0)
    rc = results_each(ro->results, ro->nresults, on_record, r);
  report_sources(r, ro->results, ro->nresults);
  if (rc == 0 && r->nad == 0) {
    warnx_("%s: no results", r->source);
    rc = EXIT_USAGE;
  }
  return rc;
}

int cmd_report(int argc, char **argv) {
  static const struct option opts[] = {
      {"output-dir", required_argument, 0, 'o'},
      {"rule-coverage", required_argument, 0, 'r'},
      {"coverage", required_argument, 0, 'c'},
      {"pairs", required_argument, 0, 'p'},
      {"fetch", required_argument, 0, 'f'},
      {"all", no_argument, 0, 'a'},
      {"quiet", no_argument, 0, 'q'},
      {"baseline", required_argument, 0, 'b'},
      {"help", no_argument, 0, 'h'},
      {0, 0, 0, 0}};
  const char *dir_opt = NULL, *rc_opt = NULL, *cov_opt = NULL,
             *pairs_opt = NULL, *fetch_opt = NULL;
  int quiet = 0, all = 0, c, nbaselines = 0;
  char **baselines = NULL;
  optind = 1;
  opterr = 0;
  while ((c = getopt_long(argc, argv, "o:q", opts, NULL)) != -1) {
    switch (c) {
    case 'o':
      dir_opt = optarg;
      break;
    case 'r':
      rc_opt = optarg;
      break;
    case 'c':
      cov_opt = optarg;
      break;
    case 'p':
      pairs_opt = optarg;
      break;
    case 'f':
      fetch_opt = optarg;
      break;
    case 'a':
      all = 1;
      break;
    case 'q':
      quiet = 1;
      break;
    case 'b':
      filter_add(&baselines, &nbaselines, optarg);
      break;
    case 'h':
      fputs(usage_text, stdout);
      filter_free(baselines, nbaselines);
      return EXIT_OK;
    default:
      fputs(usage_text, stderr);
      filter_free(baselines, nbaselines);
      return EXIT_USAGE;
    }
  }
  if (dir_opt && !*dir_opt) {
    warnx_("--output-dir: empty");
    filter_free(baselines, nbaselines);
    return EXIT_USAGE;
  }
  char *dir = dir_opt ? xstrdup(dir_opt) : out_path("reports/out");
  int lock = claim_dir(dir);
  struct render_opts ro = {.dir = dir,
                           .rulecov = extra(rc_opt, dir, "rule-coverage.json",
                                            "rule coverage", rc_opt != NULL),
                           .coverage =
                               extra(cov_opt, dir, "coverage/summary.txt",
                                     "coverage", cov_opt != NULL),
                           .all = all,
                           .baselines = baselines,
                           .nbaselines = nbaselines,
                           .verdict_end = verdict_end};
  struct report r;
  memset(&r, 0, sizeof r);
  r.spool = tmpfile();
  r.keep_unsupported = all;
  int rc = r.spool && lock >= 0 ? 0 : EXIT_USAGE;
  if (!r.spool)
    warnx_("cannot make a temporary file");
  char *deflt = out_path("reports/out/results.jsonl");
  ro.results = optind == argc ? &deflt : argv + optind;
  ro.nresults = optind == argc ? 1 : argc - optind;
  char *pairs_deflt = pairs_path_for(ro.results[0]);
  ro.pairs = extra(pairs_opt ? pairs_opt : pairs_deflt, NULL, NULL,
                   "pair matrix", pairs_opt != NULL);
  free(pairs_deflt);
  char *fetch_deflt = fetch_path_for(ro.results[0]);
  char *fetch_path = extra(fetch_opt ? fetch_opt : fetch_deflt, NULL, NULL,
                           "fetch file", fetch_opt != NULL);
  free(fetch_deflt);
  if (fetch_opt && !fetch_path)
    rc = EXIT_USAGE;
  if (rc == 0 && fetch_path && !(ro.fetch = fetch_file_load(fetch_path)))
    rc = EXIT_USAGE;
  free(fetch_path);
  if (rc == 0)
    rc = read_results(&r, &ro);
  if (rc == 0) {
    report_finish(&r);
    rc = render_json(&r, &ro);
    if (rc == 0) {
      rc = render_md(&r, &ro); /* writes and frees the verdict */
      ro.verdict = NULL;
    }
    if (rc == 0)
      rc = render_html(&r, &ro);
    if (rc == 0 && !quiet)
      terminal_summary(&r, dir);
  }
  verdict_free(ro.verdict);
  report_free(&r);
  free(deflt);
  filter_free(baselines, nbaselines);
  free((char *)ro.rulecov);
  free((char *)ro.coverage);
  free((char *)ro.pairs);
  json_decref(ro.fetch);
  free(dir);
  if (lock >= 0)
    close(lock);
  return rc;
}
