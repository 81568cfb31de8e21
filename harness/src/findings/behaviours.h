/* behaviours.h: an adapter's named behaviours (adapters/NAME/behaviours.json,
 * adapters/BEHAVIOURS.md): loaded, checked, and judged on each result:
 * where a behaviour's condition holds, does its prediction reproduce the
 * library's answer? */
#ifndef URITEST_BEHAVIOURS_H
#define URITEST_BEHAVIOURS_H

#include <jansson.h>
#include <regex.h>
#include <stdio.h>

#include "conditions.h"
#include "predict.h"
#include "vectors.h"

/* The format of a behaviours file (adapters/behaviours.schema.json). */
#define BEHAVIOURS_SCHEMA "uritest-behaviours/2"

struct behaviour {
  struct behaviour_rule rule;
  const char *description, *section, *reference, *library;
  struct prediction predict; /* what the library answers where it holds */
  const char *example_id;    /* a vector id, or NULL when given inline */
  const char *example_input; /* inline example, or NULL */
  const char *input_matches, *input_not_matches; /* or NULL */
  regex_t re, not_re;
  int has_re, has_not_re;
  const char **when; /* NULL-terminated, owned */
};

struct behaviours {
  char *path; /* the file, NULL when the adapter has none */
  const char *adapter, *library;
  json_t *doc; /* owns the strings above */
  struct behaviour *b;
  size_t n;
};

/*
 * Load adapters/ADAPTER/behaviours.json (under the repository root; for a
 * published version ADAPTER@VERSION, ADAPTER's) into
 * *OUT: 0, with n = 0 when the adapter has no such file; -1 after printing
 * "FILE: behaviour ID: what is wrong" (a file that does not parse, another
 * schema, an unknown condition or transform, a bad regular expression, a
 * field of the wrong type).
 */
int behaviours_load_adapter(const char *adapter, struct behaviours *out);
/* The same for one file. */
int behaviours_load(const char *path, struct behaviours *out);
/* Parse one behaviour object O of file PATH into *B (its strings stay
 * O's): 0, or -1 after printing what is wrong. */
int behaviour_parse(const char *path, json_t *o, struct behaviour *b);
void behaviour_free(struct behaviour *b);
void behaviours_free(struct behaviours *bs);

/* One result, for judging behaviours on it. */
struct bfacts {
  int op; /* OP_* */
  const char *in;
  size_t len;
  const char *base; /* resolve: the base, else NULL */
  size_t base_len;
  const char *rule; /* match: the rule, else NULL */
  /* the adapter's answer ({"valid", "components"|"target"|...}), or NULL
   * for a PASS: then the answer is RFC 3986's (the reference's) */
  json_t *got;
  /* the components the adapter expresses (bit c: RFC3986_COMPONENT c),
   * for a PASS or a reject; 0: every one */
  unsigned expressed;
  /* the vector compares WHATWG getters only: a reading predicts nothing */
  int only_validity;
  /* parse: the vector parses against a base (WHATWG's tests) */
  int parse_base;
};

/* The reference's answer and the library's on one result (a PASS: the
 * reference's, on the components the adapter expresses). */
struct answers {
  struct adapter_reading full; /* the reference's reading, for conditions */
  struct adapter_reading ref, lib;
};
void answers_read(struct answers *a, const struct bfacts *f);
void answers_free(struct answers *a);

/*
 * Behaviour B on the result F with answers A: 0 when its condition does not
 * hold (its op, `when` conditions and regular expressions, and its
 * prediction differs from RFC 3986's answer: where they agree it says
 * nothing), 1 when it holds and its prediction is not the library's
 * answer, 2 when it holds and the prediction is the library's answer.
 */
int behaviour_judge(const struct behaviour *b, const struct bfacts *f,
                    const struct answers *a);

/* Every behaviour of BS judged on F: JUDGED[k] as behaviour_judge says
 * (bs->n entries).  Returns how many predict the library's answer. */
size_t behaviours_judge(const struct behaviours *bs, const struct bfacts *f,
                        unsigned char *judged);

/* The id a failed result R of an adapter with behaviours BS is attributed
 * to: the one behaviour that predicts it, "overlap" when several do,
 * "unexplained" when none does; counts it in COUNT (bs->n entries, may be
 * NULL) and *UNEXPLAINED. */
struct result;
const char *behaviours_attribute(const struct behaviours *bs,
                                 const struct result *r, size_t *count,
                                 size_t *unexplained);

/* BS, the behaviours of ADAPTER, as the C table of a differential fuzz
 * target (fuzz/targets/known.h) on F (ctable.c); FIND gives the vector of
 * an example id (CTX passed on).  0. */
struct test;
int behaviours_c_table(FILE *f, const struct behaviours *bs,
                       const char *adapter,
                       const struct test *(*find)(const void *, const char *),
                       const void *ctx);

/* One result kept for --infer: its facts (pointing into REC and the
 * vectors), its vector id, and whether it passed. */
struct bitem {
  json_t *rec;
  struct bfacts f;
  const char *id;
  int pass;
};
/*
 * The behaviours document of ADAPTER (infer.c): the behaviours of KNOWN,
 * then behaviours inferred for the results of ITEMS (N, every result of
 * the adapter) that are not PASS and none of KNOWN predicts, grouped under
 * the predictions that reproduce them, each with a condition under which
 * it predicts at least 95% of the results it holds on.
 */
json_t *behaviours_infer(const char *adapter, const char *library,
                         const struct behaviours *known,
                         const struct bitem *items, size_t n);

/* An adapter's counts (struct stats, output.h) gain its behaviours: load
 * them (a bad file warns and counts every failure unexplained) ... */
struct stats;
void stats_behaviours_load(struct stats *st);
/* ... count one failed result attributed to behaviour ID (as a results
 * file records it; NULL or unknown: unexplained) ... */
void stats_behaviour_count(struct stats *st, const char *id);
/* ... and free them. */
void stats_behaviours_free(struct stats *st);

#endif
