/* pairs.c: the parser-pair confusion matrix (DESIGN.md "uritest pairs").
 * Each adapter's reading of each input is kept compactly (accepted or not,
 * and the five endpoint components: scheme, authority, userinfo, host,
 * port); two readings are compared with endpoint.c, the rule that decides
 * security_relevant.  A validator (an adapter that only accepts or
 * rejects) takes part as A, its endpoint the reference's reading. */
#include "pairs.h"

#include <stdlib.h>
#include <string.h>

#include "endpoint.h"
#include "files.h"
#include "rfc3986.h"
#include "../../adapters/common/codec_json.h"

/* The components a reading keeps, in RFC3986_COMPONENTS order. */
static const int kept[] = {
    RFC3986_COMPONENT_SCHEME, RFC3986_COMPONENT_AUTHORITY,
    RFC3986_COMPONENT_USERINFO, RFC3986_COMPONENT_HOST, RFC3986_COMPONENT_PORT};
#define NKEPT (sizeof kept / sizeof kept[0])

enum { R_NONE = 0, R_REJECTED, R_ACCEPTED };

/* A blob: state octet, then per kept component a state octet (SV_*), and
 * for SV_STR a 4-octet length and the octets. */
struct preading {
  const unsigned char *blob;
};

void pairs_init(struct pairs *p, size_t ninputs, size_t nad) {
  memset(p, 0, sizeof *p);
  p->ninputs = ninputs;
  p->nad = nad;
  p->in = xcalloc(ninputs + 1, sizeof *p->in);
  p->in_len = xcalloc(ninputs + 1, sizeof *p->in_len);
  p->names = xcalloc(nad + 1, sizeof *p->names);
  p->validator = xcalloc(nad + 1, sizeof *p->validator);
  p->r = xcalloc(nad * ninputs + 1, sizeof *p->r);
}

void pairs_free(struct pairs *p) {
  for (size_t k = 0; k < p->nad; k++)
    free(p->names[k]);
  free(p->names);
  free(p->validator);
  free(p->in);
  free(p->in_len);
  free(p->r);
  arena_free(&p->arena);
  memset(p, 0, sizeof *p);
}

void pairs_input(struct pairs *p, size_t i, const char *in, size_t len) {
  p->in[i] = in;
  p->in_len[i] = (unsigned)len;
}

void pairs_adapter(struct pairs *p, size_t k, const char *name, int validator) {
  free(p->names[k]);
  p->names[k] = xstrdup(name ? name : "?");
  p->validator[k] = validator;
}

/* A value of an answer ("..." or {"hex": ...}) into *V (octets into OWN). */
static void value_of(json_t *j, struct sv *v, char **own) {
  struct codec_octets o;
  enum codec_status st = codec_json_value(j, &o);
  *own = o.own;
  v->state = st == CODEC_NULL     ? SV_NULL
             : st == CODEC_OCTETS ? SV_STR
                                  : SV_ABSENT;
  v->s = o.s;
  v->len = (unsigned)o.len;
}

static const unsigned char *blob_of(struct arena *a, int state,
                                    const struct sv *c) {
  size_t n = 1 + NKEPT;
  for (size_t i = 0; i < NKEPT; i++)
    if (c[i].state == SV_STR)
      n += 4 + c[i].len;
  unsigned char *b = arena_alloc(a, n), *q = b;
  *q++ = (unsigned char)state;
  for (size_t i = 0; i < NKEPT; i++) {
    *q++ = c[i].state;
    if (c[i].state != SV_STR)
      continue;
    memcpy(q, &c[i].len, 4);
    memcpy(q + 4, c[i].s, c[i].len);
    q += 4 + c[i].len;
  }
  return b;
}

void pairs_take(struct pairs *p, size_t k, size_t i, json_t *ans) {
  struct sv c[NKEPT];
  char *own[NKEPT] = {0};
  memset(c, 0, sizeof c);
  int state = R_NONE;
  json_t *valid = ans ? json_object_get(ans, "valid") : NULL;
  if (json_is_boolean(valid) && !json_object_get(ans, "unsupported")) {
    state = json_is_true(valid) ? R_ACCEPTED : R_REJECTED;
    json_t *comps = json_object_get(ans, "components");
    for (size_t m = 0; m < NKEPT && json_is_object(comps); m++)
      value_of(json_object_get(comps, rfc3986_component_name(kept[m])), &c[m],
               &own[m]);
  }
  p->r[k * p->ninputs + i].blob = blob_of(&p->arena, state, c);
  for (size_t m = 0; m < NKEPT; m++)
    free(own[m]);
}

void pairs_take_line(struct pairs *p, size_t k, size_t i, json_t *ans,
                     const char *line, size_t len) {
  json_t *own = NULL;
  if (!ans && line)
    ans = own = json_loadb(line, len, JSON_ALLOW_NUL, NULL);
  pairs_take(p, k, i, ans);
  json_decref(own);
}

struct pairs *pairs_for_vectors(const struct vectors *v, size_t nad,
                                unsigned **index) {
  size_t n = 0;
  *index = xcalloc(v->ntests + 1, sizeof **index);
  for (size_t i = 0; i < v->ntests; i++) {
    const struct test *t = &v->tests[i];
    int in = t->op == OP_PARSE && t->spec != SPEC_WHATWG;
    (*index)[i] = in ? (unsigned)n++ : (unsigned)-1;
  }
  struct pairs *p = xcalloc(1, sizeof *p);
  pairs_init(p, n, nad);
  for (size_t i = 0; i < v->ntests; i++)
    if ((*index)[i] != (unsigned)-1)
      pairs_input(p, (*index)[i], v->tests[i].input, v->tests[i].input_len);
  return p;
}

/* A blob back into nine components (those not kept SV_ABSENT). */
static int unblob(const unsigned char *b, struct sv *comps) {
  memset(comps, 0, sizeof(struct sv) * RFC3986_COMPONENT_COUNT);
  if (!b)
    return R_NONE;
  const unsigned char *q = b + 1;
  for (size_t i = 0; i < NKEPT; i++) {
    struct sv *v = &comps[kept[i]];
    v->state = *q++;
    if (v->state == SV_STR) {
      memcpy(&v->len, q, 4);
      v->s = (const char *)q + 4;
      q += 4 + v->len;
    }
  }
  return b[0];
}

/* The reference's reading of an input, for validators. */
static int reference_reading(const char *in, size_t len, struct sv *comps,
                             rfc3986_uri *u) {
  memset(comps, 0, sizeof(struct sv) * RFC3986_COMPONENT_COUNT);
  if (rfc3986_parse(in, len, RFC3986_RULE_URI_reference, u, NULL) != RFC3986_OK)
    return R_REJECTED;
  const rfc3986_span spans[NKEPT] = {u->scheme, u->authority, u->userinfo,
                                     u->host, u->port};
  for (size_t i = 0; i < NKEPT; i++) {
    struct sv *v = &comps[kept[i]];
    v->state = rfc3986_span_defined(spans[i]) ? SV_STR : SV_NULL;
    if (v->state == SV_STR) {
      v->s = in + spans[i].offset;
      v->len = (unsigned)spans[i].length;
    }
  }
  return R_ACCEPTED;
}

static json_t *sv_to_json(const struct sv *v) {
  return v->state == SV_STR ? codec_json_from(v->s, v->len) : json_null();
}

static json_t *comps_json(const struct sv *comps) {
  json_t *o = json_object();
  for (size_t i = 0; i < NKEPT; i++)
    if (comps[kept[i]].state != SV_ABSENT)
      json_object_set_new(o, rfc3986_component_name(kept[i]),
                          sv_to_json(&comps[kept[i]]));
  return o;
}

static json_t *input_json(const char *in, size_t len) {
  struct sv v = {in, (unsigned)len, SV_STR};
  return sv_to_json(&v);
}

/* Inputs shortest first (then by octets), so the first examples found
 * are the shortest; equal inputs are next to each other. */
static const struct pairs *sort_p;
static int cmp_input(const void *a, const void *b) {
  size_t x = *(const size_t *)a, y = *(const size_t *)b;
  unsigned lx = sort_p->in_len[x], ly = sort_p->in_len[y];
  if (lx != ly)
    return lx < ly ? -1 : 1;
  int c = memcmp(sort_p->in[x], sort_p->in[y], lx);
  if (c)
    return c;
  return x < y ? -1 : x > y;
}

#define MAX_EXAMPLES 5

/* One ordered pair over the inputs in ORDER (N of them, duplicates out). */
static json_t *pair_json(const struct pairs *p, size_t a, size_t b,
                         const size_t *order, size_t n, int *differ) {
  size_t both = 0, by[SEV__COUNT] = {0};
  json_t *ex = json_array();
  for (size_t j = 0; j < n; j++) {
    size_t i = order[j];
    struct sv ca[RFC3986_COMPONENT_COUNT], cb[RFC3986_COMPONENT_COUNT];
    rfc3986_uri u;
    int sa = p->validator[a] &&
                     unblob(p->r[a * p->ninputs + i].blob, ca) == R_ACCEPTED
                 ? reference_reading(p->in[i], p->in_len[i], ca, &u)
                 : unblob(p->r[a * p->ninputs + i].blob, ca);
    int sb = unblob(p->r[b * p->ninputs + i].blob, cb);
    if (sa != R_ACCEPTED || sb != R_ACCEPTED)
      continue;
    both++;
    struct endpoint ea, eb;
    endpoint_of(&ea, ca);
    endpoint_of(&eb, cb);
    int sev = endpoint_severity(&ea, &eb);
    if (!sev)
      continue;
    by[sev]++;
    *differ = 1;
    if (json_array_size(ex) < MAX_EXAMPLES)
      json_array_append_new(ex, json_pack("{s:o, s:s, s:o, s:o}", "input",
                                          input_json(p->in[i], p->in_len[i]),
                                          "severity", severity_names[sev], "a",
                                          comps_json(ca), "b", comps_json(cb)));
  }
  return json_pack("{s:s, s:s, s:I, s:I, s:I, s:I, s:I, s:o}", "a", p->names[a],
                   "b", p->names[b], "both_accept", (json_int_t)both, "host",
                   (json_int_t)by[SEV_HOST], "port", (json_int_t)by[SEV_PORT],
                   "scheme", (json_int_t)by[SEV_SCHEME], "userinfo",
                   (json_int_t)by[SEV_USERINFO], "examples", ex);
}

json_t *pairs_json(const struct pairs *p, int *differ) {
  size_t *order = xcalloc(p->ninputs + 1, sizeof *order), n = 0;
  for (size_t i = 0; i < p->ninputs; i++)
    order[i] = i;
  sort_p = p;
  qsort(order, p->ninputs, sizeof *order, cmp_input);
  for (size_t j = 0; j < p->ninputs; j++) /* each input once */
    if (!n || p->in_len[order[j]] != p->in_len[order[n - 1]] ||
        memcmp(p->in[order[j]], p->in[order[n - 1]], p->in_len[order[j]]))
      order[n++] = order[j];
  *differ = 0;
  json_t *ads = json_array(), *list = json_array();
  for (size_t k = 0; k < p->nad; k++)
    json_array_append_new(ads, json_string(p->names[k]));
  for (size_t a = 0; a < p->nad; a++)
    for (size_t b = 0; b < p->nad; b++)
      if (a != b && !p->validator[b])
        json_array_append_new(list, pair_json(p, a, b, order, n, differ));
  free(order);
  return json_pack("{s:I, s:o, s:o}", "inputs", (json_int_t)n, "adapters", ads,
                   "pairs", list);
}

/* A value for people: printable ASCII, the rest as \xHH. */
static void human(FILE *f, json_t *v) {
  if (!json_is_string(v)) {
    fputs(json_is_null(v) ? "null" : "(octets)", f);
    return;
  }
  const unsigned char *s = (const unsigned char *)json_string_value(v);
  size_t n = json_string_length(v);
  fputc('"', f);
  for (size_t i = 0; i < n && i < 200; i++)
    if (s[i] >= 0x20 && s[i] < 0x7f && s[i] != '"' && s[i] != '\\')
      fputc(s[i], f);
    else
      fprintf(f, "\\x%02x", s[i]);
  fputc('"', f);
}

void pairs_text(FILE *f, json_t *m) {
  json_t *list = json_object_get(m, "pairs"), *pr;
  size_t i, shown = 0;
  fprintf(f, "%lld inputs, %zu adapters\n",
          (long long)json_integer_value(json_object_get(m, "inputs")),
          json_array_size(json_object_get(m, "adapters")));
  json_array_foreach(list, i, pr) {
    long long h = json_integer_value(json_object_get(pr, "host")),
              po = json_integer_value(json_object_get(pr, "port")),
              sc = json_integer_value(json_object_get(pr, "scheme")),
              us = json_integer_value(json_object_get(pr, "userinfo"));
    if (!h && !po && !sc && !us)
      continue;
    shown++;
    put_labelf(
        f,
        "%s then %s: %lld both accept; %lld host, %lld port, %lld "
        "scheme, %lld userinfo",
        json_string_value(json_object_get(pr, "a")),
        json_string_value(json_object_get(pr, "b")),
        (long long)json_integer_value(json_object_get(pr, "both_accept")), h,
        po, sc, us);
    json_t *ex = json_array_get(json_object_get(pr, "examples"), 0);
    if (ex) {
      const char *part = json_string_value(json_object_get(ex, "severity"));
      fputs("  e.g. ", f);
      human(f, json_object_get(ex, "input"));
      fprintf(f, ": %s ", part);
      human(f, json_object_get(json_object_get(ex, "a"), part));
      fputs(" against ", f);
      human(f, json_object_get(json_object_get(ex, "b"), part));
      fputc('\n', f);
    }
  }
  if (!shown)
    fputs("no pair reads a different endpoint from any input\n", f);
}
