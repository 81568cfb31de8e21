/* test_coverage.c: what the other unit tests, the CLI tests and the vectors
 * leave out (make coverage names it): the API's argument checks and stable
 * names, small output buffers, parse traces, the IRI start rules, UTF-8
 * boundaries of RFC 3629, RFC 3987 3.2 bidi characters and iprivate, the
 * 5.2.2 non-strict scheme comparison, 6.2.3 mailto and default ports.
 * Every expectation is worked out by hand from the RFCs. */
#include <stdio.h>
#include <string.h>

#include "rfc3986.h"
#include "unit.h"

#define N(a) (sizeof(a) / sizeof((a)[0]))

/* ---- stable names (rfc3986.h) ------------------------------------------ */

static const struct {
  int status;
  const char *name, *message;
} statuses[] = {
    {RFC3986_OK, "ok", "no error"},
    {RFC3986_ERR_SYNTAX, "syntax", "does not match the grammar"},
    {RFC3986_ERR_BUFFER, "buffer", "output buffer too small"},
    {RFC3986_ERR_BASE_NOT_ABSOLUTE, "base-not-absolute",
     "base is not an absolute-URI (section 5.1)"},
    {RFC3986_ERR_BASE_HAS_FRAGMENT, "base-has-fragment",
     "base has a fragment (section 5.1)"},
    {RFC3986_ERR_PCT_MALFORMED, "pct-malformed",
     "\"%\" not followed by two hex digits (section 2.1)"},
    {RFC3986_ERR_UTF8, "utf8", "not well-formed UTF-8 (RFC 3629)"},
    {RFC3986_ERR_UNKNOWN_RULE, "unknown-rule", "unknown rule"},
    {RFC3986_ERR_ARGUMENT, "argument", "invalid argument"},
    {99, "unknown", "unknown error"},
};

static void test_names(void) {
  for (size_t i = 0; i < N(statuses); i++) {
    rfc3986_error e = {(rfc3986_status)statuses[i].status, 0,
                       RFC3986_RULE_NONE};
    unit_check(strcmp(rfc3986_status_name(e.status), statuses[i].name) == 0,
               "names.status", "status %d: want %s, got %s", statuses[i].status,
               statuses[i].name, rfc3986_status_name(e.status));
    unit_check(strcmp(rfc3986_error_message(&e), statuses[i].message) == 0,
               "names.message", "status %d: want %s, got %s",
               statuses[i].status, statuses[i].message,
               rfc3986_error_message(&e));
  }
  unit_check(strcmp(rfc3986_error_message(NULL), "no error") == 0,
             "names.message.null", "NULL error");
  unit_check(rfc3986_host_type_name(RFC3986_HOST_NONE) == NULL,
             "names.host-type.none", "no authority, no host type name");
  unit_check(rfc3986_host_type_name((rfc3986_host_type)42) == NULL,
             "names.host-type.bad", "out of range");
  unit_check(
      strcmp(rfc3986_host_type_name(RFC3986_HOST_IPVFUTURE), "IPvFuture") == 0,
      "names.host-type.ipvfuture", "IPvFuture");
  unit_check(strcmp(rfc3986_hazard_name(RFC3986_HAZARD_NONE), "none") == 0,
             "names.hazard.none", "none");
  unit_check(rfc3986_rule_name(RFC3986_RULE__COUNT) == NULL,
             "names.rule.past-end", "past the last rule");
  unit_check(rfc3986_rule_name((rfc3986_rule)-1) == NULL, "names.rule.negative",
             "negative rule");
  unit_check(rfc3986_rule_from_name(NULL, 3) == RFC3986_RULE_NONE,
             "names.rule.null", "NULL name");
  unit_check(rfc3986_rule_from_name("URIx", 4) == RFC3986_RULE_NONE,
             "names.rule.unknown", "unknown name");
  unit_check(rfc3986_rule_from_name("iprivate", 8) == RFC3986_RULE_iprivate,
             "names.rule.last", "the last RFC 3987 rule");
}

/* ---- argument checks ---------------------------------------------------- */

static void expect_status(const char *id, rfc3986_status got,
                          rfc3986_status want) {
  unit_check(got == want, id, "want %s, got %s", rfc3986_status_name(want),
             rfc3986_status_name(got));
}

static void test_arguments_parsers(void) {
  rfc3986_uri u;
  rfc3986_error e;
  size_t count;

  /* parse: NULL input with a length, events NULL with a capacity, a rule
   * that is not a start rule (4.1: URI-reference, URI, absolute-URI,
   * relative-ref, and the RFC 3987 2.2 ones) */
  expect_status("args.parse.null",
                rfc3986_parse(NULL, 1, RFC3986_RULE_URI_reference, &u, &e),
                RFC3986_ERR_ARGUMENT);
  unit_check(e.status == RFC3986_ERR_ARGUMENT && e.offset == 0 &&
                 e.rule == RFC3986_RULE_NONE,
             "args.parse.null.err", "err filled");
  expect_status("args.parse.null.noerr",
                rfc3986_parse(NULL, 1, RFC3986_RULE_URI_reference, NULL, NULL),
                RFC3986_ERR_ARGUMENT);
  expect_status("args.parse.empty-null",
                rfc3986_parse(NULL, 0, RFC3986_RULE_URI_reference, &u, &e),
                RFC3986_OK);
  expect_status("args.traced.events",
                rfc3986_parse_traced("a", 1, RFC3986_RULE_URI_reference, &u, &e,
                                     NULL, 4, &count),
                RFC3986_ERR_ARGUMENT);
  expect_status("args.parse.host",
                rfc3986_parse("a", 1, RFC3986_RULE_host, &u, &e),
                RFC3986_ERR_UNKNOWN_RULE);
  unit_check(e.status == RFC3986_ERR_UNKNOWN_RULE, "args.parse.host.err",
             "err filled");
  expect_status("args.parse.host.noerr",
                rfc3986_parse("a", 1, RFC3986_RULE_host, NULL, NULL),
                RFC3986_ERR_UNKNOWN_RULE);
  expect_status("args.parse.none",
                rfc3986_parse("a", 1, RFC3986_RULE_NONE, &u, NULL),
                RFC3986_ERR_UNKNOWN_RULE);
  expect_status("args.parse.iri-start",
                rfc3986_parse("a", 1, RFC3986_RULE_IRI_reference, &u, &e),
                RFC3986_OK);
  expect_status("args.parse.iri-rule",
                rfc3986_parse("a", 1, RFC3986_RULE_ihost, &u, &e),
                RFC3986_ERR_UNKNOWN_RULE);

  /* match: NULL input, the NONE rule, past the last rule */
  expect_status("args.match.null", rfc3986_match(RFC3986_RULE_URI, NULL, 2, &e),
                RFC3986_ERR_ARGUMENT);
  unit_check(e.status == RFC3986_ERR_ARGUMENT, "args.match.null.err",
             "err filled");
  expect_status("args.match.null.noerr",
                rfc3986_match(RFC3986_RULE_URI, NULL, 2, NULL),
                RFC3986_ERR_ARGUMENT);
  expect_status("args.match.none", rfc3986_match(RFC3986_RULE_NONE, "a", 1, &e),
                RFC3986_ERR_UNKNOWN_RULE);
  unit_check(e.status == RFC3986_ERR_UNKNOWN_RULE &&
                 e.rule == RFC3986_RULE_NONE,
             "args.match.none.err", "err filled");
  expect_status("args.match.none.noerr",
                rfc3986_match(RFC3986_RULE_NONE, "a", 1, NULL),
                RFC3986_ERR_UNKNOWN_RULE);
  expect_status("args.match.past-end",
                rfc3986_match(RFC3986_RULE__COUNT, "a", 1, &e),
                RFC3986_ERR_UNKNOWN_RULE);
  expect_status("args.match.ok.noerr",
                rfc3986_match(RFC3986_RULE_unreserved, "a", 1, NULL),
                RFC3986_OK);

  /* parse_iri: rules that are no start rule */
  expect_status("args.iri.host",
                rfc3986_parse_iri("a", 1, RFC3986_RULE_host, &u, &e),
                RFC3986_ERR_UNKNOWN_RULE);
  unit_check(e.status == RFC3986_ERR_UNKNOWN_RULE, "args.iri.host.err",
             "err filled");
  expect_status("args.iri.host.noout",
                rfc3986_parse_iri("a", 1, RFC3986_RULE_ihost, NULL, NULL),
                RFC3986_ERR_UNKNOWN_RULE);
}

/* producers: NULL input with a length, NULL output with a capacity */
static void test_arguments_producers(void) {
  rfc3986_uri u;
  rfc3986_error e;
  char out[64];
  size_t n = 7;
  unsigned hz = 9;
  int eq = 5;

  expect_status("args.recompose.null",
                rfc3986_recompose(NULL, out, sizeof out, &n),
                RFC3986_ERR_ARGUMENT);
  rfc3986_parse("a", 1, RFC3986_RULE_URI_reference, &u, &e);
  expect_status("args.recompose.out", rfc3986_recompose(&u, NULL, 4, &n),
                RFC3986_ERR_ARGUMENT);
  expect_status("args.recompose.noout", rfc3986_recompose(&u, NULL, 0, NULL),
                RFC3986_ERR_BUFFER);
  expect_status(
      "args.resolve.base",
      rfc3986_resolve(NULL, 1, "g", 1, 0, out, sizeof out, &n, &hz, &e),
      RFC3986_ERR_ARGUMENT);
  unit_check(n == 0 && hz == RFC3986_HAZARD_NONE, "args.resolve.base.out",
             "out_len 0 and no hazard on an argument error");
  expect_status("args.resolve.ref",
                rfc3986_resolve("http://a/", 9, NULL, 1, 0, out, sizeof out, &n,
                                NULL, &e),
                RFC3986_ERR_ARGUMENT);
  expect_status(
      "args.resolve.out",
      rfc3986_resolve("http://a/", 9, "g", 1, 0, NULL, 1, NULL, NULL, NULL),
      RFC3986_ERR_ARGUMENT);
  expect_status("args.resolve.badref.noerr",
                rfc3986_resolve("http://a/", 9, "a b", 3, 0, out, sizeof out,
                                NULL, NULL, NULL),
                RFC3986_ERR_SYNTAX);
  expect_status("args.dots.in",
                rfc3986_remove_dot_segments(NULL, 1, out, sizeof out, &n),
                RFC3986_ERR_ARGUMENT);
  expect_status("args.dots.out",
                rfc3986_remove_dot_segments("/a", 2, NULL, 1, &n),
                RFC3986_ERR_ARGUMENT);
  expect_status("args.normalize.in",
                rfc3986_normalize(NULL, 1, RFC3986_LEVEL_SYNTAX, out,
                                  sizeof out, &n, &hz, &e),
                RFC3986_ERR_ARGUMENT);
  expect_status("args.normalize.out",
                rfc3986_normalize("a", 1, RFC3986_LEVEL_SYNTAX, NULL, 1, NULL,
                                  NULL, NULL),
                RFC3986_ERR_ARGUMENT);
  expect_status("args.normalize.bad.noerr",
                rfc3986_normalize("a b", 3, RFC3986_LEVEL_SYNTAX, out,
                                  sizeof out, NULL, NULL, NULL),
                RFC3986_ERR_SYNTAX);
  expect_status(
      "args.equivalent.a",
      rfc3986_equivalent(NULL, 1, "b", 1, RFC3986_LEVEL_SYNTAX, &eq, &e),
      RFC3986_ERR_ARGUMENT);
  unit_check(eq == 0, "args.equivalent.a.eq", "*equivalent is 0 on an error");
  expect_status(
      "args.equivalent.b",
      rfc3986_equivalent("a", 1, NULL, 1, RFC3986_LEVEL_SYNTAX, &eq, &e),
      RFC3986_ERR_ARGUMENT);
  expect_status(
      "args.equivalent.result",
      rfc3986_equivalent("a", 1, "a", 1, RFC3986_LEVEL_SYNTAX, NULL, &e),
      RFC3986_ERR_ARGUMENT);
  expect_status(
      "args.equivalent.bad-b",
      rfc3986_equivalent("a", 1, "b c", 3, RFC3986_LEVEL_SYNTAX, &eq, &e),
      RFC3986_ERR_SYNTAX);
  unit_check(e.offset == 1, "args.equivalent.bad-b.offset",
             "offset %zu, want 1", e.offset);
  expect_status(
      "args.equivalent.bad-a.noerr",
      rfc3986_equivalent("a c", 3, "b", 1, RFC3986_LEVEL_SYNTAX, &eq, NULL),
      RFC3986_ERR_SYNTAX);
  expect_status("args.encode.in",
                rfc3986_pct_encode(NULL, 1, NULL, out, sizeof out, &n),
                RFC3986_ERR_ARGUMENT);
  expect_status("args.encode.out",
                rfc3986_pct_encode("a", 1, NULL, NULL, 1, &n),
                RFC3986_ERR_ARGUMENT);
  expect_status("args.decode.in",
                rfc3986_pct_decode(NULL, 1, out, sizeof out, &n, &e),
                RFC3986_ERR_ARGUMENT);
  expect_status("args.decode.out", rfc3986_pct_decode("a", 1, NULL, 1, &n, &e),
                RFC3986_ERR_ARGUMENT);
  expect_status("args.iri-to-uri.in",
                rfc3986_iri_to_uri(NULL, 1, out, sizeof out, &n, &e),
                RFC3986_ERR_ARGUMENT);
  expect_status("args.iri-to-uri.out",
                rfc3986_iri_to_uri("a", 1, NULL, 1, NULL, NULL),
                RFC3986_ERR_ARGUMENT);
  expect_status("args.uri-to-iri.in",
                rfc3986_uri_to_iri(NULL, 1, out, sizeof out, &n, &e),
                RFC3986_ERR_ARGUMENT);
  expect_status("args.uri-to-iri.out",
                rfc3986_uri_to_iri("a", 1, NULL, 1, &n, &e),
                RFC3986_ERR_ARGUMENT);
}

/* ---- empty inputs: NULL with length 0 is the empty string ------------- */

static void test_empty(void) {
  size_t n = 9;
  rfc3986_error e;
  int eq = -1;
  /* 4.1: the empty string is a relative-ref (path-empty) */
  expect_status("empty.encode", rfc3986_pct_encode(NULL, 0, NULL, NULL, 0, &n),
                RFC3986_OK);
  unit_check(n == 0, "empty.encode.len", "%zu", n);
  expect_status("empty.decode", rfc3986_pct_decode(NULL, 0, NULL, 0, &n, &e),
                RFC3986_OK);
  expect_status("empty.iri-to-uri",
                rfc3986_iri_to_uri(NULL, 0, NULL, 0, &n, &e), RFC3986_OK);
  expect_status("empty.uri-to-iri",
                rfc3986_uri_to_iri(NULL, 0, NULL, 0, &n, &e), RFC3986_OK);
  expect_status("empty.dots", rfc3986_remove_dot_segments(NULL, 0, NULL, 0, &n),
                RFC3986_OK);
  expect_status(
      "empty.normalize",
      rfc3986_normalize(NULL, 0, RFC3986_LEVEL_SCHEME, NULL, 0, &n, NULL, &e),
      RFC3986_OK);
  unit_check(n == 0, "empty.normalize.len", "%zu", n);
  expect_status(
      "empty.equivalent",
      rfc3986_equivalent(NULL, 0, NULL, 0, RFC3986_LEVEL_SYNTAX, &eq, &e),
      RFC3986_OK);
  unit_check(eq == 1, "empty.equivalent.eq", "%d", eq);
  expect_status("empty.match",
                rfc3986_match(RFC3986_RULE_path_empty, NULL, 0, &e),
                RFC3986_OK);
  /* 5.1: the empty base is a relative-ref, not an absolute-URI */
  expect_status("empty.resolve.base",
                rfc3986_resolve(NULL, 0, "g", 1, 0, NULL, 0, &n, NULL, NULL),
                RFC3986_ERR_BASE_NOT_ABSOLUTE);
  expect_status("empty.resolve.bad-base.noerr",
                rfc3986_resolve("a b", 3, "g", 1, 0, NULL, 0, &n, NULL, NULL),
                RFC3986_ERR_SYNTAX);
  /* 5.2.2: an empty reference is the base (without its fragment) */
  expect_status(
      "empty.resolve.ref",
      rfc3986_resolve("http://a/", 9, NULL, 0, 0, NULL, 0, &n, NULL, &e),
      RFC3986_ERR_BUFFER);
  unit_check(n == 9, "empty.resolve.ref.len", "need 9, got %zu", n);
  /* 5.3: the empty reference given as (NULL, 0) recomposes to "" (its
   * path span points at no octet: nothing may be copied from it) */
  rfc3986_uri u;
  char out[4];
  expect_status("empty.recompose.parse",
                rfc3986_parse(NULL, 0, RFC3986_RULE_URI_reference, &u, &e),
                RFC3986_OK);
  expect_status("empty.recompose", rfc3986_recompose(&u, out, sizeof out, &n),
                RFC3986_OK);
  unit_check(n == 0, "empty.recompose.len", "%zu", n);
}

/* ---- small output buffers (the snprintf convention of rfc3986.h) -------- */

static void test_buffers(void) {
  rfc3986_uri u;
  rfc3986_error e;
  char out[64];
  size_t n;
  unsigned hz;

  /* 5.3 recomposition of "http://h/p?q#f" into 5 octets: "http:" */
  rfc3986_parse("http://h/p?q#f", 14, RFC3986_RULE_URI_reference, &u, &e);
  memset(out, '*', sizeof out);
  expect_status("buf.recompose", rfc3986_recompose(&u, out, 5, &n),
                RFC3986_ERR_BUFFER);
  unit_check(n == 14 && memcmp(out, "http:*", 6) == 0, "buf.recompose.len",
             "need 14, got %zu; first 5 octets written", n);
  expect_status("buf.recompose.noout",
                rfc3986_recompose(&u, out, sizeof out, NULL), RFC3986_OK);
  /* a caller's uri with an undefined path (rfc3986_split always defines
   * it): 5.3 step 4 appends nothing */
  u.path.offset = RFC3986_UNDEFINED;
  expect_status("buf.recompose.nopath",
                rfc3986_recompose(&u, out, sizeof out, &n), RFC3986_OK);
  unit_check_str("buf.recompose.nopath.out", out, n, "http://h?q#f");

  /* 5.2.4 with a buffer shorter than the input but long enough for the
   * output: "/a/b/../c" -> "/a/c" */
  expect_status("buf.dots.short-in",
                rfc3986_remove_dot_segments("/a/b/../c", 9, out, 4, &n),
                RFC3986_OK);
  unit_check_str("buf.dots.short-in.out", out, n, "/a/c");
  expect_status("buf.dots.too-short",
                rfc3986_remove_dot_segments("/a/b/../c", 9, out, 3, &n),
                RFC3986_ERR_BUFFER);
  unit_check(n == 4, "buf.dots.too-short.len", "need 4, got %zu", n);
  expect_status("buf.dots.noout",
                rfc3986_remove_dot_segments("/a/./b", 6, out, sizeof out, NULL),
                RFC3986_OK);

  /* 5.2.2: R.path empty keeps Base.path as is; the target does not fit */
  expect_status(
      "buf.resolve.small",
      rfc3986_resolve("http://a/b/c", 12, "?y", 2, 0, out, 10, &n, &hz, &e),
      RFC3986_ERR_BUFFER);
  unit_check(n == 14, "buf.resolve.small.len",
             "need 14 (http://a/b/c?y), got %zu", n);
  expect_status("buf.resolve.dots.small",
                rfc3986_resolve("http://a/b/c", 12, "../d/./e", 8, 0, out, 10,
                                &n, &hz, &e),
                RFC3986_ERR_BUFFER);
  unit_check(n == 12, "buf.resolve.dots.small.len",
             "need 12 (http://a/d/e), got %zu", n);
  expect_status("buf.resolve.dots.path-fits",
                rfc3986_resolve("http://a/b/c", 12, "../d/./e?q#f", 12, 0, out,
                                13, &n, &hz, &e),
                RFC3986_ERR_BUFFER);
  unit_check(n == 16 && memcmp(out, "http://a/d/e?", 13) == 0,
             "buf.resolve.dots.path-fits.out",
             "need 16 (http://a/d/e?q#f), got %zu", n);
  expect_status("buf.resolve.noout",
                rfc3986_resolve("http://a/b/c", 12, "g", 1, 0, out, sizeof out,
                                NULL, NULL, NULL),
                RFC3986_OK);

  /* 6.2.2 normalization of "HTTP://H/%7e" ("http://h/~"), no out_len */
  expect_status("buf.normalize.noout",
                rfc3986_normalize("HTTP://H/%7e", 12, RFC3986_LEVEL_SYNTAX, out,
                                  sizeof out, NULL, NULL, NULL),
                RFC3986_OK);
  unit_check(memcmp(out, "http://h/~", 10) == 0, "buf.normalize.noout.out",
             "http://h/~");
  expect_status("buf.normalize.small",
                rfc3986_normalize("HTTP://H/%7e", 12, RFC3986_LEVEL_SYNTAX, out,
                                  3, &n, NULL, NULL),
                RFC3986_ERR_BUFFER);
  unit_check(n == 10, "buf.normalize.small.len", "need 10, got %zu", n);

  /* 2.1 encoding and decoding without out_len, and a short decode buffer */
  expect_status("buf.encode.noout",
                rfc3986_pct_encode("a b", 3, NULL, out, sizeof out, NULL),
                RFC3986_OK);
  expect_status("buf.decode.noout",
                rfc3986_pct_decode("a%20b", 5, out, sizeof out, NULL, NULL),
                RFC3986_OK);
  expect_status("buf.decode.bad.noout",
                rfc3986_pct_decode("a%2", 3, out, sizeof out, NULL, NULL),
                RFC3986_ERR_PCT_MALFORMED);
  expect_status("buf.decode.small",
                rfc3986_pct_decode("a%20b", 5, out, 2, &n, &e),
                RFC3986_ERR_BUFFER);
  unit_check(n == 3 && e.status == RFC3986_ERR_BUFFER, "buf.decode.small.err",
             "need 3, got %zu; err says buffer", n);

  /* RFC 3987 3.1: "\xc3\xa9" (U+00E9) is "%C3%A9"; 4 octets do not hold it */
  expect_status("buf.iri-to-uri.small",
                rfc3986_iri_to_uri("\xc3\xa9", 2, out, 4, &n, &e),
                RFC3986_ERR_BUFFER);
  unit_check(n == 6 && memcmp(out, "%C3%", 4) == 0, "buf.iri-to-uri.small.len",
             "need 6, got %zu", n);
  expect_status("buf.iri-to-uri.zero",
                rfc3986_iri_to_uri("\xc3\xa9", 2, NULL, 0, &n, NULL),
                RFC3986_ERR_BUFFER);
  expect_status("buf.iri-to-uri.noout",
                rfc3986_iri_to_uri("a", 1, out, sizeof out, NULL, NULL),
                RFC3986_OK);
}

/* ---- parse traces (rfc3986 explain, rule coverage) --------------------- */

static const struct {
  const char *id, *in;
  rfc3986_rule start, must_see;
} traces[] = {
    /* 3.4, 3.5: query and fragment = *( pchar / "/" / "?" ) */
    {"trace.query-slash", "http://h?a/b?c#d/e?f", RFC3986_RULE_URI_reference,
     RFC3986_RULE_query},
    {"trace.ipv6", "http://[::1]/", RFC3986_RULE_URI_reference,
     RFC3986_RULE_IPv6address},
    {"trace.ipv6.compressed", "http://[1::2:3]/", RFC3986_RULE_URI_reference,
     RFC3986_RULE_ls32},
    {"trace.path-rootless", "a:b/c", RFC3986_RULE_URI_reference,
     RFC3986_RULE_path_rootless},
    {"trace.relative", "a/b:c", RFC3986_RULE_URI_reference,
     RFC3986_RULE_path_noscheme},
    {"trace.uri-prefix", "a:b c", RFC3986_RULE_URI_reference,
     RFC3986_RULE_NONE},
    {"trace.ipv6.invalid", "http://[::g]/", RFC3986_RULE_URI_reference,
     RFC3986_RULE_NONE},
    {"trace.ip-literal.empty-ish", "http://[g]/", RFC3986_RULE_URI_reference,
     RFC3986_RULE_NONE},
    {"trace.ipv6.too-many", "http://[1:2:3:4:5:6:7:8:9]/",
     RFC3986_RULE_URI_reference, RFC3986_RULE_NONE},
    /* RFC 3987 2.2 */
    {"trace.iri.reg-name", "http://\xc3\xa9x/", RFC3986_RULE_IRI_reference,
     RFC3986_RULE_ireg_name},
    {"trace.iri.ipv4", "http://1.2.3.4/", RFC3986_RULE_IRI_reference,
     RFC3986_RULE_IPv4address},
    {"trace.iri.query", "http://h?\xee\x80\x80/?", RFC3986_RULE_IRI_reference,
     RFC3986_RULE_iprivate},
};

static void test_traces(void) {
  for (size_t i = 0; i < N(traces); i++) {
    rfc3986_trace_event ev[256];
    size_t count = 0, small = 0;
    rfc3986_uri u;
    rfc3986_error e;
    size_t len = strlen(traces[i].in);
    rfc3986_status st = rfc3986_parse_traced(traces[i].in, len, traces[i].start,
                                             &u, &e, ev, N(ev), &count);
    if (traces[i].must_see == RFC3986_RULE_NONE) {
      /* not a URI-reference: no trace of a successful parse */
      expect_status(traces[i].id, st, RFC3986_ERR_SYNTAX);
      continue;
    }
    expect_status(traces[i].id, st, RFC3986_OK);
    int seen = 0;
    for (size_t k = 0; k < count && k < N(ev); k++)
      if (ev[k].rule == traces[i].must_see)
        seen = 1;
    unit_check(
        seen && ev[0].offset == 0 && ev[0].length == len && ev[0].depth == 0,
        traces[i].id, "%s: the start rule spans the input, %s is in the trace",
        unit_show(traces[i].in, len), rfc3986_rule_name(traces[i].must_see));
    /* the same count with room for 2 events only */
    rfc3986_parse_traced(traces[i].in, len, traces[i].start, NULL, NULL, ev, 2,
                         &small);
    unit_check(small == count, traces[i].id,
               "count %zu with cap 2, %zu with room", small, count);
  }
}

/* ---- 3.2.2 IPv6address: inputs where several alternatives match ------- */

static const struct {
  const char *id, *in;
  int ok;
} ipv6[] = {
    {"ipv6.ls32-after-compression", "::1:2",
     1}, /* "::" ls32, and "::" h16 on "::1" */
    {"ipv6.h16-after-compression", "1::2", 1},
    {"ipv6.seven-then-compression", "1:2:3:4:5:6:7::", 1},
    {"ipv6.only-compression", "::", 1},
    {"ipv6.ipv4-after-compression", "::1.2.3.4", 1},
    {"ipv6.two-compressions", "1::2::3", 0},
    {"ipv6.nine-pieces", "1:2:3:4:5:6:7:8:9", 0},
};

static void test_ipv6(void) {
  for (size_t i = 0; i < N(ipv6); i++) {
    rfc3986_error e;
    rfc3986_status st = rfc3986_match(RFC3986_RULE_IPv6address, ipv6[i].in,
                                      strlen(ipv6[i].in), &e);
    expect_status(ipv6[i].id, st, ipv6[i].ok ? RFC3986_OK : RFC3986_ERR_SYNTAX);
    char uri[64];
    rfc3986_trace_event ev[64];
    size_t count;
    int n = snprintf(uri, sizeof uri, "//[%s]", ipv6[i].in);
    st = rfc3986_parse_traced(uri, (size_t)n, RFC3986_RULE_URI_reference, NULL,
                              NULL, ev, N(ev), &count);
    expect_status(ipv6[i].id, st, ipv6[i].ok ? RFC3986_OK : RFC3986_ERR_SYNTAX);
  }
}

/* ---- RFC 3987 2.2 through the RFC 3986 start rule names ---------------- */

static const struct {
  const char *id, *in;
  rfc3986_rule start;
  int ok;
  rfc3986_host_type host_type;
} iris[] = {
    {"iri.start.URI", "http://\xc3\xa9/", RFC3986_RULE_URI, 1,
     RFC3986_HOST_REG_NAME},
    {"iri.start.URI.relative", "//\xc3\xa9/", RFC3986_RULE_URI, 0,
     RFC3986_HOST_NONE},
    {"iri.start.absolute", "http://h/\xc3\xa9?q", RFC3986_RULE_absolute_URI, 1,
     RFC3986_HOST_REG_NAME},
    {"iri.start.absolute.fragment", "http://h/#f", RFC3986_RULE_absolute_URI, 0,
     RFC3986_HOST_NONE},
    {"iri.start.relative", "\xc3\xa9/b", RFC3986_RULE_relative_ref, 1,
     RFC3986_HOST_NONE},
    {"iri.start.relative.scheme", "a:b", RFC3986_RULE_relative_ref, 0,
     RFC3986_HOST_NONE},
    /* ireg-name and isegment-nz-nc with pct-encoded */
    {"iri.reg-name.pct", "http://%41\xc3\xa9/", RFC3986_RULE_IRI_reference, 1,
     RFC3986_HOST_REG_NAME},
    {"iri.segment-nz-nc.pct", "%41\xc3\xa9@/b", RFC3986_RULE_IRI_reference, 1,
     RFC3986_HOST_NONE},
    {"iri.ipvfuture", "http://[v1.x]/", RFC3986_RULE_IRI_reference, 1,
     RFC3986_HOST_IPVFUTURE},
    {"iri.ipv6", "http://[::1]/", RFC3986_RULE_IRI_reference, 1,
     RFC3986_HOST_IPV6ADDRESS},
    /* iprivate only in iquery; a truncated or bad UTF-8 sequence */
    {"iri.iprivate.query", "http://h?\xee\x80\x80", RFC3986_RULE_IRI_reference,
     1, RFC3986_HOST_REG_NAME},
    {"iri.iprivate.path", "http://h/\xee\x80\x80", RFC3986_RULE_IRI_reference,
     0, RFC3986_HOST_NONE},
    {"iri.utf8.truncated", "http://h/\xc3", RFC3986_RULE_IRI_reference, 0,
     RFC3986_HOST_NONE},
    {"iri.utf8.bad-continuation", "http://h/\xc3(", RFC3986_RULE_IRI_reference,
     0, RFC3986_HOST_NONE},
    {"iri.absolute.bad-scheme", "1a:b", RFC3986_RULE_absolute_IRI, 0,
     RFC3986_HOST_NONE},
    /* sub-delims in ireg-name and isegment-nz-nc; "%" without two HEXDIG */
    {"iri.reg-name.sub-delims", "http://a!b$/", RFC3986_RULE_IRI_reference, 1,
     RFC3986_HOST_REG_NAME},
    {"iri.segment-nz-nc.sub-delims", "a!b/c", RFC3986_RULE_IRI_reference, 1,
     RFC3986_HOST_NONE},
    {"iri.userinfo.bad-pct", "http://a%g@h/", RFC3986_RULE_IRI_reference, 0,
     RFC3986_HOST_NONE},
    {"iri.reg-name.bad-pct", "http://h%g/", RFC3986_RULE_IRI_reference, 0,
     RFC3986_HOST_NONE},
    {"iri.segment-nz-nc.bad-pct", "a%g", RFC3986_RULE_IRI_reference, 0,
     RFC3986_HOST_NONE},
    /* U+FFFE is neither ucschar nor iprivate: not in iquery */
    {"iri.query.noncharacter", "http://h?\xef\xbf\xbe",
     RFC3986_RULE_IRI_reference, 0, RFC3986_HOST_NONE},
};

static void test_iri(void) {
  for (size_t i = 0; i < N(iris); i++) {
    rfc3986_uri u;
    rfc3986_error e;
    rfc3986_status st = rfc3986_parse_iri(iris[i].in, strlen(iris[i].in),
                                          iris[i].start, &u, &e);
    expect_status(iris[i].id, st, iris[i].ok ? RFC3986_OK : RFC3986_ERR_SYNTAX);
    if (iris[i].ok)
      unit_check(u.host_type == iris[i].host_type, iris[i].id,
                 "host type %d, want %d", (int)u.host_type,
                 (int)iris[i].host_type);
  }
}

/* ---- RFC 3987 3.1 and RFC 3629: UTF-8 boundaries ----------------------- */

static const struct {
  const char *id, *in, *want; /* want NULL: RFC3986_ERR_UTF8 at offset bad */
  size_t bad;
} utf8[] = {
    {"utf8.e0.lowest", "\xe0\xa0\x80", "%E0%A0%80", 0}, /* U+0800 */
    {"utf8.e0.overlong", "\xe0\x9f\xbf", NULL, 1},      /* U+07FF in 3 octets */
    {"utf8.ed.surrogate", "\xed\xa0\x80", NULL, 1},     /* U+D800 */
    {"utf8.ed.last", "\xed\x9f\xbf", "%ED%9F%BF", 0},   /* U+D7FF */
    {"utf8.f0.lowest", "\xf0\x90\x80\x80", "%F0%90%80%80", 0}, /* U+10000 */
    {"utf8.f0.overlong", "\xf0\x8f\xbf\xbf", NULL, 1}, /* U+FFFF in 4 octets */
    {"utf8.f4.highest", "\xf4\x8f\xbf\xbf", "%F4%8F%BF%BF", 0}, /* U+10FFFF */
    {"utf8.f4.above", "\xf4\x90\x80\x80", NULL, 1},             /* U+110000 */
    {"utf8.f5", "a\xf5\x80\x80\x80", NULL, 1},
    {"utf8.c1.overlong", "\xc1\xbf", NULL, 0},
    {"utf8.truncated", "ab\xe2\x82", NULL, 4},
    {"utf8.third-octet", "\xe2\x82(", NULL, 2},
};

static void test_utf8(void) {
  for (size_t i = 0; i < N(utf8); i++) {
    char out[64];
    size_t n = 0;
    rfc3986_error e;
    rfc3986_status st = rfc3986_iri_to_uri(utf8[i].in, strlen(utf8[i].in), out,
                                           sizeof out, &n, &e);
    if (utf8[i].want) {
      expect_status(utf8[i].id, st, RFC3986_OK);
      unit_check_str(utf8[i].id, out, n, utf8[i].want);
    } else {
      expect_status(utf8[i].id, st, RFC3986_ERR_UTF8);
      unit_check(e.offset == utf8[i].bad, utf8[i].id, "offset %zu, want %zu",
                 e.offset, utf8[i].bad);
    }
  }
}

/* ---- RFC 3987 3.2: what uri-to-iri decodes ------------------------------ */

static const struct {
  const char *id, *in, *want;
} to_iri[] = {
    {"to-iri.ucschar", "http://h/%C3%A9", "http://h/\xc3\xa9"},
    /* 4.1: bidi formatting characters stay encoded */
    {"to-iri.bidi.lrm", "http://h/%E2%80%8E",
     "http://h/%E2%80%8E"}, /* U+200E */
    {"to-iri.bidi.rlm", "http://h/%E2%80%8F",
     "http://h/%E2%80%8F"}, /* U+200F */
    {"to-iri.bidi.lre", "http://h/%E2%80%AA",
     "http://h/%E2%80%AA"}, /* U+202A */
    {"to-iri.bidi.rlo", "http://h/%E2%80%AE",
     "http://h/%E2%80%AE"}, /* U+202E */
    {"to-iri.bidi.after", "http://h/%E2%80%AF",
     "http://h/\xe2\x80\xaf"}, /* U+202F */
    {"to-iri.bidi.lri", "http://h/%E2%81%A6",
     "http://h/%E2%81%A6"}, /* U+2066 */
    {"to-iri.bidi.pdi", "http://h/%E2%81%A9",
     "http://h/%E2%81%A9"},                                    /* U+2069 */
    {"to-iri.bidi.alm", "http://h/%D8%9C", "http://h/%D8%9C"}, /* U+061C */
    /* 2.2: iprivate only in iquery */
    {"to-iri.iprivate.query", "http://h?%EE%80%80", "http://h?\xee\x80\x80"},
    {"to-iri.iprivate.path", "http://h/%EE%80%80", "http://h/%EE%80%80"},
    {"to-iri.iprivate.fragment", "http://h?q#%EE%80%80",
     "http://h?q#%EE%80%80"},
    /* U+FFFE: neither ucschar nor iprivate, in the query too */
    {"to-iri.query.noncharacter", "http://h?%EF%BF%BE", "http://h?%EF%BF%BE"},
    /* not UTF-8, or ASCII: copied as is */
    {"to-iri.not-utf8", "%C3%28", "%C3%28"},
    {"to-iri.ascii", "%41", "%41"},
};

static void test_to_iri(void) {
  for (size_t i = 0; i < N(to_iri); i++) {
    char out[64];
    size_t n = 0;
    rfc3986_error e;
    rfc3986_status st = rfc3986_uri_to_iri(to_iri[i].in, strlen(to_iri[i].in),
                                           out, sizeof out, &n, &e);
    expect_status(to_iri[i].id, st, RFC3986_OK);
    unit_check_str(to_iri[i].id, out, n, to_iri[i].want);
  }
  char out[8];
  size_t n;
  rfc3986_error e;
  expect_status("to-iri.invalid",
                rfc3986_uri_to_iri("a b", 3, out, sizeof out, &n, &e),
                RFC3986_ERR_SYNTAX);
  unit_check(e.offset == 1, "to-iri.invalid.offset", "offset %zu, want 1",
             e.offset);
}

/* ---- 5.2.2 non-strict, 6.2 normalization and equivalence --------------- */

static const struct {
  const char *id, *base, *ref, *want;
} nonstrict[] = {
    /* "if ((not strict) and (R.scheme == Base.scheme))": schemes compare
     * case-insensitively (3.1) */
    {"nonstrict.same", "http://a/b/c/d;p?q", "http:g", "http://a/b/c/g"},
    {"nonstrict.upper-ref", "http://a/b/c/d;p?q", "HTTP:g", "http://a/b/c/g"},
    {"nonstrict.upper-base", "HTTP://a/b/c/d;p?q", "http:g", "HTTP://a/b/c/g"},
    {"nonstrict.same-length", "http://a/b/c/d;p?q", "httq:g", "httq:g"},
    {"nonstrict.other-length", "http://a/b/c/d;p?q", "ftp:g", "ftp:g"},
    {"nonstrict.relative", "http://a/b/c/d;p?q", "g", "http://a/b/c/g"},
    {"nonstrict.digits", "h2+x:/a/b", "H2+X:g", "h2+x:/a/g"},
};

static const struct {
  const char *id, *in, *want;
  rfc3986_level level;
} norms[] = {
    /* 6.2.3: default port compared as a number; another port is kept */
    {"norm.port.81", "http://h:81/", "http://h:81/", RFC3986_LEVEL_SCHEME},
    {"norm.port.080", "http://h:080/", "http://h/", RFC3986_LEVEL_SCHEME},
    {"norm.port.8", "http://h:8/", "http://h:8/", RFC3986_LEVEL_SCHEME},
    {"norm.port.empty", "http://h:/", "http://h/", RFC3986_LEVEL_SCHEME},
    {"norm.port.unknown-scheme", "foo://h:80/", "foo://h:80/",
     RFC3986_LEVEL_SCHEME},
    {"norm.port.FTP", "FTP://h:21", "ftp://h/", RFC3986_LEVEL_SCHEME},
    /* mailto: the domain after "@" is case-insensitive, up to "," */
    {"norm.mailto", "MAILTO:Joe@Example.COM,Ann@B.C",
     "mailto:Joe@example.com,Ann@b.c", RFC3986_LEVEL_SCHEME},
    {"norm.mailto.slash", "mailto:A@B.C/X", "mailto:A@b.c/X",
     RFC3986_LEVEL_SCHEME},
    {"norm.mailto.pct", "mailto:A@B%2eC", "mailto:A@b.c", RFC3986_LEVEL_SCHEME},
    {"norm.mailtx", "mailtx:A@B.C", "mailtx:A@B.C", RFC3986_LEVEL_SCHEME},
    {"norm.mail", "mail:A@B.C", "mail:A@B.C", RFC3986_LEVEL_SCHEME},
    {"norm.no-scheme", "a@B.C", "a@B.C", RFC3986_LEVEL_SCHEME},
};

static const struct {
  const char *id, *a, *b;
  rfc3986_level level;
  int want;
} equivs[] = {
    {"equiv.simple.empty", "", "", RFC3986_LEVEL_SIMPLE, 1},
    {"equiv.simple.same", "a", "a", RFC3986_LEVEL_SIMPLE, 1},
    {"equiv.simple.other", "a", "b", RFC3986_LEVEL_SIMPLE, 0},
    {"equiv.simple.length", "a", "ab", RFC3986_LEVEL_SIMPLE, 0},
    {"equiv.syntax.case", "HTTP://H/%7e", "http://h/~", RFC3986_LEVEL_SYNTAX,
     1},
    {"equiv.scheme.port", "http://h:80", "http://h/", RFC3986_LEVEL_SCHEME, 1},
    {"equiv.scheme.mailto", "mailto:a@B.C", "mailto:a@b.c",
     RFC3986_LEVEL_SCHEME, 1},
};

static void test_transforms(void) {
  char out[128];
  size_t n;
  rfc3986_error e;
  for (size_t i = 0; i < N(nonstrict); i++) {
    rfc3986_status st = rfc3986_resolve(
        nonstrict[i].base, strlen(nonstrict[i].base), nonstrict[i].ref,
        strlen(nonstrict[i].ref), RFC3986_RESOLVE_NON_STRICT, out, sizeof out,
        &n, NULL, &e);
    expect_status(nonstrict[i].id, st, RFC3986_OK);
    unit_check_str(nonstrict[i].id, out, n, nonstrict[i].want);
  }
  for (size_t i = 0; i < N(norms); i++) {
    rfc3986_status st =
        rfc3986_normalize(norms[i].in, strlen(norms[i].in), norms[i].level, out,
                          sizeof out, &n, NULL, &e);
    expect_status(norms[i].id, st, RFC3986_OK);
    unit_check_str(norms[i].id, out, n, norms[i].want);
  }
  for (size_t i = 0; i < N(equivs); i++) {
    int eq = -1;
    rfc3986_status st =
        rfc3986_equivalent(equivs[i].a, strlen(equivs[i].a), equivs[i].b,
                           strlen(equivs[i].b), equivs[i].level, &eq, &e);
    expect_status(equivs[i].id, st, RFC3986_OK);
    unit_check(eq == equivs[i].want, equivs[i].id, "equivalent %d, want %d", eq,
               equivs[i].want);
  }
}

/* ---- Appendix B split --------------------------------------------------- */

static const struct {
  const char *id, *in;
  const char *scheme, *authority, *path, *query,
      *fragment; /* NULL: undefined */
} splits[] = {
    {"split.colon-first", ":a", NULL, NULL, ":a", NULL, NULL},
    {"split.no-colon", "abc", NULL, NULL, "abc", NULL, NULL},
    {"split.slash-before-colon", "a/b:c", NULL, NULL, "a/b:c", NULL, NULL},
    {"split.colon-last", "a:", "a", NULL, "", NULL, NULL},
    {"split.authority-fragment", "//a#f", NULL, "a", "", NULL, "f"},
    {"split.authority-query", "s://a?q", "s", "a", "", "q", NULL},
    {"split.authority-end", "//a", NULL, "a", "", NULL, NULL},
    {"split.one-slash", "/", NULL, NULL, "/", NULL, NULL},
    {"split.query-fragment", "?#", NULL, NULL, "", "", ""},
};

static void check_span(const char *id, const char *what, const char *in,
                       rfc3986_span s, const char *want) {
  if (!want) {
    unit_check(!rfc3986_span_defined(s), id, "%s: want undefined", what);
    return;
  }
  unit_check(rfc3986_span_defined(s), id, "%s: want \"%s\", got undefined",
             what, want);
  if (rfc3986_span_defined(s))
    unit_check_str(id, in + s.offset, s.length, want);
}

static void test_split(void) {
  for (size_t i = 0; i < N(splits); i++) {
    rfc3986_uri u;
    const char *in = splits[i].in;
    rfc3986_split(in, strlen(in), &u);
    check_span(splits[i].id, "scheme", in, u.scheme, splits[i].scheme);
    check_span(splits[i].id, "authority", in, u.authority, splits[i].authority);
    check_span(splits[i].id, "path", in, u.path, splits[i].path);
    check_span(splits[i].id, "query", in, u.query, splits[i].query);
    check_span(splits[i].id, "fragment", in, u.fragment, splits[i].fragment);
  }
}

int main(void) {
  test_names();
  test_arguments_parsers();
  test_arguments_producers();
  test_empty();
  test_buffers();
  test_traces();
  test_ipv6();
  test_iri();
  test_utf8();
  test_to_iri();
  test_transforms();
  test_split();
  return unit_report();
}
