/* endpoint.c: the endpoint a reading names (DESIGN.md "Comparing and
 * classifying").  Each part is brought to one canonical byte string and
 * the strings are compared:
 *   scheme    ASCII lower case (6.2.2.1);
 *   host      "no host" for an undefined or empty host; an IP literal's
 *             address as its 128 bits (RFC 4291 2.2 text forms, through
 *             inet_pton, IPv4-in-IPv6 included); an IPv4address as written
 *             (dec-octet allows one spelling of each octet); a reg-name in
 *             its 6.2.2 normal form (librfc3986's rfc3986_normalize);
 *   port      digits as a number; empty, undefined and the scheme's
 *             default port (6.2.3: http 80, https 443, ws 80, wss 443,
 *             ftp 21) equal;
 *   userinfo  its 6.2.2 normal form (pct-encoding only, case kept); an
 *             empty userinfo is no userinfo.
 * A value that is not valid RFC 3986 syntax for its part (an adapter may
 * report one) is compared as written, a host ASCII lower-cased. */
#include "endpoint.h"

#include <arpa/inet.h>
#include <stdlib.h>
#include <string.h>

#include "rfc3986.h"

const char *const severity_names[SEV__COUNT] = {NULL, "userinfo", "scheme",
                                                "port", "host"};

int severity_from_name(const char *s) {
  if (!strcmp(s, "none"))
    return SEV_NONE;
  for (int i = 1; i < SEV__COUNT; i++)
    if (!strcmp(severity_names[i], s))
      return i;
  return -1;
}

void endpoint_of(struct endpoint *e, const struct sv *comps) {
  e->scheme = comps[RFC3986_COMPONENT_SCHEME];
  e->userinfo = comps[RFC3986_COMPONENT_USERINFO];
  e->host = comps[RFC3986_COMPONENT_HOST];
  e->port = comps[RFC3986_COMPONENT_PORT];
}

static int lower(int c) {
  return c >= 'A' && c <= 'Z' ? c + 32 : c;
}

/* A canonical form: a tag octet, then bytes. */
struct canon {
  char *p;
  size_t n;
};

static void canon_set(struct canon *c, char tag, const char *s, size_t n,
                      int lower_case) {
  c->p = xmalloc(n + 2);
  c->p[0] = tag;
  for (size_t i = 0; i < n; i++)
    c->p[1 + i] = lower_case ? (char)lower((unsigned char)s[i]) : s[i];
  c->n = n + 1;
}

/*
 * The 6.2.2 normal form of a host (WHICH RFC3986_COMPONENT_HOST) or userinfo (RFC3986_COMPONENT_USERINFO)
 * by librfc3986: the value is written into "x://VALUE" or "x://VALUE@",
 * normalized, and read back.  0 and *C set; -1 when the value is not that
 * part's syntax (the synthetic URI reads it as something else).
 */
static int normal_form(int which, const char *s, size_t n, struct canon *c) {
  size_t len = 4 + n + 1;
  char *u = xmalloc(len + 1), *out = xmalloc(len + 2);
  memcpy(u, "x://", 4);
  memcpy(u + 4, s, n);
  len = 4 + n;
  if (which == RFC3986_COMPONENT_USERINFO)
    u[len++] = '@';
  rfc3986_uri a, b;
  int rc = -1;
  size_t on = 0;
  if (rfc3986_parse(u, len, RFC3986_RULE_URI_reference, &a, NULL) ==
          RFC3986_OK &&
      (which == RFC3986_COMPONENT_HOST
           ? a.host.length == n && !rfc3986_span_defined(a.port) &&
                 !rfc3986_span_defined(a.userinfo)
           : rfc3986_span_defined(a.userinfo) && a.userinfo.length == n) &&
      rfc3986_normalize(u, len, RFC3986_LEVEL_SYNTAX, out, len + 1, &on, NULL,
                        NULL) == RFC3986_OK &&
      rfc3986_parse(out, on, RFC3986_RULE_URI_reference, &b, NULL) ==
          RFC3986_OK) {
    rfc3986_span sp = which == RFC3986_COMPONENT_HOST ? b.host : b.userinfo;
    canon_set(c, 'R', out + sp.offset, sp.length, 0);
    rc = 0;
  }
  free(u);
  free(out);
  return rc;
}

/* 1 when S (N octets, no brackets) is an IPv6 address; its 16 octets. */
static int ipv6_value(const char *s, size_t n, unsigned char *a) {
  char t[64];
  if (n == 0 || n >= sizeof t || memchr(s, 0, n))
    return 0;
  memcpy(t, s, n);
  t[n] = 0;
  return inet_pton(AF_INET6, t, a) == 1;
}

static void host_canon(const struct sv *h, struct canon *c) {
  unsigned char a[16];
  if (h->state != SV_STR || h->len == 0) {
    canon_set(c, 'N', "", 0, 0); /* no host */
    return;
  }
  const char *s = h->s;
  size_t n = h->len;
  if (n >= 2 && s[0] == '[' && s[n - 1] == ']') {
    if (ipv6_value(s + 1, n - 2, a))
      canon_set(c, '6', (const char *)a, 16, 0);
    else /* IPvFuture, or not an address: case-insensitive as written */
      canon_set(c, 'F', s + 1, n - 2, 1);
    return;
  }
  if (ipv6_value(s, n, a)) { /* reported without its brackets */
    canon_set(c, '6', (const char *)a, 16, 0);
    return;
  }
  if (rfc3986_match(RFC3986_RULE_IPv4address, s, n, NULL) == RFC3986_OK) {
    canon_set(c, '4', s, n, 0);
    return;
  }
  if (normal_form(RFC3986_COMPONENT_HOST, s, n, c) < 0)
    canon_set(c, 'X', s, n, 1);
}

static void userinfo_canon(const struct sv *u, struct canon *c) {
  if (u->state != SV_STR || u->len == 0)
    canon_set(c, 'N', "", 0, 0);
  else if (normal_form(RFC3986_COMPONENT_USERINFO, u->s, u->len, c) < 0)
    canon_set(c, 'X', u->s, u->len, 0);
}

static void scheme_canon(const struct sv *s, struct canon *c) {
  if (s->state != SV_STR)
    canon_set(c, 'N', "", 0, 0);
  else
    canon_set(c, 'S', s->s, s->len, 1);
}

/* 6.2.3: the default port of a scheme (lower-cased canon), or NULL. */
static const char *default_port(const struct canon *scheme) {
  static const char *const known[][2] = {{"http", "80"},
                                         {"https", "443"},
                                         {"ws", "80"},
                                         {"wss", "443"},
                                         {"ftp", "21"}};
  for (size_t k = 0; k < sizeof known / sizeof known[0]; k++)
    if (scheme->n - 1 == strlen(known[k][0]) &&
        !memcmp(scheme->p + 1, known[k][0], scheme->n - 1))
      return known[k][1];
  return NULL;
}

static void port_canon(const struct sv *p, const struct canon *scheme,
                       struct canon *c) {
  const char *s = p->state == SV_STR ? p->s : "";
  size_t n = p->state == SV_STR ? p->len : 0, i;
  for (i = 0; i < n && s[i] >= '0' && s[i] <= '9'; i++)
    ;
  if (i < n) { /* not digits: as written */
    canon_set(c, 'X', s, n, 0);
    return;
  }
  while (n > 1 && s[0] == '0')
    s++, n--;
  if (n == 0) {
    const char *d = default_port(scheme);
    canon_set(c, 'P', d ? d : "", d ? strlen(d) : 0, 0);
  } else {
    canon_set(c, 'P', s, n, 0);
  }
}

static const struct sv *part_of(const struct endpoint *e, int part) {
  switch (part) {
  case SEV_USERINFO:
    return &e->userinfo;
  case SEV_SCHEME:
    return &e->scheme;
  case SEV_PORT:
    return &e->port;
  default:
    return &e->host;
  }
}

static void canon_of(const struct endpoint *e, const struct endpoint *other,
                     int part, struct canon *c) {
  switch (part) {
  case SEV_USERINFO:
    userinfo_canon(&e->userinfo, c);
    return;
  case SEV_SCHEME:
    scheme_canon(&e->scheme, c);
    return;
  case SEV_PORT: {
    struct canon sc;
    scheme_canon(e->scheme.state != SV_ABSENT ? &e->scheme : &other->scheme,
                 &sc);
    port_canon(&e->port, &sc, c);
    free(sc.p);
    return;
  }
  default:
    host_canon(&e->host, c);
  }
}

int endpoint_part_differs(const struct endpoint *a, const struct endpoint *b,
                          int part) {
  if (part_of(a, part)->state == SV_ABSENT ||
      part_of(b, part)->state == SV_ABSENT)
    return 0;
  struct canon x, y;
  canon_of(a, b, part, &x);
  canon_of(b, a, part, &y);
  int differs = x.n != y.n || memcmp(x.p, y.p, x.n) != 0;
  free(x.p);
  free(y.p);
  return differs;
}

int endpoint_severity(const struct endpoint *a, const struct endpoint *b) {
  for (int part = SEV_HOST; part > SEV_NONE; part--)
    if (endpoint_part_differs(a, b, part))
      return part;
  return SEV_NONE;
}
