/*
 * glue.c: libevent's URI parser, evhttp_uri_parse_with_flags (event2/http.h),
 * mapped to the component model, in two configurations: flags 0 (libevent)
 * and EVHTTP_URI_NONCONFORMANT (libevent-nonconformant), which tolerates
 * characters RFC 3986 forbids in path, query and fragment.  libevent takes
 * NUL-terminated strings: an input with a NUL octet is unsupported.  See
 * README.md for what the mapping cannot express.
 */
#include "glue.h"

#include <event2/event.h>
#include <event2/http.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *libevent_version(void) {
  static char v[64];
  if (!v[0])
    snprintf(v, sizeof v, "libevent %s", event_get_version());
  return v;
}

static void set_opt(struct adapter_reading *out, rfc3986_component c,
                    const char *v) {
  reading_set_cstr(out, c, v);
}

/* The port is an int: -1 both when there is none and when it is empty, and
 * a digit string's leading zeros are lost.  A port that is there is sent
 * in decimal; -1 is left out (absent and empty read alike). */
static void set_port(struct adapter_reading *out, int port) {
  if (port < 0)
    return;
  char digits[16];
  int n = snprintf(digits, sizeof digits, "%d", port);
  reading_set(out, RFC3986_COMPONENT_PORT, digits, (size_t)n);
}

static void fill(const struct evhttp_uri *u, struct adapter_reading *out) {
  out->valid = 1;
  set_opt(out, RFC3986_COMPONENT_SCHEME, evhttp_uri_get_scheme(u));
  const char *host = evhttp_uri_get_host(u);
  if (!host) {
    reading_set_no_authority(out);
  } else {
    /* the authority as a whole is not kept: left out */
    set_opt(out, RFC3986_COMPONENT_USERINFO, evhttp_uri_get_userinfo(u));
    reading_set_cstr(out, RFC3986_COMPONENT_HOST, host);
    const char *type =
        host[0] == '['
            ? (host[1] == 'v' || host[1] == 'V' ? "IPvFuture" : "IPv6address")
        : reading_is_ipv4address(host) ? "IPv4address"
                                       : "reg-name";
    reading_set_cstr(out, RFC3986_COMPONENT_HOST_TYPE, type);
    set_port(out, evhttp_uri_get_port(u));
  }
  const char *path = evhttp_uri_get_path(u);
  reading_set_cstr(out, RFC3986_COMPONENT_PATH, path ? path : "");
  set_opt(out, RFC3986_COMPONENT_QUERY, evhttp_uri_get_query(u));
  set_opt(out, RFC3986_COMPONENT_FRAGMENT, evhttp_uri_get_fragment(u));
}

static int parse_flags(const char *s, size_t len, const char *rule,
                       unsigned flags, struct adapter_reading *out) {
  if (rule && strcmp(rule, "URI-reference") != 0) {
    out->unsupported = "evhttp_uri_parse has one entry point (URI-reference)";
    return 0;
  }
  char *c = reading_cstring(out, s, len);
  if (!c)
    return out->oom ? -1 : 0;
  struct evhttp_uri *u = evhttp_uri_parse_with_flags(c, flags);
  free(c);
  if (u) {
    fill(u, out);
    evhttp_uri_free(u);
  }
  return out->oom ? -1 : 0;
}

static int libevent_parse(const char *s, size_t len, const char *rule,
                          struct adapter_reading *out) {
  return parse_flags(s, len, rule, 0, out);
}

static int libevent_nonconformant_parse(const char *s, size_t len,
                                        const char *rule,
                                        struct adapter_reading *out) {
  return parse_flags(s, len, rule, EVHTTP_URI_NONCONFORMANT, out);
}

/* evhttp_uri_join: the URI-reference libevent writes from its parts. */
static int recompose_flags(const char *s, size_t len, unsigned flags,
                           struct adapter_reading *out) {
  char *c = reading_cstring(out, s, len);
  if (!c)
    return out->oom ? -1 : 0;
  struct evhttp_uri *u = evhttp_uri_parse_with_flags(c, flags);
  if (u) {
    /* the joined string is the input's parts and their separators */
    size_t cap = 2 * len + 64;
    char *buf = reading_output_space(out, cap);
    if (buf && evhttp_uri_join(u, buf, cap)) {
      out->valid = 1;
      reading_output_done(out, strlen(buf));
    }
    evhttp_uri_free(u);
  }
  free(c);
  return out->oom ? -1 : 0;
}

static int libevent_recompose(const char *s, size_t len,
                              struct adapter_reading *out) {
  return recompose_flags(s, len, 0, out);
}

static int libevent_nonconformant_recompose(const char *s, size_t len,
                                            struct adapter_reading *out) {
  return recompose_flags(s, len, EVHTTP_URI_NONCONFORMANT, out);
}

static int accepts_flags(const char *s, unsigned flags) {
  struct evhttp_uri *u = evhttp_uri_parse_with_flags(s, flags);
  if (!u)
    return 0;
  evhttp_uri_free(u); /* not NULL-safe */
  return 1;
}

static int libevent_accepts(const char *s, size_t len) {
  return memchr(s, 0, len) ? -1 : accepts_flags(s, 0);
}

static int libevent_nonconformant_accepts(const char *s, size_t len) {
  return memchr(s, 0, len) ? -1 : accepts_flags(s, EVHTTP_URI_NONCONFORMANT);
}

const struct glue glue_libevent = {
    .name = "libevent",
    .spec = "rfc3986",
    .ops = GLUE_OP_PARSE | GLUE_OP_RECOMPOSE,
    .library_version = libevent_version,
    .parse = libevent_parse,
    .accepts = libevent_accepts,
    .recompose = libevent_recompose,
};

const struct glue glue_libevent_nonconformant = {
    .name = "libevent-nonconformant",
    .spec = "rfc3986",
    .ops = GLUE_OP_PARSE | GLUE_OP_RECOMPOSE,
    .library_version = libevent_version,
    .parse = libevent_nonconformant_parse,
    .accepts = libevent_nonconformant_accepts,
    .recompose = libevent_nonconformant_recompose,
};
