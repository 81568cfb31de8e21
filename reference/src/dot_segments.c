/*
 * dot_segments.c: RFC 3986 section 5.2.4, remove_dot_segments, as the RFC
 * writes it (steps A to E, in place) and computed from the right (the
 * exact output length, and the output, without a buffer for the merged
 * path), for resolve.c and normalize.c (dot_segments.h).  Both are O(n);
 * the unit tests check that they agree.
 */
#include <string.h>

#include "dot_segments.h"
#include "grammar.h"

/* ---- 5.2.4, as written -------------------------------------------------- */

/*
 * Remove the last segment and its preceding "/" (if any) from the output
 * buffer out[0..w).  Each octet is stepped over at most once after it was
 * written, so this is amortized O(1) per octet of input.
 */
static size_t pop_last_segment(const char *out, size_t w,
                               const rfc3986_observer *obs) {
  while (w > 0 && out[w - 1] != '/') {
    rfc3986__step(obs);
    w--;
  }
  if (w > 0)
    w--;
  return w;
}

/* The offset of the first "/." whose "." is at FROM or after, else len. */
static size_t next_slash_dot(const char *buf, size_t from, size_t len) {
  const char *dot;
  while (from < len && (dot = memchr(buf + from, '.', len - from)) != NULL) {
    if (dot[-1] == '/')
      return (size_t)(dot - buf) - 1;
    from = (size_t)(dot - buf) + 1;
  }
  return len;
}

/*
 * 5.2.4 on buf[0..len), in place: the output buffer is buf[0..w), the
 * input buffer buf[r..len); w <= r throughout, since every step outputs at
 * most what it consumed.  Returns the length of the result.
 */
size_t rfc3986__remove_dot_segments_in_place(char *buf, size_t len,
                                             const rfc3986_observer *obs) {
  /* 1. The input buffer is initialized with the now-appended path
   *    components and the output buffer is initialized to the empty string. */
  size_t r = 0, w = 0;
  /* 2. While the input buffer is not empty, loop as follows: */
  while (r < len) {
    const char *in = buf + r;
    rfc3986__step(obs);
    size_t n = len - r;
    if (n >= 3 && in[0] == '.' && in[1] == '.' && in[2] == '/') {
      /* A. If the input buffer begins with a prefix of "../" or "./", then
       *    remove that prefix from the input buffer; otherwise, */
      r += 3;
    } else if (n >= 2 && in[0] == '.' && in[1] == '/') {
      r += 2; /* A. "./" */
    } else if (n >= 3 && in[0] == '/' && in[1] == '.' && in[2] == '/') {
      /* B. if the input buffer begins with a prefix of "/./" or "/.", where
       *    "." is a complete path segment, then replace that prefix with "/";
       *    otherwise, */
      r += 2;
    } else if (n == 2 && in[0] == '/' && in[1] == '.') {
      r += 1; /* B. "/." at the end becomes "/" */
      buf[r] = '/';
    } else if (n >= 4 && in[0] == '/' && in[1] == '.' && in[2] == '.' &&
               in[3] == '/') {
      /* C. if the input buffer begins with a prefix of "/../" or "/..",
       *    where ".." is a complete path segment, then replace that prefix
       *    with "/" and remove the last segment and its preceding "/" (if
       *    any) from the output buffer; otherwise, */
      r += 3;
      w = pop_last_segment(buf, w, obs);
    } else if (n == 3 && in[0] == '/' && in[1] == '.' && in[2] == '.') {
      r += 2; /* C. "/.." at the end becomes "/" */
      buf[r] = '/';
      w = pop_last_segment(buf, w, obs);
    } else if ((n == 1 && in[0] == '.') ||
               (n == 2 && in[0] == '.' && in[1] == '.')) {
      /* D. if the input buffer consists only of "." or "..", then remove
       *    that from the input buffer; otherwise, */
      r = len;
    } else {
      /* E. move the first path segment in the input buffer to the end of
       *    the output buffer, including the initial "/" character (if any)
       *    and any subsequent characters up to, but not including, the next
       *    "/" character or the end of the input buffer. */
      /* The input buffer now begins with "/" after every step but A, so
       * only a segment beginning with "." can be anything but E's: the E
       * steps up to the next "/." move their segments in one run. */
      size_t e = next_slash_dot(buf, r + (in[0] == '/' ? 2 : 1), len), k;
      if (obs)
        for (k = r; k < e; k++)
          rfc3986__step(obs);
      if (w != r) /* nothing removed yet: the segment is where it goes */
        memmove(buf + w, buf + r, e - r);
      w += e - r;
      r = e;
    }
  }
  /* 3. Finally, the output buffer is returned as the result of
   *    remove_dot_segments. */
  return w;
}

/* ---- 5.2.4, right to left ------------------------------------------------ */

static int src_at(const struct rfc3986__path_src *src, size_t i) {
  return (unsigned char)(i < src->alen ? src->a[i] : src->b[i - src->alen]);
}

/* The octet a pct-encoded triplet at I stands for when decoding, else -1.
 * The path comes from a parsed reference: its "%" always begins a
 * pct-encoded triplet, inside one segment. */
static int src_pct(const struct rfc3986__path_src *src, size_t i) {
  if (!src->decode || src_at(src, i) != '%')
    return -1;
  return rfc3986__hex_value(src_at(src, i + 1)) << 4 |
         rfc3986__hex_value(src_at(src, i + 2));
}

/* 1 when the segment [from, to) is "." (dots == 1) or ".." (dots == 2),
 * counting "%2E" as "." when decoding. */
static int src_is_dots(const struct rfc3986__path_src *src, size_t from,
                       size_t to, int dots) {
  int seen = 0;
  for (size_t i = from; i < to;) {
    rfc3986__step(src->obs);
    if (src_at(src, i) == '.') {
      i++;
    } else if (src_pct(src, i) == '.') {
      i += 3;
    } else {
      return 0;
    }
    if (++seen > dots)
      return 0;
  }
  return seen == dots;
}

/* Output length of the segment [from, to); written to OUT if non-NULL. */
static size_t src_copy(const struct rfc3986__path_src *src, size_t from,
                       size_t to, char *out) {
  size_t n = 0;
  for (size_t i = from; i < to;) {
    rfc3986__step(src->obs);
    int c = src_pct(src, i);
    if (c >= 0 && is_unreserved(c)) {
      if (out)
        out[n] = (char)c;
      n++;
      i += 3;
    } else if (c >= 0) {
      if (out) {
        out[n] = '%';
        out[n + 1] = rfc3986__upper_hex[c >> 4];
        out[n + 2] = rfc3986__upper_hex[c & 15];
      }
      n += 3;
      i += 3;
    } else {
      if (out)
        out[n] = (char)src_at(src, i);
      n++;
      i++;
    }
  }
  return n;
}

/*
 * Emit a chunk right to left: the output so far is out[*pos..end); the
 * chunk goes just before it.
 */
static void emit(const struct rfc3986__path_src *src, size_t from, size_t to,
                 int slash, char *out, size_t *pos, size_t *len) {
  size_t n = src_copy(src, from, to, NULL);
  *len += n + (slash ? 1 : 0);
  if (out) {
    *pos -= n;
    src_copy(src, from, to, out + *pos);
    if (slash)
      out[--*pos] = '/';
  }
}

/*
 * The same function as steps A to E, computed from the right: the output
 * is the segments that no later ".." removes, a ".." removing the nearest
 * surviving segment before it (a bracket matching, the same from either
 * end).  Steps A and D only ever apply to the start of the input, so they
 * are done first.  The iterator yields the output's chunks ("/" segment,
 * or the first segment without "/") from the last to the first.
 */
void rfc3986__rds_init(struct rfc3986__rds_iter *it,
                       const struct rfc3986__path_src *src) {
  size_t n = src->alen + src->blen, start = 0;
  it->src = src;
  it->skip = 0;
  it->e = n;
  it->state = 1;
  /* A (and D): leading "../" and "./" are removed; a remaining lone "." or
   * ".." is removed. */
  for (;;) {
    size_t s = start;
    while (s < n && src_at(src, s) != '/') {
      rfc3986__step(src->obs);
      s++;
    }
    if (s == n) {
      if (src_is_dots(src, start, n, 1) || src_is_dots(src, start, n, 2))
        it->state = 0; /* nothing left */
      break;
    }
    if (!src_is_dots(src, start, s, 1) && !src_is_dots(src, start, s, 2))
      break;
    start = s + 1;
  }
  it->start = start;
  /* B, C at the end of the input leave "/", which E then moves. */
  if (it->state) {
    size_t s = n;
    while (s > start && src_at(src, s - 1) != '/') {
      rfc3986__step(src->obs);
      s--;
    }
    if (s > start && (src_is_dots(src, s, n, 1) || src_is_dots(src, s, n, 2)))
      it->state = 2;
  }
}

int rfc3986__rds_next(struct rfc3986__rds_iter *it, size_t *from, size_t *to,
                      int *slash) {
  const struct rfc3986__path_src *src = it->src;
  if (it->state == 2) { /* the trailing "/" */
    it->state = 1;
    *from = *to = src->alen + src->blen;
    *slash = 1;
    return 1;
  }
  /* "/" segment, right to left: B drops "/.", C's "/.." removes the
   * nearest surviving segment on its left, E keeps the rest. */
  while (it->state == 1) {
    size_t s = it->e, e = it->e;
    while (s > it->start && src_at(src, s - 1) != '/') {
      rfc3986__step(src->obs);
      s--;
    }
    if (s == it->start) {
      it->state = 3; /* [start, e) is the first segment, with no "/" */
      break;
    }
    it->e = s - 1;
    if (src_is_dots(src, s, e, 2)) {
      it->skip++;
    } else if (src_is_dots(src, s, e, 1)) {
      ;
    } else if (it->skip > 0) {
      it->skip--;
    } else {
      *from = s;
      *to = e;
      *slash = 1;
      return 1;
    }
  }
  /* The first segment, moved by E without a "/" (when not empty). */
  if (it->state == 3) {
    it->state = 0;
    if (it->e > it->start && it->skip == 0) {
      *from = it->start;
      *to = it->e;
      *slash = 0;
      return 1;
    }
  }
  return 0;
}

/* OUT NULL: the length only; otherwise OUT must have room for it. */
static size_t reverse_pass(const struct rfc3986__path_src *src, char *out,
                           size_t end) {
  struct rfc3986__rds_iter it;
  size_t from, to, pos = end, len = 0;
  int slash;
  rfc3986__rds_init(&it, src);
  while (rfc3986__rds_next(&it, &from, &to, &slash))
    emit(src, from, to, slash, out, &pos, &len);
  return len;
}

size_t rfc3986__remove_dot_segments_reverse(const struct rfc3986__path_src *src,
                                            char *out) {
  size_t len = reverse_pass(src, NULL, 0);
  if (out)
    reverse_pass(src, out, len);
  return len;
}

rfc3986_status rfc3986_remove_dot_segments(const char *in, size_t len,
                                           char *out, size_t cap,
                                           size_t *out_len) {
  size_t n;
  if ((in == NULL && len > 0) || (out == NULL && cap > 0))
    return RFC3986_ERR_ARGUMENT;
  if (cap >= len) {
    if (len > 0)
      memmove(out, in, len);
    n = rfc3986__remove_dot_segments_in_place(out, len, NULL);
  } else {
    struct rfc3986__path_src src = {in, len, "", 0, 0, NULL};
    n = rfc3986__remove_dot_segments_reverse(&src, NULL);
    if (n <= cap)
      rfc3986__remove_dot_segments_reverse(&src, out);
  }
  if (out_len)
    *out_len = n;
  return n > cap ? RFC3986_ERR_BUFFER : RFC3986_OK;
}
