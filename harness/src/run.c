/* run.c: `uritest run` (vectors through adapters) and `uritest diff`
 * (arbitrary inputs against the reference), sharing options, adapter
 * set-up, result accounting, baselines and progress. */
#define _XOPEN_SOURCE 700 /* realpath, fseeko */
#include <errno.h>
#include <limits.h>
#include <getopt.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "adapter.h"
#include "baseline.h"
#include "behaviours.h"
#include "classify.h"
#include "commands.h"
#include "files.h"
#include "output.h"
#include "pairs.h"
#include "resume.h"
#include "vectors.h"

struct runopts {
  char **vectors, **adapters, **cmds, **baselines;
  int nvectors, nadapters, ncmds, nbaselines;
  enum format fmt;
  char *output;
  char *write_baseline;
  char *resume; /* --resume FILE */
  double timeout, hello_timeout;
  struct filters f;
  int progress; /* -1 auto */
  int jobs;     /* adapters run at once */
  int force;    /* --force: --write-baseline whatever the adapters did */
  unsigned shard, nshards; /* --shard I/N: 1..N of N; 0/0 all */
  size_t max_vector_bytes; /* 0: the default (vectors.h) */
};

static const char run_usage[] =
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
    "  --output FILE         the results file, overwritten (default:\n"
    "                        reports/out/results.jsonl; /dev/null for none)\n"
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
static const char diff_usage[] =
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
    "example: printf 'http://a/b\\n' | uritest diff --adapter uriparser -\n";

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
  O_MAX_VECTOR_BYTES
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
    {0, 0, 0, 0}};

static void add(char ***list, int *n, const char *v) {
  filter_add(list, n, v);
}

/* Returns 0, or an exit code. */
static int parse_opts(int argc, char **argv, struct runopts *o, int is_diff) {
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
    int run_only = 0;
    switch (c) {
    case O_VECTORS:
      add(&o->vectors, &o->nvectors, optarg);
      run_only = 1;
      break;
    case O_ADAPTER:
      add(&o->adapters, &o->nadapters, optarg);
      break;
    case O_ADAPTER_CMD:
      add(&o->cmds, &o->ncmds, optarg);
      break;
    case O_FORMAT:
      if (!strcmp(optarg, "text"))
        o->fmt = FMT_TEXT;
      else if (!strcmp(optarg, "tap"))
        o->fmt = FMT_TAP;
      else if (!strcmp(optarg, "junit"))
        o->fmt = FMT_JUNIT;
      else if (!strcmp(optarg, "json"))
        o->fmt = FMT_JSON;
      else {
        warnx_("unknown format \"%s\" (text, tap, junit, json)", optarg);
        return EXIT_USAGE;
      }
      break;
    case 'o':
    case O_OUTPUT:
      o->output = optarg;
      break;
    case O_BASELINE:
      add(&o->baselines, &o->nbaselines, optarg);
      run_only = 1;
      break;
    case O_WRITE_BASELINE:
      o->write_baseline = optarg;
      run_only = 1;
      break;
    case O_TIMEOUT:
    case O_HELLO_TIMEOUT: {
      double d = parse_seconds(optarg);
      if (d < 0) {
        warnx_("%s: not a duration in seconds: \"%s\"",
               c == O_TIMEOUT ? "--timeout" : "--hello-timeout", optarg);
        return EXIT_USAGE;
      }
      if (c == O_TIMEOUT)
        o->timeout = d;
      else
        o->hello_timeout = d;
      break;
    }
    case O_FILE:
      add(&o->f.files, &o->f.nfiles, optarg);
      run_only = 1;
      break;
    case O_GROUP:
      add(&o->f.groups, &o->f.ngroups, optarg);
      run_only = 1;
      break;
    case O_ID:
      add(&o->f.ids, &o->f.nids, optarg);
      run_only = 1;
      break;
    case O_TAG:
      add(&o->f.tags, &o->f.ntags, optarg);
      run_only = 1;
      break;
    case O_SECTION:
      add(&o->f.sections, &o->f.nsections, optarg);
      run_only = 1;
      break;
    case O_XFILE:
      add(&o->f.xfiles, &o->f.nxfiles, optarg);
      run_only = 1;
      break;
    case O_XGROUP:
      add(&o->f.xgroups, &o->f.nxgroups, optarg);
      run_only = 1;
      break;
    case O_XID:
      add(&o->f.xids, &o->f.nxids, optarg);
      run_only = 1;
      break;
    case O_XTAG:
      add(&o->f.xtags, &o->f.nxtags, optarg);
      run_only = 1;
      break;
    case O_OP:
      if (op_from_name(optarg) < 0) {
        warnx_("--op: unknown op \"%s\"", optarg);
        return EXIT_USAGE;
      }
      add(&o->f.ops, &o->f.nops, optarg);
      run_only = 1;
      break;
    case O_JOBS: {
      char *end;
      long n = strtol(optarg, &end, 10);
      if (*end || end == optarg || n < 1 || n > 256) {
        warnx_("--jobs: not a number of adapters from 1 to 256: \"%s\"",
               optarg);
        return EXIT_USAGE;
      }
      o->jobs = (int)n;
      run_only = 1;
      break;
    }
    case O_RESUME:
      o->resume = optarg;
      run_only = 1;
      break;
    case O_FORCE:
      o->force = 1;
      run_only = 1;
      break;
    case O_SHARD: {
      unsigned i, n;
      char tail;
      if (sscanf(optarg, "%u/%u%c", &i, &n, &tail) != 2 || n < 1 || i < 1 ||
          i > n || n > 10000) {
        warnx_("--shard: I/N with 1 <= I <= N, not \"%s\"", optarg);
        return EXIT_USAGE;
      }
      o->shard = i;
      o->nshards = n;
      run_only = 1;
      break;
    }
    case O_MAX_VECTOR_BYTES: {
      char *end;
      unsigned long long n = strtoull(optarg, &end, 10);
      int shift = *end == 'K' ? 10 : *end == 'M' ? 20 : *end == 'G' ? 30 : 0;
      if (end == optarg || (shift ? end[1] : *end) || n == 0 ||
          n > (~0ull >> 31) || optarg[0] == '-') {
        warnx_("--max-vector-bytes: not a size in bytes (N, NK, NM or NG): "
               "\"%s\"",
               optarg);
        return EXIT_USAGE;
      }
      o->max_vector_bytes = (size_t)(n << shift);
      run_only = 1;
      break;
    }
    case O_PROGRESS:
      o->progress = 1;
      break;
    case O_NO_PROGRESS:
      o->progress = 0;
      break;
    case O_HELP:
      fputs(usage, stdout);
      return -1;
    default:
      if (optopt && optopt < 256)
        warnx_("unknown option -%c", optopt);
      else
        warnx_("unknown option or missing value: %s", argv[optind - 1]);
      fputs(usage, stderr);
      return EXIT_USAGE;
    }
    if (run_only && is_diff) {
      const char *name = "?";
      for (const struct option *lo = long_opts; lo->name; lo++)
        if (lo->val == c)
          name = lo->name;
      warnx_("--%s is an option of uritest run, not diff", name);
      fputs(usage, stderr);
      return EXIT_USAGE;
    }
  }
  return 0;
}

/* ---- adapters ------------------------------------------------------------ */

struct session {
  struct runopts *o;
  struct registry reg;
  struct adapter *ad;
  struct stats *st;
  struct bcheck *bc;
  struct brecord *rec;
  size_t n;
  struct adapter_def **cmd_defs; /* --adapter-cmd entries, owned */
  size_t ncmd_defs;
  struct output out;
  struct resume *rs; /* --resume, or NULL */
  /* the pair matrix of the run's parse vectors (pairs.json beside the
   * results file), or NULL */
  struct pairs *pairs;
  unsigned *pairs_index; /* test index -> input of the matrix */
  const struct test *tests;
  char *pairs_path;
  /* --jobs: adapters in threads, results through one lock */
  int jobs;
  pthread_mutex_t lock;
  /* progress */
  int show_progress, progress_shown;
  double started, last_progress;
  size_t done, total;
};

static int setup_adapters(struct session *s, int is_diff) {
  struct runopts *o = s->o;
  registry_load(&s->reg);
  struct adapter_def **defs = NULL;
  size_t n = 0;
  /* diff compares against the reference: left out by default */
  int rc =
      registry_select(&s->reg, o->adapters, o->nadapters, o->cmds, o->ncmds,
                      is_diff, &defs, &n, &s->cmd_defs, &s->ncmd_defs);
  if (rc)
    return rc;
  s->n = n;
  s->ad = xcalloc(n, sizeof *s->ad);
  s->st = xcalloc(n, sizeof *s->st);
  s->bc = xcalloc(n, sizeof *s->bc);
  s->rec = xcalloc(n, sizeof *s->rec);
  size_t started = 0;
  for (size_t i = 0; i < n; i++) {
    adapter_init(&s->ad[i], defs[i], o->hello_timeout, o->timeout);
    if (adapter_start(&s->ad[i]) < 0) {
      if (interrupted) {
        s->n = i + 1;
        free(defs);
        return 128 + interrupted;
      }
      warnx_("adapter %s: cannot start: %s", s->ad[i].name, s->ad[i].last_why);
    } else {
      started++;
    }
    s->st[i].adapter = s->ad[i].name;
    s->st[i].library = s->ad[i].library;
    s->st[i].spec = s->ad[i].spec;
    s->st[i].beh = xcalloc(1, sizeof *s->st[i].beh);
    if (behaviours_load_adapter(s->ad[i].name, s->st[i].beh) < 0) {
      s->n = i + 1;
      free(defs);
      return EXIT_USAGE;
    }
    s->st[i].beh_count = xcalloc(s->st[i].beh->n + 1, sizeof(size_t));
  }
  free(defs);
  /* no adapter to run: nothing was tested (its requests are recorded as
   * failures only beside adapters that ran) */
  if (!started) {
    warnx_("no adapter started: nothing was run");
    return EXIT_USAGE;
  }
  /* two adapters answering to the same name would mix their results */
  for (size_t i = 0; i < n; i++)
    for (size_t k = 0; k < i; k++)
      if (!strcmp(s->ad[i].name, s->ad[k].name)) {
        warnx_("two adapters are named %s", s->ad[i].name);
        return EXIT_USAGE;
      }
  return 0;
}

static void progress(struct session *s, const char *name, int final) {
  if (!s->show_progress)
    return;
  double now = now_mono();
  if (final) {
    if (s->progress_shown)
      fputs("\r\033[K", stderr);
    s->progress_shown = 0;
    return;
  }
  if (now - s->started < 1.0 || now - s->last_progress < 0.2)
    return;
  s->last_progress = now;
  s->progress_shown = 1;
  fprintf(stderr, "\r\033[K%s: %zu/%zu  %.0f/s", name, s->done, s->total,
          (double)s->done / (now - s->started));
  fflush(stderr);
}

static void lock(struct session *s) {
  if (s->jobs > 1)
    pthread_mutex_lock(&s->lock);
}
static void unlock(struct session *s) {
  if (s->jobs > 1)
    pthread_mutex_unlock(&s->lock);
}

/* Account one result of adapter K and write it out. */
static void record(struct session *s, size_t k, struct result *r) {
  lock(s);
  struct stats *st = &s->st[k];
  r->st = st;
  const struct verdict *v = r->v;
  int failed = class_failed(v->cls) && !v->impl_defined;
  char idbuf[48];
  const char *id = r->t ? r->t->id : idbuf;
  if (!r->t)
    snprintf(idbuf, sizeof idbuf, "line:%ld", r->line);
  stats_count(st, v, r->answer || r->ans_line);
  if (failed)
    r->behaviour =
        behaviours_attribute(st->beh, r, st->beh_count, &st->unexplained);
  if (s->o->nbaselines && bcheck_result(&s->bc[k], id, v, failed)) {
    r->baseline = 1;
    st->known++;
  }
  if (s->o->write_baseline && failed)
    brecord_add(&s->rec[k], id, v);
  /* a line on the terminal: take the progress line away first */
  if (s->progress_shown && failed && !r->baseline && s->out.fmt == FMT_TEXT) {
    fputs("\r\033[K", stderr);
    s->progress_shown = 0;
    s->last_progress = 0;
  }
  if (s->pairs && r->t && s->pairs_index[r->t - s->tests] != (unsigned)-1)
    pairs_take_line(s->pairs, k, s->pairs_index[r->t - s->tests], r->answer,
                    r->ans_line, r->ans_len);
  output_result(&s->out, r);
  s->done++;
  if (s->show_progress)
    progress(s, s->jobs > 1 ? "adapters" : s->ad[k].name, 0);
  unlock(s);
}

/* ---- run ----------------------------------------------------------------- */

struct runjob {
  struct session *s;
  size_t k; /* adapter */
  struct vectors *vec;
  unsigned *idx; /* tests sent */
};

static void put_opt_sv(struct buf *b, const char *key, const struct sv *v) {
  if (v->state == SV_STR) {
    buf_puts(b, ", ");
    buf_json_input(b, key, v->s, v->len);
  } else if (v->state == SV_NULL) {
    buf_printf(b, ", \"%s\": null", key);
  }
}

static void encode_test(void *ctx, size_t i, long id, struct buf *b) {
  struct runjob *j = ctx;
  const struct test *t = &j->vec->tests[j->idx[i]];
  buf_puts(b, "{\"id\": ");
  buf_putl(b, id);
  buf_puts(b, ", \"op\": \"");
  buf_puts(b, op_names[t->op]);
  buf_puts(b, "\", ");
  buf_json_input(b, "input", t->input, t->input_len);
  if (t->rule) {
    buf_puts(b, ", \"rule\": ");
    buf_json_str(b, t->rule, strlen(t->rule));
  }
  switch (t->op) {
  case OP_PARSE:
    if (t->spec == SPEC_WHATWG) {
      if (t->base.state == SV_ABSENT)
        buf_puts(b, ", \"base\": null");
      else
        put_opt_sv(b, "base", &t->base);
    }
    break;
  case OP_RESOLVE:
    put_opt_sv(b, "base", &t->base);
    if (!t->strict)
      buf_puts(b, ", \"strict\": false");
    break;
  case OP_EQUIVALENT:
    put_opt_sv(b, "other", &t->other);
    break;
  default:
    break;
  }
  if (t->level)
    buf_printf(b, ", \"level\": \"%s\"", t->level);
  buf_puts(b, "}\n");
}

static void answer_test(void *ctx, size_t i, json_t *ans, const char *line,
                        size_t len) {
  struct runjob *j = ctx;
  const struct test *t = &j->vec->tests[j->idx[i]];
  struct adapter *a = &j->s->ad[j->k];
  struct verdict v;
  classify_answer(t, ans, &v);
  /* whatwg vectors count only for adapters that answer with getters */
  if (t->spec == SPEC_WHATWG && !a->whatwg &&
      !json_is_object(json_object_get(ans, "whatwg"))) {
    lock(j->s);
    j->s->st[j->k].skipped++;
    j->s->done++;
    unlock(j->s);
    return;
  }
  struct result r = {.adapter = a->name,
                     .library = a->library,
                     .t = t,
                     .v = &v,
                     .answer = ans,
                     .ans_line = line,
                     .ans_len = len};
  record(j->s, j->k, &r);
}

static void fail_test(void *ctx, size_t i, int cls, const char *why) {
  struct runjob *j = ctx;
  const struct test *t = &j->vec->tests[j->idx[i]];
  struct adapter *a = &j->s->ad[j->k];
  /* a whatwg vector sent on the chance of getters: not the adapter's test */
  if (t->spec == SPEC_WHATWG && !a->whatwg) {
    lock(j->s);
    j->s->st[j->k].skipped++;
    j->s->done++;
    unlock(j->s);
    return;
  }
  struct verdict v;
  memset(&v, 0, sizeof v);
  v.cls = cls;
  v.why = why;
  struct result r = {
      .adapter = a->name, .library = a->library, .t = t, .v = &v};
  record(j->s, j->k, &r);
}

static void flush_out(void *ctx) {
  struct runjob *j = ctx;
  lock(j->s);
  output_flush(&j->s->out);
  progress(j->s, j->s->jobs > 1 ? "adapters" : j->s->ad[j->k].name, 0);
  unlock(j->s);
}

static int resume_open(struct session *s, int in_place);

static int open_results(struct session *s, const char *deflt) {
  const char *path = s->o->output ? s->o->output : deflt;
  if (!path)
    return 0;
  char *p = s->o->output ? xstrdup(path) : root_path(path);
  if (s->rs) {
    /* --resume: in place unless --output names another file */
    char a[PATH_MAX], b[PATH_MAX];
    int same = !s->o->output ||
               (realpath(p, a) && realpath(s->rs->path, b) && !strcmp(a, b));
    free(p);
    return resume_open(s, same);
  }
  /* mkdir -p the folder */
  for (char *q = strchr(p + 1, '/'); q; q = strchr(q + 1, '/')) {
    *q = 0;
    mkdir(p, 0777);
    *q = '/';
  }
  s->out.results = fopen(p, "w");
  if (!s->out.results) {
    warnx_("%s: cannot write: %s", p, strerror(errno));
    free(p);
    return EXIT_USAGE;
  }
  setvbuf(s->out.results, NULL, _IOFBF, 1 << 18);
  /* the pair matrix goes beside the results file */
  char *slash = strrchr(p, '/');
  size_t dir = slash ? (size_t)(slash - p) + 1 : 0;
  s->pairs_path = xmalloc(dir + sizeof "pairs.json");
  memcpy(s->pairs_path, p, dir);
  memcpy(s->pairs_path + dir, "pairs.json", sizeof "pairs.json");
  free(s->out.results_path);
  s->out.results_path = p;
  return 0;
}

/* Copy FILE's octets [FROM, TO) to OUT. */
static int copy_range(const char *file, off_t from, off_t to, FILE *out) {
  FILE *in = fopen(file, "rb");
  if (!in || fseeko(in, from, SEEK_SET) < 0) {
    if (in)
      fclose(in);
    return -1;
  }
  char chunk[1 << 16];
  while (from < to) {
    size_t want =
        (size_t)(to - from) < sizeof chunk ? (size_t)(to - from) : sizeof chunk;
    size_t got = fread(chunk, 1, want, in);
    if (!got)
      break;
    fwrite(chunk, 1, got, out);
    from += (off_t)got;
  }
  fclose(in);
  return from == to ? 0 : -1;
}

static int open_results(struct session *s, const char *deflt);

/* The results file of a --resume run: FILE itself, cut after its last
 * complete result (the summary and any half line of a killed run go), or
 * --output with FILE's results copied after the new run record. */
static int resume_open(struct session *s, int in_place) {
  struct resume *rs = s->rs;
  if (in_place) {
    if (truncate(rs->path, rs->keep_end) < 0 ||
        !(s->out.results = fopen(rs->path, "ab"))) {
      warnx_("%s: cannot write: %s", rs->path, strerror(errno));
      return EXIT_USAGE;
    }
    s->out.appending = 1;
    s->out.results_path = xstrdup(rs->path);
  } else {
    s->rs = NULL;
    int rc = open_results(s, NULL);
    s->rs = rs;
    if (rc)
      return rc;
  }
  setvbuf(s->out.results, NULL, _IOFBF, 1 << 18);
  return 0;
}

/* --write-baseline FILE, FOLDER or a name with {adapter}: the adapter's
 * name enters the path as one safe file name (a hello's "../x" cannot
 * leave the folder). */
static char *baseline_path(const char *tmpl, const char *adapter) {
  const char *ph = strstr(tmpl, "{adapter}");
  struct buf b = {0};
  struct stat st;
  char *safe = safe_file_name(adapter);
  if (ph) {
    buf_put(&b, tmpl, (size_t)(ph - tmpl));
    buf_puts(&b, safe);
    buf_puts(&b, ph + 9);
  } else if (stat(tmpl, &st) == 0 && S_ISDIR(st.st_mode)) {
    buf_printf(&b, "%s/%s.json", tmpl, safe);
  } else {
    buf_puts(&b, tmpl);
  }
  free(safe);
  return b.p;
}

static void free_list(char **list, int n) {
  for (int i = 0; i < n; i++)
    free(list[i]);
  free(list);
}

static void runopts_free(struct runopts *o) {
  free_list(o->vectors, o->nvectors);
  free_list(o->adapters, o->nadapters);
  free_list(o->cmds, o->ncmds);
  free_list(o->baselines, o->nbaselines);
  free_list(o->f.files, o->f.nfiles);
  free_list(o->f.groups, o->f.ngroups);
  free_list(o->f.ids, o->f.nids);
  free_list(o->f.tags, o->f.ntags);
  free_list(o->f.sections, o->f.nsections);
  free_list(o->f.ops, o->f.nops);
  free_list(o->f.xfiles, o->f.nxfiles);
  free_list(o->f.xgroups, o->f.nxgroups);
  free_list(o->f.xids, o->f.nxids);
  free_list(o->f.xtags, o->f.nxtags);
}

static void cleanup(struct session *s) {
  for (size_t i = 0; i < s->n; i++) {
    adapter_free(&s->ad[i]);
    bcheck_free(&s->bc[i]);
    stats_behaviours_free(&s->st[i]);
    struct brecord *r = &s->rec[i];
    for (size_t k = 0; k < r->n; k++) {
      free(r->ids[k]);
      free(r->comps[k]);
    }
    free(r->ids);
    free(r->cls);
    free(r->comps);
  }
  for (size_t i = 0; i < s->ncmd_defs; i++)
    adapter_def_free(s->cmd_defs[i]);
  free(s->cmd_defs);
  free(s->ad);
  free(s->st);
  free(s->bc);
  free(s->rec);
  registry_free(&s->reg);
  if (s->rs)
    resume_free(s->rs);
  if (s->pairs)
    pairs_free(s->pairs);
  free(s->pairs);
  free(s->pairs_index);
  free(s->pairs_path);
  free(s->rs);
  buf_free(&s->out.line);
  if (s->out.results)
    fclose(s->out.results);
  free(s->out.results_path);
  memset(s, 0, sizeof *s);
}

/* Every selected vector of V through adapter K (IDX: room for them all). */
static void run_adapter(struct session *sx, struct vectors *v, size_t k,
                        unsigned *idx) {
  struct adapter *a = &sx->ad[k];
  size_t m = 0;
  struct runjob j = {sx, k, v, idx};
  /* --resume: what the earlier run recorded counts as if it ran now */
  const unsigned char *done = sx->rs ? sx->rs->done[k] : NULL;
  for (size_t i = 0; sx->rs && i < sx->rs->n; i++) {
    const struct prior *p = &sx->rs->p[i];
    if (p->adapter != k)
      continue;
    struct result r = {.adapter = a->name,
                       .library = a->library,
                       .t = &v->tests[p->test],
                       .v = &p->v,
                       .answer = p->got,
                       .replayed = 1};
    record(sx, k, &r);
  }
  /* whatwg vectors go last to an adapter that is not whatwg by its
   * hello: sent on the chance that it answers with getters, they must not
   * get it given up before its own vectors ran */
  for (int pass = 0; pass < 2; pass++) {
    for (size_t i = 0; i < v->ntests; i++) {
      const struct test *t = &v->tests[i];
      if (done && done[i])
        continue;
      int late = t->spec == SPEC_WHATWG && !a->whatwg;
      if (late != pass)
        continue;
      if (!(a->ops & (1u << t->op))) {
        if (late) {
          lock(sx);
          sx->st[k].skipped++;
          unlock(sx);
          continue;
        }
        struct verdict vd;
        memset(&vd, 0, sizeof vd);
        vd.cls = CLASS_UNSUPPORTED;
        vd.why = "op not in the adapter's hello";
        struct result r = {
            .adapter = a->name, .library = a->library, .t = t, .v = &vd};
        record(sx, k, &r);
        continue;
      }
      idx[m++] = (unsigned)i;
    }
  }
  lock(sx);
  output_flush(&sx->out);
  unlock(sx);
  struct job job = {&j, m, encode_test, answer_test, fail_test, flush_out};
  adapter_run(a, &job);
  adapter_stop(a);
}

struct worker {
  struct session *s;
  struct vectors *v;
  size_t *next;
};

static void *worker_main(void *arg) {
  struct worker *w = arg;
  unsigned *idx = xcalloc(w->v->ntests + 1, sizeof *idx);
  for (;;) {
    lock(w->s);
    size_t k = (*w->next)++;
    unlock(w->s);
    if (k >= w->s->n || interrupted)
      break;
    run_adapter(w->s, w->v, k, idx);
  }
  free(idx);
  return NULL;
}

/* --jobs N: up to N adapters at once, each in a thread of its own; results
 * are written as they come (interleaved), JUnit suites in adapter order. */
static void run_parallel(struct session *sx, struct vectors *v, int jobs) {
  for (size_t k = 0; k < sx->n; k++)
    output_adapter_begin(&sx->out, &sx->st[k]);
  sx->done = 0;
  sx->total = v->ntests * sx->n;
  sx->started = now_mono();
  json_object_seed(0); /* jansson seeds its hash function once, here */
  pthread_mutex_init(&sx->lock, NULL);
  sx->jobs = jobs;
  size_t nthreads = (size_t)jobs < sx->n ? (size_t)jobs : sx->n, next = 0;
  pthread_t *th = xcalloc(nthreads, sizeof *th);
  struct worker w = {sx, v, &next};
  size_t started = 0;
  for (size_t i = 0; i < nthreads; i++)
    if (pthread_create(&th[started], NULL, worker_main, &w) == 0)
      started++;
  if (!started)
    worker_main(&w); /* no thread to be had: run here */
  for (size_t i = 0; i < started; i++)
    pthread_join(th[i], NULL);
  free(th);
  sx->jobs = 1;
  pthread_mutex_destroy(&sx->lock);
  progress(sx, "adapters", 1);
  for (size_t k = 0; k < sx->n; k++)
    output_adapter_end(&sx->out, &sx->st[k]);
}

/* --shard I/N: the tests whose id hashes (FNV-1a, 64 bits) to I-1
 * modulo N: the same share on every machine, whatever the order of files
 * or the other filters, and the N shares together are every test once. */
static void keep_shard(struct vectors *v, unsigned i, unsigned n) {
  size_t k = 0;
  for (size_t t = 0; t < v->ntests; t++)
    if ((uint64_t)hash_str(v->tests[t].id) % n == i - 1)
      v->tests[k++] = v->tests[t];
  v->ntests = k;
}

/* Zero vectors selected: a run that tests nothing must not pass.  Names
 * what selected nothing. */
static void no_vectors(const struct runopts *o, const struct vectors *v) {
  struct buf b = {0};
  const struct {
    const char *opt;
    char **vals;
    int n;
  } f[] = {{"--file", o->f.files, o->f.nfiles},
           {"--group", o->f.groups, o->f.ngroups},
           {"--id", o->f.ids, o->f.nids},
           {"--tag", o->f.tags, o->f.ntags},
           {"--section", o->f.sections, o->f.nsections},
           {"--op", o->f.ops, o->f.nops},
           {"--exclude-file", o->f.xfiles, o->f.nxfiles},
           {"--exclude-group", o->f.xgroups, o->f.nxgroups},
           {"--exclude-id", o->f.xids, o->f.nxids},
           {"--exclude-tag", o->f.xtags, o->f.nxtags}};
  int negated = 0;
  for (size_t i = 0; i < sizeof f / sizeof *f; i++)
    for (int k = 0; k < f[i].n; k++) {
      buf_printf(&b, "%s %s ", f[i].opt, f[i].vals[k]);
      negated |= f[i].vals[k][0] == '!';
    }
  if (v->total_loaded == 0) {
    warnx_("no vectors found in:");
    for (int i = 0; i < o->nvectors; i++)
      fprintf(stderr, "  %s\n", o->vectors[i]);
  } else {
    if (b.len)
      b.p[--b.len] = 0;
    warnx_("no vector selected: %zu loaded, none passes the filters %s",
           v->total_loaded, b.len ? b.p : "");
    if (negated)
      warnx_("(a filter selects; to leave vectors out use --exclude-tag, "
             "--exclude-file, --exclude-group, --exclude-id)");
  }
  buf_free(&b);
}

/* --write-baseline records what an adapter does today as what it will be
 * held to: an adapter that never answered, or whose results are more than
 * 5% CRASH, TIMEOUT or PROTOCOL_ERROR, is broken rather than different,
 * and its baseline would pass it for ever.  Says why; 0 refuses. */
static int baseline_worth_writing(struct session *sx) {
  int ok = 1;
  for (size_t k = 0; k < sx->n; k++) {
    const struct stats *st = &sx->st[k];
    size_t broken = st->by_class[CLASS_CRASH] + st->by_class[CLASS_TIMEOUT] +
                    st->by_class[CLASS_PROTOCOL_ERROR];
    if (!st->answered) {
      warnx_("--write-baseline: adapter %s never answered (%s); no baseline "
             "written (--force writes it anyway)",
             sx->ad[k].name,
             sx->ad[k].last_why[0] ? sx->ad[k].last_why : "no request");
      ok = 0;
    } else if (broken * 20 > st->total) {
      warnx_("--write-baseline: adapter %s: %zu of %zu results (%.1f%%) are "
             "CRASH, TIMEOUT or PROTOCOL_ERROR, more than 5%%; no baseline "
             "written (--force writes it anyway)",
             sx->ad[k].name, broken, st->total,
             100.0 * (double)broken / (double)st->total);
      ok = 0;
    }
  }
  return ok;
}

/* The pair matrix of the run, beside its results file (the report reads
 * it); the names are the hello names the adapters gave. */
static int write_pairs(struct session *s) {
  int differ;
  for (size_t k = 0; k < s->n; k++)
    pairs_adapter(s->pairs, k, s->ad[k].name,
                  s->ad[k].def && s->ad[k].def->validator);
  json_t *m = pairs_json(s->pairs, &differ);
  int rc = json_dump_file(m, s->pairs_path, JSON_INDENT(1) | JSON_ENSURE_ASCII);
  if (rc < 0)
    warnx_("%s: cannot write", s->pairs_path);
  json_decref(m);
  return rc;
}

static int do_run(int argc, char **argv, struct runopts *op,
                  struct vectors *vecp, struct session *sp,
                  struct baseline **blp) {
  struct runopts o = *op; /* lists appended below are written back */
  int rc = 0;
  if (optind < argc) {
    warnx_("unexpected argument \"%s\"", argv[optind]);
    fputs(run_usage, stderr);
    return EXIT_USAGE;
  }
  install_signal_handlers();

  /* vectors first: a bad file is an input error before anything runs */
  struct vectors *v = vecp;
  char *deflt = root_path("vectors/v1");
  if (!o.nvectors)
    add(&o.vectors, &o.nvectors, deflt);
  free(deflt);
  op->vectors = o.vectors;
  op->nvectors = o.nvectors;
  v->max_bytes = o.max_vector_bytes;
  if (vectors_load(v, o.vectors, o.nvectors, &o.f) < 0)
    return interrupted ? 128 + interrupted : EXIT_USAGE;
  if (o.nshards)
    keep_shard(v, o.shard, o.nshards);
  if (v->ntests == 0) {
    no_vectors(&o, v);
    return EXIT_USAGE;
  }

  struct baseline *bl = *blp = xcalloc((size_t)o.nbaselines + 1, sizeof *bl);
  for (int i = 0; i < o.nbaselines; i++)
    if (baseline_load(o.baselines[i], &bl[i]) < 0)
      return EXIT_USAGE;

  struct session *sx = sp;
  sx->o = op;
  if ((rc = setup_adapters(sx, 0)))
    return rc;
  if (o.write_baseline && sx->n > 1 && !strstr(o.write_baseline, "{adapter}")) {
    struct stat st;
    if (stat(o.write_baseline, &st) < 0 || !S_ISDIR(st.st_mode)) {
      warnx_("--write-baseline with several adapters needs a folder or a name "
             "with {adapter}");
      return EXIT_USAGE;
    }
  }
  for (int i = 0; i < o.nbaselines; i++) {
    int hit = 0;
    for (size_t k = 0; k < sx->n; k++)
      if (!strcmp(bl[i].adapter, sx->ad[k].name)) {
        if (sx->bc[k].b) {
          warnx_("two baselines for adapter %s: %s and %s", bl[i].adapter,
                 sx->bc[k].b->path, bl[i].path);
          return EXIT_USAGE;
        }
        sx->bc[k].b = &bl[i];
        hit = 1;
      }
    if (!hit)
      warnx_("%s: baseline of adapter %s, which is not in this run", bl[i].path,
             bl[i].adapter);
  }

  if (o.resume) {
    sx->rs = xcalloc(1, sizeof *sx->rs);
    if (resume_load(sx->rs, o.resume, v, sx->ad, sx->n) < 0)
      return EXIT_USAGE;
  }
  sx->out.fmt = o.fmt;
  sx->out.out = stdout;
  sx->out.command = "run";
  if ((rc = open_results(sx, "reports/out/results.jsonl"))) {
    return rc;
  }
  if (sx->pairs_path) {
    sx->pairs = pairs_for_vectors(v, sx->n, &sx->pairs_index);
    sx->tests = v->tests;
    for (size_t k = 0; k < sx->n; k++)
      pairs_adapter(sx->pairs, k, sx->ad[k].name,
                    sx->ad[k].def && sx->ad[k].def->validator);
  }
  sx->show_progress = o.progress == 1 || (o.progress < 0 && isatty(2));
  sx->started = now_mono();
  output_begin(&sx->out, sx->st, sx->n);
  if (sx->rs && !sx->out.appending &&
      copy_range(sx->rs->path, sx->rs->header_end, sx->rs->keep_end,
                 sx->out.results) < 0) {
    warnx_("--resume %s: cannot copy its results", sx->rs->path);
    return EXIT_USAGE;
  }

  if (o.jobs <= 1 || sx->n == 1) {
    unsigned *idx = xcalloc(v->ntests + 1, sizeof *idx);
    for (size_t k = 0; k < sx->n && !interrupted; k++) {
      output_adapter_begin(&sx->out, &sx->st[k]);
      sx->done = 0;
      sx->total = v->ntests;
      sx->started = now_mono();
      run_adapter(sx, v, k, idx);
      progress(sx, sx->ad[k].name, 1);
      output_adapter_end(&sx->out, &sx->st[k]);
    }
    free(idx);
  } else {
    run_parallel(sx, v, o.jobs);
  }

  /* baselines */
  int differs = 0;
  json_t *bsum = o.nbaselines ? json_object() : NULL;
  FILE *bf = o.fmt == FMT_TEXT ? stdout : stderr;
  if (o.nbaselines)
    for (size_t k = 0; k < sx->n; k++)
      differs |= bcheck_report(&sx->bc[k], sx->ad[k].name, sx->ad[k].library,
                               bf, bsum);
  int wrote = 0;
  if (o.write_baseline && !interrupted && !o.force &&
      !baseline_worth_writing(sx)) {
    rc = EXIT_USAGE;
  } else if (o.write_baseline && !interrupted) {
    for (size_t k = 0; k < sx->n; k++) {
      char *p = baseline_path(o.write_baseline, sx->ad[k].name);
      if (brecord_write(&sx->rec[k], p, sx->ad[k].name, sx->ad[k].library) < 0)
        rc = EXIT_USAGE;
      else
        fprintf(stderr, "uritest: wrote baseline %s (%zu entries)\n", p,
                sx->rec[k].n);
      free(p);
    }
    wrote = 1;
  }
  if (sx->pairs && !interrupted && write_pairs(sx) < 0)
    rc = EXIT_USAGE;
  output_end(&sx->out, sx->st, sx->n, bsum, interrupted != 0);
  json_decref(bsum);
  if (output_close(&sx->out) < 0)
    return EXIT_USAGE;        /* results lost: never a success */
  if (sx->out.results_path) { /* where the results went (overwritten) */
    size_t nres = 0;
    for (size_t k = 0; k < sx->n; k++)
      nres += sx->st[k].total;
    fprintf(stderr, "uritest: %zu results written to %s\n", nres,
            sx->out.results_path);
  }
  size_t failed = 0, total = 0;
  for (size_t k = 0; k < sx->n; k++) {
    failed += sx->st[k].failed;
    total += sx->st[k].total;
  }
  if (interrupted)
    return 128 + interrupted;
  if (rc)
    return rc;
  if (!total) { /* every request skipped (whatwg vectors, no getters) */
    warnx_("no request was run: the adapters take none of the %zu vectors "
           "selected",
           v->ntests);
    return EXIT_USAGE;
  }
  if (o.nbaselines)
    return differs ? EXIT_NEGATIVE : EXIT_OK;
  if (wrote)
    return EXIT_OK;
  return failed ? EXIT_NEGATIVE : EXIT_OK;
}

int cmd_run(int argc, char **argv) {
  struct runopts o;
  struct vectors vec;
  struct session s;
  struct baseline *bl = NULL;
  memset(&vec, 0, sizeof vec);
  memset(&s, 0, sizeof s);
  int rc = parse_opts(argc, argv, &o, 0);
  if (rc == 0)
    rc = do_run(argc, argv, &o, &vec, &s, &bl);
  else if (rc < 0)
    rc = 0;
  cleanup(&s);
  for (int i = 0; bl && i < o.nbaselines; i++)
    baseline_free(&bl[i]);
  free(bl);
  vectors_free(&vec);
  runopts_free(&o);
  return rc;
}

/* ---- diff ---------------------------------------------------------------- */

#define DIFF_BATCH 4096
#define DIFF_BATCH_BYTES (16u << 20)
#define DIFF_KEEP_LINE (64u << 10)

struct diffjob {
  struct session *s;
  size_t k;
  char **lines;
  size_t *lens;
  long first_line;
};

static void encode_line(void *ctx, size_t i, long id, struct buf *b) {
  struct diffjob *j = ctx;
  request_parse(b, id, j->lines[i], j->lens[i], 0);
}

static void answer_line(void *ctx, size_t i, json_t *ans, const char *line,
                        size_t len) {
  struct diffjob *j = ctx;
  struct adapter *a = &j->s->ad[j->k];
  struct verdict v;
  classify_diff(j->lines[i], j->lens[i], ans, &v);
  struct result r = {.adapter = a->name,
                     .library = a->library,
                     .input = j->lines[i],
                     .input_len = j->lens[i],
                     .line = j->first_line + (long)i,
                     .v = &v,
                     .answer = ans,
                     .ans_line = line,
                     .ans_len = len};
  record(j->s, j->k, &r);
}

static void fail_line(void *ctx, size_t i, int cls, const char *why) {
  struct diffjob *j = ctx;
  struct adapter *a = &j->s->ad[j->k];
  struct verdict v;
  memset(&v, 0, sizeof v);
  v.cls = cls;
  v.why = why;
  struct result r = {.adapter = a->name,
                     .library = a->library,
                     .input = j->lines[i],
                     .input_len = j->lens[i],
                     .line = j->first_line + (long)i,
                     .v = &v};
  record(j->s, j->k, &r);
}

static void flush_diff(void *ctx) {
  struct diffjob *j = ctx;
  output_flush(&j->s->out);
}

int cmd_diff(int argc, char **argv) {
  struct runopts o;
  int rc = parse_opts(argc, argv, &o, 1);
  if (rc) {
    runopts_free(&o);
    return rc < 0 ? 0 : rc;
  }
  if (argc - optind > 1) {
    warnx_("diff reads one FILE (or - for standard input)");
    fputs(diff_usage, stderr);
    runopts_free(&o);
    return EXIT_USAGE;
  }
  FILE *in = stdin;
  if (optind < argc && strcmp(argv[optind], "-")) {
    in = fopen(argv[optind], "rb");
    if (!in) {
      warnx_("%s: %s", argv[optind], strerror(errno));
      runopts_free(&o);
      return EXIT_USAGE;
    }
  }
  install_signal_handlers();
  struct session s;
  memset(&s, 0, sizeof s);
  s.o = &o;
  if ((rc = setup_adapters(&s, 1))) {
    cleanup(&s);
    runopts_free(&o);
    if (in != stdin)
      fclose(in);
    return rc;
  }
  s.out.fmt = o.fmt;
  s.out.out = stdout;
  s.out.command = "diff";
  if ((rc = open_results(&s, NULL))) {
    cleanup(&s);
    runopts_free(&o);
    if (in != stdin)
      fclose(in);
    return rc;
  }
  s.show_progress = o.progress == 1 || (o.progress < 0 && isatty(2));
  s.started = now_mono();
  output_begin(&s.out, s.st, s.n);
  /* one JUnit suite for the whole diff: adapters interleave */
  struct stats all;
  memset(&all, 0, sizeof all);
  all.adapter = "diff";
  all.library = s.n == 1 ? s.st[0].library : "several";
  all.spec = "rfc3986";
  output_adapter_begin(&s.out, &all);

  char **lines = xcalloc(DIFF_BATCH, sizeof *lines);
  size_t *caps = xcalloc(DIFF_BATCH, sizeof *caps),
         *lens = xcalloc(DIFF_BATCH, sizeof *lens);
  long lineno = 1;
  int io_error = 0;
  while (!interrupted) {
    size_t m = 0, bytes = 0;
    int eof = 0;
    /* a batch is DIFF_BATCH lines or DIFF_BATCH_BYTES octets, whichever
     * comes first: long lines must not make a batch thousands of MB */
    while (m < DIFF_BATCH && bytes < DIFF_BATCH_BYTES) {
      ssize_t n = getline(&lines[m], &caps[m], in);
      if (n < 0) {
        eof = 1;
        break;
      }
      bytes += (size_t)n;
      if (n > 0 && lines[m][n - 1] == '\n')
        n--;
      lens[m++] = (size_t)n;
    }
    if (ferror(in))
      io_error = 1;
    if (!m)
      break;
    for (size_t k = 0; k < s.n && !interrupted; k++) {
      struct diffjob j = {&s, k, lines, lens, lineno};
      struct job job = {&j, m, encode_line, answer_line, fail_line, flush_diff};
      adapter_run(&s.ad[k], &job);
    }
    lineno += (long)m;
    s.total = s.done;
    progress(&s, "diff", 0);
    /* the room a long line took goes back */
    for (size_t i = 0; i < m; i++)
      if (caps[i] > DIFF_KEEP_LINE) {
        free(lines[i]);
        lines[i] = NULL;
        caps[i] = 0;
      }
    if (eof)
      break;
  }
  progress(&s, "diff", 1);
  for (size_t i = 0; i < DIFF_BATCH; i++)
    free(lines[i]);
  free(lines);
  free(caps);
  free(lens);
  if (in != stdin)
    fclose(in);
  size_t failed = 0;
  for (size_t k = 0; k < s.n; k++) {
    adapter_stop(&s.ad[k]);
    failed += s.st[k].failed;
  }
  for (size_t k = 0; k < s.n; k++) {
    all.total += s.st[k].total;
    all.failed += s.st[k].failed;
    all.unsupported += s.st[k].unsupported;
    all.ju_failures += s.st[k].ju_failures;
    all.ju_errors += s.st[k].ju_errors;
    all.ju_skipped += s.st[k].ju_skipped;
    for (int c = 0; c < CLASS__COUNT; c++)
      all.by_class[c] += s.st[k].by_class[c];
  }
  output_adapter_end(&s.out, &all);
  output_end(&s.out, s.st, s.n, NULL, interrupted != 0);
  int lost = output_close(&s.out) < 0;
  cleanup(&s);
  runopts_free(&o);
  if (lost)
    return EXIT_USAGE;
  if (interrupted)
    return 128 + interrupted;
  if (io_error) {
    warnx_("read error on the input");
    return EXIT_USAGE;
  }
  return failed ? EXIT_NEGATIVE : EXIT_OK;
}
