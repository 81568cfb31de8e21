/*
 * glue.c: wget2's libwget wget_iri_parse (the URL parser of GNU Wget2,
 * which it connects with) mapped to the component model.  libwget takes
 * NUL-terminated strings: an input with a NUL octet is unsupported.  It
 * reads any string as a URL (no scheme: http), lower-cases and unescapes
 * the host, unescapes the path and keeps it without its leading "/".
 * See README.md.
 */
#include "glue.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wget.h>

static const char *libwget_version(void) {
  return "libwget " LIBWGET_VERSION " (wget2)";
}

static void set_opt(struct adapter_reading *out, rfc3986_component c,
                    const char *v) {
  if (v)
    reading_set_cstr(out, c, v);
  else
    reading_set_null(out, c);
}

/* The host as libwget keeps it: an IP literal without its brackets (put
 * back for an IPv6 or future address), lower-cased, unescaped. */
static void set_host(const wget_iri_t *u, struct adapter_reading *out) {
  const char *h = u->host ? u->host : "";
  if (u->is_ip_address && strchr(h, ':')) {
    size_t n = strlen(h);
    char *b = malloc(n + 3);
    if (!b) {
      out->oom = 1;
      return;
    }
    b[0] = '[';
    memcpy(b + 1, h, n);
    b[n + 1] = ']';
    reading_set(out, RFC3986_COMPONENT_HOST, b, n + 2);
    free(b);
    reading_set_cstr(out, RFC3986_COMPONENT_HOST_TYPE,
                     (h[0] == 'v' || h[0] == 'V') ? "IPvFuture"
                                                  : "IPv6address");
    return;
  }
  reading_set_cstr(out, RFC3986_COMPONENT_HOST, h);
  reading_set_cstr(out, RFC3986_COMPONENT_HOST_TYPE,
                   reading_is_ipv4address(h) ? "IPv4address" : "reg-name");
}

static void set_userinfo(const wget_iri_t *u, struct adapter_reading *out) {
  if (!u->userinfo) {
    reading_set_null(out, RFC3986_COMPONENT_USERINFO);
    return;
  }
  if (!u->password) {
    reading_set_cstr(out, RFC3986_COMPONENT_USERINFO, u->userinfo);
    return;
  }
  size_t a = strlen(u->userinfo), b = strlen(u->password);
  char *s = malloc(a + b + 2);
  if (!s) {
    out->oom = 1;
    return;
  }
  memcpy(s, u->userinfo, a);
  s[a] = ':';
  memcpy(s + a + 1, u->password, b + 1);
  reading_set(out, RFC3986_COMPONENT_USERINFO, s, a + b + 1);
  free(s);
}

/* The path without its leading "/": put back; none is the empty path. */
static void set_path(const wget_iri_t *u, struct adapter_reading *out) {
  if (!u->path) {
    reading_set(out, RFC3986_COMPONENT_PATH, "", 0);
    return;
  }
  size_t n = strlen(u->path);
  char *s = malloc(n + 2);
  if (!s) {
    out->oom = 1;
    return;
  }
  s[0] = '/';
  memcpy(s + 1, u->path, n + 1);
  reading_set(out, RFC3986_COMPONENT_PATH, s, n + 1);
  free(s);
}

static void set_port(const wget_iri_t *u, struct adapter_reading *out) {
  char p[8];
  if (!u->port_given) {
    /* no port, an empty one and one it could not read alike: null */
    reading_set_null(out, RFC3986_COMPONENT_PORT);
    return;
  }
  snprintf(p, sizeof p, "%u", (unsigned)u->port);
  reading_set_cstr(out, RFC3986_COMPONENT_PORT, p);
}

static int libwget_parse(const char *s, size_t len, const char *rule,
                         struct adapter_reading *out) {
  if (rule && strcmp(rule, "URI-reference") != 0) {
    out->unsupported = "wget_iri_parse has one entry point";
    return 0;
  }
  char *c = reading_cstring(out, s, len);
  if (!c)
    return out->oom ? -1 : 0;
  wget_iri_t *u = wget_iri_parse(c, "utf-8");
  free(c);
  if (!u)
    return 0;
  out->valid = 1;
  set_opt(out, RFC3986_COMPONENT_SCHEME, u->scheme);
  /* the authority as a whole is not kept: left out */
  set_userinfo(u, out);
  set_host(u, out);
  set_port(u, out);
  set_path(u, out);
  set_opt(out, RFC3986_COMPONENT_QUERY, u->query);
  set_opt(out, RFC3986_COMPONENT_FRAGMENT, u->fragment);
  wget_iri_free(&u);
  return out->oom ? -1 : 0;
}

static int libwget_accepts(const char *s, size_t len) {
  if (memchr(s, 0, len))
    return -1;
  wget_iri_t *u = wget_iri_parse(s, "utf-8");
  if (!u)
    return 0;
  wget_iri_free(&u);
  return 1;
}

const struct glue glue_libwget = {
    .name = "libwget",
    .spec = "other",
    .ops = GLUE_OP_PARSE,
    .library_version = libwget_version,
    .parse = libwget_parse,
    .accepts = libwget_accepts,
};
