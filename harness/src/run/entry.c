/* entry.c: an adapter's entry point and the parse vectors it takes
 * (entry.h). */
#include <string.h>

#include "classify.h"
#include "entry.h"
#include "rfc3986.h"

const char *const entry_names[ENTRY__COUNT] = {
    "URI-reference", "URI", "absolute-URI", "request-target"};

const char *const entry_whys[ENTRY__COUNT] = {
    "", "outside the adapter's entry: not a URI (RFC 3986 4.3)",
    "outside the adapter's entry: not an absolute-URI (RFC 3986 4.3)",
    "outside the adapter's entry: not a request-target (RFC 9112 3.2)"};

int entry_from_name(const char *name) {
  for (int e = 0; e < ENTRY__COUNT; e++)
    if (!strcmp(name, entry_names[e]))
      return e;
  return -1;
}

/* RFC 9112 3.2.1 origin-form: absolute-path [ "?" query ], a relative-ref
 * with no authority whose path begins with "/", and no fragment. */
static int origin_form(const rfc3986_uri *u) {
  return u->kind == RFC3986_KIND_RELATIVE_REF &&
         !rfc3986_span_defined(u->authority) &&
         !rfc3986_span_defined(u->fragment) && u->path.length > 0 &&
         u->input[u->path.offset] == '/';
}

int entry_covers(int e, const struct test *t) {
  if (e == ENTRY_URI_REFERENCE || t->op != OP_PARSE)
    return 1;
  if (t->rule && strcmp(t->rule, "URI-reference"))
    return !strcmp(t->rule, entry_names[e]);
  if (t->expect == EXPECT_REJECT)
    return 1; /* every entry point rejects what no URI-reference is */
  rfc3986_uri u;
  rfc3986_error err;
  if (rfc3986_parse(t->input, t->input_len, RFC3986_RULE_URI_reference, &u,
                    &err) != RFC3986_OK)
    return 1; /* judged as the vector says */
  int uri = u.kind == RFC3986_KIND_URI;
  int absolute = uri && !rfc3986_span_defined(u.fragment);
  switch (e) {
  case ENTRY_URI:
    return uri;
  case ENTRY_ABSOLUTE_URI:
    return absolute;
  default: /* ENTRY_REQUEST_TARGET */
    return absolute || origin_form(&u) ||
           (t->input_len == 1 && t->input[0] == '*');
  }
}
