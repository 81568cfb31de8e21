/*
 * conditions_impl.h: what the two files of the condition vocabulary
 * (conditions.c, conditions_lib.c) share: a reading's values, octet tests,
 * the path scans, the COND definition form and the second file's table.
 * Not for other users: they take conditions.h.
 */
#ifndef URITEST_CONDITIONS_IMPL_H
#define URITEST_CONDITIONS_IMPL_H

#include <stddef.h>
#include <string.h>

#include "conditions.h"

static inline const struct value *val(const struct adapter_reading *r, int c) {
  return &r->comp[c];
}
static inline const char *vptr(const struct adapter_reading *r, int c) {
  return val(r, c)->s;
}
static inline int is_defined(const struct adapter_reading *r, int c) {
  return val(r, c)->state == VALUE_OCTETS;
}
static inline int lc(unsigned char c) {
  return c >= 'A' && c <= 'Z' ? c + 32 : c;
}
static inline int is_hex(unsigned char c) {
  return (c >= '0' && c <= '9') || (c >= 'A' && c <= 'F') ||
         (c >= 'a' && c <= 'f');
}
/* The length of the scheme S (N octets) begins with, up to its ":" (0 when
 * it begins with none). */
static inline size_t scheme_len(const char *s, size_t n) {
  for (size_t i = 0; i < n; i++) {
    char c = s[i];
    if (c == ':')
      return i;
    if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
          (i > 0 &&
           ((c >= '0' && c <= '9') || c == '+' || c == '-' || c == '.'))))
      return 0;
  }
  return 0;
}
/* A "." or ".." segment in P, the dots possibly written "%2E" (6.2.2.2
 * decodes them before 6.2.2.3 removes the segment). */
static inline size_t dot_at(const char *p, size_t n, size_t j) {
  if (j < n && p[j] == '.')
    return 1;
  if (j + 2 < n && p[j] == '%' && p[j + 1] == '2' &&
      (p[j + 2] == 'E' || p[j + 2] == 'e'))
    return 3;
  return 0;
}
/* A dot segment in P (PCT: one with at least one dot written "%2E"). */
static inline int has_dot_segment_of(const char *p, size_t n, int pct) {
  for (size_t i = 0; i < n; i++) {
    if (i > 0 && p[i - 1] != '/')
      continue;
    size_t j = i, dots = 0, w, encoded = 0;
    while ((w = dot_at(p, n, j)) != 0)
      j += w, dots++, encoded += w == 3;
    if ((dots == 1 || dots == 2) && (!pct || encoded > 0) &&
        (j == n || p[j] == '/' || p[j] == '?' || p[j] == '#'))
      return 1;
  }
  return 0;
}
static inline int has_dot_segment(const char *p, size_t n) {
  return has_dot_segment_of(p, n, 0);
}
/* a "." or ".." segment in the URI or reference S: a rootless path's first
 * segment follows the scheme's ":" ("h:..") */
static inline int uri_has_dot_segment(const char *p, size_t n) {
  size_t i = 0;
  if (n > 0 && ((p[0] | 0x20) >= 'a' && (p[0] | 0x20) <= 'z'))
    while (i < n && p[i] != ':' && p[i] != '/' && p[i] != '?' && p[i] != '#')
      i++;
  if (i < n && p[i] == ':')
    return has_dot_segment(p + i + 1, n - i - 1);
  return has_dot_segment(p, n);
}
/* "//" in the path part of S (after "scheme:" and "//authority") */
static inline int path_has_empty_segment(const char *s, size_t n) {
  size_t i = 0;
  const char *c = memchr(s, ':', n);
  const char *sl = memchr(s, '/', n);
  if (c && (!sl || c < sl))
    i = (size_t)(c - s) + 1;
  if (i + 1 < n && s[i] == '/' && s[i + 1] == '/') {
    i += 2;
    while (i < n && s[i] != '/' && s[i] != '?' && s[i] != '#')
      i++;
  }
  for (; i + 1 < n && s[i] != '?' && s[i] != '#'; i++)
    if (s[i] == '/' && s[i + 1] == '/')
      return 1;
  return 0;
}

/* The condition's component as both readings give it: 1 with *A the
 * reference's value and *B the library's when both define it, else 0. */
static inline int both_defined(const struct cond_ctx *x, const struct value **a,
                               const struct value **b) {
  if (x->comp < 0 || !is_defined(x->ref, x->comp) ||
      !is_defined(x->lib, x->comp))
    return 0;
  *a = val(x->ref, x->comp);
  *b = val(x->lib, x->comp);
  return 1;
}

#define COND(name) static int name(const struct cond_ctx *x)

/* One file's conditions by name. */
struct cond_entry {
  const char *name;
  cond_fn fn;
};
/* The condition of T (N entries) named NAME, or NULL. */
/* The value of S (N octets) with every "%XX" decoded into OUT (room for
 * N); its length (conditions_lib.c). */
size_t pct_decoded(const char *s, size_t n, char *out);
cond_fn cond_lookup(const struct cond_entry *t, size_t n, const char *name);
/* The condition of conditions_lib.c named NAME, or NULL. */
cond_fn condition_named_lib(const char *name);

#endif
