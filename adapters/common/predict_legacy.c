/*
 * predict_legacy.c: the reading rewrites of Node's legacy url.parse (and
 * the url npm package, its port) that a prediction names: the host cut
 * where its hostname rules stop it, and its autoEscape set (predict_table.c's
 * table, adapters/BEHAVIOURS.md "Transforms").
 */
#include "predict_impl.h"

#include <stdlib.h>
#include <string.h>

/* url.parse's nonHostChars: they end the host */
static int non_host_octet(unsigned char c) {
  return c && strchr("%/?;#'{}|\\^`<> \"\r\n\t", c);
}
/* hostnamePartPattern's octets, and non-ASCII (read "x" there) */
static int hostname_octet(unsigned char c) {
  return c >= 0x80 || (c >= '0' && c <= '9') ||
         ((c | 0x20) >= 'a' && (c | 0x20) <= 'z') || c == '+' || c == '_' ||
         c == '-';
}
/* Where a hostname H (N octets) stops: its first octet that no label may
 * hold, or the 64th of a label; N when none */
static size_t hostname_end(const char *h, size_t n) {
  size_t label = 0;
  for (size_t i = 0; i < n; i++) {
    if (h[i] == '.')
      label = i + 1;
    else if (!hostname_octet((unsigned char)h[i]) || i - label >= 63)
      return i;
  }
  return n;
}
/* the path P with S (N octets) before it, and "/" first when SLASH */
static void path_prefixed(struct pstr *p, int slash, const char *s, size_t n) {
  pstr_prepend(p, s, n);
  if (slash)
    pstr_prepend(p, "/", 1);
}

/* url.parse's host: the authority after the userinfo ends at a
 * nonHostChar, the port is /:[0-9]*$/ of it, and a hostname that is no
 * "[...]" ends at the first octet its labels may not hold (LABELS; else at
 * its first ":"); what is cut off starts the path ("/" before the
 * hostname's part) */
static void host_cut(struct prd *r, int labels) {
  struct pstr *h = &r->c[C_HOST], *port = &r->c[C_PORT];
  if (!h->def)
    return;
  char *a = malloc(h->n + port->n + 2);
  if (!a)
    abort();
  if (h->n)
    memcpy(a, h->p, h->n);
  a[h->n] = ':';
  if (port->def && port->n)
    memcpy(a + h->n + 1, port->p, port->n);
  size_t n = h->n + (port->def ? port->n + 1 : 0), e = 0;
  while (e < n && !non_host_octet((unsigned char)a[e]))
    e++;
  size_t d = e, he = e;
  while (d && a[d - 1] >= '0' && a[d - 1] <= '9')
    d--;
  pstr_undef(port);
  if (d && a[d - 1] == ':') {
    pstr_set(port, a + d, e - d);
    he = d - 1;
  }
  struct pstr *path = &r->c[C_PATH];
  if (!path->def)
    pstr_set(path, "", 0);
  path_prefixed(path, 0, a + e, n - e);
  int literal = he > 1 && a[0] == '[' && a[he - 1] == ']';
  size_t cut = literal ? he : labels ? hostname_end(a, he) : 0;
  while (!labels && cut < he && a[cut] != ':')
    cut++;
  if (cut < he)
    path_prefixed(path, 1, a + cut, he - cut);
  else if (literal && (!path->n || path->p[0] != '/'))
    path_prefixed(path, 1, "", 0);
  pstr_set(h, a, cut > 255 ? 0 : cut);
  lenient_host_type(r);
  prd_rebuild_authority(r);
  free(a);
}

/* host-cut-at-non-hostname-octet: the url package's url.parse */
void pt_rw_host_cut_legacy(struct prd *r) {
  host_cut(r, 1);
}
/* host-cut-at-colon: Node's url.parse (its getHostname) */
void pt_rw_host_cut_colon(struct prd *r) {
  host_cut(r, 0);
}

static int not_autoescaped(unsigned char c) {
  return !c || !strchr("'{}|\\^`<> \"\r\n\t", c);
}
/* autoescape-set-pct-encoded: url.parse's autoEscape in the path, query
 * and fragment */
void pt_rw_autoescape(struct prd *r) {
  pct_encode_where(&r->c[C_PATH], not_autoescaped);
  pct_encode_where(&r->c[C_QUERY], not_autoescaped);
  pct_encode_where(&r->c[C_FRAG], not_autoescaped);
}
