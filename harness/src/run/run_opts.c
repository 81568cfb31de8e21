/* run_opts.c: the options of `uritest run` and `uritest diff` (run.h):
 * one table of long options, the lists they add to, their values checked. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "classify.h"
#include "run.h"

const char run_usage[] =
    "usage: uritest run [OPTION]...\n"
    "Run the vectors through the adapters, compare, classify; every result\n"
    "goes to the results file as it arrives.\n"
    "  --vectors PATH        a vector file or folder (several: all of them;\n"
    "                        default: vectors/v1 of this uritest)\n"
    "  --adapter NAME        a registered adapter (uritest adapters; several;\n"
    "                        default: every available one)\n"
    "  --adapter-cmd CMD     an adapter's command line, run with /bin/sh -c\n"
    "                        (several; default: none)\n"
    "  --format FORMAT       standard output: text, tap, junit or json\n"
    "                        (default: text)\n"
    "  --verbose             text: every failure as it comes (default: one\n"
    "                        example per kind of failure, before the totals)\n"
    "  --output FILE         the results file, overwritten (default:\n"
    "                        reports/out/results.jsonl; /dev/null for none)\n"
    "  --pairs FILE          the pair matrix (default: pairs.json beside a\n"
    "                        regular results file; none for /dev/null)\n"
    "  --baseline FILE       compare with an adapter's known discrepancies\n"
    "                        (several: one per adapter; default: none)\n"
    "  --write-baseline FILE record the discrepancies as a baseline "
    "({adapter}\n"
    "                        in FILE or a folder for several; default: none)\n"
    "  --force               write the baseline even of an adapter that never\n"
    "                        answered or crashed on more than 5% (default: "
    "no)\n"
    "  --shard I/N           run the I-th of N shares, by vector id (default:\n"
    "                        all)\n"
    "  --timeout S           seconds for each answer (default: 2)\n"
    "  --hello-timeout S     seconds for the hello line (default: 5)\n"
    "  --file GLOB           only the vector files that match (several: any;\n"
    "                        default: all)\n"
    "  --group GLOB          only the groups whose description or index match\n"
    "                        (default: all)\n"
    "  --id GLOB             only the vectors whose id matches (default: all)\n"
    "  --tag GLOB            only the vectors with a matching tag (default:\n"
    "                        all)\n"
    "  --section SEC         only the vectors of an RFC section (3.2 takes\n"
    "                        3.2.2; rfc3987:2.2 names the document; default:\n"
    "                        all)\n"
    "  --op OP               only one operation: parse, match, resolve,\n"
    "                        normalize, equivalent, iri-to-uri (default: all)\n"
    "  --exclude-file GLOB   leave out the files that match (default: none)\n"
    "  --exclude-group GLOB  leave out the groups that match (default: none)\n"
    "  --exclude-id GLOB     leave out the vectors whose id matches (default:\n"
    "                        none)\n"
    "  --exclude-tag GLOB    leave out the vectors with a matching tag\n"
    "                        (default: none)\n"
    "  --max-vector-bytes N  the largest vector file read, N[K|M|G] bytes\n"
    "                        (default: 1G)\n"
    "  --jobs N              adapters run side by side (default: 1)\n"
    "  --resume FILE         go on with an interrupted run's results file\n"
    "                        (default: start afresh)\n"
    "  --progress            progress on standard error (default: on a\n"
    "                        terminal only)\n"
    "  --no-progress         no progress line (default: see --progress)\n"
    "  --help                this text\n"
    "Exit: 0 every result passes (with --baseline: exactly the baseline's\n"
    "discrepancies), 1 otherwise, 2 usage or input error (no vector selected,\n"
    "no adapter started, --write-baseline refused too).\n"
    "example: uritest run --adapter-cmd ./my-adapter --baseline base.json "
    "--format junit > junit.xml\n";
const char diff_usage[] =
    "usage: uritest diff [OPTION]... [FILE|-]\n"
    "Arbitrary inputs, one per line (default: standard input), through the\n"
    "adapters against the reference, streamed.\n"
    "  --adapter NAME        a registered adapter (several; default: every\n"
    "                        available one but the reference)\n"
    "  --adapter-cmd CMD     an adapter's command line (several; default: "
    "none)\n"
    "  --format FORMAT       text, tap, junit or json (default: text)\n"
    "  --output FILE         a results file (default: none)\n"
    "  --timeout S           seconds for each answer (default: 2)\n"
    "  --hello-timeout S     seconds for the hello line (default: 5)\n"
    "  --progress            progress on standard error (default: on a\n"
    "                        terminal only)\n"
    "  --no-progress         no progress line (default: see --progress)\n"
    "  --help                this text\n"
    "example: printf 'http://a/b\\n' | uritest diff --adapter NAME -\n";

enum {
  O_VECTORS = 256,
  O_ADAPTER,
  O_ADAPTER_CMD,
  O_FORMAT,
  O_OUTPUT,
  O_BASELINE,
  O_WRITE_BASELINE,
  O_TIMEOUT,
  O_HELLO_TIMEOUT,
  O_FILE,
  O_GROUP,
  O_ID,
  O_TAG,
  O_SECTION,
  O_OP,
  O_PROGRESS,
  O_NO_PROGRESS,
  O_HELP,
  O_JOBS,
  O_RESUME,
  O_FORCE,
  O_SHARD,
  O_XFILE,
  O_XGROUP,
  O_XID,
  O_XTAG,
  O_MAX_VECTOR_BYTES,
  O_PAIRS,
  O_VERBOSE
};

static const struct option long_opts[] = {
    {"vectors", required_argument, 0, O_VECTORS},
    {"adapter", required_argument, 0, O_ADAPTER},
    {"adapter-cmd", required_argument, 0, O_ADAPTER_CMD},
    {"format", required_argument, 0, O_FORMAT},
    {"output", required_argument, 0, O_OUTPUT},
    {"baseline", required_argument, 0, O_BASELINE},
    {"write-baseline", required_argument, 0, O_WRITE_BASELINE},
    {"timeout", required_argument, 0, O_TIMEOUT},
    {"hello-timeout", required_argument, 0, O_HELLO_TIMEOUT},
    {"file", required_argument, 0, O_FILE},
    {"group", required_argument, 0, O_GROUP},
    {"id", required_argument, 0, O_ID},
    {"tag", required_argument, 0, O_TAG},
    {"section", required_argument, 0, O_SECTION},
    {"op", required_argument, 0, O_OP},
    {"progress", no_argument, 0, O_PROGRESS},
    {"no-progress", no_argument, 0, O_NO_PROGRESS},
    {"help", no_argument, 0, O_HELP},
    {"jobs", required_argument, 0, O_JOBS},
    {"resume", required_argument, 0, O_RESUME},
    {"force", no_argument, 0, O_FORCE},
    {"shard", required_argument, 0, O_SHARD},
    {"exclude-file", required_argument, 0, O_XFILE},
    {"exclude-group", required_argument, 0, O_XGROUP},
    {"exclude-id", required_argument, 0, O_XID},
    {"exclude-tag", required_argument, 0, O_XTAG},
    {"max-vector-bytes", required_argument, 0, O_MAX_VECTOR_BYTES},
    {"pairs", required_argument, 0, O_PAIRS},
    {"verbose", no_argument, 0, O_VERBOSE},
    {0, 0, 0, 0}};

/* The options of run that diff refuses: every one but the adapters, the
 * output, the timeouts, the progress and --help. */
static int run_only(int c) {
  switch (c) {
  case O_ADAPTER:
  case O_ADAPTER_CMD:
  case O_FORMAT:
  case 'o':
  case O_OUTPUT:
  case O_TIMEOUT:
  case O_HELLO_TIMEOUT:
  case O_PROGRESS:
  case O_NO_PROGRESS:
  case O_HELP:
    return 0;
  default:
    return 1;
  }
}

/* The list an option adds its value to, or NULL when it adds to none. */
static char ***option_list(struct runopts *o, int c, int **n) {
  struct {
    int opt;
    char ***list;
    int *n;
  } lists[] = {{O_VECTORS, &o->vectors, &o->nvectors},
               {O_ADAPTER, &o->adapters, &o->nadapters},
               {O_ADAPTER_CMD, &o->cmds, &o->ncmds},
               {O_BASELINE, &o->baselines, &o->nbaselines},
               {O_FILE, &o->f.files, &o->f.nfiles},
               {O_GROUP, &o->f.groups, &o->f.ngroups},
               {O_ID, &o->f.ids, &o->f.nids},
               {O_TAG, &o->f.tags, &o->f.ntags},
               {O_SECTION, &o->f.sections, &o->f.nsections},
               {O_OP, &o->f.ops, &o->f.nops},
               {O_XFILE, &o->f.xfiles, &o->f.nxfiles},
               {O_XGROUP, &o->f.xgroups, &o->f.nxgroups},
               {O_XID, &o->f.xids, &o->f.nxids},
               {O_XTAG, &o->f.xtags, &o->f.nxtags}};
  for (size_t i = 0; i < sizeof lists / sizeof *lists; i++)
    if (lists[i].opt == c) {
      *n = lists[i].n;
      return lists[i].list;
    }
  return NULL;
}

void runopts_filters(const struct runopts *o,
                     struct optlist lists[RUNOPTS_NFILTERS]) {
  const struct filters *f = &o->f;
  const struct optlist all[RUNOPTS_NFILTERS] = {
      {"file", f->files, f->nfiles},
      {"group", f->groups, f->ngroups},
      {"id", f->ids, f->nids},
      {"tag", f->tags, f->ntags},
      {"section", f->sections, f->nsections},
      {"op", f->ops, f->nops},
      {"exclude-file", f->xfiles, f->nxfiles},
      {"exclude-group", f->xgroups, f->nxgroups},
      {"exclude-id", f->xids, f->nxids},
      {"exclude-tag", f->xtags, f->nxtags}};
  memcpy(lists, all, sizeof all);
}

json_t *runopts_selection(const struct runopts *o) {
  struct optlist lists[RUNOPTS_NFILTERS];
  runopts_filters(o, lists);
  json_t *sel = json_object(), *filters = json_object();
  char shard[32];
  snprintf(shard, sizeof shard, "%u/%u", o->shard, o->nshards);
  if (o->nshards)
    json_object_set_new(sel, "shard", json_string(shard));
  for (size_t i = 0; i < RUNOPTS_NFILTERS; i++) {
    json_t *a = lists[i].n ? json_array() : NULL;
    for (int k = 0; k < lists[i].n; k++)
      json_array_append_new(a, json_string(lists[i].vals[k]));
    if (a)
      json_object_set_new(filters, lists[i].name, a);
  }
  if (json_object_size(filters))
    json_object_set(sel, "filters", filters);
  json_decref(filters);
  if (json_object_size(sel))
    return sel;
  json_decref(sel);
  return NULL;
}

static int parse_format(const char *arg, enum format *fmt) {
  static const struct {
    const char *name;
    enum format fmt;
  } formats[] = {{"text", FMT_TEXT},
                 {"tap", FMT_TAP},
                 {"junit", FMT_JUNIT},
                 {"json", FMT_JSON}};
  for (size_t i = 0; i < sizeof formats / sizeof *formats; i++)
    if (!strcmp(arg, formats[i].name)) {
      *fmt = formats[i].fmt;
      return 0;
    }
  warnx_("unknown format \"%s\" (text, tap, junit, json)", arg);
  return EXIT_USAGE;
}

static int parse_jobs(const char *arg, int *jobs) {
  char *end;
  long n = strtol(arg, &end, 10);
  if (*end || end == arg || n < 1 || n > 256) {
    warnx_("--jobs: not a number of adapters from 1 to 256: \"%s\"", arg);
    return EXIT_USAGE;
  }
  *jobs = (int)n;
  return 0;
}

/* A decimal number of 1 to 5 digits at *P (moved past it), or 0. */
static unsigned shard_number(const char **p) {
  unsigned v = 0;
  int digits = 0;
  for (; **p >= '0' && **p <= '9' && digits < 6; (*p)++, digits++)
    v = v * 10 + (unsigned)(**p - '0');
  return digits && digits <= 5 ? v : 0;
}

static int parse_shard(const char *arg, struct runopts *o) {
  const char *p = arg;
  unsigned i = shard_number(&p), n = 0;
  if (*p == '/') {
    p++;
    n = shard_number(&p);
  }
  if (*p || n < 1 || i < 1 || i > n || n > 10000) {
    warnx_("--shard: I/N with 1 <= I <= N <= 10000, not \"%s\"", arg);
    return EXIT_USAGE;
  }
  o->shard = i;
  o->nshards = n;
  return 0;
}

static int parse_bytes(const char *arg, size_t *bytes) {
  char *end;
  unsigned long long n = strtoull(arg, &end, 10);
  int shift = *end == 'K' ? 10 : *end == 'M' ? 20 : *end == 'G' ? 30 : 0;
  if (end == arg || (shift ? end[1] : *end) || n == 0 || n > (~0ull >> 31) ||
      arg[0] == '-') {
    warnx_("--max-vector-bytes: not a size in bytes (N, NK, NM or NG): "
           "\"%s\"",
           arg);
    return EXIT_USAGE;
  }
  *bytes = (size_t)(n << shift);
  return 0;
}

static int parse_duration(int c, const char *arg, struct runopts *o) {
  double d = parse_seconds(arg);
  if (d < 0) {
    warnx_("%s: not a duration in seconds: \"%s\"",
           c == O_TIMEOUT ? "--timeout" : "--hello-timeout", arg);
    return EXIT_USAGE;
  }
  if (c == O_TIMEOUT)
    o->timeout = d;
  else
    o->hello_timeout = d;
  return 0;
}

/* One option C with its value ARG: 0, or an exit code after a message. */
static int take_option(struct runopts *o, int c, const char *arg) {
  int *n;
  char ***list = option_list(o, c, &n);
  if (c == O_OP && op_from_name(arg) < 0) {
    warnx_("--op: unknown op \"%s\"", arg);
    return EXIT_USAGE;
  }
  if (list) {
    filter_add(list, n, arg);
    return 0;
  }
  switch (c) {
  case O_FORMAT:
    return parse_format(arg, &o->fmt);
  case 'o':
  case O_OUTPUT:
    o->output = (char *)arg;
    return 0;
  case O_WRITE_BASELINE:
    o->write_baseline = (char *)arg;
    return 0;
  case O_PAIRS:
    o->pairs = (char *)arg;
    return 0;
  case O_VERBOSE:
    o->verbose = 1;
    return 0;
  case O_TIMEOUT:
  case O_HELLO_TIMEOUT:
    return parse_duration(c, arg, o);
  case O_JOBS:
    return parse_jobs(arg, &o->jobs);
  case O_RESUME:
    o->resume = (char *)arg;
    return 0;
  case O_FORCE:
    o->force = 1;
    return 0;
  case O_SHARD:
    return parse_shard(arg, o);
  case O_MAX_VECTOR_BYTES:
    return parse_bytes(arg, &o->max_vector_bytes);
  case O_PROGRESS:
  case O_NO_PROGRESS:
    o->progress = c == O_PROGRESS;
    return 0;
  default:
    return EXIT_USAGE;
  }
}

static const char *option_name(int c) {
  for (const struct option *lo = long_opts; lo->name; lo++)
    if (lo->val == c)
      return lo->name;
  return "?";
}

int runopts_parse(int argc, char **argv, struct runopts *o, int is_diff) {
  const char *usage = is_diff ? diff_usage : run_usage;
  memset(o, 0, sizeof *o);
  o->timeout = 2;
  o->hello_timeout = 5;
  o->progress = -1;
  o->jobs = 1;
  optind = 1;
  opterr = 0;
  int c;
  while ((c = getopt_long(argc, argv, "o:", long_opts, NULL)) != -1) {
    if (c == O_HELP) {
      fputs(usage, stdout);
      return -1;
    }
    if (c == '?' || c == ':') {
      if (optopt && optopt < 256)
        warnx_("unknown option -%c", optopt);
      else
        warnx_("unknown option or missing value: %s", argv[optind - 1]);
      fputs(usage, stderr);
      return EXIT_USAGE;
    }
    int rc = take_option(o, c, optarg);
    if (rc)
      return rc;
    if (run_only(c) && is_diff) {
      warnx_("--%s is an option of uritest run, not diff", option_name(c));
      fputs(usage, stderr);
      return EXIT_USAGE;
    }
  }
  return 0;
}

void runopts_free(struct runopts *o) {
  for (const struct option *lo = long_opts; lo->name; lo++) {
    int *n;
    char ***list = option_list(o, lo->val, &n);
    if (list)
      filter_free(*list, *n);
  }
}
