/*
 * predict_authority.c: the rewrites of the port and the host that a
 * prediction names
 * (predict.c's table, adapters/BEHAVIOURS.md "Transforms").
 */
#include "predict_impl.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* port-leading-digits-only: the port read up to its first non-digit
 * ("1a" read "1", "a" read ""), the authority as written */
void pt_rw_port_leading_digits(struct prd *r) {
  struct pstr *p = &r->c[C_PORT];
  size_t i = 0;
  while (p->def && i < p->n && p->p[i] >= '0' && p->p[i] <= '9')
    i++;
  if (p->def)
    p->n = i;
}

/* port-non-digit-starts-path: the port ends at its first non-digit; that
 * and what follows of it start the path ("1a" read port "1", path "a"
 * before the path read) */
void pt_rw_port_non_digit_path(struct prd *r) {
  struct pstr *p = &r->c[C_PORT], *path = &r->c[C_PATH];
  size_t i = 0;
  while (p->def && i < p->n && p->p[i] >= '0' && p->p[i] <= '9')
    i++;
  if (!p->def || i == p->n)
    return;
  size_t k = p->n - i, n = path->def ? path->n : 0;
  char *q = malloc(k + n + 1);
  if (!q)
    abort();
  memcpy(q, p->p + i, k);
  if (n)
    memcpy(q + k, path->p, n);
  pstr_set(path, q, k + n);
  free(q);
  p->n = i;
}

/* ip-literal-read-as-path: an IP literal ends the authority with an empty
 * host; it, the port after it (with its ":") and the path are the path,
 * the brackets written "%5B" and "%5D" */
void pt_rw_ip_literal_path(struct prd *r) {
  struct pstr *h = &r->c[C_HOST], *p = &r->c[C_PORT], *path = &r->c[C_PATH];
  if (!h->def || !h->n || h->p[0] != '[')
    return;
  size_t n = h->n + 4 + (p->def ? p->n + 1 : 0) + path->n, j = 0;
  char *q = malloc(n + 1);
  if (!q)
    abort();
  for (size_t i = 0; i < h->n; i++)
    if (h->p[i] == '[' || h->p[i] == ']')
      j += (size_t)sprintf(q + j, "%%5%c", h->p[i] == '[' ? 'B' : 'D');
    else
      q[j++] = h->p[i];
  if (p->def) {
    q[j++] = ':';
    memcpy(q + j, p->p, p->n);
    j += p->n;
  }
  memcpy(q + j, path->p, path->n);
  pstr_set(path, q, j + path->n);
  free(q);
  pstr_set(h, "", 0);
  pstr_set(&r->c[C_TYPE], "reg-name", 8);
  pstr_undef(p);
  prd_rebuild_authority(r);
}

/* empty-host-authority-dropped: an empty host drops the authority whole,
 * its userinfo and port with it */
void pt_rw_empty_host_authority_dropped(struct prd *r) {
  if (!r->c[C_HOST].def || r->c[C_HOST].n)
    return;
  static const int cs[] = {C_AUTH, C_USER, C_HOST, C_TYPE, C_PORT};
  for (size_t i = 0; i < sizeof cs / sizeof *cs; i++)
    pstr_undef(&r->c[cs[i]]);
}
