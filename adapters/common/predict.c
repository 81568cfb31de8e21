/*
 * predict.c: the transforms a behaviour's prediction names (predict.h,
 * adapters/BEHAVIOURS.md "Transforms"), one table, and the answer they
 * compute: the input rewritten, read by librfc3986 when RFC 3986 accepts
 * it and split leniently otherwise, and the reading rewritten.
 */
#include "predict.h"

#include <arpa/inet.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "rfc3986.h"

extern const struct glue glue_reference;

#define NC RFC3986_COMPONENT_COUNT
#define C_SCHEME RFC3986_COMPONENT_SCHEME
#define C_AUTH RFC3986_COMPONENT_AUTHORITY
#define C_USER RFC3986_COMPONENT_USERINFO
#define C_HOST RFC3986_COMPONENT_HOST
#define C_TYPE RFC3986_COMPONENT_HOST_TYPE
#define C_PORT RFC3986_COMPONENT_PORT
#define C_PATH RFC3986_COMPONENT_PATH
#define C_QUERY RFC3986_COMPONENT_QUERY
#define C_FRAG RFC3986_COMPONENT_FRAGMENT

/* A string being rewritten, or one component (def 0: undefined). */
struct str {
  char *p;
  size_t n;
  int def;
};
/* A reading being rewritten. */
struct rd {
  struct str c[NC];
};

static void str_set(struct str *s, const char *p, size_t n) {
  char *q = malloc(n + 1);
  if (!q)
    abort();
  if (n)
    memcpy(q, p, n);
  q[n] = 0;
  free(s->p);
  s->p = q;
  s->n = n;
  s->def = 1;
}
static void str_undef(struct str *s) {
  free(s->p);
  memset(s, 0, sizeof *s);
}
static int str_is(const struct str *s, const char *v) {
  return s->def && s->n == strlen(v) && !memcmp(s->p, v, s->n);
}
static void rd_free(struct rd *r) {
  for (int c = 0; c < NC; c++)
    str_undef(&r->c[c]);
}

/* ---- input rewrites ----------------------------------------------------- */

typedef void (*input_fn)(struct str *s);

static int is_c0_or_space(unsigned char c) {
  return c <= 0x20;
}
/* WHATWG URL: leading and trailing C0 controls and spaces removed */
static void in_strip_c0(struct str *s) {
  size_t a = 0, b = s->n;
  while (a < b && is_c0_or_space((unsigned char)s->p[a]))
    a++;
  while (b > a && is_c0_or_space((unsigned char)s->p[b - 1]))
    b--;
  memmove(s->p, s->p + a, b - a);
  s->n = b - a;
}
/* every TAB, LF and CR removed */
static void in_tab_newline(struct str *s) {
  size_t j = 0;
  for (size_t i = 0; i < s->n; i++)
    if (s->p[i] != '\t' && s->p[i] != '\n' && s->p[i] != '\r')
      s->p[j++] = s->p[i];
  s->n = j;
}
static void in_backslash(struct str *s) {
  for (size_t i = 0; i < s->n; i++)
    if (s->p[i] == '\\')
      s->p[i] = '/';
}
/* RFC 3986 2: unreserved, reserved or "%" */
static int is_uri_octet(unsigned char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
         (c >= '0' && c <= '9') || (c && strchr("-._~:/?#[]@!$&'()*+,;=%", c));
}
static void in_pct_encode(struct str *s) {
  static const char hex[] = "0123456789ABCDEF";
  char *q = malloc(3 * s->n + 1);
  size_t j = 0;
  if (!q)
    abort();
  for (size_t i = 0; i < s->n; i++) {
    unsigned char c = (unsigned char)s->p[i];
    if (is_uri_octet(c)) {
      q[j++] = (char)c;
      continue;
    }
    q[j++] = '%';
    q[j++] = hex[c >> 4];
    q[j++] = hex[c & 15];
  }
  free(s->p);
  s->p = q;
  s->n = j;
}

/* ---- reading rewrites --------------------------------------------------- */

typedef void (*reading_fn)(struct rd *r);

/* authority = [ userinfo "@" ] host [ ":" port ] (3.2), after a rewrite */
static void rebuild_authority(struct rd *r) {
  if (!r->c[C_AUTH].def)
    return;
  struct str *u = &r->c[C_USER], *h = &r->c[C_HOST], *p = &r->c[C_PORT];
  size_t n = (u->def ? u->n + 1 : 0) + h->n + (p->def ? p->n + 1 : 0);
  char *a = malloc(n + 1);
  size_t j = 0;
  if (!a)
    abort();
  if (u->def) {
    memcpy(a, u->p, u->n);
    j = u->n;
    a[j++] = '@';
  }
  if (h->n)
    memcpy(a + j, h->p, h->n);
  j += h->n;
  if (p->def) {
    a[j++] = ':';
    memcpy(a + j, p->p, p->n);
    j += p->n;
  }
  str_set(&r->c[C_AUTH], a, j);
  free(a);
}
static void lower(struct str *s) {
  for (size_t i = 0; i < s->n; i++)
    if (s->p[i] >= 'A' && s->p[i] <= 'Z')
      s->p[i] = (char)(s->p[i] + 32);
}
static void rw_scheme_lower(struct rd *r) {
  lower(&r->c[C_SCHEME]);
}
static void rw_host_lower(struct rd *r) {
  lower(&r->c[C_HOST]);
  rebuild_authority(r);
}
static int hexval(char c) {
  c = (char)(c | 0x20);
  return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 87 : -1;
}
static void pct_decode(struct str *s) {
  size_t j = 0;
  for (size_t i = 0; s->def && i < s->n; i++) {
    int hi, lo;
    if (s->p[i] == '%' && i + 2 < s->n && (hi = hexval(s->p[i + 1])) >= 0 &&
        (lo = hexval(s->p[i + 2])) >= 0) {
      s->p[j++] = (char)(hi << 4 | lo);
      i += 2;
    } else {
      s->p[j++] = s->p[i];
    }
  }
  s->n = j;
}
static void rw_host_decode(struct rd *r) {
  pct_decode(&r->c[C_HOST]);
  rebuild_authority(r);
}
static void rw_path_decode(struct rd *r) {
  pct_decode(&r->c[C_PATH]);
}
static void rw_all_decode(struct rd *r) {
  static const int cs[] = {C_USER, C_HOST, C_PATH, C_QUERY, C_FRAG};
  for (size_t i = 0; i < sizeof cs / sizeof cs[0]; i++)
    pct_decode(&r->c[cs[i]]);
  rebuild_authority(r);
}
/* inet_aton's forms: 1 to 4 parts, each decimal, octal (0...) or hex */
static int inet_aton_form(const struct str *h, unsigned long *addr) {
  unsigned long part[4];
  int np = 0;
  size_t i = 0;
  if (!h->def || !h->n || h->n > 64)
    return 0;
  while (1) {
    int base = 10;
    size_t start;
    unsigned long v = 0;
    if (np == 4)
      return 0;
    if (i + 1 < h->n && h->p[i] == '0' && (h->p[i + 1] | 0x20) == 'x')
      base = 16, i += 2;
    else if (i + 1 < h->n && h->p[i] == '0')
      base = 8, i++;
    start = i;
    for (; i < h->n && h->p[i] != '.'; i++) {
      int d = hexval(h->p[i]);
      if (d < 0 || d >= base || v > 0xffffffffUL)
        return 0;
      v = v * (unsigned long)base + (unsigned long)d;
    }
    if (i == start && base != 8)
      return 0;
    part[np++] = v;
    if (i == h->n)
      break;
    i++; /* "." */
    if (i == h->n)
      break; /* a trailing dot */
  }
  unsigned long a = 0;
  for (int k = 0; k < np - 1; k++) {
    if (part[k] > 255)
      return 0;
    a = (a << 8) | part[k];
  }
  int shift = 8 * (4 - np + 1);
  if (shift < 32 && part[np - 1] >> shift)
    return 0;
  *addr = (a << shift) | part[np - 1];
  return *addr <= 0xffffffffUL;
}
static void rw_numeric_ipv4(struct rd *r) {
  unsigned long a;
  if (!str_is(&r->c[C_TYPE], "reg-name") || !inet_aton_form(&r->c[C_HOST], &a))
    return;
  char d[16];
  int n = snprintf(d, sizeof d, "%lu.%lu.%lu.%lu", a >> 24, (a >> 16) & 255,
                   (a >> 8) & 255, a & 255);
  str_set(&r->c[C_HOST], d, (size_t)n);
  str_set(&r->c[C_TYPE], "IPv4address", 11);
  rebuild_authority(r);
}
static void rw_ipv6_canonical(struct rd *r) {
  struct str *h = &r->c[C_HOST];
  unsigned char a[16];
  char in[64], out[64];
  if (!str_is(&r->c[C_TYPE], "IPv6address") || h->n < 3 || h->n > 60)
    return;
  memcpy(in, h->p + 1, h->n - 2);
  in[h->n - 2] = 0;
  if (inet_pton(AF_INET6, in, a) != 1 || !inet_ntop(AF_INET6, a, out + 1, 62))
    return;
  out[0] = '[';
  size_t n = strlen(out);
  out[n++] = ']';
  str_set(h, out, n);
  rebuild_authority(r);
}
static void rw_ipv6_brackets(struct rd *r) {
  struct str *h = &r->c[C_HOST];
  if (h->def && h->n >= 2 && h->p[0] == '[' && h->p[h->n - 1] == ']') {
    memmove(h->p, h->p + 1, h->n - 2);
    h->n -= 2;
  }
}
static void drop_if_empty(struct str *s) {
  if (s->def && !s->n)
    str_undef(s);
}
static void rw_empty_port(struct rd *r) {
  drop_if_empty(&r->c[C_PORT]);
  rebuild_authority(r);
}
static void rw_port_zeros(struct rd *r) {
  struct str *p = &r->c[C_PORT];
  size_t i = 0;
  while (p->def && i + 1 < p->n && p->p[i] == '0')
    i++;
  if (i) {
    memmove(p->p, p->p + i, p->n - i);
    p->n -= i;
    rebuild_authority(r);
  }
}
static void rw_default_port(struct rd *r) {
  static const char *const d[][2] = {{"http", "80"}, {"https", "443"},
                                     {"ws", "80"},   {"wss", "443"},
                                     {"ftp", "21"}};
  struct str *s = &r->c[C_SCHEME];
  for (size_t i = 0; s->def && i < sizeof d / sizeof d[0]; i++)
    if (s->n == strlen(d[i][0]) && !strncasecmp(s->p, d[i][0], s->n) &&
        str_is(&r->c[C_PORT], d[i][1])) {
      str_undef(&r->c[C_PORT]);
      rebuild_authority(r);
    }
}
static void rw_empty_userinfo(struct rd *r) {
  drop_if_empty(&r->c[C_USER]);
  rebuild_authority(r);
}
static void rw_empty_query(struct rd *r) {
  drop_if_empty(&r->c[C_QUERY]);
}
static void rw_empty_fragment(struct rd *r) {
  drop_if_empty(&r->c[C_FRAG]);
}
static void rw_absent_as_empty(struct rd *r) {
  for (int c = 0; c < NC; c++)
    if (c != C_TYPE && !r->c[c].def)
      str_set(&r->c[c], "", 0);
}
static void rw_network_path(struct rd *r) {
  if (r->c[C_SCHEME].def || !r->c[C_AUTH].def)
    return;
  struct str *a = &r->c[C_AUTH], *p = &r->c[C_PATH];
  char *q = malloc(a->n + p->n + 3);
  if (!q)
    abort();
  memcpy(q, "//", 2);
  memcpy(q + 2, a->p, a->n);
  if (p->n)
    memcpy(q + 2 + a->n, p->p, p->n);
  str_set(p, q, a->n + p->n + 2);
  free(q);
  for (int c = C_AUTH; c <= C_PORT; c++)
    str_undef(&r->c[c]);
}
static void rw_dot_segments(struct rd *r) {
  struct str *p = &r->c[C_PATH];
  size_t n = 0;
  char *o = malloc(p->n + 1);
  if (!o)
    abort();
  if (rfc3986_remove_dot_segments(p->p, p->n, o, p->n + 1, &n) == RFC3986_OK)
    str_set(p, o, n);
  free(o);
}
static void rw_empty_path_slash(struct rd *r) {
  if (r->c[C_AUTH].def && r->c[C_PATH].n == 0)
    str_set(&r->c[C_PATH], "/", 1);
}

/* ---- the table ---------------------------------------------------------- */

struct transform_impl {
  input_fn in;
  reading_fn rd;
};

const struct transform transform_table[] = {
    {"strip-c0-and-space", TS_INPUT, "2",
     "leading and trailing C0 controls and spaces are removed"},
    {"tab-newline-removed", TS_INPUT, "2", "every TAB, LF and CR is removed"},
    {"backslash-as-slash", TS_INPUT, "3.3", "a backslash is read as a slash"},
    {"non-uri-octets-pct-encoded", TS_INPUT, "2.1",
     "an octet outside the URI characters (space, controls, non-ASCII, "
     "\"<>\\\"{}|^`\") is percent-encoded"},
    {"userinfo-ends-at-first-at", TS_SPLIT, "3.2.1",
     "the userinfo ends at the first \"@\" of the authority, not the last"},
    {"scheme-lowercased", TS_READING, "3.1", "the scheme is lower-cased"},
    {"host-pct-decoded", TS_READING, "3.2.2", "the host is percent-decoded"},
    {"host-lowercased", TS_READING, "3.2.2", "the host is lower-cased"},
    {"numeric-ipv4-to-dotted", TS_READING, "3.2.2",
     "a reg-name of inet_aton's numeric forms (\"0x7f.1\", \"127.1\") is "
     "read as the IPv4address it names"},
    {"ipv6-canonical", TS_READING, "3.2.2",
     "an IPv6 literal is written in its RFC 5952 form"},
    {"ipv6-brackets-dropped", TS_READING, "3.2.2",
     "the host of an IP literal is given without its brackets"},
    {"empty-userinfo-dropped", TS_READING, "3.2.1",
     "an empty userinfo (\"//@h\") is read as none"},
    {"port-leading-zeros-dropped", TS_READING, "3.2.3",
     "the port's leading zeros are dropped"},
    {"default-port-dropped", TS_READING, "3.2.3",
     "the scheme's default port (http 80, https 443, ws 80, wss 443, ftp "
     "21) is read as none"},
    {"empty-port-dropped", TS_READING, "3.2.3", "an empty port (\"h:\") is read as none"},
    {"network-path-as-path", TS_READING, "4.2",
     "a network-path reference (\"//h/p\") is read as a path"},
    {"path-pct-decoded", TS_READING, "2.1", "the path is percent-decoded"},
    {"all-pct-decoded", TS_READING, "2.1",
     "userinfo, host, path, query and fragment are percent-decoded"},
    {"path-dot-segments-removed", TS_READING, "5.2.4",
     "the path's dot segments are removed (5.2.4) while parsing"},
    {"empty-path-as-slash", TS_READING, "3.3",
     "an empty path after an authority is read as \"/\""},
    {"empty-query-dropped", TS_READING, "3.4", "an empty query (\"?\") is read as none"},
    {"empty-fragment-dropped", TS_READING, "3.5",
     "an empty fragment (\"#\") is read as none"},
    {"absent-as-empty", TS_READING, "5.3",
     "an absent component is read as empty (\"\", not null)"},
};
const size_t transform_count = sizeof transform_table / sizeof *transform_table;

static const struct transform_impl impl[] = {
    {in_strip_c0, NULL},   {in_tab_newline, NULL},
    {in_backslash, NULL},  {in_pct_encode, NULL},
    {NULL, NULL},          {NULL, rw_scheme_lower},
    {NULL, rw_host_decode}, {NULL, rw_host_lower},
    {NULL, rw_numeric_ipv4}, {NULL, rw_ipv6_canonical},
    {NULL, rw_ipv6_brackets}, {NULL, rw_empty_userinfo},
    {NULL, rw_port_zeros}, {NULL, rw_default_port},
    {NULL, rw_empty_port}, {NULL, rw_network_path},
    {NULL, rw_path_decode}, {NULL, rw_all_decode},
    {NULL, rw_dot_segments}, {NULL, rw_empty_path_slash},
    {NULL, rw_empty_query}, {NULL, rw_empty_fragment},
    {NULL, rw_absent_as_empty},
};
_Static_assert(sizeof impl / sizeof *impl ==
                   sizeof transform_table / sizeof *transform_table,
               "one implementation per transform");

int transform_named(const char *name) {
  for (size_t i = 0; i < transform_count; i++)
    if (!strcmp(transform_table[i].name, name))
      return (int)i;
  return -1;
}

#define HAS(p, name) ((p)->mask >> transform_named(name) & 1ULL)

/* ---- reading ------------------------------------------------------------ */

static void rewrite_input(const struct prediction *p, const char *s, size_t n,
                          struct str *out) {
  str_set(out, s, n);
  for (size_t i = 0; i < transform_count; i++)
    if ((p->mask >> i & 1ULL) && impl[i].in)
      impl[i].in(out);
}

static void set_span(struct rd *r, int c, const char *s, rfc3986_span sp) {
  if (rfc3986_span_defined(sp))
    str_set(&r->c[c], s + sp.offset, sp.length);
}

/* host_type of a host read by the lenient split: what "//HOST" reads */
static void lenient_host_type(struct rd *r) {
  struct str *h = &r->c[C_HOST];
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
  else if (h->n && h->p[0] == '[')
    name = "IPv6address";
  str_set(&r->c[C_TYPE], name, strlen(name));
  free(t);
}

/* The authority AUTH (N octets) split: userinfo before the last "@" (the
 * first, FIRST_AT), port after the last ":" outside brackets. */
static void split_authority(struct rd *r, const char *a, size_t n,
                            int first_at) {
  size_t h = 0, e = n;
  for (size_t i = 0; i < n; i++)
    if (a[i] == '@') {
      h = i + 1;
      if (first_at)
        break;
    }
  if (h)
    str_set(&r->c[C_USER], a, h - 1);
  for (size_t i = n; i > h; i--) {
    if (a[i - 1] == ']')
      break;
    if (a[i - 1] == ':') {
      e = i - 1;
      str_set(&r->c[C_PORT], a + i, n - i);
      break;
    }
  }
  str_set(&r->c[C_HOST], a + h, e - h);
  lenient_host_type(r);
}

/* S read: librfc3986's reading when RFC 3986 accepts it; else Appendix B's
 * split, the authority split as split_authority says. */
static void read_input(const struct prediction *p, const struct str *s,
                       struct rd *r) {
  rfc3986_uri u;
  int ok = rfc3986_parse(s->p, s->n, RFC3986_RULE_URI_reference, &u, NULL) ==
           RFC3986_OK;
  if (!ok)
    rfc3986_split(s->p, s->n, &u);
  set_span(r, C_SCHEME, s->p, u.scheme);
  set_span(r, C_AUTH, s->p, u.authority);
  set_span(r, C_PATH, s->p, u.path);
  set_span(r, C_QUERY, s->p, u.query);
  set_span(r, C_FRAG, s->p, u.fragment);
  if (!ok && r->c[C_AUTH].def) {
    split_authority(r, s->p + u.authority.offset, u.authority.length,
                    HAS(p, "userinfo-ends-at-first-at") != 0);
  } else if (ok) {
    set_span(r, C_USER, s->p, u.userinfo);
    set_span(r, C_HOST, s->p, u.host);
    set_span(r, C_PORT, s->p, u.port);
    const char *t = rfc3986_host_type_name(u.host_type);
    if (t)
      str_set(&r->c[C_TYPE], t, strlen(t));
  }
}

static void rewrite_reading(const struct prediction *p, struct rd *r) {
  for (size_t i = 0; i < transform_count; i++)
    if ((p->mask >> i & 1ULL) && impl[i].rd)
      impl[i].rd(r);
}

static void rd_to_reading(const struct rd *r, struct adapter_reading *out) {
  out->valid = 1;
  for (int c = 0; c < NC; c++)
    if (r->c[c].def)
      reading_set(out, (rfc3986_component)c, r->c[c].p, r->c[c].n);
    else
      reading_set_null(out, (rfc3986_component)c);
}

/* 5.3: the reading recomposed into OUT's output */
static void recompose(const struct rd *r, struct adapter_reading *out) {
  static const char *const pre[NC] = {"", "//", "", "", "", "", "", "?", "#"};
  size_t n = 0;
  for (int c = 0; c < NC; c++)
    n += r->c[c].n + 2;
  char *o = malloc(n + 1), *q = o;
  if (!o)
    abort();
  for (int c = 0; c < NC; c++) {
    if (!r->c[c].def || c == C_USER || c == C_HOST || c == C_TYPE ||
        c == C_PORT)
      continue;
    memcpy(q, pre[c], strlen(pre[c]));
    q += strlen(pre[c]);
    memcpy(q, r->c[c].p, r->c[c].n);
    q += r->c[c].n;
    if (c == C_SCHEME)
      *q++ = ':';
  }
  reading_set_output(out, o, (size_t)(q - o));
  free(o);
}

/* The reference's resolve or normalize of the rewritten input, then the
 * reading rewrites on the output read back. */
static int predict_output(const struct prediction *p, int resolve,
                          const struct str *in, const struct str *base,
                          struct adapter_reading *out) {
  struct adapter_reading t;
  reading_init(&t);
  if (resolve)
    glue_reference.resolve(base->p, base->n, in->p, in->n, 1, &t);
  else
    glue_reference.normalize(in->p, in->n, GLUE_LEVEL_SYNTAX, &t);
  const char *o = reading_value(&t, &t.output);
  if (!t.valid || !o) {
    reading_free(&t);
    return -1;
  }
  struct str s = {0};
  struct rd r;
  memset(&r, 0, sizeof r);
  str_set(&s, o, t.output.length);
  read_input(p, &s, &r);
  rewrite_reading(p, &r);
  out->valid = 1;
  recompose(&r, out);
  rd_free(&r);
  str_undef(&s);
  reading_free(&t);
  return 0;
}

int predict_answer(const struct prediction *p, const char *op, const char *in,
                   size_t len, const char *base, size_t base_len,
                   struct adapter_reading *out) {
  out->valid = 0;
  if (p->reject)
    return 0;
  int parse = !strcmp(op, "parse"), resolve = !strcmp(op, "resolve");
  if (!parse && !resolve && strcmp(op, "normalize"))
    return -1;
  if (resolve && !base)
    return -1;
  struct str s = {0}, b = {0};
  int rc = 0;
  rewrite_input(p, in, len, &s);
  if (parse) {
    struct rd r;
    memset(&r, 0, sizeof r);
    read_input(p, &s, &r);
    rewrite_reading(p, &r);
    rd_to_reading(&r, out);
    rd_free(&r);
  } else {
    if (resolve)
      rewrite_input(p, base, base_len, &b);
    rc = predict_output(p, resolve, &s, &b, out);
  }
  str_undef(&s);
  str_undef(&b);
  return rc;
}

static int value_equal(const struct adapter_reading *p,
                       const struct adapter_value *pv,
                       const struct adapter_reading *a,
                       const struct adapter_value *av) {
  if (av->state == AV_NOT_EXPRESSED)
    return 1;
  if (pv->state != av->state)
    return 0;
  return pv->state != AV_DEFINED ||
         (pv->length == av->length &&
          !memcmp(reading_value(p, pv), reading_value(a, av), av->length));
}

int predict_equals(const struct adapter_reading *p,
                   const struct adapter_reading *a, int only_validity) {
  if (!p->valid || !a->valid)
    return p->valid == a->valid;
  if (only_validity)
    return 0;
  for (int c = 0; c < NC; c++)
    if (!value_equal(p, &p->comp[c], a, &a->comp[c]))
      return 0;
  return value_equal(p, &p->output, a, &a->output);
}
