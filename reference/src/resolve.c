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

/* ---- 5.2.4, as written -------------------------------------------------- */

/*
 * Remove the last segment and its preceding "/" (if any) from the output
 * buffer out[0..w).  Each octet is stepped over at most once after it was
 * written, so this is amortized O(1) per octet of input.
 */
static size_t pop_last_segment(const char *out, size_t w) {
  while (w > 0 && out[w - 1] != '/') {
    rfc3986__cover_read();
    w--;
  }
  if (w > 0)
    w--;
  return w;
}

/*
 * 5.2.4 on buf[0..len), in place: the output buffer is buf[0..w), the
 * input buffer buf[r..len); w <= r throughout, since every step outputs at
 * most what it consumed.  Returns the length of the result.
 */
size_t rfc3986__remove_dot_segments_in_place(char *buf, size_t len) {
  /* 1. The input buffer is initialized with the now-appended path
   *    components and the output buffer is initialized to the empty string. */
  size_t r = 0, w = 0;
  /* 2. While the input buffer is not empty, loop as follows: */
  while (r < len) {
    const char *in = buf + r;
    rfc3986__cover_read();
    size_t n = len - r;
    if (n >= 3 && in[0] == '.' && in[1] == '.' && in[2] == '/') {
      /* A. If the input buffer begins with a prefix of "../" or "./", then
       *    remove that prefix from the input buffer; otherwise, */
      r += 3;
    } else if (n >= 2 && in[0] == '.' && in[1] == '/') {
      r += 2; /* A. "./" */
    } else if (n >= 3 && in[0] == '/' && in[1] == '.' && in[2] == '/') {
      /* B. if the input buffer begins with a prefix of "/./" or "/.", where
       *    "." is a complete path segment, then replace that prefix with "/";
       *    otherwise, */
      r += 2;
    } else if (n == 2 && in[0] == '/' && in[1] == '.') {
      r += 1; /* B. "/." at the end becomes "/" */
      buf[r] = '/';
    } else if (n >= 4 && in[0] == '/' && in[1] == '.' && in[2] == '.' &&
               in[3] == '/') {
      /* C. if the input buffer begins with a prefix of "/../" or "/..",
       *    where ".." is a complete path segment, then replace that prefix
       *    with "/" and remove the last segment and its preceding "/" (if
       *    any) from the output buffer; otherwise, */
      r += 3;
      w = pop_last_segment(buf, w);
    } else if (n == 3 && in[0] == '/' && in[1] == '.' && in[2] == '.') {
      r += 2; /* C. "/.." at the end becomes "/" */
      buf[r] = '/';
      w = pop_last_segment(buf, w);
    } else if ((n == 1 && in[0] == '.') ||
               (n == 2 && in[0] == '.' && in[1] == '.')) {
      /* D. if the input buffer consists only of "." or "..", then remove
       *    that from the input buffer; otherwise, */
      r = len;
    } else {
      /* E. move the first path segment in the input buffer to the end of
       *    the output buffer, including the initial "/" character (if any)
       *    and any subsequent characters up to, but not including, the next
       *    "/" character or the end of the input buffer. */
      size_t e = r + (in[0] == '/' ? 1 : 0);
      while (e < len && buf[e] != '/') {
        rfc3986__cover_read();
        e++;
      }
      memmove(buf + w, buf + r, e - r);
      w += e - r;
      r = e;
    }
  }
  /* 3. Finally, the output buffer is returned as the result of
   *    remove_dot_segments. */
  return w;
}

/* ---- 5.2.4, right to left ------------------------------------------------ */

static int src_at(const struct rfc3986__path_src *src, size_t i) {
  return (unsigned char)(i < src->alen ? src->a[i] : src->b[i - src->alen]);
}

/* The octet a pct-encoded triplet at I stands for when decoding, else -1.
 * The path comes from a parsed reference: its "%" always begins a
 * pct-encoded triplet, inside one segment. */
static int src_pct(const struct rfc3986__path_src *src, size_t i) {
  if (!src->decode || src_at(src, i) != '%')
    return -1;
  return rfc3986__hex_value(src_at(src, i + 1)) << 4 |
         rfc3986__hex_value(src_at(src, i + 2));
}

/* 1 when the segment [from, to) is "." (dots == 1) or ".." (dots == 2),
 * counting "%2E" as "." when decoding. */
static int src_is_dots(const struct rfc3986__path_src *src, size_t from,
                       size_t to, int dots) {
  int seen = 0;
  for (size_t i = from; i < to;) {
    rfc3986__cover_read();
    if (src_at(src, i) == '.') {
      i++;
    } else if (src_pct(src, i) == '.') {
      i += 3;
    } else {
      return 0;
    }
    if (++seen > dots)
      return 0;
  }
  return seen == dots;
}

/* Output length of the segment [from, to); written to OUT if non-NULL. */
static size_t src_copy(const struct rfc3986__path_src *src, size_t from,
                       size_t to, char *out) {
  size_t n = 0;
  for (size_t i = from; i < to;) {
    rfc3986__cover_read();
    int c = src_pct(src, i);
    if (c >= 0 && is_unreserved(c)) {
      if (out)
        out[n] = (char)c;
      n++;
      i += 3;
    } else if (c >= 0) {
      if (out) {
        out[n] = '%';
        out[n + 1] = rfc3986__upper_hex[c >> 4];
        out[n + 2] = rfc3986__upper_hex[c & 15];
      }
      n += 3;
      i += 3;
    } else {
      if (out)
        out[n] = (char)src_at(src, i);
      n++;
      i++;
    }
  }
  return n;
}

/*
 * Emit a chunk right to left: the output so far is out[*pos..end); the
 * chunk goes just before it.
 */
static void emit(const struct rfc3986__path_src *src, size_t from, size_t to,
                 int slash, char *out, size_t *pos, size_t *len) {
  size_t n = src_copy(src, from, to, NULL);
  *len += n + (slash ? 1 : 0);
  if (out) {
    *pos -= n;
    src_copy(src, from, to, out + *pos);
    if (slash)
      out[--*pos] = '/';
  }
}

/*
 * The same function as steps A to E, computed from the right: the output
 * is the segments that no later ".." removes, a ".." removing the nearest
 * surviving segment before it (a bracket matching, the same from either
 * end).  Steps A and D only ever apply to the start of the input, so they
 * are done first.  The iterator yields the output's chunks ("/" segment,
 * or the first segment without "/") from the last to the first.
 */
void rfc3986__rds_init(struct rfc3986__rds_iter *it,
                       const struct rfc3986__path_src *src) {
  size_t n = src->alen + src->blen, start = 0;
  it->src = src;
  it->skip = 0;
  it->e = n;
  it->state = 1;
  /* A (and D): leading "../" and "./" are removed; a remaining lone "." or
   * ".." is removed. */
  for (;;) {
    size_t s = start;
    while (s < n && src_at(src, s) != '/') {
      rfc3986__cover_read();
      s++;
    }
    if (s == n) {
      if (src_is_dots(src, start, n, 1) || src_is_dots(src, start, n, 2))
        it->state = 0; /* nothing left */
      break;
    }
    if (!src_is_dots(src, start, s, 1) && !src_is_dots(src, start, s, 2))
      break;
    start = s + 1;
  }
  it->start = start;
  /* B, C at the end of the input leave "/", which E then moves. */
  if (it->state) {
    size_t s = n;
    while (s > start && src_at(src, s - 1) != '/') {
      rfc3986__cover_read();
      s--;
    }
    if (s > start && (src_is_dots(src, s, n, 1) || src_is_dots(src, s, n, 2)))
      it->state = 2;
  }
}

int rfc3986__rds_next(struct rfc3986__rds_iter *it, size_t *from, size_t *to,
                      int *slash) {
  const struct rfc3986__path_src *src = it->src;
  if (it->state == 2) { /* the trailing "/" */
    it->state = 1;
    *from = *to = src->alen + src->blen;
    *slash = 1;
    return 1;
  }
  /* "/" segment, right to left: B drops "/.", C's "/.." removes the
   * nearest surviving segment on its left, E keeps the rest. */
  while (it->state == 1) {
    size_t s = it->e, e = it->e;
    while (s > it->start && src_at(src, s - 1) != '/') {
      rfc3986__cover_read();
      s--;
    }
    if (s == it->start) {
      it->state = 3; /* [start, e) is the first segment, with no "/" */
      break;
    }
    it->e = s - 1;
    if (src_is_dots(src, s, e, 2)) {
      it->skip++;
    } else if (src_is_dots(src, s, e, 1)) {
      ;
    } else if (it->skip > 0) {
      it->skip--;
    } else {
      *from = s;
      *to = e;
      *slash = 1;
      return 1;
    }
  }
  /* The first segment, moved by E without a "/" (when not empty). */
  if (it->state == 3) {
    it->state = 0;
    if (it->e > it->start && it->skip == 0) {
      *from = it->start;
      *to = it->e;
      *slash = 0;
      return 1;
    }
  }
  return 0;
}

/* OUT NULL: the length only; otherwise OUT must have room for it. */
static size_t reverse_pass(const struct rfc3986__path_src *src, char *out,
                           size_t end) {
  struct rfc3986__rds_iter it;
  size_t from, to, pos = end, len = 0;
  int slash;
  rfc3986__rds_init(&it, src);
  while (rfc3986__rds_next(&it, &from, &to, &slash))
    emit(src, from, to, slash, out, &pos, &len);
  return len;
}

size_t rfc3986__remove_dot_segments_reverse(const struct rfc3986__path_src *src,
                                            char *out) {
  size_t len = reverse_pass(src, NULL, 0);
  if (out)
    reverse_pass(src, out, len);
  return len;
}

rfc3986_status rfc3986_remove_dot_segments(const char *in, size_t len,
                                           char *out, size_t cap,
                                           size_t *out_len) {
  size_t n;
  if ((in == NULL && len > 0) || (out == NULL && cap > 0))
    return RFC3986_ERR_ARGUMENT;
  if (cap >= len) {
    if (len > 0)
      memmove(out, in, len);
    n = rfc3986__remove_dot_segments_in_place(out, len);
  } else {
    struct rfc3986__path_src src = {in, len, "", 0, 0};
    n = rfc3986__remove_dot_segments_reverse(&src, NULL);
    if (n <= cap)
      rfc3986__remove_dot_segments_reverse(&src, out);
  }
  if (out_len)
    *out_len = n;
  return n > cap ? RFC3986_ERR_BUFFER : RFC3986_OK;
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

static void put(char *out, size_t cap, size_t *len, const char *s, size_t n) {
  if (*len < cap && n > 0)
    memcpy(out + *len, s, cap - *len < n ? cap - *len : n);
  *len += n;
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
 * 5.1/5.2.1: the base must be an absolute-URI.  A base with a fragment is
 * rejected unless RFC3986_RESOLVE_STRIP_BASE_FRAGMENT says to drop it.
 * Errors report err->rule = RFC3986_RULE_absolute_URI (the base's start
 * rule) and the offset in the base.
 */
static rfc3986_status parse_base(const char *base, size_t len, unsigned flags,
                                 rfc3986_uri *b, rfc3986_error *err) {
  rfc3986_error e;
  rfc3986_uri tmp;
  if (rfc3986_parse(base, len, RFC3986_RULE_URI, b, &e) != RFC3986_OK) {
    if (rfc3986_parse(base, len, RFC3986_RULE_relative_ref, &tmp, NULL) ==
        RFC3986_OK)
      return fail(err, RFC3986_ERR_BASE_NOT_ABSOLUTE, 0,
                  RFC3986_RULE_absolute_URI);
    return fail(err, RFC3986_ERR_SYNTAX, e.offset, RFC3986_RULE_absolute_URI);
  }
  if (rfc3986_span_defined(b->fragment)) {
    if (!(flags & RFC3986_RESOLVE_STRIP_BASE_FRAGMENT))
      return fail(err, RFC3986_ERR_BASE_HAS_FRAGMENT, b->fragment.offset - 1,
                  RFC3986_RULE_absolute_URI);
    b->fragment = rfc3986__undefined();
  }
  return RFC3986_OK;
}

rfc3986_status rfc3986_resolve(const char *base, size_t base_len,
                               const char *ref, size_t ref_len, unsigned flags,
                               char *out, size_t cap, size_t *out_len,
                               unsigned *hazard, rfc3986_error *err) {
  rfc3986_uri bu, ru;
  struct component bscheme, bauth, bpath, bquery;
  struct component rscheme, rauth, rpath, rquery, rfrag;
  struct component tscheme, tauth, tquery, tfrag;
  /* T.path: the concatenation src.a src.b, dot segments removed or not */
  struct rfc3986__path_src src = {"", 0, "", 0, 0};
  int remove_dots = 1;
  size_t n = 0, path_at, path_len, merged;
  rfc3986_status st;

  if (hazard)
    *hazard = RFC3986_HAZARD_NONE;
  if (out_len)
    *out_len = 0;
  if ((base == NULL && base_len > 0) || (ref == NULL && ref_len > 0) ||
      (out == NULL && cap > 0))
    return RFC3986_ERR_ARGUMENT;
  st = parse_base(base, base_len, flags, &bu, err);
  if (st != RFC3986_OK)
    return st;
  /* 5.2.1: "the reference must be parsed into the five URI components" */
  if (rfc3986_parse(ref, ref_len, RFC3986_RULE_URI_reference, &ru, err) !=
      RFC3986_OK) {
    if (err)
      err->rule = RFC3986_RULE_URI_reference;
    return RFC3986_ERR_SYNTAX;
  }
  bscheme = component_of(&bu, bu.scheme);
  bauth = component_of(&bu, bu.authority);
  bpath = component_of(&bu, bu.path);
  bquery = component_of(&bu, bu.query);
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
  put(out, cap, &n, tscheme.s, tscheme.len); /* T always has a scheme */
  put(out, cap, &n, ":", 1);
  if (tauth.defined) {
    put(out, cap, &n, "//", 2);
    put(out, cap, &n, tauth.s, tauth.len);
  }
  path_at = n;
  merged = src.alen + src.blen;
  if (path_at + merged <= cap) {
    /* room for the merged path: 5.2.4 in place, as written */
    put(out, cap, &n, src.a, src.alen);
    put(out, cap, &n, src.b, src.blen);
    path_len =
        remove_dots
            ? rfc3986__remove_dot_segments_in_place(out + path_at, merged)
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
    put(out, cap, &n, "?", 1);
    put(out, cap, &n, tquery.s, tquery.len);
  }
  if (tfrag.defined) {
    put(out, cap, &n, "#", 1);
    put(out, cap, &n, tfrag.s, tfrag.len);
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
