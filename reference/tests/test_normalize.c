/* test_normalize.c: RFC 3986 section 6, normalization (6.2.2, 6.2.3) and
 * the comparison ladder (6.2).  Expectations from the RFC's examples and
 * worked by hand from the steps. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rfc3986.h"
#include "unit.h"

#define SYN RFC3986_LEVEL_SYNTAX
#define SCH RFC3986_LEVEL_SCHEME
#define PLA RFC3986_HAZARD_PATH_LOOKS_LIKE_AUTHORITY
#define SLS RFC3986_HAZARD_SEGMENT_LOOKS_LIKE_SCHEME
#define RPC RFC3986_HAZARD_RELATIVE_PATH_CHANGED

static const struct {
  const char *id, *in;
  rfc3986_level level;
  const char *want;
  unsigned hazard;
} cases[] = {
    /* 6.2.2's example */
    {"6.2.2.example", "eXAMPLE://a/./b/../b/%63/%7bfoo%7d", SYN,
     "example://a/b/c/%7Bfoo%7D", 0},
    /* 6.2.2.1 case */
    {"6.2.2.1.example", "HTTP://www.EXAMPLE.com/", SYN,
     "http://www.example.com/", 0},
    {"6.2.2.1.pct-hex", "x:%3a%2f%c3%a9", SYN, "x:%3A%2F%C3%A9", 0},
    {"6.2.2.1.pct-hex-in-host", "x://A%c3%a9B/", SYN, "x://a%C3%A9b/", 0},
    {"6.2.2.1.userinfo-kept", "x://UsEr:PaSs@HoSt/PaTh?QuErY#FrAg", SYN,
     "x://UsEr:PaSs@host/PaTh?QuErY#FrAg", 0},
    {"6.2.2.1.ipv6", "x://[FE80::AB]:1/", SYN, "x://[fe80::ab]:1/", 0},
    {"6.2.2.1.ipvfuture", "x://[V1.AbC]/", SYN, "x://[v1.abc]/", 0},
    /* 6.2.2.2 percent-encoding: unreserved decoded, first */
    {"6.2.2.2.unreserved", "x:/%41%7A%30%2D%2E%5F%7E", SYN, "x:/Az0-._~", 0},
    {"6.2.2.2.reserved-kept", "x:/%2F%3F%23%40%25", SYN, "x:/%2F%3F%23%40%25",
     0},
    {"6.2.2.2.host-decoded-then-lowered", "x://%41%42.c/", SYN, "x://ab.c/", 0},
    {"6.2.2.2.query-fragment", "x:?%7e%41#%7E%5b", SYN, "x:?~A#~%5B", 0},
    {"6.2.2.2.userinfo", "x://%61%3a@h", SYN, "x://a%3A@h", 0},
    /* 6.2.2.3 path segments, after decoding */
    {"6.2.2.3.dots", "x:/a/b/../c/./d", SYN, "x:/a/c/d", 0},
    {"6.2.2.3.pct-dots", "x:/a/b/%2E%2e/c/%2e", SYN, "x:/a/c/", 0},
    {"6.2.2.3.relative", "../a/./b", SYN, "a/b", RPC}, /* ".." dropped */
    {"6.2.2.3.query-untouched", "x:/a?/./..", SYN, "x:/a?/./..", 0},
    {"6.2.2.3.empty", "", SYN, "", 0},
    /* empty and absent components stay distinct */
    {"empty.query", "x://h?", SYN, "x://h?", 0},
    {"empty.fragment", "x://h#", SYN, "x://h#", 0},
    {"empty.port.syntax", "http://h:/", SYN, "http://h:/", 0},
    {"empty.authority", "x://", SYN, "x://", 0},
    /* 6.2.3 scheme-based */
    {"6.2.3.empty-path", "http://example.com", SCH, "http://example.com/", 0},
    {"6.2.3.empty-port", "http://example.com:/", SCH, "http://example.com/", 0},
    {"6.2.3.default-port", "http://example.com:80/", SCH, "http://example.com/",
     0},
    {"6.2.3.default-port.zeros", "http://example.com:0080/", SCH,
     "http://example.com/", 0},
    {"6.2.3.other-port", "http://example.com:8080", SCH,
     "http://example.com:8080/", 0},
    {"6.2.3.https", "HTTPS://h:443", SCH, "https://h/", 0},
    {"6.2.3.https.80-kept", "https://h:80/", SCH, "https://h:80/", 0},
    {"6.2.3.ws", "ws://h:80?q", SCH, "ws://h/?q", 0},
    {"6.2.3.wss", "wss://h:443#f", SCH, "wss://h/#f", 0},
    {"6.2.3.ftp", "ftp://h:21", SCH, "ftp://h/", 0},
    {"6.2.3.unknown-scheme", "foo://h:80", SCH, "foo://h:80", 0},
    {"6.2.3.empty-query-kept", "http://h/?", SCH, "http://h/?", 0},
    {"6.2.3.no-authority", "http:g", SCH, "http:g", 0},
    {"6.2.3.mailto", "mailto:Joe@Example.COM", SCH, "mailto:Joe@example.com",
     0},
    {"6.2.3.mailto.pct", "mailto:A@B%c3%A9C.D", SCH, "mailto:A@b%C3%A9c.d", 0},
    {"6.2.3.mailto.list", "mailto:A@B.C,D@E.F?Subject=X", SCH,
     "mailto:A@b.c,D@e.f?Subject=X", 0},
    {"6.2.3.mailto.syntax", "mailto:Joe@Example.COM", SYN,
     "mailto:Joe@Example.COM", 0},
    /* hazards: produced as the steps say, and reported */
    {"hazard.segment-scheme", "./a:b", SYN, "a:b", SLS},
    {"hazard.segment-scheme.dotdot", "x/../a:b", SYN, "/a:b", RPC},
    /* 5.2.4 on a relative-path reference: reported where the result no
     * longer resolves as the input did (against http://h/x/y: "a/.." gives
     * http://h/x/, "/" gives http://h/; "." gives http://h/x/, "" the base
     * itself; "../a" gives http://h/a, "a" http://h/x/a) */
    {"hazard.relative.made-absolute", "a/..", SYN, "/", RPC},
    {"hazard.relative.made-absolute-2", "a/../b", SYN, "/b", RPC},
    {"hazard.relative.emptied", ".", SYN, "", RPC},
    {"hazard.relative.emptied-slash", "./", SYN, "", RPC},
    {"hazard.relative.dot-dot-dropped", "../a", SYN, "a", RPC},
    {"hazard.relative.dot-dot-dropped-pct", "%2E%2e/x", SYN, "x", RPC},
    {"hazard.none.relative-dot", "./a", SYN, "a", 0},
    {"hazard.none.relative-inner-dot", "a/./b", SYN, "a/b", 0},
    {"hazard.none.relative-inner-dot-dot", "a/b/../c", SYN, "a/c", 0},
    {"hazard.none.absolute-path", "/a/..", SYN, "/", 0},
    {"hazard.path-authority", "a:/.//g", SYN, "a://g", PLA},
    {"hazard.path-authority.relative", "/.//g", SYN, "//g", PLA},
    {"hazard.path-authority.rootless", "a:b/../..//g", SYN, "a://g", PLA},
    {"hazard.none.authority", "x://h/.//g", SYN, "x://h//g", 0},
};

static const struct {
  const char *id, *a, *b;
  rfc3986_level level;
  int want;
} equiv[] = {
    {"6.2.3.eq1", "http://example.com", "http://example.com/", SCH, 1},
    {"6.2.3.eq2", "http://example.com", "http://example.com:/", SCH, 1},
    {"6.2.3.eq3", "http://example.com", "http://example.com:80/", SCH, 1},
    {"6.2.3.eq4", "http://example.com/", "http://example.com:80/", SCH, 1},
    {"6.2.3.eq5", "http://example.com:/", "http://example.com:80/", SCH, 1},
    {"6.2.3.eq.syntax", "http://example.com", "http://example.com/", SYN, 0},
    {"6.2.3.eq.syntax.port", "http://example.com:80/", "http://example.com/",
     SYN, 0},
    {"6.2.3.mailto", "mailto:Joe@Example.COM", "mailto:Joe@example.com", SCH,
     1},
    {"6.2.3.mailto.local-part", "mailto:joe@example.com",
     "mailto:Joe@example.com", SCH, 0},
    {"6.2.3.mailto.syntax", "mailto:Joe@Example.COM", "mailto:Joe@example.com",
     SYN, 0},
    {"6.2.2.example", "example://a/b/c/%7Bfoo%7D",
     "eXAMPLE://a/./b/../b/%63/%7bfoo%7d", SYN, 1},
    {"6.2.2.example.simple", "example://a/b/c/%7Bfoo%7D",
     "eXAMPLE://a/./b/../b/%63/%7bfoo%7d", RFC3986_LEVEL_SIMPLE, 0},
    {"6.2.1.simple", "x:a", "x:a", RFC3986_LEVEL_SIMPLE, 1},
    {"6.2.2.1.case", "HTTP://www.EXAMPLE.com/", "http://www.example.com/", SYN,
     1},
    {"6.2.2.1.path-case", "http://h/A", "http://h/a", SCH, 0},
    {"6.2.2.2.pct", "x:/%7e", "x:/~", SYN, 1},
    {"6.2.2.2.pct-reserved", "x:/%2F", "x:/", SYN, 0},
    {"6.2.2.2.pct-case", "x:/%2f", "x:/%2F", SYN, 1},
    {"empty-vs-absent.query", "x://h?", "x://h", SCH, 0},
    {"empty-vs-absent.fragment", "x://h#", "x://h", SCH, 0},
    {"dots.relative", "a/./b/../c", "a/c", SYN, 1},
    {"dots.chunks", "/a/b/../", "/a/", SYN, 1},
    {"dots.trailing", "/a/b/..", "/a/b/../", SYN, 1},
    {"dots.different", "/a/b", "/a/b/", SYN, 0},
    {"dots.rootless", "x:a/../b", "x:/b", SYN, 1},
    {"scheme.absent", "//h/p", "x://h/p", SYN, 0},
    {"authority.absent", "x:/p", "x:///p", SYN, 0},
    {"userinfo.absent", "x://@h", "x://h", SYN, 0},
    {"port.leading-zero", "x://h:080", "x://h:80", SCH, 0},
};

static const char *const idempotent[] = {
    "eXAMPLE://a/./b/../b/%63/%7bfoo%7d",
    "HTTP://www.EXAMPLE.com/",
    "http://example.com:80",
    "x:/%2e%2E/a/%2e/b",
    "../../a/%41%2f%2F",
    "mailto:A@B.C,D@E.F",
    "x://[FE80::1]:/p?q#f",
    "",
    "a/b/c/../../..",
    "x://%41%7a@%5b%5D/",
    "http://h/a/b/./../c/%7Euser?%7e#%7e",
    "file:///a/../b",
    "//h:021/x",
    "ftp://h:021/x",
};

static void check_cases(void) {
  char out[256], again[256], small[256], id[160];
  size_t n, m, k;
  unsigned hz;
  rfc3986_error err;
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    const char *x = cases[i].in;
    rfc3986_status st = rfc3986_normalize(x, strlen(x), cases[i].level, out,
                                          sizeof out, &n, &hz, &err);
    unit_check(st == RFC3986_OK, cases[i].id, "status %s",
               rfc3986_status_name(st));
    unit_check_str(cases[i].id, out, n, cases[i].want);
    unit_check(hz == cases[i].hazard, cases[i].id, "hazard %u, want %u", hz,
               cases[i].hazard);
    /* every smaller buffer: ERR_BUFFER with the exact need; the exact
     * buffer: the same output */
    for (size_t cap = 0; cap <= n; cap++) {
      snprintf(id, sizeof id, "%s.cap%zu", cases[i].id, cap);
      st = rfc3986_normalize(x, strlen(x), cases[i].level, cap ? small : NULL,
                             cap, &k, NULL, NULL);
      if (cap < n)
        unit_check(st == RFC3986_ERR_BUFFER && k == n, id, "status %s len %zu",
                   rfc3986_status_name(st), k);
      else
        unit_check_str(id, small, k, cases[i].want);
    }
    /* idempotent (hazards aside: their output is another reference) */
    if (cases[i].hazard == 0) {
      snprintf(id, sizeof id, "%s.idempotent", cases[i].id);
      st = rfc3986_normalize(out, n, cases[i].level, again, sizeof again, &m,
                             NULL, NULL);
      unit_check(st == RFC3986_OK && m == n && memcmp(out, again, n) == 0, id,
                 "got %s", unit_show(again, m));
      /* and equivalent to its normalization */
      snprintf(id, sizeof id, "%s.equivalent", cases[i].id);
      {
        int eq = -1;
        st =
            rfc3986_equivalent(x, strlen(x), out, n, cases[i].level, &eq, NULL);
        unit_check(st == RFC3986_OK && eq == 1, id, "equivalent %d", eq);
      }
    }
  }
}

static void check_equivalent(void) {
  char id[160];
  for (size_t i = 0; i < sizeof equiv / sizeof equiv[0]; i++) {
    int eq = -1, eq2 = -1;
    rfc3986_status st =
        rfc3986_equivalent(equiv[i].a, strlen(equiv[i].a), equiv[i].b,
                           strlen(equiv[i].b), equiv[i].level, &eq, NULL);
    unit_check(st == RFC3986_OK && eq == equiv[i].want, equiv[i].id,
               "status %s, equivalent %d", rfc3986_status_name(st), eq);
    snprintf(id, sizeof id, "%s.symmetric", equiv[i].id);
    rfc3986_equivalent(equiv[i].b, strlen(equiv[i].b), equiv[i].a,
                       strlen(equiv[i].a), equiv[i].level, &eq2, NULL);
    unit_check(eq2 == eq, id, "%d vs %d", eq, eq2);
  }
}

static void check_idempotent(void) {
  char id[160];
  for (int level = SYN; level <= SCH; level++)
    for (size_t i = 0; i < sizeof idempotent / sizeof idempotent[0]; i++) {
      char a[256], b[256];
      size_t n, m;
      const char *x = idempotent[i];
      snprintf(id, sizeof id, "idempotent[%zu].level%d", i, level);
      rfc3986_normalize(x, strlen(x), (rfc3986_level)level, a, sizeof a, &n,
                        NULL, NULL);
      rfc3986_normalize(a, n, (rfc3986_level)level, b, sizeof b, &m, NULL,
                        NULL);
      unit_check(n == m && memcmp(a, b, n) == 0, id, "%s", unit_show(b, m));
    }
}

/* equivalent(a, b) at a level is the equality of the normalized strings,
 * for every pair of a set of inputs without hazards. */
static const char *const pairs[] = {
    "http://example.com",
    "http://example.com/",
    "HTTP://EXAMPLE.COM:80/",
    "http://example.com:/",
    "http://example.com:8080",
    "http://%65xample.com/",
    "http://example.com/a",
    "http://example.com/b/../a",
    "http://example.com/A",
    "http://example.com/%7E",
    "http://example.com/~",
    "http://example.com/%7e/",
    "http://example.com/?",
    "http://example.com/#",
    "http://example.com?",
    "https://example.com:443",
    "https://example.com",
    "//example.com/",
    "mailto:a@B.c",
    "mailto:a@b.C",
    "mailto:A@b.c",
    "a/b/../c",
    "a/c",
    "/a/c",
    "x:/a/./c",
    "x:/a/c",
    "X:/a/%63",
    "",
    ".",
    "./",
};

static void check_pairs(void) {
  char id[160];
  unsigned bad = 0;
  for (int level = SYN; level <= SCH; level++)
    for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++)
      for (size_t j = 0; j < sizeof pairs / sizeof pairs[0]; j++) {
        char a[128], b[128];
        size_t n, m;
        unsigned ha, hb;
        int eq = -1, same;
        rfc3986_normalize(pairs[i], strlen(pairs[i]), (rfc3986_level)level, a,
                          sizeof a, &n, &ha, NULL);
        rfc3986_normalize(pairs[j], strlen(pairs[j]), (rfc3986_level)level, b,
                          sizeof b, &m, &hb, NULL);
        if (ha || hb)
          continue;
        same = n == m && memcmp(a, b, n) == 0;
        rfc3986_equivalent(pairs[i], strlen(pairs[i]), pairs[j],
                           strlen(pairs[j]), (rfc3986_level)level, &eq, NULL);
        if (eq != same && bad++ < 10) {
          snprintf(id, sizeof id, "pairs[%zu][%zu].level%d", i, j, level);
          unit_check(0, id, "equivalent %d, normalized %s vs %s", eq, pairs[i],
                     pairs[j]);
        }
      }
  unit_check(bad == 0, "pairs", "%u pairs disagree", bad);
}

/* Large inputs: a path of K segments "a/" then K "%2E%2e/" segments, which
 * normalizes to "x:/"; normalize (both passes) and equivalent.  That the
 * work is linear is checked by work_linear.c (counted, not timed). */
static void normalize_big(size_t k, int mode) {
  size_t len = 3 + 2 * k + 7 * k, n;
  char *in = malloc(len), *out = malloc(len);
  rfc3986_status st;
  int eq = 0;
  memcpy(in, "x:/", 3);
  for (size_t i = 0; i < k; i++)
    memcpy(in + 3 + 2 * i, "a/", 2);
  for (size_t i = 0; i < k; i++)
    memcpy(in + 3 + 2 * k + 7 * i, "%2E%2e/", 7);
  if (mode == 2) {
    st = rfc3986_equivalent(in, len, "x:/", 3, SYN, &eq, NULL);
    unit_check(st == RFC3986_OK && eq == 1, "linear.equivalent", "%d", eq);
  } else {
    st = rfc3986_normalize(in, len, SYN, out, mode ? 8 : len, &n, NULL, NULL);
    unit_check(st == RFC3986_OK, "linear.status", "%s",
               rfc3986_status_name(st));
    unit_check_str("linear.normalized", out, n, "x:/");
  }
  free(in);
  free(out);
}

static void check_big(void) {
  for (int mode = 0; mode < 3; mode++) {
    normalize_big(100000, mode);
    normalize_big(400000, mode);
  }
}

static void check_errors(void) {
  char out[64];
  size_t n;
  int eq;
  rfc3986_error err;
  rfc3986_status st =
      rfc3986_normalize("x:a b", 5, SYN, out, sizeof out, &n, NULL, &err);
  unit_check(st == RFC3986_ERR_SYNTAX && err.offset == 3, "err.normalize",
             "status %s offset %zu", rfc3986_status_name(st), err.offset);
  st = rfc3986_equivalent("x:a", 3, "x:%", 3, SYN, &eq, &err);
  unit_check(st == RFC3986_ERR_SYNTAX && err.offset == 3, "err.equivalent",
             "status %s offset %zu", rfc3986_status_name(st), err.offset);
}

/*
 * A capital letter (A and Z, the range's ends, too), a pct-encoded
 * unreserved octet or another triplet at every position of a 30-octet
 * host, with the path after it and a query that the writer must copy or
 * leave in place.  Expected by construction: the host in lower case, %42
 * decoded to "b", %2F kept.
 */
static void check_host_positions(void) {
  static const struct {
    const char *put, *want;
  } what[] = {{"B", "b"},   {"A", "a"},     {"Z", "z"},
              {"%42", "b"}, {"%2f", "%2F"}, {"Q%41Q%2fQ", "qaq%2Fq"}};
  char in[128], want[128], out[128], id[64];
  size_t n;
  for (size_t w = 0; w < sizeof what / sizeof what[0]; w++)
    for (int k = 0; k <= 30; k++) {
      snprintf(in, sizeof in, "HTTP://%.*s%s%.*s/P/./q?%%41#F", k,
               "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", what[w].put, 30 - k,
               "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa");
      snprintf(want, sizeof want, "http://%.*s%s%.*s/P/q?A#F", k,
               "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", what[w].want, 30 - k,
               "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa");
      snprintf(id, sizeof id, "host-position.%zu.%d", w, k);
      rfc3986_status st =
          rfc3986_normalize(in, strlen(in), RFC3986_LEVEL_SYNTAX, out,
                            sizeof out, &n, NULL, NULL);
      unit_check(st == RFC3986_OK, id, "status %s", rfc3986_status_name(st));
      unit_check_str(id, out, n, want);
    }
}

int main(void) {
  check_cases();
  check_host_positions();
  check_equivalent();
  check_idempotent();
  check_pairs();
  check_big();
  check_errors();
  return unit_report();
}
