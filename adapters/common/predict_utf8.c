/*
 * predict_utf8.c: rewrites of predict_table.c's table about UTF-8.
 * path-pct-bad-utf8-replaced: in the path, percent-encoded octets that
 * are no well-formed UTF-8 are decoded as Python's bytes.decode("utf-8",
 * "replace") does, each maximal ill-formed part becoming U+FFFD, written
 * "%EF%BF%BD".  latin1-as-utf8-pct-encoded: in the path and query an
 * octet outside the URI characters is percent-encoded, a non-ASCII one
 * read as Latin-1 and written as UTF-8, as Mojo::Path encodes the octets
 * it holds.
 */
#include "predict_impl.h"

#include <stdlib.h>
#include <string.h>

/* the octet of the percent-encoding at S[I], or -1 */
static int pct_octet(const struct pstr *s, size_t i) {
  int hi, lo;
  if (i + 2 >= s->n || s->p[i] != '%' || (hi = pct_hexval(s->p[i + 1])) < 0 ||
      (lo = pct_hexval(s->p[i + 2])) < 0)
    return -1;
  return hi * 16 + lo;
}

/* the range of the second octet after lead L (Unicode Table 3-7), and how
 * many continuation octets L needs; 0 for an octet that starts none */
static int utf8_need(int l, int *lo, int *hi) {
  *lo = 0x80, *hi = 0xBF;
  if (l >= 0xC2 && l <= 0xDF)
    return 1;
  if (l == 0xE0)
    *lo = 0xA0;
  if (l == 0xED)
    *hi = 0x9F;
  if (l >= 0xE0 && l <= 0xEF)
    return 2;
  if (l == 0xF0)
    *lo = 0x90;
  if (l == 0xF4)
    *hi = 0x8F;
  return l >= 0xF0 && l <= 0xF4 ? 3 : 0;
}

/* how many percent-encodings from S[I] (a non-ASCII one) make a sequence,
 * well-formed or its maximal ill-formed part; *OK says which */
static size_t utf8_run(const struct pstr *s, size_t i, int *ok) {
  int lo, hi, need = utf8_need(pct_octet(s, i), &lo, &hi);
  size_t k = 1;
  for (; (int)k <= need; k++) {
    int c = pct_octet(s, i + 3 * k);
    if (c < lo || c > hi)
      break;
    lo = 0x80, hi = 0xBF;
  }
  *ok = need && (int)k == need + 1;
  return k;
}

void pt_rw_path_bad_utf8_replaced(struct prd *r) {
  struct pstr *s = &r->c[C_PATH];
  if (!s->def)
    return;
  char *o = malloc(s->n * 3 + 1);
  size_t j = 0;
  if (!o)
    abort();
  for (size_t i = 0; i < s->n;) {
    int ok, c = pct_octet(s, i);
    size_t k = c >= 0x80 ? utf8_run(s, i, &ok) : 0;
    if (!k) {
      o[j++] = s->p[i++];
    } else if (ok) {
      memcpy(o + j, s->p + i, 3 * k);
      j += 3 * k, i += 3 * k;
    } else {
      memcpy(o + j, "%EF%BF%BD", 9);
      j += 9, i += 3 * k;
    }
  }
  pstr_set(s, o, j);
  free(o);
}

/* whether C is in no rule of RFC 3986 2: unreserved, reserved or "%" */
static int not_uri_octet(unsigned char c) {
  if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
      (c >= '0' && c <= '9'))
    return 0;
  return c < 0x21 || c > 0x7E || !strchr("-._~:/?#[]@!$&'()*+,;=%", c);
}

/* S with each octet outside the URI characters percent-encoded, a
 * non-ASCII one as the UTF-8 of the Latin-1 code point it names */
static void latin1_utf8_encode(struct pstr *s) {
  static const char hex[] = "0123456789ABCDEF";
  if (!s->def)
    return;
  char *o = malloc(s->n * 6 + 1);
  size_t j = 0;
  if (!o)
    abort();
  for (size_t i = 0; i < s->n; i++) {
    unsigned char c = (unsigned char)s->p[i], b[2];
    int n = c >= 0x80 ? 2 : 1;
    if (!not_uri_octet(c)) {
      o[j++] = (char)c;
      continue;
    }
    b[0] = n == 2 ? (unsigned char)(0xC0 | c >> 6) : c;
    b[1] = (unsigned char)(0x80 | (c & 0x3F));
    for (int k = 0; k < n; k++) {
      o[j++] = '%';
      o[j++] = hex[b[k] >> 4];
      o[j++] = hex[b[k] & 15];
    }
  }
  pstr_set(s, o, j);
  free(o);
}

void pt_rw_latin1_utf8_pct(struct prd *r) {
  latin1_utf8_encode(&r->c[C_PATH]);
  latin1_utf8_encode(&r->c[C_QUERY]);
}

/* the octets of S[I..N) as UTF-8 to O, each maximal ill-formed part
 * written U+FFFD (0xEF 0xBF 0xBD); the number of octets written */
static size_t utf8_replaced(const unsigned char *s, size_t n, char *o) {
  size_t j = 0;
  for (size_t i = 0; i < n;) {
    int lo, hi, need = s[i] < 0x80 ? 0 : utf8_need(s[i], &lo, &hi);
    size_t k = 1;
    for (; s[i] >= 0x80 && (int)k <= need && i + k < n; k++) {
      if (s[i + k] < lo || s[i + k] > hi)
        break;
      lo = 0x80, hi = 0xBF;
    }
    if (s[i] < 0x80 || (need && (int)k == need + 1)) {
      memcpy(o + j, s + i, k);
      j += k;
    } else {
      memcpy(o + j, "\xEF\xBF\xBD", 3);
      j += 3;
    }
    i += k;
  }
  return j;
}

/* S percent-decoded but for the encodings of the octets in KEEP, read as
 * UTF-8 with U+FFFD for each ill-formed part */
static void decode_as_text(struct pstr *s, const char *keep) {
  if (!s->def)
    return;
  unsigned char *d = malloc(s->n + 1);
  char *o = malloc(s->n * 3 + 1);
  size_t j = 0;
  if (!d || !o)
    abort();
  for (size_t i = 0; i < s->n; i++) {
    int c = pct_octet(s, i);
    if (c >= 0 && (!c || !strchr(keep, c))) {
      d[j++] = (unsigned char)c;
      i += 2;
    } else {
      d[j++] = (unsigned char)s->p[i];
    }
  }
  pstr_set(s, o, utf8_replaced(d, j, o));
  free(d);
  free(o);
}

void pt_rw_pct_decoded_as_text(struct prd *r) {
  decode_as_text(&r->c[C_PATH], "/?#");
  decode_as_text(&r->c[C_QUERY], "#&=");
  decode_as_text(&r->c[C_FRAG], "#");
}
