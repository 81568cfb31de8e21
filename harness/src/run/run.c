/* run.c: `uritest run`: the vectors through the adapters, each result
 * accounted and written as it comes (session.c), baselines checked and
 * written, the exit code; its options are run_opts.c. */
#define _XOPEN_SOURCE 700 /* fseeko */
#include <errno.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "behaviours.h"
#include "classify.h"
#include "commands.h"
#include "files.h"
#include "entry.h"
#include "pairs.h"
#include "resume.h"
#include "roundtrip.h"
#include "run.h"

/* ---- run ----------------------------------------------------------------- */

struct runjob {
  struct session *s;
  size_t k; /* adapter */
  struct vectors *vec;
  unsigned *idx; /* tests sent */
};

static void put_opt_sv(struct buf *b, const char *key, const struct value *v) {
  if (v->state == VALUE_OCTETS) {
    buf_puts(b, ", ");
    buf_json_input(b, key, v->s, v->len);
  } else if (v->state == VALUE_NULL) {
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
      if (t->base.state == VALUE_ABSENT)
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
    session_lock(j->s);
    j->s->st[j->k].skipped++;
    j->s->done++;
    session_unlock(j->s);
    return;
  }
  struct result r = {.adapter = a->name,
                     .library = a->library,
                     .t = t,
                     .v = &v,
                     .answer = ans,
                     .ans_line = line,
                     .ans_len = len};
  session_record(j->s, j->k, &r);
}

static void fail_test(void *ctx, size_t i, int cls, const char *why) {
  struct runjob *j = ctx;
  const struct test *t = &j->vec->tests[j->idx[i]];
  struct adapter *a = &j->s->ad[j->k];
  /* a whatwg vector sent on the chance of getters: not the adapter's test */
  if (t->spec == SPEC_WHATWG && !a->whatwg) {
    session_lock(j->s);
    j->s->st[j->k].skipped++;
    j->s->done++;
    session_unlock(j->s);
    return;
  }
  struct verdict v;
  memset(&v, 0, sizeof v);
  v.cls = cls;
  v.why = why;
  struct result r = {
      .adapter = a->name, .library = a->library, .t = t, .v = &v};
  session_record(j->s, j->k, &r);
}

static void flush_out(void *ctx) {
  struct runjob *j = ctx;
  session_lock(j->s);
  output_flush(&j->s->out);
  session_progress(j->s, j->s->jobs > 1 ? "adapters" : j->s->ad[j->k].name, 0);
  session_unlock(j->s);
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

/* Round trips are asked of the adapters whose hello offers them. */
static int offers_recompose(const struct adapter *a) {
  return a->ops != ~0u && (a->ops & (1u << OP_RECOMPOSE));
}

/* The tests of V that adapter A is given (for the progress count). */
static size_t tests_for(const struct vectors *v, const struct adapter *a) {
  size_t n = v->ntests;
  if (!offers_recompose(a))
    for (size_t i = 0; i < v->ntests; i++)
      n -= v->tests[i].op == OP_RECOMPOSE;
  return n;
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
    session_record(sx, k, &r);
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
      if (t->op == OP_RECOMPOSE && !offers_recompose(a))
        continue;
      if (!(a->ops & (1u << t->op))) {
        if (late) {
          session_lock(sx);
          sx->st[k].skipped++;
          session_unlock(sx);
          continue;
        }
        struct verdict vd;
        memset(&vd, 0, sizeof vd);
        vd.cls = CLASS_UNSUPPORTED;
        vd.why = "op not in the adapter's hello";
        struct result r = {
            .adapter = a->name, .library = a->library, .t = t, .v = &vd};
        session_record(sx, k, &r);
        continue;
      }
      if (!entry_covers(a->entry, t)) { /* outside what its parser takes */
        struct verdict vd;
        memset(&vd, 0, sizeof vd);
        vd.cls = CLASS_UNSUPPORTED;
        vd.why = entry_whys[a->entry];
        struct result r = {
            .adapter = a->name, .library = a->library, .t = t, .v = &vd};
        session_record(sx, k, &r);
        continue;
      }
      idx[m++] = (unsigned)i;
    }
  }
  session_lock(sx);
  output_flush(&sx->out);
  session_unlock(sx);
  struct job job = {&j, m, encode_test, answer_test, fail_test, flush_out, 0};
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
    session_lock(w->s);
    size_t k = (*w->next)++;
    session_unlock(w->s);
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
  sx->total = 0;
  for (size_t k = 0; k < sx->n; k++)
    sx->total += tests_for(v, &sx->ad[k]);
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
  session_progress(sx, "adapters", 1);
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
  struct optlist f[RUNOPTS_NFILTERS];
  runopts_filters(o, f);
  int negated = 0;
  for (size_t i = 0; i < RUNOPTS_NFILTERS; i++)
    for (int k = 0; k < f[i].n; k++) {
      buf_printf(&b, "--%s %s ", f[i].name, f[i].vals[k]);
      negated |= f[i].vals[k][0] == '!';
    }
  if (o->nshards)
    buf_printf(&b, "--shard %u/%u ", o->shard, o->nshards);
  if (v->total_loaded == 0) {
    warnx_("no vectors found in:");
    for (int i = 0; i < o->nvectors; i++)
      fprintf(stderr, "  %s\n", o->vectors[i]);
  } else {
    if (b.len)
      b.p[--b.len] = 0;
    warnx_("no vector selected: %zu loaded, none passes the filters%s%s",
           v->total_loaded, b.len ? " " : "", b.len ? b.p : "");
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
    if (stats_tested_nothing(st, "--write-baseline")) {
      ok = 0;
    } else if (!st->answered) {
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
                  s->ad[k].def && s->ad[k].def->validator, s->ad[k].roles);
  json_t *m = pairs_json(s->pairs, &differ);
  int rc =
      json_write_file(m, s->pairs_path, JSON_INDENT(1) | JSON_ENSURE_ASCII);
  json_decref(m);
  return rc;
}

/* The vectors selected: a bad file is an input error before anything
 * runs.  0, or an exit code after a message. */
static int load_vectors(struct runopts *o, struct vectors *v) {
  if (!o->nvectors) {
    char *deflt = root_path("vectors/v1");
    filter_add(&o->vectors, &o->nvectors, deflt);
    free(deflt);
  }
  v->max_bytes = o->max_vector_bytes;
  int widened = roundtrip_widen_ops(&o->f.ops, &o->f.nops);
  int rc = vectors_load(v, o->vectors, o->nvectors, &o->f);
  if (widened)
    free(o->f.ops[--o->f.nops]);
  if (rc < 0)
    return interrupted ? 128 + interrupted : EXIT_USAGE;
  if (o->nshards)
    keep_shard(v, o->shard, o->nshards);
  roundtrip_add_tests(v);
  roundtrip_keep_ops(v, o->f.ops, o->f.nops);
  if (v->ntests == 0) {
    no_vectors(o, v);
    return EXIT_USAGE;
  }
  return 0;
}

/* Each --baseline to the adapter it names; 0, or EXIT_USAGE. */
static int attach_baselines(struct session *sx, struct baseline *bl, int n) {
  for (int i = 0; i < n; i++) {
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
  return 0;
}

/* --write-baseline with several adapters: a folder or a {adapter} name. */
static int write_baseline_target_ok(const struct runopts *o, size_t n) {
  struct stat st;
  if (!o->write_baseline || n <= 1 || strstr(o->write_baseline, "{adapter}") ||
      (stat(o->write_baseline, &st) == 0 && S_ISDIR(st.st_mode)))
    return 1;
  warnx_("--write-baseline with several adapters needs a folder or a name "
         "with {adapter}");
  return 0;
}

/* --resume's earlier results, the results file, the pair matrix beside it,
 * the outputs begun.  0, or an exit code after a message. */
static int open_outputs(struct session *sx, struct vectors *v) {
  const struct runopts *o = sx->o;
  int rc;
  if (o->resume) {
    sx->rs = xcalloc(1, sizeof *sx->rs);
    if (resume_load(sx->rs, o->resume, v, sx->ad, sx->n) < 0)
      return EXIT_USAGE;
  }
  sx->out.fmt = o->fmt;
  sx->out.out = stdout;
  sx->out.command = "run";
  sx->out.verbose = o->verbose;
  sx->out.selection = sx->selection = runopts_selection(o);
  if ((rc = session_open_results(sx, "reports/out/results.jsonl")))
    return rc;
  if (sx->pairs_path) {
    sx->pairs = pairs_for_vectors(v, sx->n, &sx->pairs_index);
    sx->tests = v->tests;
    for (size_t k = 0; k < sx->n; k++)
      pairs_adapter(sx->pairs, k, sx->ad[k].name,
                    sx->ad[k].def && sx->ad[k].def->validator, sx->ad[k].roles);
  }
  sx->show_progress = o->progress == 1 || (o->progress < 0 && isatty(2));
  sx->started = now_mono();
  sx->out.vectors = v;
  output_begin(&sx->out, sx->st, sx->n);
  if (sx->rs && !sx->out.appending &&
      copy_range(sx->rs->path, sx->rs->header_end, sx->rs->keep_end,
                 sx->out.results) < 0) {
    warnx_("--resume %s: cannot copy its results", sx->rs->path);
    return EXIT_USAGE;
  }
  return 0;
}

/* Every adapter through the vectors: one after the other, or --jobs. */
static void run_adapters(struct session *sx, struct vectors *v) {
  if (sx->o->jobs > 1 && sx->n > 1) {
    run_parallel(sx, v, sx->o->jobs);
    return;
  }
  unsigned *idx = xcalloc(v->ntests + 1, sizeof *idx);
  for (size_t k = 0; k < sx->n && !interrupted; k++) {
    output_adapter_begin(&sx->out, &sx->st[k]);
    sx->done = 0;
    sx->total = tests_for(v, &sx->ad[k]);
    sx->started = now_mono();
    run_adapter(sx, v, k, idx);
    session_progress(sx, sx->ad[k].name, 1);
    output_adapter_end(&sx->out, &sx->st[k]);
  }
  free(idx);
}

/* --write-baseline: one file per adapter, unless refused.  0, or
 * EXIT_USAGE; *WROTE when the baselines were written. */
static int write_baselines(struct session *sx, int *wrote) {
  const struct runopts *o = sx->o;
  *wrote = 0;
  if (!o->write_baseline || interrupted)
    return 0;
  if (!o->force && !baseline_worth_writing(sx))
    return EXIT_USAGE;
  int rc = 0;
  for (size_t k = 0; k < sx->n; k++) {
    char *p = baseline_path(o->write_baseline, sx->ad[k].name);
    if (brecord_write(&sx->rec[k], p, sx->ad[k].name, sx->ad[k].library) < 0)
      rc = EXIT_USAGE;
    else
      fprintf(stderr, "uritest: wrote baseline %s (%zu entries)\n", p,
              sx->rec[k].n);
    free(p);
  }
  *wrote = 1;
  return rc;
}

/* The end of the outputs (the summary with BSUM, the baselines' summary)
 * and of the results file, and where it went.  0, or EXIT_USAGE when
 * results were lost. */
static int close_outputs(struct session *sx, json_t *bsum) {
  output_end(&sx->out, sx->st, sx->n, bsum, interrupted != 0);
  if (output_close(&sx->out) < 0)
    return EXIT_USAGE;        /* results lost: never a success */
  if (sx->out.results_path) { /* where the results went (overwritten) */
    size_t nres = 0;
    for (size_t k = 0; k < sx->n; k++)
      nres += sx->st[k].total;
    fputs("uritest: ", stderr);
    put_labelf(stderr, "%zu results written to %s", nres, sx->out.results_path);
  }
  return 0;
}

/* The exit code of a run that went to its end with RC so far (DESIGN.md
 * "Exit codes"). */
static int run_verdict(const struct session *sx, const struct vectors *v,
                       int rc, int differs, int wrote) {
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
  int nothing = 0;
  for (size_t k = 0; k < sx->n; k++)
    nothing |= stats_tested_nothing(&sx->st[k], "run");
  if (nothing)
    return EXIT_USAGE;
  if (sx->o->nbaselines)
    return differs ? EXIT_NEGATIVE : EXIT_OK;
  if (wrote)
    return EXIT_OK;
  return failed ? EXIT_NEGATIVE : EXIT_OK;
}

static int do_run(int argc, char **argv, struct runopts *o, struct vectors *v,
                  struct session *sx, struct baseline **blp) {
  int rc;
  if (optind < argc) {
    warnx_("unexpected argument \"%s\"", argv[optind]);
    fputs(run_usage, stderr);
    return EXIT_USAGE;
  }
  install_signal_handlers();
  sx->o = o;
  /* the first adapter starts while the vectors load (an interpreter's or
   * a browser's start-up is as long as loading a big file); its hello is
   * read after, timed from then */
  if ((rc = session_claim_results(sx, "reports/out/results.jsonl")) ||
      (rc = session_select_adapters(sx, 0)) || (rc = load_vectors(o, v)))
    return rc;
  struct baseline *bl = *blp = xcalloc((size_t)o->nbaselines + 1, sizeof *bl);
  for (int i = 0; i < o->nbaselines; i++)
    if (baseline_load(o->baselines[i], &bl[i]) < 0)
      return EXIT_USAGE;
  if ((rc = session_start_adapters(sx, 0)))
    return rc;
  if (!write_baseline_target_ok(o, sx->n))
    return EXIT_USAGE;
  if ((rc = attach_baselines(sx, bl, o->nbaselines)) ||
      (rc = open_outputs(sx, v)))
    return rc;
  run_adapters(sx, v);
  int differs = 0, wrote;
  json_t *bsum = o->nbaselines ? json_object() : NULL;
  FILE *bf = o->fmt == FMT_TEXT ? stdout : stderr;
  for (size_t k = 0; k < sx->n && o->nbaselines; k++) {
    sx->bc[k].whole = !sx->selection;
    differs |=
        bcheck_report(&sx->bc[k], sx->ad[k].name, sx->ad[k].library, bf, bsum);
  }
  rc = write_baselines(sx, &wrote);
  if (sx->pairs && !interrupted && write_pairs(sx) < 0)
    rc = EXIT_USAGE;
  int lost = close_outputs(sx, bsum);
  json_decref(bsum);
  if (lost)
    return lost;
  return run_verdict(sx, v, rc, differs, wrote);
}

int cmd_run(int argc, char **argv) {
  struct runopts o;
  struct vectors vec;
  struct session s;
  struct baseline *bl = NULL;
  memset(&vec, 0, sizeof vec);
  memset(&s, 0, sizeof s);
  int rc = runopts_parse(argc, argv, &o, 0);
  if (rc == 0)
    rc = do_run(argc, argv, &o, &vec, &s, &bl);
  else if (rc < 0)
    rc = 0;
  session_free(&s);
  for (int i = 0; bl && i < o.nbaselines; i++)
    baseline_free(&bl[i]);
  free(bl);
  vectors_free(&vec);
  runopts_free(&o);
  return rc;
}
