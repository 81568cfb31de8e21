/* endpoint.c: the endpoint a reading names (DESIGN.md "Endpoints").  Each
 * part is brought to one canonical byte string and the strings compared:
 *   host      none (undefined or empty), usable or garbled.  Usable: an
 *             IPv6 literal as its 128 bits (inet_pton; an IPvFuture
 *             literal is garbled: no socket API or resolver takes one, so
 *             no client connects to it); a reg-name or IPv4address fully
 *             percent-decoded, put
 *             through IDNA ToASCII (libidn2, UTS #46 non-transitional
 *             mapping, which lower-cases; an ASCII name it refuses, like
 *             an xn-- label decoding to what IDNA disallows, is taken as
 *             it is, as a resolver takes it): an IPv4address (dotted
 *             decimal) as its 32 bits; LDH labels whose last is not all
 *             digits, one final dot dropped; or another numeric form libc
 *             inet_aton takes (parsed, never resolved), a reg-name as
 *             written: 0x7f.1 is not 127.0.0.1 (RFC 3986 7.4).  Anything
 *             else is garbled;
 *   port      digits as a number, empty or undefined the scheme's default
 *             (http 80, https 443, ws 80, wss 443, ftp 21); anything else
 *             (not digits, 0, above 65535) is not compared;
 *   scheme    ASCII lower case, compared only when both readings have one
 *             of RFC 3986 syntax (a relative reference's endpoint is its
 *             base's; a scheme " https" is no scheme a client uses);
 *   userinfo  user and password, each fully percent-decoded; an empty
 *             password is none, an empty userinfo no userinfo.
 * A reg-name never equals an IP address. */
#define _DEFAULT_SOURCE /* inet_aton */
#include "endpoint.h"

#include <arpa/inet.h>
#include <idn2.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rfc3986.h"
#include "util.h"

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

const char *const endpoint_class_names[4] = {NULL, "same", "host-lost",
                                             "different"};

int endpoint_class_from_name(const char *s) {
  for (int i = 1; s && i < 4; i++)
    if (!strcmp(endpoint_class_names[i], s))
      return i;
  return EP_UNJUDGED;
}

void endpoint_of(struct endpoint *e, const struct value *comps) {
  e->scheme = comps[RFC3986_COMPONENT_SCHEME];
  e->userinfo = comps[RFC3986_COMPONENT_USERINFO];
  e->host = comps[RFC3986_COMPONENT_HOST];
  e->port = comps[RFC3986_COMPONENT_PORT];
}

static struct value sv_str(const char *s, size_t n) {
  return (struct value){s, n, VALUE_OCTETS};
}

static struct value sv_null(void) {
  return (struct value){NULL, 0, VALUE_NULL};
}

void endpoint_observed(struct endpoint *e, const char *scheme, const char *host,
                       size_t hlen, unsigned port, char *portbuf, size_t cap) {
  memset(e, 0, sizeof *e);
  e->host = host ? sv_str(host, hlen) : sv_null();
  if (!host)
    return;
  if (scheme)
    e->scheme = sv_str(scheme, strlen(scheme));
  snprintf(portbuf, cap, "%u", port);
  e->port = sv_str(portbuf, strlen(portbuf));
}

/* The Appendix B split of IN, the authority split at its last "@" and at
 * the first ":" after it (after "]" for an IP literal). */
static void lenient_split(struct endpoint *e, const char *in, size_t len) {
  rfc3986_uri u;
  rfc3986_split(in, len, &u);
  e->scheme = rfc3986_span_defined(u.scheme)
                  ? sv_str(in + u.scheme.offset, u.scheme.length)
                  : sv_null();
  e->userinfo = e->host = e->port = sv_null();
  if (!rfc3986_span_defined(u.authority))
    return;
  const char *a = in + u.authority.offset, *at = NULL;
  size_t n = u.authority.length, h = 0;
  for (size_t i = 0; i < n; i++)
    if (a[i] == '@')
      at = a + i;
  if (at) {
    e->userinfo = sv_str(a, (size_t)(at - a));
    h = (size_t)(at - a) + 1;
  }
  size_t end = n, colon = n, i = h;
  if (i < n && a[i] == '[') {
    while (i < n && a[i] != ']')
      i++;
    colon = i + 1 < n && a[i + 1] == ':' ? i + 1 : n;
  } else {
    for (size_t k = n; k > h; k--)
      if (a[k - 1] == ':')
        colon = k - 1;
  }
  if (colon < n) {
    e->port = sv_str(a + colon + 1, n - colon - 1);
    end = colon;
  }
  e->host = sv_str(a + h, end - h);
}

size_t endpoint_lenient(struct endpoint *e, const char *in, size_t len,
                        char *buf) {
  size_t b = 0, end = len;
  while (b < end && (unsigned char)in[b] <= 0x20)
    b++;
  while (end > b && (unsigned char)in[end - 1] <= 0x20)
    end--;
  memcpy(buf, in + b, end - b);
  lenient_split(e, buf, end - b);
  return end - b;
}

int endpoint_reference(struct endpoint *e, const char *in, size_t len,
                       char *buf) {
  rfc3986_uri u;
  if (rfc3986_parse(in, len, RFC3986_RULE_URI_reference, &u, NULL) !=
      RFC3986_OK) {
    endpoint_lenient(e, in, len, buf);
    return 0;
  }
  struct value c[RFC3986_COMPONENT_COUNT];
  for (int k = 0; k < RFC3986_COMPONENT_COUNT; k++) {
    const char *s;
    size_t n;
    c[k] = rfc3986_uri_get(&u, (rfc3986_component)k, &s, &n) ? sv_str(s, n)
                                                             : sv_null();
  }
  endpoint_of(e, c);
  return 1;
}

/* A canonical form: a tag octet, then bytes (malloc'ed). */
struct canon {
  char *p;
  size_t n;
};

static void canon_set(struct canon *c, char tag, const void *s, size_t n) {
  c->p = xmalloc(n + 2);
  c->p[0] = tag;
  if (n)
    memcpy(c->p + 1, s, n);
  c->n = n + 1;
}

static int canon_eq(const struct canon *a, const struct canon *b) {
  return a->n == b->n && !memcmp(a->p, b->p, a->n);
}

/* S (N octets) fully percent-decoded into a new NUL-terminated string
 * (*OUT, *OUT_LEN), 0; -1 for a "%" not followed by two hex digits. */
static int decode(const char *s, size_t n, char **out, size_t *out_len) {
  *out = xmalloc(n + 1);
  if (rfc3986_pct_decode(s, n, *out, n, out_len, NULL) != RFC3986_OK) {
    free(*out);
    *out = NULL;
    return -1;
  }
  (*out)[*out_len] = 0;
  return 0;
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

static int lower(int c) {
  return c >= 'A' && c <= 'Z' ? c + 32 : c;
}

/* An RFC 3986 IPv4address (dotted decimal, S NUL-terminated) as its 32
 * bits. */
static int ipv4_canon(const char *s, struct canon *c) {
  struct in_addr a;
  if (rfc3986_match(RFC3986_RULE_IPv4address, s, strlen(s), NULL) !=
          RFC3986_OK ||
      !inet_aton(s, &a))
    return 0;
  canon_set(c, '4', &a.s_addr, 4);
  return 1;
}

/* 1 when S is four dot-separated runs of decimal digits that read the
 * same in octal and in decimal (each without a leading zero, or below 8:
 * 01.1.1.1, 002.1.1.1), so every client reads the one address. */
static int unambiguous_quad(const char *s) {
  int parts = 0;
  while (*s) {
    size_t n = strspn(s, "0123456789"), z = strspn(s, "0");
    if (n == 0 || (s[n] != '.' && s[n] != 0) || ++parts > 4)
      return 0;
    if (z && n - z > (z == n ? 0 : 1)) /* a leading zero, then 2 digits */
      return 0;
    if (z && z < n && s[n - 1] > '7') /* a leading zero, then 8 or 9 */
      return 0;
    s += n + (s[n] == '.');
  }
  return parts == 4;
}

/* Another numeric form inet_aton takes (0x7f.1, 020.1.1.1, 127.1; S
 * NUL-terminated, no blank: inet_aton stops at one): usable, but a
 * reg-name, as written (lower case), unless it reads the same in every
 * base (RFC 3986 7.4's confusion is a name read as two addresses). */
static int numeric_canon(const char *s, struct canon *c) {
  struct in_addr a;
  if (!inet_aton(s, &a))
    return 0;
  if (unambiguous_quad(s)) {
    canon_set(c, '4', &a.s_addr, 4);
    return 1;
  }
  canon_set(c, 'N', s, strlen(s));
  for (size_t i = 1; i < c->n; i++)
    c->p[i] = (char)lower((unsigned char)c->p[i]);
  return 1;
}

/* An ASCII name (S, N octets, lower case) of LDH labels whose last is not
 * all digits; one final dot dropped. */
static int ldh_canon(const char *s, size_t n, struct canon *c) {
  if (n && s[n - 1] == '.')
    n--;
  if (n == 0 || n > 253)
    return 0;
  size_t start = 0;
  int digits = 1;
  for (size_t i = 0; i <= n; i++) {
    if (i == n || s[i] == '.') {
      if (i == start || i - start > 63)
        return 0;
      if (i == n && digits)
        return 0;
      start = i + 1;
      digits = 1;
      continue;
    }
    int ch = (unsigned char)s[i];
    if (!((ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9') || ch == '-'))
      return 0;
    digits &= ch >= '0' && ch <= '9';
  }
  canon_set(c, 'N', s, n);
  return 1;
}

/* The ASCII name a resolver is given for D (NUL-terminated): its IDNA
 * ToASCII mapping, else D itself when it is ASCII (an xn-- label whose
 * decoding IDNA disallows is still a name DNS looks up); lower case,
 * malloc'ed.  NULL when neither. */
static char *ascii_name(const char *d) {
  char *a = NULL, *r = NULL;
  if (idn2_to_ascii_8z(d, &a, IDN2_NONTRANSITIONAL) == IDN2_OK)
    r = xstrdup(a);
  idn2_free(a);
  if (!r) {
    for (const char *p = d; *p; p++)
      if ((unsigned char)*p >= 0x80)
        return NULL;
    r = xstrdup(d);
  }
  for (char *p = r; *p; p++)
    *p = (char)lower((unsigned char)*p);
  return r;
}

/* A reg-name or IPv4address, decoded (D, N octets, NUL-terminated). */
static int name_canon(const char *d, size_t n, struct canon *c) {
  for (size_t i = 0; i < n; i++) {
    unsigned char ch = (unsigned char)d[i];
    if (ch <= 0x20 || ch == 0x7f || strchr("@:[]", ch))
      return HOST_GARBLED;
  }
  if (ipv4_canon(d, c))
    return HOST_USABLE;
  char *ascii = ascii_name(d);
  if (!ascii)
    return HOST_GARBLED;
  int usable = ipv4_canon(ascii, c) || ldh_canon(ascii, strlen(ascii), c) ||
               numeric_canon(ascii, c);
  free(ascii);
  return usable ? HOST_USABLE : HOST_GARBLED;
}

/* The kind of host H and, when usable, its canonical form (C->p NULL
 * otherwise). */
static int host_canon(const struct value *h, struct canon *c) {
  unsigned char a[16];
  c->p = NULL;
  c->n = 0;
  if (h->state != VALUE_OCTETS || h->len == 0)
    return HOST_NONE;
  const char *s = h->s;
  size_t n = h->len;
  if (s[0] == '[') {
    if (n < 2 || s[n - 1] != ']')
      return HOST_GARBLED;
    if (ipv6_value(s + 1, n - 2, a)) {
      canon_set(c, '6', a, 16);
      return HOST_USABLE;
    }
    return HOST_GARBLED; /* IPvFuture too: no client connects to one */
  }
  if (ipv6_value(s, n, a)) { /* reported without its brackets */
    canon_set(c, '6', a, 16);
    return HOST_USABLE;
  }
  char *d;
  size_t dn;
  if (decode(s, n, &d, &dn) < 0)
    return HOST_GARBLED;
  int kind = name_canon(d, dn, c);
  free(d);
  return kind;
}

int endpoint_host_kind(const struct value *host) {
  struct canon c;
  int kind = host_canon(host, &c);
  free(c.p);
  return kind;
}

/* Append a length-prefixed field to B. */
static void put_field(struct canon *b, const char *s, size_t n) {
  b->p = xrealloc(b->p, b->n + 4 + n + 1);
  uint32_t l = (uint32_t)n;
  memcpy(b->p + b->n, &l, 4);
  if (n)
    memcpy(b->p + b->n + 4, s, n);
  b->n += 4 + n;
}

/* A field of the userinfo decoded (as written when it cannot be). */
static void put_decoded(struct canon *b, const char *s, size_t n) {
  char *d;
  size_t dn;
  if (decode(s, n, &d, &dn) < 0) {
    put_field(b, s, n);
    return;
  }
  put_field(b, d, dn);
  free(d);
}

static void userinfo_canon(const struct value *u, struct canon *c) {
  const char *s = u->state == VALUE_OCTETS ? u->s : "";
  size_t n = u->state == VALUE_OCTETS ? u->len : 0;
  const char *colon = n ? memchr(s, ':', n) : NULL;
  size_t user = colon ? (size_t)(colon - s) : n;
  size_t pw = colon ? n - user - 1 : 0;
  canon_set(c, 'U', "", 0);
  if (user || pw) {
    put_decoded(c, s, user);
    if (pw)
      put_decoded(c, colon + 1, pw);
  }
}

/* A scheme a client can use: RFC 3986 3.1 syntax (" https" is none). */
static int scheme_usable(const struct value *s) {
  return s->state == VALUE_OCTETS &&
         rfc3986_match(RFC3986_RULE_scheme, s->s, s->len, NULL) == RFC3986_OK;
}

static void scheme_canon(const struct value *s, struct canon *c) {
  if (s->state != VALUE_OCTETS) {
    canon_set(c, 'N', "", 0);
    return;
  }
  canon_set(c, 'S', s->s, s->len);
  for (size_t i = 1; i < c->n; i++)
    c->p[i] = (char)lower((unsigned char)c->p[i]);
}

/* 6.2.3: the default port of a scheme (lower-cased canon), or 0. */
static unsigned long default_port(const struct canon *scheme) {
  static const struct {
    const char *name;
    unsigned long port;
  } known[] = {
      {"http", 80}, {"https", 443}, {"ws", 80}, {"wss", 443}, {"ftp", 21}};
  for (size_t k = 0; k < sizeof known / sizeof known[0]; k++)
    if (scheme->n - 1 == strlen(known[k].name) &&
        !memcmp(scheme->p + 1, known[k].name, scheme->n - 1))
      return known[k].port;
  return 0;
}

/* The effective port of P read with SCHEME: 0 for none, -1 when it is no
 * port (not digits, 0, above 65535: no client connects to it). */
static long port_value(const struct value *p, const struct canon *scheme) {
  const char *s = p->state == VALUE_OCTETS ? p->s : "";
  size_t n = p->state == VALUE_OCTETS ? p->len : 0;
  unsigned long v = 0;
  for (size_t i = 0; i < n; i++) {
    if (s[i] < '0' || s[i] > '9')
      return -1;
    v = v * 10 + (unsigned long)(s[i] - '0');
    if (v > 65535)
      return -1;
  }
  if (n && !v)
    return -1;
  return n ? (long)v : (long)default_port(scheme);
}

/* Both readings give PART (neither VALUE_ABSENT). */
static int both_say(const struct value *a, const struct value *b) {
  return a->state != VALUE_ABSENT && b->state != VALUE_ABSENT;
}

static int has_port(const struct value *p) {
  return p->state == VALUE_OCTETS && p->len;
}

int endpoint_port_unusable(const struct endpoint *e) {
  static const struct canon none = {NULL, 0};
  return has_port(&e->port) && port_value(&e->port, &none) < 0;
}

/* The effective ports of A and B are known and equal (1), differ (0),
 * one is no port (-1), or neither is written (2: the same, and a scheme's
 * default port that differs with the scheme is the scheme's difference). */
static int ports_same(const struct endpoint *a, const struct endpoint *b) {
  struct canon sa, sb;
  if (!has_port(&a->port) && !has_port(&b->port))
    return 2;
  scheme_canon(a->scheme.state != VALUE_ABSENT ? &a->scheme : &b->scheme, &sa);
  scheme_canon(b->scheme.state != VALUE_ABSENT ? &b->scheme : &a->scheme, &sb);
  long pa = port_value(&a->port, &sa), pb = port_value(&b->port, &sb);
  free(sa.p);
  free(sb.p);
  return pa < 0 || pb < 0 ? -1 : pa == pb;
}

/* same[] for the scheme, userinfo and port parts of A and B (1 when
 * equal, 0 when different, -1 when not comparable). */
static void parts_same(const struct endpoint *a, const struct endpoint *b,
                       int *same) {
  struct canon x, y;
  same[SEV_SCHEME] = same[SEV_USERINFO] = -1;
  if (scheme_usable(&a->scheme) && scheme_usable(&b->scheme)) {
    scheme_canon(&a->scheme, &x);
    scheme_canon(&b->scheme, &y);
    same[SEV_SCHEME] = canon_eq(&x, &y);
    free(x.p);
    free(y.p);
  }
  if (both_say(&a->userinfo, &b->userinfo)) {
    userinfo_canon(&a->userinfo, &x);
    userinfo_canon(&b->userinfo, &y);
    same[SEV_USERINFO] = canon_eq(&x, &y);
    free(x.p);
    free(y.p);
  }
  same[SEV_PORT] = both_say(&a->port, &b->port) ? ports_same(a, b) : -1;
}

/* A garbled host H read as the usable host of canonical form C once its
 * brackets are dropped: a library that unwraps an IP literal it cannot
 * read ([v1.ab] as v1.ab) names no endpoint H named. */
static int unbracketed_is(const struct value *h, const struct canon *c) {
  size_t n = h->len;
  if (h->state != VALUE_OCTETS || !n || h->s[0] != '[')
    return 0;
  n -= h->s[n - 1] == ']';
  struct value inner = {h->s + 1, n - 1, VALUE_OCTETS};
  struct canon x;
  int same = host_canon(&inner, &x) == HOST_USABLE && canon_eq(&x, c);
  free(x.p);
  return same;
}

void endpoint_judge(const struct endpoint *ref, const struct endpoint *lib,
                    struct endpoint_judgement *j) {
  memset(j, 0, sizeof *j);
  int raw[SEV__COUNT] = {0};
  parts_same(ref, lib, raw);
  for (int p = SEV_USERINFO; p < SEV_HOST; p++)
    j->same[p] = raw[p] >= 1;
  j->cls = EP_SAME;
  if (!both_say(&ref->host, &lib->host))
    return; /* the library does not say: nothing shows a difference */
  struct canon hr, hl;
  int kr = host_canon(&ref->host, &hr), kl = host_canon(&lib->host, &hl);
  if (kr == HOST_GARBLED && kl == HOST_USABLE &&
      unbracketed_is(&ref->host, &hl)) {
    j->cls = EP_SAME;
  } else if (kl == HOST_USABLE && (kr != HOST_USABLE || !canon_eq(&hr, &hl))) {
    j->cls = EP_DIFFERENT;
    j->severity = SEV_HOST;
  } else if (kr == HOST_USABLE && kl != HOST_USABLE) {
    j->cls = EP_HOST_LOST;
  } else if (kr == HOST_USABLE) { /* the same usable host */
    j->same[SEV_HOST] = 1;
    for (int p = SEV_PORT; p > SEV_NONE && !j->severity; p--)
      if (raw[p] == 0)
        j->severity = p;
    if (j->severity)
      j->cls = EP_DIFFERENT;
  }
  free(hr.p);
  free(hl.p);
}
