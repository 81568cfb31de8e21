/*
 * predict_path.c: the rewrites of the path that a prediction names
 * (predict_table.c's table, adapters/BEHAVIOURS.md "Transforms").
 */
#include "predict_impl.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Whether C may stand for itself in a path: pchar (3.3) or "/" */
static int path_octet(unsigned char c) {
  return (c >= '0' && c <= '9') || ((c | 0x20) >= 'a' && (c | 0x20) <= 'z') ||
         (c && strchr("-._~!$&'()*+,;=:@/", c));
}

/* path-pct-recoded: the path percent-decoded, then every octet that may
 * not stand for itself in a path written "%XX", upper-case */
void pt_rw_path_recoded(struct prd *r) {
  struct pstr *p = &r->c[C_PATH];
  if (!p->def)
    return;
  char *o = malloc(p->n * 3 + 1);
  size_t j = 0;
  if (!o)
    abort();
  for (size_t i = 0; i < p->n; i++) {
    unsigned char c = (unsigned char)p->p[i];
    if (c == '%' && i + 2 < p->n && pct_hexval(p->p[i + 1]) >= 0 &&
        pct_hexval(p->p[i + 2]) >= 0) {
      c = (unsigned char)(pct_hexval(p->p[i + 1]) * 16 +
                          pct_hexval(p->p[i + 2]));
      i += 2;
    }
    if (path_octet(c))
      o[j++] = (char)c;
    else
      j += (size_t)sprintf(o + j, "%%%02X", c);
  }
  pstr_set(p, o, j);
  free(o);
}

/* network-path-as-path-host-empty: "//h/p" read as path "//h/p" beside an
 * empty host (url-parse's "slashes" with nothing left for the host) */
void pt_rw_network_path_host_empty(struct prd *r) {
  if (r->c[C_SCHEME].def || !r->c[C_AUTH].def)
    return;
  pt_rw_network_path(r);
  pstr_set(&r->c[C_AUTH], "", 0);
  pstr_set(&r->c[C_HOST], "", 0);
  pstr_set(&r->c[C_TYPE], "reg-name", 8);
}
