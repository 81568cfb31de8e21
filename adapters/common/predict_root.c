/*
 * predict_root.c: rewrites of predict_table.c's table that add what urllib3's
 * parse_url supplies: "//" before a reference that starts with neither a
 * scheme nor "/" (network-path-implied), "/" before a rootless path
 * (rootless-path-rooted).
 */
#include "predict_impl.h"

#include <stdlib.h>
#include <string.h>

/* whether S starts with ALPHA *( ALPHA / DIGIT / "+" / "-" ) ":" (no ".",
 * unlike 3.1's scheme) */
static int starts_with_scheme(const struct pstr *s) {
  size_t i = 0;
  while (i < s->n) {
    unsigned char c = (unsigned char)s->p[i];
    int alpha = (c | 0x20) >= 'a' && (c | 0x20) <= 'z';
    if (!alpha && (!i || !((c >= '0' && c <= '9') || c == '+' || c == '-')))
      break;
    i++;
  }
  return i > 0 && i < s->n && s->p[i] == ':';
}

void pt_in_network_path_implied(struct pstr *s) {
  if (s->n && s->p[0] != '/' && !starts_with_scheme(s))
    pstr_prepend(s, "//", 2);
}

void pt_rw_rootless_path_rooted(struct prd *r) {
  if (r->c[C_PATH].n && r->c[C_PATH].p[0] != '/')
    pt_rw_path_rooted(r);
}
