/*
 * work_linear.c: parsing, resolution and normalization do work linear in
 * the input, for the worst shapes we know.  An observer (rfc3986.h,
 * rfc3986_observer) counts rule-function calls and units of work (octet
 * reads, steps of the dot-segment and normalization loops) of the library
 * as it ships: a measure of work that does not depend on the machine, so
 * this is a unit test and not a timing (times are in reports/BENCH.md).
 * For each shape and operation, at 1, 4 and 16 MB, the work must grow at
 * most 4.2 times per 4 times the input, and the work per input octet stay
 * at most 64.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rfc3986.h"
#include "unit.h"

static void count_rule(void *data, rfc3986_rule rule, size_t offset) {
  (void)rule;
  (void)offset;
  ++*(unsigned long long *)data;
}
static void count_step(void *data) {
  ++*(unsigned long long *)data;
}

static const struct {
  const char *name, *head, *unit, *tail;
} shapes[] = {
    {"segments", "http://h", "/a", ""},
    {"dot-segments", "", "../", ""},
    {"empty-segments", "a:", "/", ""},
    {"h16-chain", "//[", "1:", "]"},
    {"colon-chain", "//[", "::", "]"},
    {"h16-chain-unclosed", "//[", "ffff:", ""},
    {"pct-run", "http://h/", "%", ""},
    {"pct-half-run", "http://h/", "%4", ""},
    {"pct-valid-run", "http://h/", "%41", ""},
    {"long-userinfo", "http://", "u:", "@h/"},
    {"long-authority-no-at", "http://", "a:", "/"},
    {"long-authority-no-at-invalid", "http://", "a:", " "},
    {"long-reg-name", "//", "a.", ""},
    {"dotted-digits", "//", "1.", ""},
    {"long-scheme", "a", "b", ":"},
    {"long-scheme-then-bad", "a", "b", " :"},
    {"noscheme-colon-late", "", "a", ":b"},
    {"query-run", "?", "?/", ""},
    {"fragment-run", "#", "a", "#"},
    {"ipvfuture-tail", "//[v1.", "a:", "]"},
    {"dot-dot-segments-absolute", "http://h", "/..", ""},
    {"dot-segments-after-segments", "http://h/", "a/../", ""},
    {"pct-dots", "http://h/", "%2E%2e/", ""},
    {"single-dots", "http://h/", "./", ""},
    {"upper-case-host", "HTTP://", "AB", "/"},
};

enum op { PARSE, RESOLVE, NORMALIZE };
static const char *const op_name[] = {"parse", "resolve", "normalize"};

static unsigned long long measure(size_t i, enum op op, size_t size, char *buf,
                                  char *out) {
  size_t n;
  unsigned hazard;
  size_t len = 0, ul = strlen(shapes[i].unit);
  unsigned long long work = 0;
  rfc3986_observer obs = {&work, count_rule, NULL, NULL, NULL, count_step};
  len += (size_t)sprintf(buf, "%s", shapes[i].head);
  while (len + ul <= size) {
    memcpy(buf + len, shapes[i].unit, ul);
    len += ul;
  }
  len += (size_t)sprintf(buf + len, "%s", shapes[i].tail);
  if (op == PARSE) {
    rfc3986_parse_observed(buf, len, RFC3986_RULE_URI_reference, NULL, NULL,
                           &obs);
    rfc3986_match_observed(RFC3986_RULE_path, buf, len, NULL, &obs);
    rfc3986_match_observed(RFC3986_RULE_authority, buf, len, NULL, &obs);
  } else if (op == RESOLVE) {
    /* as the reference, and as the base (a base of many segments) */
    rfc3986_resolve_observed("http://a/b/c/d;p?q", 18, buf, len, 0, out,
                             RFC3986_RESOLVE_MAX(18, len), &n, &hazard, NULL,
                             &obs);
    rfc3986_resolve_observed(
        buf, len, "../../g", 7, RFC3986_RESOLVE_STRIP_BASE_FRAGMENT, out,
        RFC3986_RESOLVE_MAX(len, 7), &n, &hazard, NULL, &obs);
  } else {
    rfc3986_normalize_observed(buf, len, RFC3986_LEVEL_SCHEME, out,
                               RFC3986_NORMALIZE_MAX(len), &n, &hazard, NULL,
                               &obs);
  }
  return work;
}

int main(void) {
  size_t mb = 1 << 20, i, k, top = 16;
  char *buf = malloc(top * mb + 64), *out = malloc(top * mb + 128);
  int op;
  if (buf == NULL || out == NULL) {
    free(buf);
    free(out);
    return 2;
  }
  for (op = PARSE; op <= NORMALIZE; op++)
    for (i = 0; i < sizeof shapes / sizeof shapes[0]; i++) {
      char id[96];
      unsigned long long w[3] = {0, 0, 0};
      double worst = 1.0, per_octet;
      for (k = 0; k < 3; k++)
        w[k] = measure(i, (enum op)op, mb << (2 * k), buf, out);
      for (k = 1; k < 3; k++)
        if (w[k - 1] && (double)w[k] / (double)w[k - 1] > worst)
          worst = (double)w[k] / (double)w[k - 1];
      per_octet = (double)w[2] / (16.0 * mb);
      snprintf(id, sizeof id, "linear.%s.%s", op_name[op], shapes[i].name);
      printf("%-9s %-30s work(1 MB) %10llu  (4 MB) %10llu  (16 MB) %11llu  "
             "worst ratio %.3f  per octet %.2f\n",
             op_name[op], shapes[i].name, w[0], w[1], w[2], worst, per_octet);
      unit_check(worst <= 4.2, id,
                 "work grows %.3f times for 4 times the input", worst);
      unit_check(per_octet <= 64, id, "%.1f units of work per octet",
                 per_octet);
    }
  free(buf);
  free(out);
  return unit_report();
}
