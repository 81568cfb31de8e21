/*
 * glue.c: nodejs/http-parser's http_parser_parse_url (the request-target
 * parser of Node before llhttp, still linked by many C servers) mapped to
 * the component model.  It takes pointer + length, so NUL octets are given
 * to it as they are.  is_connect 0: the request-target of every method but
 * CONNECT (absolute-form or origin-form).  See README.md.
 */
#include "glue.h"

#include <http_parser.h>
#include <stdio.h>
#include <string.h>

static const char *http_parser_lib_version(void) {
  static char v[64];
  if (!v[0]) {
    unsigned long n = http_parser_version();
    snprintf(v, sizeof v, "http-parser %lu.%lu.%lu", (n >> 16) & 255,
             (n >> 8) & 255, n & 255);
  }
  return v;
}

/* Field F of U: its text when set, else undefined. */
static void set_field(const char *s, const struct http_parser_url *u, int f,
                      rfc3986_component c, struct adapter_reading *out) {
  if (u->field_set & (1 << f))
    reading_set(out, c, s + u->field_data[f].off, u->field_data[f].len);
  else
    reading_set_null(out, c);
}

/* The host field drops an IP-literal's brackets: they are put back when
 * the input has them around it. */
static void set_host(const char *s, size_t total,
                     const struct http_parser_url *u,
                     struct adapter_reading *out) {
  size_t off = u->field_data[UF_HOST].off, len = u->field_data[UF_HOST].len;
  if (off > 0 && off + len < total && s[off - 1] == '[' &&
      s[off + len] == ']') {
    reading_set(out, RFC3986_COMPONENT_HOST, s + off - 1, len + 2);
    reading_set_cstr(out, RFC3986_COMPONENT_HOST_TYPE, "IPv6address");
    return;
  }
  reading_set(out, RFC3986_COMPONENT_HOST, s + off, len);
  char buf[16];
  int ipv4 = 0;
  if (len < sizeof buf) {
    memcpy(buf, s + off, len);
    buf[len] = 0;
    ipv4 = reading_is_ipv4address(buf);
  }
  reading_set_cstr(out, RFC3986_COMPONENT_HOST_TYPE,
                   ipv4 ? "IPv4address" : "reg-name");
}

static int hp_parse(const char *s, size_t len, const char *rule,
                    struct adapter_reading *out) {
  if (rule && strcmp(rule, "URI-reference") != 0) {
    out->unsupported = "http_parser_parse_url has one entry point";
    return 0;
  }
  struct http_parser_url u;
  http_parser_url_init(&u);
  if (http_parser_parse_url(s, len, 0, &u) != 0)
    return 0;
  out->valid = 1;
  set_field(s, &u, UF_SCHEMA, RFC3986_COMPONENT_SCHEME, out);
  if (u.field_set & (1 << UF_HOST)) {
    /* the authority as a whole is not kept: left out */
    set_field(s, &u, UF_USERINFO, RFC3986_COMPONENT_USERINFO, out);
    set_host(s, len, &u, out);
    set_field(s, &u, UF_PORT, RFC3986_COMPONENT_PORT, out);
  } else {
    reading_set_no_authority(out);
  }
  /* an absent path is not a field: the empty path */
  if (u.field_set & (1 << UF_PATH))
    set_field(s, &u, UF_PATH, RFC3986_COMPONENT_PATH, out);
  else
    reading_set(out, RFC3986_COMPONENT_PATH, "", 0);
  /* "?" and "#" set no field: unset is absent or empty, left out */
  if (u.field_set & (1 << UF_QUERY))
    set_field(s, &u, UF_QUERY, RFC3986_COMPONENT_QUERY, out);
  if (u.field_set & (1 << UF_FRAGMENT))
    set_field(s, &u, UF_FRAGMENT, RFC3986_COMPONENT_FRAGMENT, out);
  return out->oom ? -1 : 0;
}

static int hp_accepts(const char *s, size_t len) {
  struct http_parser_url u;
  http_parser_url_init(&u);
  return http_parser_parse_url(s, len, 0, &u) == 0;
}

const struct glue glue_http_parser = {
    .name = "http-parser",
    .spec = "other",
    .ops = GLUE_OP_PARSE,
    .library_version = http_parser_lib_version,
    .parse = hp_parse,
    .accepts = hp_accepts,
};
