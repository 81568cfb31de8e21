/* test_resolve.c: RFC 3986 section 5.2 (resolution), 5.2.4
 * (remove_dot_segments) and 5.3 (recomposition).  Every expectation is
 * from the RFC text (5.4's examples, 5.2.4's traces) or worked by hand
 * from the 5.2.2 pseudocode. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rfc3986.h"
#include "unit.h"

#include "resolve_cases.h"

/* Invalid bases and references. */
static const struct {
  const char *id, *base, *ref;
  unsigned flags;
  rfc3986_status status;
  size_t offset;
  rfc3986_rule rule;
} errors[] = {
    {"err.base-fragment", "http://a/b#f", "g", 0, RFC3986_ERR_BASE_HAS_FRAGMENT,
     10, RFC3986_RULE_absolute_URI},
    {"err.base-empty-fragment", "http://a/b#", "g", 0,
     RFC3986_ERR_BASE_HAS_FRAGMENT, 10, RFC3986_RULE_absolute_URI},
    {"err.base-relative", "/a/b", "g", 0, RFC3986_ERR_BASE_NOT_ABSOLUTE, 0,
     RFC3986_RULE_absolute_URI},
    {"err.base-empty", "", "g", 0, RFC3986_ERR_BASE_NOT_ABSOLUTE, 0,
     RFC3986_RULE_absolute_URI},
    {"err.base-syntax", "http://a/b c", "g", 0, RFC3986_ERR_SYNTAX, 10,
     RFC3986_RULE_absolute_URI},
    {"err.ref-syntax", BASE, "g h", 0, RFC3986_ERR_SYNTAX, 1,
     RFC3986_RULE_URI_reference},
    {"err.ref-syntax.pct", BASE, "g%zz", 0, RFC3986_ERR_SYNTAX, 2,
     RFC3986_RULE_URI_reference},
    {"err.ref-colon-first-segment", BASE, "1a:b", 0, RFC3986_ERR_SYNTAX, 2,
     RFC3986_RULE_URI_reference},
};

/* 5.2.4: the two traces, and cases worked through steps A to E. */
static const struct {
  const char *id, *in, *want;
} dots[] = {
    {"5.2.4.trace1", "/a/b/c/./../../g", "/a/g"},
    {"5.2.4.trace2", "mid/content=5/../6", "mid/6"},
    {"A.dotdot-slash", "../a", "a"},
    {"A.dot-slash", "./a", "a"},
    {"A.repeated", "../../.././a/b", "a/b"},
    {"B.dot-mid", "/a/./b", "/a/b"},
    {"B.dot-end", "/a/.", "/a/"},
    {"C.dotdot-mid", "/a/b/../c", "/a/c"},
    {"C.dotdot-end", "/a/b/..", "/a/"},
    {"C.past-root", "/..", "/"},
    {"C.past-root2", "/../../a", "/a"},
    {"C.rootless", "a/../b", "/b"},
    {"C.rootless-end", "a/..", "/"},
    {"D.dot", ".", ""},
    {"D.dotdot", "..", ""},
    {"D.after-A", "./..", ""},
    {"E.empty-segments", "//a//b/", "//a//b/"},
    {"E.not-dots", "/.../..a/a../.a", "/.../..a/a../.a"},
    {"empty", "", ""},
    {"slash", "/", "/"},
    {"dot-slash-slash", ".//g", "/g"},
    {"abs-dot-slash-slash", "/.//g", "//g"},
    {"dotdot-empty-seg", "/a//../b", "/a/b"},
    {"pct-dots-untouched", "/a/%2E%2E/b", "/a/%2E%2E/b"},
};

/* Inputs for the properties: recompose(parse(x)) == x for URI-references;
 * resolve(x, "") == x for absolute-URIs without dot segments in the path. */
static const char *const props[] = {
    "",
    "g",
    "//h",
    "//h?",
    "//h#",
    "//@h:",
    "a:",
    "a:b",
    "a:/b",
    "a://",
    "a:///",
    "a:?",
    "a:#",
    "a:?#",
    "a://u@h:1/p?q#f",
    "http://[::1]:80/x",
    "mailto:x@y",
    "urn:isbn:1",
    "?q",
    "#f",
    "/p/q",
    "p/q?q#f",
    "HTTP://A/%7e",
    "file:///etc/x",
    "a:b:c",
    "s://h/p;x?y=z&w#frag/?",
    "s://[v7.x]",
    "x://h:/",
};

/* A small deterministic generator for differential checks. */
static unsigned long lcg(unsigned long *s) {
  *s = *s * 6364136223846793005UL + 1442695040888963407UL;
  return *s >> 33;
}

static void check_dots(void) {
  char out[256], small[256], id[128];
  size_t n, m;
  for (size_t i = 0; i < sizeof dots / sizeof dots[0]; i++) {
    size_t len = strlen(dots[i].in);
    rfc3986_status st =
        rfc3986_remove_dot_segments(dots[i].in, len, out, sizeof out, &n);
    unit_check(st == RFC3986_OK, dots[i].id, "status %s",
               rfc3986_status_name(st));
    unit_check_str(dots[i].id, out, n, dots[i].want);
    /* with exactly the room the result needs (the right-to-left pass) */
    snprintf(id, sizeof id, "%s.exact-cap", dots[i].id);
    st = rfc3986_remove_dot_segments(dots[i].in, len, small,
                                     strlen(dots[i].want), &m);
    unit_check(st == RFC3986_OK, id, "status %s", rfc3986_status_name(st));
    unit_check_str(id, small, m, dots[i].want);
    if (strlen(dots[i].want) > 0) {
      snprintf(id, sizeof id, "%s.short-cap", dots[i].id);
      st = rfc3986_remove_dot_segments(dots[i].in, len, small,
                                       strlen(dots[i].want) - 1, &m);
      unit_check(st == RFC3986_ERR_BUFFER && m == strlen(dots[i].want), id,
                 "status %s, len %zu", rfc3986_status_name(st), m);
    }
  }
}

/* The in-place pass (cap >= len) and the right-to-left pass (cap < len)
 * agree on random paths made of dot segments and names. */
static void check_dots_differential(void) {
  static const char *const tok[] = {"/", ".", "..", "a", "b.", "/", "/"};
  unsigned long seed = 42;
  unsigned bad = 0;
  for (int it = 0; it < 20000; it++) {
    char in[64], a[64], b[64];
    size_t n = 0, la, lb;
    int k = (int)(lcg(&seed) % 12);
    for (int j = 0; j < k; j++) {
      const char *t = tok[lcg(&seed) % 7];
      size_t l = strlen(t);
      if (n + l >= sizeof in)
        break;
      memcpy(in + n, t, l);
      n += l;
    }
    rfc3986_remove_dot_segments(in, n, a, sizeof a, &la);
    rfc3986_remove_dot_segments(in, n, b, la, &lb); /* cap == result */
    if (la != lb || memcmp(a, b, la) != 0) {
      if (bad++ < 5)
        printf("differ: %s\n", unit_show(in, n));
    }
  }
  unit_check(bad == 0, "5.2.4.differential", "%u of 20000 differ", bad);
}

static void check_cases(void) {
  char out[512], id[128];
  size_t n, m;
  unsigned hz;
  rfc3986_error err;
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    const char *b = cases[i].base, *r = cases[i].ref;
    rfc3986_status st =
        rfc3986_resolve(b, strlen(b), r, strlen(r), cases[i].flags, out,
                        sizeof out, &n, &hz, &err);
    unit_check(st == RFC3986_OK, cases[i].id, "status %s at %zu",
               rfc3986_status_name(st), err.offset);
    unit_check_str(cases[i].id, out, n, cases[i].want);
    unit_check(hz == cases[i].hazard, cases[i].id, "hazard %u, want %u", hz,
               cases[i].hazard);
    /* snprintf style: every smaller buffer says ERR_BUFFER and the need,
     * the exact one succeeds (exercising the right-to-left pass) */
    for (size_t cap = 0; cap <= n; cap++) {
      char small[512];
      snprintf(id, sizeof id, "%s.cap%zu", cases[i].id, cap);
      st = rfc3986_resolve(b, strlen(b), r, strlen(r), cases[i].flags,
                           cap ? small : NULL, cap, &m, NULL, NULL);
      if (cap < n)
        unit_check(st == RFC3986_ERR_BUFFER && m == n, id, "status %s len %zu",
                   rfc3986_status_name(st), m);
      else {
        unit_check(st == RFC3986_OK, id, "status %s", rfc3986_status_name(st));
        unit_check_str(id, small, m, cases[i].want);
      }
    }
    unit_check(n <= RFC3986_RESOLVE_MAX(strlen(b), strlen(r)), cases[i].id,
               "longer than RFC3986_RESOLVE_MAX");
  }
}

static void check_errors(void) {
  char out[256];
  size_t n;
  unsigned hz;
  rfc3986_error err;
  for (size_t i = 0; i < sizeof errors / sizeof errors[0]; i++) {
    rfc3986_status st = rfc3986_resolve(
        errors[i].base, strlen(errors[i].base), errors[i].ref,
        strlen(errors[i].ref), errors[i].flags, out, sizeof out, &n, &hz, &err);
    unit_check(st == errors[i].status, errors[i].id, "status %s, want %s",
               rfc3986_status_name(st), rfc3986_status_name(errors[i].status));
    unit_check(err.offset == errors[i].offset, errors[i].id,
               "offset %zu, want %zu", err.offset, errors[i].offset);
    unit_check(err.rule == errors[i].rule, errors[i].id, "rule %s, want %s",
               rfc3986_rule_name(err.rule), rfc3986_rule_name(errors[i].rule));
  }
}

static void check_properties(void) {
  char out[512], id[128];
  size_t n;
  for (size_t i = 0; i < sizeof props / sizeof props[0]; i++) {
    const char *x = props[i];
    rfc3986_uri u;
    rfc3986_status st =
        rfc3986_parse(x, strlen(x), RFC3986_RULE_URI_reference, &u, NULL);
    snprintf(id, sizeof id, "5.3.recompose[%zu]", i);
    unit_check(st == RFC3986_OK, id, "parse %s", x);
    st = rfc3986_recompose(&u, out, sizeof out, &n);
    unit_check(st == RFC3986_OK, id, "status %s", rfc3986_status_name(st));
    unit_check_str(id, out, n, x);
    if (u.kind == RFC3986_KIND_URI && !rfc3986_span_defined(u.fragment)) {
      snprintf(id, sizeof id, "5.2.resolve-empty[%zu]", i);
      st = rfc3986_resolve(x, strlen(x), "", 0, 0, out, sizeof out, &n, NULL,
                           NULL);
      unit_check(st == RFC3986_OK, id, "status %s", rfc3986_status_name(st));
      unit_check_str(id, out, n, x);
    }
  }
}

/* Large inputs: a reference of 100,000 "../" segments against a base of
 * 100,000 segments, and 400,000 of each, with room for the merged path (in
 * place) and without (right to left).  That the work is linear is checked
 * by work_linear.c (counted, not timed). */
static void resolve_big(size_t k, int small_cap) {
  size_t blen = 7 + 2 * k, rlen = 3 * k + 1, n;
  char *base = malloc(blen), *ref = malloc(rlen);
  size_t cap = small_cap ? 16 : RFC3986_RESOLVE_MAX(blen, rlen);
  char *out = malloc(cap);
  rfc3986_status st;
  memcpy(base, "http://", 7);
  for (size_t i = 0; i < k; i++)
    memcpy(base + 7 + 2 * i, i == 0 ? "a/" : "b/", 2);
  for (size_t i = 0; i < k; i++)
    memcpy(ref + 3 * i, "../", 3);
  ref[rlen - 1] = 'g';
  st = rfc3986_resolve(base, blen, ref, rlen, 0, out, cap, &n, NULL, NULL);
  unit_check(st == RFC3986_OK, "linear.status", "status %s",
             rfc3986_status_name(st));
  unit_check_str("linear.target", out, n < cap ? n : cap, "http://a/g");
  free(base);
  free(ref);
  free(out);
}

static void check_big(void) {
  for (int small = 0; small <= 1; small++) {
    resolve_big(100000, small);
    resolve_big(400000, small);
  }
}

int main(void) {
  check_dots();
  check_dots_differential();
  check_cases();
  check_errors();
  check_properties();
  check_big();
  unit_check(
      strcmp(rfc3986_hazard_name(RFC3986_HAZARD_PATH_LOOKS_LIKE_AUTHORITY),
             "path-looks-like-authority") == 0,
      "hazard-name.1", "name");
  unit_check(
      strcmp(rfc3986_hazard_name(RFC3986_HAZARD_SEGMENT_LOOKS_LIKE_SCHEME),
             "segment-looks-like-scheme") == 0,
      "hazard-name.2", "name");
  unit_check(rfc3986_hazard_name(3) == NULL, "hazard-name.3", "two bits");
  return unit_report();
}
