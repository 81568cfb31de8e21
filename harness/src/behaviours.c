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
#include "../../adapters/common/codec_json.h"

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

/* A comma-separated copy of a string or an array of strings (arena: the
 * document, via a new string member). */
static const char *csv_of(json_t *o, const char *key, int *wrong) {
  json_t *v = json_object_get(o, key);
  if (!v || json_is_null(v))
    return NULL;
  if (json_is_string(v))
    return json_string_value(v);
  if (!json_is_array(v)) {
    *wrong = 1;
    return NULL;
  }
  struct buf b = {0};
  size_t i;
  json_t *e;
  json_array_foreach(v, i, e) {
    if (!json_is_string(e)) {
      *wrong = 1;
      break;
    }
    if (i)
      buf_putc(&b, ',');
    buf_puts(&b, json_string_value(e));
  }
  char key2[64];
  snprintf(key2, sizeof key2, "x-csv-%s", key);
  json_object_set_new(o, key2, json_string(b.p ? b.p : ""));
  buf_free(&b);
  return json_string_value(json_object_get(o, key2));
}

static int load_one(const char *path, json_t *o, struct behaviour *b) {
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
  b->rule.classes = csv_of(o, "class", &wrong);
  b->rule.components = csv_of(o, "components", &wrong);
  if (!b->rule.components)
    b->rule.components = "";
  if (wrong)
    return bad(path, id, "a field of the wrong type", NULL);
  if (!b->description || !b->section)
    return bad(path, id, "needs \"description\" and \"section\"", NULL);
  if (b->rule.op && op_from_name(b->rule.op) < 0)
    return bad(path, id, "unknown op", b->rule.op);
  const char *sev = opt_str(o, "severity", &wrong);
  b->severity = sev ? severity_from_name(sev) : -1;
  if (b->severity < 0)
    return bad(path, id,
               "severity must be host, port, scheme, userinfo or none", sev);
  if (b->rule.classes) {
    char *c = xstrdup(b->rule.classes);
    for (char *t = strtok(c, ","); t; t = strtok(NULL, ","))
      if (class_from_name(t) < 0 || !strcmp(t, "PASS")) {
        bad(path, id, "unknown class", t);
        free(c);
        return -1;
      }
    free(c);
  }
  for (const char *p = b->rule.components; *p;) {
    size_t l = strcspn(p, ",");
    int known = 0;
    known |= rfc3986_component_from_name(p, l) != RFC3986_COMPONENT_COUNT;
    for (int g = 0; g < G__COUNT; g++)
      known |= strlen(getter_names[g]) == l && !memcmp(getter_names[g], p, l);
    if (!known)
      return bad(path, id, "unknown component", p);
    p += l + (p[l] == ',');
  }
  json_t *when = json_object_get(o, "when");
  size_t nw = json_is_array(when) ? json_array_size(when) : 0;
  if (when && !json_is_array(when))
    return bad(path, id, "\"when\" is not an array", NULL);
  b->when = xcalloc(nw + 1, sizeof *b->when);
  for (size_t i = 0; i < nw; i++) {
    json_t *w = json_array_get(when, i);
    if (!json_is_string(w))
      return bad(path, id, "a condition is not a string", NULL);
    if (!condition_named(json_string_value(w)))
      return bad(path, id, "unknown condition", json_string_value(w));
    b->when[i] = json_string_value(w);
  }
  b->rule.when = b->when;
  const char *re = opt_str(o, "input_matches", &wrong);
  const char *nre = opt_str(o, "input_not_matches", &wrong);
  if (re && regcomp(&b->re, re, REG_EXTENDED | REG_NOSUB))
    return bad(path, id, "not a POSIX extended regular expression", re);
  b->has_re = re != NULL;
  if (nre && regcomp(&b->not_re, nre, REG_EXTENDED | REG_NOSUB))
    return bad(path, id, "not a POSIX extended regular expression", nre);
  b->has_not_re = nre != NULL;
  b->rule.input_re = b->has_re ? &b->re : NULL;
  b->rule.input_not_re = b->has_not_re ? &b->not_re : NULL;
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
  out->adapter = json_string_value(ad);
  json_t *lib = json_object_get(out->doc, "library");
  out->library = json_is_string(lib) ? json_string_value(lib) : "";
  out->b = xcalloc(json_array_size(list) + 1, sizeof *out->b);
  for (size_t i = 0; i < json_array_size(list); i++) {
    if (load_one(path, json_array_get(list, i), &out->b[i]) < 0) {
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

void behaviours_free(struct behaviours *bs) {
  for (size_t i = 0; i < bs->n; i++) {
    if (bs->b[i].has_re)
      regfree(&bs->b[i].re);
    if (bs->b[i].has_not_re)
      regfree(&bs->b[i].not_re);
    free(bs->b[i].when);
  }
  free(bs->b);
  free(bs->path);
  json_decref(bs->doc);
  memset(bs, 0, sizeof *bs);
}

/* ---- readings ----------------------------------------------------------- */

/* An answer's string value ("..." or {"hex": ...}) into R as component C
 * (C < 0: the output). */
static void set_value(struct adapter_reading *r, int c, json_t *v) {
  struct codec_octets o;
  enum codec_status st = codec_json_value(v, &o);
  if (st == CODEC_OCTETS && c < 0)
    reading_set_output(r, o.s, o.len);
  else if (st == CODEC_OCTETS)
    reading_set(r, (rfc3986_component)c, o.s, o.len);
  else if (st == CODEC_NULL && c >= 0)
    reading_set_null(r, (rfc3986_component)c);
  codec_octets_free(&o);
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

static void ref_reading(int op, const char *in, size_t len, const char *base,
                        size_t base_len, struct adapter_reading *r) {
  if (op == OP_RESOLVE && base)
    glue_reference.resolve(base, base_len, in, len, 1, r);
  else if (op == OP_NORMALIZE)
    glue_reference.normalize(in, len, GLUE_LEVEL_SYNTAX, r);
  else
    glue_reference.parse(in, len, NULL, r);
}

static int comp_index(const char *name) {
  for (int c = 0; c < RFC3986_COMPONENT_COUNT; c++)
    if (!strcmp(rfc3986_component_name((rfc3986_component)c), name))
      return c;
  return -1;
}

const struct behaviour *behaviours_explain(const struct behaviours *bs,
                                           const struct bfacts *f,
                                           unsigned char *alone) {
  if (!bs || !bs->n)
    return NULL;
  struct adapter_reading ref, lib;
  reading_init(&ref);
  reading_init(&lib);
  ref_reading(f->op, f->in, f->len, f->base, f->base_len, &ref);
  if (f->got)
    lib_reading(f->got, &lib);
  struct cond_ctx x = {op_names[f->op],
                       f->in,
                       f->len,
                       f->base,
                       f->base_len,
                       &ref,
                       &lib,
                       -1,
                       NULL};
  size_t best = bs->n;
  int ncomp = f->nmis ? f->nmis : 1;
  for (int i = 0; i < ncomp; i++) {
    const char *comp = f->nmis ? f->mis[i] : NULL;
    x.comp = comp ? comp_index(comp) : -1;
    size_t k = 0;
    while (k < bs->n && !behaviour_holds(&bs->b[k].rule, &x, f->cls, comp))
      k++;
    if (k == bs->n) { /* this component is not explained */
      best = bs->n;
      break;
    }
    if (i == 0 || k < best)
      best = k;
  }
  for (size_t k = 0; alone && k < bs->n; k++) {
    int all = 1;
    for (int i = 0; i < ncomp && all; i++) {
      const char *comp = f->nmis ? f->mis[i] : NULL;
      x.comp = comp ? comp_index(comp) : -1;
      all = behaviour_holds(&bs->b[k].rule, &x, f->cls, comp);
    }
    alone[k] = (unsigned char)all;
  }
  reading_free(&ref);
  reading_free(&lib);
  return best < bs->n ? &bs->b[best] : NULL;
}

const char *behaviours_attribute(const struct behaviours *bs,
                                 const struct result *r, size_t *count,
                                 size_t *unexplained) {
  const char *mis[MAX_MISMATCH];
  const struct verdict *v = r->v;
  for (int i = 0; i < v->nmis; i++)
    mis[i] = v->mis[i].name;
  struct bfacts f = {
      OP_PARSE, class_names[v->cls], r->input, r->input_len, NULL,
      0,        r->answer,           mis,      v->nmis};
  if (r->t) {
    f.op = r->t->op;
    f.in = r->t->input;
    f.len = r->t->input_len;
    if (r->t->op == OP_RESOLVE && r->t->base.state == SV_STR) {
      f.base = r->t->base.s;
      f.base_len = r->t->base.len;
    }
  }
  const struct behaviour *b = behaviours_explain(bs, &f, NULL);
  if (!b) {
    (*unexplained)++;
    return "unexplained";
  }
  if (count)
    count[b - bs->b]++;
  return b->rule.id;
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

int behaviour_holds_on_pass(const struct behaviour *b, int op, const char *in,
                            size_t len, const char *base, size_t base_len) {
  if (b->rule.op && strcmp(b->rule.op, op_names[op]))
    return 0;
  struct adapter_reading ref;
  reading_init(&ref);
  ref_reading(op, in, len, base, base_len, &ref);
  struct cond_ctx x = {op_names[op], in,   len, base, base_len,
                       &ref,         &ref, -1,  NULL};
  /* a behaviour's classes say whether the reference accepts: SHOULD_HAVE_
   * REJECTED only where it rejects, the others only where it accepts */
  const char *cls = b->rule.classes;
  int rejects_only = cls && !strcmp(cls, "SHOULD_HAVE_REJECTED");
  int accepts_only = cls && !behaviour_lists(cls, "SHOULD_HAVE_REJECTED") &&
                     !behaviour_lists(cls, "CRASH") &&
                     !behaviour_lists(cls, "TIMEOUT") &&
                     !behaviour_lists(cls, "PROTOCOL_ERROR");
  int holds = (!rejects_only || !ref.valid) && (!accepts_only || ref.valid) &&
              behaviour_holds(&b->rule, &x, NULL, NULL);
  reading_free(&ref);
  return holds;
}
