/*
 * predict_split.c: the authority of an input RFC 3986 rejects, split as
 * appendix-b-split says (predict.c's read_input): the userinfo before its
 * last "@" (the first with userinfo-ends-at-first-at), the port after its
 * last ":" outside brackets, and the host's type as "//HOST" reads.
 */
#include "predict_impl.h"

#include <stdlib.h>
#include <string.h>

#include "rfc3986.h"

/* host_type of a host read by the lenient split: what "//HOST" reads */
void lenient_host_type(struct prd *r) {
  struct pstr *h = &r->c[C_HOST];
  char *t = malloc(h->n + 3);
  rfc3986_uri u;
  if (!t)
    abort();
  memcpy(t, "//", 2);
  memcpy(t + 2, h->p, h->n);
  const char *name = "reg-name";
  if (!memchr(h->p, '/', h->n) && !memchr(h->p, '?', h->n) &&
      !memchr(h->p, '#', h->n) && !memchr(h->p, '@', h->n) &&
      rfc3986_parse(t, h->n + 2, RFC3986_RULE_URI_reference, &u, NULL) ==
          RFC3986_OK &&
      u.port.offset == RFC3986_UNDEFINED)
    name = rfc3986_host_type_name(u.host_type);
  else if (h->n > 1 && h->p[0] == '[' && (h->p[1] | 0x20) == 'v')
    name = "IPvFuture";
  else if (h->n && h->p[0] == '[')
    name = "IPv6address";
  pstr_set(&r->c[C_TYPE], name, strlen(name));
  free(t);
}

/* The authority AUTH (N octets) split: userinfo before the last "@" (the
 * first, FIRST_AT), port after the last ":" outside brackets. */
void pt_split_authority(struct prd *r, const char *a, size_t n, int first_at) {
  size_t h = 0, e = n;
  for (size_t i = 0; i < n; i++)
    if (a[i] == '@') {
      h = i + 1;
      if (first_at)
        break;
    }
  if (h)
    pstr_set(&r->c[C_USER], a, h - 1);
  for (size_t i = n; i > h; i--) {
    if (a[i - 1] == ']')
      break;
    if (a[i - 1] == ':') {
      e = i - 1;
      pstr_set(&r->c[C_PORT], a + i, n - i);
      break;
    }
  }
  pstr_set(&r->c[C_HOST], a + h, e - h);
  lenient_host_type(r);
}
