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

/* An unexplained discrepancy of adapter K on IN, worth a look (the first
 * of its class, components and trace shape): minimized, then recorded
 * when its minimized shape is new too.  Called without the lock. */
static void minimize_finding(struct worker *w, size_t k, size_t other,
                             const char *in, size_t len,
                             const struct outcome *o) {
  struct campaign *c = w->c;
  pthread_mutex_lock(&c->lock);
  int enough = *kind_of(c, k, other, o) >= FZ_FRUITLESS;
  pthread_mutex_unlock(&c->lock);
  if (enough)
    return;
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
  unsigned *fruitless = kind_of(c, k, other, o);
  *fruitless = sigset_add(&c->fkeys, key) ? 0 : *fruitless + 1;
  if (!*fruitless) {
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
