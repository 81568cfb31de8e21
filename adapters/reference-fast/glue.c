/*
 * glue.c: librfc3986's generated fast parser (rfc3986_parse_fast,
 * reference/fast/) as an adapter, so the vectors and the benchmark run it
 * beside the literal oracle (adapters/reference).  Parse only, RFC 3986
 * start rules only: the fast parser has no RFC 3987 grammar, and resolve,
 * normalize and the rest are the oracle's.
 */
#include "glue.h"

#include <string.h>

#include "rfc3986.h"

static const char *fast_version(void) {
  return "librfc3986 " RFC3986_VERSION " (rfc3986_parse_fast)";
}

static int fast_parse(const char *s, size_t len, const char *rule,
                      struct adapter_reading *out) {
  rfc3986_rule start = RFC3986_RULE_URI_reference;
  rfc3986_uri u;
  rfc3986_error err;
  const char *type;
  if (rule)
    start = rfc3986_rule_from_name(rule, strlen(rule));
  switch (rfc3986_parse_fast(s, len, start, &u, &err)) {
  case RFC3986_OK:
    break;
  case RFC3986_ERR_SYNTAX:
    out->valid = 0;
    out->has_error_offset = 1;
    out->error_offset = err.offset;
    return 0;
  default:
    out->unsupported = "parse takes an RFC 3986 start rule: URI-reference, "
                       "URI, absolute-URI or relative-ref";
    return 0;
  }
  const rfc3986_span *spans[RFC3986_COMPONENT_COUNT] = {
      [RFC3986_COMPONENT_SCHEME] = &u.scheme,
      [RFC3986_COMPONENT_AUTHORITY] = &u.authority,
      [RFC3986_COMPONENT_USERINFO] = &u.userinfo,
      [RFC3986_COMPONENT_HOST] = &u.host,
      [RFC3986_COMPONENT_PORT] = &u.port,
      [RFC3986_COMPONENT_PATH] = &u.path,
      [RFC3986_COMPONENT_QUERY] = &u.query,
      [RFC3986_COMPONENT_FRAGMENT] = &u.fragment};
  out->valid = 1;
  for (int c = 0; c < RFC3986_COMPONENT_COUNT; c++) {
    if (c == RFC3986_COMPONENT_HOST_TYPE)
      continue;
    if (rfc3986_span_defined(*spans[c]))
      reading_set(out, (rfc3986_component)c, s + spans[c]->offset,
                  spans[c]->length);
    else
      reading_set_null(out, (rfc3986_component)c);
  }
  type = rfc3986_host_type_name(u.host_type);
  if (type)
    reading_set(out, RFC3986_COMPONENT_HOST_TYPE, type, strlen(type));
  else
    reading_set_null(out, RFC3986_COMPONENT_HOST_TYPE);
  return 0;
}

static int fast_accepts(const char *s, size_t len) {
  rfc3986_uri u;
  return rfc3986_parse_fast(s, len, RFC3986_RULE_URI_reference, &u, NULL) ==
         RFC3986_OK;
}

const struct glue glue_reference_fast = {
    .name = "reference-fast",
    .spec = "rfc3986",
    .ops = GLUE_OP_PARSE,
    .library_version = fast_version,
    .parse = fast_parse,
    .accepts = fast_accepts,
};
