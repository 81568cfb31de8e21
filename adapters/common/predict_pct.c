/*
 * predict_pct.c: reading rewrites of percent-encodings in predict_table.c's
 * table (adapters/BEHAVIOURS.md "Transforms").
 */
#include "predict_impl.h"

#include <stdlib.h>
#include <string.h>

/* Whether octet C is a pchar other than pct-encoded (3.3) */
static int is_pchar(int c) {
  return (c >= '0' && c <= '9') || ((c | 0x20) >= 'a' && (c | 0x20) <= 'z') ||
         (c && strchr("-._~!$&'()*+,;=:@", c));
}

/* path-pchar-pct-decoded: in the path a percent-encoded pchar octet
 * ("%2a", "%41") is decoded, the hex digits of any other are
 * upper-cased ("%2f" read "%2F") */
void pt_rw_path_pchar_decode(struct prd *r) {
  struct pstr *p = &r->c[C_PATH];
  char *o = malloc(p->n + 1);
  size_t n = 0;
  if (!o)
    abort();
  for (size_t i = 0; i < p->n; i++) {
    int hi = i + 2 < p->n && p->p[i] == '%' ? pct_hexval(p->p[i + 1]) : -1;
    int lo = hi < 0 ? -1 : pct_hexval(p->p[i + 2]);
    if (lo < 0) {
      o[n++] = p->p[i];
    } else if (is_pchar(hi * 16 + lo)) {
      o[n++] = (char)(hi * 16 + lo);
      i += 2;
    } else {
      o[n++] = '%';
      o[n++] = "0123456789ABCDEF"[hi];
      o[n++] = "0123456789ABCDEF"[lo];
      i += 2;
    }
  }
  if (p->def)
    pstr_set(p, o, n);
  free(o);
}
