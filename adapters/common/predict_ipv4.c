/*
 * predict_ipv4.c: the rewrite of ipv4-leading-zeros-dropped (predict_table.c's
 * table): a reg-name of four dot-separated decimal numbers up to 255, one
 * written with leading zeros, read as the IPv4address they name in
 * decimal ("060.1.1.1" read "60.1.1.1", not octal).
 */
#include "predict_impl.h"

#include <stdio.h>

void pt_rw_ipv4_zeros_dropped(struct prd *r) {
  struct pstr *h = &r->c[C_HOST];
  int parts = 0, digits = 0, v[4] = {0};
  if (!pstr_is(&r->c[C_TYPE], "reg-name") || !h->n)
    return;
  for (size_t i = 0; i <= h->n; i++) {
    if (i == h->n || h->p[i] == '.') {
      if (!digits || parts == 4 || v[parts] > 255)
        return;
      parts++, digits = 0;
    } else if (h->p[i] >= '0' && h->p[i] <= '9' && digits < 4 && parts < 4) {
      v[parts] = v[parts] * 10 + (h->p[i] - '0'), digits++;
    } else {
      return;
    }
  }
  if (parts != 4)
    return;
  char d[16];
  int n = snprintf(d, sizeof d, "%d.%d.%d.%d", v[0], v[1], v[2], v[3]);
  pstr_set(h, d, (size_t)n);
  pstr_set(&r->c[C_TYPE], "IPv4address", 11);
  prd_rebuild_authority(r);
}
