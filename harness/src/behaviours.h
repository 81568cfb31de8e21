/* behaviours.h: an adapter's named behaviours (adapters/NAME/behaviours.json,
 * adapters/BEHAVIOURS.md): loaded, checked, and used to attribute each
 * result that is not PASS to the first behaviour whose condition holds. */
#ifndef URITEST_BEHAVIOURS_H
#define URITEST_BEHAVIOURS_H

#include <jansson.h>
#include <regex.h>

#include "../../adapters/common/conditions.h"
#include "vectors.h"

struct behaviour {
  struct behaviour_rule rule;
  const char *description, *section, *reference, *library;
  int severity;              /* SEV_* (endpoint.h) */
  const char *example_id;    /* a vector id, or NULL when given inline */
  const char *example_input; /* inline example, or NULL */
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
 * "FILE: behaviour ID: what is wrong" (a file that does not parse, an
 * unknown condition, a bad regular expression, a field of the wrong type).
 */
int behaviours_load_adapter(const char *adapter, struct behaviours *out);
/* The same for one file. */
int behaviours_load(const char *path, struct behaviours *out);
void behaviours_free(struct behaviours *bs);

/* What a result says, for attribution. */
struct bfacts {
  int op;          /* OP_* */
  const char *cls; /* its class name */
  const char *in;
  size_t len;
  const char *base; /* resolve: the base, else NULL */
  size_t base_len;
  json_t *got;            /* the adapter's answer, or NULL */
  const char *const *mis; /* names of the mismatched components */
  int nmis;
};

/* The first behaviour that explains the result: with mismatched
 * components, each must be explained (by it or by a later one; the
 * earliest explaining one is returned).  NULL when none does.  ALONE (may
 * be NULL; bs->n entries): set to 1 for each behaviour that explains the
 * whole result by itself. */
const struct behaviour *behaviours_explain(const struct behaviours *bs,
                                           const struct bfacts *f,
                                           unsigned char *alone);

/* The behaviour id of a failed result R of an adapter with behaviours
 * BS, or "unexplained"; counts it in COUNT (bs->n entries, may be NULL)
 * and *UNEXPLAINED. */
struct result;
const char *behaviours_attribute(const struct behaviours *bs,
                                 const struct result *r, size_t *count,
                                 size_t *unexplained);

/* An adapter's counts (struct stats, output.h) gain its behaviours: load
 * them (a bad file warns and counts every failure unexplained) ... */
struct stats;
void stats_behaviours_load(struct stats *st);
/* ... count one failed result attributed to behaviour ID (as a results
 * file records it; NULL or unknown: unexplained) ... */
void stats_behaviour_count(struct stats *st, const char *id);
/* ... and free them. */
void stats_behaviours_free(struct stats *st);

/* 1 when B's condition (op, conditions, regular expressions; not class or
 * components) holds on an input the adapter passed (its reading taken to be
 * the reference's): how unspecific a behaviour is. */
int behaviour_holds_on_pass(const struct behaviour *b, int op, const char *in,
                            size_t len, const char *base, size_t base_len);

#endif
