/*
 * glue.c: librfc3986, the oracle, through the adapter protocol, so the
 * harness can run it like any third-party parser (and check the protocol
 * path against the vectors).  Every op of the protocol is answered.
 */
#include "glue.h"

#include <stdlib.h>
#include <string.h>

#include "rfc3986.h"

static const char *ref_version(void) {
  return "librfc3986 " RFC3986_VERSION;
}

static void set_span(struct adapter_reading *out, rfc3986_component c,
                     const rfc3986_uri *u, rfc3986_span s) {
  if (rfc3986_span_defined(s))
    reading_set(out, c, u->input + s.offset, s.length);
  else
    reading_set_null(out, c);
}

static int is_iri_rule(rfc3986_rule r) {
  return r >= RFC3986_RULE_IRI;
}

static int ref_parse(const char *s, size_t len, const char *rule,
                     struct adapter_reading *out) {
  rfc3986_rule start = RFC3986_RULE_URI_reference;
  if (rule) {
    start = rfc3986_rule_from_name(rule, strlen(rule));
    switch (start) {
    case RFC3986_RULE_URI_reference:
    case RFC3986_RULE_URI:
    case RFC3986_RULE_absolute_URI:
    case RFC3986_RULE_relative_ref:
    case RFC3986_RULE_IRI_reference:
    case RFC3986_RULE_IRI:
    case RFC3986_RULE_absolute_IRI:
    case RFC3986_RULE_irelative_ref:
      break;
    default:
      out->unsupported = "parse takes a start rule: URI-reference, URI, "
                         "absolute-URI, relative-ref or their IRI forms";
      return 0;
    }
  }
  rfc3986_uri u;
  rfc3986_error err;
  rfc3986_status st = is_iri_rule(start)
                          ? rfc3986_parse_iri(s, len, start, &u, &err)
                          : rfc3986_parse(s, len, start, &u, &err);
  if (st != RFC3986_OK) {
    out->valid = 0;
    out->has_error_offset = 1;
    out->error_offset = err.offset;
    return 0;
  }
  out->valid = 1;
  set_span(out, RFC3986_COMPONENT_SCHEME, &u, u.scheme);
  set_span(out, RFC3986_COMPONENT_AUTHORITY, &u, u.authority);
  set_span(out, RFC3986_COMPONENT_USERINFO, &u, u.userinfo);
  set_span(out, RFC3986_COMPONENT_HOST, &u, u.host);
  const char *type = rfc3986_host_type_name(u.host_type);
  if (type)
    reading_set(out, RFC3986_COMPONENT_HOST_TYPE, type, strlen(type));
  else
    reading_set_null(out, RFC3986_COMPONENT_HOST_TYPE);
  set_span(out, RFC3986_COMPONENT_PORT, &u, u.port);
  set_span(out, RFC3986_COMPONENT_PATH, &u, u.path);
  set_span(out, RFC3986_COMPONENT_QUERY, &u, u.query);
  set_span(out, RFC3986_COMPONENT_FRAGMENT, &u, u.fragment);
  return 0;
}

static int ref_match(const char *rule, const char *s, size_t len,
                     struct adapter_reading *out) {
  rfc3986_rule r = rfc3986_rule_from_name(rule, strlen(rule));
  if (r == RFC3986_RULE_NONE) {
    out->unsupported = "unknown rule";
    return 0;
  }
  out->valid = rfc3986_match(r, s, len, NULL) == RFC3986_OK;
  return 0;
}

/* Run a producer into the reading's output with room for CAP octets; when
 * the producer needed more (RFC3986_ERR_BUFFER, *out_len has the need), run
 * it once more with that room. */
#define PRODUCE(cap_init, call)                                                \
  do {                                                                         \
    size_t cap = (cap_init), n = 0;                                            \
    for (int attempt = 0; attempt < 2; attempt++) {                            \
      char *dst = reading_output_space(out, cap);                              \
      if (!dst)                                                                \
        return -1;                                                             \
      rfc3986_status st = (call);                                              \
      if (st == RFC3986_ERR_BUFFER && attempt == 0 && n > cap) {               \
        cap = n;                                                               \
        continue;                                                              \
      }                                                                        \
      if (st == RFC3986_OK) {                                                  \
        out->valid = 1;                                                        \
        reading_output_done(out, n);                                           \
      } else if (st == RFC3986_ERR_BUFFER) {                                   \
        return -1;                                                             \
      } else {                                                                 \
        out->valid = 0;                                                        \
      }                                                                        \
      break;                                                                   \
    }                                                                          \
  } while (0)

static int ref_resolve(const char *base, size_t base_len, const char *ref,
                       size_t ref_len, int strict,
                       struct adapter_reading *out) {
  /* 5.1: a base "must be ... stripped of any fragment component prior to
   * its use as a base URI". */
  unsigned flags =
      RFC3986_RESOLVE_STRIP_BASE_FRAGMENT |
      (strict ? RFC3986_RESOLVE_STRICT : RFC3986_RESOLVE_NON_STRICT);
  PRODUCE(RFC3986_RESOLVE_MAX(base_len, ref_len),
          rfc3986_resolve(base, base_len, ref, ref_len, flags, dst, cap, &n,
                          NULL, NULL));
  return 0;
}

/* The benchmark's fixed base: parsed once (rfc3986_parse_fast), and the
 * room its targets are written into (a reading's output space). */
struct fixed_base {
  rfc3986_uri uri;
  struct adapter_reading room;
};

static void *ref_base_parse(const char *base, size_t len) {
  struct fixed_base *b = calloc(1, sizeof *b);
  if (b && rfc3986_parse_fast(base, len, RFC3986_RULE_URI, &b->uri, NULL) ==
               RFC3986_OK) {
    reading_init(&b->room);
    return b;
  }
  free(b);
  return NULL;
}

static int ref_resolve_parsed(void *base, const char *ref, size_t len) {
  struct fixed_base *b = base;
  size_t cap = RFC3986_RESOLVE_MAX(b->uri.input_len, len), n;
  char *dst = reading_output_space(&b->room, cap);
  if (!dst)
    return -1;
  return rfc3986_resolve_parsed(&b->uri, ref, len, RFC3986_RESOLVE_STRICT, dst,
                                cap, &n, NULL, NULL) == RFC3986_OK;
}

static void ref_base_free(void *base) {
  struct fixed_base *b = base;
  if (b)
    reading_free(&b->room);
  free(b);
}

static rfc3986_level level_of(enum glue_level l) {
  return l == GLUE_LEVEL_SIMPLE   ? RFC3986_LEVEL_SIMPLE
         : l == GLUE_LEVEL_SCHEME ? RFC3986_LEVEL_SCHEME
                                  : RFC3986_LEVEL_SYNTAX;
}

static int ref_normalize(const char *s, size_t len, enum glue_level level,
                         struct adapter_reading *out) {
  PRODUCE(len + 1,
          rfc3986_normalize(s, len, level_of(level), dst, cap, &n, NULL, NULL));
  return 0;
}

static int ref_equivalent(const char *a, size_t a_len, const char *b,
                          size_t b_len, enum glue_level level,
                          struct adapter_reading *out) {
  int eq = 0;
  rfc3986_status st =
      rfc3986_equivalent(a, a_len, b, b_len, level_of(level), &eq, NULL);
  out->valid = st == RFC3986_OK;
  out->equivalent = out->valid && eq;
  return 0;
}

static int ref_iri_to_uri(const char *s, size_t len,
                          struct adapter_reading *out) {
  PRODUCE(3 * len, rfc3986_iri_to_uri(s, len, dst, cap, &n, NULL));
  return 0;
}

static int ref_accepts(const char *s, size_t len) {
  rfc3986_uri u;
  return rfc3986_parse(s, len, RFC3986_RULE_URI_reference, &u, NULL) ==
         RFC3986_OK;
}

const struct glue glue_reference = {
    .name = "reference",
    .spec = "rfc3986",
    .ops = GLUE_OP_PARSE | GLUE_OP_MATCH | GLUE_OP_RESOLVE | GLUE_OP_NORMALIZE |
           GLUE_OP_EQUIVALENT | GLUE_OP_IRI_TO_URI,
    .library_version = ref_version,
    .parse = ref_parse,
    .match = ref_match,
    .resolve = ref_resolve,
    .normalize = ref_normalize,
    .equivalent = ref_equivalent,
    .iri_to_uri = ref_iri_to_uri,
    .accepts = ref_accepts,
    .base_parse = ref_base_parse,
    .resolve_parsed = ref_resolve_parsed,
    .base_free = ref_base_free,
};
