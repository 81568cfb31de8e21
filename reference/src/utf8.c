/* utf8.c: RFC 3629 well-formed UTF-8 (Table 3-7 of the Unicode standard),
 * the one check of the tree: RFC 3987 needs it, and the tools around the
 * library take it from here (rfc3986_utf8_sequence in rfc3986.h). */
#include "rfc3986.h"

size_t rfc3986_utf8_sequence(const char *str, size_t len, uint32_t *code_point,
                             size_t *bad) {
  const unsigned char *s = (const unsigned char *)str;
  unsigned c = s[0];
  size_t n, k;
  uint32_t v;
  unsigned lo_2nd = 0x80, hi_2nd = 0xBF;
  if (c < 0x80) {
    if (code_point)
      *code_point = c;
    return 1;
  }
  if (c >= 0xC2 && c <= 0xDF) {
    n = 2;
    v = c & 0x1F;
  } else if (c >= 0xE0 && c <= 0xEF) {
    n = 3;
    v = c & 0x0F;
    if (c == 0xE0)
      lo_2nd = 0xA0; /* no overlong forms */
    if (c == 0xED)
      hi_2nd = 0x9F; /* no surrogates */
  } else if (c >= 0xF0 && c <= 0xF4) {
    n = 4;
    v = c & 0x07;
    if (c == 0xF0)
      lo_2nd = 0x90; /* no overlong forms */
    if (c == 0xF4)
      hi_2nd = 0x8F; /* nothing above U+10FFFF */
  } else {
    if (bad)
      *bad = 0;
    return 0;
  }
  for (k = 1; k < n; k++) {
    unsigned lo = k == 1 ? lo_2nd : 0x80, hi = k == 1 ? hi_2nd : 0xBF;
    if (k >= len || s[k] < lo || s[k] > hi) {
      if (bad)
        *bad = k;
      return 0;
    }
    v = v << 6 | (s[k] & 0x3F);
  }
  if (code_point)
    *code_point = v;
  return n;
}
