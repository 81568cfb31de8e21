/*
 * work_linear.c: parsing, resolution and normalization do work linear in
 * the input, for the worst shapes we know.  Built against the instrumented
 * library (the rule coverage build), it counts octet reads, rule-function
 * calls and steps of the dot-segment and normalization loops: a measure of
 * work that does not depend on the machine, so this is a unit test and not
 * a timing (times are in reports/BENCH.md).  For each shape and operation,
 * work(4 MB) / work(1 MB) must be at most 4.2 and the work per input octet
 * at most 64.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rfc3986.h"
#include "unit.h"

void rfc3986__cover_rule(rfc3986_rule rule, int matched);
void rfc3986__cover_alternative(rfc3986_rule rule, int alternative);
void rfc3986__cover_read(void);

static unsigned long long work;
void rfc3986__cover_rule(rfc3986_rule rule, int matched) {
  (void)rule;
  (void)matched;
  work++;
}
void rfc3986__cover_alternative(rfc3986_rule rule, int alternative) {
  (void)rule;
  (void)alternative;
}
void rfc3986__cover_read(void) {
  work++;
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
  len += (size_t)sprintf(buf, "%s", shapes[i].head);
  while (len + ul <= size) {
    memcpy(buf + len, shapes[i].unit, ul);
    len += ul;
  }
  len += (size_t)sprintf(buf + len, "%s", shapes[i].tail);
  work = 0;
  if (op == PARSE) {
    rfc3986_parse(buf, len, RFC3986_RULE_URI_reference, NULL, NULL);
    rfc3986_match(RFC3986_RULE_path, buf, len, NULL);
    rfc3986_match(RFC3986_RULE_authority, buf, len, NULL);
  } else if (op == RESOLVE) {
    /* as the reference, and as the base (a base of many segments) */
    rfc3986_resolve("http://a/b/c/d;p?q", 18, buf, len, 0, out,
                    RFC3986_RESOLVE_MAX(18, len), &n, &hazard, NULL);
    rfc3986_resolve(buf, len, "../../g", 7, RFC3986_RESOLVE_STRIP_BASE_FRAGMENT,
                    out, RFC3986_RESOLVE_MAX(len, 7), &n, &hazard, NULL);
  } else {
    rfc3986_normalize(buf, len, RFC3986_LEVEL_SCHEME, out,
                      RFC3986_NORMALIZE_MAX(len), &n, &hazard, NULL);
  }
  return work;
}

int main(void) {
  size_t mb = 1 << 20, i;
  char *buf = malloc(4 * mb + 64), *out = malloc(4 * mb + 128);
  int op;
  if (buf == NULL || out == NULL)
    return 2;
  for (op = PARSE; op <= NORMALIZE; op++)
    for (i = 0; i < sizeof shapes / sizeof shapes[0]; i++) {
      char id[96];
      unsigned long long w1 = measure(i, (enum op)op, mb, buf, out),
                         w4 = measure(i, (enum op)op, 4 * mb, buf, out);
      double ratio = w1 ? (double)w4 / (double)w1 : 1.0,
             per_octet = (double)w4 / (4.0 * mb);
      snprintf(id, sizeof id, "linear.%s.%s", op_name[op], shapes[i].name);
      printf("%-9s %-30s work(1 MB) %10llu  work(4 MB) %10llu  ratio %.3f  per "
             "octet %.2f\n",
             op_name[op], shapes[i].name, w1, w4, ratio, per_octet);
      unit_check(ratio <= 4.2, id,
                 "work grows %.3f times for 4 times the input", ratio);
      unit_check(per_octet <= 64, id, "%.1f units of work per octet",
                 per_octet);
    }
  free(buf);
  free(out);
  return unit_report();
}
