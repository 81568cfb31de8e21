/*
 * glue.c: GLib's GUri (glib 2.66+) mapped to the component model, twice:
 * glue_glib with G_URI_FLAGS_NONE (GLib's default: strict, %-escapes
 * decoded) and glue_glib_relaxed with G_URI_FLAGS_PARSE_RELAXED.
 * An absolute URI is read by g_uri_parse, a relative reference by
 * g_uri_split (g_uri_parse refuses references without a scheme); resolve
 * is g_uri_resolve_relative.  GLib takes NUL-terminated strings: an input
 * holding a NUL octet is answered unsupported.  See README.md.
 */
#include "glue.h"

#include <glib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

extern const struct glue glue_glib;
extern const struct glue glue_glib_relaxed;

static const char *gl_version(void) {
  static char v[64];
  if (!v[0])
    snprintf(v, sizeof v, "glib %u.%u.%u", glib_major_version,
             glib_minor_version, glib_micro_version);
  return v;
}

/* 1 when the host of input C is written as an IP-literal: the octet after
 * "//" (after the scheme, when C has one) and after the authority's first
 * "@" (where GLib splits the userinfo off) is "[".  GLib strips an
 * IP-literal's brackets (and decodes an RFC 6874 zone "%25" to "%"), but it
 * also decodes a reg-name, so a host holding ':' may be either ("[::1]",
 * "%3A"): the input tells. */
static int host_is_literal(const char *c) {
  const char *p = c;
  if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z')) {
    size_t n = strspn(p, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                         "0123456789+-.");
    if (p[n] == ':')
      p += n + 1;
  }
  if (p[0] != '/' || p[1] != '/')
    return 0;
  p += 2;
  size_t end = strcspn(p, "/?#");
  const char *at = memchr(p, '@', end);
  return (at ? at[1] : p[0]) == '[';
}

/* The host as written: an IP-literal in brackets again. */
static void append_host(struct adapter_reading *out, rfc3986_component c,
                        const char *host, int lit) {
  if (lit)
    reading_append(out, c, "[", 1);
  reading_append(out, c, host, strlen(host));
  if (lit)
    reading_append(out, c, "]", 1);
}

static void fill(struct adapter_reading *out, const char *in,
                 const char *scheme, const char *userinfo, const char *host,
                 int port, const char *path, const char *query,
                 const char *fragment) {
  char portbuf[16];
  int lit = host && host_is_literal(in);
  out->valid = 1;
  reading_set_cstr(out, RFC3986_COMPONENT_SCHEME, scheme);
  if (host) {
    /* authority = [ userinfo "@" ] host [ ":" port ], recomposed: GLib
     * keeps no authority string, and the port only as a number. */
    if (userinfo) {
      reading_append(out, RFC3986_COMPONENT_AUTHORITY, userinfo,
                     strlen(userinfo));
      reading_append(out, RFC3986_COMPONENT_AUTHORITY, "@", 1);
    }
    append_host(out, RFC3986_COMPONENT_AUTHORITY, host, lit);
    if (port >= 0) {
      snprintf(portbuf, sizeof portbuf, "%d", port);
      reading_append(out, RFC3986_COMPONENT_AUTHORITY, ":", 1);
      reading_append(out, RFC3986_COMPONENT_AUTHORITY, portbuf,
                     strlen(portbuf));
    }
    if (out->comp[RFC3986_COMPONENT_AUTHORITY].state != VALUE_OCTETS)
      reading_set(out, RFC3986_COMPONENT_AUTHORITY, "", 0);
    reading_set_cstr(out, RFC3986_COMPONENT_USERINFO, userinfo);
    append_host(out, RFC3986_COMPONENT_HOST, host, lit);
    if (out->comp[RFC3986_COMPONENT_HOST].state != VALUE_OCTETS)
      reading_set(out, RFC3986_COMPONENT_HOST, "", 0);
    const char *type =
        lit ? (host[0] == 'v' || host[0] == 'V' ? "IPvFuture" : "IPv6address")
        : reading_is_ipv4address(host) ? "IPv4address"
                                       : "reg-name";
    reading_set(out, RFC3986_COMPONENT_HOST_TYPE, type, strlen(type));
    if (port >= 0)
      reading_set(out, RFC3986_COMPONENT_PORT, portbuf, strlen(portbuf));
    else
      reading_set_null(out, RFC3986_COMPONENT_PORT);
  } else {
    reading_set_no_authority(out);
  }
  reading_set(out, RFC3986_COMPONENT_PATH, path ? path : "",
              path ? strlen(path) : 0);
  reading_set_cstr(out, RFC3986_COMPONENT_QUERY, query);
  reading_set_cstr(out, RFC3986_COMPONENT_FRAGMENT, fragment);
}

static int parse_with(GUriFlags flags, const char *s, size_t len,
                      const char *rule, struct adapter_reading *out) {
  if (rule && strcmp(rule, "URI-reference") != 0) {
    out->unsupported = "GUri parses URI-reference only";
    return 0;
  }
  char *c = reading_cstring(out, s, len);
  if (!c)
    return out->oom ? -1 : 0;
  char *scheme = NULL, *userinfo = NULL, *host = NULL, *path = NULL,
       *query = NULL, *fragment = NULL;
  int port = -1;
  if (!g_uri_split(c, flags, &scheme, &userinfo, &host, &port, &path, &query,
                   &fragment, NULL)) {
    out->valid = 0;
  } else if (scheme) {
    /* An absolute URI: g_uri_parse, which may check more than the split. */
    GUri *u = g_uri_parse(c, flags, NULL);
    if (!u) {
      out->valid = 0;
    } else {
      fill(out, c, g_uri_get_scheme(u), g_uri_get_userinfo(u),
           g_uri_get_host(u), g_uri_get_port(u), g_uri_get_path(u),
           g_uri_get_query(u), g_uri_get_fragment(u));
      g_uri_unref(u);
    }
  } else {
    fill(out, c, scheme, userinfo, host, port, path, query, fragment);
  }
  g_free(scheme);
  g_free(userinfo);
  g_free(host);
  g_free(path);
  g_free(query);
  g_free(fragment);
  free(c);
  return 0;
}

static int resolve_with(GUriFlags flags, const char *base, size_t base_len,
                        const char *ref, size_t ref_len, int strict,
                        struct adapter_reading *out) {
  if (!strict) {
    out->unsupported = "GUri has no non-strict (5.2.2) resolution mode";
    return 0;
  }
  char *b, *r;
  if (reading_cstring_pair(out, base, base_len, ref, ref_len, &b, &r) != 0)
    return out->oom ? -1 : 0;
  char *t = g_uri_resolve_relative(b, r, flags, NULL);
  if (t) {
    out->valid = 1;
    reading_set_output(out, t, strlen(t));
  } else {
    out->valid = 0;
  }
  g_free(t);
  free(b);
  free(r);
  return 0;
}

static int gl_parse(const char *s, size_t len, const char *rule,
                    struct adapter_reading *out) {
  return parse_with(G_URI_FLAGS_NONE, s, len, rule, out);
}
static int gl_resolve(const char *base, size_t base_len, const char *ref,
                      size_t ref_len, int strict, struct adapter_reading *out) {
  return resolve_with(G_URI_FLAGS_NONE, base, base_len, ref, ref_len, strict,
                      out);
}
static int glr_parse(const char *s, size_t len, const char *rule,
                     struct adapter_reading *out) {
  return parse_with(G_URI_FLAGS_PARSE_RELAXED, s, len, rule, out);
}
static int glr_resolve(const char *base, size_t base_len, const char *ref,
                       size_t ref_len, int strict,
                       struct adapter_reading *out) {
  return resolve_with(G_URI_FLAGS_PARSE_RELAXED, base, base_len, ref, ref_len,
                      strict, out);
}

/* For the benchmark: the split GLib's parse functions start with, without
 * the mapping (S is NUL-terminated at S[LEN]). */
static int gl_accepts(const char *s, size_t len) {
  if (memchr(s, '\0', len))
    return -1;
  return g_uri_split(s, G_URI_FLAGS_NONE, NULL, NULL, NULL, NULL, NULL, NULL,
                     NULL, NULL) != FALSE;
}
static int glr_accepts(const char *s, size_t len) {
  if (memchr(s, '\0', len))
    return -1;
  return g_uri_split(s, G_URI_FLAGS_PARSE_RELAXED, NULL, NULL, NULL, NULL, NULL,
                     NULL, NULL, NULL) != FALSE;
}

const struct glue glue_glib = {
    .name = "glib",
    .spec = "rfc3986",
    .ops = GLUE_OP_PARSE | GLUE_OP_RESOLVE,
    .library_version = gl_version,
    .parse = gl_parse,
    .resolve = gl_resolve,
    .accepts = gl_accepts,
};

const struct glue glue_glib_relaxed = {
    .name = "glib-relaxed",
    .spec = "rfc3986",
    .ops = GLUE_OP_PARSE | GLUE_OP_RESOLVE,
    .library_version = gl_version,
    .parse = glr_parse,
    .resolve = glr_resolve,
    .accepts = glr_accepts,
};
