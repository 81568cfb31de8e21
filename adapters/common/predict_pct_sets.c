/*
 * predict_pct_sets.c: the rewrite of pct-encode-sets-by-component
 * (predict.c's table): each component percent-encodes the octets of its
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

/* the userinfo: user and password each encoded, the first ":" between
 * them kept */
static void userinfo_encode(struct pstr *u) {
  const char *colon = u->def ? memchr(u->p, ':', u->n) : NULL;
  if (!colon) {
    encode(u, USERINFO_SET);
    return;
  }
  struct pstr user = {0}, pass = {0};
  pstr_set(&user, u->p, (size_t)(colon - u->p));
  pstr_set(&pass, colon + 1, u->n - user.n - 1);
  encode(&user, USERINFO_SET);
  encode(&pass, USERINFO_SET);
  char *o = malloc(user.n + pass.n + 2);
  if (!o)
    abort();
  memcpy(o, user.p, user.n);
  o[user.n] = ':';
  memcpy(o + user.n + 1, pass.p, pass.n);
  pstr_set(u, o, user.n + pass.n + 1);
  free(o);
  pstr_undef(&user);
  pstr_undef(&pass);
}

void pt_rw_pct_encode_sets(struct prd *r) {
  int special = scheme_special(&r->c[C_SCHEME]);
  struct pstr *path = &r->c[C_PATH];
  int opaque = r->c[C_SCHEME].def && !r->c[C_AUTH].def &&
               !(path->n && path->p[0] == '/');
  userinfo_encode(&r->c[C_USER]);
  if (!special)
    encode(&r->c[C_HOST], "");
  encode(path, opaque ? "" : PATH_SET);
  encode(&r->c[C_QUERY], special ? SPECIAL_QUERY_SET : QUERY_SET);
  encode(&r->c[C_FRAG], FRAGMENT_SET);
  prd_rebuild_authority(r);
}
