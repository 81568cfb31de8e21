/* test_resolve_parsed.c: rfc3986_resolve_parsed, resolution against a base
 * parsed once (by rfc3986_parse and by rfc3986_parse_fast, start rules URI
 * and absolute-URI).  Targets are resolve_cases.h's (RFC 3986 5.4.1 and
 * 5.4.2's examples, and cases worked by hand from 5.2.2); the errors are
 * 5.1's (a base must be absolute; its fragment is dropped only when
 * asked). */
#include <stdio.h>
#include <string.h>

#include "resolve_cases.h"
#include "unit.h"

typedef rfc3986_status (*parser)(const char *, size_t, rfc3986_rule,
                                 rfc3986_uri *, rfc3986_error *);

/* Every case of resolve_cases.h with its base parsed by PARSE from START
 * (absolute-URI cannot take a base with a fragment: those are skipped),
 * each base parsed once and used for every case that has it. */
static void cases_with(const char *name, parser parse, rfc3986_rule start) {
  rfc3986_uri base;
  const char *parsed = NULL;
  char out[512], id[128];
  size_t n;
  unsigned hz;
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    const char *b = cases[i].base, *r = cases[i].ref;
    snprintf(id, sizeof id, "%s.%s", name, cases[i].id);
    if (start == RFC3986_RULE_absolute_URI && strchr(b, '#'))
      continue; /* absolute-URI has no fragment */
    if (parsed == NULL || strcmp(b, parsed) != 0) {
      unit_check(parse(b, strlen(b), start, &base, NULL) == RFC3986_OK, id,
                 "the base %s does not parse", b);
      parsed = b;
    }
    rfc3986_status st = rfc3986_resolve_parsed(
        &base, r, strlen(r), cases[i].flags, out, sizeof out, &n, &hz, NULL);
    unit_check(st == RFC3986_OK, id, "status %s", rfc3986_status_name(st));
    unit_check_str(id, out, st == RFC3986_OK ? n : 0, cases[i].want);
    unit_check(hz == cases[i].hazard, id, "hazard %u, want %u", hz,
               cases[i].hazard);
  }
}

int main(void) {
  rfc3986_uri base;
  rfc3986_error err;
  char out[64];
  size_t n = 99;
  unsigned hazard = 99;
  cases_with("parse.URI", rfc3986_parse, RFC3986_RULE_URI);
  cases_with("parse.absolute-URI", rfc3986_parse, RFC3986_RULE_absolute_URI);
  cases_with("parse_fast.URI", rfc3986_parse_fast, RFC3986_RULE_URI);
  cases_with("parse_fast.absolute-URI", rfc3986_parse_fast,
             RFC3986_RULE_absolute_URI);

  /* 5.1: the base must be an absolute URI */
  rfc3986_parse("//a/b", 5, RFC3986_RULE_URI_reference, &base, NULL);
  unit_check(
      rfc3986_resolve_parsed(&base, "g", 1, 0, out, sizeof out, &n, &hazard,
                             &err) == RFC3986_ERR_BASE_NOT_ABSOLUTE &&
          err.status == RFC3986_ERR_BASE_NOT_ABSOLUTE && n == 0 && hazard == 0,
      "base.relative", "a relative-ref base is not absolute");
  /* 5.1: a base fragment is rejected, or stripped when asked */
  rfc3986_parse("http://a/b#f", 12, RFC3986_RULE_URI, &base, NULL);
  unit_check(rfc3986_resolve_parsed(&base, "g", 1, 0, out, sizeof out, &n, NULL,
                                    &err) == RFC3986_ERR_BASE_HAS_FRAGMENT &&
                 err.offset == 10,
             "base.fragment", "offset %zu", err.offset);
  unit_check(rfc3986_resolve_parsed(&base, "#s", 2, 0, out, sizeof out, &n,
                                    NULL,
                                    NULL) == RFC3986_ERR_BASE_HAS_FRAGMENT,
             "base.fragment.reference", "even for a fragment-only reference");
  unit_check(rfc3986_resolve_parsed(&base, "g", 1,
                                    RFC3986_RESOLVE_STRIP_BASE_FRAGMENT, out,
                                    sizeof out, &n, NULL, NULL) == RFC3986_OK,
             "base.fragment.strip", "stripped when asked");
  unit_check_str("base.fragment.strip", out, n, "http://a/g");
  /* the reference must be a URI-reference */
  rfc3986_parse(BASE, strlen(BASE), RFC3986_RULE_URI, &base, NULL);
  unit_check(rfc3986_resolve_parsed(&base, "a b", 3, 0, out, sizeof out, &n,
                                    NULL, &err) == RFC3986_ERR_SYNTAX &&
                 err.offset == 1 && err.rule == RFC3986_RULE_URI_reference,
             "ref.invalid", "offset %zu", err.offset);
  /* snprintf style: the length needed, at most CAP octets written */
  unit_check(rfc3986_resolve_parsed(&base, "g", 1, 0, out, 4, &n, NULL, NULL) ==
                     RFC3986_ERR_BUFFER &&
                 n == strlen("http://a/b/c/g"),
             "buffer", "needed %zu", n);
  /* arguments */
  unit_check(rfc3986_resolve_parsed(NULL, "g", 1, 0, out, sizeof out, &n, NULL,
                                    NULL) == RFC3986_ERR_ARGUMENT,
             "argument.base", "a NULL base");
  unit_check(rfc3986_resolve_parsed(&base, NULL, 1, 0, out, sizeof out, &n,
                                    NULL, NULL) == RFC3986_ERR_ARGUMENT,
             "argument.ref", "a NULL reference with a length");
  return unit_report();
}
