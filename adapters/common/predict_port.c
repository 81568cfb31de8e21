/*
 * predict_port.c: the rewrites of the port that a prediction names
 * (predict.c's table, adapters/BEHAVIOURS.md "Transforms").
 */
#include "predict_impl.h"

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
