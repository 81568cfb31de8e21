/* pairs.c: validators and fetchers (DESIGN.md "Pairs: validators and
 * fetchers").  Each adapter's reading of each input is kept compactly
 * (accepted or not, and the five endpoint components: scheme, authority,
 * userinfo, host, port).  For every ordered (validator V, fetcher F),
 * V != F, and every input both accept, RFC 3986 valid or not, F's reading
 * is judged against V's by endpoint.c, the rule that decides
 * security_relevant.  A validator that only accepts or rejects reads as
 * the reference where RFC 3986 accepts; elsewhere the input counts as
 * invalid_accepted (when F has a usable host). */
#include "pairs.h"

#include <stdlib.h>
#include <string.h>

#include "endpoint.h"
#include "files.h"
#include "registry.h"
#include "rfc3986.h"
#include "codec_json.h"

/* The components a reading keeps, in RFC3986_COMPONENTS order. */
static const int kept[] = {
    RFC3986_COMPONENT_SCHEME, RFC3986_COMPONENT_AUTHORITY,
    RFC3986_COMPONENT_USERINFO, RFC3986_COMPONENT_HOST, RFC3986_COMPONENT_PORT};
#define NKEPT (sizeof kept / sizeof kept[0])

enum { R_NONE = 0, R_REJECTED, R_ACCEPTED };

/* A blob: state octet, then per kept component a state octet (VALUE_*), and
 * for VALUE_OCTETS a 4-octet length and the octets. */
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
  p->verdict_only = xcalloc(nad + 1, sizeof *p->verdict_only);
  p->roles = xcalloc(nad + 1, sizeof *p->roles);
  p->r = xcalloc(nad * ninputs + 1, sizeof *p->r);
  p->obs = xcalloc(nad * ninputs + 1, sizeof *p->obs);
  p->how = xcalloc(nad * ninputs + 1, sizeof *p->how);
}

void pairs_free(struct pairs *p) {
  for (size_t k = 0; k < p->nad; k++)
    free(p->names[k]);
  free(p->names);
  free(p->verdict_only);
  free(p->roles);
  free(p->in);
  free(p->in_len);
  free(p->r);
  free(p->obs);
  free(p->how);
  arena_free(&p->arena);
  memset(p, 0, sizeof *p);
}

void pairs_input(struct pairs *p, size_t i, const char *in, size_t len) {
  p->in[i] = in;
  p->in_len[i] = (unsigned)len;
}

void pairs_adapter(struct pairs *p, size_t k, const char *name,
                   int verdict_only, int roles) {
  free(p->names[k]);
  p->names[k] = xstrdup(name ? name : "?");
  p->verdict_only[k] = verdict_only;
  p->roles[k] = roles;
}

static const unsigned char *blob_of(struct arena *a, int state,
                                    const struct value *c) {
  size_t n = 1 + NKEPT;
  for (size_t i = 0; i < NKEPT; i++)
    if (c[i].state == VALUE_OCTETS)
      n += 4 + c[i].len;
  unsigned char *b = arena_alloc(a, n), *q = b;
  *q++ = (unsigned char)state;
  for (size_t i = 0; i < NKEPT; i++) {
    *q++ = c[i].state;
    if (c[i].state != VALUE_OCTETS)
      continue;
    uint32_t len = (uint32_t)c[i].len;
    memcpy(q, &len, 4);
    memcpy(q + 4, c[i].s, c[i].len);
    q += 4 + c[i].len;
  }
  return b;
}

void pairs_take(struct pairs *p, size_t k, size_t i, json_t *ans) {
  struct value c[NKEPT];
  char *own[NKEPT] = {0};
  memset(c, 0, sizeof c);
  int state = R_NONE;
  json_t *valid = ans ? json_object_get(ans, "valid") : NULL;
  if (json_is_boolean(valid) && !json_object_get(ans, "unsupported")) {
    state = json_is_true(valid) ? R_ACCEPTED : R_REJECTED;
    json_t *comps = json_object_get(ans, "components");
    for (size_t m = 0; m < NKEPT && json_is_object(comps); m++)
      codec_json_value(json_object_get(comps, rfc3986_component_name(kept[m])),
                       &c[m], &own[m]); /* absent when of the wrong type */
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

/* A blob back into nine components (those not kept VALUE_ABSENT). */
static int unblob(const unsigned char *b, struct value *comps) {
  memset(comps, 0, sizeof(struct value) * RFC3986_COMPONENT_COUNT);
  if (!b)
    return R_NONE;
  const unsigned char *q = b + 1;
  for (size_t i = 0; i < NKEPT; i++) {
    struct value *v = &comps[kept[i]];
    v->state = *q++;
    if (v->state == VALUE_OCTETS) {
      uint32_t len;
      memcpy(&len, q, 4);
      v->len = len;
      v->s = (const char *)q + 4;
      q += 4 + v->len;
    }
  }
  return b[0];
}

/* The reference's reading of an input, for validators. */
static int reference_reading(const char *in, size_t len, struct value *comps,
                             rfc3986_uri *u) {
  memset(comps, 0, sizeof(struct value) * RFC3986_COMPONENT_COUNT);
  if (rfc3986_parse(in, len, RFC3986_RULE_URI_reference, u, NULL) != RFC3986_OK)
    return R_REJECTED;
  const rfc3986_span spans[NKEPT] = {u->scheme, u->authority, u->userinfo,
                                     u->host, u->port};
  for (size_t i = 0; i < NKEPT; i++) {
    struct value *v = &comps[kept[i]];
    v->state = rfc3986_span_defined(spans[i]) ? VALUE_OCTETS : VALUE_NULL;
    if (v->state == VALUE_OCTETS) {
      v->s = in + spans[i].offset;
      v->len = spans[i].length;
    }
  }
  return R_ACCEPTED;
}

static json_t *comps_json(const struct value *comps) {
  json_t *o = json_object();
  for (size_t i = 0; i < NKEPT; i++)
    if (comps[kept[i]].state != VALUE_ABSENT)
      json_object_set_new(o, rfc3986_component_name(kept[i]),
                          codec_json_of(&comps[kept[i]]));
  return o;
}

static json_t *input_json(const char *in, size_t len) {
  struct value v = {in, len, VALUE_OCTETS};
  return codec_json_of(&v);
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

/* ---- observed endpoints: a fetch file ------------------------------------ */

/* A value of a fetch file that is octets ("..." or {"hex"}), null or
 * absent (NULLOK), as its octets in *O. */
static int octets_field(json_t *o, const char *key, int nullok, struct value *v,
                        char **own) {
  json_t *j = json_object_get(o, key);
  int st = codec_json_value(j, v, own);
  if (st == VALUE_ABSENT || st == VALUE_NULL)
    return nullok ? 0 : -1;
  return st == VALUE_OCTETS ? 0 : -1;
}

/* Why result X of a fetch file is not one, or NULL. */
static const char *fetch_result_why(json_t *x) {
  struct value v;
  char *own;
  json_t *o = json_object_get(x, "observed");
  if (!json_is_object(x))
    return "not an object";
  if (!json_is_string(json_object_get(x, "adapter")))
    return "field adapter: not a string";
  if (octets_field(x, "input", 0, &v, &own) < 0)
    return "field input: not a string or {\"hex\": ...}";
  free(own);
  if (!json_is_boolean(json_object_get(x, "refused")))
    return "field refused: not true or false";
  if (json_is_null(o))
    return NULL;
  if (!json_is_object(o))
    return "field observed: not an object or null";
  json_t *port = json_object_get(o, "port"),
         *sch = json_object_get(o, "scheme");
  if (!json_is_string(json_object_get(o, "address")))
    return "field observed.address: not a string";
  if (!json_is_integer(port) || json_integer_value(port) < 0 ||
      json_integer_value(port) > 65535)
    return "field observed.port: not a port number";
  if (sch && !json_is_null(sch) && !json_is_string(sch))
    return "field observed.scheme: not a string or null";
  if (octets_field(o, "name", 1, &v, &own) < 0)
    return "field observed.name: not a string, {\"hex\": ...} or null";
  free(own);
  return NULL;
}

json_t *fetch_file_load(const char *path) {
  json_error_t err;
  json_t *doc = json_load_regular(path, FETCH_FILE_MAX, JSON_ALLOW_NUL, &err);
  json_t *list = json_object_get(doc, "results"), *x;
  size_t i;
  if (!doc) {
    warnx_("%s: not a fetch file: %s", path, err.text);
    return NULL;
  }
  if (!json_is_array(list)) {
    warnx_("%s: not a fetch file (uritest fetch --format json): no "
           "\"results\" list",
           path);
    json_decref(doc);
    return NULL;
  }
  json_array_foreach(list, i, x) {
    const char *why = fetch_result_why(x);
    if (why) {
      warnx_("%s: result %zu: %s", path, i + 1, why);
      json_decref(doc);
      return NULL;
    }
  }
  return doc;
}

/* The first of P's inputs (in ORDER, sorted by cmp_input) that is S[0..N),
 * as a position in ORDER, or P->ninputs. */
static size_t find_input(const struct pairs *p, const size_t *order,
                         const char *s, size_t n) {
  size_t lo = 0, hi = p->ninputs;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2, i = order[mid];
    int c = p->in_len[i] != n ? (p->in_len[i] < n ? -1 : 1)
                              : memcmp(p->in[i], s, n);
    if (c < 0)
      lo = mid + 1;
    else
      hi = mid;
  }
  size_t i = lo < p->ninputs ? order[lo] : 0;
  return lo < p->ninputs && p->in_len[i] == n && !memcmp(p->in[i], s, n)
             ? lo
             : p->ninputs;
}

/* The reading of fetch result X (checked): R_REJECTED when its client
 * refused the URL, or answered (no class: not TIMEOUT, CRASH...) with
 * nothing connected, the request having gone nowhere; else the observed
 * endpoint (endpoint_observed); NULL when nothing is known. */
static const unsigned char *observed_blob(struct arena *a, json_t *x,
                                          int *how) {
  json_t *o = json_object_get(x, "observed");
  struct value c[NKEPT];
  memset(c, 0, sizeof c);
  json_t *cls = json_object_get(x, "class");
  *how = json_is_true(json_object_get(x, "refused")) ||
                 (!json_is_object(o) && (!cls || json_is_null(cls)))
             ? PR_REFUSED
             : PR_OBSERVED;
  if (*how == PR_REFUSED)
    return blob_of(a, R_REJECTED, c);
  if (!json_is_object(o))
    return NULL;
  struct value name;
  char *own;
  octets_field(o, "name", 1, &name, &own);
  const char *addr = json_string_value(json_object_get(o, "address"));
  struct endpoint e;
  char port[16];
  endpoint_observed(&e, json_string_value(json_object_get(o, "scheme")),
                    name.s ? name.s : addr, name.s ? name.len : strlen(addr),
                    (unsigned)json_integer_value(json_object_get(o, "port")),
                    port, sizeof port);
  c[0] = e.scheme; /* kept: scheme, authority, userinfo, host, port */
  c[2] = e.userinfo;
  c[3] = e.host;
  c[4] = e.port;
  const unsigned char *b = blob_of(a, R_ACCEPTED, c);
  free(own);
  return b;
}

size_t pairs_observe(struct pairs *p, json_t *doc) {
  size_t *order = xcalloc(p->ninputs + 1, sizeof *order), used = 0, i;
  for (size_t k = 0; k < p->ninputs; k++)
    order[k] = k;
  sort_p = p;
  qsort(order, p->ninputs, sizeof *order, cmp_input);
  const char *unknown = NULL;
  json_t *x;
  json_array_foreach(json_object_get(doc, "results"), i, x) {
    const char *name = json_string_value(json_object_get(x, "adapter"));
    size_t k = 0;
    while (k < p->nad && strcmp(p->names[k], name))
      k++;
    if (k == p->nad) {
      if (!unknown || strcmp(unknown, name))
        warnx_("fetch file: %s is not among the adapters: its fetches left "
               "out",
               name);
      unknown = name;
      continue;
    }
    struct value in;
    char *own;
    int how;
    if (octets_field(x, "input", 0, &in, &own) < 0 || !in.s)
      continue; /* not after fetch_file_load */
    const unsigned char *b = observed_blob(&p->arena, x, &how);
    for (size_t at = find_input(p, order, in.s, in.len);
         b && at < p->ninputs && p->in_len[order[at]] == in.len &&
         !memcmp(p->in[order[at]], in.s, in.len);
         at++) {
      p->obs[k * p->ninputs + order[at]].blob = b;
      p->how[k * p->ninputs + order[at]] = (unsigned char)how;
      used++;
    }
    free(own);
  }
  free(order);
  return used;
}

/* The classes of a pair's inputs, worst first. */
enum pclass {
  PC_HOST,
  PC_PORT,
  PC_SCHEME,
  PC_USERINFO,
  PC_INVALID_ACCEPTED,
  PC_HOST_LOST,
  PC__COUNT
};
static const char *const pclass_names[PC__COUNT] = {
    "host", "port", "scheme", "userinfo", "invalid_accepted", "host_lost"};

/* The examples of one class: the shortest input of each kind. */
#define MAX_EXAMPLES 8
struct pexamples {
  json_t *list;
  char *kinds[MAX_EXAMPLES];
  size_t n;
};

/* The kind of an example: the host kinds of the two readings and the
 * octets of the input that are neither letters nor digits, once each. */
static void kind_of(const char *in, size_t len, const struct value *cv,
                    const struct value *cf, char *out, size_t cap) {
  static const char *const hk[] = {"none", "usable", "garbled"};
  unsigned char seen[256] = {0};
  int n = snprintf(out, cap, "%s>%s:",
                   cv ? hk[endpoint_host_kind(&cv[RFC3986_COMPONENT_HOST])]
                      : "invalid",
                   hk[endpoint_host_kind(&cf[RFC3986_COMPONENT_HOST])]);
  for (size_t i = 0; i < len; i++) {
    unsigned char c = (unsigned char)in[i];
    if (!((c | 32) >= 'a' && (c | 32) <= 'z') && !(c >= '0' && c <= '9'))
      seen[c] = 1;
  }
  for (int c = 0; c < 256 && (size_t)n + 3 < cap; c++)
    if (seen[c])
      n += snprintf(out + n, cap - (size_t)n, "%02x", c);
}

static const char *const source_names[] = {"parsed", "observed", "refused"};

static void add_example(struct pexamples *x, const struct pairs *p, size_t i,
                        int cls, const struct value *cv, const struct value *cf,
                        int src) {
  char kind[600];
  if (x->n == MAX_EXAMPLES)
    return;
  kind_of(p->in[i], p->in_len[i], cv, cf, kind, sizeof kind);
  for (size_t k = 0; k < x->n; k++)
    if (!strcmp(x->kinds[k], kind))
      return;
  x->kinds[x->n++] = xstrdup(kind);
  if (!x->list)
    x->list = json_array();
  json_array_append_new(
      x->list, json_pack("{s:o, s:s, s:o, s:o, s:s}", "input",
                         input_json(p->in[i], p->in_len[i]), "class",
                         pclass_names[cls], "validator_reading",
                         cv ? comps_json(cv) : json_null(), "fetcher_reading",
                         comps_json(cf), "fetcher_source", source_names[src]));
}

/* The class of input I for validator V and fetcher F, -1 for none; the
 * readings into CV (NULL for invalid_accepted) and CF: F's observed one
 * where the fetch lab has it (*SRC: PR_*; -1 when V does not accept). */
static int pair_class(const struct pairs *p, size_t v, size_t f, size_t i,
                      struct value *cv, struct value *cf, int *both, int *src) {
  rfc3986_uri u;
  size_t fi = f * p->ninputs + i;
  *both = 0;
  *src = -1;
  if (unblob(p->r[v * p->ninputs + i].blob, cv) != R_ACCEPTED)
    return -1;
  *src = p->how[fi];
  if (unblob(p->how[fi] ? p->obs[fi].blob : p->r[fi].blob, cf) != R_ACCEPTED)
    return -1;
  *both = 1;
  if (p->verdict_only[v] &&
      reference_reading(p->in[i], p->in_len[i], cv, &u) != R_ACCEPTED)
    return endpoint_host_kind(&cf[RFC3986_COMPONENT_HOST]) == HOST_USABLE
               ? PC_INVALID_ACCEPTED
               : -1;
  struct endpoint ev, ef;
  struct endpoint_judgement j;
  endpoint_of(&ev, cv);
  endpoint_of(&ef, cf);
  endpoint_judge(&ev, &ef, &j);
  if (j.cls == EP_HOST_LOST)
    return PC_HOST_LOST;
  if (j.cls != EP_DIFFERENT)
    return -1;
  return j.severity == SEV_HOST     ? PC_HOST
         : j.severity == SEV_PORT   ? PC_PORT
         : j.severity == SEV_SCHEME ? PC_SCHEME
                                    : PC_USERINFO;
}

/* One ordered pair over the inputs in ORDER (N of them, duplicates out). */
static json_t *pair_json(const struct pairs *p, size_t v, size_t f,
                         const size_t *order, size_t n, int *differ) {
  size_t both = 0, by[PC__COUNT] = {0}, src_n[3] = {0};
  struct pexamples ex[PC__COUNT];
  memset(ex, 0, sizeof ex);
  for (size_t k = 0; k < n; k++) {
    size_t i = order[k];
    struct value cv[RFC3986_COMPONENT_COUNT], cf[RFC3986_COMPONENT_COUNT];
    int b, src, cls = pair_class(p, v, f, i, cv, cf, &b, &src);
    both += (size_t)b;
    if (src >= 0)
      src_n[src]++;
    if (cls < 0)
      continue;
    by[cls]++;
    add_example(&ex[cls], p, i, cls, cls == PC_INVALID_ACCEPTED ? NULL : cv, cf,
                src);
  }
  int worst = 0;
  while (worst < PC__COUNT && !by[worst])
    worst++;
  if (worst < PC_HOST_LOST)
    *differ = 1;
  json_t *o = json_pack("{s:s, s:s, s:I}", "validator", p->names[v], "fetcher",
                        p->names[f], "both_accept", (json_int_t)both);
  for (int c = 0; c < PC__COUNT; c++)
    json_object_set_new(o, pclass_names[c], json_integer((json_int_t)by[c]));
  /* of the inputs V accepts, those judged on F's fetch (DESIGN.md) */
  size_t judged = src_n[PR_OBSERVED] + src_n[PR_REFUSED];
  json_object_set_new(o, "observed", json_integer((json_int_t)judged));
  json_object_set_new(o, "refused",
                      json_integer((json_int_t)src_n[PR_REFUSED]));
  json_object_set_new(o, "worst",
                      worst < PC__COUNT ? json_string(pclass_names[worst])
                                        : json_null());
  json_object_set_new(o, "examples",
                      worst < PC__COUNT && ex[worst].list
                          ? json_incref(ex[worst].list)
                          : json_array());
  for (int c = 0; c < PC__COUNT; c++) {
    json_decref(ex[c].list);
    for (size_t k = 0; k < ex[c].n; k++)
      free(ex[c].kinds[k]);
  }
  return o;
}

/* The rank of a pair: its worst class, then its count of it (more
 * first), then the names. */
static int pclass_of(json_t *pr) {
  const char *w = json_string_value(json_object_get(pr, "worst"));
  for (int c = 0; w && c < PC__COUNT; c++)
    if (!strcmp(w, pclass_names[c]))
      return c;
  return PC__COUNT;
}

static int cmp_pair(const void *a, const void *b) {
  json_t *x = *(json_t *const *)a, *y = *(json_t *const *)b;
  int cx = pclass_of(x), cy = pclass_of(y);
  if (cx != cy)
    return cx < cy ? -1 : 1;
  if (cx < PC__COUNT) {
    json_int_t nx = json_integer_value(json_object_get(x, pclass_names[cx]));
    json_int_t ny = json_integer_value(json_object_get(y, pclass_names[cy]));
    if (nx != ny)
      return nx > ny ? -1 : 1;
  }
  int c = strcmp(json_string_value(json_object_get(x, "validator")),
                 json_string_value(json_object_get(y, "validator")));
  return c ? c
           : strcmp(json_string_value(json_object_get(x, "fetcher")),
                    json_string_value(json_object_get(y, "fetcher")));
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
  json_t *ads = json_array();
  json_t **list = xcalloc(p->nad * p->nad + 1, sizeof *list);
  size_t np = 0;
  for (size_t k = 0; k < p->nad; k++)
    json_array_append_new(ads, json_string(p->names[k]));
  for (size_t v = 0; v < p->nad; v++)
    for (size_t f = 0; f < p->nad; f++)
      if (v != f && (p->roles[v] & ROLE_VALIDATOR) &&
          (p->roles[f] & ROLE_FETCHER) && !p->verdict_only[f])
        list[np++] = pair_json(p, v, f, order, n, differ);
  qsort(list, np, sizeof *list, cmp_pair);
  json_t *arr = json_array();
  for (size_t k = 0; k < np; k++)
    json_array_append_new(arr, list[k]);
  free(list);
  free(order);
  return json_pack("{s:I, s:o, s:o}", "inputs", (json_int_t)n, "adapters", ads,
                   "pairs", arr);
}

/* RESULTS without ".jsonl", then SUFFIX; new. */
static char *results_sibling(const char *results, const char *suffix) {
  size_t n = strlen(results), ns = strlen(suffix);
  if (n > 6 && !strcmp(results + n - 6, ".jsonl"))
    n -= 6;
  char *p = xmalloc(n + ns + 1);
  memcpy(p, results, n);
  memcpy(p + n, suffix, ns + 1);
  return p;
}

char *pairs_path_for(const char *results) {
  return results_sibling(results, ".pairs.json");
}

char *fetch_path_for(const char *results) {
  return results_sibling(results, ".fetch.json");
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

/* The part an example of CLASS shows (host for host_lost and
 * invalid_accepted). */
static const char *shown_part(const char *cls) {
  return !strcmp(cls, "host_lost") || !strcmp(cls, "invalid_accepted") ? "host"
                                                                       : cls;
}

static void example_text(FILE *f, json_t *ex) {
  const char *cls = json_string_value(json_object_get(ex, "class"));
  const char *part = shown_part(cls ? cls : "host");
  json_t *vr = json_object_get(ex, "validator_reading");
  fputs("  e.g. ", f);
  human(f, json_object_get(ex, "input"));
  fprintf(f, ": %s ", cls ? cls : "?");
  if (json_is_object(vr))
    human(f, json_object_get(vr, part));
  else
    fputs("(accepted; RFC 3986 rejects)", f);
  fputs(" against ", f);
  human(f, json_object_get(json_object_get(ex, "fetcher_reading"), part));
  const char *src = json_string_value(json_object_get(ex, "fetcher_source"));
  fprintf(f, " (%s)\n",
          src && !strcmp(src, "observed") ? "observed" : "parsed");
}

void pairs_text(FILE *f, json_t *m) {
  json_t *list = json_object_get(m, "pairs"), *pr;
  size_t i, shown = 0;
  fprintf(f, "%lld inputs, %zu adapters\n",
          (long long)json_integer_value(json_object_get(m, "inputs")),
          json_array_size(json_object_get(m, "adapters")));
  json_array_foreach(list, i, pr) {
    if (!json_is_string(json_object_get(pr, "worst")))
      continue;
    shown++;
    /* adapter names, from their hellos: through the terminal escape */
    const char *va = json_string_value(json_object_get(pr, "validator")),
               *fe = json_string_value(json_object_get(pr, "fetcher"));
    put_labels(f, va ? va : "?");
    fputs(" validates, ", f);
    put_labels(f, fe ? fe : "?");
    fprintf(f, " fetches: %lld both accept",
            (long long)json_integer_value(json_object_get(pr, "both_accept")));
    for (int c = 0; c < PC__COUNT; c++)
      fprintf(
          f, "%s %lld %s", c ? "," : ";",
          (long long)json_integer_value(json_object_get(pr, pclass_names[c])),
          pclass_names[c]);
    fprintf(f, "; %lld observed (%lld refused)\n",
            (long long)json_integer_value(json_object_get(pr, "observed")),
            (long long)json_integer_value(json_object_get(pr, "refused")));
    size_t k;
    json_t *ex;
    json_array_foreach(json_object_get(pr, "examples"), k, ex)
        example_text(f, ex);
  }
  if (!shown)
    fputs("no pair reads a different endpoint from any input\n", f);
}
