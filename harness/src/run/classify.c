/* classify.c: compare an answer with the expectation (DESIGN.md
 * "Comparing and classifying"); the reference's own reading of an input
 * for `uritest diff` and for telling normalization from semantic
 * mismatches. */
#include "classify.h"

#include <stdlib.h>
#include <string.h>

#include "endpoint.h"
#include "rfc3986.h"
#include "codec_json.h"

/* An answer's value J: a JSON string, {"hex": "..."} for octets that are
 * not UTF-8 (adapters/PROTOCOL.md), or null; VALUE_ABSENT when left out
 * or of the wrong type (the octets of hex in *OWN, to free). */
static struct value answer_member(json_t *j, char **own) {
  struct value v;
  codec_json_value(j, &v, own);
  return v;
}

struct value answer_comp(json_t *comps, int c, char **own) {
  return answer_member(json_is_object(comps)
                           ? json_object_get(comps, rfc3986_component_name(c))
                           : NULL,
                       own);
}

/* 1 when the answer's value J equals the expectation E (a value of the
 * wrong type equals nothing). */
static int value_equals(json_t *j, const struct value *e) {
  struct value v;
  char *own;
  int eq = codec_json_value(j, &v, &own) >= 0 && value_same(&v, e);
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

/* The component C of a parsed URI as a value (host_type by name). */
static struct value uri_comp(const rfc3986_uri *u, int c) {
  struct value v = {NULL, 0, VALUE_NULL};
  if (rfc3986_uri_get(u, (rfc3986_component)c, &v.s, &v.len))
    v.state = VALUE_OCTETS;
  return v;
}

static void add_mismatch(struct verdict *v, const char *name, int kind) {
  if (v->nmis < MAX_MISMATCH) {
    v->mis[v->nmis].name = name;
    v->mis[v->nmis].kind = kind;
    v->nmis++;
  }
}

/* The endpoint part a component belongs to (endpoint.h), 0 for none;
 * authority and host_type: -1 (the whole endpoint, the host). */
static int endpoint_part(int c) {
  switch (c) {
  case RFC3986_COMPONENT_SCHEME:
    return SEV_SCHEME;
  case RFC3986_COMPONENT_USERINFO:
    return SEV_USERINFO;
  case RFC3986_COMPONENT_HOST:
  case RFC3986_COMPONENT_HOST_TYPE:
    return SEV_HOST;
  case RFC3986_COMPONENT_PORT:
    return SEV_PORT;
  case RFC3986_COMPONENT_AUTHORITY:
    return -1;
  default:
    return 0;
  }
}

/* The verdict of endpoint judgement J (DESIGN.md "Endpoints"). */
static void set_endpoint(struct verdict *v,
                         const struct endpoint_judgement *j) {
  v->endpoint = j->cls;
  v->severity = j->cls == EP_DIFFERENT ? j->severity : SEV_NONE;
  v->security_relevant = v->severity != SEV_NONE;
}

/*
 * The endpoints of the expectation and the answer (GOT, RFC3986_COMPONENT_COUNT values,
 * VALUE_ABSENT where the adapter does not say): parts the expectation does
 * not give are the reference's reading of the input.  Sets the endpoint
 * class and severity, and turns semantic mismatches of a part both name
 * the same into MK_SAME_ENDPOINT.
 */
static void endpoint_verdict(const struct value *expect,
                             const struct value *got, const char *in,
                             size_t in_len, struct verdict *v) {
  struct value full[RFC3986_COMPONENT_COUNT];
  rfc3986_uri u;
  int ref_ok = rfc3986_parse(in, in_len, RFC3986_RULE_URI_reference, &u,
                             NULL) == RFC3986_OK;
  for (int c = 0; c < RFC3986_COMPONENT_COUNT; c++) {
    full[c] = expect[c];
    if (full[c].state == VALUE_ABSENT && ref_ok)
      full[c] = uri_comp(&u, c);
  }
  struct endpoint e, g;
  endpoint_of(&e, full);
  endpoint_of(&g, got);
  struct endpoint_judgement j;
  endpoint_judge(&e, &g, &j);
  set_endpoint(v, &j);
  for (int i = 0; i < v->nmis; i++) {
    if (v->mis[i].kind != MK_SEMANTIC)
      continue;
    int c = -1;
    for (int k = 0; k < RFC3986_COMPONENT_COUNT; k++)
      if (!strcmp(v->mis[i].name, rfc3986_component_name(k)))
        c = k;
    int p = c >= 0 ? endpoint_part(c) : 0;
    if ((p > 0 && j.same[p]) || (p < 0 && j.cls == EP_SAME && j.same[SEV_HOST]))
      v->mis[i].kind = MK_SAME_ENDPOINT;
  }
}

/* An accepted input RFC 3986 rejects: the answer's endpoint against the
 * lenient reading of the input (endpoint_lenient), when the answer gives
 * a host. */
static void rejected_endpoint(const char *in, size_t len, json_t *comps,
                              struct verdict *v) {
  struct value got[RFC3986_COMPONENT_COUNT];
  char *own[RFC3986_COMPONENT_COUNT];
  for (int c = 0; c < RFC3986_COMPONENT_COUNT; c++)
    got[c] = answer_comp(comps, c, &own[c]);
  if (got[RFC3986_COMPONENT_HOST].state != VALUE_ABSENT) {
    struct endpoint e, g;
    char *buf = xmalloc(len + 1);
    endpoint_lenient(&e, in, len, buf);
    endpoint_of(&g, got);
    struct endpoint_judgement j;
    endpoint_judge(&e, &g, &j);
    set_endpoint(v, &j);
    free(buf);
  }
  for (int c = 0; c < RFC3986_COMPONENT_COUNT; c++)
    free(own[c]);
}

/* Compare the answer's components with EXPECT (RFC3986_COMPONENT_COUNT entries, absent
 * ones skipped).  Shared by vectors and diff. */
static void compare_components(json_t *comps, const struct value *expect,
                               const char *in, size_t in_len,
                               struct verdict *v) {
  /* section 6.2.2 syntax-based, then 6.2.3 scheme-based normalization */
  struct normalized norm[2] = {{0}, {0}};
  static const rfc3986_level levels[2] = {RFC3986_LEVEL_SYNTAX,
                                          RFC3986_LEVEL_SCHEME};
  struct value got[RFC3986_COMPONENT_COUNT];
  char *own[RFC3986_COMPONENT_COUNT];
  for (int c = 0; c < RFC3986_COMPONENT_COUNT; c++) {
    json_t *j = json_is_object(comps)
                    ? json_object_get(comps, rfc3986_component_name(c))
                    : NULL;
    got[c] = answer_comp(comps, c, &own[c]);
    if (expect[c].state == VALUE_ABSENT)
      continue;
    if (!j) {
      v->not_compared++;
      continue;
    }
    v->compared++;
    if (value_equals(j, &expect[c]))
      continue;
    int normalization = 0;
    for (int l = 0; l < 2 && c != RFC3986_COMPONENT_HOST_TYPE && !normalization;
         l++) {
      normalize_input(&norm[l], in, in_len, levels[l]);
      if (norm[l].state == 1) {
        struct value nv = uri_comp(&norm[l].uri, c);
        normalization = value_equals(j, &nv);
      }
    }
    add_mismatch(v, rfc3986_component_name(c),
                 normalization ? MK_NORMALIZATION : MK_SEMANTIC);
  }
  if (v->nmis)
    endpoint_verdict(expect, got, in, in_len, v);
  for (int c = 0; c < RFC3986_COMPONENT_COUNT; c++)
    free(own[c]);
  free(norm[0].buf);
  free(norm[1].buf);
  if (v->nmis)
    v->cls = CLASS_COMPONENT_MISMATCH;
}

/* The endpoint part of a WHATWG getter (0 for none). */
static int getter_part(int g) {
  switch (g) {
  case G_PROTOCOL:
    return SEV_SCHEME;
  case G_USERNAME:
  case G_PASSWORD:
    return SEV_USERINFO;
  case G_HOST:
  case G_HOSTNAME:
  case G_ORIGIN:
    return SEV_HOST;
  case G_PORT:
    return SEV_PORT;
  default:
    return 0;
  }
}

/* 1 when the getter's value equals E but for ASCII case (hosts and
 * schemes are case-insensitive: the same endpoint). */
static int equals_ignoring_case(json_t *j, const struct value *e) {
  if (!json_is_string(j) || e->state != VALUE_OCTETS ||
      json_string_length(j) != e->len)
    return 0;
  const char *s = json_string_value(j);
  for (size_t i = 0; i < e->len; i++) {
    int a = (unsigned char)s[i], b = (unsigned char)e->s[i];
    if ((a >= 'A' && a <= 'Z' ? a + 32 : a) !=
        (b >= 'A' && b <= 'Z' ? b + 32 : b))
      return 0;
  }
  return 1;
}

/* The endpoint of WHATWG getters G: protocol without its ":", username
 * and password as one userinfo (into *OWN, to free), hostname, port. */
static void getters_endpoint(const struct value *g, struct endpoint *e,
                             char **own) {
  *own = NULL;
  e->scheme = g[G_PROTOCOL];
  if (e->scheme.state == VALUE_OCTETS && e->scheme.len &&
      e->scheme.s[e->scheme.len - 1] == ':')
    e->scheme.len--;
  e->host = g[G_HOSTNAME];
  e->port = g[G_PORT];
  e->userinfo = g[G_USERNAME];
  const struct value *pw = &g[G_PASSWORD];
  if (e->userinfo.state == VALUE_OCTETS && pw->state == VALUE_OCTETS &&
      pw->len) {
    size_t n = e->userinfo.len + 1 + pw->len;
    *own = xmalloc(n);
    memcpy(*own, e->userinfo.s, e->userinfo.len);
    (*own)[e->userinfo.len] = ':';
    memcpy(*own + e->userinfo.len + 1, pw->s, pw->len);
    e->userinfo = (struct value){*own, n, VALUE_OCTETS};
  }
}

/* The endpoint judgement of WHATWG getters GOT against EXPECT (both
 * G__COUNT values), when the expectation gives the hostname; a semantic
 * mismatch of a getter whose part both name the same (host and origin:
 * the whole endpoint) turns same-endpoint. */
static void getters_verdict(const struct value *expect, const struct value *got,
                            struct verdict *v) {
  if (expect[G_HOSTNAME].state == VALUE_ABSENT)
    return;
  struct endpoint e, g;
  char *oe, *og;
  getters_endpoint(expect, &e, &oe);
  getters_endpoint(got, &g, &og);
  struct endpoint_judgement j;
  endpoint_judge(&e, &g, &j);
  set_endpoint(v, &j);
  free(oe);
  free(og);
  for (int i = 0; i < v->nmis; i++) {
    int k = 0;
    while (k < G__COUNT && strcmp(v->mis[i].name, getter_names[k]))
      k++;
    int p = k < G__COUNT ? getter_part(k) : 0,
        whole = k == G_HOST || k == G_ORIGIN;
    if (v->mis[i].kind == MK_SEMANTIC && p &&
        (whole ? j.cls == EP_SAME && j.same[SEV_HOST] : j.same[p]))
      v->mis[i].kind = MK_SAME_ENDPOINT;
  }
}

/* The getters of answer W (G__COUNT values, VALUE_ABSENT for those left out;
 * what *OWN holds is to free). */
static void answer_getters(json_t *w, struct value *got, char **own) {
  for (int g = 0; g < G__COUNT; g++)
    got[g] = answer_member(
        json_is_object(w) ? json_object_get(w, getter_names[g]) : NULL,
        &own[g]);
}

static void compare_getters(json_t *w, const struct value *expect,
                            struct verdict *v) {
  struct value got[G__COUNT];
  char *own[G__COUNT];
  answer_getters(w, got, own);
  for (int g = 0; g < G__COUNT; g++) {
    if (expect[g].state == VALUE_ABSENT)
      continue;
    json_t *j = json_is_object(w) ? json_object_get(w, getter_names[g]) : NULL;
    if (!j) {
      v->not_compared++;
      continue;
    }
    v->compared++;
    if (value_equals(j, &expect[g]))
      continue;
    int part = getter_part(g);
    int same = part && part != SEV_USERINFO && part != SEV_PORT &&
               equals_ignoring_case(j, &expect[g]);
    add_mismatch(v, getter_names[g], same ? MK_SAME_ENDPOINT : MK_SEMANTIC);
  }
  if (v->nmis) {
    getters_verdict(expect, got, v);
    v->cls = CLASS_COMPONENT_MISMATCH;
  }
  for (int g = 0; g < G__COUNT; g++)
    free(own[g]);
}

const struct value *class_expected(const struct test *t, int cls) {
  const char *m = result_classes[cls].vector;
  return !m                         ? NULL
         : !strcmp(m, "target")     ? &t->target
         : !strcmp(m, "normalized") ? &t->normalized
         : !strcmp(m, "output")     ? &t->output
                                    : NULL;
}

/* The string the answer gives for class CLS (target, normalized, output)
 * against its expectation: CLS when they differ. */
static void compare_output(const struct test *t, json_t *ans, int cls,
                           struct verdict *v) {
  const struct value *want = class_expected(t, cls);
  if (!want || want->state != VALUE_OCTETS)
    return;
  json_t *got = json_object_get(ans, result_classes[cls].answer);
  if (!got) {
    v->cls = cls;
    v->why = "answer has no result string";
    return;
  }
  if (!value_equals(got, want))
    v->cls = cls;
}

/* ---- answer types (adapters/PROTOCOL.md sections 4 and 5) -------------- */

/* A value of URI text: a string, or {"hex": even-length hex} (and null when
 * NULLABLE). */
static int is_text_value(json_t *j, int nullable) {
  struct value v;
  char *own;
  int st = codec_json_value(j, &v, &own);
  free(own);
  return st == VALUE_OCTETS || (st == VALUE_NULL && nullable);
}

enum ftype { F_BOOL, F_STRING, F_TEXT, F_OFFSET, F_COMPONENTS, F_GETTERS };

/* Every field PROTOCOL.md gives a type, with it (other members are
 * extensions, not read). */
static const struct {
  const char *key;
  enum ftype type;
  const char *what;
} answer_fields[] = {
    {"valid", F_BOOL, "true or false"},
    {"equivalent", F_BOOL, "true or false"},
    {"unsupported", F_STRING, "a string"},
    {"error", F_STRING, "a string"},
    {"error_offset", F_OFFSET, "an octet offset (an integer >= 0)"},
    {"target", F_TEXT, "a string or {\"hex\": even-length hex}"},
    {"normalized", F_TEXT, "a string or {\"hex\": even-length hex}"},
    {"output", F_TEXT, "a string or {\"hex\": even-length hex}"},
    {"components", F_COMPONENTS, "an object"},
    {"whatwg", F_GETTERS, "an object"},
};

static _Thread_local char type_why[200]; /* read before the next answer */

/* NULL when every typed field of ANS has its type, else why not (the
 * field named). */
static const char *answer_type_error(json_t *ans) {
  for (size_t f = 0; f < sizeof answer_fields / sizeof *answer_fields; f++) {
    json_t *j = json_object_get(ans, answer_fields[f].key);
    if (!j)
      continue;
    int ok = 0;
    switch (answer_fields[f].type) {
    case F_BOOL:
      ok = json_is_boolean(j);
      break;
    case F_STRING:
      ok = json_is_string(j);
      break;
    case F_TEXT:
      ok = is_text_value(j, 0);
      break;
    case F_OFFSET:
      ok = json_is_integer(j) && json_integer_value(j) >= 0;
      break;
    case F_COMPONENTS:
    case F_GETTERS: {
      ok = json_is_object(j);
      const char *k;
      json_t *m;
      int nullable = answer_fields[f].type == F_COMPONENTS;
      json_object_foreach(j, k, m) {
        if (ok && !is_text_value(m, nullable)) {
          snprintf(type_why, sizeof type_why,
                   "answer field %s.%.60s: not a string%s or {\"hex\": "
                   "even-length hex}",
                   answer_fields[f].key, k, nullable ? ", null" : "");
          return type_why;
        }
      }
      break;
    }
    }
    if (!ok) {
      snprintf(type_why, sizeof type_why, "answer field %s: not %s",
               answer_fields[f].key, answer_fields[f].what);
      return type_why;
    }
  }
  return NULL;
}

/* Common head: types, unsupported, error, validity.  Returns -1 when
 * decided. */
static int answer_validity(json_t *ans, const char *result_key,
                           struct verdict *v, int *valid) {
  const char *bad = answer_type_error(ans);
  if (bad) {
    v->cls = CLASS_PROTOCOL_ERROR;
    v->why = bad;
    return -1;
  }
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

/* The answer accepts the input and either T says any acceptance is the
 * vulnerable reading ("x-vulnerable": "accepts") or its components hold
 * one of T's vulnerable readings (every component of a subset equal, null
 * for null; a component the answer leaves out matches nothing; a subset
 * naming no component matches nothing). */
static int reads_vulnerably(const struct test *t, json_t *ans) {
  json_t *comps = json_object_get(ans, "components");
  if (!json_is_true(json_object_get(ans, "valid")))
    return 0;
  if (t->vuln_accepts)
    return 1;
  for (struct value **s = t->vuln; s && *s; s++) {
    int all = 1, named = 0;
    for (int k = 0; k < RFC3986_COMPONENT_COUNT && all; k++)
      if ((*s)[k].state != VALUE_ABSENT) {
        named = 1;
        all = value_equals(json_object_get(comps, rfc3986_component_name(
                                                      (rfc3986_component)k)),
                           &(*s)[k]);
      }
    if (all && named)
      return 1;
  }
  return 0;
}

static void classify_expected(const struct test *t, json_t *ans,
                              struct verdict *v);

static const char *const roundtrip_why[SEV__COUNT] = {
    NULL, "the string written back names another userinfo",
    "the string written back names another scheme",
    "the string written back names another port",
    "the string written back names another host"};

/* A recompose answer (DESIGN.md "Round trips"): the string the library
 * wrote for T's input, re-read by the oracle, must name the endpoint of
 * T's components.  Rejected input: nothing written, UNSUPPORTED. */
static void classify_roundtrip(const struct test *t, json_t *ans,
                               struct verdict *v) {
  int valid = 0;
  if (answer_validity(ans, "output", v, &valid) < 0)
    return;
  if (!valid) {
    v->cls = CLASS_UNSUPPORTED;
    v->why = "the library rejected the input: nothing written back";
    return;
  }
  char *own;
  struct value out = answer_member(json_object_get(ans, "output"), &own);
  rfc3986_uri u;
  if (rfc3986_parse(out.s, out.len, RFC3986_RULE_URI_reference, &u, NULL) !=
      RFC3986_OK) {
    v->cls = CLASS_ROUNDTRIP_MISMATCH;
    v->why = "the string written back is not a URI-reference";
  } else {
    struct value back[RFC3986_COMPONENT_COUNT];
    for (int c = 0; c < RFC3986_COMPONENT_COUNT; c++)
      back[c] = uri_comp(&u, c);
    struct endpoint want, got;
    endpoint_of(&want, t->comps);
    endpoint_of(&got, back);
    struct endpoint_judgement j;
    endpoint_judge(&want, &got, &j);
    if (j.cls == EP_DIFFERENT || j.cls == EP_HOST_LOST) {
      v->cls = CLASS_ROUNDTRIP_MISMATCH;
      set_endpoint(v, &j);
      v->why = j.cls == EP_HOST_LOST
                   ? "the string written back names no usable host"
                   : roundtrip_why[j.severity];
    }
  }
  free(own);
}

void classify_answer(const struct test *t, json_t *ans, struct verdict *v) {
  classify_expected(t, ans, v);
  if ((t->vuln || t->vuln_accepts) && v->cls != CLASS_PASS &&
      reads_vulnerably(t, ans))
    v->vulnerable = t->advisory ? t->advisory : t->id;
}

static void classify_expected(const struct test *t, json_t *ans,
                              struct verdict *v) {
  memset(v, 0, sizeof *v);
  v->cls = CLASS_PASS;
  if (t->op == OP_RECOMPOSE) {
    classify_roundtrip(t, ans, v);
    return;
  }
  static const char *const result_keys[OP__COUNT] = {
      "components", NULL,     "target", "normalized",
      "equivalent", "output", "output"};
  int whatwg = t->spec == SPEC_WHATWG;
  int valid = 0;
  if (whatwg && json_is_object(json_object_get(ans, "whatwg")) &&
      !json_object_get(ans, "valid") && !answer_type_error(ans)) {
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
    if (valid && t->op == OP_PARSE && !whatwg)
      rejected_endpoint(t->input, t->input_len,
                        json_object_get(ans, "components"), v);
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
    compare_output(t, ans, CLASS_RESOLVE_MISMATCH, v);
    break;
  case OP_NORMALIZE:
    compare_output(t, ans, CLASS_NORMALIZE_MISMATCH, v);
    break;
  case OP_IRI_TO_URI:
    compare_output(t, ans, CLASS_OUTPUT_MISMATCH, v);
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

/* ---- two WHATWG answers (uritest fuzz --whatwg) ------------------------- */

void classify_pair(json_t *a, json_t *b, struct verdict *v) {
  memset(v, 0, sizeof *v);
  v->cls = CLASS_PASS;
  json_t *w = json_object_get(b, "whatwg");
  int valid = 0;
  struct verdict bv;
  if (json_is_object(w) && !json_object_get(b, "valid") &&
      !answer_type_error(b))
    valid = 1;
  else if (answer_validity(b, "whatwg", &bv, &valid) < 0)
    return; /* B gave no reading to hold A to */
  struct value getters[G__COUNT];
  char *own[G__COUNT];
  answer_getters(w, getters, own);
  for (int g = 0; g < G__COUNT; g++) /* B's strings alone are held to */
    if (getters[g].state != VALUE_OCTETS)
      getters[g] = (struct value){NULL, 0, VALUE_ABSENT};
  struct test t;
  memset(&t, 0, sizeof t);
  t.op = OP_PARSE;
  t.spec = SPEC_WHATWG;
  t.expect = valid ? EXPECT_ACCEPT : EXPECT_REJECT;
  t.getters = getters;
  classify_answer(&t, a, v);
  for (int g = 0; g < G__COUNT; g++)
    free(own[g]);
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
    if (valid)
      rejected_endpoint(input, len, json_object_get(ans, "components"), v);
    return;
  }
  if (!valid)
    return;
  struct value expect[RFC3986_COMPONENT_COUNT];
  for (int c = 0; c < RFC3986_COMPONENT_COUNT; c++)
    expect[c] = uri_comp(&u, c);
  compare_components(json_object_get(ans, "components"), expect, input, len, v);
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
  for (int k = 0; k < RFC3986_COMPONENT_COUNT; k++) {
    struct value s = uri_comp(&u, k);
    json_object_set_new(c, rfc3986_component_name(k), codec_json_of(&s));
  }
  json_object_set_new(o, "components", c);
  return o;
}
