/*
 * glue.c: neon's URI functions (ne_uri.h, the HTTP/WebDAV client library
 * behind Subversion's ra_neon, cadaver, litmus) mapped to the component
 * model: ne_uri_parse for parse, ne_uri_parse + ne_uri_resolve +
 * ne_uri_unparse for resolve.  neon takes NUL-terminated strings: an input
 * holding a NUL octet is answered unsupported.  neon keeps no raw
 * authority (left out) and the port as an unsigned int, 0 when it is
 * absent, empty or "0" (then left out: the three cannot be told apart).
 * ne_uri_parse reads the port at one octet past an IP-literal that ends
 * its authority ("http://[::1]" reads past the string's NUL, and
 * "http://[::1]/8080" gets port 8080 from the path): every string is given
 * to it with a second NUL after its own, so the read is defined and the
 * answer the same every time.  See README.md.
 */
#include "glue.h"

#include <ne_uri.h>
#include <ne_utils.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *ne_version(void) {
  static char v[96];
  if (!v[0]) {
    /* "neon 0.32.5: Library build, ..." : keep the first word pair */
    const char *s = ne_version_string();
    size_t n = strcspn(s, ":");
    snprintf(v, sizeof v, "%.*s", (int)n, s);
  }
  return v;
}

/* S as a C string with one more NUL after its own (see above); NULL as
 * reading_cstring. */
static char *neon_cstring(struct adapter_reading *out, const char *s,
                          size_t len) {
  char *c = reading_cstring(out, s, len);
  if (!c)
    return NULL;
  char *p = realloc(c, len + 2);
  if (!p) {
    free(c);
    out->oom = 1;
    return NULL;
  }
  p[len + 1] = '\0';
  return p;
}

static void fill(const ne_uri *u, struct adapter_reading *out) {
  out->valid = 1;
  reading_set_cstr(out, RFC3986_COMPONENT_SCHEME, u->scheme);
  if (u->host) {
    const char *h = u->host;
    reading_set_cstr(out, RFC3986_COMPONENT_USERINFO, u->userinfo);
    reading_set_cstr(out, RFC3986_COMPONENT_HOST, h);
    const char *type =
        h[0] == '[' ? (h[1] == 'v' || h[1] == 'V' ? "IPvFuture" : "IPv6address")
        : reading_is_ipv4address(h) ? "IPv4address"
                                    : "reg-name";
    reading_set_cstr(out, RFC3986_COMPONENT_HOST_TYPE, type);
    if (u->port > 0) {
      char p[16];
      int n = snprintf(p, sizeof p, "%u", u->port);
      reading_set(out, RFC3986_COMPONENT_PORT, p, (size_t)n);
    }
  } else {
    reading_set_no_authority(out);
  }
  reading_set_cstr(out, RFC3986_COMPONENT_PATH, u->path ? u->path : "");
  reading_set_cstr(out, RFC3986_COMPONENT_QUERY, u->query);
  reading_set_cstr(out, RFC3986_COMPONENT_FRAGMENT, u->fragment);
}

static int neon_parse(const char *s, size_t len, const char *rule,
                      struct adapter_reading *out) {
  if (rule && strcmp(rule, "URI-reference") != 0) {
    out->unsupported = "ne_uri_parse has one entry point (URI-reference)";
    return 0;
  }
  char *c = neon_cstring(out, s, len);
  if (!c)
    return out->oom ? -1 : 0;
  ne_uri u;
  if (ne_uri_parse(c, &u) == 0)
    fill(&u, out);
  else
    out->valid = 0;
  ne_uri_free(&u); /* set fields are allocated on failure too */
  free(c);
  return 0;
}

static int neon_resolve(const char *base, size_t base_len, const char *ref,
                        size_t ref_len, int strict,
                        struct adapter_reading *out) {
  if (!strict) {
    out->unsupported = "ne_uri_resolve has no non-strict (5.2.2) mode";
    return 0;
  }
  char *b = neon_cstring(out, base, base_len);
  char *r = b ? neon_cstring(out, ref, ref_len) : NULL;
  if (!r) {
    free(b);
    return out->oom ? -1 : 0;
  }
  ne_uri ub, ur, ut;
  int okb = ne_uri_parse(b, &ub) == 0;
  int okr = ne_uri_parse(r, &ur) == 0;
  if (okb && okr) {
    ne_uri_resolve(&ub, &ur, &ut);
    char *t = ne_uri_unparse(&ut);
    out->valid = 1;
    reading_set_output(out, t, strlen(t));
    free(t);
    ne_uri_free(&ut);
  } else {
    out->valid = 0;
  }
  ne_uri_free(&ub);
  ne_uri_free(&ur);
  free(b);
  free(r);
  return 0;
}

/* For the benchmark: ne_uri_parse, then its fields freed (S is
 * NUL-terminated at S[LEN]; an input ending in "]" is copied with a second
 * NUL, as above). */
static int neon_accepts(const char *s, size_t len) {
  if (memchr(s, '\0', len))
    return -1;
  char *c = NULL;
  if (len > 0 && s[len - 1] == ']') {
    if ((c = malloc(len + 2)) == NULL)
      return -1;
    memcpy(c, s, len);
    c[len] = c[len + 1] = '\0';
  }
  ne_uri u;
  int ok = ne_uri_parse(c ? c : s, &u) == 0;
  ne_uri_free(&u);
  free(c);
  return ok;
}

const struct glue glue_neon = {
    .name = "neon",
    .spec = "rfc3986",
    .ops = GLUE_OP_PARSE | GLUE_OP_RESOLVE,
    .library_version = ne_version,
    .parse = neon_parse,
    .resolve = neon_resolve,
    .accepts = neon_accepts,
};
