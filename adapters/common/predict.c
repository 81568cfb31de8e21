/*
 * predict.c: the answer the transforms a behaviour's prediction names
 * compute (predict.h, adapters/BEHAVIOURS.md "Transforms"; their table is
 * predict_table.c): the input rewritten, read by librfc3986 when RFC 3986
 * accepts it (by Appendix B's split under appendix-b-split), resolved
 * (5.2.2) or normalized (6.2.2) but for the steps left out, and the
 * reading rewritten.  The rewrites themselves are predict_rewrite.c's.
 */
#include "predict_impl.h"

#include <arpa/inet.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "rfc3986.h"

#define HAS(p, name) tmask_has((p)->mask, (size_t)transform_named(name))

/* ---- reading ------------------------------------------------------------ */

static void rewrite_input(const struct prediction *p, const char *s, size_t n,
                          struct pstr *out) {
  pstr_set(out, s, n);
  for (size_t i = 0; i < transform_count; i++)
    if (tmask_has(p->mask, i) && transform_table[i].input)
      transform_table[i].input(out);
}

static void set_span(struct prd *r, int c, const char *s, rfc3986_span sp) {
  if (rfc3986_span_defined(sp))
    pstr_set(&r->c[c], s + sp.offset, sp.length);
}

/* Whether the span SP of S is a scheme: ALPHA *( ALPHA / DIGIT / "+" /
 * "-" / "." ) (3.1); an undefined one is. */
static int scheme_ok(const char *s, rfc3986_span sp) {
  if (!rfc3986_span_defined(sp))
    return 1;
  for (size_t i = 0; i < sp.length; i++) {
    unsigned char c = (unsigned char)s[sp.offset + i];
    int alpha = (c | 0x20) >= 'a' && (c | 0x20) <= 'z';
    if (!alpha &&
        (!i || !((c >= '0' && c <= '9') || c == '+' || c == '-' || c == '.')))
      return 0;
  }
  return sp.length > 0;
}

/* U's split with its scheme read as the start of a relative path: no
 * authority (the input does not start "//"), the path up to the first "?"
 * or "#" (where Appendix B's path ends). */
static void as_relative_path(rfc3986_uri *u) {
  rfc3986_span none = {RFC3986_UNDEFINED, 0};
  size_t end = u->path.offset + u->path.length;
  u->path.offset = 0;
  u->path.length = end;
  u->scheme = u->authority = u->userinfo = u->host = u->port = none;
}

/* LuaSocket's split: U as Appendix B's, but the authority running to the
 * first "/" after "//"; 1 when that authority holds a "?" or "#" (so
 * differs from Appendix B's), else 0 and U untouched. */
static int authority_to_slash(const struct pstr *s, rfc3986_uri *u) {
  rfc3986_split(s->p, s->n, u);
  size_t a = u->authority.offset, e = a;
  if (!rfc3986_span_defined(u->authority))
    return 0;
  while (e < s->n && s->p[e] != '/')
    e++;
  if (e == a + u->authority.length)
    return 0;
  rfc3986_uri rest;
  rfc3986_split(s->p + e, s->n - e, &rest);
  u->authority.length = e - a;
  u->path.offset = e + rest.path.offset;
  u->path.length = rest.path.length;
  u->query = rest.query;
  u->fragment = rest.fragment;
  if (rfc3986_span_defined(u->query))
    u->query.offset += e;
  if (rfc3986_span_defined(u->fragment))
    u->fragment.offset += e;
  return 1;
}

/* R's fragment put back where it was read from: after the query's "#",
 * or after the path's as "%23" */
static void fragment_unsplit(struct prd *r) {
  int q = r->c[C_QUERY].def;
  struct pstr *to = &r->c[q ? C_QUERY : C_PATH], *f = &r->c[C_FRAG];
  char *o = malloc(to->n + f->n + 4);
  if (!o)
    abort();
  memcpy(o, to->p, to->n);
  memcpy(o + to->n, q ? "#" : "%23", q ? 1 : 3);
  memcpy(o + to->n + (q ? 1 : 3), f->p, f->n);
  pstr_set(to, o, to->n + (q ? 1 : 3) + f->n);
  free(o);
  pstr_undef(f);
}

/* S read: librfc3986's reading when RFC 3986 accepts it; else, with
 * appendix-b-split, Appendix B's split, the authority split as
 * pt_split_authority says (-1 without). */
static int read_input(const struct prediction *p, const struct pstr *s,
                      struct prd *r) {
  rfc3986_uri u;
  int to_slash = HAS(p, "authority-ends-at-slash") && authority_to_slash(s, &u);
  int ok = !to_slash && rfc3986_parse(s->p, s->n, RFC3986_RULE_URI_reference,
                                      &u, NULL) == RFC3986_OK;
  if (!ok && !to_slash && !HAS(p, "appendix-b-split") &&
      !HAS(p, "bad-scheme-as-path") && !HAS(p, "bad-scheme-dropped"))
    return -1;
  if (!ok && !to_slash)
    rfc3986_split(s->p, s->n, &u);
  if (!ok && HAS(p, "bad-scheme-as-path") && !scheme_ok(s->p, u.scheme))
    as_relative_path(&u);
  if (!ok && HAS(p, "bad-scheme-dropped") && !scheme_ok(s->p, u.scheme))
    u.scheme.offset = RFC3986_UNDEFINED;
  set_span(r, C_SCHEME, s->p, u.scheme);
  set_span(r, C_AUTH, s->p, u.authority);
  set_span(r, C_PATH, s->p, u.path);
  set_span(r, C_QUERY, s->p, u.query);
  set_span(r, C_FRAG, s->p, u.fragment);
  if (HAS(p, "fragment-not-split") && r->c[C_FRAG].def)
    fragment_unsplit(r);
  if (!ok && r->c[C_AUTH].def) {
    pt_split_authority(r, s->p + u.authority.offset, u.authority.length,
                       HAS(p, "userinfo-ends-at-first-at") != 0);
  } else if (ok) {
    set_span(r, C_USER, s->p, u.userinfo);
    set_span(r, C_HOST, s->p, u.host);
    set_span(r, C_PORT, s->p, u.port);
    const char *t = rfc3986_host_type_name(u.host_type);
    if (t)
      pstr_set(&r->c[C_TYPE], t, strlen(t));
  }
  return 0;
}

static void rewrite_reading(const struct prediction *p, struct prd *r) {
  for (size_t i = 0; i < transform_count; i++)
    if (tmask_has(p->mask, i) && transform_table[i].reading)
      transform_table[i].reading(r);
}

static void rd_to_reading(const struct prd *r, struct adapter_reading *out) {
  out->valid = 1;
  for (int c = 0; c < NC; c++)
    if (r->c[c].def)
      reading_set(out, (rfc3986_component)c, r->c[c].p, r->c[c].n);
    else
      reading_set_null(out, (rfc3986_component)c);
}

/* 5.3: the reading recomposed into OUT's output */
static void recompose(const struct prd *r, struct adapter_reading *out) {
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

/* ---- resolve and normalize ---------------------------------------------- */

static void copy_str(struct pstr *d, const struct pstr *s) {
  if (s->def)
    pstr_set(d, s->p, s->n);
  else
    pstr_undef(d);
}
static void copy_authority(struct prd *t, const struct prd *r) {
  for (int c = C_AUTH; c <= C_PORT; c++)
    copy_str(&t->c[c], &r->c[c]);
}
static void remove_dots_as_named(const struct prediction *p, struct pstr *path);
static void remove_dots(const struct prediction *p, struct pstr *path) {
  int last_dot =
      !HAS(p, "dot-segments-kept") &&
      ((HAS(p, "final-dot-segment-slash-dropped") &&
        pt_dots_ends_in(path, 1)) ||
       (HAS(p, "last-dot-dot-slash-dropped") && pt_dots_ends_in(path, 0)));
  if (HAS(p, "leading-double-slash-collapsed") && path->n >= 2 &&
      path->p[0] == '/' && path->p[1] == '/')
    pstr_set(path, path->p + 1, path->n - 1);
  remove_dots_as_named(p, path);
  if (last_dot && path->n > 1 && path->p[path->n - 1] == '/')
    path->n--;
  else if (last_dot && pstr_is(path, "/") &&
           HAS(p, "final-dot-segment-root-dropped"))
    path->n = 0;
}
static void remove_dots_as_named(const struct prediction *p,
                                 struct pstr *path) {
  if (HAS(p, "last-dot-dot-kept")) {
    pt_dots_last_dot_dot_kept(path);
  } else if (HAS(p, "dot-segments-spliced")) {
    pt_dots_spliced(path);
  } else if (HAS(p, "root-popped-by-dot-dot")) {
    pt_dots_root_popped(path);
  } else if (HAS(p, "dot-segments-by-part-list")) {
    pt_dots_part_list(path);
  } else if (HAS(p, "dot-segments-by-split")) {
    pt_dots_split(path);
  } else if (HAS(p, "path-segments-rejoined")) {
    pt_dots_segments_rejoined(path);
  } else if (HAS(p, "root-dot-dot-drops-empty-segment") && path->n &&
             path->p[0] == '/') {
    pt_dots_root_dot_dot_drops_empty(path);
  } else if (HAS(p, "dot-segments-paired") && path->n && path->p[0] == '/') {
    pt_dots_paired(path);
  } else if (HAS(p, "dot-dot-above-root-kept")) {
    pt_dots_keep_above_root(path, HAS(p, "last-dot-dot-pops-kept-dot-dot"));
  } else if (!HAS(p, "dot-segments-kept")) {
    struct prd r;
    memset(&r, 0, sizeof r);
    r.c[C_PATH] = *path;
    pt_rw_dot_segments(&r);
    *path = r.c[C_PATH];
  }
}
/* 5.2.3 merge (no "/" before the reference with
 * empty-base-path-merged-bare) */
static void merge(const struct prediction *p, const struct prd *b,
                  const struct pstr *ref, struct pstr *out) {
  const struct pstr *bp = &b->c[C_PATH];
  size_t keep = 0;
  for (size_t i = 0; i < bp->n; i++)
    if (bp->p[i] == '/')
      keep = i + 1;
  int root = (b->c[C_AUTH].def && bp->n == 0 &&
              !HAS(p, "empty-base-path-merged-bare")) ||
             (!b->c[C_AUTH].def && HAS(p, "no-authority-base-merged-at-root"));
  char *m = malloc(keep + ref->n + 2);
  if (!m)
    abort();
  memcpy(m, root ? "/" : bp->p, root ? 1 : keep);
  memcpy(m + (root ? 1 : keep), ref->p, ref->n);
  pstr_set(out, m, (root ? 1 : keep) + ref->n);
  free(m);
}
/* Whether uriparser's segment list for the merged path M, left "/" by
 * remove_dot_segments, keeps a last empty segment: unless M's last
 * segment is a dot segment that nothing before it is left for. */
static int keeps_empty_segment(const struct pstr *m) {
  size_t l = m->n;
  while (l && m->p[l - 1] != '/')
    l--;
  const char *last = m->p + l;
  size_t ln = m->n - l;
  if (!(ln == 1 && *last == '.') && !(ln == 2 && !memcmp(last, "..", 2)))
    return 1;
  struct pstr x = {0};
  char *q = malloc(l + 2);
  if (!q)
    abort();
  memcpy(q, m->p, l);
  q[l] = 'x';
  pstr_set(&x, q, l + 1);
  free(q);
  struct prediction none = {0, {{0}}};
  remove_dots(&none, &x);
  int kept = !pstr_is(&x, "/x");
  pstr_undef(&x);
  return kept;
}
/* remove_dot_segments on the merged path PATH, and, with
 * empty-first-segment-dot-prefixed, a "." segment before an empty first
 * segment, as uriparser's resolution writes it (FixAmbiguity): with an
 * authority (AUTH) where the first two segments are empty ("//", "///x"
 * become "/.//", "/.///x"); without one where the first is ("//x" becomes
 * "/.//x", and "/" that keeps a last empty segment "/./").  A rootless merged path
 * (a base "s:b/c") is left as remove_dot_segments writes it. */
static void remove_dots_merged(const struct prediction *p, int auth,
                               struct pstr *path) {
  struct pstr m = {0};
  copy_str(&m, path);
  remove_dots(p, path);
  int abs = m.n && m.p[0] == '/';
  int dd = path->n >= 2 && path->p[0] == '/' && path->p[1] == '/' &&
           (!auth || path->n == 2 || path->p[2] == '/');
  int root = !auth && pstr_is(path, "/") && keeps_empty_segment(&m);
  if (HAS(p, "empty-first-segment-dot-prefixed") && abs && (dd || root))
    pstr_prepend(path, "/.", 2);
  pstr_undef(&m);
}
/* 5.2.2 (strict), T from base B and reference R */
static void resolve_rd(const struct prediction *p, const struct prd *b,
                       const struct prd *r, struct prd *t) {
  const struct pstr *rp = &r->c[C_PATH];
  if (HAS(p, "base-without-authority-not-merged") && !b->c[C_AUTH].def &&
      !r->c[C_SCHEME].def && !r->c[C_AUTH].def) {
    for (int c = 0; c < NC; c++)
      copy_str(&t->c[c], &r->c[c]);
    copy_str(&t->c[C_SCHEME], &b->c[C_SCHEME]);
    return;
  }
  if (r->c[C_SCHEME].def || r->c[C_AUTH].def) {
    copy_str(&t->c[C_SCHEME], &r->c[r->c[C_SCHEME].def ? C_SCHEME : C_FRAG]);
    copy_authority(t, r);
    copy_str(&t->c[C_PATH], rp);
    remove_dots(p, &t->c[C_PATH]);
    copy_str(&t->c[C_QUERY], &r->c[C_QUERY]);
  } else {
    if (rp->n == 0) {
      copy_str(&t->c[C_PATH], &b->c[C_PATH]);
      copy_str(&t->c[C_QUERY], &r->c[r->c[C_QUERY].def ? C_QUERY : C_FRAG]);
      if (!r->c[C_QUERY].def)
        copy_str(&t->c[C_QUERY], &b->c[C_QUERY]);
    } else {
      if (rp->p[0] == '/') {
        copy_str(&t->c[C_PATH], rp);
        remove_dots(p, &t->c[C_PATH]);
      } else {
        merge(p, b, rp, &t->c[C_PATH]);
        remove_dots_merged(p, b->c[C_AUTH].def, &t->c[C_PATH]);
        if (HAS(p, "empty-base-path-merged-bare") && b->c[C_AUTH].def &&
            t->c[C_PATH].n)
          pt_rw_path_rooted(t);
      }
      copy_str(&t->c[C_QUERY], &r->c[C_QUERY]);
    }
    copy_authority(t, b);
  }
  if (!r->c[C_SCHEME].def)
    copy_str(&t->c[C_SCHEME], &b->c[C_SCHEME]);
  copy_str(&t->c[C_FRAG], &r->c[C_FRAG]);
}

/* 6.2.2 syntax-based normalization, but for the steps P keeps out */
/* H's letters lower-cased, the hex digits of its percent-encodings not */
static void host_lower(struct pstr *h) {
  for (size_t i = 0; i < h->n; i++)
    if (h->p[i] == '%')
      i += 2; /* its hex digits stay upper-case */
    else if (h->p[i] >= 'A' && h->p[i] <= 'Z')
      h->p[i] = (char)(h->p[i] + 32);
}

static void normalize_rd(const struct prediction *p, struct prd *r) {
  int kase = !HAS(p, "case-kept"), dec = !HAS(p, "unreserved-pct-kept");
  int hkase = kase && !HAS(p, "host-case-kept");
  int early = hkase && HAS(p, "host-lowercased-before-pct-decoded");
  static const int cs[] = {C_USER, C_HOST, C_PATH, C_QUERY, C_FRAG};
  int whole = HAS(p, "host-lowercased-as-string");
  if (early)
    host_lower(&r->c[C_HOST]);
  if (whole)
    pstr_lower(&r->c[C_HOST]);
  for (size_t i = 0; i < sizeof cs / sizeof *cs; i++)
    if (!whole || cs[i] != C_HOST)
      pct_normalize(&r->c[cs[i]], kase, dec);
  if (hkase && !early)
    host_lower(&r->c[C_HOST]);
  if (kase)
    pstr_lower(&r->c[C_SCHEME]);
  remove_dots(p, &r->c[C_PATH]);
  prd_rebuild_authority(r);
}

/* A resolve's target or a normal form, by the algorithms above on the
 * rewritten inputs read, then the reading rewrites on it.  -1 when an
 * input cannot be read (RFC 3986 rejects it, no appendix-b-split) or the
 * base has no scheme (5.1). */
static int predict_output(const struct prediction *p, int resolve,
                          const struct pstr *in, const struct pstr *base,
                          struct adapter_reading *out) {
  struct prd r, b, t;
  memset(&r, 0, sizeof r);
  memset(&b, 0, sizeof b);
  memset(&t, 0, sizeof t);
  int rc = read_input(p, in, &r);
  if (rc == 0 && resolve) {
    rc = read_input(p, base, &b);
    if (rc == 0 && b.c[C_SCHEME].def && HAS(p, "reference-not-resolved"))
      for (int c = 0; c < NC; c++)
        copy_str(&t.c[c], &r.c[c]);
    else if (rc == 0 && b.c[C_SCHEME].def)
      resolve_rd(p, &b, &r, &t);
    else
      rc = -1;
  } else if (rc == 0) {
    normalize_rd(p, &r);
  }
  if (rc == 0) {
    rewrite_reading(p, resolve ? &t : &r);
    out->valid = 1;
    recompose(resolve ? &t : &r, out);
  }
  prd_free(&r);
  prd_free(&b);
  prd_free(&t);
  return rc;
}

int predict_answer(const struct prediction *p, const char *op, const char *in,
                   size_t len, const char *base, size_t base_len,
                   struct adapter_reading *out) {
  out->valid = 0;
  if (p->reject)
    return 0;
  int parse = !strcmp(op, "parse"), resolve = !strcmp(op, "resolve");
  if (!parse && !resolve && strcmp(op, "normalize")) {
    /* match, ...: the answer is a validity: accepted */
    struct tmask only = {{0}};
    tmask_add(&only, (size_t)transform_named("appendix-b-split"));
    out->valid = !tmask_cmp(p->mask, only);
    return out->valid ? 0 : -1;
  }
  if (resolve && !base)
    return -1;
  struct pstr s = {0}, b = {0};
  int rc = 0;
  rewrite_input(p, in, len, &s);
  if (parse) {
    struct prd r;
    memset(&r, 0, sizeof r);
    rc = read_input(p, &s, &r);
    rewrite_reading(p, &r);
    if (rc == 0)
      rd_to_reading(&r, out);
    prd_free(&r);
  } else {
    if (resolve)
      rewrite_input(p, base, base_len, &b);
    rc = predict_output(p, resolve, &s, &b, out);
  }
  pstr_undef(&s);
  pstr_undef(&b);
  return rc;
}

/* A value the answer leaves out agrees with any prediction. */
static int value_equal(const struct value *pv, const struct value *av) {
  return av->state == VALUE_ABSENT || value_same(pv, av);
}

int predict_equals(const struct adapter_reading *p,
                   const struct adapter_reading *a, int only_validity) {
  if (!p->valid || !a->valid)
    return p->valid == a->valid;
  if (only_validity)
    return 0;
  for (int c = 0; c < NC; c++)
    if (!value_equal(&p->comp[c], &a->comp[c]))
      return 0;
  return value_equal(&p->output, &a->output);
}
