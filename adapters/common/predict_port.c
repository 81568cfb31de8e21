/*
 * predict_port.c: the rewrites of the port that a prediction names
 * (predict.c's table, adapters/BEHAVIOURS.md "Transforms").
 */
#include "predict_impl.h"

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
