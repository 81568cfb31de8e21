/* fuzzrun.c: the batches of `uritest fuzz`: each worker claims a batch of
 * inputs (the seeds, then generated or mutated ones), asks every adapter
 * in one pipelined run (adapter_run, as `uritest run` sends requests),
 * classifies each answer against the oracle (classify_diff) or, with
 * --whatwg, against the other adapters' (classify_pair), attributes each
 * discrepancy to a named behaviour (behaviours_attribute), and then, under
 * the campaign's lock, keeps the inputs that reach a new signature and
 * records the findings; an unexplained one is minimized, re-asking the
 * adapter (minimize.c). */
#include <stdlib.h>
#include <string.h>

#include "classify.h"
#include "fuzzcamp.h"
#include "output.h"

#define BATCH 1024
#define MIN_BUDGET 2000 /* candidates asked per minimization */

/* ---- a batch through one adapter --------------------------------------- */

/* --seconds has passed. */
static int time_up(const struct campaign *c) {
  return c->o->seconds && now_mono() - c->started >= c->o->seconds;
}

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
  request_parse(b, id, j->in[i], j->len[i], j->whatwg);
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
  if (j->whatwg && len > FZ_MAX_READING) {
    o->cls = -1; /* too long to keep: not compared */
    return;
  }
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
    o->line = len <= FZ_MAX_READING ? xstrndup(line, len) : NULL;
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
  struct job job = {&j, n, ask_encode, ask_answer, ask_fail, NULL, 0};
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

/* A finding to minimize, taken out of the batch under the lock. */
struct todo {
  size_t k, other, i;
  struct outcome o;
};

/* N inputs through adapter K (and, with --whatwg, OTHER, whose answers go
 * to OC[N..2N) and make OC[i]'s class): -1 when interrupted. */
static int ask_pair(struct worker *w, size_t k, size_t other, char **in,
                    size_t *len, size_t n, struct outcome *oc) {
  int rc = ask_adapter(w, k, in, len, n, oc);
  if (rc || !w->c->o->whatwg)
    return rc;
  rc = ask_adapter(w, other, in, len, n, oc + n);
  for (size_t i = 0; i < n; i++)
    if (oc[i].ans && oc[n + i].ans) {
      struct verdict v;
      classify_pair(oc[i].ans, oc[n + i].ans, &v);
      oc[i].cls = (signed char)v.cls;
      for (int m = 0; m < v.nmis; m++)
        oc[i].mis |= mis_bit(v.mis[m].name);
      oc[i].behaviour = "unexplained";
    }
  return rc;
}

/* Whether O still shows the finding T came from: its class and
 * components, still unexplained. */
static int holds(const struct outcome *t, const struct outcome *o) {
  return o->cls == t->cls && o->mis == t->mis && o->behaviour &&
         !strcmp(o->behaviour, "unexplained");
}

/* ---- findings -------------------------------------------------------------- */

/* A new finding, or NULL past FZ_MAX_FINDINGS (said once). */
static struct finding *add_finding(struct campaign *c) {
  if (c->nf >= FZ_MAX_FINDINGS) {
    if (!c->findings_full++)
      warnx_("fuzz: %d findings kept, no more (the rest are counted only)",
             FZ_MAX_FINDINGS);
    return NULL;
  }
  if (c->nf == c->capf) {
    c->capf = c->capf ? 2 * c->capf : 64;
    c->f = xrealloc(c->f, c->capf * sizeof *c->f);
  }
  struct finding *f = &c->f[c->nf++];
  memset(f, 0, sizeof *f);
  return f;
}

/* How many minimizations of this kind of finding found nothing new. */
static unsigned *kind_of(struct campaign *c, size_t k, size_t other,
                         const struct outcome *o) {
  uint64_t kind = fz_mix(fz_mix(k, (uint64_t)o->cls), fz_mix(o->mis, other));
  for (size_t i = 0; i < c->nkinds; i++)
    if (c->kinds[i] == kind)
      return &c->fruitless[i];
  c->kinds = xrealloc(c->kinds, (c->nkinds + 1) * sizeof *c->kinds);
  c->fruitless = xrealloc(c->fruitless, (c->nkinds + 1) * sizeof *c->fruitless);
  c->kinds[c->nkinds] = kind;
  c->fruitless[c->nkinds] = 0;
  return &c->fruitless[c->nkinds++];
}

/* A minimization in progress: what it must keep showing, and how far. */
struct minjob {
  struct todo *t;
  const char *found; /* the input as found */
  size_t found_len;
  struct fz_min m;
  size_t from, n; /* its candidates in the step's batch */
};

/* Record J's minimized input as a finding when its trace shape is new.
 * OC: the answers to it (OC[1] the other adapter's), or NULL when it no
 * longer showed the finding (flaky: kept as found). */
static void record_min(struct worker *w, struct minjob *j, struct outcome *oc) {
  struct campaign *c = w->c;
  const struct todo *t = j->t;
  const char *in = oc ? j->m.cur.p : j->found;
  size_t len = oc ? j->m.cur.len : j->found_len;
  struct trace tr;
  fz_trace(in ? in : "", len, &tr);
  uint64_t key =
      fz_mix(fz_mix(fz_trace_shape(&tr), t->k << 8 | (uint64_t)t->o.cls),
             (uint64_t)t->o.mis << 16 | (t->other & 0xffff));
  pthread_mutex_lock(&c->lock);
  unsigned *fruitless = kind_of(c, t->k, t->other, &t->o);
  *fruitless = sigset_add(&c->fkeys, key) ? 0 : *fruitless + 1;
  struct finding *f = *fruitless ? NULL : add_finding(c);
  if (f) {
    char *line = oc ? oc[0].line : t->o.line;
    char *other = oc ? oc[1].line : NULL;
    *f = (struct finding){t->k,
                          t->other,
                          xstrndup(in ? in : "", len),
                          len,
                          j->found_len,
                          t->o.cls,
                          t->o.mis,
                          "unexplained",
                          line ? xstrdup(line) : NULL,
                          other ? xstrdup(other) : NULL};
    c->ad[t->k].findings++;
    c->ad[t->k].unexplained++;
  }
  pthread_mutex_unlock(&c->lock);
}

/* One step of every minimization of J[0..N) (all of adapter K, and OTHER):
 * their candidates in one batch.  0 when none had a step left. */
static int min_step(struct worker *w, struct minjob *j, size_t n) {
  size_t total = 0;
  for (size_t i = 0; i < n; i++) {
    j[i].from = total;
    total += j[i].n = fz_min_next(&j[i].m);
  }
  if (!total)
    return 0;
  char **in = xcalloc(total, sizeof *in);
  size_t *len = xcalloc(total, sizeof *len);
  for (size_t i = 0; i < n; i++)
    for (size_t q = 0; q < j[i].n; q++) {
      in[j[i].from + q] = j[i].m.in[q];
      len[j[i].from + q] = j[i].m.len[q];
    }
  struct outcome *oc = xcalloc(2 * total, sizeof *oc);
  unsigned char *h = xcalloc(total, 1);
  int rc = ask_pair(w, j[0].t->k, j[0].t->other, in, len, total, oc);
  for (size_t i = 0; i < n; i++)
    for (size_t q = 0; q < j[i].n; q++)
      h[j[i].from + q] = rc == 0 && holds(&j[i].t->o, &oc[j[i].from + q]);
  for (size_t i = 0; i < n; i++)
    if (j[i].n)
      fz_min_take(&j[i].m, h + j[i].from);
  for (size_t i = 0; i < 2 * total; i++)
    outcome_free(&oc[i]);
  free(oc);
  free(h);
  free(in);
  free(len);
  return rc == 0;
}

/* The unexplained findings T[0..N) of one adapter (and, with --whatwg,
 * one other), minimized together, each asked once more at the end (its
 * readings, and a last check), and recorded.  Without the lock. */
static void minimize_group(struct worker *w, struct todo **t, size_t n) {
  struct minjob *j = xcalloc(n, sizeof *j);
  for (size_t i = 0; i < n; i++) {
    const char *in = w->in[t[i]->i];
    j[i] =
        (struct minjob){.t = t[i], .found = in, .found_len = w->len[t[i]->i]};
    /* a hang costs a timeout per candidate: kept as found */
    fz_min_init(&j[i].m, in, j[i].found_len,
                t[i]->o.cls == CLASS_TIMEOUT ? 0 : MIN_BUDGET);
  }
  while (!interrupted && !time_up(w->c) && min_step(w, j, n)) {
  }
  char **in = xcalloc(n, sizeof *in);
  size_t *len = xcalloc(n, sizeof *len);
  struct outcome *oc = xcalloc(2 * n, sizeof *oc);
  for (size_t i = 0; i < n; i++) {
    in[i] = j[i].m.cur.p ? j[i].m.cur.p : (char *)"";
    len[i] = j[i].m.cur.len;
  }
  /* past the deadline or a signal, each is recorded as found */
  int timeout = t[0]->o.cls == CLASS_TIMEOUT;
  int rc = interrupted || timeout || time_up(w->c)
               ? -1
               : ask_pair(w, t[0]->k, t[0]->other, in, len, n, oc);
  for (size_t i = 0; i < n; i++) {
    struct outcome two[2] = {oc[i], oc[n + i]};
    record_min(w, &j[i], rc == 0 && holds(&t[i]->o, &oc[i]) ? two : NULL);
  }
  for (size_t i = 0; i < 2 * n; i++)
    outcome_free(&oc[i]);
  for (size_t i = 0; i < n; i++)
    fz_min_free(&j[i].m);
  free(oc);
  free(in);
  free(len);
  free(j);
}

/* The batch's unexplained findings, minimized by groups of one adapter
 * (and one other), the kinds found often enough already left out. */
static void minimize_all(struct worker *w, struct todo *todo, size_t n) {
  struct campaign *c = w->c;
  struct todo **group = xcalloc(n + 1, sizeof *group);
  unsigned char *done = xcalloc(n + 1, 1);
  pthread_mutex_lock(&c->lock);
  for (size_t i = 0; i < n; i++)
    done[i] = *kind_of(c, todo[i].k, todo[i].other, &todo[i].o) >= FZ_FRUITLESS;
  pthread_mutex_unlock(&c->lock);
  for (size_t i = 0; i < n; i++) { /* interrupted: kept as found */
    if (done[i])
      continue;
    size_t m = 0;
    int timeout = todo[i].o.cls == CLASS_TIMEOUT;
    for (size_t q = i; q < n; q++)
      if (!done[q] && todo[q].k == todo[i].k &&
          todo[q].other == todo[i].other &&
          (todo[q].o.cls == CLASS_TIMEOUT) == timeout) {
        group[m++] = &todo[q];
        done[q] = 1;
      }
    minimize_group(w, group, m);
  }
  free(group);
  free(done);
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
  if (!f)
    return;
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
  if (interrupted || (c->o->runs && c->claimed >= c->o->runs) || time_up(c))
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
  long long want = w->batch ? (long long)w->batch : BATCH;
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
                c->covered, &c->dict, &tmp);
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
      if (*kind_of(c, k, other, o) >= FZ_FRUITLESS ||
          !sigset_add(&c->prekeys, pre))
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

/* Under --seconds alone, a batch takes about a tenth of a second to a
 * half: a slow adapter (a browser) gets smaller ones, so the campaign
 * ends on time.  With --runs the batches stay BATCH inputs, so that the
 * same seed makes the same campaign whatever the machine's speed. */
static void adapt_batch(struct worker *w, double took) {
  size_t b = w->batch ? w->batch : BATCH;
  if (w->c->o->runs)
    return;
  if (took > 0.5 && b > 8)
    b /= 2;
  else if (took < 0.1 && b < BATCH)
    b *= 2;
  w->batch = b;
}

/* One batch: traces, every adapter, then what it found.  0 when there was
 * none to do. */
static int one_batch(struct worker *w) {
  struct campaign *c = w->c;
  double t0 = now_mono();
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
    memset(col, 0, w->n * sizeof *col);
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
  size_t ntodo = absorb(w, &todo); /* interrupted too: what was found */
  if (c->o->progress && now_mono() - c->last_progress >= c->o->progress)
    fz_progress(c, stderr);
  pthread_mutex_unlock(&c->lock);
  for (size_t i = 0; i < w->n * c->nad; i++)
    outcome_free(&w->oc[i]);
  free(w->oc);
  w->oc = NULL;
  minimize_all(w, todo, ntodo);
  for (size_t i = 0; i < ntodo; i++)
    outcome_free(&todo[i].o);
  free(todo);
  adapt_batch(w, now_mono() - t0);
  return 1;
}

void *fz_worker_main(void *arg) {
  struct worker *w = arg;
  while (one_batch(w)) {
  }
  for (size_t k = 0; k < w->c->nad; k++)
    adapter_stop(&w->ad[k]);
  return NULL;
}

void fz_worker_free(struct worker *w, size_t nad) {
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
