/*
 * predict.h: what a behaviour of behaviours.json (adapters/BEHAVIOURS.md)
 * predicts the library answers: a reject, or a reading computed from the
 * input by named transforms.  The transforms are one table (predict_table.c,
 * documented in adapters/BEHAVIOURS.md "Transforms"); the harness and the
 * differential fuzz targets both compute predictions with it.
 */
#ifndef URITEST_PREDICT_H
#define URITEST_PREDICT_H

#include <stddef.h>

#include "glue.h"

/* When a transform applies: to the input (and a resolve's base) before it
 * is read, to how an input RFC 3986 rejects is split, to how resolve and
 * normalize compute their output, or to the reading (a resolve's or
 * normalize's output too). */
enum transform_stage { TS_INPUT, TS_SPLIT, TS_OUTPUT, TS_READING };

struct pstr; /* predict.c's strings and readings being rewritten */
struct prd;

struct transform {
  const char *name;
  enum transform_stage stage;
  const char *section; /* the RFC 3986 section departed from */
  const char *does;    /* one line, for descriptions and documentation */
  void (*input)(struct pstr *s);  /* TS_INPUT: the rewrite */
  void (*reading)(struct prd *r); /* TS_READING: the rewrite */
};

/* The vocabulary, in the order a prediction applies it. */
extern const struct transform transform_table[];
extern const size_t transform_count;
/* The index of the transform named NAME, or -1. */
int transform_named(const char *name);

/* A set of transforms: bit i is transform_table[i]. */
#define TMASK_WORDS 2
#define TMASK_BITS (64 * TMASK_WORDS)
struct tmask {
  unsigned long long w[TMASK_WORDS];
};

static inline int tmask_has(struct tmask m, size_t i) {
  return (int)(m.w[i / 64] >> (i % 64) & 1ULL);
}
static inline void tmask_add(struct tmask *m, size_t i) {
  m->w[i / 64] |= 1ULL << (i % 64);
}
static inline void tmask_join(struct tmask *m, struct tmask o) {
  for (int k = 0; k < TMASK_WORDS; k++)
    m->w[k] |= o.w[k];
}
/* 1 when every transform of A is in B. */
static inline int tmask_within(struct tmask a, struct tmask b) {
  for (int k = 0; k < TMASK_WORDS; k++)
    if (a.w[k] & ~b.w[k])
      return 0;
  return 1;
}
/* -1, 0 or 1: a total order of sets. */
static inline int tmask_cmp(struct tmask a, struct tmask b) {
  for (int k = TMASK_WORDS - 1; k >= 0; k--)
    if (a.w[k] != b.w[k])
      return a.w[k] < b.w[k] ? -1 : 1;
  return 0;
}

/* A prediction: reject, or accept with the transforms of MASK. */
struct prediction {
  int reject;
  struct tmask mask;
};

/*
 * The answer P predicts for op OP ("parse", "resolve", "normalize"; other
 * ops: a reject only) on input IN (resolve: the reference, against BASE),
 * into OUT (a reading_init'ed reading): valid, and the components (parse)
 * or the output (resolve, normalize).  0, or -1 when P predicts nothing
 * here (an accepting prediction of another op, a resolve or normalize the
 * rewritten input has no RFC 3986 result for).
 */
int predict_answer(const struct prediction *p, const char *op, const char *in,
                   size_t len, const char *base, size_t base_len,
                   struct adapter_reading *out);

/*
 * 1 when the predicted answer P equals the answer A on what A expresses:
 * validity, then each component A gives (not VALUE_ABSENT) or its
 * output.  ONLY_VALIDITY: A's values are ones no prediction computes (the
 * WHATWG getters): only a reject can equal it.
 */
int predict_equals(const struct adapter_reading *p,
                   const struct adapter_reading *a, int only_validity);

#endif
