/*
 * glue.c: libsoup 2.4's SoupURI (soup_uri_new, soup_uri_new_with_base,
 * soup_uri_to_string), the URI type of GNOME's HTTP stack, mapped to the
 * component model.  libsoup takes NUL-terminated strings: an input with a
 * NUL octet is unsupported.  soup_uri_new accepts absolute URIs only (a
 * SoupURI needs a scheme), and normalizes on parse (scheme lower-cased,
 * %XX of unreserved characters decoded, an http(s) empty path made "/",
 * the default port filled in).  See README.md.
 */
#include "glue.h"

#include <libsoup/soup.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *libsoup_version(void) {
  static char v[64];
  if (!v[0])
    snprintf(v, sizeof v, "libsoup %u.%u.%u", soup_get_major_version(),
             soup_get_minor_version(), soup_get_micro_version());
  return v;
}

static void set_host(SoupURI *u, struct adapter_reading *out) {
  const char *h = u->host;
  if (strchr(h, ':')) { /* an IPv6 address, kept without its brackets */
    reading_append(out, RFC3986_COMPONENT_HOST, "[", 1);
    reading_append(out, RFC3986_COMPONENT_HOST, h, strlen(h));
    reading_append(out, RFC3986_COMPONENT_HOST, "]", 1);
    reading_set_cstr(out, RFC3986_COMPONENT_HOST_TYPE, "IPv6address");
    return;
  }
  reading_set_cstr(out, RFC3986_COMPONENT_HOST, h);
  reading_set_cstr(out, RFC3986_COMPONENT_HOST_TYPE,
                   reading_is_ipv4address(h) ? "IPv4address" : "reg-name");
}

static void fill(SoupURI *u, struct adapter_reading *out) {
  out->valid = 1;
  reading_set_cstr(out, RFC3986_COMPONENT_SCHEME, u->scheme);
  if (!u->host) {
    reading_set_no_authority(out);
  } else {
    /* the authority as a whole is not kept: left out */
    if (u->user) {
      reading_append(out, RFC3986_COMPONENT_USERINFO, u->user, strlen(u->user));
      if (u->password) {
        reading_append(out, RFC3986_COMPONENT_USERINFO, ":", 1);
        reading_append(out, RFC3986_COMPONENT_USERINFO, u->password,
                       strlen(u->password));
      }
    } else {
      reading_set_null(out, RFC3986_COMPONENT_USERINFO);
    }
    set_host(u, out);
    /* port: a number, the scheme's default when none is written; left out
     * then (no port, an empty one and the default one read alike) */
    if (u->port && !soup_uri_uses_default_port(u)) {
      char digits[16];
      int n = snprintf(digits, sizeof digits, "%u", u->port);
      reading_set(out, RFC3986_COMPONENT_PORT, digits, (size_t)n);
    }
  }
  reading_set_cstr(out, RFC3986_COMPONENT_PATH, u->path ? u->path : "");
  reading_set_cstr(out, RFC3986_COMPONENT_QUERY, u->query);
  reading_set_cstr(out, RFC3986_COMPONENT_FRAGMENT, u->fragment);
}

static int libsoup_parse(const char *s, size_t len, const char *rule,
                         struct adapter_reading *out) {
  if (rule && strcmp(rule, "URI-reference") != 0) {
    out->unsupported = "soup_uri_new has one entry point";
    return 0;
  }
  char *c = reading_cstring(out, s, len);
  if (!c)
    return out->oom ? -1 : 0;
  SoupURI *u = soup_uri_new(c);
  free(c);
  if (u) {
    fill(u, out);
    soup_uri_free(u);
  }
  return out->oom ? -1 : 0;
}

static int libsoup_resolve(const char *base, size_t base_len, const char *ref,
                           size_t ref_len, int strict,
                           struct adapter_reading *out) {
  if (!strict) {
    out->unsupported = "soup_uri_new_with_base has no non-strict mode";
    return 0;
  }
  char *cb, *cr;
  if (reading_cstring_pair(out, base, base_len, ref, ref_len, &cb, &cr) < 0)
    return out->oom ? -1 : 0;
  SoupURI *b = soup_uri_new(cb);
  SoupURI *t = b ? soup_uri_new_with_base(b, cr) : NULL;
  if (t && SOUP_URI_IS_VALID(t)) {
    char *str = soup_uri_to_string(t, FALSE);
    out->valid = 1;
    reading_set_output(out, str, strlen(str));
    g_free(str);
  }
  if (t)
    soup_uri_free(t);
  if (b)
    soup_uri_free(b);
  free(cb);
  free(cr);
  return out->oom ? -1 : 0;
}

/* soup_uri_to_string: the URI libsoup writes (and requests). */
static int libsoup_recompose(const char *s, size_t len,
                             struct adapter_reading *out) {
  char *c = reading_cstring(out, s, len);
  if (!c)
    return out->oom ? -1 : 0;
  SoupURI *u = soup_uri_new(c);
  free(c);
  if (u) {
    char *str = soup_uri_to_string(u, FALSE);
    out->valid = 1;
    reading_set_output(out, str, strlen(str));
    g_free(str);
    soup_uri_free(u);
  }
  return out->oom ? -1 : 0;
}

static int libsoup_accepts(const char *s, size_t len) {
  if (memchr(s, 0, len))
    return -1;
  SoupURI *u = soup_uri_new(s);
  if (!u)
    return 0;
  soup_uri_free(u);
  return 1;
}

const struct glue glue_libsoup = {
    .name = "libsoup",
    .spec = "rfc3986",
    .ops = GLUE_OP_PARSE | GLUE_OP_RESOLVE | GLUE_OP_RECOMPOSE,
    .library_version = libsoup_version,
    .parse = libsoup_parse,
    .resolve = libsoup_resolve,
    .accepts = libsoup_accepts,
    .recompose = libsoup_recompose,
};
