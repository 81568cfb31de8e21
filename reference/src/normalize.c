/*
 * normalize.c: RFC 3986 section 6, Normalization and Comparison.
 *
 *   6.2.1  simple string comparison;
 *   6.2.2  syntax-based normalization, in this order:
 *          6.2.2.2 percent-encoding: pct-encoded unreserved octets are
 *                  decoded ("should be decoded by URI normalizers"),
 *          6.2.2.1 case: scheme and host to lower case, the hex digits of
 *                  the remaining percent-encodings to upper case (in the
 *                  host too),
 *          6.2.2.3 path segments: remove_dot_segments (5.2.4) on the path,
 *                  of relative references as well;
 *   6.2.3  scheme-based normalization (RFC3986_LEVEL_SCHEME), for http,
 *          https, ws, wss and ftp: an empty port or the scheme's default
 *          port is removed with its ":", an empty path with an authority
 *          becomes "/"; for mailto the domain after "@" is lower-cased.
 * The result is idempotent: each step's output is a fixed point of the
 * steps before it (decoding never creates "%", "/" or a delimiter).
 *
 * A normalized string can reparse differently from its components (./a:b
 * becomes a:b, a URI; a:/.//g becomes a://g, with an authority): such
 * results are produced as the steps say and reported in *hazard.
 *
 * Equivalence compares the normalized components as streams, without a
 * buffer: the path chunk by chunk from the right (see resolve.c).  It is
 * the equality of the normalized strings except where a hazard makes two
 * different component sets print alike (a:/.//g and a://g are not
 * equivalent).  All levels, simple included, require valid
 * URI-references.
 *
 * Choices where the RFC leaves room:
 * - dot segments are removed from relative references' paths too
 *   (./a:b gives a:b, reported as a hazard);
 * - a port is the scheme's default when its value is, leading zeros
 *   aside (http://h:080 gives http://h/); other ports are kept as written;
 * - mailto: lower-case from each "@" to the next "," or "/" (each address
 *   of a list), the hex of percent-encodings staying upper case;
 * - at RFC3986_LEVEL_SCHEME the output can be one octet longer than the
 *   input (http://h gives http://h/).
 */
#include <stdint.h>
#include <string.h>

#include "dot_segments.h"
#include "grammar.h"
#include "producer.h"

static int to_lower(int c) {
  return c >= 'A' && c <= 'Z' ? c + 'a' - 'A' : c;
}

/* How letters are cased outside percent-encodings. */
enum casing {
  CASE_KEEP,  /* userinfo, path, query, fragment */
  CASE_LOWER, /* scheme, host (6.2.2.1) */
  CASE_MAILTO /* path of mailto at scheme level: lower after "@" to "," */
};

/*
 * The normalized octets of s[i..end), chunk by chunk: pct-encoded
 * unreserved decoded, other percent-encodings with upper-case hex, letters
 * cased as asked.  The input is a valid component (every "%" starts a
 * triplet).  A chunk is either a run of the input that is its own normal
 * form (run_end), or the one to three octets one input octet or triplet
 * becomes (normal_octet).  The comparison reads them octet by octet
 * (cursor_next); rfc3986_normalize writes them (put_normalized).
 */
struct cursor {
  const char *s;
  size_t i, end;
  enum casing casing;
  int domain;        /* CASE_MAILTO: after "@" */
  char made[3];      /* the chunk an octet or a triplet became */
  const char *chunk; /* cursor_next: what is left of the current chunk */
  size_t left;
};

static void cursor_init(struct cursor *c, const char *s, size_t from, size_t to,
                        enum casing casing) {
  c->s = s;
  c->i = from;
  c->end = to;
  c->casing = casing;
  c->domain = 0;
  c->left = 0;
}

/* A capital letter or "%": what lower-casing does not leave as it is. */
static inline int needs_lower_change(char c) {
  return rfc3986__is((unsigned char)c, C_CAPITAL | C_PERCENT);
}

/* Where the run of octets from s[i] on that need no change ends (END at
 * the most): at the next "%", and when lower-casing at the next capital
 * letter; CASE_MAILTO goes octet by octet. */
static inline size_t run_end(const char *s, size_t i, size_t end,
                             enum casing casing) {
  if (casing == CASE_KEEP) {
    const char *pct = s[i] == '%' ? s + i : memchr(s + i, '%', end - i);
    return pct ? (size_t)(pct - s) : end;
  }
  if (casing == CASE_LOWER)
    while (i < end && !needs_lower_change(s[i]))
      i++;
  return i;
}

/* What the octet or pct-encoded triplet at s[*i] becomes, into MADE; its
 * length is returned and *i moved past it.  *domain: CASE_MAILTO's state.
 * Inlined (a run of triplets is one call each). */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline size_t
normal_octet(const char *s, size_t *i, enum casing casing, int *domain,
             char made[3]) {
  int ch = (unsigned char)s[*i];
  if (ch == '%') { /* in a parsed reference, always a pct-encoded triplet */
    int v = rfc3986__hex_value((unsigned char)s[*i + 1]) << 4 |
            rfc3986__hex_value((unsigned char)s[*i + 2]);
    *i += 3;
    if (!is_unreserved(v)) { /* 6.2.2.1: upper-case hex */
      made[0] = '%';
      made[1] = rfc3986__upper_hex[v >> 4];
      made[2] = rfc3986__upper_hex[v & 15];
      return 3;
    }
    ch = v; /* 6.2.2.2: decoded, then cased like any other octet */
  } else {
    *i += 1;
  }
  if (casing == CASE_LOWER || (casing == CASE_MAILTO && *domain))
    ch = to_lower(ch);
  if (casing == CASE_MAILTO && (ch == '@' || ch == ','))
    *domain = ch == '@';
  made[0] = (char)ch;
  return 1;
}

/* The next chunk into *chunk, its length returned; 0 at the end. */
static size_t cursor_chunk(struct cursor *c, const char **chunk) {
  size_t e;
  if (c->i >= c->end)
    return 0;
  if ((e = run_end(c->s, c->i, c->end, c->casing)) > c->i) {
    size_t n = e - c->i;
    *chunk = c->s + c->i;
    c->i = e;
    return n;
  }
  *chunk = c->made;
  return normal_octet(c->s, &c->i, c->casing, &c->domain, c->made);
}

/* The next octet, or -1 at the end. */
static int cursor_next(struct cursor *c) {
  if (c->left == 0 && (c->left = cursor_chunk(c, &c->chunk)) == 0)
    return -1;
  c->left--;
  return (unsigned char)*c->chunk++;
}

/*
 * Output writer, snprintf style.  When the input fits, the output begins
 * as a copy of it (rfc3986_normalize_observed), and at and after
 * max(n, mirror) out[k] is in[k]: writing only at n and moving n on keeps
 * that true, so a run of the input that is its own normal form and falls
 * where it already is needs no copy.
 */
struct writer {
  char *out;
  size_t cap, n;
  const char *in;
  size_t mirror; /* SIZE_MAX: the input was not copied */
};

static void put(struct writer *w, const char *s, size_t len) {
  if (w->n >= w->mirror && s == w->in + w->n) {
    w->n += len; /* already there */
    return;
  }
  rfc3986__put(w->out, w->cap, &w->n, s, len);
}

static void put_octet(struct writer *w, char c) {
  if (w->n < w->cap)
    w->out[w->n] = c;
  w->n++;
}

/* The normalized octets of s[from..to), cased as asked, chunk by chunk
 * (cursor_chunk's, with the cursor's fields as locals).  Inlined at each
 * of its calls (GCC -O2 would not): for a typical host the call
 * and its register saves cost as much as the run. */
#if defined(__GNUC__)
__attribute__((always_inline))
#endif
static inline void
put_normalized(struct writer *w, const char *s, size_t from, size_t to,
               enum casing casing, const rfc3986_observer *obs) {
  size_t i = from, e, k, n;
  int domain = 0;
  char made[3];
  while (i < to) {
    if ((e = run_end(s, i, to, casing)) > i) {
      if (obs)
        for (k = i; k < e; k++)
          rfc3986__step(obs);
      put(w, s + i, e - i);
      i = e;
    } else if (casing == CASE_LOWER && s[i] != '%') {
      /* a capital letter: lower-case from it to the next "%" in one loop */
      for (; i < to && s[i] != '%'; i++) {
        rfc3986__step(obs);
        put_octet(w, (char)to_lower((unsigned char)s[i]));
      }
    } else {
      rfc3986__step(obs);
      n = normal_octet(s, &i, casing, &domain, made);
      for (k = 0; k < n; k++)
        put_octet(w, made[k]);
    }
  }
}

/* 6.2.3: the schemes whose default port and empty path this knows. */
static const char *default_port(const char *scheme, size_t len) {
  static const struct {
    const char *scheme, *port;
  } known[] = {{"http", "80"},
               {"https", "443"},
               {"ws", "80"},
               {"wss", "443"},
               {"ftp", "21"}};
  for (size_t k = 0; k < sizeof known / sizeof known[0]; k++) {
    size_t n = strlen(known[k].scheme), i;
    if (n != len)
      continue;
    for (i = 0;
         i < n && to_lower((unsigned char)scheme[i]) == known[k].scheme[i]; i++)
      ;
    if (i == n)
      return known[k].port;
  }
  return NULL;
}

static int scheme_is(const rfc3986_uri *u, const char *name) {
  size_t n = strlen(name), i;
  if (!rfc3986_span_defined(u->scheme) || u->scheme.length != n)
    return 0;
  for (i = 0; i < n; i++)
    if (to_lower((unsigned char)u->input[u->scheme.offset + i]) != name[i])
      return 0;
  return 1;
}

/*
 * What the levels decide about one parsed URI-reference: is its port kept,
 * does an empty path become "/", how is its path cased.
 */
struct plan {
  int keep_port;
  int slash_path;
  enum casing path_casing;
};

/* 6.2.3, for a URI with a scheme. */
static void plan_scheme_level(const rfc3986_uri *u, struct plan *pl) {
  const char *dp = default_port(u->input + u->scheme.offset, u->scheme.length);
  if (dp) {
    if (rfc3986_span_defined(u->port)) {
      /* "the port is empty or the default for the scheme": compared as a
       * number, so 080 is 80 */
      const char *p = u->input + u->port.offset;
      size_t n = u->port.length, z = 0;
      while (z < n && p[z] == '0')
        z++;
      if (n == 0 || (n - z == strlen(dp) && memcmp(p + z, dp, n - z) == 0))
        pl->keep_port = 0;
    }
    if (rfc3986_span_defined(u->authority) && u->path.length == 0)
      pl->slash_path = 1;
  }
  if (scheme_is(u, "mailto"))
    pl->path_casing = CASE_MAILTO;
}

static struct plan plan_of(const rfc3986_uri *u, rfc3986_level level) {
  struct plan pl = {1, 0, CASE_KEEP};
  if (level >= RFC3986_LEVEL_SCHEME && rfc3986_span_defined(u->scheme))
    plan_scheme_level(u, &pl);
  return pl;
}

/* Whether the path's first segment is "..", pct-encoded dots included. */
static int first_segment_is_dot_dot(const char *path, size_t len) {
  size_t i = 0;
  int dots = 0;
  while (i < len && path[i] != '/') {
    if (path[i] == '.')
      i++;
    else if (i + 2 < len && path[i] == '%' && path[i + 1] == '2' &&
             (path[i + 2] == 'E' || path[i + 2] == 'e'))
      i += 3;
    else
      return 0;
    dots++;
  }
  return dots == 2;
}

/* CASE_MAILTO on a written path: lower-case after "@" up to "," or "/",
 * the percent-encodings' hex excepted. */
static void mailto_domain_lower(char *s, size_t n) {
  int domain = 0;
  for (size_t i = 0; i < n; i++) {
    if (s[i] == '%') {
      i += 2;
      continue;
    }
    if (s[i] == '/' || s[i] == ',')
      domain = 0;
    else if (s[i] == '@')
      domain = 1;
    else if (domain)
      s[i] = (char)to_lower((unsigned char)s[i]);
  }
}

static rfc3986_status syntax_error(rfc3986_error *err, const rfc3986_error *e) {
  if (err)
    *err = *e;
  return RFC3986_ERR_SYNTAX;
}

rfc3986_status rfc3986_normalize(const char *input, size_t len,
                                 rfc3986_level level, char *out, size_t cap,
                                 size_t *out_len, unsigned *hazard,
                                 rfc3986_error *err) {
  return rfc3986_normalize_observed(input, len, level, out, cap, out_len,
                                    hazard, err, NULL);
}

rfc3986_status rfc3986_normalize_observed(const char *input, size_t len,
                                          rfc3986_level level, char *out,
                                          size_t cap, size_t *out_len,
                                          unsigned *hazard, rfc3986_error *err,
                                          const rfc3986_observer *obs) {
  rfc3986_uri u;
  rfc3986_error e;
  struct writer w = {out, cap, 0, input, SIZE_MAX};
  struct plan pl;
  size_t from, to, path_at, path_len;

  if (hazard)
    *hazard = RFC3986_HAZARD_NONE;
  if (out_len)
    *out_len = 0;
  if ((input == NULL && len > 0) || (out == NULL && cap > 0))
    return RFC3986_ERR_ARGUMENT;
  if (rfc3986__producer_parse(input, len, RFC3986_RULE_URI_reference, &u,
                              err ? &e : NULL, obs) != RFC3986_OK)
    return syntax_error(err, &e);
  pl = plan_of(&u, level);
  if (len > 0 && len <= cap) {
    memcpy(out, input, len);
    w.mirror = 0;
  }

  /* 6.2.2.1 and 6.2.2.2 on the input's runs, whose delimiters (":", "//",
   * "@", "?", "#") are their own normal form: up to the host's end, which
   * is scheme ":" "//" userinfo "@" host, lower case but the userinfo */
  if (rfc3986_span_defined(u.userinfo)) {
    put_normalized(&w, input, 0, u.userinfo.offset, CASE_LOWER, obs);
    put_normalized(&w, input, u.userinfo.offset,
                   u.userinfo.offset + u.userinfo.length, CASE_KEEP, obs);
  }
  from = rfc3986_span_defined(u.userinfo)
             ? u.userinfo.offset + u.userinfo.length
             : 0;
  to = rfc3986_span_defined(u.authority) ? u.host.offset + u.host.length
       : rfc3986_span_defined(u.scheme)  ? u.scheme.length + 1
                                         : 0;
  put_normalized(&w, input, from, to, CASE_LOWER, obs);
  /* ":" port, as written */
  if (rfc3986_span_defined(u.port) && pl.keep_port)
    put(&w, input + to, u.port.offset + u.port.length - to);

  /* 6.2.2.2 and 6.2.2.1 on the path, then 6.2.2.3 remove_dot_segments */
  path_at = w.n;
  if (pl.slash_path) {
    put(&w, "/", 1);
    path_len = 1;
  } else if (w.n + u.path.length <= cap) {
    put_normalized(&w, input, u.path.offset, u.path.offset + u.path.length,
                   CASE_KEEP, obs);
    path_len = rfc3986__remove_dot_segments_in_place(out + path_at,
                                                     w.n - path_at, obs);
    if (w.mirror < w.n) /* it may have rewritten all it was given */
      w.mirror = w.n;
    w.n = path_at + path_len;
  } else {
    struct rfc3986__path_src src = {
        input + u.path.offset, u.path.length, "", 0, 1, obs};
    path_len = rfc3986__remove_dot_segments_reverse(&src, NULL);
    if (path_at + path_len <= cap)
      rfc3986__remove_dot_segments_reverse(&src, out + path_at);
    w.n = path_at + path_len;
  }
  if (pl.path_casing == CASE_MAILTO && w.n <= cap)
    mailto_domain_lower(out + path_at, path_len);

  /* "?" query "#" fragment */
  if (u.path.offset + u.path.length < len)
    put_normalized(&w, input, u.path.offset + u.path.length, len, CASE_KEEP,
                   obs);
  if (out_len)
    *out_len = w.n;
  if (w.n > cap)
    return RFC3986_ERR_BUFFER;
  if (hazard && !rfc3986_span_defined(u.authority)) {
    const char *p = out + path_at, *in = input + u.path.offset;
    size_t i;
    if (path_len >= 2 && p[0] == '/' && p[1] == '/')
      *hazard |= RFC3986_HAZARD_PATH_LOOKS_LIKE_AUTHORITY;
    if (!rfc3986_span_defined(u.scheme)) {
      for (i = 0; i < path_len && p[i] != '/' && p[i] != ':'; i++)
        ;
      if (i < path_len && p[i] == ':')
        *hazard |= RFC3986_HAZARD_SEGMENT_LOOKS_LIKE_SCHEME;
      /* 5.2.4 is written for merged, absolute paths: on a relative-path
       * reference it may change what the reference resolves to. */
      if (u.path.length > 0 && in[0] != '/' &&
          ((path_len > 0 && p[0] == '/') || path_len == 0 ||
           first_segment_is_dot_dot(in, u.path.length)))
        *hazard |= RFC3986_HAZARD_RELATIVE_PATH_CHANGED;
    }
  }
  if (err) {
    err->status = RFC3986_OK;
    err->offset = 0;
    err->rule = RFC3986_RULE_NONE;
  }
  return RFC3986_OK;
}

/* ---- 6.2: the comparison ladder ---------------------------------------- */

/* Two normalized streams equal? */
static int same_stream(struct cursor *a, struct cursor *b) {
  int x, y;
  do {
    x = cursor_next(a);
    y = cursor_next(b);
    if (x != y)
      return 0;
  } while (x >= 0);
  return 1;
}

static int same_component(const rfc3986_uri *a, rfc3986_span sa,
                          const rfc3986_uri *b, rfc3986_span sb,
                          enum casing casing) {
  struct cursor ca, cb;
  if (rfc3986_span_defined(sa) != rfc3986_span_defined(sb))
    return 0;
  if (!rfc3986_span_defined(sa))
    return 1;
  cursor_init(&ca, a->input, sa.offset, sa.offset + sa.length, casing);
  cursor_init(&cb, b->input, sb.offset, sb.offset + sb.length, casing);
  return same_stream(&ca, &cb);
}

/* The normalized paths equal?  remove_dot_segments' chunks, last first. */
static int same_path(const rfc3986_uri *a, struct plan pa, const rfc3986_uri *b,
                     struct plan pb) {
  struct rfc3986__path_src sa = {
      a->input + a->path.offset, a->path.length, "", 0, 1, NULL};
  struct rfc3986__path_src sb = {
      b->input + b->path.offset, b->path.length, "", 0, 1, NULL};
  struct rfc3986__rds_iter ia, ib;
  size_t fa, ta, fb, tb;
  int ka, kb, slash_a, slash_b;
  if (pa.slash_path) {
    sa.a = "/";
    sa.alen = 1;
  }
  if (pb.slash_path) {
    sb.a = "/";
    sb.alen = 1;
  }
  rfc3986__rds_init(&ia, &sa);
  rfc3986__rds_init(&ib, &sb);
  for (;;) {
    struct cursor ca, cb;
    ka = rfc3986__rds_next(&ia, &fa, &ta, &slash_a);
    kb = rfc3986__rds_next(&ib, &fb, &tb, &slash_b);
    if (ka != kb)
      return 0;
    if (!ka)
      return 1;
    if (slash_a != slash_b)
      return 0;
    /* a chunk's octets all come from one piece: sa.a */
    cursor_init(&ca, sa.a, fa, ta, pa.path_casing);
    cursor_init(&cb, sb.a, fb, tb, pb.path_casing);
    if (!same_stream(&ca, &cb))
      return 0;
  }
}

rfc3986_status rfc3986_equivalent(const char *a, size_t a_len, const char *b,
                                  size_t b_len, rfc3986_level level,
                                  int *equivalent, rfc3986_error *err) {
  rfc3986_uri ua, ub;
  rfc3986_error e;
  struct plan pa, pb;
  int eq;
  if (equivalent)
    *equivalent = 0;
  if ((a == NULL && a_len > 0) || (b == NULL && b_len > 0) ||
      equivalent == NULL)
    return RFC3986_ERR_ARGUMENT;
  if (rfc3986__producer_parse(a, a_len, RFC3986_RULE_URI_reference, &ua,
                              err ? &e : NULL, NULL) != RFC3986_OK)
    return syntax_error(err, &e);
  if (rfc3986__producer_parse(b, b_len, RFC3986_RULE_URI_reference, &ub,
                              err ? &e : NULL, NULL) != RFC3986_OK)
    return syntax_error(err, &e);
  if (level == RFC3986_LEVEL_SIMPLE) {
    /* 6.2.1 simple string comparison */
    eq = a_len == b_len && (a_len == 0 || memcmp(a, b, a_len) == 0);
  } else {
    pa = plan_of(&ua, level);
    pb = plan_of(&ub, level);
    eq = same_component(&ua, ua.scheme, &ub, ub.scheme, CASE_LOWER) &&
         rfc3986_span_defined(ua.authority) ==
             rfc3986_span_defined(ub.authority) &&
         same_component(&ua, ua.userinfo, &ub, ub.userinfo, CASE_KEEP) &&
         same_component(&ua, ua.host, &ub, ub.host, CASE_LOWER) &&
         same_component(&ua, pa.keep_port ? ua.port : rfc3986__undefined(), &ub,
                        pb.keep_port ? ub.port : rfc3986__undefined(),
                        CASE_KEEP) &&
         same_path(&ua, pa, &ub, pb) &&
         same_component(&ua, ua.query, &ub, ub.query, CASE_KEEP) &&
         same_component(&ua, ua.fragment, &ub, ub.fragment, CASE_KEEP);
  }
  *equivalent = eq;
  if (err) {
    err->status = RFC3986_OK;
    err->offset = 0;
    err->rule = RFC3986_RULE_NONE;
  }
  return RFC3986_OK;
}
