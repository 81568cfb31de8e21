/* lab_wire.c: the octets the fetch lab reads and writes (lab_wire.h):
 * DNS (RFC 1035 4.1), an HTTP/1.1 request head (RFC 9112 2.1, 3.2) and a
 * TLS ClientHello (RFC 8446 4.1.2, server_name of RFC 6066 3). */
#include "lab_wire.h"

#include <string.h>

void lab_addr4(unsigned k, unsigned char out[4]) {
  unsigned v = (198u << 24 | 18u << 16) + k;
  out[0] = (unsigned char)(v >> 24);
  out[1] = (unsigned char)(v >> 16);
  out[2] = (unsigned char)(v >> 8);
  out[3] = (unsigned char)v;
}

void lab_addr6(unsigned k, unsigned char out[16]) {
  memset(out, 0, 16);
  out[0] = 0x20, out[1] = 0x01, out[3] = 0x02;
  out[13] = (unsigned char)(k >> 16);
  out[14] = (unsigned char)(k >> 8);
  out[15] = (unsigned char)k;
}

unsigned lab_name_of(const unsigned char *a, size_t n) {
  unsigned char want[16];
  unsigned k;
  if (n == 4) {
    unsigned v = (unsigned)a[0] << 24 | (unsigned)a[1] << 16 |
                 (unsigned)a[2] << 8 | a[3];
    k = v - (198u << 24 | 18u << 16);
    return v >= (198u << 24 | 18u << 16) && k >= 1 && k <= LAB_MAX_NAMES ? k
                                                                         : 0;
  }
  if (n != 16)
    return 0;
  k = (unsigned)a[13] << 16 | (unsigned)a[14] << 8 | a[15];
  lab_addr6(k, want);
  return k >= 1 && k <= LAB_MAX_NAMES && !memcmp(a, want, 16) ? k : 0;
}

static unsigned get16(const unsigned char *p) {
  return (unsigned)p[0] << 8 | p[1];
}

static void put16(unsigned char *p, unsigned v) {
  p[0] = (unsigned char)(v >> 8);
  p[1] = (unsigned char)v;
}

int dns_read_query(const unsigned char *msg, size_t len,
                   struct dns_question *q) {
  /* header: id, flags (QR must be 0), qd, an, ns, ar counts */
  if (len < 12 || (msg[2] & 0x80) || get16(msg + 4) != 1)
    return -1;
  size_t at = 12;
  q->name_len = 0;
  for (;;) {
    if (at >= len)
      return -1;
    unsigned l = msg[at++];
    if (l == 0)
      break;
    if (l > 63 || at + l > len || q->name_len + l + 1 > 255)
      return -1; /* a pointer (0xC0) or a too long name */
    if (q->name_len)
      q->name[q->name_len++] = '.';
    memcpy(q->name + q->name_len, msg + at, l);
    q->name_len += l;
    at += l;
  }
  q->name[q->name_len] = 0;
  if (at + 4 > len)
    return -1;
  q->type = get16(msg + at);
  q->qclass = get16(msg + at + 2);
  q->end = at + 4;
  return 0;
}

size_t dns_answer(const unsigned char *msg, const struct dns_question *q,
                  const unsigned char *addr, unsigned char *out, size_t cap) {
  size_t rdlen = addr ? (q->type == 28 ? 16 : 4) : 0;
  size_t n = q->end + (addr ? 12 + rdlen : 0);
  if (n > cap)
    return 0;
  memcpy(out, msg, q->end);
  out[2] = (unsigned char)(0x80 | (msg[2] & 0x79) | 0x04); /* QR AA RD */
  out[3] = 0x80;                                           /* RA, NOERROR */
  put16(out + 6, addr ? 1 : 0);
  put16(out + 8, 0);
  put16(out + 10, 0); /* any OPT record of the query is not repeated */
  if (addr) {
    unsigned char *r = out + q->end;
    put16(r, 0xC00C); /* the question's name */
    put16(r + 2, q->type);
    put16(r + 4, 1);
    memset(r + 6, 0, 4);
    r[9] = 1; /* TTL 1 s */
    put16(r + 10, (unsigned)rdlen);
    memcpy(r + 12, addr, rdlen);
  }
  return n;
}

static const unsigned char *find(const unsigned char *p, size_t len,
                                 const char *needle) {
  size_t m = strlen(needle);
  for (size_t i = 0; i + m <= len; i++)
    if (!memcmp(p + i, needle, m))
      return p + i;
  return NULL;
}

enum wire_kind wire_classify(const unsigned char *p, size_t len) {
  if (len == 0)
    return WIRE_MORE;
  if (p[0] == 0x16) { /* a TLS handshake record */
    if (len < 5)
      return WIRE_MORE;
    return len >= 5 + get16(p + 3) ? WIRE_TLS : WIRE_MORE;
  }
  if (p[0] < 'A' || p[0] > 'Z')
    return WIRE_OTHER; /* a method is upper-case letters */
  return find(p, len, "\r\n\r\n") || find(p, len, "\n\n") ? WIRE_HTTP
                                                          : WIRE_MORE;
}

int wire_lower(int c) {
  return c >= 'A' && c <= 'Z' ? c + 32 : c;
}

size_t http_request_line(const unsigned char *p, size_t len) {
  size_t i = 0;
  while (i < len && p[i] != '\r' && p[i] != '\n')
    i++;
  return i;
}

int http_host(const unsigned char *p, size_t len, const unsigned char **val,
              size_t *vlen) {
  size_t i = http_request_line(p, len);
  while (i < len) {
    while (i < len && (p[i] == '\r' || p[i] == '\n'))
      i++;
    size_t e = i;
    while (e < len && p[e] != '\r' && p[e] != '\n')
      e++;
    if (e - i >= 5 && wire_lower(p[i]) == 'h' && wire_lower(p[i + 1]) == 'o' &&
        wire_lower(p[i + 2]) == 's' && wire_lower(p[i + 3]) == 't' &&
        p[i + 4] == ':') {
      size_t s = i + 5, t = e;
      while (s < t && (p[s] == ' ' || p[s] == '\t'))
        s++;
      while (t > s && (p[t - 1] == ' ' || p[t - 1] == '\t'))
        t--;
      *val = p + s;
      *vlen = t - s;
      return 0;
    }
    if (e == i)
      break;
    i = e;
  }
  return -1;
}

/* Skip a vector with an N-octet length at *AT: 0, or -1 past END. */
static int skip_vec(const unsigned char *p, size_t *at, size_t end, int n) {
  if (*at + (size_t)n > end)
    return -1;
  size_t l = n == 1 ? p[*at] : get16(p + *at);
  *at += (size_t)n + l;
  return *at > end ? -1 : 0;
}

/* The host_name of server_name extension data P[0..LEN). */
static int sni_of_ext(const unsigned char *p, size_t len,
                      const unsigned char **val, size_t *vlen) {
  if (len < 2 || 2 + get16(p) > len)
    return -1;
  size_t at = 2, end = 2 + get16(p);
  while (at + 3 <= end) {
    unsigned type = p[at], l = get16(p + at + 1);
    if (at + 3 + l > end)
      return -1;
    if (type == 0) {
      *val = p + at + 3;
      *vlen = l;
      return 0;
    }
    at += 3 + l;
  }
  return -1;
}

int tls_sni(const unsigned char *p, size_t len, const unsigned char **val,
            size_t *vlen) {
  if (len < 9 || p[0] != 0x16 || p[5] != 1)
    return -1;
  size_t end = 5 + (size_t)get16(p + 3);
  size_t hs_end = 9 + ((size_t)p[6] << 16 | (size_t)p[7] << 8 | p[8]);
  if (end > len || hs_end > end)
    return -1;
  size_t at = 9 + 2 + 32; /* legacy_version, random */
  if (at > hs_end || skip_vec(p, &at, hs_end, 1) ||
      skip_vec(p, &at, hs_end, 2) || skip_vec(p, &at, hs_end, 1))
    return -1; /* session id, cipher suites, compression methods */
  if (at + 2 > hs_end)
    return -1; /* no extensions */
  size_t ext_end = at + 2 + get16(p + at);
  if (ext_end > hs_end)
    return -1;
  at += 2;
  while (at + 4 <= ext_end) {
    unsigned type = get16(p + at), l = get16(p + at + 2);
    if (at + 4 + l > ext_end)
      return -1;
    if (type == 0)
      return sni_of_ext(p + at + 4, l, val, vlen);
    at += 4 + l;
  }
  return -1;
}
