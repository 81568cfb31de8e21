/*
 * predict_authority.c: reading rewrites that drop a whole authority, or
 * the scheme with it (predict.c's table, adapters/BEHAVIOURS.md
 * "Transforms").
 */
#include "predict_impl.h"

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
