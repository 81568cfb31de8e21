/* fuzz.h: `uritest fuzz`, differential fuzzing of any adapter out of
 * process (harness/README.md "uritest fuzz"): the pieces its files share.
 *   fuzz.c      options, the campaign, its workers
 *   fuzzrun.c   the batches: adapters asked, signatures, findings
 *   fuzzgen.c   inputs: the grammar's productions, near misses, delimiter
 *               swaps (fuzz_grammar.h) and mutations of kept inputs
 *   fuzzsig.c   the oracle's (rule, alternative) trace and signatures
 *   minimize.c  delta debugging of a finding, re-asking the adapter
 *   fuzzout.c   the summary (text, JSON), candidate vectors, corpus files */
#ifndef URITEST_FUZZ_H
#define URITEST_FUZZ_H

#include <stdint.h>

#include "rfc3986.h"
#include "util.h"

/* The longest input generated or mutated. */
#define FZ_MAX_INPUT 4096

/* ---- a seeded generator (splitmix64): the same seed, the same inputs --- */
struct rng {
  uint64_t s;
};
uint64_t rng_next(struct rng *r);
/* Uniform in [0, N), N > 0. */
size_t rng_below(struct rng *r, size_t n);

/* ---- fuzzsig.c: (rule, alternative) pairs -------------------------------
 * Every rule of rfc3986_rules.h has ALTERNATIVES pairs, numbered from the
 * X-macro: FZ_PAIR_id is the first of rule id's. */
#define FZ_PAIR_ENUM_(id, name, rfc, alternatives)                             \
  FZ_PAIR_##id, FZ_PAIR_LAST_##id = FZ_PAIR_##id + (alternatives)-1,
enum { RFC3986_RULES(FZ_PAIR_ENUM_) FZ_NPAIRS };
#undef FZ_PAIR_ENUM_

/* The pair of RULE's ALTERNATIVE-th alternative (1-based), or -1. */
int fz_pair(rfc3986_rule rule, int alternative);

/* What the oracle did with an input: how often each pair was taken. */
struct trace {
  unsigned char count[FZ_NPAIRS]; /* saturating at 255 */
  int valid;
  rfc3986_rule err_rule; /* where a rejected input failed */
};
/* Parse IN as a URI-reference under the observer; fills T. */
void fz_trace(const char *in, size_t len, struct trace *t);
/* The trace's signature: each pair taken, its count in buckets of powers
 * of two, the validity and the failing rule. */
uint64_t fz_trace_hash(const struct trace *t);
/* The same over the pairs taken only (no counts): a finding's shape. */
uint64_t fz_trace_shape(const struct trace *t);
/* 64-bit mixing of a signature with more facts. */
uint64_t fz_mix(uint64_t h, uint64_t v);

/* A set of 64-bit signatures (open addressing; 0 stored apart). */
struct sigset {
  uint64_t *v;
  size_t cap, n;
  int has_zero;
};
/* 1 when S was new (and is now in the set). */
int sigset_add(struct sigset *set, uint64_t s);
void sigset_free(struct sigset *set);

/* ---- fuzzgen.c ------------------------------------------------------------
 * COVERED (FZ_NPAIRS entries, or NULL): the pairs reached so far; the
 * generator favours an alternative not reached yet. */
/* A fresh input from the grammar into OUT (emptied first): a production of
 * URI-reference or another rule, a near miss (one range or repetition
 * bound missed by one, one literal changed), or a production with a
 * delimiter swapped. */
void fz_generate(struct rng *r, const unsigned char *covered, struct buf *out);
/* REACH (FZ_NPAIRS entries) gets the pairs a trace of fz_trace can hold:
 * those of URI-reference and of the rules it refers to, directly or
 * through others.  The pairs of absolute-URI and path (start rules of
 * their own, never inside a URI-reference) and of reserved and gen-delims
 * (named by the RFC's prose, by no rule of the grammar) cannot; returns
 * how many can (74 of 89). */
size_t fz_reachable_pairs(unsigned char *reach);
/* The tokens of the URI dictionary (fuzz/uri.dict, AFL's format), the one
 * the in-process targets use too. */
struct fz_dict {
  char **s;
  size_t *len, n;
};
/* IN mutated into OUT (emptied first): octets changed, inserted, deleted,
 * duplicated, tokens of DICT, delimiter swaps, spans replaced by a
 * production of a rule, a splice with OTHER (may be NULL). */
void fz_mutate(struct rng *r, const char *in, size_t len, const char *other,
               size_t olen, const unsigned char *covered,
               const struct fz_dict *dict, struct buf *out);

/* ---- minimize.c ------------------------------------------------------------
 * Delta debugging of an input that shows a finding, as a machine: each step
 * proposes candidates (IN, LEN, NCAND), the caller asks the adapter and
 * says which still show it; CUR is the smallest that did.  At most about
 * BUDGET candidates; none with a budget of 0. */
struct fz_min {
  struct buf cur; /* the smallest input that shows the finding so far */
  size_t n;       /* ddmin: the parts it is cut into */
  int phase;
  size_t asked, budget;
  char **in; /* the step's candidates */
  size_t *len, ncand, cap, nparts;
  struct buf store;
  size_t *at;
};
void fz_min_init(struct fz_min *m, const char *in, size_t len, size_t budget);
/* The next step's candidates (m->in, m->len); 0 when done. */
size_t fz_min_next(struct fz_min *m);
/* HOLDS[i]: candidate i still shows the finding. */
void fz_min_take(struct fz_min *m, const unsigned char *holds);
void fz_min_free(struct fz_min *m);

#endif
