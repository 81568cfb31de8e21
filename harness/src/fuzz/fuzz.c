/* fuzz.c: `uritest fuzz`, differential fuzzing of any adapter out of
 * process.  Inputs (the vectors, then the grammar's productions and
 * mutations of kept inputs) go in pipelined batches through each adapter's
 * protocol (adapter_run, as `uritest run` sends them) and through the
 * oracle under its observer; an input is kept when it reaches a new
 * signature: its (rule, alternative) trace joined with the adapter's
 * outcome class.  Each discrepancy is attributed to a named behaviour
 * (behaviours_attribute, as run attributes); an unexplained one is
 * minimized by re-asking the adapter.  --whatwg compares the WHATWG
 * adapters with one another instead of with the oracle.  --jobs N runs N
 * workers, each with its own adapter processes, sharing one corpus. */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "classify.h"
#include "commands.h"
#include "files.h"
#include "fuzzcamp.h"
#include "output.h"

static const char usage_text[] =
    "usage: uritest fuzz [--adapter NAME]... [--adapter-cmd CMD]... "
    "[--whatwg]\n"
    "                    [--seconds S] [--runs N] [--seed N] [--corpus DIR]\n"
    "                    [--corpus-max N]\n"
    "                    [--out DIR] [--jobs N] [--format text|json]\n"
    "                    [--progress S]\n"
    "Differential fuzzing of any adapter out of process: inputs from the\n"
    "vectors, the grammar (productions, near misses, delimiter swaps) and\n"
    "mutations of kept inputs, pipelined through each adapter and the\n"
    "oracle.  An input is kept when it reaches a new signature (the oracle's\n"
    "rule-alternative trace joined with the adapter's outcome class).  A\n"
    "discrepancy no named behaviour explains is minimized and written to\n"
    "--out as a candidate regression vector.\n"
    "  --adapter NAME     a registered adapter (several; default: every\n"
    "                     available one but the reference; with --whatwg,\n"
    "                     every available whatwg one without a hello_timeout)\n"
    "  --adapter-cmd CMD  an adapter's command line (several; default: none)\n"
    "  --whatwg           compare the WHATWG adapters with one another, not\n"
    "                     with the oracle (default: with the oracle)\n"
    "  --seconds S        stop after S seconds (default: 60 unless --runs)\n"
    "  --runs N           stop after N inputs (default: no limit)\n"
    "  --seed N           the generator's seed (default: 1)\n"
    "  --corpus DIR       read seeds from DIR and write kept inputs there\n"
    "                     (default: none)\n"
    "  --corpus-max N     at most N files in DIR: the first N (by name)\n"
    "                     are read, no input is written past N; 0: no\n"
    "                     cap (default: 100000)\n"
    "  --out DIR          candidate vectors of unexplained findings, one file\n"
    "                     per adapter, merged with what DIR has (default: "
    "none)\n"
    "  --vectors PATH     seed vectors (several; default: vectors/v1)\n"
    "  --jobs N           workers, each with its own adapter processes\n"
    "                     (default: 1)\n"
    "  --format FORMAT    text or json (default: text)\n"
    "  --progress S       every S seconds, one JSON line of the summary's\n"
    "                     adapters so far on standard error (default: none)\n"
    "  --timeout S        seconds for each answer (default: 2)\n"
    "  --hello-timeout S  seconds for the hello line (default: 5)\n"
    "  --help             this text\n"
    "Exit: 0 no unexplained finding, 1 unexplained findings (with --whatwg:\n"
    "two adapters disagreed), 2 usage or input error, 128+N a signal.\n"
    "example: uritest fuzz --adapter NAME --seconds 60 --format json\n";

/* ---- options --------------------------------------------------------------
 */

enum {
  O_ADAPTER = 256,
  O_ADAPTER_CMD,
  O_WHATWG,
  O_SECONDS,
  O_RUNS,
  O_SEED,
  O_CORPUS,
  O_CORPUS_MAX,
  O_OUT,
  O_VECTORS,
  O_JOBS,
  O_FORMAT,
  O_TIMEOUT,
  O_HELLO_TIMEOUT,
  O_PROGRESS,
  O_HELP
};

static const struct option long_opts[] = {
    {"adapter", required_argument, 0, O_ADAPTER},
    {"adapter-cmd", required_argument, 0, O_ADAPTER_CMD},
    {"whatwg", no_argument, 0, O_WHATWG},
    {"seconds", required_argument, 0, O_SECONDS},
    {"runs", required_argument, 0, O_RUNS},
    {"seed", required_argument, 0, O_SEED},
    {"corpus", required_argument, 0, O_CORPUS},
    {"corpus-max", required_argument, 0, O_CORPUS_MAX},
    {"out", required_argument, 0, O_OUT},
    {"vectors", required_argument, 0, O_VECTORS},
    {"jobs", required_argument, 0, O_JOBS},
    {"format", required_argument, 0, O_FORMAT},
    {"timeout", required_argument, 0, O_TIMEOUT},
    {"hello-timeout", required_argument, 0, O_HELLO_TIMEOUT},
    {"progress", required_argument, 0, O_PROGRESS},
    {"help", no_argument, 0, O_HELP},
    {0, 0, 0, 0}};

/* A whole number from 0 (LO) to HI; -1 when OPTARG is not one. */
static long long number(const char *s, long long lo, long long hi) {
  char *end;
  if (!*s || *s == '-' || *s == '+' || *s == ' ')
    return -1;
  long long n = strtoll(s, &end, 10);
  return *end || n < lo || n > hi ? -1 : n;
}

static int bad_value(const char *opt, const char *what, const char *v) {
  warnx_("%s: not %s: \"%s\"", opt, what, v);
  fputs(usage_text, stderr);
  return EXIT_USAGE;
}

/* 0, -1 after --help, or EXIT_USAGE. */
static int parse_opts(int argc, char **argv, struct fopts *o) {
  memset(o, 0, sizeof *o);
  o->seed = 1;
  o->jobs = 1;
  o->timeout = 2;
  o->hello_timeout = 5;
  o->corpus_max = FZ_CORPUS_MAX_DEFAULT;
  optind = 1;
  opterr = 0;
  int c;
  long long n;
  while ((c = getopt_long(argc, argv, "", long_opts, NULL)) != -1) {
    switch (c) {
    case O_ADAPTER:
      filter_add(&o->adapters, &o->nadapters, optarg);
      break;
    case O_ADAPTER_CMD:
      filter_add(&o->cmds, &o->ncmds, optarg);
      break;
    case O_VECTORS:
      filter_add(&o->vectors, &o->nvectors, optarg);
      break;
    case O_WHATWG:
      o->whatwg = 1;
      break;
    case O_SECONDS:
      if ((o->seconds = parse_seconds(optarg)) <= 0)
        return bad_value("--seconds", "a duration in seconds", optarg);
      break;
    case O_RUNS:
      if ((o->runs = number(optarg, 1, (long long)1 << 60)) < 0)
        return bad_value("--runs", "a number of inputs from 1", optarg);
      break;
    case O_SEED:
      if ((n = number(optarg, 0, (long long)1 << 62)) < 0)
        return bad_value("--seed", "a whole number", optarg);
      o->seed = (uint64_t)n;
      break;
    case O_JOBS:
      if ((n = number(optarg, 1, 256)) < 0)
        return bad_value("--jobs", "a number of workers from 1 to 256", optarg);
      o->jobs = (int)n;
      break;
    case O_CORPUS:
      o->corpus = optarg;
      break;
    case O_CORPUS_MAX:
      if ((o->corpus_max = number(optarg, 0, (long long)1 << 60)) < 0)
        return bad_value("--corpus-max", "a number of files from 0", optarg);
      break;
    case O_OUT:
      o->out = optarg;
      break;
    case O_FORMAT:
      if (strcmp(optarg, "text") && strcmp(optarg, "json"))
        return bad_value("--format", "text or json", optarg);
      o->json = !strcmp(optarg, "json");
      break;
    case O_PROGRESS:
      if ((o->progress = parse_seconds(optarg)) <= 0)
        return bad_value("--progress", "a duration in seconds", optarg);
      break;
    case O_TIMEOUT:
    case O_HELLO_TIMEOUT: {
      double d = parse_seconds(optarg);
      if (d <= 0)
        return bad_value(c == O_TIMEOUT ? "--timeout" : "--hello-timeout",
                         "a duration in seconds", optarg);
      *(c == O_TIMEOUT ? &o->timeout : &o->hello_timeout) = d;
      break;
    }
    case O_HELP:
      fputs(usage_text, stdout);
      return -1;
    default:
      if (optopt && optopt < 256)
        warnx_("unknown option -%c", optopt);
      else
        warnx_("unknown option or missing value: %s", argv[optind - 1]);
      fputs(usage_text, stderr);
      return EXIT_USAGE;
    }
  }
  if (optind < argc) {
    warnx_("fuzz takes no operand: \"%s\"", argv[optind]);
    fputs(usage_text, stderr);
    return EXIT_USAGE;
  }
  if (!o->seconds && !o->runs)
    o->seconds = 60;
  return 0;
}

/* ---- the campaign ---------------------------------------------------------
 */

/* --whatwg without --adapter: every available whatwg adapter that does not
 * ask for a hello_timeout (the browsers: slow to start and to answer;
 * named, they take part). */
static void whatwg_defaults(struct registry *reg, struct fopts *o) {
  for (size_t i = 0; i < reg->n; i++) {
    struct adapter_def *d = &reg->defs[i];
    if (!d->spec || strcmp(d->spec, "whatwg") || d->hello_timeout > 0)
      continue;
    adapter_def_check(d);
    if (d->available)
      filter_add(&o->adapters, &o->nadapters, d->name);
  }
}

/* Start every worker's adapters (from this thread, which outlives them)
 * and load each adapter's behaviours.  0 or an exit code. */
static int start_adapters(struct campaign *c, struct worker *w,
                          struct adapter_def **defs) {
  long started = 0;
  for (int j = 0; j < c->o->jobs; j++) {
    w[j].c = c;
    w[j].ad = xcalloc(c->nad, sizeof *w[j].ad);
    long got = adapters_start(w[j].ad, defs, c->nad, c->o->hello_timeout,
                              c->o->timeout);
    if (got < 0)
      return 128 + interrupted;
    started += got;
    for (size_t k = 0; k < c->nad; k++)
      c->ad[k].given_up |= w[j].ad[k].given_up;
  }
  if (!started) {
    warnx_("no adapter started: nothing was fuzzed");
    return EXIT_USAGE;
  }
  if (adapters_distinct(w[0].ad, c->nad))
    return EXIT_USAGE;
  for (size_t k = 0; k < c->nad; k++) {
    c->ad[k].def = defs[k];
    c->ad[k].name = xstrdup(w[0].ad[k].name);
    c->ad[k].library = xstrdup(w[0].ad[k].library);
    if (c->o->whatwg && strcmp(w[0].ad[k].spec, "whatwg")) {
      warnx_("--whatwg: adapter %s is not a WHATWG adapter (its spec is %s)",
             c->ad[k].name, w[0].ad[k].spec);
      return EXIT_USAGE;
    }
    if (!c->o->whatwg && behaviours_load_adapter(c->ad[k].name, &c->ad[k].beh))
      return EXIT_USAGE;
  }
  return 0;
}

static void run_workers(struct campaign *c, struct worker *w) {
  json_object_seed(0); /* before any thread: jansson seeds once */
  c->started = c->last_progress = now_mono();
  if (c->o->seconds) /* nothing asked past it: minimization included */
    adapter_deadline = c->started + c->o->seconds;
  pthread_t *th = xcalloc((size_t)c->o->jobs, sizeof *th);
  int *ok = xcalloc((size_t)c->o->jobs, sizeof *ok);
  for (int j = 1; j < c->o->jobs; j++)
    ok[j] = pthread_create(&th[j], NULL, fz_worker_main, &w[j]) == 0;
  fz_worker_main(&w[0]);
  for (int j = 1; j < c->o->jobs; j++)
    if (ok[j])
      pthread_join(th[j], NULL);
    else
      fz_worker_main(&w[j]); /* no thread to be had: its share here */
  c->ended = now_mono();
  free(th);
  free(ok);
}

static void campaign_free(struct campaign *c) {
  for (size_t k = 0; k < c->nad; k++) {
    free(c->ad[k].name);
    free(c->ad[k].library);
    behaviours_free(&c->ad[k].beh);
    sigset_free(&c->ad[k].sigs);
  }
  free(c->ad);
  for (size_t i = 0; i < c->nf; i++) {
    free(c->f[i].in);
    free(c->f[i].reading);
    free(c->f[i].other_reading);
  }
  free(c->f);
  free(c->seed);
  free(c->seed_len);
  free(c->dict.s);
  free(c->dict.len);
  free(c->kept);
  free(c->kept_len);
  arena_free(&c->arena);
  sigset_free(&c->seen_inputs);
  sigset_free(&c->fkeys);
  sigset_free(&c->prekeys);
  free(c->kinds);
  free(c->fruitless);
  pthread_mutex_destroy(&c->lock);
}

static void fopts_free(struct fopts *o) {
  for (int i = 0; i < o->nadapters; i++)
    free(o->adapters[i]);
  for (int i = 0; i < o->ncmds; i++)
    free(o->cmds[i]);
  for (int i = 0; i < o->nvectors; i++)
    free(o->vectors[i]);
  free(o->adapters);
  free(o->cmds);
  free(o->vectors);
}

static int fuzz(struct fopts *o, struct campaign *c, struct registry *reg) {
  struct adapter_def **defs = NULL, **cmd_defs = NULL;
  size_t nad = 0, ncmd = 0;
  if (o->whatwg && !o->nadapters && !o->ncmds) {
    whatwg_defaults(reg, o);
    if (!o->nadapters) {
      warnx_("--whatwg: no WHATWG adapter is available here (uritest "
             "adapters)");
      return EXIT_USAGE;
    }
  }
  int rc = registry_select(reg, o->adapters, o->nadapters, o->cmds, o->ncmds, 1,
                           &defs, &nad, &cmd_defs, &ncmd);
  if (!rc && o->whatwg && nad < 2) {
    warnx_("--whatwg compares two adapters or more; %zu available", nad);
    rc = EXIT_USAGE;
  }
  if (!rc)
    rc = fz_load_seeds(c);
  if (!rc)
    rc = fz_load_dict(c);
  struct worker *w = xcalloc((size_t)o->jobs, sizeof *w);
  if (!rc) {
    c->nad = nad;
    c->ad = xcalloc(nad, sizeof *c->ad);
    rc = start_adapters(c, w, defs);
  }
  if (!rc && fz_check_out(c) < 0) /* before the campaign, not after it */
    rc = EXIT_USAGE;
  if (!rc) {
    run_workers(c, w);
    if (o->out && fz_write_out(c) < 0)
      rc = EXIT_USAGE;
    fz_summary(c, stdout);
  }
  for (int j = 0; j < o->jobs; j++)
    fz_worker_free(&w[j], nad);
  free(w);
  free(defs);
  for (size_t i = 0; i < ncmd; i++)
    adapter_def_free(cmd_defs[i]);
  free(cmd_defs);
  if (rc)
    return rc;
  if (interrupted)
    return 128 + interrupted;
  if (c->io_error)
    return EXIT_USAGE;
  for (size_t k = 0; k < c->nad; k++)
    if (c->ad[k].unexplained)
      return EXIT_NEGATIVE;
  return EXIT_OK;
}

int cmd_fuzz(int argc, char **argv) {
  struct fopts o;
  int rc = parse_opts(argc, argv, &o);
  if (rc) {
    fopts_free(&o);
    return rc < 0 ? EXIT_OK : rc;
  }
  install_signal_handlers();
  struct campaign c;
  memset(&c, 0, sizeof c);
  c.o = &o;
  c.rng.s = o.seed;
  pthread_mutex_init(&c.lock, NULL);
  struct registry reg;
  registry_load(&reg);
  rc = fuzz(&o, &c, &reg);
  campaign_free(&c);
  registry_free(&reg);
  fopts_free(&o);
  return rc;
}
