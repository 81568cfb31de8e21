/* endpoint.h: do two readings of a URI name the same endpoint?  (DESIGN.md
 * "Comparing and classifying": scheme, host, port and userinfo compared
 * after RFC 3986 6.2.2 and 6.2.3 normalization for the scheme.) */
#ifndef URITEST_ENDPOINT_H
#define URITEST_ENDPOINT_H

#include "vectors.h"

/* The worst part of the endpoint that differs, in increasing order. */
enum severity {
  SEV_NONE = 0,
  SEV_USERINFO,
  SEV_SCHEME,
  SEV_PORT,
  SEV_HOST,
  SEV__COUNT
};
/* NULL for SEV_NONE, then "userinfo", "scheme", "port", "host". */
extern const char *const severity_names[SEV__COUNT];
/* SEV_* for a name ("none" is SEV_NONE), -1 when unknown. */
int severity_from_name(const char *s);

/* The parts of a reading that make its endpoint: each an sv of the
 * component model (SV_ABSENT when the reading does not say). */
struct endpoint {
  struct sv scheme, userinfo, host, port;
};

/* The endpoint parts of nine components (RFC3986_COMPONENTS order). */
void endpoint_of(struct endpoint *e, const struct sv *comps);

/* Which part P (SEV_USERINFO..SEV_HOST) of A and B differs: 1 when it
 * differs, 0 when equal or when either side does not say.  A port is
 * read with its own side's scheme, or the other's when it has none. */
int endpoint_part_differs(const struct endpoint *a, const struct endpoint *b,
                          int part);

/* The worst differing part of A and B (SEV_NONE when the same endpoint). */
int endpoint_severity(const struct endpoint *a, const struct endpoint *b);

#endif
