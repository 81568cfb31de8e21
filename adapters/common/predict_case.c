/*
 * predict_case.c: the rewrite of host-lowercased-to-first-pct (predict_table.c's
 * table): the host lower-cased up to its first "%" only, as Python's
 * urllib.parse reads a hostname (what follows a "%" taken for an IPv6
 * zone identifier, its case kept).
 */
#include "predict_impl.h"

#include <string.h>

void pt_rw_host_lower_to_pct(struct prd *r) {
  struct pstr *h = &r->c[C_HOST];
  if (!h->def)
    return;
  const char *pct = memchr(h->p, '%', h->n);
  struct pstr head = {h->p, pct ? (size_t)(pct - h->p) : h->n, 1};
  pstr_lower(&head);
  prd_rebuild_authority(r);
}
