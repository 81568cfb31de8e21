/* classify.h: compare an adapter's answer with the expectation and name
 * the discrepancy (DESIGN.md "Comparing and classifying"). */
#ifndef URITEST_CLASSIFY_H
#define URITEST_CLASSIFY_H

#include <jansson.h>

#include "vectors.h"
#include "../../adapters/common/classes.h"

/* Up to this many named component mismatches per result. */
#define MAX_MISMATCH 16

/* How a mismatched component differs (DESIGN.md): the adapter's value is
 * the reference's 6.2.2/6.2.3 normal form; or another value naming the
 * same endpoint; or a different reading. */
enum mismatch_kind { MK_SEMANTIC, MK_NORMALIZATION, MK_SAME_ENDPOINT };
extern const char *const mismatch_kind_names[3];
int mismatch_kind_from_name(const char *s);

struct mismatch {
  const char *name; /* component or getter name */
  int kind;         /* MK_* */
};

struct verdict {
  int cls;
  int nmis;
  struct mismatch mis[MAX_MISMATCH];
  int security_relevant; /* endpoint is EP_DIFFERENT: severity is set */
  int severity;          /* SEV_* (endpoint.h), SEV_NONE when not */
  int endpoint;          /* EP_* (endpoint.h), EP_UNJUDGED when not judged */
  int not_compared;      /* components the adapter left out */
  int compared;          /* components compared */
  int impl_defined;      /* expect: implementation-defined, never fails */
  int offset_differs;    /* error offset given and different (informative) */
  const char *why;       /* UNSUPPORTED/CRASH/... reason, or NULL */
  /* an advisory vector's failed result whose reading is one of its
   * x-vulnerable-readings: the advisory's id (the test's cve:ID tag, else
   * its id); NULL otherwise */
  const char *vulnerable;
};

/* The expected string of T that class CLS compares (its table row's
 * vector member: target, normalized, output), or NULL. */
const struct value *class_expected(const struct test *t, int cls);

/* Classify ANSWER (an object, "id" already checked) for test T. */
void classify_answer(const struct test *t, json_t *answer, struct verdict *v);

/*
 * Arbitrary input (uritest diff): the expectation is the reference's own
 * parse of INPUT.
 */
void classify_diff(const char *input, size_t len, json_t *answer,
                   struct verdict *v);

/* uritest fuzz --whatwg: A's WHATWG answer held to B's, B's validity and
 * getters taken as the expectation (no RFC judgement); PASS when B gave
 * no reading. */
void classify_pair(json_t *a, json_t *b, struct verdict *v);

/* The reference's components of INPUT as a JSON object ("valid",
 * "components"), for reports; a new reference. */
json_t *reference_parse_json(const char *input, size_t len);

/* Component C of an answer's COMPONENTS as a value (VALUE_ABSENT when left
 * out or of the wrong type; octets in *OWN to free). */
struct value answer_comp(json_t *comps, int c, char **own);

#endif
