/* behaviours.c: an adapter's named behaviours (adapters/BEHAVIOURS.md).
 * The conditions are adapters/common/conditions.c, the ones the
 * differential fuzz targets evaluate; here the reference's reading is
 * librfc3986's (through the reference adapter's glue, as in the fuzz
 * targets) and the library's is its answer. */
#include "behaviours.h"

#include <glob.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "classify.h"
#include "endpoint.h"
#include "files.h"
#include "output.h"
#include "codec_json.h"

extern const struct glue glue_reference;

static int bad(const char *path, const char *id, const char *what,
               const char *detail) {
  warnx_("%s: behaviour %s: %s%s%s", path, id ? id : "(no id)", what,
         detail ? ": " : "", detail ? detail : "");
  return -1;
}

static const char *opt_str(json_t *o, const char *key, int *wrong) {
  json_t *v = json_object_get(o, key);
  if (!v || json_is_null(v))
    return NULL;
  if (!json_is_string(v)) {
    *wrong = 1;
    return NULL;
  }
  return json_string_value(v);
}

/* The prediction: {"reject": true} or {"transforms": [names]}. */
static int parse_predict(const char *path, const char *id, json_t *o,
                         struct prediction *p) {
  json_t *pr = json_object_get(o, "predict");
  json_t *rej = json_object_get(pr, "reject");
  json_t *tr = json_object_get(pr, "transforms");
  memset(p, 0, sizeof *p);
  if (!json_is_object(pr) || (!rej == !tr) || (rej && !json_is_true(rej)) ||
      (tr && !json_is_array(tr)))
    return bad(path, id,
               "\"predict\" must be {\"reject\": true} or {\"transforms\": "
               "[names]}",
               NULL);
  p->reject = rej != NULL;
  size_t i;
  json_t *t;
  json_array_foreach(tr, i, t) {
    int k = json_is_string(t) ? transform_named(json_string_value(t)) : -1;
    if (k < 0)
      return bad(path, id, "unknown transform",
                 json_is_string(t) ? json_string_value(t) : "(not a string)");
    tmask_add(&p->mask, (size_t)k);
  }
  return 0;
}

/* "when": condition names, none of which reads the library's answer. */
static int parse_when(const char *path, const char *id, json_t *o,
                      struct behaviour *b) {
  json_t *when = json_object_get(o, "when");
  size_t nw = json_is_array(when) ? json_array_size(when) : 0;
  if (when && !json_is_array(when))
    return bad(path, id, "\"when\" is not an array", NULL);
  b->when = xcalloc(nw + 1, sizeof *b->when);
  b->rule.when = b->when;
  for (size_t i = 0; i < nw; i++) {
    json_t *w = json_array_get(when, i);
    if (!json_is_string(w))
      return bad(path, id, "a condition is not a string", NULL);
    const char *name = json_string_value(w);
    if (!condition_named(name))
      return bad(path, id, "unknown condition", name);
    if (condition_reads_answer(name))
      return bad(path, id,
                 "a condition on the library's answer (the prediction "
                 "says what the library answers)",
                 name);
    b->when[i] = name;
  }
  return 0;
}

static int parse_regexes(const char *path, const char *id, json_t *o,
                         struct behaviour *b) {
  int wrong = 0;
  const char *re = opt_str(o, "input_matches", &wrong);
  const char *nre = opt_str(o, "input_not_matches", &wrong);
  if (wrong)
    return bad(path, id, "a field of the wrong type", NULL);
  if (re && regcomp(&b->re, re, REG_EXTENDED | REG_NOSUB))
    return bad(path, id, "not a POSIX extended regular expression", re);
  b->has_re = re != NULL;
  b->input_matches = re;
  b->input_not_matches = nre;
  if (nre && regcomp(&b->not_re, nre, REG_EXTENDED | REG_NOSUB))
    return bad(path, id, "not a POSIX extended regular expression", nre);
  b->has_not_re = nre != NULL;
  b->rule.input_re = b->has_re ? &b->re : NULL;
  b->rule.input_not_re = b->has_not_re ? &b->not_re : NULL;
  return 0;
}

int behaviour_parse(const char *path, json_t *o, struct behaviour *b) {
  int wrong = 0;
  memset(b, 0, sizeof *b);
  const char *id = opt_str(o, "id", &wrong);
  if (!json_is_object(o) || !id)
    return bad(path, NULL, "not an object with a string \"id\"", NULL);
  b->rule.id = id;
  b->description = opt_str(o, "description", &wrong);
  b->section = opt_str(o, "section", &wrong);
  b->reference = opt_str(o, "reference", &wrong);
  b->library = opt_str(o, "library", &wrong);
  b->rule.op = opt_str(o, "op", &wrong);
  if (wrong)
    return bad(path, id, "a field of the wrong type", NULL);
  if (!b->description || !b->section)
    return bad(path, id, "needs \"description\" and \"section\"", NULL);
  static const char *const gone[] = {"class", "components", "severity"};
  for (size_t i = 0; i < sizeof gone / sizeof *gone; i++)
    if (json_object_get(o, gone[i]))
      return bad(path, id,
                 "uritest-behaviours/2 has no such field (the prediction "
                 "says what the library answers)",
                 gone[i]);
  if (b->rule.op && op_from_name(b->rule.op) < 0)
    return bad(path, id, "unknown op", b->rule.op);
  if (parse_predict(path, id, o, &b->predict) < 0 ||
      parse_when(path, id, o, b) < 0 || parse_regexes(path, id, o, b) < 0)
    return -1;
  json_t *ex = json_object_get(o, "example");
  if (json_is_string(ex))
    b->example_id = json_string_value(ex);
  else if (json_is_object(ex) && json_is_string(json_object_get(ex, "input")))
    b->example_input = json_string_value(json_object_get(ex, "input"));
  else
    return bad(path, id, "\"example\" must be a vector id", NULL);
  return 0;
}

int behaviours_load(const char *path, struct behaviours *out) {
  memset(out, 0, sizeof *out);
  json_error_t err;
  out->path = xstrdup(path);
  out->doc = json_load_regular(path, 0, 0, &err);
  if (!out->doc) {
    warnx_("%s:%d:%d: %s", path, err.line, err.column, err.text);
    return -1;
  }
  json_t *list = json_object_get(out->doc, "behaviours");
  json_t *ad = json_object_get(out->doc, "adapter");
  if (!json_is_array(list) || !json_is_string(ad)) {
    warnx_("%s: needs \"adapter\" and a \"behaviours\" array", path);
    return -1;
  }
  json_t *schema = json_object_get(out->doc, "schema");
  if (!json_is_string(schema) ||
      strcmp(json_string_value(schema), BEHAVIOURS_SCHEMA)) {
    warnx_("%s: \"schema\" must be \"%s\" (adapters/BEHAVIOURS.md)", path,
           BEHAVIOURS_SCHEMA);
    return -1;
  }
  out->adapter = json_string_value(ad);
  json_t *lib = json_object_get(out->doc, "library");
  out->library = json_is_string(lib) ? json_string_value(lib) : "";
  out->b = xcalloc(json_array_size(list) + 1, sizeof *out->b);
  for (size_t i = 0; i < json_array_size(list); i++) {
    if (behaviour_parse(path, json_array_get(list, i), &out->b[i]) < 0) {
      out->n = i + 1;
      return -1;
    }
    out->n = i + 1;
    for (size_t k = 0; k < i; k++)
      if (!strcmp(out->b[k].rule.id, out->b[i].rule.id))
        return bad(path, out->b[i].rule.id, "the id is given twice", NULL);
  }
  return 0;
}

int behaviours_load_adapter(const char *adapter, struct behaviours *out) {
  memset(out, 0, sizeof *out);
  if (strchr(adapter, '/') || adapter[0] == '.' || !adapter[0])
    return 0;
  /* adapters/NAME/behaviours.json, or, for the second adapter of a folder
   * (glib-relaxed in adapters/glib/), adapters/ * /behaviours-NAME.json;
   * a published version NAME@VERSION is read with NAME's behaviours */
  int len = (int)strcspn(adapter, "@");
  size_t n = strlen(adapter) + 40;
  char *rel = xmalloc(n);
  snprintf(rel, n, "adapters/%.*s/behaviours.json", len, adapter);
  char *path = root_path(rel);
  int rc = 0;
  if (access(path, F_OK) == 0) {
    rc = behaviours_load(path, out);
  } else {
    snprintf(rel, n, "adapters/*/behaviours-%.*s.json", len, adapter);
    char *pattern = root_path(rel);
    glob_t g;
    if (glob(pattern, 0, NULL, &g) == 0 && g.gl_pathc > 0)
      rc = behaviours_load(g.gl_pathv[0], out);
    if (g.gl_pathv)
      globfree(&g);
    free(pattern);
  }
  free(rel);
  free(path);
  return rc;
}

void behaviour_free(struct behaviour *b) {
  if (b->has_re)
    regfree(&b->re);
  if (b->has_not_re)
    regfree(&b->not_re);
  free(b->when);
  memset(b, 0, sizeof *b);
}

void behaviours_free(struct behaviours *bs) {
  for (size_t i = 0; i < bs->n; i++)
    behaviour_free(&bs->b[i]);
  free(bs->b);
  free(bs->path);
  json_decref(bs->doc);
  memset(bs, 0, sizeof *bs);
}

/* ---- readings ----------------------------------------------------------- */

/* An answer's string value ("..." or {"hex": ...}) into R as component C
 * (C < 0: the output). */
static void set_value(struct adapter_reading *r, int c, json_t *v) {
  struct value o;
  char *own;
  int st = codec_json_value(v, &o, &own);
  if (st == VALUE_OCTETS && c < 0)
    reading_set_output(r, o.s, o.len);
  else if (st == VALUE_OCTETS)
    reading_set(r, (rfc3986_component)c, o.s, o.len);
  else if (st == VALUE_NULL && c >= 0)
    reading_set_null(r, (rfc3986_component)c);
  free(own);
}

static void lib_reading(json_t *got, struct adapter_reading *r) {
  json_t *valid = json_object_get(got, "valid");
  r->valid = json_is_true(valid);
  json_t *comps = json_object_get(got, "components");
  if (json_is_object(comps)) {
    r->valid = !valid || r->valid;
    for (int c = 0; c < RFC3986_COMPONENT_COUNT; c++)
      set_value(
          r, c,
          json_object_get(comps, rfc3986_component_name((rfc3986_component)c)));
  }
  static const char *const outs[] = {"target", "normalized", "output"};
  for (size_t i = 0; i < 3; i++) {
    json_t *o = json_object_get(got, outs[i]);
    if (o) {
      set_value(r, -1, o);
      r->valid = !valid || r->valid;
    }
  }
}

static void ref_reading(int op, const char *rule, const char *in, size_t len,
                        const char *base, size_t base_len,
                        struct adapter_reading *r) {
  if (op == OP_MATCH && rule)
    glue_reference.match(rule, in, len, r);
  else if (op == OP_RESOLVE && base)
    glue_reference.resolve(base, base_len, in, len, 1, r);
  else if (op == OP_NORMALIZE)
    glue_reference.normalize(in, len, GLUE_LEVEL_SYNTAX, r);
  else
    glue_reference.parse(in, len, NULL, r);
}

/* SRC into DST (a reading_init'ed reading), the components outside
 * EXPRESSED (bits; 0: all) left unexpressed. */
static void copy_reading(struct adapter_reading *dst,
                         const struct adapter_reading *src,
                         unsigned expressed) {
  dst->valid = src->valid;
  for (int c = 0; c < RFC3986_COMPONENT_COUNT; c++) {
    const struct value *v = &src->comp[c];
    if (expressed && !(expressed >> c & 1U))
      continue;
    if (v->state == VALUE_OCTETS)
      reading_set(dst, (rfc3986_component)c, v->s, v->len);
    else if (v->state == VALUE_NULL)
      reading_set_null(dst, (rfc3986_component)c);
  }
  if (src->output.state == VALUE_OCTETS)
    reading_set_output(dst, src->output.s, src->output.len);
}

void answers_read(struct answers *a, const struct bfacts *f) {
  reading_init(&a->full);
  reading_init(&a->ref);
  reading_init(&a->lib);
  ref_reading(f->op, f->rule, f->in, f->len, f->base, f->base_len, &a->full);
  unsigned expressed = f->expressed;
  if (f->got) {
    lib_reading(f->got, &a->lib);
    unsigned mine = 0;
    for (int c = 0; c < RFC3986_COMPONENT_COUNT; c++)
      mine |= (unsigned)(a->lib.comp[c].state != VALUE_ABSENT) << c;
    expressed = mine ? mine : expressed;
  }
  /* RFC 3986's answer, on what the library expresses */
  copy_reading(&a->ref, &a->full, expressed);
  if (!f->got)
    copy_reading(&a->lib, &a->full, expressed);
}

void answers_free(struct answers *a) {
  reading_free(&a->full);
  reading_free(&a->ref);
  reading_free(&a->lib);
}

int behaviour_judge(const struct behaviour *b, const struct bfacts *f,
                    const struct answers *a) {
  struct cond_ctx x = {
      op_names[f->op], f->in,   f->len, f->base, f->base_len,
      &a->full,        &a->lib, -1,     NULL,    f->parse_base};
  return behaviour_judge_rule(&b->rule, &b->predict, &x, &a->ref,
                              f->only_validity);
}

size_t behaviours_judge(const struct behaviours *bs, const struct bfacts *f,
                        unsigned char *judged) {
  struct answers a;
  size_t n = 0;
  answers_read(&a, f);
  for (size_t k = 0; k < bs->n; k++) {
    judged[k] = (unsigned char)behaviour_judge(&bs->b[k], f, &a);
    n += judged[k] == 2;
  }
  answers_free(&a);
  return n;
}

const char *behaviours_attribute(const struct behaviours *bs,
                                 const struct result *r, size_t *count,
                                 size_t *unexplained) {
  struct bfacts f = {
      OP_PARSE, r->input, r->input_len, NULL, 0, NULL, r->answer, 0, 0, 0};
  if (r->t) {
    f.op = r->t->op;
    f.in = r->t->input;
    f.len = r->t->input_len;
    f.only_validity = r->t->getters && !r->t->comps;
    f.rule = r->t->rule;
    f.parse_base = r->t->op == OP_PARSE && r->t->base.state == VALUE_OCTETS;
    if (r->t->op == OP_RESOLVE && r->t->base.state == VALUE_OCTETS) {
      f.base = r->t->base.s;
      f.base_len = r->t->base.len;
    }
  }
  unsigned char *judged = xcalloc(bs->n + 1, 1);
  size_t n = bs->n ? behaviours_judge(bs, &f, judged) : 0, k = 0;
  while (k < bs->n && judged[k] != 2)
    k++;
  free(judged);
  if (n == 0) {
    (*unexplained)++;
    return "unexplained";
  }
  if (n > 1)
    return "overlap";
  if (count)
    count[k]++;
  return bs->b[k].rule.id;
}

void stats_behaviours_load(struct stats *st) {
  st->beh = xcalloc(1, sizeof *st->beh);
  if (behaviours_load_adapter(st->adapter, st->beh) < 0)
    behaviours_free(st->beh);
  st->beh_count = xcalloc(st->beh->n + 1, sizeof *st->beh_count);
}

void stats_behaviour_count(struct stats *st, const char *id) {
  for (size_t i = 0; id && st->beh && i < st->beh->n; i++)
    if (!strcmp(st->beh->b[i].rule.id, id)) {
      st->beh_count[i]++;
      return;
    }
  st->unexplained++;
}

void stats_behaviours_free(struct stats *st) {
  if (st->beh)
    behaviours_free(st->beh);
  free(st->beh);
  free(st->beh_count);
  st->beh = NULL;
  st->beh_count = NULL;
}
