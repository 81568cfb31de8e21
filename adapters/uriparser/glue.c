/*
 * glue.c: uriparser (liburiparser, 0.9.x) mapped to the component model.
 *
 * Parse: uriParseSingleUriExA over first/afterLast (NUL is an ordinary,
 * invalid octet), error position reported as error_offset.  Resolve:
 * uriAddBaseUriExA.  Normalize: uriNormalizeSyntaxExA with the mask
 * uriNormalizeSyntaxMaskRequiredExA asks for.  Every UriUriA is released
 * with uriFreeUriMembersA.  See README.md for the mapping.
 */
#include "glue.h"

#include <stdlib.h>
#include <string.h>
#include <uriparser/Uri.h>

static const char *up_version(void) {
  return "uriparser " URI_VER_ANSI;
}

static int defined(UriTextRangeA t) {
  return t.first != NULL;
}
static size_t range_len(UriTextRangeA t) {
  return t.first ? (size_t)(t.afterLast - t.first) : 0;
}

static void set_range(struct adapter_reading *out, rfc3986_component c,
                      UriTextRangeA t) {
  if (defined(t))
    reading_set(out, c, t.first, range_len(t));
  else
    reading_set_null(out, c);
}

/* The host as RFC 3986 writes it: uriparser's hostText leaves the
 * brackets of an IP-literal out (hostData.ip6, hostData.ipFuture). */
static int host_is_literal(const UriUriA *u) {
  return u->hostData.ip6 != NULL || u->hostData.ipFuture.first != NULL;
}

static void append_host(struct adapter_reading *out, rfc3986_component c,
                        const UriUriA *u) {
  int lit = host_is_literal(u);
  if (lit)
    reading_append(out, c, "[", 1);
  reading_append(out, c, u->hostText.first, range_len(u->hostText));
  if (lit)
    reading_append(out, c, "]", 1);
}

static void fill(const UriUriA *u, struct adapter_reading *out) {
  set_range(out, RFC3986_COMPONENT_SCHEME, u->scheme);
  if (defined(u->hostText)) {
    /* authority = [ userinfo "@" ] host [ ":" port ] */
    if (defined(u->userInfo)) {
      reading_append(out, RFC3986_COMPONENT_AUTHORITY, u->userInfo.first,
                     range_len(u->userInfo));
      reading_append(out, RFC3986_COMPONENT_AUTHORITY, "@", 1);
    }
    append_host(out, RFC3986_COMPONENT_AUTHORITY, u);
    if (defined(u->portText)) {
      reading_append(out, RFC3986_COMPONENT_AUTHORITY, ":", 1);
      reading_append(out, RFC3986_COMPONENT_AUTHORITY, u->portText.first,
                     range_len(u->portText));
    }
    if (out->comp[RFC3986_COMPONENT_AUTHORITY].state !=
        VALUE_OCTETS) /* empty authority */
      reading_set(out, RFC3986_COMPONENT_AUTHORITY, "", 0);
    set_range(out, RFC3986_COMPONENT_USERINFO, u->userInfo);
    append_host(out, RFC3986_COMPONENT_HOST, u);
    if (out->comp[RFC3986_COMPONENT_HOST].state != VALUE_OCTETS)
      reading_set(out, RFC3986_COMPONENT_HOST, "", 0);
    const char *type = u->hostData.ip6              ? "IPv6address"
                       : u->hostData.ipFuture.first ? "IPvFuture"
                       : u->hostData.ip4            ? "IPv4address"
                                                    : "reg-name";
    reading_set(out, RFC3986_COMPONENT_HOST_TYPE, type, strlen(type));
    set_range(out, RFC3986_COMPONENT_PORT, u->portText);
  } else {
    reading_set_no_authority(out);
  }
  /* The path from the segment list: "/" before the first segment when
   * absolutePath (no host) or when there is a host and any segment. */
  reading_set(out, RFC3986_COMPONENT_PATH, "", 0);
  int slash = u->absolutePath || (defined(u->hostText) && u->pathHead);
  if (slash)
    reading_append(out, RFC3986_COMPONENT_PATH, "/", 1);
  for (const UriPathSegmentA *s = u->pathHead; s; s = s->next) {
    if (s != u->pathHead)
      reading_append(out, RFC3986_COMPONENT_PATH, "/", 1);
    reading_append(out, RFC3986_COMPONENT_PATH, s->text.first,
                   range_len(s->text));
  }
  set_range(out, RFC3986_COMPONENT_QUERY, u->query);
  set_range(out, RFC3986_COMPONENT_FRAGMENT, u->fragment);
}

static int up_parse(const char *s, size_t len, const char *rule,
                    struct adapter_reading *out) {
  if (rule && strcmp(rule, "URI-reference") != 0) {
    out->unsupported = "uriparser parses URI-reference only";
    return 0;
  }
  UriUriA u;
  const char *err = NULL;
  int rc = uriParseSingleUriExA(&u, s, s + len, &err);
  if (rc == URI_SUCCESS) {
    out->valid = 1;
    fill(&u, out);
  } else if (rc == URI_ERROR_SYNTAX) {
    out->valid = 0;
    if (err >= s && err <= s + len) {
      out->has_error_offset = 1;
      out->error_offset = (size_t)(err - s);
    }
  } else {
    uriFreeUriMembersA(&u);
    return -1;
  }
  uriFreeUriMembersA(&u);
  return 0;
}

/* Recompose U into the reading's output (uriToStringA). */
static int to_output(const UriUriA *u, struct adapter_reading *out) {
  int need = 0;
  if (uriToStringCharsRequiredA(u, &need) != URI_SUCCESS)
    return -1;
  char *dst = reading_output_space(out, (size_t)need + 1);
  if (!dst)
    return -1;
  int written = 0;
  if (uriToStringA(dst, u, need + 1, &written) != URI_SUCCESS)
    return -1;
  /* charsWritten counts the terminating NUL. */
  reading_output_done(out, written > 0 ? (size_t)written - 1 : 0);
  out->valid = 1;
  return 0;
}

static int up_resolve(const char *base, size_t base_len, const char *ref,
                      size_t ref_len, int strict, struct adapter_reading *out) {
  UriUriA b, r, t;
  const char *err;
  int rc = -1;
  memset(&t, 0, sizeof t);
  if (uriParseSingleUriExA(&b, base, base + base_len, &err) != URI_SUCCESS) {
    uriFreeUriMembersA(&b);
    out->valid = 0;
    return 0;
  }
  if (uriParseSingleUriExA(&r, ref, ref + ref_len, &err) != URI_SUCCESS) {
    uriFreeUriMembersA(&b);
    uriFreeUriMembersA(&r);
    out->valid = 0;
    return 0;
  }
  int res = uriAddBaseUriExA(&t, &r, &b,
                             strict ? URI_RESOLVE_STRICTLY
                                    : URI_RESOLVE_IDENTICAL_SCHEME_COMPAT);
  if (res == URI_SUCCESS) {
    rc = to_output(&t, out);
  } else if (res == URI_ERROR_ADDBASE_REL_BASE) {
    out->valid = 0; /* base is not absolute */
    rc = 0;
  }
  uriFreeUriMembersA(&t);
  uriFreeUriMembersA(&r);
  uriFreeUriMembersA(&b);
  return rc;
}

/* The benchmark's fixed base: parsed once, and the room its targets are
 * written into (a reading's output space). */
struct fixed_base {
  UriUriA uri;
  struct adapter_reading room;
};

static void *up_base_parse(const char *base, size_t len) {
  struct fixed_base *b = calloc(1, sizeof *b);
  const char *err;
  if (!b)
    return NULL;
  if (uriParseSingleUriExA(&b->uri, base, base + len, &err) != URI_SUCCESS) {
    uriFreeUriMembersA(&b->uri);
    free(b);
    return NULL;
  }
  reading_init(&b->room);
  return b;
}

/* The target T into B's room, as to_output writes it into a reading. */
static int up_target(struct fixed_base *b, const UriUriA *t) {
  int need = 0, written = 0;
  char *dst;
  if (uriToStringCharsRequiredA(t, &need) != URI_SUCCESS ||
      !(dst = reading_output_space(&b->room, (size_t)need + 1)))
    return -1;
  return uriToStringA(dst, t, need + 1, &written) == URI_SUCCESS ? 1 : -1;
}

static int up_resolve_parsed(void *base, const char *ref, size_t len) {
  struct fixed_base *b = base;
  UriUriA r, t;
  const char *err;
  int rc = 0;
  memset(&t, 0, sizeof t);
  if (uriParseSingleUriExA(&r, ref, ref + len, &err) == URI_SUCCESS &&
      uriAddBaseUriExA(&t, &r, &b->uri, URI_RESOLVE_STRICTLY) == URI_SUCCESS)
    rc = up_target(b, &t);
  uriFreeUriMembersA(&t);
  uriFreeUriMembersA(&r);
  return rc;
}

static void up_base_free(void *base) {
  struct fixed_base *b = base;
  if (!b)
    return;
  uriFreeUriMembersA(&b->uri);
  reading_free(&b->room);
  free(b);
}

static int normalize_uri(UriUriA *u) {
  unsigned mask = 0;
  if (uriNormalizeSyntaxMaskRequiredExA(u, &mask) != URI_SUCCESS)
    return -1;
  return uriNormalizeSyntaxExA(u, mask) == URI_SUCCESS ? 0 : -1;
}

static int up_normalize(const char *s, size_t len, enum glue_level level,
                        struct adapter_reading *out) {
  if (level != GLUE_LEVEL_SYNTAX) {
    out->unsupported = "uriparser normalizes at the syntax level only";
    return 0;
  }
  UriUriA u;
  const char *err;
  int rc = 0;
  if (uriParseSingleUriExA(&u, s, s + len, &err) != URI_SUCCESS)
    out->valid = 0;
  else if (normalize_uri(&u) != 0)
    rc = -1;
  else
    rc = to_output(&u, out);
  uriFreeUriMembersA(&u);
  return rc;
}

static int up_equivalent(const char *a, size_t a_len, const char *b,
                         size_t b_len, enum glue_level level,
                         struct adapter_reading *out) {
  if (level != GLUE_LEVEL_SYNTAX) {
    out->unsupported = "uriparser compares at the syntax level only";
    return 0;
  }
  UriUriA ua, ub;
  const char *err;
  int rc = 0;
  int oka = uriParseSingleUriExA(&ua, a, a + a_len, &err) == URI_SUCCESS;
  int okb = uriParseSingleUriExA(&ub, b, b + b_len, &err) == URI_SUCCESS;
  if (!oka || !okb) {
    out->valid = 0;
  } else if (normalize_uri(&ua) != 0 || normalize_uri(&ub) != 0) {
    rc = -1;
  } else {
    out->valid = 1;
    out->equivalent = uriEqualsUriA(&ua, &ub) == URI_TRUE;
  }
  uriFreeUriMembersA(&ua);
  uriFreeUriMembersA(&ub);
  return rc;
}

/* uriToStringA of the parsed input, as it is. */
static int up_recompose(const char *s, size_t len,
                        struct adapter_reading *out) {
  UriUriA u;
  const char *err;
  int rc = 0;
  if (uriParseSingleUriExA(&u, s, s + len, &err) == URI_SUCCESS)
    rc = to_output(&u, out);
  uriFreeUriMembersA(&u);
  return rc;
}

static int up_accepts(const char *s, size_t len) {
  UriUriA u;
  const char *err = NULL;
  int ok = uriParseSingleUriExA(&u, s, s + len, &err) == URI_SUCCESS;
  uriFreeUriMembersA(&u);
  return ok;
}

const struct glue glue_uriparser = {
    .name = "uriparser",
    .spec = "rfc3986",
    .ops = GLUE_OP_PARSE | GLUE_OP_RESOLVE | GLUE_OP_NORMALIZE |
           GLUE_OP_EQUIVALENT | GLUE_OP_RECOMPOSE,
    .library_version = up_version,
    .parse = up_parse,
    .resolve = up_resolve,
    .normalize = up_normalize,
    .equivalent = up_equivalent,
    .accepts = up_accepts,
    .recompose = up_recompose,
    .base_parse = up_base_parse,
    .resolve_parsed = up_resolve_parsed,
    .base_free = up_base_free,
};
