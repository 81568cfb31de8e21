/*
 * predict_port.c: the rewrite of port-digits-only (predict_table.c's table): the
 * port starts at the first ":" after the host and holds only the digits
 * that follow it; the rest of the authority is read as the start of the
 * path, as a split by "(\[[^]]*\]|[^:]*)(:(\d*))?" reads it; and of
 * authority-ends-at-bad-octet, which cuts the authority where its grammar
 * stops, the userinfo at the first "@" (if only userinfo octets come
 * before it) and the host at a non-reg-name octet.
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

/* the authority's octets from K on written before the path */
static void authority_rest_to_path(struct prd *r, size_t k) {
  const struct pstr *a = &r->c[C_AUTH];
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
  authority_rest_to_path(r, k);
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

/* an octet of reg-name (unreserved, sub-delims, "%" of pct-encoded) */
static int reg_name_octet(char c) {
  return c && strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                     "0123456789-._~!$&'()*+,;=%",
                     c) != NULL;
}

/* authority-ends-at-bad-octet: the authority read as far as its grammar
 * goes (userinfo to the first "@", host, ":" and digits); the rest is
 * written before the path */
void pt_rw_authority_bad_octet(struct prd *r) {
  struct pstr *a = &r->c[C_AUTH];
  if (!a->def)
    return;
  const char *at = memchr(a->p, '@', a->n);
  for (const char *c = a->p; at && c < at; c++)
    if (*c != ':' && !reg_name_octet(*c))
      at = NULL; /* no userinfo: the host starts the authority */
  size_t h = at ? (size_t)(at - a->p) + 1 : 0, e = h;
  if (e < a->n && a->p[e] == '[') {
    const char *close = memchr(a->p + e, ']', a->n - e);
    e = close ? (size_t)(close - a->p) + 1 : a->n;
  }
  while (e < a->n && a->p[e] != '[' && reg_name_octet(a->p[e]))
    e++;
  size_t k = e < a->n && a->p[e] == ':' ? e + 1 : e;
  while (k < a->n && a->p[k] >= '0' && a->p[k] <= '9')
    k++;
  if (k == a->n)
    return; /* the grammar reads it all */
  authority_rest_to_path(r, k);
  if (at)
    pstr_set(&r->c[C_USER], a->p, h - 1);
  else
    pstr_undef(&r->c[C_USER]);
  pstr_set(&r->c[C_HOST], a->p + h, e - h);
  if (e < k)
    pstr_set(&r->c[C_PORT], a->p + e + 1, k - e - 1);
  else
    pstr_undef(&r->c[C_PORT]);
  lenient_host_type(r);
  prd_rebuild_authority(r);
}

/* port-not-u16-unset: a port that is no number below 65536 is none */
void pt_rw_port_not_u16_unset(struct prd *r) {
  const struct pstr *p = &r->c[C_PORT];
  unsigned long v = 0;
  size_t d = port_digits(p);
  for (size_t i = 0; i < d && v < 65536; i++)
    v = v * 10 + (unsigned long)(p->p[i] - '0');
  if (p->def && (!p->n || d < p->n || v > 65535))
    pstr_undef(&r->c[C_PORT]);
}
