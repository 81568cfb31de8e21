/* classify.c: compare an answer with the expectation (DESIGN.md
 * "Comparing and classifying"); the reference's own reading of an input
 * for `uritest diff` and for telling normalization from semantic
 * mismatches. */
#include "classify.h"

#include <stdlib.h>
#include <string.h>

#include "rfc3986.h"

const char *const class_names[CLASS__COUNT] = {"PASS",
                                               "SHOULD_HAVE_ACCEPTED",
                                               "SHOULD_HAVE_REJECTED",
                                               "COMPONENT_MISMATCH",
                                               "RESOLVE_MISMATCH",
                                               "NORMALIZE_MISMATCH",
                                               "EQUIVALENT_MISMATCH",
                                               "OUTPUT_MISMATCH",
                                               "UNSUPPORTED",
                                               "CRASH",
                                               "TIMEOUT",
                                               "PROTOCOL_ERROR"};

int class_from_name(const char *s) {
  for (int i = 0; i < CLASS__COUNT; i++)
    if (!strcmp(class_names[i], s))
      return i;
  return -1;
}

int class_failed(int cls) {
  return cls != CLASS_PASS && cls != CLASS_UNSUPPORTED;
}

/* An answer's value: a JSON string, {"hex": "..."} for octets that are
 * not UTF-8 (adapters/PROTOCOL.md), or null.  Returns SV_* state; the
 * bytes go to *s (malloc'ed for hex, caller frees *own). */
static int answer_value(json_t *j, const char **s, size_t *len, char **own) {
  *own = NULL;
  if (!j || json_is_null(j))
    return j ? SV_NULL : SV_ABSENT;
  if (json_is_string(j)) {
    *s = json_string_value(j);
    *len = json_string_length(j);
    return SV_STR;
  }
  json_t *h = json_is_object(j) ? json_object_get(j, "hex") : NULL;
  if (json_is_string(h)) {
    size_t hl = json_string_length(h);
    *own = xmalloc(hl / 2 + 1);
    long n = hex_decode(json_string_value(h), hl, *own);
    if (n >= 0) {
      *s = *own;
      *len = (size_t)n;
      return SV_STR;
    }
    free(*own);
    *own = NULL;
  }
  return -1; /* wrong type */
}

/* 1 when the answer's value J equals the expectation E. */
static int value_equals(json_t *j, const struct sv *e) {
  const char *s = NULL;
  size_t len = 0;
  char *own;
  int st = answer_value(j, &s, &len, &own);
  int eq = st == e->state &&
           (st != SV_STR || (len == e->len && !memcmp(s, e->s, len)));
  free(own);
  return eq;
}

/* The reference's components of an input after section 6.2.2
 * normalization, computed once per result when a mismatch needs it. */
struct normalized {
  int state; /* 0 not computed, 1 ok, -1 unavailable */
  char *buf;
  rfc3986_uri uri;
};

static void normalize_input(struct normalized *n, const char *in, size_t len,
                            rfc3986_level level) {
  if (n->state)
    return;
  n->state = -1;
  size_t cap = len + 16, out_len = 0;
  n->buf = xmalloc(cap);
  rfc3986_error err;
  unsigned hazard = 0;
  rfc3986_status st =
      rfc3986_normalize(in, len, level, n->buf, cap, &out_len, &hazard, &err);
  if (st == RFC3986_ERR_BUFFER) {
    cap = out_len + 1;
    n->buf = xrealloc(n->buf, cap);
    st =
        rfc3986_normalize(in, len, level, n->buf, cap, &out_len, &hazard, &err);
  }
  if (st != RFC3986_OK)
    return;
  if (rfc3986_parse(n->buf, out_len, RFC3986_RULE_URI_reference, &n->uri,
                    &err) != RFC3986_OK)
    return;
  n->state = 1;
}

static rfc3986_span comp_span(const rfc3986_uri *u, int c) {
  switch (c) {
  case C_SCHEME:
    return u->scheme;
  case C_AUTHORITY:
    return u->authority;
  case C_USERINFO:
    return u->userinfo;
  case C_HOST:
    return u->host;
  case C_PORT:
    return u->port;
  case C_PATH:
    return u->path;
  case C_QUERY:
    return u->query;
  case C_FRAGMENT:
    return u->fragment;
  default: {
    rfc3986_span none = {RFC3986_UNDEFINED, 0};
    return none;
  }
  }
}

/* The component C of a parsed URI as an sv (host_type by name). */
static struct sv uri_comp(const rfc3986_uri *u, int c) {
  struct sv v = {NULL, 0, SV_NULL};
  if (c == C_HOST_TYPE) {
    const char *n = rfc3986_host_type_name(u->host_type);
    if (n) {
      v.s = n;
      v.len = (unsigned)strlen(n);
      v.state = SV_STR;
    }
    return v;
  }
  rfc3986_span s = comp_span(u, c);
  if (rfc3986_span_defined(s)) {
    v.s = u->input + s.offset;
    v.len = (unsigned)s.length;
    v.state = SV_STR;
  }
  return v;
}

static int security_component(int c) {
  return c == C_SCHEME || c == C_USERINFO || c == C_HOST || c == C_PORT;
}
static int security_getter(int g) {
  return g == G_PROTOCOL || g == G_USERNAME || g == G_PASSWORD || g == G_HOST ||
         g == G_HOSTNAME || g == G_PORT || g == G_ORIGIN;
}

static void add_mismatch(struct verdict *v, const char *name,
                         int normalization) {
  if (v->nmis < MAX_MISMATCH) {
    v->mis[v->nmis].name = name;
    v->mis[v->nmis].normalization = normalization;
    v->nmis++;
  }
}

/* Compare the answer's components with EXPECT (C__COUNT entries, absent
 * ones skipped).  Shared by vectors and diff. */
static void compare_components(json_t *comps, const struct sv *expect,
                               const char *in, size_t in_len,
                               struct verdict *v) {
  /* section 6.2.2 syntax-based, then 6.2.3 scheme-based normalization */
  struct normalized norm[2] = {{0}, {0}};
  static const rfc3986_level levels[2] = {RFC3986_LEVEL_SYNTAX,
                                          RFC3986_LEVEL_SCHEME};
  for (int c = 0; c < C__COUNT; c++) {
    if (expect[c].state == SV_ABSENT)
      continue;
    json_t *got =
        json_is_object(comps) ? json_object_get(comps, comp_names[c]) : NULL;
    if (!got) {
      v->not_compared++;
      continue;
    }
    v->compared++;
    if (value_equals(got, &expect[c]))
      continue;
    int normalization = 0;
    for (int l = 0; l < 2 && c != C_HOST_TYPE && !normalization; l++) {
      normalize_input(&norm[l], in, in_len, levels[l]);
      if (norm[l].state == 1) {
        struct sv nv = uri_comp(&norm[l].uri, c);
        normalization = value_equals(got, &nv);
      }
    }
    add_mismatch(v, comp_names[c], normalization);
    if (!normalization && security_component(c))
      v->security_relevant = 1;
  }
  free(norm[0].buf);
  free(norm[1].buf);
  if (v->nmis)
    v->cls = CLASS_COMPONENT_MISMATCH;
}

static void compare_getters(json_t *w, const struct sv *expect,
                            struct verdict *v) {
  for (int g = 0; g < G__COUNT; g++) {
    if (expect[g].state == SV_ABSENT)
      continue;
    json_t *got =
        json_is_object(w) ? json_object_get(w, getter_names[g]) : NULL;
    if (!got) {
      v->not_compared++;
      continue;
    }
    v->compared++;
    if (value_equals(got, &expect[g]))
      continue;
    add_mismatch(v, getter_names[g], 0);
    if (security_getter(g))
      v->security_relevant = 1;
  }
  if (v->nmis)
    v->cls = CLASS_COMPONENT_MISMATCH;
}

/* A string result (target, normalized, output) against its expectation. */
static void compare_output(json_t *ans, const char *key, const struct sv *want,
                           int cls, struct verdict *v) {
  if (want->state != SV_STR)
    return;
  json_t *got = json_object_get(ans, key);
  if (!got) {
    v->cls = cls;
    v->why = "answer has no result string";
    return;
  }
  if (!value_equals(got, want))
    v->cls = cls;
}

/* Common head: unsupported, error, validity.  Returns -1 when decided. */
static int answer_validity(json_t *ans, const char *result_key,
                           struct verdict *v, int *valid) {
  json_t *u = json_object_get(ans, "unsupported");
  if (u) {
    v->cls = CLASS_UNSUPPORTED;
    v->why = json_is_string(u) ? json_string_value(u) : "unsupported";
    return -1;
  }
  json_t *e = json_object_get(ans, "error");
  if (e) {
    v->cls = CLASS_PROTOCOL_ERROR;
    v->why =
        json_is_string(e) ? json_string_value(e) : "adapter reported an error";
    return -1;
  }
  json_t *val = json_object_get(ans, "valid");
  if (json_is_boolean(val)) {
    *valid = json_is_true(val);
    return 0;
  }
  if (result_key && json_object_get(ans, result_key)) {
    *valid = 1;
    return 0;
  }
  v->cls = CLASS_PROTOCOL_ERROR;
  v->why = "answer has no \"valid\"";
  return -1;
}

void classify_answer(const struct test *t, json_t *ans, struct verdict *v) {
  memset(v, 0, sizeof *v);
  v->cls = CLASS_PASS;
  static const char *const result_keys[OP__COUNT] = {
      "components", NULL, "target", "normalized", "equivalent", "output"};
  int whatwg = t->spec == SPEC_WHATWG;
  int valid = 0;
  if (whatwg && json_is_object(json_object_get(ans, "whatwg")) &&
      !json_object_get(ans, "valid")) {
    valid = 1;
  } else if (answer_validity(ans, whatwg ? "whatwg" : result_keys[t->op], v,
                             &valid) < 0) {
    return;
  }
  if (t->expect == EXPECT_IMPL) {
    v->impl_defined = 1;
    return;
  }
  if (t->expect == EXPECT_REJECT) {
    if (valid)
      v->cls = CLASS_SHOULD_HAVE_REJECTED;
    return;
  }
  if (!valid) {
    v->cls = CLASS_SHOULD_HAVE_ACCEPTED;
    return;
  }
  switch (t->op) {
  case OP_PARSE:
    if (whatwg) {
      if (t->getters)
        compare_getters(json_object_get(ans, "whatwg"), t->getters, v);
    } else if (t->comps) {
      compare_components(json_object_get(ans, "components"), t->comps, t->input,
                         t->input_len, v);
    }
    break;
  case OP_MATCH:
    break;
  case OP_RESOLVE:
    compare_output(ans, "target", &t->target, CLASS_RESOLVE_MISMATCH, v);
    break;
  case OP_NORMALIZE:
    compare_output(ans, "normalized", &t->normalized, CLASS_NORMALIZE_MISMATCH,
                   v);
    break;
  case OP_IRI_TO_URI:
    compare_output(ans, "output", &t->output, CLASS_OUTPUT_MISMATCH, v);
    break;
  case OP_EQUIVALENT: {
    json_t *q = json_object_get(ans, "equivalent");
    if (t->equivalent >= 0 &&
        (!json_is_boolean(q) || json_is_true(q) != t->equivalent))
      v->cls = CLASS_EQUIVALENT_MISMATCH;
    break;
  }
  }
}

/* ---- a PASS read on tokens ------------------------------------------------ */

/* 1 when string or null token I (no escapes) equals E; -1 when it cannot
 * tell (escapes, {"hex"}, another type). */
static int tok_equals(const struct jtoks *tk, const char *p, int i,
                      const struct sv *e) {
  const struct jtok *t = &tk->t[i];
  if (t->type == JT_NULL)
    return e->state == SV_NULL;
  if (t->type != JT_STR || t->esc)
    return -1;
  return e->state == SV_STR && t->end - t->start == e->len &&
         !memcmp(p + t->start, e->s, e->len);
}

int classify_pass_tokens(const struct test *t, const struct jtoks *tk,
                         const char *p, struct verdict *v) {
  /* the cases classify_answer makes a plain PASS of, and only those */
  if (t->spec == SPEC_WHATWG || t->expect == EXPECT_IMPL)
    return 0;
  if (jtok_get(tk, p, 0, "unsupported") >= 0 ||
      jtok_get(tk, p, 0, "error") >= 0)
    return 0;
  int val = jtok_get(tk, p, 0, "valid");
  if (val < 0)
    return 0;
  int ty = tk->t[val].type;
  if (ty != JT_TRUE && ty != JT_FALSE)
    return 0;
  memset(v, 0, sizeof *v);
  v->cls = CLASS_PASS;
  if (t->expect == EXPECT_REJECT)
    return ty == JT_FALSE;
  if (ty != JT_TRUE)
    return 0;
  const struct sv *want = NULL;
  const char *key = NULL;
  switch (t->op) {
  case OP_PARSE: {
    if (!t->comps)
      return 1;
    int cs = jtok_get(tk, p, 0, "components");
    if (cs < 0 || tk->t[cs].type != JT_OBJ)
      return 0;
    for (int c = 0; c < C__COUNT; c++) {
      if (t->comps[c].state == SV_ABSENT)
        continue;
      int g = jtok_get(tk, p, cs, comp_names[c]);
      if (g < 0) {
        v->not_compared++;
        continue;
      }
      v->compared++;
      if (tok_equals(tk, p, g, &t->comps[c]) != 1)
        return 0;
    }
    return 1;
  }
  case OP_MATCH:
    return 1;
  case OP_RESOLVE:
    want = &t->target;
    key = "target";
    break;
  case OP_NORMALIZE:
    want = &t->normalized;
    key = "normalized";
    break;
  case OP_IRI_TO_URI:
    want = &t->output;
    key = "output";
    break;
  case OP_EQUIVALENT: {
    if (t->equivalent < 0)
      return 1;
    int q = jtok_get(tk, p, 0, "equivalent");
    if (q < 0)
      return 0;
    int qt = tk->t[q].type;
    return (qt == JT_TRUE && t->equivalent == 1) ||
           (qt == JT_FALSE && t->equivalent == 0);
  }
  default:
    return 0;
  }
  if (want->state != SV_STR)
    return 1;
  int g = jtok_get(tk, p, 0, key);
  return g >= 0 && tok_equals(tk, p, g, want) == 1;
}

/* ---- arbitrary inputs --------------------------------------------------- */

void classify_diff(const char *input, size_t len, json_t *ans,
                   struct verdict *v) {
  memset(v, 0, sizeof *v);
  v->cls = CLASS_PASS;
  int valid = 0;
  if (answer_validity(ans, "components", v, &valid) < 0)
    return;
  rfc3986_uri u;
  rfc3986_error err;
  int ref_valid = rfc3986_parse(input, len, RFC3986_RULE_URI_reference, &u,
                                &err) == RFC3986_OK;
  if (ref_valid != valid) {
    v->cls =
        ref_valid ? CLASS_SHOULD_HAVE_ACCEPTED : CLASS_SHOULD_HAVE_REJECTED;
    return;
  }
  if (!valid)
    return;
  struct sv expect[C__COUNT];
  for (int c = 0; c < C__COUNT; c++)
    expect[c] = uri_comp(&u, c);
  compare_components(json_object_get(ans, "components"), expect, input, len, v);
}

static json_t *sv_json(const struct sv *s) {
  if (s->state != SV_STR)
    return json_null();
  if (utf8_valid(s->s, s->len))
    return json_stringn(s->s, s->len);
  static const char hexd[] = "0123456789abcdef";
  char *h = xmalloc(2 * (size_t)s->len + 1);
  for (unsigned i = 0; i < s->len; i++) {
    h[2 * i] = hexd[(unsigned char)s->s[i] >> 4];
    h[2 * i + 1] = hexd[(unsigned char)s->s[i] & 15];
  }
  json_t *o = json_pack("{s:s#}", "hex", h, (int)(2 * s->len));
  free(h);
  return o;
}

json_t *reference_parse_json(const char *input, size_t len) {
  rfc3986_uri u;
  rfc3986_error err;
  json_t *o = json_object();
  if (rfc3986_parse(input, len, RFC3986_RULE_URI_reference, &u, &err) !=
      RFC3986_OK) {
    json_object_set_new(o, "valid", json_false());
    json_object_set_new(o, "error_offset",
                        json_integer((json_int_t)err.offset));
    return o;
  }
  json_object_set_new(o, "valid", json_true());
  json_t *c = json_object();
  for (int k = 0; k < C__COUNT; k++) {
    struct sv s = uri_comp(&u, k);
    json_object_set_new(c, comp_names[k], sv_json(&s));
  }
  json_object_set_new(o, "components", c);
  return o;
}
