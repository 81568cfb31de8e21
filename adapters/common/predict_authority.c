/*
 * predict_authority.c: the reading rewrites of the authority a prediction
 * names: its port, its host, the whole authority dropped, or a malformed
 * one read leniently (predict_table.c's table, adapters/BEHAVIOURS.md
 * "Transforms").
 */
#include "predict_impl.h"

#include "conditions_impl.h"

#include <arpa/inet.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* port-leading-digits-only: the port read up to its first non-digit
 * ("1a" read "1", "a" read ""), the authority as written */
void pt_rw_port_leading_digits(struct prd *r) {
  struct pstr *p = &r->c[C_PORT];
  size_t i = port_digits(p);
  if (p->def)
    p->n = i;
}

/* port-non-digit-starts-path: the port ends at its first non-digit; that
 * and what follows of it start the path ("1a" read port "1", path "a"
 * before the path read) */
void pt_rw_port_non_digit_path(struct prd *r) {
  struct pstr *p = &r->c[C_PORT], *path = &r->c[C_PATH];
  size_t i = port_digits(p);
  if (!p->def || i == p->n)
    return;
  size_t k = p->n - i, n = path->def ? path->n : 0;
  char *q = malloc(k + n + 1);
  if (!q)
    abort();
  memcpy(q, p->p + i, k);
  if (n)
    memcpy(q + k, path->p, n);
  pstr_set(path, q, k + n);
  free(q);
  p->n = i;
}

/* ip-literal-read-as-path: an IP literal ends the authority with an empty
 * host; it, the port after it (with its ":") and the path are the path,
 * the brackets written "%5B" and "%5D" */
static void ip_literal_to_path(struct prd *r, int encode) {
  struct pstr *h = &r->c[C_HOST], *p = &r->c[C_PORT], *path = &r->c[C_PATH];
  if (!h->def || !h->n || h->p[0] != '[')
    return;
  size_t n = h->n + 4 + (p->def ? p->n + 1 : 0) + path->n, j = 0;
  char *q = malloc(n + 1);
  if (!q)
    abort();
  for (size_t i = 0; i < h->n; i++)
    if (encode && (h->p[i] == '[' || h->p[i] == ']'))
      j += (size_t)sprintf(q + j, "%%5%c", h->p[i] == '[' ? 'B' : 'D');
    else
      q[j++] = h->p[i];
  if (p->def) {
    q[j++] = ':';
    memcpy(q + j, p->p, p->n);
    j += p->n;
  }
  memcpy(q + j, path->p, path->n);
  pstr_set(path, q, j + path->n);
  free(q);
  pstr_set(h, "", 0);
  pstr_set(&r->c[C_TYPE], "reg-name", 8);
  pstr_undef(p);
  prd_rebuild_authority(r);
}
void pt_rw_ip_literal_path(struct prd *r) {
  ip_literal_to_path(r, 1);
}
/* ip-literal-starts-path: the same, the brackets as written */
void pt_rw_ip_literal_raw_path(struct prd *r) {
  ip_literal_to_path(r, 0);
}

/* empty-host-authority-dropped: an empty host drops the authority whole,
 * its userinfo and port with it */
void pt_rw_empty_host_authority_dropped(struct prd *r) {
  if (!r->c[C_HOST].def || r->c[C_HOST].n)
    return;
  static const int cs[] = {C_AUTH, C_USER, C_HOST, C_TYPE, C_PORT};
  for (size_t i = 0; i < sizeof cs / sizeof *cs; i++)
    pstr_undef(&r->c[cs[i]]);
}

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
void pt_rw_port_cut_at_non_digit(struct prd *r) {
  struct pstr *p = &r->c[C_PORT];
  size_t d = port_digits(p);
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

/* An octet of RFC 3986's userinfo: unreserved, "%", sub-delims, ":";
 * with MORE ("@/?"), of its fragment */
static int is_userinfo_octet_or(unsigned char c, const char *more) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
         (c >= '0' && c <= '9') ||
         (c && (strchr("-._~%!$&'()*+,;=:", c) || strchr(more, c)));
}
static int is_userinfo_octet(unsigned char c) {
  return is_userinfo_octet_or(c, "");
}
/* "a b@h" read as the host "a b@h", no userinfo: a userinfo is read only
 * when all its octets are userinfo's (neon scans the authority's first
 * run of them for its "@") */
void pt_rw_bad_userinfo_in_host(struct prd *r) {
  struct pstr *u = &r->c[C_USER];
  size_t i = 0;
  while (u->def && i < u->n && is_userinfo_octet((unsigned char)u->p[i]))
    i++;
  if (!u->def || !r->c[C_HOST].def || i == u->n)
    return;
  char *pre = malloc(u->n + 2);
  if (!pre)
    abort();
  memcpy(pre, u->p, u->n);
  memcpy(pre + u->n, "@", 2);
  host_widened(r, pre, "");
  free(pre);
  pstr_undef(u);
  prd_rebuild_authority(r);
}

/* "//:8/p" read with the host ":8", no port: the port's ":" is looked for
 * after the host's first octet (neon) */
void pt_rw_port_of_empty_host_in_host(struct prd *r) {
  if (r->c[C_PORT].def && r->c[C_HOST].def && !r->c[C_HOST].n)
    port_in_host(r);
}

/* "#a b" read with the fragment "a": it ends before its first octet that
 * no fragment holds */
void pt_rw_fragment_cut_at_bad_octet(struct prd *r) {
  struct pstr *f = &r->c[C_FRAG];
  size_t i = 0;
  while (f->def && i < f->n &&
         is_userinfo_octet_or((unsigned char)f->p[i], "@/?"))
    i++;
  if (f->def)
    f->n = i;
}

/* hostless-authority-dropped: an authority with an empty host and no
 * userinfo ("//", "//:8") is read as none, its port with it */
void pt_rw_hostless_authority(struct prd *r) {
  if (!r->c[C_HOST].def || r->c[C_HOST].n || r->c[C_USER].def)
    return;
  pstr_undef(&r->c[C_AUTH]);
  pstr_undef(&r->c[C_HOST]);
  pstr_undef(&r->c[C_TYPE]);
  pstr_undef(&r->c[C_PORT]);
}

/* scheme-and-authority-dropped: only the path, query and fragment are
 * given ("a://h/p?q" read "/p?q") */
void pt_rw_scheme_and_authority(struct prd *r) {
  static const int drop[] = {C_SCHEME, C_AUTH, C_USER, C_HOST, C_TYPE, C_PORT};
  for (size_t i = 0; i < sizeof drop / sizeof *drop; i++)
    pstr_undef(&r->c[drop[i]]);
}

/* empty-port-unset: an empty port ("h:") is read as none, the authority
 * as written ("h:") */
void pt_rw_empty_port_unset(struct prd *r) {
  if (r->c[C_PORT].def && !r->c[C_PORT].n)
    pstr_undef(&r->c[C_PORT]);
}

/* empty-authority-dropped: an empty authority ("//", "s:///p") is read as
 * none */
void pt_rw_empty_authority(struct prd *r) {
  if (r->c[C_AUTH].def && !r->c[C_AUTH].n)
    pt_rw_hostless_authority(r);
}
