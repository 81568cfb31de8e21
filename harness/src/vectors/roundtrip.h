/* roundtrip.h: the recompose tests derived from a run's parse vectors
 * (DESIGN.md "Round trips"). */
#ifndef URITEST_ROUNDTRIP_H
#define URITEST_ROUNDTRIP_H

#include "vectors.h"

/* What a recompose test's id adds to its parse vector's id. */
#define ROUNDTRIP_SUFFIX "~recompose"

/* Append to V one recompose test per RFC 3986 parse vector that expects
 * its input accepted and gives components (same input, file and
 * components; id + ROUNDTRIP_SUFFIX). */
void roundtrip_add_tests(struct vectors *v);

/* --op: a filter that selects recompose (and not parse) loads the parse
 * vectors too, to derive from: adds "parse" to *OPS and returns 1, else
 * returns 0.  roundtrip_keep_ops then keeps the tests whose op the first
 * NOPS patterns select (the user's own). */
int roundtrip_widen_ops(char ***ops, int *nops);
void roundtrip_keep_ops(struct vectors *v, char **ops, int nops);

#endif
