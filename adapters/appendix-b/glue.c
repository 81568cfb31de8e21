/*
 * glue.c: the RFC 3986 Appendix B regular expression (rfc3986_split),
 *   ^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?
 * as an adapter: what a parser built on that regex reads.  Every input is
 * valid; only scheme, authority, path, query and fragment are expressed.
 */
#include "glue.h"

#include <string.h>

#include "rfc3986.h"

static const char *split_version(void) {
  return "librfc3986 " RFC3986_VERSION " (Appendix B split)";
}

static void set_span(struct adapter_reading *out, rfc3986_component c,
                     const char *s, rfc3986_span sp) {
  if (rfc3986_span_defined(sp))
    reading_set(out, c, s + sp.offset, sp.length);
  else
    reading_set_null(out, c);
}

static int split_parse(const char *s, size_t len, const char *rule,
                       struct adapter_reading *out) {
  if (rule && strcmp(rule, "URI-reference") != 0) {
    out->unsupported = "the Appendix B regex has no start rules";
    return 0;
  }
  rfc3986_uri u;
  rfc3986_split(s, len, &u);
  out->valid = 1;
  set_span(out, RFC3986_COMPONENT_SCHEME, s, u.scheme);
  set_span(out, RFC3986_COMPONENT_AUTHORITY, s, u.authority);
  set_span(out, RFC3986_COMPONENT_PATH, s, u.path);
  set_span(out, RFC3986_COMPONENT_QUERY, s, u.query);
  set_span(out, RFC3986_COMPONENT_FRAGMENT, s, u.fragment);
  return 0;
}

const struct glue glue_appendix_b = {
    .name = "appendix-b",
    .spec = "other",
    .ops = GLUE_OP_PARSE,
    .library_version = split_version,
    .parse = split_parse,
};
