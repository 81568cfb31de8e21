/*
 * producer.h: how the producers (recompose.c, resolve.c, normalize.c,
 * iri.c) parse their inputs and write their outputs.  Not installed.
 *
 * Unobserved, they parse with rfc3986_parse_fast, the automaton generated
 * from the same grammar file (reference/fast/), which gives the same
 * verdict, spans and error offset as the literal parser (the fuzz target
 * `reference` checks it on every input it runs, `make test` on every parse
 * vector and the cross-check's strings).  An input it rejects is parsed
 * again by the literal parser, for the error's rule, unless the caller
 * wants no error (E is NULL: the verdict is the same).  Observed, they parse
 * with the literal parser, whose rule functions the observer is shown.
 */
#ifndef RFC3986_PRODUCER_H
#define RFC3986_PRODUCER_H

#include <string.h>

#include "rfc3986.h"

/* Append s[0..n) at *len, writing only what fits in cap (the snprintf
 * convention of rfc3986.h); *len counts every octet, written or not.
 * Copies nothing when n is 0, so s may then be NULL (the empty input
 * given as (NULL, 0)). */
static inline void rfc3986__put(char *out, size_t cap, size_t *len,
                                const char *s, size_t n) {
  if (*len < cap && n > 0) {
    if (n <= cap - *len)
      memcpy(out + *len, s, n); /* a constant N ("//") is a store */
    else
      memcpy(out + *len, s, cap - *len);
  }
  *len += n;
}

static inline rfc3986_status
rfc3986__producer_parse(const char *s, size_t len, rfc3986_rule start,
                        rfc3986_uri *u, rfc3986_error *e,
                        const rfc3986_observer *obs) {
  if (obs == NULL) {
    rfc3986_status st = rfc3986_parse_fast(s, len, start, u, NULL);
    if (st == RFC3986_OK || e == NULL)
      return st;
  }
  return rfc3986_parse_observed(s, len, start, u, e, obs);
}

#endif
