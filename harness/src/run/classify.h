/* classify.h: compare an adapter's answer with the expectation and name
 * the discrepancy (DESIGN.md "Comparing and classifying"). */
#ifndef URITEST_CLASSIFY_H
#define URITEST_CLASSIFY_H

#include <jansson.h>

#include "verdict.h"
#include "vectors.h"

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
