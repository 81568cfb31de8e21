/*
 * dot_segments.h: section 5.2.4 remove_dot_segments over a path that may
 * be two pieces (the 5.2.3 merge, without copying), defined in
 * dot_segments.c for resolve.c and normalize.c.  Not installed.
 */
#ifndef RFC3986_DOT_SEGMENTS_H
#define RFC3986_DOT_SEGMENTS_H

#include <stddef.h>

#include "rfc3986.h"

/*
 * A path given as the concatenation a[0..alen) b[0..blen), and whether
 * pct-encoded octets are to be decoded when unreserved (with the remaining
 * hex in upper case), as section 6.2.2.2 asks before 6.2.2.3.
 */
struct rfc3986__path_src {
  const char *a;
  size_t alen;
  const char *b;
  size_t blen;
  int decode;
  const rfc3986_observer *obs; /* told each step (NULL: nobody) */
};

/* remove_dot_segments(src) written into OUT (room for alen + blen octets);
 * returns its length. */
size_t rfc3986__remove_dot_segments_reverse(const struct rfc3986__path_src *src,
                                            char *out);
/* remove_dot_segments of buf[0..len) in place; returns the new length. */
size_t rfc3986__remove_dot_segments_in_place(char *buf, size_t len,
                                             const rfc3986_observer *obs);

/* The chunks of remove_dot_segments(src), last first (see resolve.c). */
struct rfc3986__rds_iter {
  const struct rfc3986__path_src *src;
  size_t start, e, skip;
  int state;
};
void rfc3986__rds_init(struct rfc3986__rds_iter *it,
                       const struct rfc3986__path_src *src);
int rfc3986__rds_next(struct rfc3986__rds_iter *it, size_t *from, size_t *to,
                      int *slash);

#endif
