/*
 * predict_authority.c: the rewrites of the transforms (predict.h) that read
 * a malformed authority leniently: a scheme always followed by one, a port
 * read to its first non-digit, an IP literal that is no IPv6 address.  The table
 * that names them is predict.c's.
 */
#include "predict_impl.h"

#include "conditions_impl.h"

#include <arpa/inet.h>
#include <stdlib.h>
#include <string.h>

/* "s:h", "s:/h", "s:///h" read "s://h": whatever slashes follow the
 * scheme, an authority does (wget_iri_parse skips them all) */
void pt_in_authority_after_scheme(struct pstr *s) {
  size_t k = scheme_len(s->p, s->n), b = k + 1;
  if (!k)
    return;
  while (b < s->n && s->p[b] == '/')
    b++;
  if (b - k - 1 == 2)
    return;
  char *q = malloc(s->n + 3);
  if (!q)
    abort();
  memcpy(q, s->p, k + 1);
  memcpy(q + k + 1, "//", 2);
  memcpy(q + k + 3, s->p + b, s->n - b);
  pstr_set(s, q, k + 3 + s->n - b);
  free(q);
}

/* "h:1a2" read with the port "1", "h:a" with none: the port is read as
 * its leading digits (atoi) */
void pt_rw_port_leading_digits(struct prd *r) {
  struct pstr *p = &r->c[C_PORT];
  size_t d = 0;
  while (p->def && d < p->n && p->p[d] >= '0' && p->p[d] <= '9')
    d++;
  if (!p->def || d == p->n)
    return;
  if (d)
    p->n = d;
  else
    pstr_undef(p);
  prd_rebuild_authority(r);
}

/* "[v1.x]", "[1:ab]" read as the reg-names "v1.x", "1:ab": an IP literal
 * is kept only when it holds an IPv6 address (inet_pton) */
void pt_rw_ip_literal_not_ipv6_unbracketed(struct prd *r) {
  struct pstr *h = &r->c[C_HOST];
  char in[64];
  unsigned char a[16];
  if (!h->def || h->n < 2 || h->p[0] != '[' || h->p[h->n - 1] != ']')
    return;
  if (h->n - 2 < sizeof in) {
    memcpy(in, h->p + 1, h->n - 2);
    in[h->n - 2] = 0;
    if (!memchr(in, 0, h->n - 2) && inet_pton(AF_INET6, in, a) == 1)
      return;
  }
  memmove(h->p, h->p + 1, h->n - 2);
  h->n -= 2;
  pstr_set(&r->c[C_TYPE], "reg-name", 8);
  prd_rebuild_authority(r);
}
