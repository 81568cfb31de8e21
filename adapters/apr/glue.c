/*
 * glue.c: APR-util's apr_uri_parse (the URI parser of Apache httpd) mapped
 * to the component model.  One pool, cleared after every request.  APR
 * takes NUL-terminated strings: an input holding a NUL octet is answered
 * unsupported.  APR keeps the port as written (port_str) and as a 16-bit
 * number (port, wrapped: ":99999" gives 34463); the component is the
 * string, the README lists where the two disagree.  See README.md.
 */
#include "glue.h"

#include <apr_general.h>
#include <apr_pools.h>
#include <apr_strings.h>
#include <apr_uri.h>
#include <apr_version.h>
#include <apu_version.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

extern const struct glue glue_apr;

static apr_pool_t *pool;

static int ensure_pool(void) {
  if (pool)
    return 0;
  if (apr_initialize() != APR_SUCCESS)
    return -1;
  return apr_pool_create(&pool, NULL) == APR_SUCCESS ? 0 : -1;
}

static const char *ap_version(void) {
  static char v[64];
  if (!v[0])
    snprintf(v, sizeof v, "apr-util %s (apr %s)", apu_version_string(),
             apr_version_string());
  return v;
}

static void fill(const apr_uri_t *u, struct adapter_reading *out) {
  out->valid = 1;
  reading_set_cstr(out, RFC3986_COMPONENT_SCHEME, u->scheme);
  if (u->hostinfo) {
    /* hostinfo is APR's "[user[:password]@]host[:port]" as written */
    reading_set(out, RFC3986_COMPONENT_AUTHORITY, u->hostinfo,
                strlen(u->hostinfo));
    if (u->user || u->password) {
      reading_set(out, RFC3986_COMPONENT_USERINFO, u->user ? u->user : "",
                  u->user ? strlen(u->user) : 0);
      if (u->password) {
        reading_append(out, RFC3986_COMPONENT_USERINFO, ":", 1);
        reading_append(out, RFC3986_COMPONENT_USERINFO, u->password,
                       strlen(u->password));
      }
    } else {
      reading_set_null(out, RFC3986_COMPONENT_USERINFO);
    }
    /* APR strips the brackets of an IP-literal: put them back when the
     * host part of hostinfo (after the last '@', where APR splits) has them. */
    const char *h = u->hostname ? u->hostname : "";
    const char *at = strrchr(u->hostinfo, '@');
    int lit = (at ? at + 1 : u->hostinfo)[0] == '[';
    reading_set(out, RFC3986_COMPONENT_HOST, "", 0);
    if (lit)
      reading_append(out, RFC3986_COMPONENT_HOST, "[", 1);
    reading_append(out, RFC3986_COMPONENT_HOST, h, strlen(h));
    if (lit)
      reading_append(out, RFC3986_COMPONENT_HOST, "]", 1);
    const char *type =
        lit ? (h[0] == 'v' || h[0] == 'V' ? "IPvFuture" : "IPv6address")
        : reading_is_ipv4address(h) ? "IPv4address"
                                    : "reg-name";
    reading_set(out, RFC3986_COMPONENT_HOST_TYPE, type, strlen(type));
    reading_set_cstr(out, RFC3986_COMPONENT_PORT, u->port_str);
  } else {
    reading_set_no_authority(out);
  }
  reading_set(out, RFC3986_COMPONENT_PATH, u->path ? u->path : "",
              u->path ? strlen(u->path) : 0);
  reading_set_cstr(out, RFC3986_COMPONENT_QUERY, u->query);
  reading_set_cstr(out, RFC3986_COMPONENT_FRAGMENT, u->fragment);
}

static int ap_parse(const char *s, size_t len, const char *rule,
                    struct adapter_reading *out) {
  if (rule && strcmp(rule, "URI-reference") != 0) {
    out->unsupported = "apr_uri_parse has one entry point";
    return 0;
  }
  if (memchr(s, '\0', len)) {
    out->unsupported =
        "APR takes NUL-terminated strings: input has a NUL octet";
    return 0;
  }
  if (ensure_pool() != 0)
    return -1;
  char *c = apr_pstrmemdup(pool, s, len);
  apr_uri_t u;
  memset(&u, 0, sizeof u);
  if (apr_uri_parse(pool, c, &u) == APR_SUCCESS)
    fill(&u, out);
  else
    out->valid = 0;
  apr_pool_clear(pool);
  return 0;
}

/* For the benchmark: apr_uri_parse into the pool, then the pool cleared
 * (S is NUL-terminated at S[LEN]). */
static int ap_accepts(const char *s, size_t len) {
  if (memchr(s, '\0', len) || ensure_pool() != 0)
    return -1;
  apr_uri_t u;
  int ok = apr_uri_parse(pool, s, &u) == APR_SUCCESS;
  apr_pool_clear(pool);
  return ok;
}

const struct glue glue_apr = {
    .name = "apr",
    .spec = "other",
    .ops = GLUE_OP_PARSE,
    .library_version = ap_version,
    .parse = ap_parse,
    .accepts = ap_accepts,
};
