/*
 * predict_port.c: the rewrite of port-digits-only (predict.c's table): the
 * port starts at the first ":" after the host and holds only the digits
 * that follow it; the rest of the authority is read as the start of the
 * path, as a split by "(\[[^]]*\]|[^:]*)(:(\d*))?" reads it.
 */
#include "predict_impl.h"

#include <stdlib.h>
#include <string.h>

/* where the host starts in authority A: after its last "@" */
static size_t host_start(const struct pstr *a) {
  size_t h = a->n;
  while (h && a->p[h - 1] != '@')
    h--;
  return h;
}

void pt_rw_port_digits_only(struct prd *r) {
  struct pstr *a = &r->c[C_AUTH];
  if (!a->def)
    return;
  size_t h = host_start(a), e = h;
  if (e < a->n && a->p[e] == '[') {
    const char *close = memchr(a->p + e, ']', a->n - e);
    e = close ? (size_t)(close - a->p) + 1 : a->n;
  }
  while (e < a->n && a->p[e] != ':')
    e++;
  size_t d = e < a->n ? e + 1 : e, k = d;
  while (k < a->n && a->p[k] >= '0' && a->p[k] <= '9')
    k++;
  if (k == a->n)
    return; /* the port is digits only (or there is none) */
  struct pstr *path = &r->c[C_PATH];
  size_t rest = a->n - k;
  char *o = malloc(rest + path->n + 1);
  if (!o)
    abort();
  memcpy(o, a->p + k, rest);
  if (path->n)
    memcpy(o + rest, path->p, path->n);
  pstr_set(path, o, rest + path->n);
  free(o);
  pstr_set(&r->c[C_HOST], a->p + h, e - h);
  if (e < a->n)
    pstr_set(&r->c[C_PORT], a->p + d, k - d);
  else
    pstr_undef(&r->c[C_PORT]);
  prd_rebuild_authority(r);
}

/* port-after-last-colon: the port is what follows the authority's last
 * ":", brackets or not ("[::1]": host "[:", port "1]"); the host's type
 * is read from its first octet, as IP literal when it is "[" */
void pt_rw_port_after_last_colon(struct prd *r) {
  struct pstr *a = &r->c[C_AUTH];
  if (!a->def)
    return;
  size_t h = host_start(a), c;
  for (c = a->n; c > h && a->p[c - 1] != ':'; c--)
    ;
  if (c == h)
    return; /* no ":" after the userinfo */
  pstr_set(&r->c[C_HOST], a->p + h, c - 1 - h);
  pstr_set(&r->c[C_PORT], a->p + c, a->n - c);
  const char *t = "reg-name";
  if (r->c[C_HOST].n > 1 && r->c[C_HOST].p[0] == '[')
    t = (r->c[C_HOST].p[1] | 0x20) == 'v' ? "IPvFuture" : "IPv6address";
  pstr_set(&r->c[C_TYPE], t, strlen(t));
}
