/*
 * glue.c: the TEMPLATE adapter (adapters/TEMPLATE/c/: copy the folder, then
 * write TEMPLATE's name in its place in every file, then `make`).
 *
 * A glue maps one library onto the component model (adapters/common/glue.h,
 * DESIGN.md "The component model").  This one is written over librfc3986
 * so that it builds anywhere: replace rfc3986_parse by your library's parse
 * and set each component it can tell.  A component left unset is "not
 * expressed" and is not compared; reading_set_null says "undefined".
 */
#include "glue.h"

#include <string.h>

#include "rfc3986.h"

/* The library's name and the version it reports at run time. */
static const char *template_version(void) {
  return "librfc3986 " RFC3986_VERSION " (TEMPLATE)";
}

static int template_parse(const char *s, size_t len, const char *rule,
                          struct adapter_reading *out) {
  if (rule && strcmp(rule, "URI-reference") != 0) {
    out->unsupported = "TEMPLATE parses URI-references only";
    return 0;
  }
  rfc3986_uri u;
  out->valid =
      rfc3986_parse(s, len, RFC3986_RULE_URI_reference, &u, NULL) == RFC3986_OK;
  if (!out->valid)
    return 0;
  if (rfc3986_span_defined(u.scheme))
    reading_set(out, RFC3986_COMPONENT_SCHEME, s + u.scheme.offset,
                u.scheme.length);
  else
    reading_set_null(out, RFC3986_COMPONENT_SCHEME);
  reading_set(out, RFC3986_COMPONENT_PATH, s + u.path.offset, u.path.length);
  return 0;
}

/* The symbol is glue_ + the adapter's name with "-" written "_". */
const struct glue glue_TEMPLATE = {
    .name = "TEMPLATE",
    .spec = "other",
    .ops = GLUE_OP_PARSE,
    .library_version = template_version,
    .parse = template_parse,
};
