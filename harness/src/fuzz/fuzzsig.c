/* fuzzsig.c: the signal of `uritest fuzz`: which (rule, alternative)
 * pairs of the grammar the oracle took on an input, seen through its
 * observer (rfc3986_parse_observed), hashed into signatures; the seeded
 * generator and the set of signatures seen. */
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"

uint64_t rng_next(struct rng *r) {
  uint64_t z = (r->s += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

size_t rng_below(struct rng *r, size_t n) {
  return n ? (size_t)(rng_next(r) % n) : 0;
}

/* The first pair of each rule, and how many it has, in enum order. */
#define FZ_BASE_(id, name, rfc, alternatives) FZ_PAIR_##id,
static const unsigned short pair_base[] = {RFC3986_RULES(FZ_BASE_)};
#undef FZ_BASE_
#define FZ_ALTS_(id, name, rfc, alternatives) alternatives,
static const unsigned char pair_alts[] = {RFC3986_RULES(FZ_ALTS_)};
#undef FZ_ALTS_

int fz_pair(rfc3986_rule rule, int alternative) {
  size_t r = (size_t)rule;
  if (r < 1 || r > sizeof pair_base / sizeof *pair_base || alternative < 1 ||
      alternative > pair_alts[r - 1])
    return -1;
  return pair_base[r - 1] + alternative - 1;
}

static void count_pair(struct trace *t, int p) {
  if (p >= 0 && t->count[p] < 255)
    t->count[p]++;
}

static void on_alternative(void *data, rfc3986_rule rule, int alternative) {
  count_pair(data, fz_pair(rule, alternative));
}

/* A rule without alternatives reaches its one pair when it matches. */
static void on_leave(void *data, rfc3986_rule rule, size_t offset, size_t end) {
  (void)offset;
  size_t r = (size_t)rule;
  if (end != RFC3986_UNDEFINED && r >= 1 &&
      r <= sizeof pair_alts / sizeof *pair_alts && pair_alts[r - 1] == 1)
    count_pair(data, fz_pair(rule, 1));
}

void fz_trace(const char *in, size_t len, struct trace *t) {
  memset(t, 0, sizeof *t);
  rfc3986_observer obs = {t, NULL, on_leave, on_alternative, NULL, NULL};
  rfc3986_uri u;
  rfc3986_error err;
  memset(&err, 0, sizeof err);
  t->valid = rfc3986_parse_observed(in, len, RFC3986_RULE_URI_reference, &u,
                                    &err, &obs) == RFC3986_OK;
  t->err_rule = t->valid ? RFC3986_RULE_NONE : err.rule;
}

uint64_t fz_mix(uint64_t h, uint64_t v) {
  h ^= v + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
  h *= 0xff51afd7ed558ccdull;
  return h ^ (h >> 33);
}

static unsigned bucket(unsigned c) {
  unsigned b = 0;
  while (c > 1 && b < 6) {
    c >>= 1;
    b++;
  }
  return b + 1; /* 1: once, 2: 2-3, 3: 4-7, ... 7: 64 and more */
}

static uint64_t trace_hash(const struct trace *t, int counts) {
  uint64_t h = fz_mix(0x6a09e667f3bcc909ull,
                      (uint64_t)t->valid << 16 | (uint64_t)t->err_rule);
  for (size_t p = 0; p < FZ_NPAIRS; p++)
    if (t->count[p])
      h = fz_mix(h, (uint64_t)p << 8 | (counts ? bucket(t->count[p]) : 1));
  return h;
}

uint64_t fz_trace_hash(const struct trace *t) {
  return trace_hash(t, 1);
}

uint64_t fz_trace_shape(const struct trace *t) {
  return trace_hash(t, 0);
}

int sigset_add(struct sigset *set, uint64_t s) {
  if (!s) {
    int fresh = !set->has_zero;
    set->has_zero = 1;
    set->n += (size_t)fresh;
    return fresh;
  }
  if ((set->n + 1) * 2 > set->cap) {
    size_t cap = set->cap ? set->cap * 2 : 1024;
    uint64_t *v = xcalloc(cap, sizeof *v);
    for (size_t i = 0; i < set->cap; i++)
      if (set->v[i]) {
        size_t k = (size_t)(set->v[i] % cap);
        while (v[k])
          k = (k + 1) % cap;
        v[k] = set->v[i];
      }
    free(set->v);
    set->v = v;
    set->cap = cap;
  }
  size_t k = (size_t)(s % set->cap);
  while (set->v[k]) {
    if (set->v[k] == s)
      return 0;
    k = (k + 1) % set->cap;
  }
  set->v[k] = s;
  set->n++;
  return 1;
}

void sigset_free(struct sigset *set) {
  free(set->v);
  memset(set, 0, sizeof *set);
}
