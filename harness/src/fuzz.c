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

#define BATCH 1024
#define MIN_BUDGET 2000 /* candidates asked per minimization */

static const char usage_text[] =
    "usage: uritest fuzz [--adapter NAME]... [--adapter-cmd CMD]... "
    "[--whatwg]\n"
    "                    [--seconds S] [--runs N] [--seed N] [--corpus DIR]\n"
    "                    [--out DIR] [--jobs N] [--format text|json]\n"
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
    "  --out DIR          candidate vectors of unexplained findings, one file\n"
    "                     per adapter, merged with what DIR has (default: "
    "none)\n"
    "  --vectors PATH     seed vectors (several; default: vectors/v1)\n"
    "  --jobs N           workers, each with its own adapter processes\n"
    "                     (default: 1)\n"
    "  --format FORMAT    text or json (default: text)\n"
    "  --timeout S        seconds for each answer (default: 2)\n"
    "  --hello-timeout S  seconds for the hello line (default: 5)\n"
    "  --help             this text\n"
    "Exit: 0 no unexplained finding, 1 unexplained findings (with --whatwg:\n"
    "two adapters disagreed), 2 usage or input error, 128+N a signal.\n"
    "example: uritest fuzz --adapter whatwg-node --seconds 60 --format json\n";

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
  O_OUT,
  O_VECTORS,
  O_JOBS,
  O_FORMAT,
  O_TIMEOUT,
  O_HELLO_TIMEOUT,
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
    {"out", required_argument, 0, O_OUT},
    {"vectors", required_argument, 0, O_VECTORS},
    {"jobs", required_argument, 0, O_JOBS},
    {"format", required_argument, 0, O_FORMAT},
    {"timeout", required_argument, 0, O_TIMEOUT},
    {"hello-timeout", required_argument, 0, O_HELLO_TIMEOUT},
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
    case O_OUT:
      o->out = optarg;
      break;
    case O_FORMAT:
      if (strcmp(optarg, "text") && strcmp(optarg, "json"))
        return bad_value("--format", "text or json", optarg);
      o->json = !strcmp(optarg, "json");
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

/* ---- a batch through one adapter --------------------------------------- */

/* What one adapter did with one input of a batch. */
struct outcome {
  signed char cls; /* enum cls, or -1: not asked (adapter given up) */
  unsigned mis;
  const char *behaviour; /* failed: the behaviour id or "unexplained" */
  char *line;            /* failed: the answer line, or NULL */
  json_t *ans;           /* --whatwg: the answer */
};

struct worker {
  struct campaign *c;
  struct adapter *ad; /* one process per adapter of the campaign */
  struct buf store;
  size_t *at, *len, n, cap;
  char **in;
  uint64_t *th, *shape; /* each input's trace hash and shape */
  struct outcome *oc;   /* n * nad */
};

/* The bit of a mismatched component or getter. */
static unsigned mis_bit(const char *name) {
  for (int k = 0; k < RFC3986_COMPONENT_COUNT; k++)
    if (!strcmp(name, rfc3986_component_name((rfc3986_component)k)))
      return 1u << k;
  for (int g = 0; g < G__COUNT; g++)
    if (!strcmp(name, getter_names[g]))
      return 1u << (RFC3986_COMPONENT_COUNT + g);
  return 1u << 31;
}

struct ask {
  struct campaign *c;
  struct adapter *a;
  size_t k;
  char **in;
  size_t *len;
  struct outcome *oc; /* one per input */
  int whatwg;
};

static void ask_encode(void *ctx, size_t i, long id, struct buf *b) {
  struct ask *j = ctx;
  buf_puts(b, "{\"id\": ");
  buf_putl(b, id);
  buf_puts(b, ", \"op\": \"parse\", ");
  buf_json_input(b, "input", j->in[i], j->len[i]);
  buf_puts(b, j->whatwg ? ", \"base\": null}\n" : "}\n");
}

/* Attribute a failed outcome to a behaviour of adapter K, as run does. */
static void attribute(struct ask *j, size_t i, struct verdict *v, json_t *ans,
                      struct outcome *o) {
  size_t unexplained = 0;
  struct result r = {.adapter = j->a->name,
                     .library = j->a->library,
                     .input = j->in[i],
                     .input_len = j->len[i],
                     .v = v,
                     .answer = ans};
  o->behaviour = j->whatwg ? "unexplained"
                           : behaviours_attribute(&j->c->ad[j->k].beh, &r, NULL,
                                                  &unexplained);
}

static void ask_answer(void *ctx, size_t i, json_t *ans, const char *line,
                       size_t len) {
  struct ask *j = ctx;
  struct outcome *o = &j->oc[i];
  memset(o, 0, sizeof *o);
  if (j->whatwg) { /* compared once every adapter answered */
    o->ans = json_incref(ans);
    o->line = xstrndup(line, len);
    return;
  }
  struct verdict v;
  classify_diff(j->in[i], j->len[i], ans, &v);
  o->cls = (signed char)v.cls;
  for (int m = 0; m < v.nmis; m++)
    o->mis |= mis_bit(v.mis[m].name);
  if (class_failed(v.cls)) {
    attribute(j, i, &v, ans, o);
    o->line = xstrndup(line, len);
  }
}

static void ask_fail(void *ctx, size_t i, int cls, const char *why) {
  struct ask *j = ctx;
  struct outcome *o = &j->oc[i];
  memset(o, 0, sizeof *o);
  /* given up: one failure stands for the rest, which were not asked */
  if (j->a->given_up && j->c->ad[j->k].given_up) {
    o->cls = -1;
    return;
  }
  struct verdict v;
  memset(&v, 0, sizeof v);
  v.cls = cls;
  v.why = why;
  o->cls = (signed char)cls;
  attribute(j, i, &v, NULL, o);
  if (j->a->given_up) {
    pthread_mutex_lock(&j->c->lock);
    j->c->ad[j->k].given_up = 1;
    pthread_mutex_unlock(&j->c->lock);
  }
}

/* N inputs through adapter K of worker W: OC[i] for each.  -1 when
 * interrupted. */
static int ask_adapter(struct worker *w, size_t k, char **in, size_t *len,
                       size_t n, struct outcome *oc) {
  struct ask j = {w->c, &w->ad[k], k, in, len, oc, w->c->o->whatwg};
  struct job job = {&j, n, ask_encode, ask_answer, ask_fail, NULL};
  int rc = adapter_run(&w->ad[k], &job);
  pthread_mutex_lock(&w->c->lock);
  w->c->ad[k].execs += n;
  pthread_mutex_unlock(&w->c->lock);
  return rc;
}

static void outcome_free(struct outcome *o) {
  free(o->line);
  json_decref(o->ans);
  memset(o, 0, sizeof *o);
}

/* --whatwg: adapter K's outcome on input I is its answer held to the first
 * other adapter's that it disagrees with (OTHER set to that one). */
static void whatwg_compare(struct campaign *c, struct outcome *row, size_t k,
                           size_t *other) {
  struct outcome *o = &row[k];
  *other = (size_t)-1;
  if (o->cls < 0 || !o->ans)
    return;
  for (size_t j = 0; j < c->nad; j++) {
    if (j == k || row[j].cls < 0 || !row[j].ans)
      continue;
    struct verdict v;
    classify_pair(o->ans, row[j].ans, &v);
    if (!class_failed(v.cls))
      continue;
    o->cls = (signed char)v.cls;
    for (int m = 0; m < v.nmis; m++)
      o->mis |= mis_bit(v.mis[m].name);
    o->behaviour = "unexplained";
    *other = j;
    return;
  }
}

/* ---- minimization -------------------------------------------------------- */

/* What a candidate must still show: the finding's class and components,
 * still unexplained; with --whatwg, between the same two adapters. */
struct target {
  struct worker *w;
  size_t k, other;
  int cls;
  unsigned mis;
  char *line, *other_line; /* the last holding candidate's answers */
};

static int holds(const struct target *t, const struct outcome *o) {
  return o->cls == t->cls && o->mis == t->mis && o->behaviour &&
         !strcmp(o->behaviour, "unexplained");
}

static int check_candidates(void *ctx, char **in, size_t *len, size_t n,
                            unsigned char *h) {
  struct target *t = ctx;
  struct worker *w = t->w;
  int whatwg = w->c->o->whatwg;
  struct outcome *oc = xcalloc(2 * n, sizeof *oc);
  int rc = ask_adapter(w, t->k, in, len, n, oc);
  if (rc == 0 && whatwg)
    rc = ask_adapter(w, t->other, in, len, n, oc + n);
  for (size_t i = 0; i < n; i++) {
    if (whatwg && rc == 0 && oc[i].ans && oc[n + i].ans) {
      struct verdict v;
      classify_pair(oc[i].ans, oc[n + i].ans, &v);
      oc[i].cls = (signed char)v.cls;
      for (int m = 0; m < v.nmis; m++)
        oc[i].mis |= mis_bit(v.mis[m].name);
      oc[i].behaviour = "unexplained";
    }
    h[i] = rc == 0 && holds(t, &oc[i]);
    if (h[i] && !t->line) {
      t->line = oc[i].line ? xstrdup(oc[i].line) : NULL;
      t->other_line = oc[n + i].line ? xstrdup(oc[n + i].line) : NULL;
    }
  }
  for (size_t i = 0; i < 2 * n; i++)
    outcome_free(&oc[i]);
  free(oc);
  return rc;
}

/* ---- findings -------------------------------------------------------------- */

static struct finding *add_finding(struct campaign *c) {
  if (c->nf == c->capf) {
    c->capf = c->capf ? 2 * c->capf : 64;
    c->f = xrealloc(c->f, c->capf * sizeof *c->f);
  }
  struct finding *f = &c->f[c->nf++];
  memset(f, 0, sizeof *f);
  return f;
}

/* An unexplained discrepancy of adapter K on IN, worth a look (the first
 * of its class, components and trace shape): minimized, then recorded
 * when its minimized shape is new too.  Called without the lock. */
static void minimize_finding(struct worker *w, size_t k, size_t other,
                             const char *in, size_t len,
                             const struct outcome *o) {
  struct campaign *c = w->c;
  struct target t = {w, k, other, o->cls, o->mis, NULL, NULL};
  struct buf min = {0};
  size_t asked = 0;
  /* a hang costs a timeout per candidate: kept as found */
  size_t budget = o->cls == CLASS_TIMEOUT ? 0 : MIN_BUDGET;
  fz_minimize(in, len, check_candidates, &t, budget, &min, &asked);
  char *one[1] = {min.p ? min.p : (char *)""};
  unsigned char h = 0;
  free(t.line);
  free(t.other_line);
  t.line = t.other_line = NULL;
  /* the minimized input asked once more: its readings, and a last check */
  if (o->cls != CLASS_TIMEOUT)
    check_candidates(&t, one, &min.len, 1, &h);
  if (o->cls != CLASS_TIMEOUT && !h) { /* flaky: keep it as found */
    min.len = 0;
    buf_put(&min, in, len);
    free(t.line);
    t.line = o->line ? xstrdup(o->line) : NULL;
  }
  struct trace tr;
  fz_trace(min.p ? min.p : "", min.len, &tr);
  uint64_t key = fz_mix(fz_mix(fz_trace_shape(&tr), k << 8 | (uint64_t)o->cls),
                        (uint64_t)o->mis << 16 | (other & 0xffff));
  pthread_mutex_lock(&c->lock);
  if (sigset_add(&c->fkeys, key)) {
    struct finding *f = add_finding(c);
    *f = (struct finding){
        k,           other,         xstrndup(min.p ? min.p : "", min.len),
        min.len,     len,           o->cls,
        o->mis,      "unexplained", t.line,
        t.other_line};
    t.line = t.other_line = NULL;
    c->ad[k].findings++;
    c->ad[k].unexplained++;
  }
  pthread_mutex_unlock(&c->lock);
  free(t.line);
  free(t.other_line);
  buf_free(&min);
}

/* A discrepancy a named behaviour explains: one finding per adapter,
 * class, components and behaviour (the first input).  Under the lock. */
static void explained_finding(struct campaign *c, size_t k, const char *in,
                              size_t len, const struct outcome *o) {
  uint64_t key = fz_mix(fz_mix(fz_hash(o->behaviour, strlen(o->behaviour)),
                               k << 8 | (uint64_t)o->cls),
                        (uint64_t)o->mis << 16 | 0xffff);
  if (!sigset_add(&c->fkeys, key))
    return;
  struct finding *f = add_finding(c);
  *f = (struct finding){k,      (size_t)-1, xstrndup(in, len), len,  len,
                        o->cls, o->mis,     o->behaviour,      NULL, NULL};
  c->ad[k].findings++;
}

/* ---- batches ------------------------------------------------------------- */

static void batch_add(struct worker *w, const char *in, size_t len) {
  if (w->n == w->cap) {
    w->cap = w->cap ? 2 * w->cap : BATCH;
    w->at = xrealloc(w->at, w->cap * sizeof *w->at);
    w->len = xrealloc(w->len, w->cap * sizeof *w->len);
    w->in = xrealloc(w->in, w->cap * sizeof *w->in);
    w->th = xrealloc(w->th, w->cap * sizeof *w->th);
    w->shape = xrealloc(w->shape, w->cap * sizeof *w->shape);
  }
  w->at[w->n] = w->store.len;
  buf_put(&w->store, in, len);
  w->len[w->n++] = len;
}

/* Whether the campaign is over: --runs reached, --seconds passed, every
 * adapter given up, or a signal.  Under the lock. */
static int over(struct campaign *c) {
  if (interrupted || (c->o->runs && c->claimed >= c->o->runs) ||
      (c->o->seconds && now_mono() - c->started >= c->o->seconds))
    return 1;
  for (size_t k = 0; k < c->nad; k++)
    if (!c->ad[k].given_up)
      return 0;
  return 1;
}

/* The next batch of inputs: the seeds first, then generated or mutated
 * ones.  Under the lock (the generator's state is the campaign's, so one
 * worker with one seed makes the same inputs every time). */
static void claim_batch(struct worker *w) {
  struct campaign *c = w->c;
  w->n = 0;
  w->store.len = 0;
  if (over(c))
    return;
  long long want = BATCH;
  if (c->o->runs && c->o->runs - c->claimed < want)
    want = c->o->runs - c->claimed;
  struct buf tmp = {0};
  for (long long i = 0; i < want; i++) {
    if (c->next_seed < c->nseeds) {
      batch_add(w, c->seed[c->next_seed], c->seed_len[c->next_seed]);
      c->next_seed++;
      continue;
    }
    if (c->nkept && rng_below(&c->rng, 10) < 6) {
      size_t a = rng_below(&c->rng, c->nkept), b = rng_below(&c->rng, c->nkept);
      fz_mutate(&c->rng, c->kept[a], c->kept_len[a], c->kept[b], c->kept_len[b],
                c->covered, &tmp);
    } else {
      fz_generate(&c->rng, c->covered, &tmp);
    }
    batch_add(w, tmp.p ? tmp.p : "", tmp.len);
  }
  buf_free(&tmp);
  c->claimed += (long long)w->n;
  for (size_t i = 0; i < w->n; i++)
    w->in[i] = w->store.p ? w->store.p + w->at[i] : (char *)"";
}

/* Adapter K reached new pairs with the kept input IN.  Under the lock. */
static void cover(struct campaign *c, const int *fresh, const char *in,
                  size_t len) {
  struct trace t;
  fz_trace(in, len, &t);
  for (size_t k = 0; k < c->nad; k++)
    for (size_t p = 0; fresh[k] && p < FZ_NPAIRS; p++)
      if (t.count[p]) {
        c->ad[k].ncovered += !c->ad[k].covered[p];
        c->ad[k].covered[p] = 1;
        c->covered[p] = 1;
      }
}

/* A finding to minimize, taken out of the batch under the lock. */
struct todo {
  size_t k, other, i;
  struct outcome o;
};

/* The batch's signatures, kept inputs and findings; the unexplained
 * findings worth minimizing go to *TODO.  Under the lock. */
static size_t absorb(struct worker *w, struct todo **todo) {
  struct campaign *c = w->c;
  size_t ntodo = 0, cap = 0;
  int *fresh = xcalloc(c->nad, sizeof *fresh);
  size_t *others = xcalloc(c->nad, sizeof *others);
  for (size_t i = 0; i < w->n; i++) {
    struct outcome *row = &w->oc[i * c->nad];
    int keep = 0;
    for (size_t k = 0; k < c->nad; k++) {
      others[k] = (size_t)-1;
      if (c->o->whatwg)
        whatwg_compare(c, row, k, &others[k]);
    }
    for (size_t k = 0; k < c->nad; k++) {
      struct outcome *o = &row[k];
      size_t other = others[k];
      fresh[k] = 0;
      if (o->cls < 0)
        continue;
      uint64_t s = fz_mix(fz_mix(w->th[i], k), (uint64_t)o->cls << 32 | o->mis);
      keep |= fresh[k] = sigset_add(&c->ad[k].sigs, s);
      /* --whatwg: one finding per pair, under its first adapter */
      if (!class_failed(o->cls) || (other != (size_t)-1 && other < k))
        continue;
      if (strcmp(o->behaviour, "unexplained")) {
        explained_finding(c, k, w->in[i], w->len[i], o);
        continue;
      }
      uint64_t pre = fz_mix(fz_mix(w->shape[i], k << 8 | (uint64_t)o->cls),
                            (uint64_t)o->mis << 16 | (other & 0xffff));
      if (!sigset_add(&c->prekeys, pre))
        continue;
      if (ntodo == cap) {
        cap = cap ? 2 * cap : 16;
        *todo = xrealloc(*todo, cap * sizeof **todo);
      }
      (*todo)[ntodo++] = (struct todo){k, other, i, *o};
      memset(o, 0, sizeof *o); /* its line goes with it */
      o->cls = -1;
    }
    if (keep && sigset_add(&c->seen_inputs, fz_hash(w->in[i], w->len[i])))
      fz_keep(c, w->in[i], w->len[i]);
    if (keep)
      cover(c, fresh, w->in[i], w->len[i]);
  }
  free(fresh);
  free(others);
  return ntodo;
}

/* One batch: traces, every adapter, then what it found.  0 when there was
 * none to do. */
static int one_batch(struct worker *w) {
  struct campaign *c = w->c;
  pthread_mutex_lock(&c->lock);
  claim_batch(w);
  pthread_mutex_unlock(&c->lock);
  if (!w->n)
    return 0;
  struct trace t;
  for (size_t i = 0; i < w->n; i++) {
    fz_trace(w->in[i], w->len[i], &t);
    w->th[i] = fz_trace_hash(&t);
    w->shape[i] = fz_trace_shape(&t);
  }
  w->oc = xcalloc(w->n * c->nad, sizeof *w->oc);
  struct outcome *col = xcalloc(w->n, sizeof *col);
  for (size_t k = 0; k < c->nad && !interrupted; k++) {
    int skip = c->ad[k].given_up;
    for (size_t i = 0; i < w->n; i++)
      col[i].cls = -1;
    if (!skip)
      ask_adapter(w, k, w->in, w->len, w->n, col);
    for (size_t i = 0; i < w->n; i++)
      w->oc[i * c->nad + k] = col[i];
  }
  free(col);
  struct todo *todo = NULL;
  pthread_mutex_lock(&c->lock);
  size_t ntodo = interrupted ? 0 : absorb(w, &todo);
  pthread_mutex_unlock(&c->lock);
  for (size_t i = 0; i < w->n * c->nad; i++)
    outcome_free(&w->oc[i]);
  free(w->oc);
  w->oc = NULL;
  for (size_t i = 0; i < ntodo; i++) {
    if (!interrupted)
      minimize_finding(w, todo[i].k, todo[i].other, w->in[todo[i].i],
                       w->len[todo[i].i], &todo[i].o);
    outcome_free(&todo[i].o);
  }
  free(todo);
  return 1;
}

static void *worker_main(void *arg) {
  struct worker *w = arg;
  while (one_batch(w)) {
  }
  for (size_t k = 0; k < w->c->nad; k++)
    adapter_stop(&w->ad[k]);
  return NULL;
}

static void worker_free(struct worker *w, size_t nad) {
  for (size_t k = 0; w->ad && k < nad; k++)
    adapter_free(&w->ad[k]);
  free(w->ad);
  buf_free(&w->store);
  free(w->at);
  free(w->len);
  free(w->in);
  free(w->th);
  free(w->shape);
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
  size_t started = 0;
  for (int j = 0; j < c->o->jobs; j++) {
    w[j].c = c;
    w[j].ad = xcalloc(c->nad, sizeof *w[j].ad);
    for (size_t k = 0; k < c->nad; k++) {
      struct adapter *a = &w[j].ad[k];
      adapter_init(a, defs[k], c->o->hello_timeout, c->o->timeout);
      if (adapter_start(a) < 0) {
        if (interrupted)
          return 128 + interrupted;
        warnx_("adapter %s: cannot start: %s", a->name, a->last_why);
        c->ad[k].given_up = 1;
      } else {
        started++;
      }
    }
  }
  if (!started) {
    warnx_("no adapter started: nothing was fuzzed");
    return EXIT_USAGE;
  }
  for (size_t k = 0; k < c->nad; k++) {
    c->ad[k].def = defs[k];
    c->ad[k].name = xstrdup(w[0].ad[k].name);
    c->ad[k].library = xstrdup(w[0].ad[k].library);
    for (size_t i = 0; i < k; i++)
      if (!strcmp(c->ad[i].name, c->ad[k].name)) {
        warnx_("two adapters are named %s", c->ad[k].name);
        return EXIT_USAGE;
      }
    if (!c->o->whatwg && behaviours_load_adapter(c->ad[k].name, &c->ad[k].beh))
      return EXIT_USAGE;
  }
  return 0;
}

static void run_workers(struct campaign *c, struct worker *w) {
  json_object_seed(0); /* before any thread: jansson seeds once */
  c->started = now_mono();
  pthread_t *th = xcalloc((size_t)c->o->jobs, sizeof *th);
  int *ok = xcalloc((size_t)c->o->jobs, sizeof *ok);
  for (int j = 1; j < c->o->jobs; j++)
    ok[j] = pthread_create(&th[j], NULL, worker_main, &w[j]) == 0;
  worker_main(&w[0]);
  for (int j = 1; j < c->o->jobs; j++)
    if (ok[j])
      pthread_join(th[j], NULL);
    else
      worker_main(&w[j]); /* no thread to be had: its share here */
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
  free(c->kept);
  free(c->kept_len);
  arena_free(&c->arena);
  sigset_free(&c->seen_inputs);
  sigset_free(&c->fkeys);
  sigset_free(&c->prekeys);
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
  if (o->whatwg && !o->nadapters && !o->ncmds)
    whatwg_defaults(reg, o);
  int rc = registry_select(reg, o->adapters, o->nadapters, o->cmds, o->ncmds, 1,
                           &defs, &nad, &cmd_defs, &ncmd);
  if (!rc && o->whatwg && nad < 2) {
    warnx_("--whatwg compares two adapters or more; %zu available", nad);
    rc = EXIT_USAGE;
  }
  if (!rc)
    rc = fz_load_seeds(c);
  struct worker *w = xcalloc((size_t)o->jobs, sizeof *w);
  if (!rc) {
    c->nad = nad;
    c->ad = xcalloc(nad, sizeof *c->ad);
    rc = start_adapters(c, w, defs);
  }
  if (!rc) {
    run_workers(c, w);
    if (o->out && fz_write_out(c) < 0)
      rc = EXIT_USAGE;
    fz_summary(c, stdout);
  }
  for (int j = 0; j < o->jobs; j++)
    worker_free(&w[j], nad);
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
