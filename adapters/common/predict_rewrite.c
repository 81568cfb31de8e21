/*
 * predict_rewrite.c: the rewrites of the transforms (predict.h): of the
 * input before it is read, and of the components read; the table that
 * names them is predict_table.c.
 */
#include "predict_impl.h"

#include "codec.h"
#include "conditions_impl.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

void pstr_set(struct pstr *s, const char *p, size_t n) {
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
void pstr_undef(struct pstr *s) {
  free(s->p);
  memset(s, 0, sizeof *s);
}
int pstr_is(const struct pstr *s, const char *v) {
  return s->def && s->n == strlen(v) && !memcmp(s->p, v, s->n);
}
void pstr_prepend(struct pstr *s, const char *pre, size_t n) {
  char *q = malloc(s->n + n + 1);
  if (!q)
    abort();
  memcpy(q, pre, n);
  if (s->n)
    memcpy(q + n, s->p, s->n);
  pstr_set(s, q, s->n + n);
  free(q);
}
void pstr_trim(struct pstr *s, int (*strip)(unsigned char)) {
  size_t a = 0, b = s->n;
  while (a < b && strip((unsigned char)s->p[a]))
    a++;
  while (b > a && strip((unsigned char)s->p[b - 1]))
    b--;
  memmove(s->p, s->p + a, b - a);
  s->n = b - a;
}
void prd_free(struct prd *r) {
  for (int c = 0; c < NC; c++)
    pstr_undef(&r->c[c]);
}

/* ---- input rewrites ----------------------------------------------------- */

typedef void (*input_fn)(struct pstr *s);

static int is_c0_or_space(unsigned char c) {
  return c <= 0x20;
}
/* WHATWG URL: leading and trailing C0 controls and spaces removed */
void pt_in_strip_c0(struct pstr *s) {
  pstr_trim(s, is_c0_or_space);
}
/* every TAB, LF and CR removed */
void pt_in_tab_newline(struct pstr *s) {
  size_t j = 0;
  for (size_t i = 0; i < s->n; i++)
    if (s->p[i] != '\t' && s->p[i] != '\n' && s->p[i] != '\r')
      s->p[j++] = s->p[i];
  s->n = j;
}
/* the path part of S: after "scheme:" and "//authority" */
static size_t path_start(const struct pstr *s) {
  rfc3986_uri u;
  rfc3986_split(s->p, s->n, &u);
  return u.path.offset;
}
/* runs of "/" in the path read as one */
void pt_in_collapse(struct pstr *s) {
  size_t start = path_start(s), i = start, j = start;
  for (; i < s->n && s->p[i] != '?' && s->p[i] != '#'; i++)
    if (!(s->p[i] == '/' && j > start && s->p[j - 1] == '/'))
      s->p[j++] = s->p[i];
  memmove(s->p + j, s->p + i, s->n - i);
  s->n = j + (s->n - i);
}
/* S's octets [A, B) replaced by TEXT */
static void splice(struct pstr *s, size_t a, size_t b, const char *text) {
  size_t k = strlen(text);
  char *q = malloc(s->n - (b - a) + k + 1);
  if (!q)
    abort();
  memcpy(q, s->p, a);
  memcpy(q + a, text, k);
  memcpy(q + a + k, s->p + b, s->n - b);
  free(s->p);
  s->n = s->n - (b - a) + k;
  s->p = q;
}
/* "scheme:/p" and "scheme:///p" read as "scheme://p" */
void pt_in_scheme_slashes(struct pstr *s) {
  rfc3986_uri u;
  rfc3986_split(s->p, s->n, &u);
  if (!rfc3986_span_defined(u.scheme))
    return;
  size_t a = u.scheme.length + 1, b = a;
  while (b < s->n && s->p[b] == '/')
    b++;
  if (b - a == 2 || b == a)
    return;
  splice(s, a, b, "//");
}
/* tcllib's uri::split: no scheme, so http, and "//" before a reference
 * that does not start so */
void pt_in_relative_http(struct pstr *s) {
  if (!scheme_len(s->p, s->n))
    splice(s, 0, 0,
           s->n >= 2 && s->p[0] == '/' && s->p[1] == '/' ? "http:" : "http://");
}
/* http::Uri's authority-form: without "scheme://" and a leading "/",
 * the input is an authority ("//" before it) */
void pt_in_authority_form(struct pstr *s) {
  size_t k = scheme_len(s->p, s->n);
  if ((k && k + 2 < s->n && s->p[k + 1] == '/' && s->p[k + 2] == '/') ||
      (s->n && s->p[0] == '/'))
    return;
  splice(s, 0, 0, "//");
}
/* vscode-uri's URI.parse(s), not strict: no scheme, so file */
void pt_in_relative_file(struct pstr *s) {
  if (!scheme_len(s->p, s->n))
    splice(s, 0, 0, "file:");
}
/* Node's legacy url.parse: a host follows every scheme but its
 * slashedProtocol (http, https, ftp, gopher, file) and hostlessProtocol
 * (javascript) ones, with or without "//" */
void pt_in_authority_implied(struct pstr *s) {
  static const char *const own[] = {"http",   "https", "ftp",
                                    "gopher", "file",  "javascript"};
  size_t k = scheme_len(s->p, s->n);
  if (!k)
    return;
  for (size_t i = 0; i < sizeof own / sizeof *own; i++)
    if (k == strlen(own[i]) && !strncasecmp(s->p, own[i], k))
      return;
  if (k + 2 < s->n && s->p[k + 1] == '/' && s->p[k + 2] == '/')
    return;
  splice(s, k + 1, k + 1, "//");
}
void pt_in_backslash(struct pstr *s) {
  for (size_t i = 0; i < s->n; i++)
    if (s->p[i] == '\\')
      s->p[i] = '/';
}
/* RFC 3986 2: unreserved, reserved or "%" */
static int is_uri_octet(unsigned char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
         (c >= '0' && c <= '9') || (c && strchr("-._~:/?#[]@!$&'()*+,;=%", c));
}
/* S with every octet KEEP refuses written %XX */
void pct_encode_where(struct pstr *s, int (*keep)(unsigned char)) {
  static const char hex[] = "0123456789ABCDEF";
  if (!s->def)
    return;
  char *q = malloc(3 * s->n + 1);
  size_t j = 0;
  if (!q)
    abort();
  for (size_t i = 0; i < s->n; i++) {
    unsigned char c = (unsigned char)s->p[i];
    if (keep(c)) {
      q[j++] = (char)c;
      continue;
    }
    q[j++] = '%';
    q[j++] = hex[c >> 4];
    q[j++] = hex[c & 15];
  }
  pstr_set(s, q, j);
  free(q);
}
void pt_in_pct_encode(struct pstr *s) {
  pct_encode_where(s, is_uri_octet);
}

/* a "%" that starts no pct-encoded (2.1) written "%25" */
void pt_in_lone_percent(struct pstr *s) {
  size_t n = 0;
  for (size_t i = 0; i < s->n; i++)
    n += s->p[i] == '%';
  char *q = malloc(s->n + 2 * n + 1);
  size_t j = 0;
  if (!q)
    abort();
  for (size_t i = 0; i < s->n; i++) {
    q[j++] = s->p[i];
    if (s->p[i] == '%' &&
        !(i + 2 < s->n && is_hex((unsigned char)s->p[i + 1]) &&
          is_hex((unsigned char)s->p[i + 2])))
      q[j++] = '2', q[j++] = '5';
  }
  free(s->p);
  s->p = q;
  s->n = j;
}

/* ---- reading rewrites --------------------------------------------------- */

typedef void (*reading_fn)(struct prd *r);

/* authority = [ userinfo "@" ] host [ ":" port ] (3.2), after a rewrite */
void prd_rebuild_authority(struct prd *r) {
  if (!r->c[C_AUTH].def)
    return;
  struct pstr *u = &r->c[C_USER], *h = &r->c[C_HOST], *p = &r->c[C_PORT];
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
  pstr_set(&r->c[C_AUTH], a, j);
  free(a);
}
void pstr_lower(struct pstr *s) {
  for (size_t i = 0; i < s->n; i++)
    if (s->p[i] >= 'A' && s->p[i] <= 'Z')
      s->p[i] = (char)(s->p[i] + 32);
}
void pt_rw_scheme_lower(struct prd *r) {
  pstr_lower(&r->c[C_SCHEME]);
}
void pt_rw_host_lower(struct prd *r) {
  pstr_lower(&r->c[C_HOST]);
  prd_rebuild_authority(r);
}
/* RFC 3492 6.1 */
static size_t puny_adapt(size_t delta, size_t points, int first) {
  size_t k = 0;
  delta = first ? delta / 700 : delta / 2;
  delta += delta / points;
  while (delta > 35 * 26 / 2) {
    delta /= 35;
    k += 36;
  }
  return k + 36 * delta / (delta + 38);
}
static char puny_digit(size_t d) {
  return (char)(d < 26 ? 'a' + d : '0' + d - 26);
}
/* RFC 3492 6.3: "xn--" and the Punycode of the N octets of L, each one
 * code point, written into O (room for 5 + 11 N octets); its length */
static size_t punycode(const unsigned char *l, size_t n, char *o) {
  size_t j = 4, h, b = 0, delta = 0, bias = 72, m = 0x80;
  memcpy(o, "xn--", 4);
  for (size_t i = 0; i < n; i++)
    if (l[i] < 0x80)
      o[j++] = (char)l[i], b++;
  if (b)
    o[j++] = '-';
  for (h = b; h < n; delta++, m++) {
    size_t next = 256;
    for (size_t i = 0; i < n; i++)
      if (l[i] >= m && l[i] < next)
        next = l[i];
    delta += (next - m) * (h + 1);
    m = next;
    for (size_t i = 0; i < n; i++) {
      if (l[i] < m)
        delta++;
      if (l[i] != m)
        continue;
      size_t q = delta;
      for (size_t k = 36;; k += 36) {
        size_t t = k <= bias ? 1 : k >= bias + 26 ? 26 : k - bias;
        if (q < t)
          break;
        o[j++] = puny_digit(t + (q - t) % (36 - t));
        q = (q - t) / (36 - t);
      }
      o[j++] = puny_digit(q);
      bias = puny_adapt(delta, h + 1, h == b);
      delta = 0;
      h++;
    }
  }
  return j;
}
/* each label of a reg-name that holds a non-ASCII octet, in Punycode */
void pt_rw_host_punycode(struct prd *r) {
  struct pstr *h = &r->c[C_HOST];
  if (!pstr_is(&r->c[C_TYPE], "reg-name"))
    return;
  char *o = malloc(16 * h->n + 8);
  size_t j = 0, a = 0;
  if (!o)
    abort();
  for (size_t i = 0; i <= h->n; i++) {
    if (i < h->n && h->p[i] != '.')
      continue;
    const unsigned char *l = (const unsigned char *)h->p + a;
    int ascii = 1;
    for (size_t k = 0; k < i - a; k++)
      ascii &= l[k] < 0x80;
    if (ascii) {
      memcpy(o + j, l, i - a);
      j += i - a;
    } else {
      j += punycode(l, i - a, o + j);
    }
    if (i < h->n)
      o[j++] = '.';
    a = i + 1;
  }
  pstr_set(h, o, j);
  free(o);
  prd_rebuild_authority(r);
}
int pct_hexval(char c) {
  c = (char)(c | 0x20);
  return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 87 : -1;
}
void pct_decode(struct pstr *s) {
  size_t j = 0;
  for (size_t i = 0; s->def && i < s->n; i++) {
    int hi, lo;
    if (s->p[i] == '%' && i + 2 < s->n && (hi = pct_hexval(s->p[i + 1])) >= 0 &&
        (lo = pct_hexval(s->p[i + 2])) >= 0) {
      s->p[j++] = (char)(hi << 4 | lo);
      i += 2;
    } else {
      s->p[j++] = s->p[i];
    }
  }
  s->n = j;
}
void pt_rw_host_decode(struct prd *r) {
  pct_decode(&r->c[C_HOST]);
  prd_rebuild_authority(r);
}
void pt_rw_userinfo_decode(struct prd *r) {
  pct_decode(&r->c[C_USER]);
  prd_rebuild_authority(r);
}
/* path, query and fragment: percent-encoded unreserved octets decoded */
void pt_rw_unreserved_decode(struct prd *r) {
  static const int cs[] = {C_PATH, C_QUERY, C_FRAG};
  for (size_t i = 0; i < sizeof cs / sizeof cs[0]; i++)
    pct_normalize(&r->c[cs[i]], 0, 1);
}
static int is_graphic(unsigned char c) {
  return c > 0x20 && c < 0x7f;
}
void pt_rw_non_graphic_encode(struct prd *r) {
  pct_encode_where(&r->c[C_PATH], is_graphic);
  pct_encode_where(&r->c[C_QUERY], is_graphic);
  pct_encode_where(&r->c[C_FRAG], is_graphic);
}
void pt_rw_path_decode(struct prd *r) {
  pct_decode(&r->c[C_PATH]);
}
void pt_rw_all_decode(struct prd *r) {
  static const int cs[] = {C_USER, C_HOST, C_PATH, C_QUERY, C_FRAG};
  for (size_t i = 0; i < sizeof cs / sizeof cs[0]; i++)
    pct_decode(&r->c[cs[i]]);
  prd_rebuild_authority(r);
}
static int is_alnum(char c) {
  return (c >= '0' && c <= '9') || ((c | 0x20) >= 'a' && (c | 0x20) <= 'z');
}
/* The N octets the pct-encodings at S decode to, into O; 0 when one is
 * no "%" HEXDIG HEXDIG or they are no well-formed UTF-8 */
static int decode_utf8_run(const char *s, size_t n, char *o) {
  for (size_t i = 0; i < n; i++) {
    int hi = pct_hexval(s[3 * i + 1]), lo = pct_hexval(s[3 * i + 2]);
    if (hi < 0 || lo < 0)
      return 0;
    o[i] = (char)(hi << 4 | lo);
  }
  return codec_utf8_valid(o, n);
}
/* decodeURIComponent on each run of "%" ALNUM ALNUM, gracefully (vscode-uri):
 * a run that does not decode keeps its first triplet and the rest is
 * tried again */
static void pct_decode_utf8(struct pstr *s) {
  char *o = malloc(s->n + 1);
  size_t j = 0, i = 0;
  if (!o)
    abort();
  while (s->def && i < s->n) {
    size_t e = i;
    while (e + 2 < s->n && s->p[e] == '%' && is_alnum(s->p[e + 1]) &&
           is_alnum(s->p[e + 2]))
      e += 3;
    if (e == i) {
      o[j++] = s->p[i++];
      continue;
    }
    for (; i < e; i += 3) {
      if (decode_utf8_run(s->p + i, (e - i) / 3, o + j)) {
        j += (e - i) / 3;
        i = e;
        break;
      }
      memcpy(o + j, s->p + i, 3);
      j += 3;
    }
  }
  if (s->def)
    pstr_set(s, o, j);
  free(o);
}
void pt_rw_all_decode_utf8(struct prd *r) {
  static const int cs[] = {C_USER, C_HOST, C_PATH, C_QUERY, C_FRAG};
  for (size_t i = 0; i < sizeof cs / sizeof cs[0]; i++)
    pct_decode_utf8(&r->c[cs[i]]);
  prd_rebuild_authority(r);
}
/* inet_aton's forms: 1 to 4 parts, each decimal, octal (0...) or hex */
static int inet_aton_form(const struct pstr *h, unsigned long *addr) {
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
      int d = pct_hexval(h->p[i]);
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
void pt_rw_numeric_ipv4(struct prd *r) {
  unsigned long a;
  if (!pstr_is(&r->c[C_TYPE], "reg-name") || !inet_aton_form(&r->c[C_HOST], &a))
    return;
  char d[16];
  int n = snprintf(d, sizeof d, "%lu.%lu.%lu.%lu", a >> 24, (a >> 16) & 255,
                   (a >> 8) & 255, a & 255);
  pstr_set(&r->c[C_HOST], d, (size_t)n);
  pstr_set(&r->c[C_TYPE], "IPv4address", 11);
  prd_rebuild_authority(r);
}
/* a reg-name of four dot-separated decimal numbers up to 255, one with a
 * leading zero ("01.1.1.1"), read as an IPv4address as written */
void pt_rw_ipv4_zeros(struct prd *r) {
  struct pstr *h = &r->c[C_HOST];
  int parts = 0, digits = 0, v = 0;
  if (!pstr_is(&r->c[C_TYPE], "reg-name") || !h->n)
    return;
  for (size_t i = 0; i <= h->n; i++) {
    if (i == h->n || h->p[i] == '.') {
      if (!digits || v > 255)
        return;
      parts++, digits = 0, v = 0;
    } else if (h->p[i] >= '0' && h->p[i] <= '9' && digits < 4) {
      v = v * 10 + (h->p[i] - '0'), digits++;
    } else {
      return;
    }
  }
  if (parts == 4)
    pstr_set(&r->c[C_TYPE], "IPv4address", 11);
}
/* four dot-separated runs of digits, not an IPv4address ("489.1.1.1") */
static int ipv4_like(const struct pstr *h) {
  int parts = 1;
  if (!h->def || !h->n || h->p[0] == '.' || h->p[h->n - 1] == '.')
    return 0;
  for (size_t i = 0; i < h->n; i++)
    if (h->p[i] == '.')
      parts += i + 1 < h->n && h->p[i + 1] != '.' ? 1 : 100;
    else if (h->p[i] < '0' || h->p[i] > '9')
      return 0;
  return parts == 4;
}
void pt_rw_ipv4_like_dropped(struct prd *r) {
  if (pstr_is(&r->c[C_TYPE], "reg-name") && ipv4_like(&r->c[C_HOST])) {
    pstr_undef(&r->c[C_HOST]);
    pstr_undef(&r->c[C_TYPE]);
  }
}
void pt_rw_empty_host_dropped(struct prd *r) {
  if (r->c[C_HOST].def && !r->c[C_HOST].n) {
    pstr_undef(&r->c[C_HOST]);
    pstr_undef(&r->c[C_TYPE]);
  }
}
void pt_rw_empty_host_no_authority(struct prd *r) {
  if (r->c[C_HOST].def && !r->c[C_HOST].n) {
    pt_rw_empty_host_dropped(r);
    pstr_undef(&r->c[C_AUTH]);
  }
}
/* the host read with PRE before it or POST after it, a reg-name */
void host_widened(struct prd *r, const char *pre, const char *post) {
  struct pstr *h = &r->c[C_HOST];
  size_t a = strlen(pre), b = strlen(post);
  char *q = malloc(h->n + a + b + 1);
  if (!q)
    abort();
  memcpy(q, pre, a);
  memcpy(q + a, h->p, h->n);
  memcpy(q + a + h->n, post, b);
  pstr_set(h, q, h->n + a + b);
  free(q);
  pstr_set(&r->c[C_TYPE], "reg-name", 8);
}
/* "h:" read as the host "h:", no port */
void pt_rw_empty_port_in_host(struct prd *r) {
  struct pstr *p = &r->c[C_PORT];
  if (p->def && !p->n && r->c[C_HOST].def) {
    host_widened(r, "", ":");
    pstr_undef(p);
  }
}
/* the port read, with its ":", as part of the host, no port; an IP
 * literal's type stays */
void port_in_host(struct prd *r) {
  struct pstr *p = &r->c[C_PORT];
  char *post = malloc(p->n + 2);
  if (!post)
    abort();
  post[0] = ':';
  memcpy(post + 1, p->p, p->n);
  post[p->n + 1] = 0;
  struct pstr type = {0};
  pstr_set(&type, r->c[C_TYPE].p, r->c[C_TYPE].n);
  host_widened(r, "", post);
  if (r->c[C_HOST].p[0] == '[')
    pstr_set(&r->c[C_TYPE], type.p, type.n);
  pstr_undef(&type);
  free(post);
  pstr_undef(p);
}
/* The number of digits the port P starts with (0 when it is undefined). */
size_t port_digits(const struct pstr *p) {
  size_t d = 0;
  while (p->def && d < p->n && p->p[d] >= '0' && p->p[d] <= '9')
    d++;
  return d;
}
/* "h:1a" read as the host "h:1a", no port (Mojo::URL: a port is \d+) */
void pt_rw_non_digit_port_in_host(struct prd *r) {
  struct pstr *p = &r->c[C_PORT];
  size_t digits = port_digits(p);
  if (!p->def || !r->c[C_HOST].def || (p->n && digits == p->n))
    return;
  port_in_host(r);
}
/* "@h" read as the host "@h", no userinfo (Mojo::URL: a userinfo is
 * [^@]+) */
void pt_rw_empty_userinfo_in_host(struct prd *r) {
  struct pstr *u = &r->c[C_USER];
  if (u->def && !u->n && r->c[C_HOST].def) {
    host_widened(r, "@", "");
    pstr_undef(u);
  }
}
void pt_rw_pct_upper(struct prd *r) {
  for (int c = 0; c < NC; c++)
    if (c != C_TYPE && c != C_AUTH)
      pct_normalize(&r->c[c], 1, 0);
  prd_rebuild_authority(r);
}
void pt_rw_ipv6_brackets(struct prd *r) {
  struct pstr *h = &r->c[C_HOST];
  if (h->def && h->n >= 2 && h->p[0] == '[' && h->p[h->n - 1] == ']') {
    memmove(h->p, h->p + 1, h->n - 2);
    h->n -= 2;
  }
}
static void drop_if_empty(struct pstr *s) {
  if (s->def && !s->n)
    pstr_undef(s);
}
void pt_rw_empty_port(struct prd *r) {
  drop_if_empty(&r->c[C_PORT]);
  prd_rebuild_authority(r);
}
void pt_rw_port_zeros(struct prd *r) {
  struct pstr *p = &r->c[C_PORT];
  size_t i = 0;
  while (p->def && i + 1 < p->n && p->p[i] == '0')
    i++;
  if (i) {
    memmove(p->p, p->p + i, p->n - i);
    p->n -= i;
    prd_rebuild_authority(r);
  }
}
void pt_rw_default_port(struct prd *r) {
  static const char *const d[][2] = {{"http", "80"},
                                     {"https", "443"},
                                     {"ws", "80"},
                                     {"wss", "443"},
                                     {"ftp", "21"}};
  struct pstr *s = &r->c[C_SCHEME];
  for (size_t i = 0; s->def && i < sizeof d / sizeof d[0]; i++)
    if (s->n == strlen(d[i][0]) && !strncasecmp(s->p, d[i][0], s->n) &&
        pstr_is(&r->c[C_PORT], d[i][1])) {
      pstr_undef(&r->c[C_PORT]);
      prd_rebuild_authority(r);
    }
}
void pt_rw_empty_userinfo(struct prd *r) {
  drop_if_empty(&r->c[C_USER]);
  prd_rebuild_authority(r);
}
void pt_rw_empty_query(struct prd *r) {
  drop_if_empty(&r->c[C_QUERY]);
}
void pt_rw_empty_fragment(struct prd *r) {
  drop_if_empty(&r->c[C_FRAG]);
}
void pt_rw_absent_as_empty(struct prd *r) {
  for (int c = 0; c < NC; c++)
    if (c != C_TYPE && !r->c[c].def)
      pstr_set(&r->c[c], "", 0);
}
void pt_rw_empty_authority_parts(struct prd *r) {
  drop_if_empty(&r->c[C_USER]);
  drop_if_empty(&r->c[C_PORT]);
  if (r->c[C_HOST].def && !r->c[C_HOST].n) {
    pstr_undef(&r->c[C_HOST]);
    pstr_undef(&r->c[C_TYPE]);
  }
}
/* Go's URL.String: "//" after a scheme whenever the path is absolute */
void pt_rw_empty_authority_written(struct prd *r) {
  const struct pstr *p = &r->c[C_PATH];
  if (!r->c[C_SCHEME].def || r->c[C_AUTH].def || !p->def || !p->n ||
      p->p[0] != '/')
    return;
  pstr_set(&r->c[C_AUTH], "", 0);
  pstr_set(&r->c[C_HOST], "", 0);
  pstr_set(&r->c[C_TYPE], "reg-name", 8);
}
void pt_rw_registry_authority(struct prd *r) {
  if (!r->c[C_AUTH].def)
    return;
  for (int c = C_USER; c <= C_PORT; c++)
    pstr_undef(&r->c[c]);
}
void pt_rw_network_path(struct prd *r) {
  if (r->c[C_SCHEME].def || !r->c[C_AUTH].def)
    return;
  struct pstr *a = &r->c[C_AUTH], *p = &r->c[C_PATH];
  char *q = malloc(a->n + p->n + 3);
  if (!q)
    abort();
  memcpy(q, "//", 2);
  memcpy(q + 2, a->p, a->n);
  if (p->n)
    memcpy(q + 2 + a->n, p->p, p->n);
  pstr_set(p, q, a->n + p->n + 2);
  free(q);
  for (int c = C_AUTH; c <= C_PORT; c++)
    pstr_undef(&r->c[c]);
}
void pt_rw_dot_segments(struct prd *r) {
  struct pstr *p = &r->c[C_PATH];
  size_t n = 0;
  char *o = malloc(p->n + 1);
  if (!o)
    abort();
  if (rfc3986_remove_dot_segments(p->p, p->n, o, p->n + 1, &n) == RFC3986_OK)
    pstr_set(p, o, n);
  free(o);
}
void pt_rw_path_rooted(struct prd *r) {
  struct pstr *p = &r->c[C_PATH];
  if (p->def && (!p->n || p->p[0] != '/'))
    pstr_prepend(p, "/", 1);
}
void pt_rw_empty_path_slash(struct prd *r) {
  if (r->c[C_AUTH].def && r->c[C_PATH].n == 0)
    pstr_set(&r->c[C_PATH], "/", 1);
}

static int is_unreserved(unsigned char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
         (c >= '0' && c <= '9') || c == '-' || c == '.' || c == '_' || c == '~';
}
/* 6.2.2.1 hex digits upper-cased, 6.2.2.2 unreserved octets decoded */
void pct_normalize(struct pstr *s, int upper, int decode) {
  size_t j = 0;
  for (size_t i = 0; s->def && i < s->n; i++) {
    int hi, lo;
    if (s->p[i] != '%' || i + 2 >= s->n || (hi = pct_hexval(s->p[i + 1])) < 0 ||
        (lo = pct_hexval(s->p[i + 2])) < 0) {
      s->p[j++] = s->p[i];
    } else if (decode && is_unreserved((unsigned char)(hi << 4 | lo))) {
      s->p[j++] = (char)(hi << 4 | lo);
      i += 2;
    } else {
      s->p[j++] = '%';
      s->p[j++] = upper && s->p[i + 1] >= 'a' ? s->p[i + 1] - 32 : s->p[i + 1];
      s->p[j++] = upper && s->p[i + 2] >= 'a' ? s->p[i + 2] - 32 : s->p[i + 2];
      i += 2;
    }
  }
  s->n = j;
}