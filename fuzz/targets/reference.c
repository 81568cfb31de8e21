/*
 * reference.c: fuzz target for the oracle's own invariants (librfc3986).
 *
 * The first octet chooses the operation (its low four bits, modulo
 * OP__COUNT: the ASCII digits '0'..'9' name ops 0..9, which is how the
 * seeds are written); the rest is the operation's input.  Two-string ops
 * (resolve) split the rest at the first LF (LF is never valid in a URI).
 *
 * Invariants checked (a failure prints "FUZZ-FINDING {json}" on stderr and
 * aborts, so every engine records a crash):
 *   0 parse: never crashes; rfc3986_match(URI-reference) agrees; an
 *     observed parse (rfc3986_parse_observed) gives the same verdict, error
 *     offset and rule, spans and host type, and its rule calls nest; the spans
 *     nest as the grammar says; recompose(parse(x)) == x; the Appendix B
 *     split of a valid reference gives the same five components.
 *   1, 2 normalize (syntax, scheme): output no longer than the input, valid,
 *     and normalize(normalize(x)) == normalize(x); a target with a hazard is
 *     exempt from the validity check (the hazard is the oracle saying so).
 *   3, 4 resolve (strict, non-strict): target within RFC3986_RESOLVE_MAX,
 *     valid URI unless a hazard is reported.
 *   5 remove_dot_segments: never longer than its input.
 *   6 start rules: URI / absolute-URI / relative-ref agree with
 *     URI-reference (kind and validity) and with rfc3986_match.
 *   7 IRI: every valid URI-reference is a valid IRI-reference; iri-to-uri of
 *     a valid IRI-reference is a valid URI-reference.
 *   8 pct: pct_decode(pct_encode(x)) == x.
 *   9 match: a rule chosen by the second octet; never crashes and, for
 *     the start rules, agrees with rfc3986_parse.
 * And on every input, whatever the op: the generated parser
 * (rfc3986_parse_fast, reference/fast/) agrees with the literal one for each
 * RFC 3986 start rule: status, kind, every span, host type, error offset.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adapters/common/codec.h"
#include "rfc3986.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The ops, in the order of the first octet (ops.h, the one list). */
enum fuzz_op {
#define FUZZ_OP(id, name, diff) FUZZ_OP_##id,
#include "ops.h"
#undef FUZZ_OP
};

static const char *const op_names[] = {
#define FUZZ_OP(id, name, diff) name,
#include "ops.h"
#undef FUZZ_OP
};
enum { OP__COUNT = sizeof op_names / sizeof *op_names };

/* Octets the protocol's way (adapters/common/codec.h): an operand as KEY
 * or KEY_hex, a result as a JSON string or {"hex": ...}. */
static void put_field(const char *key, const char *s, size_t n) {
  struct codec_out o = codec_out_file(stderr);
  fputs(", ", stderr);
  codec_field(&o, key, s, n);
}

/* Report a broken invariant and abort (the engines record a crash). */
static void fail(const char *op, const char *invariant, const char *a,
                 size_t alen, const char *b, size_t blen, const char *got,
                 size_t glen) {
  fprintf(stderr,
          "FUZZ-FINDING {\"target\": \"reference\", \"op\": \"%s\", "
          "\"class\": \"%s\"",
          op, invariant);
  put_field("input", a, alen);
  if (b)
    put_field("ref", b, blen);
  if (got) {
    struct codec_out o = codec_out_file(stderr);
    fputs(", \"got\": ", stderr);
    codec_value(&o, got, glen);
  }
  fprintf(stderr, "}\n");
  abort();
}

#define CHECK(cond, op, inv, a, alen, b, blen, got, glen)                      \
  do {                                                                         \
    if (!(cond))                                                               \
      fail(op, inv, a, alen, b, blen, got, glen);                              \
  } while (0)

static int span_in(rfc3986_span s, size_t lo, size_t hi) {
  return !rfc3986_span_defined(s) ||
         (s.offset >= lo && s.offset <= hi && s.length <= hi - s.offset);
}

static int span_eq(const char *a, rfc3986_span sa, const char *b,
                   rfc3986_span sb) {
  if (rfc3986_span_defined(sa) != rfc3986_span_defined(sb))
    return 0;
  if (!rfc3986_span_defined(sa))
    return 1;
  return sa.length == sb.length &&
         memcmp(a + sa.offset, b + sb.offset, sa.length) == 0;
}

static int same_span(rfc3986_span a, rfc3986_span b) {
  return a.offset == b.offset && a.length == b.length;
}

/* The same parse: kind, host type and every span. */
static int same_uri(const rfc3986_uri *a, const rfc3986_uri *b) {
  return a->kind == b->kind && a->host_type == b->host_type &&
         same_span(a->scheme, b->scheme) &&
         same_span(a->authority, b->authority) &&
         same_span(a->userinfo, b->userinfo) && same_span(a->host, b->host) &&
         same_span(a->port, b->port) && same_span(a->path, b->path) &&
         same_span(a->query, b->query) && same_span(a->fragment, b->fragment);
}

/* Output buffer shared by the ops; grown as needed, never freed. */
static char *buf1, *buf2;
static size_t cap1, cap2;
static char *room(char **b, size_t *cap, size_t need) {
  if (need == 0)
    need = 1;
  if (*cap < need) {
    char *n = realloc(*b, need);
    if (!n)
      abort();
    *b = n;
    *cap = need;
  }
  return *b;
}

/* What an observer of a parse sees: rule calls nest, offsets in the input. */
struct watch {
  size_t len;
  unsigned depth;
  int bad;
  size_t at[64];
};
static void watch_enter(void *data, rfc3986_rule rule, size_t offset) {
  struct watch *w = data;
  if (rule == RFC3986_RULE_NONE || offset > w->len || w->depth >= 64)
    w->bad = 1;
  else
    w->at[w->depth] = offset;
  w->depth++;
}
static void watch_leave(void *data, rfc3986_rule rule, size_t offset,
                        size_t end) {
  struct watch *w = data;
  (void)rule;
  if (w->depth == 0 || (w->depth <= 64 && w->at[w->depth - 1] != offset) ||
      (end != RFC3986_UNDEFINED && (end < offset || end > w->len)))
    w->bad = 1;
  if (w->depth > 0)
    w->depth--;
}

static void op_parse(const char *s, size_t n) {
  const char *op = op_names[FUZZ_OP_PARSE];
  rfc3986_uri u;
  rfc3986_error err;
  rfc3986_status st = rfc3986_parse(s, n, RFC3986_RULE_URI_reference, &u, &err);
  CHECK(st == RFC3986_OK || st == RFC3986_ERR_SYNTAX, op, "parse-status", s, n,
        NULL, 0, NULL, 0);
  rfc3986_error merr;
  rfc3986_status mst = rfc3986_match(RFC3986_RULE_URI_reference, s, n, &merr);
  CHECK(mst == st, op, "match-disagrees-with-parse", s, n, NULL, 0, NULL, 0);
  /* Observed, the same parse; every rule that returns was entered at the
   * same offset, and its match stays inside the input. */
  rfc3986_uri t;
  rfc3986_error terr;
  struct watch w = {n, 0, 0, {0}};
  const rfc3986_observer obs = {&w, watch_enter, watch_leave, NULL, NULL, NULL};
  rfc3986_status tst =
      rfc3986_parse_observed(s, n, RFC3986_RULE_URI_reference, &t, &terr, &obs);
  CHECK(tst == st && (st == RFC3986_OK
                          ? same_uri(&t, &u)
                          : terr.offset == err.offset && terr.rule == err.rule),
        op, "observed-parse-differs", s, n, NULL, 0, NULL, 0);
  CHECK(w.depth == 0 && !w.bad, op, "observer-calls-unbalanced", s, n, NULL, 0,
        NULL, 0);
  if (st != RFC3986_OK) {
    CHECK(err.offset <= n, op, "error-offset-beyond-input", s, n, NULL, 0, NULL,
          0);
    return;
  }
  /* Spans nest as in the grammar. */
  CHECK(rfc3986_span_defined(u.path) && span_in(u.path, 0, n) &&
            span_in(u.scheme, 0, n) && span_in(u.authority, 0, n) &&
            span_in(u.query, 0, n) && span_in(u.fragment, 0, n),
        op, "span-outside-input", s, n, NULL, 0, NULL, 0);
  CHECK((u.kind == RFC3986_KIND_URI) == rfc3986_span_defined(u.scheme), op,
        "kind-vs-scheme", s, n, NULL, 0, NULL, 0);
  if (rfc3986_span_defined(u.authority)) {
    size_t lo = u.authority.offset, hi = lo + u.authority.length;
    CHECK(rfc3986_span_defined(u.host) && span_in(u.host, lo, hi) &&
              span_in(u.userinfo, lo, hi) && span_in(u.port, lo, hi) &&
              u.host_type != RFC3986_HOST_NONE,
          op, "host-outside-authority", s, n, NULL, 0, NULL, 0);
  } else {
    CHECK(!rfc3986_span_defined(u.host) && !rfc3986_span_defined(u.userinfo) &&
              !rfc3986_span_defined(u.port) && u.host_type == RFC3986_HOST_NONE,
          op, "host-without-authority", s, n, NULL, 0, NULL, 0);
  }
  /* 5.3: recomposition gives back the input. */
  size_t len = 0;
  char *out = room(&buf1, &cap1, n);
  st = rfc3986_recompose(&u, out, n, &len);
  CHECK(st == RFC3986_OK && len == n && memcmp(out, s, n) == 0, op,
        "recompose-differs", s, n, NULL, 0, out, st == RFC3986_OK ? len : 0);
  /* Appendix B: the regular expression splits a valid reference the same. */
  rfc3986_uri b;
  rfc3986_split(s, n, &b);
  CHECK(span_eq(s, u.scheme, s, b.scheme) &&
            span_eq(s, u.authority, s, b.authority) &&
            span_eq(s, u.path, s, b.path) && span_eq(s, u.query, s, b.query) &&
            span_eq(s, u.fragment, s, b.fragment),
        op, "appendix-b-split-differs", s, n, NULL, 0, NULL, 0);
}

static void op_normalize(const char *s, size_t n, rfc3986_level level,
                         const char *op) {
  size_t len = 0;
  unsigned hazard = 0;
  rfc3986_error err;
  /* The published bound: len at syntax level, RFC3986_NORMALIZE_MAX(len)
   * at scheme level (6.2.3 turns "http://h" into "http://h/"). */
#ifdef RFC3986_NORMALIZE_MAX
  size_t bound = level == RFC3986_LEVEL_SCHEME ? RFC3986_NORMALIZE_MAX(n) : n;
#else
  size_t bound = n + (level == RFC3986_LEVEL_SCHEME);
#endif
  char *out = room(&buf1, &cap1, bound);
  rfc3986_status st =
      rfc3986_normalize(s, n, level, out, bound, &len, &hazard, &err);
  if (st == RFC3986_ERR_SYNTAX) {
    CHECK(rfc3986_match(RFC3986_RULE_URI_reference, s, n, NULL) != RFC3986_OK,
          op, "normalize-rejects-valid-input", s, n, NULL, 0, NULL, 0);
    return;
  }
  CHECK(st == RFC3986_OK, op, "normalize-longer-than-input", s, n, NULL, 0,
        NULL, 0);
  CHECK(len <= bound, op, "normalize-longer-than-input", s, n, NULL, 0, out,
        len);
  /* A hazard is the oracle saying the output would not reparse the same
   * (a "//" path without authority, a first segment with ":"): such an
   * output is exempt from the checks below, and counted by the caller. */
  if (hazard != 0)
    return;
  CHECK(rfc3986_match(RFC3986_RULE_URI_reference, out, len, NULL) == RFC3986_OK,
        op, "normalized-invalid", s, n, NULL, 0, out, len);
  /* 6.2: a reference is equivalent to itself and to its normal form, and
   * equivalence is symmetric. */
  int eq = 0, eq2 = 0;
  CHECK(rfc3986_equivalent(s, n, s, n, level, &eq, &err) == RFC3986_OK && eq,
        op, "equivalent-not-reflexive", s, n, NULL, 0, NULL, 0);
  CHECK(rfc3986_equivalent(s, n, out, len, level, &eq, &err) == RFC3986_OK &&
            rfc3986_equivalent(out, len, s, n, level, &eq2, &err) ==
                RFC3986_OK &&
            eq && eq2,
        op, "not-equivalent-to-normal-form", s, n, NULL, 0, out, len);
  size_t len2 = 0;
  unsigned hazard2 = 0;
  char *out2 = room(&buf2, &cap2, len);
  st = rfc3986_normalize(out, len, level, out2, len, &len2, &hazard2, &err);
  CHECK(st == RFC3986_OK && len2 == len && memcmp(out, out2, len) == 0, op,
        "normalize-not-idempotent", s, n, NULL, 0, out2,
        st == RFC3986_OK ? len2 : 0);
}

static void op_resolve(const char *s, size_t n, unsigned flags,
                       const char *op) {
  const char *lf = memchr(s, '\n', n);
  if (!lf)
    return;
  size_t bn = (size_t)(lf - s), rn = n - bn - 1;
  const char *ref = lf + 1;
  size_t max = RFC3986_RESOLVE_MAX(bn, rn), len = 0;
  unsigned hazard = 0;
  rfc3986_error err;
  char *out = room(&buf1, &cap1, max);
  rfc3986_status st =
      rfc3986_resolve(s, bn, ref, rn, flags, out, max, &len, &hazard, &err);
  if (st == RFC3986_ERR_BUFFER)
    fail(op, "resolve-beyond-published-bound", s, bn, ref, rn, NULL, 0);
  if (st != RFC3986_OK) {
    CHECK(st == RFC3986_ERR_SYNTAX || st == RFC3986_ERR_BASE_NOT_ABSOLUTE ||
              st == RFC3986_ERR_BASE_HAS_FRAGMENT,
          op, "resolve-status", s, bn, ref, rn, NULL, 0);
    /* A rejection must be deserved: base not absolute-URI or ref invalid. */
    CHECK(rfc3986_match(RFC3986_RULE_absolute_URI, s, bn, NULL) != RFC3986_OK ||
              rfc3986_match(RFC3986_RULE_URI_reference, ref, rn, NULL) !=
                  RFC3986_OK,
          op, "resolve-rejects-valid-input", s, bn, ref, rn, NULL, 0);
    return;
  }
  CHECK(len <= max, op, "resolve-beyond-published-bound", s, bn, ref, rn, out,
        len);
  if (hazard == 0)
    CHECK(rfc3986_match(RFC3986_RULE_URI, out, len, NULL) == RFC3986_OK, op,
          "resolved-invalid", s, bn, ref, rn, out, len);
}

static void op_remove_dot_segments(const char *s, size_t n) {
  const char *op = op_names[FUZZ_OP_REMOVE_DOT_SEGMENTS];
  size_t len = 0;
  char *out = room(&buf1, &cap1, n);
  rfc3986_status st = rfc3986_remove_dot_segments(s, n, out, n, &len);
  CHECK(st == RFC3986_OK && len <= n, op, "remove-dot-segments-grows", s, n,
        NULL, 0, NULL, 0);
}

static void op_start_rules(const char *s, size_t n) {
  const char *op = op_names[FUZZ_OP_START_RULES];
  rfc3986_uri u, v;
  int ref =
      rfc3986_parse(s, n, RFC3986_RULE_URI_reference, &u, NULL) == RFC3986_OK;
  int uri = rfc3986_parse(s, n, RFC3986_RULE_URI, &v, NULL) == RFC3986_OK;
  int abs =
      rfc3986_parse(s, n, RFC3986_RULE_absolute_URI, &v, NULL) == RFC3986_OK;
  int rel =
      rfc3986_parse(s, n, RFC3986_RULE_relative_ref, &v, NULL) == RFC3986_OK;
  /* URI-reference = URI / relative-ref, and the two cannot overlap. */
  CHECK(ref == (uri || rel) && !(uri && rel), op, "uri-reference-alternatives",
        s, n, NULL, 0, NULL, 0);
  CHECK(!ref || (uri == (u.kind == RFC3986_KIND_URI)), op, "kind-vs-start-rule",
        s, n, NULL, 0, NULL, 0);
  /* absolute-URI is URI without a fragment. */
  CHECK(abs == (uri && !memchr(s, '#', n)), op, "absolute-uri-vs-uri", s, n,
        NULL, 0, NULL, 0);
  CHECK(uri == (rfc3986_match(RFC3986_RULE_URI, s, n, NULL) == RFC3986_OK) &&
            abs == (rfc3986_match(RFC3986_RULE_absolute_URI, s, n, NULL) ==
                    RFC3986_OK) &&
            rel == (rfc3986_match(RFC3986_RULE_relative_ref, s, n, NULL) ==
                    RFC3986_OK),
        op, "match-disagrees-with-parse", s, n, NULL, 0, NULL, 0);
}

static void op_iri(const char *s, size_t n) {
  const char *op = op_names[FUZZ_OP_IRI];
  rfc3986_uri u;
  int uri_ok =
      rfc3986_parse(s, n, RFC3986_RULE_URI_reference, &u, NULL) == RFC3986_OK;
  int iri_ok = rfc3986_parse_iri(s, n, RFC3986_RULE_IRI_reference, &u, NULL) ==
               RFC3986_OK;
  CHECK(!uri_ok || iri_ok, op, "uri-not-iri", s, n, NULL, 0, NULL, 0);
  size_t len = 0;
  char *out = room(&buf1, &cap1, 3 * n);
  rfc3986_status st = rfc3986_iri_to_uri(s, n, out, 3 * n, &len, NULL);
  CHECK(st != RFC3986_ERR_BUFFER, op, "iri-to-uri-beyond-bound", s, n, NULL, 0,
        NULL, 0);
  if (iri_ok && st == RFC3986_OK)
    CHECK(rfc3986_match(RFC3986_RULE_URI_reference, out, len, NULL) ==
              RFC3986_OK,
          op, "iri-to-uri-invalid", s, n, NULL, 0, out, len);
  char *out2 = room(&buf2, &cap2, 3 * n);
  (void)rfc3986_uri_to_iri(s, n, out2, 3 * n, &len, NULL);
}

static void op_pct(const char *s, size_t n) {
  const char *op = op_names[FUZZ_OP_PCT];
  size_t len = 0, len2 = 0;
  char *enc = room(&buf1, &cap1, 3 * n);
  rfc3986_status st = rfc3986_pct_encode(s, n, NULL, enc, 3 * n, &len);
  CHECK(st == RFC3986_OK && len <= 3 * n, op, "pct-encode-beyond-bound", s, n,
        NULL, 0, NULL, 0);
  char *dec = room(&buf2, &cap2, len);
  st = rfc3986_pct_decode(enc, len, dec, len, &len2, NULL);
  CHECK(st == RFC3986_OK && len2 == n && memcmp(dec, s, n) == 0, op,
        "pct-round-trip", s, n, NULL, 0, dec, st == RFC3986_OK ? len2 : 0);
  /* Decoding arbitrary input never writes more than it reads. */
  st = rfc3986_pct_decode(s, n, room(&buf2, &cap2, n), n, &len2, NULL);
  CHECK(st != RFC3986_ERR_BUFFER, op, "pct-decode-grows", s, n, NULL, 0, NULL,
        0);
}

static void op_match(const char *s, size_t n) {
  const char *op = op_names[FUZZ_OP_MATCH];
  if (n == 0)
    return;
  rfc3986_rule rule =
      (rfc3986_rule)(1 + (unsigned char)s[0] % (RFC3986_RULE__COUNT - 1));
  s++, n--;
  rfc3986_error err;
  rfc3986_status st = rfc3986_match(rule, s, n, &err);
  CHECK(st == RFC3986_OK || st == RFC3986_ERR_SYNTAX, op, "match-status", s, n,
        NULL, 0, NULL, 0);
  if (st == RFC3986_ERR_SYNTAX)
    CHECK(err.offset <= n, op, "error-offset-beyond-input", s, n, NULL, 0, NULL,
          0);
  if (rule == RFC3986_RULE_URI || rule == RFC3986_RULE_absolute_URI ||
      rule == RFC3986_RULE_relative_ref || rule == RFC3986_RULE_URI_reference) {
    rfc3986_uri u;
    rfc3986_error perr;
    rfc3986_status pst = rfc3986_parse(s, n, rule, &u, &perr);
    CHECK(pst == st, op, "match-disagrees-with-parse", s, n, NULL, 0, NULL, 0);
    if (st == RFC3986_ERR_SYNTAX)
      CHECK(perr.offset == err.offset, op, "match-offset-disagrees", s, n, NULL,
            0, NULL, 0);
  }
}

/* The generated parser agrees with the literal one (reference/fast/). */
static void check_fast(const char *s, size_t n) {
  static const rfc3986_rule starts[] = {
      RFC3986_RULE_URI_reference, RFC3986_RULE_URI, RFC3986_RULE_absolute_URI,
      RFC3986_RULE_relative_ref};
  for (size_t k = 0; k < sizeof starts / sizeof starts[0]; k++) {
    rfc3986_uri u, f;
    rfc3986_error ue, fe;
    rfc3986_status us = rfc3986_parse(s, n, starts[k], &u, &ue);
    rfc3986_status fs = rfc3986_parse_fast(s, n, starts[k], &f, &fe);
    const char *rule = rfc3986_rule_name(starts[k]);
    CHECK(us == fs, "fast", "fast-status-differs", s, n, NULL, 0, rule,
          strlen(rule));
    CHECK(us == RFC3986_OK ? same_uri(&u, &f) : ue.offset == fe.offset, "fast",
          us == RFC3986_OK ? "fast-parse-differs" : "fast-error-offset-differs",
          s, n, NULL, 0, rule, strlen(rule));
  }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size == 0)
    return 0;
  enum fuzz_op op = (enum fuzz_op)((data[0] & 0x0f) % OP__COUNT);
  const char *s = (const char *)data + 1;
  size_t n = size - 1;
  check_fast(s, n);
  switch (op) {
  case FUZZ_OP_PARSE:
    op_parse(s, n);
    break;
  case FUZZ_OP_NORMALIZE:
    op_normalize(s, n, RFC3986_LEVEL_SYNTAX, op_names[FUZZ_OP_NORMALIZE]);
    break;
  case FUZZ_OP_NORMALIZE_SCHEME:
    op_normalize(s, n, RFC3986_LEVEL_SCHEME,
                 op_names[FUZZ_OP_NORMALIZE_SCHEME]);
    break;
  case FUZZ_OP_RESOLVE:
    op_resolve(s, n, RFC3986_RESOLVE_STRICT, op_names[FUZZ_OP_RESOLVE]);
    break;
  case FUZZ_OP_RESOLVE_NON_STRICT:
    op_resolve(s, n, RFC3986_RESOLVE_NON_STRICT,
               op_names[FUZZ_OP_RESOLVE_NON_STRICT]);
    break;
  case FUZZ_OP_REMOVE_DOT_SEGMENTS:
    op_remove_dot_segments(s, n);
    break;
  case FUZZ_OP_START_RULES:
    op_start_rules(s, n);
    break;
  case FUZZ_OP_IRI:
    op_iri(s, n);
    break;
  case FUZZ_OP_PCT:
    op_pct(s, n);
    break;
  case FUZZ_OP_MATCH:
    op_match(s, n);
    break;
  }
  return 0;
}
