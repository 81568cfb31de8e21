/*
 * conditions_lib.c: the conditions of behaviours.json that compare the
 * library's reading with the reference's (a component or a target written
 * otherwise: decoded, case-folded, a delimiter more or less, slashes or dot
 * segments gone, an IPv6 address written another way).  The rest of the
 * vocabulary is conditions.c; adapters/BEHAVIOURS.md lists them all.
 */
#include "conditions_impl.h"

#include <arpa/inet.h>
#include <stdlib.h>
#include <string.h>

#include "rfc3986.h"

/* the library's output (resolve, normalize) has a "." or ".." segment; a
 * rootless path's first segment follows the scheme's ":" ("h:..") */
COND(c_lib_output_dot_segment) {
  const struct value *b = &x->lib->output;
  return b->state == VALUE_OCTETS && uri_has_dot_segment(b->s, b->len);
}
/* The value of S (N octets) with every "%XX" decoded into OUT (room for
 * N); its length. */
size_t pct_decoded(const char *s, size_t n, char *out) {
  size_t k = 0;
  for (size_t i = 0; i < n; i++) {
    if (s[i] == '%' && i + 2 < n && is_hex((unsigned char)s[i + 1]) &&
        is_hex((unsigned char)s[i + 2])) {
      char h[3] = {s[i + 1], s[i + 2], 0};
      out[k++] = (char)strtol(h, NULL, 16);
      i += 2;
    } else {
      out[k++] = s[i];
    }
  }
  return k;
}
/* HOLDS(P', Q') where P' and Q' are P (NP octets) and Q (NQ) with every
 * "%XX" decoded */
static int holds_decoded(const char *p, size_t np, const char *q, size_t nq,
                         int (*holds)(const char *, size_t, const char *,
                                      size_t)) {
  char *da = malloc(np + 1), *db = malloc(nq + 1);
  if (!da || !db)
    abort();
  size_t na = pct_decoded(p, np, da), nb = pct_decoded(q, nq, db);
  int r = holds(da, na, db, nb);
  free(da);
  free(db);
  return r;
}
static int same_octets(const char *p, size_t np, const char *q, size_t nq) {
  return np == nq && !memcmp(p, q, np);
}
/* 1 when P and Q differ as written but not once percent-decoded */
static int differ_only_encoded(const char *p, size_t np, const char *q,
                               size_t nq) {
  return !same_octets(p, np, q, nq) && holds_decoded(p, np, q, nq, same_octets);
}
/* the component differs as written but not once percent-decoded */
COND(c_lib_same_decoded) {
  const struct value *a, *b;
  if (!both_defined(x, &a, &b))
    return 0;
  return differ_only_encoded(vptr(x->ref, x->comp), a->len,
                             vptr(x->lib, x->comp), b->len);
}
/* the library's component is the reference's percent-decoded once
 * ("%25127.1" read as "%127.1") */
COND(c_lib_pct_decoded) {
  const struct value *a, *b;
  if (!both_defined(x, &a, &b))
    return 0;
  char *d = malloc(a->len + 1);
  if (!d)
    abort();
  size_t n = pct_decoded(vptr(x->ref, x->comp), a->len, d);
  int same =
      n != a->len && n == b->len && memcmp(d, vptr(x->lib, x->comp), n) == 0;
  free(d);
  return same;
}
/* the component differs only in ASCII case */
COND(c_lib_case_differs) {
  const struct value *a, *b;
  if (!both_defined(x, &a, &b))
    return 0;
  const char *p = vptr(x->ref, x->comp), *q = vptr(x->lib, x->comp);
  if (a->len != b->len || !memcmp(p, q, a->len))
    return 0;
  for (size_t i = 0; i < a->len; i++)
    if (lc((unsigned char)p[i]) != lc((unsigned char)q[i]))
      return 0;
  return 1;
}
/* LONG (N + 1 octets) is SHORT (N) with a delimiter before it ("?#:@/")
 * or after it (":@/") */
static int one_delimiter_more(const char *lng, const char *shrt, size_t n) {
  if (strchr("?#:@/", lng[0]) && !memcmp(lng + 1, shrt, n))
    return 1;
  return lng[n] && strchr(":@/", lng[n]) && !memcmp(lng, shrt, n);
}
/* the library's component is the reference's with a delimiter before or
 * after it ("?q" for "q", "#f", ":80", "u@", "/p") */
COND(c_lib_adds_delimiter) {
  const struct value *a, *b;
  if (!both_defined(x, &a, &b))
    return 0;
  return b->len == a->len + 1 &&
         one_delimiter_more(vptr(x->lib, x->comp), vptr(x->ref, x->comp),
                            a->len);
}
/* the converse, once both are percent-decoded: the library's component is
 * the reference's without the delimiter before or after it ("t" for the
 * userinfo "t:", an empty password dropped; "%3D" for "=:") */
COND(c_lib_drops_delimiter) {
  const struct value *a, *b;
  if (!both_defined(x, &a, &b))
    return 0;
  char *da = malloc(a->len + 1), *db = malloc(b->len + 1);
  if (!da || !db)
    abort();
  size_t na = pct_decoded(vptr(x->ref, x->comp), a->len, da),
         nb = pct_decoded(vptr(x->lib, x->comp), b->len, db);
  da[na] = db[nb] = 0;
  int drops = na == nb + 1 && one_delimiter_more(da, db, nb);
  free(da);
  free(db);
  return drops;
}

/* "//" in the path of a target or normal form S (after its authority) */
static int output_has_empty_segment(const char *s, size_t n) {
  return path_has_empty_segment(s, n);
}
/* the reference's output keeps an empty segment ("//") in its path, the
 * library's has none: the library collapsed it */
COND(c_lib_collapses_empty_segment) {
  const struct value *a = &x->ref->output, *b = &x->lib->output;
  return a->state == VALUE_OCTETS && b->state == VALUE_OCTETS &&
         output_has_empty_segment(a->s, a->len) &&
         !output_has_empty_segment(b->s, b->len);
}

/* 1 when Q (NQ octets) is P (NP) with one or more "/" left out and nothing
 * else changed */
static int slashes_left_out(const char *p, size_t np, const char *q,
                            size_t nq) {
  if (nq >= np)
    return 0;
  size_t j = 0;
  for (size_t i = 0; i < np; i++) {
    if (j < nq && p[i] == q[j])
      j++;
    else if (p[i] != '/')
      return 0;
  }
  return j == nq;
}
/* the library's output (resolve, normalize) is the reference's with one or
 * more "/" left out and nothing else changed (empty segments collapsed) */
COND(c_lib_drops_slashes) {
  const struct value *a = &x->ref->output, *b = &x->lib->output;
  return a->state == VALUE_OCTETS && b->state == VALUE_OCTETS &&
         slashes_left_out(a->s, a->len, b->s, b->len);
}
/* the converse: the library's output is the reference's with one or more
 * "/" more (an empty segment left where a segment was removed) */
COND(c_lib_adds_slashes) {
  const struct value *a = &x->ref->output, *b = &x->lib->output;
  return a->state == VALUE_OCTETS && b->state == VALUE_OCTETS &&
         slashes_left_out(b->s, b->len, a->s, a->len);
}
/* the same once both outputs are percent-decoded (a library that decodes
 * the target and also drops a "/") */
COND(c_lib_target_decoded_drops_slashes) {
  const struct value *a = &x->ref->output, *b = &x->lib->output;
  return a->state == VALUE_OCTETS && b->state == VALUE_OCTETS &&
         holds_decoded(a->s, a->len, b->s, b->len, slashes_left_out);
}
/* The 128 bits of the IPv6 literal "[...]" S (N octets; a zone ID after
 * "%" is left out) into OUT: 1, or 0 when S is not one. */
static int ipv6_literal(const char *s, size_t n, unsigned char out[16]) {
  char t[64];
  if (n < 2 || s[0] != '[' || s[n - 1] != ']' || n - 2 >= sizeof t)
    return 0;
  memcpy(t, s + 1, n - 2);
  t[n - 2] = 0;
  char *zone = strchr(t, '%');
  if (zone)
    *zone = 0;
  return inet_pton(AF_INET6, t, out) == 1;
}
/* the host is an IPv6 literal on both sides, written otherwise but naming
 * the same address ("[1::]" for "[1:0::]", RFC 4291 2.2 text forms) */
COND(c_lib_ipv6_same_address) {
  const int h = RFC3986_COMPONENT_HOST;
  unsigned char a[16], b[16];
  if (!is_defined(x->ref, h) || !is_defined(x->lib, h))
    return 0;
  size_t na = val(x->ref, h)->len, nb = val(x->lib, h)->len;
  const char *p = vptr(x->ref, h), *q = vptr(x->lib, h);
  return (na != nb || memcmp(p, q, na) != 0) && ipv6_literal(p, na, a) &&
         ipv6_literal(q, nb, b) && memcmp(a, b, 16) == 0;
}

/* the library's component is the reference's with its dot segments
 * removed (5.2.4), and differs from it: a parser that resolves the path
 * while it parses */
COND(c_lib_dot_segments_removed) {
  const struct value *a, *b;
  if (!both_defined(x, &a, &b))
    return 0;
  char *out = malloc(a->len + 1);
  size_t n = 0;
  if (!out)
    abort();
  int same = rfc3986_remove_dot_segments(vptr(x->ref, x->comp), a->len, out,
                                         a->len + 1, &n) == RFC3986_OK &&
             n == b->len && n != a->len &&
             memcmp(out, vptr(x->lib, x->comp), n) == 0;
  free(out);
  return same;
}
/* resolve: the library's target is the reference string as given, or
 * as given once both are percent-decoded (it left the base out) */
COND(c_lib_target_is_reference) {
  const struct value *b = &x->lib->output;
  if (!x->base || b->state != VALUE_OCTETS)
    return 0;
  const char *q = b->s;
  return (b->len == x->len && memcmp(q, x->in, x->len) == 0) ||
         differ_only_encoded(x->in, x->len, q, b->len);
}
/* the library's target or normal form differs from the reference's as
 * written, not once both are percent-decoded */
COND(c_lib_target_same_decoded) {
  const struct value *a = &x->ref->output, *b = &x->lib->output;
  if (a->state != VALUE_OCTETS || b->state != VALUE_OCTETS)
    return 0;
  return differ_only_encoded(a->s, a->len, b->s, b->len);
}

static const struct cond_entry conditions[] = {
    {"lib-output-dot-segment", c_lib_output_dot_segment},
    {"lib-same-decoded", c_lib_same_decoded},
    {"lib-case-differs", c_lib_case_differs},
    {"lib-adds-delimiter", c_lib_adds_delimiter},
    {"lib-drops-delimiter", c_lib_drops_delimiter},
    {"lib-collapses-empty-segment", c_lib_collapses_empty_segment},
    {"lib-ipv6-same-address", c_lib_ipv6_same_address},
    {"lib-drops-slashes", c_lib_drops_slashes},
    {"lib-adds-slashes", c_lib_adds_slashes},
    {"lib-target-decoded-drops-slashes", c_lib_target_decoded_drops_slashes},
    {"lib-dot-segments-removed", c_lib_dot_segments_removed},
    {"lib-target-is-reference", c_lib_target_is_reference},
    {"lib-target-same-decoded", c_lib_target_same_decoded},
    {"lib-pct-decoded", c_lib_pct_decoded},
};

cond_fn condition_named_lib(const char *name) {
  return cond_lookup(conditions, sizeof conditions / sizeof conditions[0],
                     name);
}
