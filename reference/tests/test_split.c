/* test_split.c: RFC 3986 Appendix B, the regular-expression split.
 * Expectations worked by hand from the expression
 *   ^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?
 * NULL means the group did not participate. */
#include <stdio.h>
#include <string.h>

#include "rfc3986.h"
#include "unit.h"

static const struct {
  const char *id, *in;
  const char *scheme, *authority, *path, *query, *fragment;
} cases[] = {
    {"B.example", "http://www.ics.uci.edu/pub/ietf/uri/#Related", "http",
     "www.ics.uci.edu", "/pub/ietf/uri/", NULL, "Related"},
    {"empty", "", NULL, NULL, "", NULL, NULL},
    {"colon-first", ":a", NULL, NULL, ":a", NULL, NULL},
    {"scheme-only", "a:", "a", NULL, "", NULL, NULL},
    {"slash-before-colon", "a/b:c", NULL, NULL, "a/b:c", NULL, NULL},
    {"query-before-colon", "a?b:c", NULL, NULL, "a", "b:c", NULL},
    {"not-a-scheme", "1 2:x", "1 2", NULL, "x", NULL, NULL},
    {"empty-authority", "//", NULL, "", "", NULL, NULL},
    {"authority-then-query", "s://h?q", "s", "h", "", "q", NULL},
    {"empty-query-fragment", "?#", NULL, NULL, "", "", ""},
    {"fragment-with-hash", "#a#b?c", NULL, NULL, "", NULL, "a#b?c"},
    {"query-with-question", "??a?", NULL, NULL, "", "?a?", NULL},
    {"triple-slash", "s:///p", "s", "", "/p", NULL, NULL},
    {"single-slash", "s:/p", "s", NULL, "/p", NULL, NULL},
    {"invalid-octets", "h t\ttp://x y/\x80", "h t\ttp", "x y", "/\x80", NULL,
     NULL},
    {"two-colons", "a:b:c", "a", NULL, "b:c", NULL, NULL},
    {"newline-in-fragment", "#a\nb", NULL, NULL, "", NULL, "a\nb"},
};

static void check(const char *id, const char *name, const rfc3986_uri *u,
                  rfc3986_span s, const char *want) {
  char full[128];
  snprintf(full, sizeof full, "%s.%s", id, name);
  if (want == NULL)
    unit_check(!rfc3986_span_defined(s), full, "want undefined, got %s",
               unit_show(u->input + s.offset, s.length));
  else if (!rfc3986_span_defined(s))
    unit_check(0, full, "want \"%s\", got undefined", want);
  else
    unit_check_str(full, u->input + s.offset, s.length, want);
}

int main(void) {
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    rfc3986_uri u;
    rfc3986_split(cases[i].in, strlen(cases[i].in), &u);
    check(cases[i].id, "scheme", &u, u.scheme, cases[i].scheme);
    check(cases[i].id, "authority", &u, u.authority, cases[i].authority);
    check(cases[i].id, "path", &u, u.path, cases[i].path);
    check(cases[i].id, "query", &u, u.query, cases[i].query);
    check(cases[i].id, "fragment", &u, u.fragment, cases[i].fragment);
    unit_check(!rfc3986_span_defined(u.host) &&
                   !rfc3986_span_defined(u.userinfo) &&
                   !rfc3986_span_defined(u.port),
               cases[i].id, "host, userinfo, port must be undefined");
  }
  /* an embedded NUL is an octet like any other */
  {
    rfc3986_uri u;
    rfc3986_split("a\0b:c", 5, &u);
    unit_check(u.scheme.length == 3 && u.path.length == 1, "nul",
               "scheme %zu path %zu", u.scheme.length, u.path.length);
  }
  return unit_report();
}
