/*
 * conditions.h: the condition vocabulary of an adapter's behaviours.json
 * (adapters/BEHAVIOURS.md), evaluated on one disagreement between the
 * reference's reading and a library's.  Shared by the harness and the
 * differential fuzz targets, so a behaviour means one thing everywhere.
 */
#ifndef URITEST_CONDITIONS_H
#define URITEST_CONDITIONS_H

#include <regex.h>
#include <stddef.h>

#include "glue.h"

/* One disagreement. */
struct cond_ctx {
  const char *op; /* "parse", "resolve", "normalize", ... */
  const char *in; /* the input (resolve: the reference string) */
  size_t len;
  const char *base; /* resolve: the base, else NULL */
  size_t base_len;
  const struct adapter_reading *ref, *lib;
  int comp; /* the component in question (RFC3986_COMPONENT_*), -1 for none */
  /* 1 when S, parsed by both sides, disagrees only in listed ways (the
   * *-parse-divergence-known conditions); NULL where it cannot be told
   * (the harness has no library in process): those conditions are false. */
  int (*parse_known)(const char *s, size_t n);
  int parse_base; /* parse: 1 when the vector parses against a base */
};

typedef int (*cond_fn)(const struct cond_ctx *);
/* The condition of that name, or NULL when there is none. */
cond_fn condition_named(const char *name);
/* 1 when the condition NAME reads the library's answer (`lib-*`), a
 * component in question or the fuzz targets' parse divergences: a
 * behaviour's prediction says what the library answers, so its condition
 * reads the input and RFC 3986's reading only. */
int condition_reads_answer(const char *name);
/* The name of the I-th condition (conditions.c's table), NULL past the
 * end: every condition a behaviour may name comes from there. */
const char *condition_nth(size_t i);

/* A behaviour's condition, as both users hold it. */
struct behaviour_rule {
  const char *id;
  const char *op;              /* NULL: any op */
  const char *const *when;     /* NULL-terminated condition names, or NULL */
  const regex_t *input_re;     /* POSIX ERE the input must match, or NULL */
  const regex_t *input_not_re; /* ... must not match, or NULL */
};

/* 1 when NAME is one of the comma-separated CSV. */
int behaviour_lists(const char *csv, const char *name);

/*
 * 1 when behaviour B's condition holds on X: its op, every condition in
 * `when`, and the regular expressions on the input.
 */
int behaviour_holds(const struct behaviour_rule *b, const struct cond_ctx *x);

/*
 * A behaviour (its condition B, its prediction P) judged on X: 0 when its
 * condition does not hold there (B's op, conditions and regular
 * expressions, and P differs from RFC 3986's answer RFC, taken on what the
 * library expresses), 1 when it holds and P is not the library's answer
 * X->lib, 2 when it holds and P is.  ONLY_VALIDITY: the library's values
 * are none a prediction computes (WHATWG getters): only a reject holds.
 */
struct prediction;
int behaviour_judge_rule(const struct behaviour_rule *b,
                         const struct prediction *p, const struct cond_ctx *x,
                         const struct adapter_reading *rfc, int only_validity);

#endif
