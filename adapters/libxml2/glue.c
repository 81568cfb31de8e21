/*
 * glue.c: libxml2's URI module (libxml/uri.h) mapped to the component
 * model.  Parse: xmlParseURIRaw(s, 1), the parser of xmlParseURI that
 * keeps %-escapes as written (xmlParseURI decodes user, path and fragment).
 * Resolve: xmlBuildURI(ref, base).  libxml2 takes NUL-terminated strings:
 * an input holding a NUL octet is answered unsupported.  See README.md.
 */
#include "glue.h"

#include <libxml/uri.h>
#include <libxml/xmlversion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

extern const struct glue glue_libxml2;

static const char *lx_version(void) {
  static char v[64];
  if (!v[0]) {
    /* xmlParserVersion is the run-time version as digits: 20914 */
    int n = atoi(xmlParserVersion);
    snprintf(v, sizeof v, "libxml2 %d.%d.%d", n / 10000, n / 100 % 100,
             n % 100);
  }
  return v;
}

static void fill(const xmlURI *u, struct adapter_reading *out) {
  char portbuf[16];
  out->valid = 1;
  reading_set_cstr(out, RFC3986_COMPONENT_SCHEME, u->scheme);
  /* libxml2 2.9 keeps the port as an int, 0 when none was written (so an
   * explicit ":0" and an empty ":" read as no port). */
  int has_port = u->port > 0;
  if (has_port)
    snprintf(portbuf, sizeof portbuf, "%d", u->port);
  if (u->server) {
    /* authority = [ userinfo "@" ] host [ ":" port ], recomposed: libxml2
     * keeps no authority string for a server-based authority. */
    if (u->user) {
      reading_append(out, RFC3986_COMPONENT_AUTHORITY, u->user,
                     strlen(u->user));
      reading_append(out, RFC3986_COMPONENT_AUTHORITY, "@", 1);
    }
    reading_append(out, RFC3986_COMPONENT_AUTHORITY, u->server,
                   strlen(u->server));
    if (has_port) {
      reading_append(out, RFC3986_COMPONENT_AUTHORITY, ":", 1);
      reading_append(out, RFC3986_COMPONENT_AUTHORITY, portbuf,
                     strlen(portbuf));
    }
    if (out->comp[RFC3986_COMPONENT_AUTHORITY].state != VALUE_OCTETS)
      reading_set(out, RFC3986_COMPONENT_AUTHORITY, "", 0);
    reading_set_cstr(out, RFC3986_COMPONENT_USERINFO, u->user);
    reading_set(out, RFC3986_COMPONENT_HOST, u->server, strlen(u->server));
    const char *type =
        u->server[0] == '['
            ? (u->server[1] == 'v' || u->server[1] == 'V' ? "IPvFuture"
                                                          : "IPv6address")
        : reading_is_ipv4address(u->server) ? "IPv4address"
                                            : "reg-name";
    reading_set(out, RFC3986_COMPONENT_HOST_TYPE, type, strlen(type));
    if (has_port)
      reading_set(out, RFC3986_COMPONENT_PORT, portbuf, strlen(portbuf));
    else
      reading_set_null(out, RFC3986_COMPONENT_PORT);
  } else if (u->authority) {
    /* a registry-based authority: one string, no parts */
    reading_set(out, RFC3986_COMPONENT_AUTHORITY, u->authority,
                strlen(u->authority));
  } else {
    reading_set_no_authority(out);
  }
  const char *path = u->path ? u->path : u->opaque;
  reading_set(out, RFC3986_COMPONENT_PATH, path ? path : "",
              path ? strlen(path) : 0);
  reading_set_cstr(out, RFC3986_COMPONENT_QUERY, u->query_raw);
  reading_set_cstr(out, RFC3986_COMPONENT_FRAGMENT, u->fragment);
}

static int lx_parse(const char *s, size_t len, const char *rule,
                    struct adapter_reading *out) {
  if (rule && strcmp(rule, "URI-reference") != 0) {
    out->unsupported = "libxml2 parses URI-reference only";
    return 0;
  }
  char *c = reading_cstring(out, s, len);
  if (!c)
    return out->oom ? -1 : 0;
  xmlURIPtr u = xmlParseURIRaw(c, 1);
  if (u) {
    fill(u, out);
    xmlFreeURI(u);
  } else {
    out->valid = 0;
  }
  free(c);
  return 0;
}

static int lx_resolve(const char *base, size_t base_len, const char *ref,
                      size_t ref_len, int strict, struct adapter_reading *out) {
  if (!strict) {
    out->unsupported = "libxml2 has no non-strict (5.2.2) resolution mode";
    return 0;
  }
  char *b, *r;
  if (reading_cstring_pair(out, base, base_len, ref, ref_len, &b, &r) != 0)
    return out->oom ? -1 : 0;
  xmlChar *t = xmlBuildURI((const xmlChar *)r, (const xmlChar *)b);
  if (t) {
    out->valid = 1;
    reading_set_output(out, (const char *)t, strlen((const char *)t));
    xmlFree(t);
  } else {
    out->valid = 0;
  }
  free(b);
  free(r);
  return 0;
}

/* For the benchmark: xmlParseURI and its cleanup, as libxml2's users call it
 * (S is NUL-terminated at S[LEN]). */
static int lx_accepts(const char *s, size_t len) {
  if (memchr(s, '\0', len))
    return -1;
  xmlURIPtr u = xmlParseURI(s);
  xmlFreeURI(u);
  return u != NULL;
}

const struct glue glue_libxml2 = {
    .name = "libxml2",
    .spec = "rfc3986",
    .ops = GLUE_OP_PARSE | GLUE_OP_RESOLVE,
    .library_version = lx_version,
    .parse = lx_parse,
    .resolve = lx_resolve,
    .accepts = lx_accepts,
};
