/*
 * predict_pct_sets.c: the rewrite of pct-encode-sets-by-component
 * (predict_table.c's table): each component percent-encodes the octets of its
 * own set, as the URL Standard's percent-encode sets name them (the C0
 * control, fragment, query, special-query, path and userinfo sets).
 */
#include "predict_impl.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* The set being encoded beyond the C0 control percent-encode set (C0
 * controls and above "~"), one per component */
#define FRAGMENT_SET " \"<>`"
#define QUERY_SET " \"#<>"
#define SPECIAL_QUERY_SET QUERY_SET "'"
#define PATH_SET QUERY_SET "?^`{}"
#define USERINFO_SET PATH_SET "/:;=@[\\]|"
static _Thread_local const char *set_beyond_c0;
static int keep(unsigned char c) {
  return c >= 0x20 && c <= 0x7e && !strchr(set_beyond_c0, c);
}
/* S with the octets of the C0 control set and of SET percent-encoded */
static void encode(struct pstr *s, const char *set) {
  set_beyond_c0 = set;
  pct_encode_where(s, keep);
}

/* the URL Standard's special schemes */
static int scheme_special(const struct pstr *s) {
  static const char *const special[] = {"ftp",   "file", "http",
                                        "https", "ws",   "wss"};
  for (size_t i = 0; s->def && i < sizeof special / sizeof *special; i++)
    if (strlen(special[i]) == s->n && !strncasecmp(s->p, special[i], s->n))
      return 1;
  return 0;
}

/* the userinfo: user and password each rewritten by EACH, the first ":"
 * between them kept (dropped with an empty password, BARE_USER) */
static void userinfo_parts(struct pstr *u, void (*each)(struct pstr *),
                           int bare_user) {
  const char *colon = u->def ? memchr(u->p, ':', u->n) : NULL;
  if (!colon) {
    each(u);
    return;
  }
  struct pstr user = {0}, pass = {0};
  pstr_set(&user, u->p, (size_t)(colon - u->p));
  pstr_set(&pass, colon + 1, u->n - user.n - 1);
  each(&user);
  each(&pass);
  int sep = !(bare_user && !pass.n);
  char *o = malloc(user.n + pass.n + 2);
  if (!o)
    abort();
  memcpy(o, user.p, user.n);
  o[user.n] = ':';
  memcpy(o + user.n + (size_t)sep, pass.p, pass.n);
  pstr_set(u, o, user.n + pass.n + (size_t)sep);
  free(o);
  pstr_undef(&user);
  pstr_undef(&pass);
}
static void userinfo_set_encode(struct pstr *s) {
  encode(s, USERINFO_SET);
}

/* encodeURIComponent's unescaped octets */
static int uri_component(unsigned char c) {
  return (c >= '0' && c <= '9') || ((c | 0x20) >= 'a' && (c | 0x20) <= 'z') ||
         (c && strchr("-_.!~*'()", c));
}
static void uri_component_recode(struct pstr *s) {
  pct_decode(s);
  pct_encode_where(s, uri_component);
}
/* userinfo-uri-component-recoded: url-parse's
 * encodeURIComponent(decodeURIComponent(part)) on user and password */
void pt_rw_userinfo_recoded(struct prd *r) {
  userinfo_parts(&r->c[C_USER], uri_component_recode, 1);
  prd_rebuild_authority(r);
}

void pt_rw_pct_encode_sets(struct prd *r) {
  int special = scheme_special(&r->c[C_SCHEME]);
  struct pstr *path = &r->c[C_PATH];
  int opaque = r->c[C_SCHEME].def && !r->c[C_AUTH].def &&
               !(path->n && path->p[0] == '/');
  userinfo_parts(&r->c[C_USER], userinfo_set_encode, 0);
  if (!special)
    encode(&r->c[C_HOST], "");
  encode(path, opaque ? "" : PATH_SET);
  encode(&r->c[C_QUERY], special ? SPECIAL_QUERY_SET : QUERY_SET);
  encode(&r->c[C_FRAG], FRAGMENT_SET);
  prd_rebuild_authority(r);
}

/* RFC 3986's octets of a component: unreserved, sub-delims, "%" and
 * MORE */
static _Thread_local const char *rfc_more;
static int rfc_keep(unsigned char c) {
  return (c >= '0' && c <= '9') || ((c | 0x20) >= 'a' && (c | 0x20) <= 'z') ||
         (c && (strchr("-._~!$&'()*+,;=%", c) || strchr(rfc_more, c)));
}
static void rfc_encode(struct pstr *s, const char *more) {
  rfc_more = more;
  pct_encode_where(s, rfc_keep);
}
/* pct-encode-outside-component-rule: uri-js's _normalizeComponentEncoding
 * (its NOT_USERINFO, NOT_HOST, NOT_PATH, NOT_PATH_NOSCHEME, NOT_QUERY
 * sets) */
void pt_rw_pct_encode_rfc_sets(struct prd *r) {
  rfc_encode(&r->c[C_USER], ":");
  rfc_encode(&r->c[C_HOST], ":[]");
  rfc_encode(&r->c[C_PATH], r->c[C_SCHEME].def ? "/:@" : "/@");
  rfc_encode(&r->c[C_QUERY], ":@/?");
  rfc_encode(&r->c[C_FRAG], ":@/?");
  prd_rebuild_authority(r);
}

/* scheme-non-scheme-octets-removed: uri-js's NOT_SCHEME removed */
void pt_rw_scheme_cleaned(struct prd *r) {
  struct pstr *s = &r->c[C_SCHEME];
  size_t j = 0;
  for (size_t i = 0; s->def && i < s->n; i++) {
    unsigned char c = (unsigned char)s->p[i];
    if ((c >= '0' && c <= '9') || ((c | 0x20) >= 'a' && (c | 0x20) <= 'z') ||
        c == '+' || c == '-' || c == '.')
      s->p[j++] = (char)c;
  }
  s->n = s->def ? j : s->n;
}
