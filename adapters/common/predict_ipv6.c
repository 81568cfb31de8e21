/*
 * predict_ipv6.c: the rewrite of ipv6-first-zero-run-compressed
 * (predict_table.c's table), uri-js's _normalizeIPv6: an IPv6 literal's fields
 * lower-cased and stripped of leading zeros, placed as its split at "::"
 * places them, and the first longest run of two or more zero fields
 * written "::"; a literal that is no IPv6 address is left as it is.
 * Also ipv6-canonical (inet_ntop) and ipv6-url-serialized, the URL
 * Standard's IPv6 serializer.
 */
#include "predict_impl.h"

#include <arpa/inet.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NF 8

/* the fields of S (N octets) split at ":", each lower-cased, its leading
 * zeros stripped ("" read "0"), into F (at most NF); their number */
static int fields_of(const char *s, size_t n, char f[][16]) {
  int k = 0;
  for (size_t i = 0, a = 0; i <= n && k < NF; i++) {
    if (i < n && s[i] != ':')
      continue;
    while (a + 1 < i && s[a] == '0')
      a++;
    size_t l = i - a < 15 ? i - a : 15;
    for (size_t j = 0; j < l; j++)
      f[k][j] = (char)((s[a + j] >= 'A' && s[a + j] <= 'Z') ? s[a + j] + 32
                                                            : s[a + j]);
    f[k][l] = 0;
    if (!l)
      strcpy(f[k], "0");
    k++;
    a = i + 1;
  }
  return k;
}

static int zero_field(const char *f) {
  return !*f || !strcmp(f, "0");
}

/* the start of the first longest run of two or more ZERO fields of the N,
 * its length into *LEN; -1 (and 1) when there is none */
static int longest_zero_run(const int *zero, int n, int *len) {
  int best = -1;
  *len = 1;
  for (int x = 0, run = 0; x < n; x++) {
    run = zero[x] ? run + 1 : 0;
    if (run > *len) {
      *len = run;
      best = x - run + 1;
    }
  }
  return best;
}

void pt_rw_ipv6_urijs(struct prd *r) {
  struct pstr *h = &r->c[C_HOST];
  char first[NF][16], last[NF][16], fld[NF][16], out[160];
  unsigned char bin[16];
  if (!pstr_is(&r->c[C_TYPE], "IPv6address") || h->n < 3 || h->n > 60 ||
      memchr(h->p, '%', h->n))
    return;
  memcpy(out, h->p + 1, h->n - 2);
  out[h->n - 2] = 0;
  if (inet_pton(AF_INET6, out, bin) != 1)
    return; /* no IPv6 address: uri-js's IPV6ADDRESS does not match */
  const char *a = h->p + 1, *dc = NULL;
  size_t n = h->n - 2;
  for (size_t i = 0; i + 1 < n && !dc; i++)
    if (a[i] == ':' && a[i + 1] == ':')
      dc = a + i;
  int nf = dc && dc > a ? fields_of(a, (size_t)(dc - a), first) : 0;
  const char *l = dc ? dc + 2 : a;
  int nl = fields_of(l, n - (size_t)(l - a), last);
  int v4 = nl && strchr(last[nl - 1], '.');
  int count = v4 ? 7 : NF, start = nl - count, zero[NF], blen;
  for (int x = 0; x < count; x++) {
    const char *v = x < nf ? first[x] : NULL;
    if (!v && start + x >= 0 && start + x < nl)
      v = last[start + x];
    strcpy(fld[x], v ? v : "");
    zero[x] = zero_field(fld[x]);
  }
  int best = longest_zero_run(zero, count, &blen);
  size_t o = 1;
  out[0] = '[';
  for (int x = 0; x < count; x++) {
    if (best >= 0 && x >= best && x < best + blen) {
      o += (size_t)sprintf(out + o, "%s", x == best ? "::" : "");
      continue;
    }
    int sep = x && !(best >= 0 && x == best + blen);
    o += (size_t)sprintf(out + o, "%s%s", sep ? ":" : "", fld[x]);
  }
  out[o++] = ']';
  pstr_set(h, out, o);
  prd_rebuild_authority(r);
}

/* 1 when the host of R is an IPv6address literal, its address into B */
static int ipv6_host_address(const struct prd *r, unsigned char b[16]) {
  const struct pstr *h = &r->c[C_HOST];
  char in[64];
  if (!pstr_is(&r->c[C_TYPE], "IPv6address") || h->n < 3 || h->n > 60)
    return 0;
  memcpy(in, h->p + 1, h->n - 2);
  in[h->n - 2] = 0;
  return inet_pton(AF_INET6, in, b) == 1;
}
/* the host of R set to the literal OUT (N octets, "[" at OUT[0]) with its
 * closing "]" */
static void set_ipv6_host(struct prd *r, char *out, size_t n) {
  out[n++] = ']';
  pstr_set(&r->c[C_HOST], out, n);
  prd_rebuild_authority(r);
}
/* the RFC 5952 form inet_ntop writes; with ONLY_SHORTER only when it is
 * shorter than the literal as written */
static void ipv6_canonical(struct prd *r, int only_shorter) {
  unsigned char b[16];
  char out[64];
  if (!ipv6_host_address(r, b) || !inet_ntop(AF_INET6, b, out + 1, 62))
    return;
  out[0] = '[';
  size_t n = strlen(out);
  if (only_shorter && n + 1 >= r->c[C_HOST].n)
    return;
  set_ipv6_host(r, out, n);
}
/* ipv6-canonical */
void pt_rw_ipv6_canonical(struct prd *r) {
  ipv6_canonical(r, 0);
}
/* ipv6-canonical-if-shorter: curl's ipv6_parse */
void pt_rw_ipv6_canonical_shorter(struct prd *r) {
  ipv6_canonical(r, 1);
}
/* ipv6-url-serialized: the URL Standard's IPv6 serializer: the address's
 * eight pieces in lower-case hex without leading zeros, the first longest
 * run of two or more zero pieces written "::", an embedded IPv4 address
 * too ("[::FFFF:1.2.3.4]" read "[::ffff:102:304]") */
void pt_rw_ipv6_url(struct prd *r) {
  unsigned char b[16];
  char out[64];
  if (!ipv6_host_address(r, b))
    return;
  int zero[NF], blen;
  for (int x = 0; x < NF; x++)
    zero[x] = !b[2 * x] && !b[2 * x + 1];
  int best = longest_zero_run(zero, NF, &blen);
  size_t o = 1;
  out[0] = '[';
  for (int x = 0; x < NF; x++) {
    if (x == best)
      o += (size_t)sprintf(out + o, "::");
    if (best >= 0 && x >= best && x < best + blen)
      continue;
    o += (size_t)sprintf(out + o, "%s%x", o > 1 && out[o - 1] != ':' ? ":" : "",
                         (unsigned)(b[2 * x] << 8 | b[2 * x + 1]));
  }
  set_ipv6_host(r, out, o);
}
