/* infer.c: `uritest behaviours --infer` (adapters/BEHAVIOURS.md
 * "Inferring behaviours"): an adapter's results that no behaviour predicts,
 * grouped under the predictions (a reject, or a set of transforms of
 * predict.c) that reproduce the library's answer on them; each group gets
 * the narrowest condition, from the condition vocabulary, under which its
 * prediction holds at least 95% of the time on every result of the
 * adapter, PASS included. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "behaviours.h"
#include "util.h"

#define MIN_PRECISION 0.95
#define MIN_RESULTS 2 /* a behaviour explains at least this many */
#define MAX_CANDS 12  /* predictions kept per result */
#define MAX_TRANSFORMS 4
#define MAX_CONDS 192

struct cand {
  struct prediction p;
  int op;
};

struct infer {
  const struct bitem *it;
  size_t n;
  struct answers *a;      /* per result */
  unsigned char *open;    /* not PASS, predicted by no behaviour yet */
  unsigned char *covered; /* predicted by a behaviour already */
  struct cand (*cands)[MAX_CANDS];
  unsigned char *ncands;
  const char *cond[MAX_CONDS]; /* a condition of the vocabulary, or */
  cond_fn fn[MAX_CONDS];
  int octet[MAX_CONDS]; /* the input holds this octet (else -1) */
  size_t nconds;
};

/* 2 when P on result J differs from RFC 3986's answer and is the
 * library's, 1 when it differs only, else 0. */
static int judge_pred(const struct infer *x, size_t j,
                      const struct prediction *p) {
  struct behaviour b;
  memset(&b, 0, sizeof b);
  b.predict = *p;
  return behaviour_judge(&b, &x->it[j].f, &x->a[j]);
}

static void add_cand(struct infer *x, size_t j, const struct prediction *p) {
  if (x->ncands[j] < MAX_CANDS) {
    struct cand *c = &x->cands[j][x->ncands[j]++];
    c->p = *p;
    c->op = x->it[j].f.op;
  }
}

/* Whether transform T changes the prediction of BASE on J (BASE alone
 * predicts P0, valid -1 when it predicts nothing). */
static int changes(const struct bfacts *f, struct tmask base, size_t t,
                   const struct adapter_reading *p0) {
  struct adapter_reading p1;
  struct prediction one = {0, base};
  tmask_add(&one.mask, t);
  reading_init(&p1);
  int r = predict_answer(&one, op_names[f->op], f->in, f->len, f->base,
                         f->base_len, &p1) == 0 &&
          (p0->valid < 0 || !predict_equals(&p1, p0, 0) ||
           !predict_equals(p0, &p1, 0));
  reading_free(&p1);
  return r;
}

/* The transforms that change the prediction of no transform on J, or of
 * appendix-b-split alone (a rewrite of an input RFC 3986 rejects). */
static size_t relevant(const struct infer *x, size_t j, int *rel) {
  const struct bfacts *f = &x->it[j].f;
  struct adapter_reading p0, ps;
  size_t split = (size_t)transform_named("appendix-b-split");
  struct prediction none = {0, {{0}}}, lenient = {0, {{0}}};
  tmask_add(&lenient.mask, split);
  size_t n = 0;
  reading_init(&p0);
  reading_init(&ps);
  if (predict_answer(&none, op_names[f->op], f->in, f->len, f->base,
                     f->base_len, &p0) < 0)
    p0.valid = -1;
  if (predict_answer(&lenient, op_names[f->op], f->in, f->len, f->base,
                     f->base_len, &ps) < 0)
    ps.valid = -1;
  for (size_t t = 0; t < transform_count; t++)
    if (changes(f, none.mask, t, &p0) ||
        (t != split && changes(f, lenient.mask, t, &ps)))
      rel[n++] = (int)t;
  reading_free(&p0);
  reading_free(&ps);
  return n;
}

/* Every smallest set of transforms (at most MAX_TRANSFORMS) whose
 * prediction is the library's answer on J. */
static void find_transforms(struct infer *x, size_t j) {
  int rel[TMASK_BITS];
  size_t nr = relevant(x, j, rel);
  struct prediction p = {0, {{0}}};
  if (judge_pred(x, j, &p) == 2) {
    add_cand(x, j, &p);
    return;
  }
  for (size_t k = 1; k <= MAX_TRANSFORMS && !x->ncands[j]; k++) {
    size_t idx[MAX_TRANSFORMS];
    for (size_t i = 0; i < k; i++)
      idx[i] = i;
    while (k <= nr) {
      p.mask = (struct tmask){{0}};
      for (size_t i = 0; i < k; i++)
        tmask_add(&p.mask, (size_t)rel[idx[i]]);
      if (judge_pred(x, j, &p) == 2)
        add_cand(x, j, &p);
      size_t i = k; /* next combination */
      while (i > 0 && idx[i - 1] == nr - k + i - 1)
        i--;
      if (i == 0)
        break;
      idx[i - 1]++;
      for (size_t m = i; m < k; m++)
        idx[m] = idx[m - 1] + 1;
    }
  }
}

static void find_cands(struct infer *x) {
  for (size_t j = 0; j < x->n; j++) {
    if (!x->open[j])
      continue;
    struct prediction rej = {1, {{0}}};
    if (!x->a[j].lib.valid) {
      if (judge_pred(x, j, &rej) == 2)
        add_cand(x, j, &rej);
    } else {
      find_transforms(x, j);
    }
  }
}

static int cmp_cand(const void *pa, const void *pb) {
  const struct cand *a = pa, *b = pb;
  if (a->op != b->op)
    return a->op < b->op ? -1 : 1;
  if (a->p.reject != b->p.reject)
    return a->p.reject < b->p.reject ? -1 : 1;
  return tmask_cmp(a->p.mask, b->p.mask);
}

static int banned_has(const struct cand *banned, size_t nbanned,
                      const struct cand *c) {
  for (size_t b = 0; b < nbanned; b++)
    if (!cmp_cand(&banned[b], c))
      return 1;
  return 0;
}

/* The open results of C's op on which C's prediction is the answer;
 * with PREC, the share of all results it holds on that it predicts too. */
static size_t coverage(const struct infer *x, const struct cand *c,
                       double *prec) {
  size_t n = 0, holds = 0, pred = 0;
  for (size_t j = 0; j < x->n; j++) {
    if (x->it[j].f.op != c->op || (!prec && !x->open[j]))
      continue;
    int v = judge_pred(x, j, &c->p);
    n += x->open[j] && v == 2;
    holds += v >= 1;
    pred += v == 2;
  }
  if (prec)
    *prec = holds ? (double)pred / (double)holds : 1.0;
  return n;
}

/* The distinct candidates of the open results (not BANNED), most often
 * found first, at most MAX_TOP of them into TOP. */
#define MAX_TOP 24
static size_t top_cands(const struct infer *x, const struct cand *banned,
                        size_t nbanned, struct cand *top) {
  struct cand *all = xcalloc(x->n * MAX_CANDS + 1, sizeof *all);
  size_t m = 0, ntop = 0, count[MAX_TOP];
  for (size_t j = 0; j < x->n; j++)
    for (size_t c = 0; x->open[j] && c < x->ncands[j]; c++)
      all[m++] = x->cands[j][c];
  qsort(all, m, sizeof *all, cmp_cand);
  for (size_t i = 0, e; i < m; i = e) {
    for (e = i; e < m && !cmp_cand(&all[i], &all[e]); e++)
      ;
    if (e - i < MIN_RESULTS || banned_has(banned, nbanned, &all[i]))
      continue;
    size_t k = ntop < MAX_TOP ? ntop++ : MAX_TOP - 1;
    if (k == MAX_TOP - 1 && ntop == MAX_TOP && count[k] >= e - i)
      continue;
    for (; k > 0 && count[k - 1] < e - i; k--)
      top[k] = top[k - 1], count[k] = count[k - 1];
    top[k] = all[i];
    count[k] = e - i;
  }
  free(all);
  return ntop;
}

/* Whether MIN_RESULTS open results need U, the join of A and B: U
 * predicts them, and no smallest prediction of theirs is within A's
 * transforms or within B's. */
static int needed_together(const struct infer *x, const struct cand *a,
                           const struct cand *b, const struct cand *u) {
  size_t n = 0;
  for (size_t j = 0; j < x->n && n < MIN_RESULTS; j++) {
    if (!x->open[j] || x->it[j].f.op != u->op)
      continue;
    int need = 1;
    for (size_t k = 0; need && k < x->ncands[j]; k++) {
      struct tmask m = x->cands[j][k].p.mask;
      need = x->cands[j][k].p.reject ||
             (!tmask_within(m, a->p.mask) && !tmask_within(m, b->p.mask));
    }
    n += need && judge_pred(x, j, &u->p) == 2;
  }
  return n >= MIN_RESULTS;
}

/* The candidate that predicts most open results (0), its transforms
 * joined with another's while that predicts more; -1 when none
 * predicts MIN_RESULTS. */
static int best_cand(const struct infer *x, struct cand *best,
                     const struct cand *banned, size_t nbanned) {
  struct cand top[MAX_TOP];
  size_t ntop = top_cands(x, banned, nbanned, top), most = 0;
  for (size_t i = 0; i < ntop; i++) {
    size_t n = coverage(x, &top[i], NULL);
    if (n > most)
      most = n, *best = top[i];
  }
  /* joined with another candidate while the join predicts more, as
   * precisely (or at MIN_PRECISION), and some results need the two
   * together (neither predicts them alone) */
  double prec = 0, p2;
  if (most >= MIN_RESULTS && !best->p.reject)
    most = coverage(x, best, &prec);
  for (int grew = most >= MIN_RESULTS && !best->p.reject; grew;) {
    grew = 0;
    for (size_t i = 0; i < ntop; i++) {
      struct cand u = top[i];
      if (u.op != best->op || u.p.reject ||
          tmask_within(u.p.mask, best->p.mask))
        continue;
      tmask_join(&u.p.mask, best->p.mask);
      size_t n = coverage(x, &u, &p2);
      if (n > most && p2 >= (prec < MIN_PRECISION ? prec : MIN_PRECISION) &&
          needed_together(x, best, &top[i], &u))
        most = n, *best = u, prec = p2, grew = 1;
    }
  }
  return most >= MIN_RESULTS ? 0 : -1;
}

/* What the prediction does on each result of its op (0, 1, 2), and which
 * conditions hold there (a row of bits per result). */
struct table {
  unsigned char *judged;
  unsigned long long (*bits)[MAX_CONDS / 64];
  unsigned long long set[MAX_CONDS / 64]; /* OCTET_SET: one of these */
  size_t *judged_at, njudged; /* the results where judged is not 0 */
};

#define OCTET_SET (-2) /* the condition "holds one of the octets of set" */

static void fill_table(const struct infer *x, const struct cand *c,
                       struct table *t) {
  t->njudged = 0;
  for (size_t j = 0; j < x->n; j++) {
    const struct bfacts *f = &x->it[j].f;
    t->judged[j] = f->op == c->op ? (unsigned char)judge_pred(x, j, &c->p) : 0;
    memset(t->bits[j], 0, sizeof t->bits[j]);
    if (!t->judged[j])
      continue;
    t->judged_at[t->njudged++] = j;
    struct cond_ctx cx = {
        op_names[f->op], f->in,        f->len, f->base, f->base_len,
        &x->a[j].full,   &x->a[j].lib, -1,     NULL,    f->parse_base};
    for (size_t k = 0; k < x->nconds; k++)
      if (x->octet[k] >= 0 ? memchr(f->in, x->octet[k], f->len) != NULL
                           : x->fn[k](&cx))
        t->bits[j][k / 64] |= 1ULL << (k % 64);
  }
}

static int has(const struct table *t, size_t j, int k) {
  if (k == OCTET_SET) {
    for (size_t w = 0; w < MAX_CONDS / 64; w++)
      if (t->bits[j][w] & t->set[w])
        return 1;
    return 0;
  }
  return k < 0 || (t->bits[j][k / 64] >> (k % 64) & 1ULL);
}

/* Conditions K1 and K2 (-1: none): the open results predicted less the
 * results another behaviour predicts already (overlaps); 0 when under
 * MIN_PRECISION. */
static size_t score(const struct infer *x, const struct table *t, int k1,
                    int k2) {
  size_t holds = 0, pred = 0, open = 0, overlap = 0;
  for (size_t i = 0; i < t->njudged; i++) {
    size_t j = t->judged_at[i];
    if (!has(t, j, k1) || !has(t, j, k2))
      continue;
    holds++;
    pred += t->judged[j] == 2;
    open += t->judged[j] == 2 && x->open[j];
    overlap += t->judged[j] == 2 && x->covered[j];
  }
  if (!holds || (double)pred < MIN_PRECISION * (double)holds)
    return 0;
  return open > overlap ? open - overlap : 0;
}

static void widen_octets(const struct infer *x, struct table *t, int *k1,
                         int *k2);

/* The set of octets (grown from each octet alone) that keeps most open
 * results at MIN_PRECISION, into T (K1 OCTET_SET); its score. */
static size_t best_octet_set(const struct infer *x, struct table *t, int *k1,
                             int *k2) {
  unsigned long long best[MAX_CONDS / 64], seen[MAX_CONDS / 64] = {0};
  size_t top = 0;
  for (int a = 0; a < (int)x->nconds; a++) {
    int o1 = a, o2 = -1;
    if (x->octet[a] < 0 || (seen[a / 64] >> (a % 64) & 1ULL) ||
        !score(x, t, a, -1))
      continue;
    widen_octets(x, t, &o1, &o2);
    for (size_t w = 0; w < MAX_CONDS / 64; w++) /* a set grown once */
      seen[w] |= t->set[w];
    size_t s = score(x, t, OCTET_SET, -1);
    if (s > top)
      top = s, memcpy(best, t->set, sizeof best);
  }
  if (top >= MIN_RESULTS)
    memcpy(t->set, best, sizeof best), *k1 = OCTET_SET, *k2 = -1;
  return top >= MIN_RESULTS ? top : 0;
}

/* The condition that keeps most open results at MIN_PRECISION: none, one
 * condition, or two, or a set of octets; 0 when there is none. */
static size_t best_condition(const struct infer *x, struct table *t, int *k1,
                             int *k2) {
  size_t top = score(x, t, -1, -1);
  *k1 = *k2 = -1;
  for (int a = 0; a < (int)x->nconds; a++) {
    size_t s = score(x, t, a, -1);
    if (s > top)
      top = s, *k1 = a;
  }
  for (int a = 0; top < MIN_RESULTS && a < (int)x->nconds; a++)
    for (int b = a + 1; b < (int)x->nconds; b++) {
      size_t s = score(x, t, a, b);
      if (s > top)
        top = s, *k1 = a, *k2 = b;
    }
  if (top < MIN_RESULTS)
    return best_octet_set(x, t, k1, k2);
  widen_octets(x, t, k1, k2);
  return top;
}

/* An octet condition of K1, K2 widened into the set of octets that keeps
 * most open results at MIN_PRECISION (OCTET_SET, the set in T). */
static void widen_octets(const struct infer *x, struct table *t, int *k1,
                         int *k2) {
  int *ko = *k1 >= 0 && x->octet[*k1] >= 0   ? k1
            : *k2 >= 0 && x->octet[*k2] >= 0 ? k2
                                             : NULL;
  int *kn = ko == k1 ? k2 : k1;
  if (!ko || (*kn >= 0 && x->octet[*kn] >= 0))
    return;
  memset(t->set, 0, sizeof t->set);
  t->set[*ko / 64] |= 1ULL << (*ko % 64);
  size_t top = score(x, t, *kn, OCTET_SET);
  for (int c = 0; c < (int)x->nconds; c++) {
    unsigned long long bit = 1ULL << (c % 64);
    if (x->octet[c] < 0 || (t->set[c / 64] & bit))
      continue;
    t->set[c / 64] |= bit;
    size_t s = score(x, t, *kn, OCTET_SET);
    if (s > top)
      top = s;
    else
      t->set[c / 64] &= ~bit;
  }
  *ko = OCTET_SET;
}

/* ---- the behaviour written ---------------------------------------------- */

static void put_names(struct buf *b, const struct prediction *p,
                      const char *sep, int does) {
  int first = 1, n = 0;
  for (size_t t = 0; t < transform_count; t++)
    if (tmask_has(p->mask, t)) {
      if (!does && n++ == 2) { /* an id names two */
        buf_puts(b, "-etc");
        return;
      }
      buf_puts(b, first ? "" : sep);
      buf_puts(b, does ? transform_table[t].does : transform_table[t].name);
      first = 0;
    }
}

static const char *section_of(const struct prediction *p) {
  for (size_t t = 0; t < transform_count; t++)
    if (tmask_has(p->mask, t))
      return transform_table[t].section;
  return p->reject ? "4.1" : "Appendix B";
}

/* A POSIX extended regular expression for "holds octet C" into RE; a
 * second one makes it "holds both". */
static void octet_re(struct buf *re, int c) {
  char one[8];
  if (c == ']')
    snprintf(one, sizeof one, "[]]");
  else if (c == '^')
    snprintf(one, sizeof one, "\\^");
  else
    snprintf(one, sizeof one, "[%c]", c);
  if (!re->len) {
    buf_puts(re, one);
    return;
  }
  char *first = xstrdup(re->p);
  re->len = 0;
  buf_printf(re, "%s.*%s|%s.*%s", first, one, one, first);
  free(first);
}

/* OCTET_SET's octets into the id, the description D and the regular
 * expression RE (a bracket expression: "]" first, "^" and "-" last). */
static void octet_set(const struct infer *x, const struct table *t,
                      struct buf *id, struct buf *d, struct buf *re, int and) {
  char cls[160];
  size_t n = 0, m = 0;
  int first = -1, caret = 0, dash = 0;
  cls[m++] = '[';
  for (int k = 0; k < (int)x->nconds; k++) {
    if (!(t->set[k / 64] >> (k % 64) & 1ULL))
      continue;
    int o = x->octet[k];
    buf_printf(d, "%s0x%02X",
               n ? ", "
                 : (and? " and the input holds one of "
                       : ", where the input holds one of "),
               o);
    first = n++ ? first : o;
    if (o == '^' || o == '-')
      caret |= o == '^', dash |= o == '-';
    else if (o == ']')
      memmove(cls + 2, cls + 1, m - 1), cls[1] = ']', m++;
    else
      cls[m++] = (char)o;
  }
  if (caret && m == 1 && dash) /* "[^-]" would be a negation */
    cls[m++] = '-', dash = 0;
  if (caret)
    cls[m++] = '^';
  if (dash)
    cls[m++] = '-';
  cls[m++] = ']';
  cls[m] = 0;
  if (n == 1) {
    octet_re(re, first);
  } else {
    char *prev = re->len ? xstrdup(re->p) : NULL;
    re->len = 0;
    if (prev)
      buf_printf(re, "%s.*%s|%s.*%s", prev, cls, cls, prev);
    else
      buf_puts(re, cls);
    free(prev);
  }
  buf_printf(id, "%shas-0x%02x%s", and? "-and-" : "-when-", first,
             n > 1 ? "-etc" : "");
}

static json_t *behaviour_json(const char *adapter, const struct infer *x,
                              const struct table *tb, const struct cand *c,
                              int k1, int k2, const char *example,
                              json_t *doc) {
  struct buf id = {0}, d = {0};
  const char *op = op_names[c->op];
  buf_printf(&id, "%s.%s-", adapter, op);
  if (c->p.reject)
    buf_puts(&id, "rejects");
  else
    put_names(&id, &c->p, "-and-", 0);
  buf_printf(&d, "%s: ", op);
  if (c->p.reject)
    buf_puts(&d, "rejects what RFC 3986 accepts");
  else {
    buf_puts(&d, "reads the input as RFC 3986 does, except that ");
    put_names(&d, &c->p, "; ", 1);
  }
  json_t *when = json_array();
  struct buf re = {0};
  for (int k = 0; k < 2; k++) {
    int kk = k ? k2 : k1;
    if (kk == OCTET_SET) {
      octet_set(x, tb, &id, &d, &re, k);
      continue;
    }
    if (kk < 0)
      continue;
    if (x->octet[kk] >= 0) {
      buf_printf(&id, "%shas-0x%02x", k ? "-and-" : "-when-", x->octet[kk]);
      buf_printf(&d, "%sthe input holds the octet 0x%02X",
                 k ? " and " : ", where ", x->octet[kk]);
      octet_re(&re, x->octet[kk]);
      continue;
    }
    buf_printf(&id, "%s%s", k ? "-and-" : "-when-", x->cond[kk]);
    buf_printf(&d, "%s%s", k ? " and " : ", where ", x->cond[kk]);
    json_array_append_new(when, json_string(x->cond[kk]));
  }
  /* an id given twice (another op, say) gets a number */
  json_t *list = json_object_get(doc, "behaviours"), *e;
  size_t i, dup = 0;
  json_array_foreach(list, i, e) dup +=
      !strncmp(json_string_value(json_object_get(e, "id")), id.p, id.len);
  if (dup)
    buf_printf(&id, "-%zu", dup + 1);
  json_t *pred = json_object();
  if (c->p.reject)
    json_object_set_new(pred, "reject", json_true());
  else {
    json_t *tr = json_array();
    for (size_t t = 0; t < transform_count; t++)
      if (tmask_has(c->p.mask, t))
        json_array_append_new(tr, json_string(transform_table[t].name));
    json_object_set_new(pred, "transforms", tr);
  }
  json_t *o = json_pack("{s:s, s:s, s:s, s:s}", "id", id.p, "description", d.p,
                        "section", section_of(&c->p), "op", op);
  if (re.len)
    json_object_set_new(o, "input_matches", json_string(re.p));
  buf_free(&re);
  if (json_array_size(when))
    json_object_set_new(o, "when", when);
  else
    json_decref(when);
  json_object_set_new(o, "predict", pred);
  json_object_set_new(o, "example", json_string(example));
  buf_free(&id);
  buf_free(&d);
  return o;
}

/* ---- the loop --------------------------------------------------------- */

static void conditions_init(struct infer *x) {
  const char *name;
  for (size_t i = 0; (name = condition_nth(i)) && x->nconds < MAX_CONDS; i++)
    if (!condition_reads_answer(name)) {
      x->octet[x->nconds] = -1;
      x->cond[x->nconds] = name;
      x->fn[x->nconds++] = condition_named(name);
    }
  /* and each octet that is no letter or digit, as an input_matches */
  for (int c = 1; c < 0x80 && x->nconds < MAX_CONDS; c++)
    if (!((c | 0x20) >= 'a' && (c | 0x20) <= 'z') && !(c >= '0' && c <= '9')) {
      x->octet[x->nconds] = c;
      x->cond[x->nconds] = NULL;
      x->fn[x->nconds++] = NULL;
    }
}

/* One behaviour more into DOC, or -1 when no candidate makes one. */
static int infer_one(const char *adapter, struct infer *x, json_t *doc,
                     struct table *t, struct cand *banned, size_t *nbanned) {
  struct cand c;
  int k1, k2;
  while (best_cand(x, &c, banned, *nbanned) == 0) {
    fill_table(x, &c, t);
    if (best_condition(x, t, &k1, &k2)) {
      const char *example = NULL;
      for (size_t j = 0; j < x->n; j++)
        if (t->judged[j] == 2 && has(t, j, k1) && has(t, j, k2)) {
          if (x->open[j])
            example = example ? example : x->it[j].id;
          x->open[j] = 0;
          x->covered[j] = 1;
        }
      json_array_append_new(json_object_get(doc, "behaviours"),
                            behaviour_json(adapter, x, t, &c, k1, k2,
                                           example ? example : "", doc));
      return 0;
    }
    if (*nbanned < 256)
      banned[(*nbanned)++] = c;
    else
      return -1;
  }
  return -1;
}

json_t *behaviours_infer(const char *adapter, const char *library,
                         const struct behaviours *known,
                         const struct bitem *items, size_t n) {
  struct infer x;
  memset(&x, 0, sizeof x);
  x.it = items;
  x.n = n;
  x.a = xcalloc(n + 1, sizeof *x.a);
  x.open = xcalloc(n + 1, 1);
  x.covered = xcalloc(n + 1, 1);
  x.cands = xcalloc(n + 1, sizeof *x.cands);
  x.ncands = xcalloc(n + 1, 1);
  conditions_init(&x);
  unsigned char *judged = xcalloc(known->n + 1, 1);
  for (size_t j = 0; j < n; j++) {
    answers_read(&x.a[j], &items[j].f);
    x.covered[j] = known->n && behaviours_judge(known, &items[j].f, judged);
    x.open[j] = !items[j].pass && items[j].id && !x.covered[j];
  }
  free(judged);
  find_cands(&x);
  json_t *doc = json_pack("{s:s, s:s, s:s, s:[]}", "schema", BEHAVIOURS_SCHEMA,
                          "adapter", adapter, "library", library, "behaviours");
  json_t *had = known->doc ? json_object_get(known->doc, "behaviours") : NULL;
  if (json_is_array(had))
    json_array_extend(json_object_get(doc, "behaviours"), had);
  struct table t = {.judged = xcalloc(n + 1, 1)};
  t.bits = xcalloc(n + 1, sizeof *t.bits);
  t.judged_at = xcalloc(n + 1, sizeof *t.judged_at);
  struct cand banned[256];
  size_t nbanned = 0;
  while (infer_one(adapter, &x, doc, &t, banned, &nbanned) == 0)
    ;
  size_t left = 0;
  for (size_t j = 0; j < n; j++) {
    left += x.open[j];
    answers_free(&x.a[j]);
  }
  json_object_set_new(
      doc, "comment",
      json_sprintf("generated by uritest behaviours --infer: edit the ids "
                   "and descriptions to name each cause; %zu results left "
                   "unexplained",
                   left));
  free(t.judged);
  free(t.bits);
  free(t.judged_at);
  free(x.a);
  free(x.open);
  free(x.covered);
  free(x.cands);
  free(x.ncands);
  return doc;
}
