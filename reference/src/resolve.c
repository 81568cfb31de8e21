/*
 * resolve.c: RFC 3986 section 5.2, Relative Resolution: 5.2.1 (base),
 * 5.2.2 (transform references), 5.2.3 (merge paths), 5.2.4 (remove dot
 * segments); recomposition of the target as in 5.3.
 *
 * Nothing is allocated.  The target is built in the caller's buffer: when
 * it can hold the merged path before dot-segment removal, 5.2.4 runs as the
 * RFC writes it (steps A to E) in place; otherwise the needed length (and,
 * if it fits, the target) comes from a right-to-left pass over the same
 * path that pairs each ".." with the segment it removes.  Both are O(n);
 * the unit tests check that they agree.
 *
 * Choices where the RFC leaves room:
 * - non-strict mode compares R.scheme with Base.scheme case-insensitively
 *   (schemes are case-insensitive, 3.1), so HTTP:g resolves like http:g;
 * - a base with a fragment is RFC3986_ERR_BASE_HAS_FRAGMENT unless
 *   RFC3986_RESOLVE_STRIP_BASE_FRAGMENT (5.1: the fragment is "stripped"
 *   before use, which the caller asks for explicitly);
 * - on an error, err->rule is the start rule of the offending string
 *   (absolute-URI for the base, URI-reference for the reference) and
 *   err->offset the offset in it;
 * - *hazard is computed only when the target was written (RFC3986_OK).
 */
#include <string.h>

#include "dot_segments.h"
#include "grammar.h"
#include "producer.h"

const char *rfc3986_hazard_name(unsigned hazard) {
  switch (hazard) {
  case RFC3986_HAZARD_NONE:
    return "none";
  case RFC3986_HAZARD_PATH_LOOKS_LIKE_AUTHORITY:
    return "path-looks-like-authority";
  case RFC3986_HAZARD_SEGMENT_LOOKS_LIKE_SCHEME:
    return "segment-looks-like-scheme";
  case RFC3986_HAZARD_RELATIVE_PATH_CHANGED:
    return "relative-path-changed";
  default:
    return NULL;
  }
}

/* ---- 5.2.2 ----------------------------------------------------------------- */

/* A component of Base, R or T: a string, or undefined. */
struct component {
  const char *s;
  size_t len;
  int defined;
};

static struct component component_of(const rfc3986_uri *uri, rfc3986_span sp) {
  struct component c = {"", 0, 0};
  if (rfc3986_span_defined(sp)) {
    c.s = uri->input + sp.offset;
    c.len = sp.length;
    c.defined = 1;
  }
  return c;
}

static const struct component undefined_component = {"", 0, 0};

/* Schemes are case-insensitive (3.1), so "R.scheme == Base.scheme" is. */
static int same_scheme(struct component a, struct component b) {
  if (a.len != b.len)
    return 0;
  for (size_t i = 0; i < a.len; i++) {
    int x = (unsigned char)a.s[i], y = (unsigned char)b.s[i];
    if (x >= 'A' && x <= 'Z')
      x += 'a' - 'A';
    if (y >= 'A' && y <= 'Z')
      y += 'a' - 'A';
    if (x != y)
      return 0;
  }
  return 1;
}

static rfc3986_status fail(rfc3986_error *err, rfc3986_status status,
                           size_t offset, rfc3986_rule start) {
  if (err) {
    err->status = status;
    err->offset = offset;
    err->rule = start;
  }
  return status;
}

/*
 * 5.1/5.2.1: the base must be an absolute-URI.  Errors report err->rule =
 * RFC3986_RULE_absolute_URI (the base's start rule) and the offset in the
 * base.
 */
static rfc3986_status parse_base(const char *base, size_t len, rfc3986_uri *b,
                                 rfc3986_error *err,
                                 const rfc3986_observer *obs) {
  rfc3986_error e;
  rfc3986_uri tmp;
  if (rfc3986__producer_parse(base, len, RFC3986_RULE_URI, b, err ? &e : NULL,
                              obs) != RFC3986_OK) {
    if (rfc3986_parse_fast(base, len, RFC3986_RULE_relative_ref, &tmp, NULL) ==
        RFC3986_OK)
      return fail(err, RFC3986_ERR_BASE_NOT_ABSOLUTE, 0,
                  RFC3986_RULE_absolute_URI);
    return fail(err, RFC3986_ERR_SYNTAX, err ? e.offset : 0,
                RFC3986_RULE_absolute_URI);
  }
  return RFC3986_OK;
}

/* 5.1: a base with a fragment is rejected unless
 * RFC3986_RESOLVE_STRIP_BASE_FRAGMENT says to drop it (5.2.2 never reads
 * Base.fragment, so dropping it is ignoring it). */
static rfc3986_status base_fragment(const rfc3986_uri *b, unsigned flags,
                                    rfc3986_error *err) {
  if (rfc3986_span_defined(b->fragment) &&
      !(flags & RFC3986_RESOLVE_STRIP_BASE_FRAGMENT))
    return fail(err, RFC3986_ERR_BASE_HAS_FRAGMENT, b->fragment.offset - 1,
                RFC3986_RULE_absolute_URI);
  return RFC3986_OK;
}

static rfc3986_status resolve(const rfc3986_uri *base, const char *ref,
                              size_t ref_len, unsigned flags, char *out,
                              size_t cap, size_t *out_len, unsigned *hazard,
                              rfc3986_error *err, const rfc3986_observer *obs);

rfc3986_status rfc3986_resolve(const char *base, size_t base_len,
                               const char *ref, size_t ref_len, unsigned flags,
                               char *out, size_t cap, size_t *out_len,
                               unsigned *hazard, rfc3986_error *err) {
  return rfc3986_resolve_observed(base, base_len, ref, ref_len, flags, out, cap,
                                  out_len, hazard, err, NULL);
}

rfc3986_status rfc3986_resolve_observed(const char *base, size_t base_len,
                                        const char *ref, size_t ref_len,
                                        unsigned flags, char *out, size_t cap,
                                        size_t *out_len, unsigned *hazard,
                                        rfc3986_error *err,
                                        const rfc3986_observer *obs) {
  rfc3986_uri bu;
  rfc3986_status st;
  if (hazard)
    *hazard = RFC3986_HAZARD_NONE;
  if (out_len)
    *out_len = 0;
  if ((base == NULL && base_len > 0) || (ref == NULL && ref_len > 0) ||
      (out == NULL && cap > 0))
    return RFC3986_ERR_ARGUMENT;
  st = parse_base(base, base_len, &bu, err, obs);
  if (st != RFC3986_OK)
    return st;
  return resolve(&bu, ref, ref_len, flags, out, cap, out_len, hazard, err, obs);
}

rfc3986_status rfc3986_resolve_parsed(const rfc3986_uri *base, const char *ref,
                                      size_t ref_len, unsigned flags, char *out,
                                      size_t cap, size_t *out_len,
                                      unsigned *hazard, rfc3986_error *err) {
  if (hazard)
    *hazard = RFC3986_HAZARD_NONE;
  if (out_len)
    *out_len = 0;
  if (base == NULL || (base->input == NULL && base->input_len > 0) ||
      (ref == NULL && ref_len > 0) || (out == NULL && cap > 0))
    return RFC3986_ERR_ARGUMENT;
  if (base->kind != RFC3986_KIND_URI || !rfc3986_span_defined(base->scheme))
    return fail(err, RFC3986_ERR_BASE_NOT_ABSOLUTE, 0,
                RFC3986_RULE_absolute_URI);
  return resolve(base, ref, ref_len, flags, out, cap, out_len, hazard, err,
                 NULL);
}

/* 5.2.2 over a parsed base URI (kind URI). */
static rfc3986_status resolve(const rfc3986_uri *base, const char *ref,
                              size_t ref_len, unsigned flags, char *out,
                              size_t cap, size_t *out_len, unsigned *hazard,
                              rfc3986_error *err, const rfc3986_observer *obs) {
  const rfc3986_uri *bu = base;
  rfc3986_uri ru;
  struct component bscheme, bauth, bpath, bquery;
  struct component rscheme, rauth, rpath, rquery, rfrag;
  struct component tscheme, tauth, tquery, tfrag;
  /* T.path: the concatenation src.a src.b, dot segments removed or not */
  struct rfc3986__path_src src = {"", 0, "", 0, 0, obs};
  int remove_dots = 1;
  size_t n = 0, path_at, path_len, merged;
  rfc3986_status st;

  st = base_fragment(bu, flags, err);
  if (st != RFC3986_OK)
    return st;
  /* 5.2.1: "the reference must be parsed into the five URI components" */
  if (rfc3986__producer_parse(ref, ref_len, RFC3986_RULE_URI_reference, &ru,
                              err, obs) != RFC3986_OK) {
    if (err)
      err->rule = RFC3986_RULE_URI_reference;
    return RFC3986_ERR_SYNTAX;
  }
  bscheme = component_of(bu, bu->scheme);
  bauth = component_of(bu, bu->authority);
  bpath = component_of(bu, bu->path);
  bquery = component_of(bu, bu->query);
  rscheme = component_of(&ru, ru.scheme);
  rauth = component_of(&ru, ru.authority);
  rpath = component_of(&ru, ru.path);
  rquery = component_of(&ru, ru.query);
  rfrag = component_of(&ru, ru.fragment);

  /* -- A non-strict parser may ignore a scheme in the reference
   * -- if it is identical to the base URI's scheme. */
  if ((flags & RFC3986_RESOLVE_NON_STRICT) && rscheme.defined &&
      same_scheme(
          rscheme,
          bscheme)) /* if ((not strict) and (R.scheme == Base.scheme)) then */
    rscheme = undefined_component; /*   undefine(R.scheme); */
  if (rscheme.defined) {           /* if defined(R.scheme) then */
    tscheme = rscheme;             /*   T.scheme    = R.scheme; */
    tauth = rauth;                 /*   T.authority = R.authority; */
    src.a = rpath.s; /*   T.path      = remove_dot_segments(R.path); */
    src.alen = rpath.len;
    tquery = rquery;     /*   T.query     = R.query; */
  } else {               /* else */
    if (rauth.defined) { /*   if defined(R.authority) then */
      tauth = rauth;     /*     T.authority = R.authority; */
      src.a = rpath.s;   /*     T.path      = remove_dot_segments(R.path); */
      src.alen = rpath.len;
      tquery = rquery;      /*     T.query     = R.query; */
    } else {                /*   else */
      if (rpath.len == 0) { /*     if (R.path == "") then */
        src.a = bpath.s;    /*       T.path = Base.path; */
        src.alen = bpath.len;
        remove_dots = 0;
        if (rquery.defined)      /*       if defined(R.query) then */
          tquery = rquery;       /*         T.query = R.query; */
        else                     /*       else */
          tquery = bquery;       /*         T.query = Base.query; */
      } else {                   /*     else */
        if (rpath.s[0] == '/') { /*       if (R.path starts-with "/") then */
          src.a = rpath.s; /*         T.path = remove_dot_segments(R.path); */
          src.alen = rpath.len;
        } else { /*       else */
          /* T.path = merge(Base.path, R.path);  (5.2.3) */
          if (bauth.defined && bpath.len == 0) {
            /* "/" concatenated with the reference's path */
            src.a = "/";
            src.alen = 1;
          } else {
            /* the reference's path appended to all but the last segment
             * of the base URI's path */
            size_t keep = bpath.len;
            while (keep > 0 && bpath.s[keep - 1] != '/')
              keep--;
            src.a = bpath.s;
            src.alen = keep;
          }
          src.b = rpath.s;
          src.blen = rpath.len;
          /* T.path = remove_dot_segments(T.path); (below) */
        }                /*       endif; */
        tquery = rquery; /*       T.query = R.query; */
      }                  /*     endif; */
      tauth = bauth;     /*     T.authority = Base.authority; */
    }                    /*   endif; */
    tscheme = bscheme;   /*   T.scheme = Base.scheme; */
  }                      /* endif; */
  tfrag = rfrag;         /* T.fragment = R.fragment; */

  /* 5.3 recomposition of T into OUT */
  rfc3986__put(out, cap, &n, tscheme.s,
               tscheme.len); /* T always has a scheme */
  rfc3986__put(out, cap, &n, ":", 1);
  if (tauth.defined) {
    rfc3986__put(out, cap, &n, "//", 2);
    rfc3986__put(out, cap, &n, tauth.s, tauth.len);
  }
  path_at = n;
  merged = src.alen + src.blen;
  if (path_at + merged <= cap) {
    /* room for the merged path: 5.2.4 in place, as written */
    rfc3986__put(out, cap, &n, src.a, src.alen);
    rfc3986__put(out, cap, &n, src.b, src.blen);
    path_len =
        remove_dots
            ? rfc3986__remove_dot_segments_in_place(out + path_at, merged, obs)
            : merged;
    n = path_at + path_len;
  } else if (remove_dots) {
    /* no room for the merged path: its dot segments removed may fit */
    path_len = rfc3986__remove_dot_segments_reverse(&src, NULL);
    if (path_at + path_len <= cap)
      rfc3986__remove_dot_segments_reverse(&src, out + path_at);
    n = path_at + path_len;
  } else {
    path_len = merged;
    n = path_at + merged; /* does not fit: the length needed only */
  }
  if (tquery.defined) {
    rfc3986__put(out, cap, &n, "?", 1);
    rfc3986__put(out, cap, &n, tquery.s, tquery.len);
  }
  if (tfrag.defined) {
    rfc3986__put(out, cap, &n, "#", 1);
    rfc3986__put(out, cap, &n, tfrag.s, tfrag.len);
  }
  if (out_len)
    *out_len = n;
  if (n > cap)
    return RFC3986_ERR_BUFFER;
  /* A target without authority whose path begins with "//" would reparse
   * with one (the RFC's algorithm does not guard against it). */
  if (hazard && !tauth.defined && path_len >= 2 && out[path_at] == '/' &&
      out[path_at + 1] == '/')
    *hazard |= RFC3986_HAZARD_PATH_LOOKS_LIKE_AUTHORITY;
  if (err) {
    err->status = RFC3986_OK;
    err->offset = 0;
    err->rule = RFC3986_RULE_NONE;
  }
  return RFC3986_OK;
}
