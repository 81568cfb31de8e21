/* vectors.c: load and check vector files (DESIGN.md "Vector files"). */
#define _XOPEN_SOURCE 700 /* realpath */
#include "vectors.h"

#include <fcntl.h>
#include <unistd.h>

#include <dirent.h>
#include <errno.h>
#include <fnmatch.h>
#include <jansson.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "jtok.h"

const char *const op_names[OP__COUNT] = {
    "parse", "match", "resolve", "normalize", "equivalent", "iri-to-uri"};
const char *const expect_names[3] = {"accept", "reject",
                                     "implementation-defined"};
const char *const spec_names[3] = {"rfc3986", "rfc3987", "whatwg"};
const char *const comp_names[C__COUNT] = {"scheme", "authority", "userinfo",
                                          "host",   "host_type", "port",
                                          "path",   "query",     "fragment"};
const char *const getter_names[G__COUNT] = {
    "href", "protocol", "username", "password", "host",  "hostname",
    "port", "pathname", "search",   "hash",     "origin"};

int op_from_name(const char *s) {
  for (int i = 0; i < OP__COUNT; i++)
    if (!strcmp(s, op_names[i]))
      return i;
  return -1;
}

static int name_index(const char *const *names, int n, const char *s) {
  for (int i = 0; i < n; i++)
    if (!strcmp(names[i], s))
      return i;
  return -1;
}

void filter_add(char ***list, int *n, const char *value) {
  *list = xrealloc(*list, sizeof **list * (size_t)(*n + 1));
  (*list)[(*n)++] = xstrdup(value);
}

/* ---- duplicate ids: an open-addressing set of (id, file) ------------- */

struct idset {
  const char **ids;
  const char **files;
  size_t cap, n;
};
static size_t hash_str(const char *s) {
  size_t h = 1469598103934665603u;
  while (*s)
    h = (h ^ (unsigned char)*s++) * 1099511628211u;
  return h;
}
/* Returns the file that already holds ID, or NULL after adding it. */
static const char *idset_add(struct idset *set, const char *id,
                             const char *file) {
  if (set->n * 2 >= set->cap) {
    size_t cap = set->cap ? set->cap * 2 : 1024;
    const char **ids = xcalloc(cap, sizeof *ids),
               **files = xcalloc(cap, sizeof *files);
    for (size_t i = 0; i < set->cap; i++) {
      if (!set->ids[i])
        continue;
      size_t h = hash_str(set->ids[i]) & (cap - 1);
      while (ids[h])
        h = (h + 1) & (cap - 1);
      ids[h] = set->ids[i];
      files[h] = set->files[i];
    }
    free(set->ids);
    free(set->files);
    set->ids = ids;
    set->files = files;
    set->cap = cap;
  }
  size_t h = hash_str(id) & (set->cap - 1);
  while (set->ids[h]) {
    if (!strcmp(set->ids[h], id))
      return set->files[h];
    h = (h + 1) & (set->cap - 1);
  }
  set->ids[h] = id;
  set->files[h] = file;
  set->n++;
  return NULL;
}

/* ---- checking -------------------------------------------------------- */

struct ctx {
  struct vectors *v;
  const char *path;
  /* where we are: a test id, else groups[gi].tests[ti], else groups[gi],
   * else the file (gi, ti -1 when not there) */
  const char *test_id;
  long gi, ti;
  struct idset *ids;
};

static int bad(struct ctx *c, const char *field, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static int bad(struct ctx *c, const char *field, const char *fmt, ...) {
  va_list ap;
  if (c->test_id)
    fprintf(stderr, "%s: test %s: field %s: ", c->path, c->test_id, field);
  else if (c->ti >= 0)
    fprintf(stderr, "%s: groups[%ld].tests[%ld]: field %s: ", c->path, c->gi,
            c->ti, field);
  else if (c->gi >= 0)
    fprintf(stderr, "%s: groups[%ld]: field %s: ", c->path, c->gi, field);
  else
    fprintf(stderr, "%s: file: field %s: ", c->path, field);
  va_start(ap, fmt);
  vfprintf(stderr, fmt, ap);
  va_end(ap);
  fputc('\n', stderr);
  return -1;
}

static const char *type_name(const json_t *j) {
  switch (json_typeof(j)) {
  case JSON_OBJECT:
    return "an object";
  case JSON_ARRAY:
    return "an array";
  case JSON_STRING:
    return "a string";
  case JSON_INTEGER:
    return "an integer";
  case JSON_REAL:
    return "a number";
  case JSON_TRUE:
  case JSON_FALSE:
    return "a boolean";
  default:
    return "null";
  }
}

/* Optional string field: 0 absent, 1 present (into *out), -1 error. */
static int opt_string(struct ctx *c, json_t *obj, const char *key,
                      int allow_null, struct sv *out) {
  json_t *j = json_object_get(obj, key);
  out->state = SV_ABSENT;
  if (!j)
    return 0;
  if (json_is_null(j) && allow_null) {
    out->state = SV_NULL;
    return 1;
  }
  if (!json_is_string(j))
    return bad(c, key, "must be a string%s, not %s",
               allow_null ? " or null" : "", type_name(j));
  out->s =
      arena_strndup(&c->v->arena, json_string_value(j), json_string_length(j));
  out->len = (unsigned)json_string_length(j);
  out->state = SV_STR;
  return 1;
}

static int req_string(struct ctx *c, json_t *obj, const char *key,
                      int allow_null, struct sv *out) {
  int r = opt_string(c, obj, key, allow_null, out);
  if (r == 0)
    return bad(c, key, "missing");
  return r;
}

static int check_level(struct ctx *c, json_t *t, const char **out) {
  struct sv lv;
  if (opt_string(c, t, "level", 0, &lv) < 0)
    return -1;
  *out = NULL;
  if (lv.state != SV_STR)
    return 0;
  if (strcmp(lv.s, "simple") && strcmp(lv.s, "syntax") &&
      strcmp(lv.s, "scheme"))
    return bad(c, "level", "unknown level \"%s\" (simple, syntax, scheme)",
               lv.s);
  *out = lv.s;
  return 0;
}

static int match_any(char **pats, int n, const char *s, int flags) {
  for (int i = 0; i < n; i++)
    if (fnmatch(pats[i], s, flags) == 0)
      return 1;
  return 0;
}

/* A section filter "3.2" matches "3.2" and "3.2.2", not "3.20". */
static int section_matches(const char *want, const char *have) {
  size_t n = strlen(want);
  if (strncmp(want, have, n))
    return 0;
  return have[n] == 0 || have[n] == '.';
}

static int tags_match(const struct filters *f, json_t *gtags, json_t *ttags) {
  for (int i = 0; i < f->ntags; i++) {
    json_t *lists[2] = {gtags, ttags};
    for (int l = 0; l < 2; l++) {
      size_t k;
      json_t *t;
      if (!json_is_array(lists[l]))
        continue;
      json_array_foreach(lists[l], k, t) {
        if (json_is_string(t) && !fnmatch(f->tags[i], json_string_value(t), 0))
          return 1;
      }
    }
  }
  return 0;
}

static int sections_match(const struct filters *f, json_t *gspec,
                          json_t *tspec) {
  for (int i = 0; i < f->nsections; i++) {
    json_t *lists[2] = {gspec, tspec};
    for (int l = 0; l < 2; l++) {
      size_t k;
      json_t *s;
      if (!json_is_array(lists[l]))
        continue;
      json_array_foreach(lists[l], k, s) {
        const char *key;
        json_t *val;
        if (!json_is_object(s))
          continue;
        json_object_foreach(s, key, val) {
          if (strcmp(key, "quote") && json_is_string(val)) {
            const char *want = f->sections[i];
            const char *colon = strchr(want, ':');
            /* "rfc3987:3.1" names the document too */
            if (colon) {
              if (strncmp(want, key, (size_t)(colon - want)) ||
                  key[colon - want])
                continue;
              want = colon + 1;
            }
            if (section_matches(want, json_string_value(val)))
              return 1;
          }
        }
      }
    }
  }
  return 0;
}

static int check_specification(struct ctx *c, json_t *obj) {
  json_t *s = json_object_get(obj, "specification");
  if (!s)
    return 0;
  if (!json_is_array(s))
    return bad(c, "specification", "must be an array, not %s", type_name(s));
  size_t i;
  json_t *e;
  json_array_foreach(s, i, e) {
    if (!json_is_object(e))
      return bad(c, "specification", "entries must be objects, not %s",
                 type_name(e));
  }
  return 0;
}

static int check_tags(struct ctx *c, json_t *obj) {
  json_t *t = json_object_get(obj, "tags");
  if (!t)
    return 0;
  if (!json_is_array(t))
    return bad(c, "tags", "must be an array of strings, not %s", type_name(t));
  size_t i;
  json_t *e;
  json_array_foreach(t, i, e) {
    if (!json_is_string(e))
      return bad(c, "tags", "must be an array of strings");
  }
  return 0;
}

static const char *const start_rules[] = {
    "URI-reference", "URI", "absolute-URI", "relative-ref",
    "IRI-reference", "IRI", "absolute-IRI", "irelative-ref"};

static int check_test(struct ctx *c, struct vfile *vf, int op,
                      const char *group, json_t *t, struct test *out) {
  struct arena *A = &c->v->arena;
  memset(out, 0, sizeof *out);
  out->file = vf;
  out->group = group;
  out->op = (unsigned char)op;
  out->spec = (unsigned char)vf->spec;
  out->strict = 1;
  out->equivalent = -1;
  out->error_offset = -1;

  struct sv id;
  if (req_string(c, t, "id", 0, &id) < 0)
    return -1;
  if (!id.len)
    return bad(c, "id", "must not be empty");
  out->id = id.s;
  c->test_id = id.s;
  const char *dup = idset_add(c->ids, id.s, c->path);
  if (dup)
    return bad(c, "id", "duplicate id (also in %s)", dup);

  struct sv ex;
  if (req_string(c, t, "expect", 0, &ex) < 0)
    return -1;
  int e = name_index(expect_names, 3, ex.s);
  if (e < 0)
    return bad(c, "expect",
               "must be accept, reject or implementation-defined, not \"%s\"",
               ex.s);
  out->expect = (unsigned char)e;

  struct sv in, hex;
  if (opt_string(c, t, "input", 0, &in) < 0)
    return -1;
  if (opt_string(c, t, "input_hex", 0, &hex) < 0)
    return -1;
  if (in.state && hex.state)
    return bad(c, "input_hex", "give input or input_hex, not both");
  if (in.state) {
    out->input = in.s;
    out->input_len = in.len;
  } else if (hex.state) {
    char *raw = arena_alloc(A, hex.len / 2 + 1);
    long n = hex_decode(hex.s, hex.len, raw);
    if (n < 0)
      return bad(c, "input_hex", "must be an even number of hex digits");
    raw[n] = 0;
    out->input = raw;
    out->input_len = (unsigned)n;
  } else {
    return bad(c, "input", "missing (give input or input_hex)");
  }
  if (check_specification(c, t) < 0 || check_tags(c, t) < 0)
    return -1;

  struct sv rule;
  switch (op) {
  case OP_PARSE: {
    if (vf->spec == SPEC_WHATWG) {
      if (opt_string(c, t, "base", 1, &out->base) < 0)
        return -1;
      json_t *w = json_object_get(t, "whatwg");
      if (w) {
        if (!json_is_object(w))
          return bad(c, "whatwg", "must be an object, not %s", type_name(w));
        out->getters = arena_alloc(A, sizeof *out->getters * G__COUNT);
        memset(out->getters, 0, sizeof *out->getters * G__COUNT);
        for (int g = 0; g < G__COUNT; g++) {
          json_t *gv = json_object_get(w, getter_names[g]);
          if (gv && !json_is_string(gv)) {
            char f[64];
            snprintf(f, sizeof f, "whatwg.%s", getter_names[g]);
            return bad(c, f, "must be a string, not %s", type_name(gv));
          }
          if (gv) {
            out->getters[g].s =
                arena_strndup(A, json_string_value(gv), json_string_length(gv));
            out->getters[g].len = (unsigned)json_string_length(gv);
            out->getters[g].state = SV_STR;
          }
        }
      }
      break;
    }
    if (opt_string(c, t, "rule", 0, &rule) < 0)
      return -1;
    if (rule.state) {
      if (name_index(start_rules, 8, rule.s) < 0)
        return bad(c, "rule", "not a start rule: \"%s\"", rule.s);
      out->rule = rule.s;
    }
    json_t *comps = json_object_get(t, "components");
    if (comps) {
      if (!json_is_object(comps))
        return bad(c, "components", "must be an object, not %s",
                   type_name(comps));
      out->comps = arena_alloc(A, sizeof *out->comps * C__COUNT);
      memset(out->comps, 0, sizeof *out->comps * C__COUNT);
      const char *key;
      json_t *val;
      json_object_foreach(comps, key, val) {
        int k = name_index(comp_names, C__COUNT, key);
        char f[64];
        f[0] = 0;
        if (k < 0 || !json_is_string(val))
          snprintf(f, sizeof f, "components.%s", key);
        if (k < 0)
          return bad(c, f, "unknown component");
        if (k == C_PATH && !json_is_string(val))
          return bad(c, f,
                     "must be a string (the path is always defined), not %s",
                     type_name(val));
        if (!json_is_string(val) && !json_is_null(val))
          return bad(c, f, "must be a string or null, not %s", type_name(val));
        if (json_is_null(val)) {
          out->comps[k].state = SV_NULL;
        } else {
          out->comps[k].s =
              arena_strndup(A, json_string_value(val), json_string_length(val));
          out->comps[k].len = (unsigned)json_string_length(val);
          out->comps[k].state = SV_STR;
        }
      }
    }
    json_t *err = json_object_get(t, "error");
    if (err) {
      if (!json_is_object(err))
        return bad(c, "error", "must be an object, not %s", type_name(err));
      json_t *off = json_object_get(err, "offset");
      if (off && (!json_is_integer(off) || json_integer_value(off) < 0))
        return bad(c, "error.offset", "must be a non-negative integer");
      if (off)
        out->error_offset = (long)json_integer_value(off);
    }
    break;
  }
  case OP_MATCH:
    if (req_string(c, t, "rule", 0, &rule) < 0)
      return -1;
    out->rule = rule.s;
    break;
  case OP_RESOLVE: {
    if (req_string(c, t, "base", 0, &out->base) < 0)
      return -1;
    if (opt_string(c, t, "target", 0, &out->target) < 0)
      return -1;
    json_t *s = json_object_get(t, "strict");
    if (s && !json_is_boolean(s))
      return bad(c, "strict", "must be a boolean, not %s", type_name(s));
    if (s)
      out->strict = json_is_true(s);
    if (e == EXPECT_ACCEPT && !out->target.state)
      return bad(c, "target", "missing (expect is accept)");
    break;
  }
  case OP_NORMALIZE:
    if (opt_string(c, t, "normalized", 0, &out->normalized) < 0)
      return -1;
    if (e == EXPECT_ACCEPT && !out->normalized.state)
      return bad(c, "normalized", "missing (expect is accept)");
    if (check_level(c, t, &out->level) < 0)
      return -1;
    break;
  case OP_EQUIVALENT: {
    if (req_string(c, t, "other", 0, &out->other) < 0)
      return -1;
    json_t *q = json_object_get(t, "equivalent");
    if (q && !json_is_boolean(q))
      return bad(c, "equivalent", "must be a boolean, not %s", type_name(q));
    if (q)
      out->equivalent = (signed char)json_is_true(q);
    if (e == EXPECT_ACCEPT && !q)
      return bad(c, "equivalent", "missing (expect is accept)");
    if (check_level(c, t, &out->level) < 0)
      return -1;
    break;
  }
  case OP_IRI_TO_URI:
    if (opt_string(c, t, "output", 0, &out->output) < 0)
      return -1;
    if (e == EXPECT_ACCEPT && !out->output.state)
      return bad(c, "output", "missing (expect is accept)");
    break;
  }
  return 0;
}

/* ---- the fast path: one test object without jansson ------------------ */

/*
 * check_test's twin for the common case, on tokens of the test's text
 * (jtok.h).  It succeeds only on a test check_test would accept, with the
 * same result; on anything else (bad JSON, a wrong type, a missing field,
 * a duplicate id...) it returns -1 having reported nothing and added no
 * id, and the caller reads the test with jansson and check_test, which
 * says exactly what is wrong and where.
 */
struct fast {
  struct jtoks tk;
  const char *p;
  struct arena *A;
};

/* A string member KEY of OBJ: 0 absent, 1 present, -1 wrong type. */
static int fast_sv(struct fast *F, int obj, const char *key, int allow_null,
                   struct sv *out) {
  int i = jtok_get(&F->tk, F->p, obj, key);
  out->state = SV_ABSENT;
  if (i < 0)
    return 0;
  const struct jtok *t = &F->tk.t[i];
  if (t->type == JT_NULL && allow_null) {
    out->state = SV_NULL;
    return 1;
  }
  if (t->type != JT_STR)
    return -1;
  char *s = arena_str(F->A, t->end - t->start);
  out->len = (unsigned)jtok_str(&F->tk, F->p, i, s);
  out->s = s;
  out->state = SV_STR;
  return 1;
}

static int fast_bool(struct fast *F, int obj, const char *key) {
  int i = jtok_get(&F->tk, F->p, obj, key);
  if (i < 0)
    return -1;
  int ty = F->tk.t[i].type;
  return ty == JT_TRUE ? 1 : ty == JT_FALSE ? 0 : -2;
}

static int fast_level(struct fast *F, const char **out) {
  struct sv lv;
  *out = NULL;
  int r = fast_sv(F, 0, "level", 0, &lv);
  if (r < 0)
    return -1;
  if (!r)
    return 0;
  if (strcmp(lv.s, "simple") && strcmp(lv.s, "syntax") &&
      strcmp(lv.s, "scheme"))
    return -1;
  *out = lv.s;
  return 0;
}

static int fast_test(struct ctx *c, struct fast *F, struct vfile *vf, int op,
                     const char *group, const char *text, size_t len,
                     struct test *out) {
  struct jtoks *T = &F->tk;
  F->p = text;
  F->A = &c->v->arena;
  if (jtok_parse(T, text, len) < 0 || T->t[0].type != JT_OBJ)
    return -1;
  memset(out, 0, sizeof *out);
  out->file = vf;
  out->group = group;
  out->op = (unsigned char)op;
  out->spec = (unsigned char)vf->spec;
  out->strict = 1;
  out->equivalent = -1;
  out->error_offset = -1;

  struct sv id, ex, in, hex, rule;
  if (fast_sv(F, 0, "id", 0, &id) != 1 || !id.len)
    return -1;
  out->id = id.s;
  if (fast_sv(F, 0, "expect", 0, &ex) != 1)
    return -1;
  int e = name_index(expect_names, 3, ex.s);
  if (e < 0)
    return -1;
  out->expect = (unsigned char)e;
  if (fast_sv(F, 0, "input", 0, &in) < 0 ||
      fast_sv(F, 0, "input_hex", 0, &hex) < 0)
    return -1;
  if (in.state && hex.state)
    return -1;
  if (in.state) {
    out->input = in.s;
    out->input_len = in.len;
  } else if (hex.state) {
    char *raw = arena_str(F->A, hex.len / 2);
    long n = hex_decode(hex.s, hex.len, raw);
    if (n < 0)
      return -1;
    raw[n] = 0;
    out->input = raw;
    out->input_len = (unsigned)n;
  } else {
    return -1;
  }
  int s = jtok_get(T, text, 0, "specification");
  if (s >= 0) {
    if (T->t[s].type != JT_ARR)
      return -1;
    for (unsigned k = 0, i = (unsigned)s + 1; k < T->t[s].size;
         k++, i = T->t[i].next)
      if (T->t[i].type != JT_OBJ)
        return -1;
  }
  s = jtok_get(T, text, 0, "tags");
  if (s >= 0) {
    if (T->t[s].type != JT_ARR)
      return -1;
    for (unsigned k = 0, i = (unsigned)s + 1; k < T->t[s].size;
         k++, i = T->t[i].next)
      if (T->t[i].type != JT_STR)
        return -1;
  }

  switch (op) {
  case OP_PARSE: {
    if (vf->spec == SPEC_WHATWG) {
      if (fast_sv(F, 0, "base", 1, &out->base) < 0)
        return -1;
      int w = jtok_get(T, text, 0, "whatwg");
      if (w >= 0) {
        if (T->t[w].type != JT_OBJ)
          return -1;
        out->getters = arena_alloc(F->A, sizeof *out->getters * G__COUNT);
        memset(out->getters, 0, sizeof *out->getters * G__COUNT);
        for (int g = 0; g < G__COUNT; g++)
          if (fast_sv(F, w, getter_names[g], 0, &out->getters[g]) < 0)
            return -1;
      }
      break;
    }
    if (fast_sv(F, 0, "rule", 0, &rule) < 0)
      return -1;
    if (rule.state) {
      if (name_index(start_rules, 8, rule.s) < 0)
        return -1;
      out->rule = rule.s;
    }
    int cs = jtok_get(T, text, 0, "components");
    if (cs >= 0) {
      if (T->t[cs].type != JT_OBJ)
        return -1;
      out->comps = arena_alloc(F->A, sizeof *out->comps * C__COUNT);
      memset(out->comps, 0, sizeof *out->comps * C__COUNT);
      for (unsigned k = 0, i = (unsigned)cs + 1; k < T->t[cs].size;
           k++, i = T->t[i + 1].next) {
        int ci = -1;
        for (int n = 0; n < C__COUNT && ci < 0; n++)
          if (jtok_eq(T, text, (int)i, comp_names[n]))
            ci = n;
        if (ci < 0)
          return -1;
        const struct jtok *v = &T->t[i + 1];
        if (v->type == JT_NULL && ci != C_PATH) {
          out->comps[ci].state = SV_NULL;
        } else if (v->type == JT_STR) {
          char *str = arena_str(F->A, v->end - v->start);
          out->comps[ci].len = (unsigned)jtok_str(T, text, (int)i + 1, str);
          out->comps[ci].s = str;
          out->comps[ci].state = SV_STR;
        } else {
          return -1;
        }
      }
    }
    int er = jtok_get(T, text, 0, "error");
    if (er >= 0) {
      if (T->t[er].type != JT_OBJ)
        return -1;
      int off = jtok_get(T, text, er, "offset");
      if (off >= 0) {
        const struct jtok *o = &T->t[off];
        long val = 0;
        if (o->type != JT_NUM)
          return -1;
        for (unsigned k = o->start; k < o->end; k++) {
          char ch = text[k];
          if (ch < '0' || ch > '9')
            return -1; /* negative or not an integer */
          val = val * 10 + (ch - '0');
        }
        out->error_offset = val;
      }
    }
    break;
  }
  case OP_MATCH:
    if (fast_sv(F, 0, "rule", 0, &rule) != 1)
      return -1;
    out->rule = rule.s;
    break;
  case OP_RESOLVE: {
    if (fast_sv(F, 0, "base", 0, &out->base) != 1)
      return -1;
    if (fast_sv(F, 0, "target", 0, &out->target) < 0)
      return -1;
    int b = fast_bool(F, 0, "strict");
    if (b == -2)
      return -1;
    if (b >= 0)
      out->strict = (unsigned char)b;
    if (e == EXPECT_ACCEPT && !out->target.state)
      return -1;
    break;
  }
  case OP_NORMALIZE:
    if (fast_sv(F, 0, "normalized", 0, &out->normalized) < 0)
      return -1;
    if (e == EXPECT_ACCEPT && !out->normalized.state)
      return -1;
    if (fast_level(F, &out->level) < 0)
      return -1;
    break;
  case OP_EQUIVALENT: {
    if (fast_sv(F, 0, "other", 0, &out->other) != 1)
      return -1;
    int q = fast_bool(F, 0, "equivalent");
    if (q == -2)
      return -1;
    if (q >= 0)
      out->equivalent = (signed char)q;
    if (e == EXPECT_ACCEPT && q < 0)
      return -1;
    if (fast_level(F, &out->level) < 0)
      return -1;
    break;
  }
  case OP_IRI_TO_URI:
    if (fast_sv(F, 0, "output", 0, &out->output) < 0)
      return -1;
    if (e == EXPECT_ACCEPT && !out->output.state)
      return -1;
    break;
  }
  /* last, so a test read again by the slow path finds its id unrecorded */
  if (idset_add(c->ids, id.s, c->path))
    return -1; /* a duplicate: not added */
  return 0;
}

static int keep(const struct filters *f, const char *path, json_t *g, int gi,
                json_t *t, const char *id, int op) {
  if (!f)
    return 1;
  if (f->nops && !match_any(f->ops, f->nops, op_names[op], 0))
    return 0;
  if (f->nfiles) {
    /* a pattern matches the path or any tail of it after a "/":
     * ("resolve.json", "v1/generated/ipv6.json", "rfc3986" then a star) */
    int hit = 0;
    for (const char *p = path; p && !hit;
         p = strchr(p, '/') ? strchr(p, '/') + 1 : NULL)
      hit = match_any(f->files, f->nfiles, p, 0);
    if (!hit)
      return 0;
  }
  if (f->ngroups) {
    json_t *d = json_object_get(g, "description");
    char idx[32];
    snprintf(idx, sizeof idx, "%d", gi);
    if (!match_any(f->groups, f->ngroups, idx, 0) &&
        !(json_is_string(d) &&
          match_any(f->groups, f->ngroups, json_string_value(d), 0)))
      return 0;
  }
  if (f->nids && !match_any(f->ids, f->nids, id, 0))
    return 0;
  if (f->ntags &&
      !tags_match(f, json_object_get(g, "tags"), json_object_get(t, "tags")))
    return 0;
  if (f->nsections && !sections_match(f, json_object_get(g, "specification"),
                                      json_object_get(t, "specification")))
    return 0;
  return 1;
}

/* ---- reading a file a test at a time --------------------------------- */

/*
 * A structural scan finds where each test of each group is in the text.
 * The groups' "tests" arrays are then blanked (newlines kept, so positions
 * stay) and the rest, a small skeleton, is read with jansson; each test is
 * read on its own and freed once compiled.  Memory stays near the size of
 * the file and jansson's allocations are reused while they are warm.  When
 * the scan meets anything unexpected, the whole file is read as one
 * document instead, and jansson says what is wrong and where.
 */
struct range {
  size_t start, end;
};
struct group_tests {
  int found;          /* its "tests" array was located */
  size_t open, close; /* offsets of "[" and "]" */
  struct range *r;
  size_t n, cap;
};
struct scan {
  const char *p;
  size_t n, i;
  struct group_tests *g;
  size_t ng;
};

static void scan_ws(struct scan *s) {
  while (s->i < s->n && (s->p[s->i] == ' ' || s->p[s->i] == '\t' ||
                         s->p[s->i] == '\n' || s->p[s->i] == '\r'))
    s->i++;
}
static int scan_string(struct scan *s) {
  s->i++;
  while (s->i < s->n) {
    char ch = s->p[s->i++];
    if (ch == '\\')
      s->i++;
    else if (ch == '"')
      return s->i <= s->n ? 0 : -1;
  }
  return -1;
}
static int scan_value(struct scan *s) {
  scan_ws(s);
  if (s->i >= s->n)
    return -1;
  char ch = s->p[s->i];
  if (ch == '"')
    return scan_string(s);
  if (ch == '{' || ch == '[') {
    int depth = 0;
    while (s->i < s->n) {
      ch = s->p[s->i];
      if (ch == '"') {
        if (scan_string(s) < 0)
          return -1;
        continue;
      }
      if (ch == '{' || ch == '[')
        depth++;
      else if ((ch == '}' || ch == ']') && --depth == 0) {
        s->i++;
        return 0;
      }
      s->i++;
    }
    return -1;
  }
  size_t start = s->i;
  while (s->i < s->n && !strchr(",}] \t\r\n", s->p[s->i]))
    s->i++;
  return s->i > start ? 0 : -1;
}
/* A member's key (raw, without quotes) and its colon. */
static int scan_key(struct scan *s, const char **k, size_t *klen) {
  scan_ws(s);
  if (s->i >= s->n || s->p[s->i] != '"')
    return -1;
  size_t start = s->i + 1;
  if (scan_string(s) < 0)
    return -1;
  *k = s->p + start;
  *klen = s->i - 1 - start;
  scan_ws(s);
  if (s->i >= s->n || s->p[s->i] != ':')
    return -1;
  s->i++;
  scan_ws(s);
  return s->i < s->n ? 0 : -1;
}
/* After a member or element: 1 when another follows, 0 at CLOSE, -1. */
static int scan_next(struct scan *s, char close) {
  scan_ws(s);
  if (s->i >= s->n)
    return -1;
  char ch = s->p[s->i++];
  return ch == ',' ? 1 : ch == close ? 0 : -1;
}
static int scan_tests(struct scan *s, struct group_tests *g) {
  g->found = 1;
  g->open = s->i++;
  scan_ws(s);
  if (s->i < s->n && s->p[s->i] == ']') {
    g->close = s->i++;
    return 0;
  }
  for (;;) {
    scan_ws(s);
    size_t start = s->i;
    if (scan_value(s) < 0)
      return -1;
    if (g->n == g->cap) {
      g->cap = g->cap ? g->cap * 2 : 64;
      g->r = xrealloc(g->r, sizeof *g->r * g->cap);
    }
    g->r[g->n].start = start;
    g->r[g->n].end = s->i;
    g->n++;
    int k = scan_next(s, ']');
    if (k < 0)
      return -1;
    if (k == 0) {
      g->close = s->i - 1;
      return 0;
    }
  }
}
static int scan_group(struct scan *s, struct group_tests *g) {
  scan_ws(s);
  if (s->i >= s->n)
    return -1;
  if (s->p[s->i] != '{')
    return scan_value(s); /* jansson will say */
  s->i++;
  scan_ws(s);
  if (s->i < s->n && s->p[s->i] == '}') {
    s->i++;
    return 0;
  }
  for (;;) {
    const char *k;
    size_t kl;
    if (scan_key(s, &k, &kl) < 0)
      return -1;
    if (kl == 5 && !memcmp(k, "tests", 5) && s->p[s->i] == '[' && !g->found) {
      if (scan_tests(s, g) < 0)
        return -1;
    } else if (scan_value(s) < 0) {
      return -1;
    }
    int nx = scan_next(s, '}');
    if (nx <= 0)
      return nx;
  }
}
static int scan_file(struct scan *s) {
  int groups_seen = 0;
  scan_ws(s);
  if (s->i >= s->n || s->p[s->i] != '{')
    return -1;
  s->i++;
  for (;;) {
    const char *k;
    size_t kl;
    if (scan_key(s, &k, &kl) < 0)
      return -1;
    if (kl == 6 && !memcmp(k, "groups", 6) && s->p[s->i] == '[' &&
        !groups_seen) {
      groups_seen = 1;
      s->i++;
      scan_ws(s);
      if (s->i < s->n && s->p[s->i] == ']') {
        s->i++;
      } else {
        for (;;) {
          s->g = xrealloc(s->g, sizeof *s->g * (s->ng + 1));
          memset(&s->g[s->ng], 0, sizeof *s->g);
          if (scan_group(s, &s->g[s->ng++]) < 0)
            return -1;
          int nx = scan_next(s, ']');
          if (nx < 0)
            return -1;
          if (nx == 0)
            break;
        }
      }
    } else if (scan_value(s) < 0) {
      return -1;
    }
    int nx = scan_next(s, '}');
    if (nx < 0)
      return -1;
    if (nx == 0)
      break;
  }
  scan_ws(s);
  return s->i == s->n ? 0 : -1;
}
static void scan_free(struct scan *s) {
  for (size_t i = 0; i < s->ng; i++)
    free(s->g[i].r);
  free(s->g);
  s->g = NULL;
  s->ng = 0;
}

/* The text with every test the scan found complete and the tokenizer
 * accepts written as {} (then spaces, one per character, and its
 * newlines), so that what follows keeps its line and column. */
static char *minimal_copy(const struct scan *sc, const char *p, size_t n,
                          size_t *outlen) {
  char *o = xmalloc(n + 1);
  size_t ol = 0, from = 0;
  struct jtoks tk = {0};
  for (size_t gi = 0; gi < sc->ng; gi++) {
    const struct group_tests *gt = &sc->g[gi];
    for (size_t ti = 0; ti < gt->n; ti++) {
      const struct range *r = &gt->r[ti];
      if (r->start < from ||
          jtok_parse(&tk, p + r->start, r->end - r->start) < 0)
        continue;
      memcpy(o + ol, p + from, r->start - from);
      ol += r->start - from;
      int chars = 0;
      for (size_t k = r->start; k < r->end; k++) {
        unsigned char ch = (unsigned char)p[k];
        if (ch == '\n')
          o[ol++] = '\n';
        else if ((ch & 0xC0) == 0x80)
          continue; /* columns count characters */
        else
          o[ol++] = chars++ == 0 ? '{' : chars == 2 ? '}' : ' ';
      }
      from = r->end;
    }
  }
  memcpy(o + ol, p + from, n - from);
  ol += n - from;
  jtok_free(&tk);
  *outlen = ol;
  return o;
}

/* Line and column (1-based) of offset OFF, counting from a cursor that
 * only moves forward. */
struct cursor {
  size_t off;
  int line, col;
};
static void cursor_to(struct cursor *c, const char *p, size_t off) {
  for (; c->off < off; c->off++) {
    if (p[c->off] == '\n') {
      c->line++;
      c->col = 0;
    } else if (((unsigned char)p[c->off] & 0xC0) != 0x80) {
      c->col++; /* jansson counts characters, not octets */
    }
  }
}

static void json_error_at(const char *path, const json_error_t *e, int line0,
                          int col0) {
  if (e->line < 0) {
    fprintf(stderr, "%s: %s\n", path, e->text);
    return;
  }
  int line = line0 + e->line - 1;
  int col = e->line == 1 ? col0 + e->column : e->column;
  fprintf(stderr, "%s:%d:%d: %s\n", path, line, col, e->text);
}

/* One test T (groups[GI].tests[TI]) checked, compiled and filtered. */
static int one_test(struct ctx *c, const struct filters *f, const char *path,
                    struct vfile *vf, int op, const char *desc, json_t *g,
                    size_t gi, size_t ti, json_t *t) {
  struct vectors *v = c->v;
  c->ti = (long)ti;
  c->test_id = NULL;
  if (!json_is_object(t))
    return bad(c, "(test)", "must be an object, not %s", type_name(t));
  if (v->ntests == v->cap) {
    v->cap = v->cap ? v->cap * 2 : 1024;
    v->tests = xrealloc(v->tests, sizeof *v->tests * v->cap);
  }
  struct test *tt = &v->tests[v->ntests];
  if (check_test(c, vf, op, desc, t, tt) < 0)
    return -1;
  v->total_loaded++;
  if (keep(f, path, g, (int)gi, t, tt->id, op))
    v->ntests++;
  return 0;
}

static int load_file(struct vectors *v, const char *path,
                     const struct filters *f, struct idset *ids) {
  json_error_t jerr;
  /* the whole file in one read (jansson's file reader goes octet by octet) */
  json_t *root = NULL;
  int fd = open(path, O_RDONLY);
  struct stat st;
  if (fd < 0 || fstat(fd, &st) < 0) {
    fprintf(stderr, "%s: cannot open: %s\n", path, strerror(errno));
    if (fd >= 0)
      close(fd);
    return -1;
  }
  struct buf text = {0};
  buf_reserve(&text, S_ISREG(st.st_mode) ? (size_t)st.st_size + 1 : 1 << 16);
  int rerr = 0;
  for (;;) {
    if (text.cap - text.len < 2)
      buf_reserve(&text, text.cap);
    ssize_t got = read(fd, text.p + text.len, text.cap - text.len - 1);
    if (got < 0 && errno == EINTR)
      continue;
    if (got < 0)
      rerr = errno;
    if (got <= 0)
      break;
    text.len += (size_t)got;
  }
  close(fd);
  if (rerr) {
    fprintf(stderr, "%s: read error: %s\n", path, strerror(rerr));
    buf_free(&text);
    return -1;
  }
  text.p[text.len] = 0;
  if (!text.p)
    buf_puts(&text, "");
  const int flags = JSON_ALLOW_NUL | JSON_REJECT_DUPLICATES;
  struct scan sc = {text.p, text.len, 0, NULL, 0};
  char *skeleton = NULL;
  if (scan_file(&sc) == 0) {
    /* the skeleton: the file without the tests, whose newlines stay so
     * that line numbers do; should jansson find fault with it, it is read
     * again with the tests blanked in place, for the exact column too */
    skeleton = xmalloc(text.len + 1);
    size_t sl = 0, from = 0;
    for (size_t gi = 0; gi < sc.ng; gi++) {
      struct group_tests *gt = &sc.g[gi];
      if (!gt->found)
        continue;
      memcpy(skeleton + sl, text.p + from, gt->open + 1 - from);
      sl += gt->open + 1 - from;
      for (const char *q = text.p + gt->open + 1, *e = text.p + gt->close;
           (q = memchr(q, '\n', (size_t)(e - q))); q++)
        skeleton[sl++] = '\n';
      from = gt->close;
    }
    memcpy(skeleton + sl, text.p + from, text.len - from);
    sl += text.len - from;
    root = json_loadb(skeleton, sl, flags, &jerr);
    if (!root) {
      memcpy(skeleton, text.p, text.len);
      for (size_t gi = 0; gi < sc.ng; gi++) {
        struct group_tests *gt = &sc.g[gi];
        if (!gt->found)
          continue;
        for (size_t k = gt->open + 1; k < gt->close; k++)
          if (skeleton[k] != '\n')
            skeleton[k] = ' ';
      }
      root = json_loadb(skeleton, text.len, flags, &jerr);
    }
    free(skeleton);
  } else {
    /* the scan failed (a file cut short, most often): jansson must say
     * where, but reading a big file as one document takes five times its
     * size.  The tests found complete that the tokenizer accepts (so
     * jansson would too) become {} first, and jansson reads the rest:
     * the first error is the same, and so is its line and column */
    size_t ml = 0;
    char *min = minimal_copy(&sc, text.p, text.len, &ml);
    json_t *probe = json_loadb(min, ml, flags, &jerr);
    free(min);
    if (probe) { /* not expected: read it all after all */
      json_decref(probe);
      root = json_loadb(text.p, text.len, flags, &jerr);
    }
    scan_free(&sc);
  }
  if (!root) {
    json_error_at(path, &jerr, 1, 0);
    scan_free(&sc);
    buf_free(&text);
    return -1;
  }
  struct ctx c = {
      .v = v, .path = path, .test_id = NULL, .gi = -1, .ti = -1, .ids = ids};
  struct cursor cur = {0, 1, 0};
  struct fast fast;
  memset(&fast, 0, sizeof fast);
  const char *le = getenv("URITEST_LOADER");
  int slow_loader = le && !strcmp(le, "jansson");
  int rc = -1;
  struct sv schema, version, spec;
  if (!json_is_object(root)) {
    bad(&c, "(top)", "must be an object, not %s", type_name(root));
    goto out;
  }
  if (req_string(&c, root, "schema", 0, &schema) < 0)
    goto out;
  if (strcmp(schema.s, "uritest-vectors/1")) {
    bad(&c, "schema",
        "unknown schema \"%s\" (this uritest reads uritest-vectors/1)",
        schema.s);
    goto out;
  }
  if (req_string(&c, root, "version", 0, &version) < 0)
    goto out;
  if (req_string(&c, root, "spec", 0, &spec) < 0)
    goto out;
  int sp = name_index(spec_names, 3, spec.s);
  if (sp < 0) {
    bad(&c, "spec", "must be rfc3986, rfc3987 or whatwg, not \"%s\"", spec.s);
    goto out;
  }
  json_t *groups = json_object_get(root, "groups");
  if (!groups) {
    bad(&c, "groups", "missing");
    goto out;
  }
  if (!json_is_array(groups)) {
    bad(&c, "groups", "must be an array, not %s", type_name(groups));
    goto out;
  }
  struct vfile *vf = arena_alloc(&v->arena, sizeof *vf);
  /* paths under the repository root are reported relative to it */
  const char *rel = path, *rroot = repo_root();
  size_t rl = strlen(rroot);
  if (!strncmp(path, rroot, rl) && path[rl] == '/')
    rel = path + rl + 1;
  vf->path = arena_strndup(&v->arena, rel, strlen(rel));
  vf->version = (char *)version.s;
  vf->spec = sp;
  v->files = xrealloc(v->files, sizeof *v->files * (v->nfiles + 1));
  v->files[v->nfiles++] = vf;

  size_t gi, ti;
  json_t *g, *t;
  json_array_foreach(groups, gi, g) {
    c.gi = (long)gi;
    c.ti = -1;
    c.test_id = NULL;
    if (!json_is_object(g)) {
      bad(&c, "(group)", "must be an object, not %s", type_name(g));
      goto out;
    }
    struct sv opn, desc;
    if (req_string(&c, g, "op", 0, &opn) < 0)
      goto out;
    int op = op_from_name(opn.s);
    if (op < 0) {
      bad(&c, "op", "unknown op \"%s\"", opn.s);
      goto out;
    }
    if (sp == SPEC_WHATWG && op != OP_PARSE) {
      bad(&c, "op", "whatwg files hold parse groups only, not \"%s\"", opn.s);
      goto out;
    }
    if (opt_string(&c, g, "description", 0, &desc) < 0)
      goto out;
    if (check_specification(&c, g) < 0 || check_tags(&c, g) < 0)
      goto out;
    json_t *tests = json_object_get(g, "tests");
    if (!tests) {
      bad(&c, "tests", "missing");
      goto out;
    }
    if (!json_is_array(tests)) {
      bad(&c, "tests", "must be an array, not %s", type_name(tests));
      goto out;
    }
    const char *d = desc.state ? desc.s : "";
    struct group_tests *gt = gi < sc.ng && sc.g[gi].found ? &sc.g[gi] : NULL;
    if (!gt) {
      json_array_foreach(tests, ti, t) {
        if (one_test(&c, f, path, vf, op, d, g, gi, ti, t) < 0)
          goto out;
      }
      continue;
    }
    /* --tag and --section read the test's JSON; URITEST_LOADER=jansson
     * turns the fast path off (the tests compare both) */
    int fast_ok = !(f && (f->ntags || f->nsections)) && !slow_loader;
    for (ti = 0; ti < gt->n; ti++) {
      const struct range *r = &gt->r[ti];
      if (fast_ok) {
        if (v->ntests == v->cap) {
          v->cap = v->cap ? v->cap * 2 : 1024;
          v->tests = xrealloc(v->tests, sizeof *v->tests * v->cap);
        }
        struct test *tt = &v->tests[v->ntests];
        c.ti = (long)ti;
        c.test_id = NULL;
        if (fast_test(&c, &fast, vf, op, d, text.p + r->start,
                      r->end - r->start, tt) == 0) {
          v->total_loaded++;
          if (keep(f, path, g, (int)gi, NULL, tt->id, op))
            v->ntests++;
          continue;
        }
      }
      t = json_loadb(text.p + r->start, r->end - r->start, flags, &jerr);
      if (!t) {
        cursor_to(&cur, text.p, r->start);
        json_error_at(path, &jerr, cur.line, cur.col);
        goto out;
      }
      int trc = one_test(&c, f, path, vf, op, d, g, gi, ti, t);
      json_decref(t);
      if (trc < 0)
        goto out;
    }
  }
  rc = 0;
out:
  jtok_free(&fast.tk);
  json_decref(root);
  scan_free(&sc);
  buf_free(&text);
  return rc;
}

static int cmp_str(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Collect *.json below DIR, sorted, into *list. */
static int walk(const char *dir, char ***list, size_t *n) {
  DIR *d = opendir(dir);
  if (!d) {
    warnx_("%s: cannot open folder", dir);
    return -1;
  }
  char **names = NULL;
  size_t nn = 0;
  struct dirent *e;
  while ((e = readdir(d))) {
    if (e->d_name[0] == '.')
      continue;
    names = xrealloc(names, sizeof *names * (nn + 1));
    names[nn++] = xstrdup(e->d_name);
  }
  closedir(d);
  qsort(names, nn, sizeof *names, cmp_str);
  int rc = 0;
  for (size_t i = 0; i < nn; i++) {
    size_t len = strlen(dir) + strlen(names[i]) + 2;
    char *p = xmalloc(len);
    snprintf(p, len, "%s/%s", dir, names[i]);
    struct stat st;
    if (stat(p, &st) == 0 && S_ISDIR(st.st_mode)) {
      if (walk(p, list, n) < 0)
        rc = -1;
      free(p);
    } else if (strlen(names[i]) > 5 &&
               !strcmp(names[i] + strlen(names[i]) - 5, ".json")) {
      *list = xrealloc(*list, sizeof **list * (*n + 1));
      (*list)[(*n)++] = p;
    } else {
      free(p);
    }
    free(names[i]);
  }
  free(names);
  return rc;
}

int vectors_load(struct vectors *v, char **paths, int npaths,
                 const struct filters *f) {
  char **files = NULL;
  size_t nfiles = 0;
  int rc = 0;
  for (int i = 0; i < npaths && rc == 0; i++) {
    struct stat st;
    if (stat(paths[i], &st) < 0) {
      warnx_("%s: no such file or folder", paths[i]);
      rc = -1;
    } else if (S_ISDIR(st.st_mode)) {
      size_t len = strlen(paths[i]);
      char *d = xstrndup(paths[i], len);
      while (len > 1 && d[len - 1] == '/')
        d[--len] = 0;
      if (walk(d, &files, &nfiles) < 0)
        rc = -1;
      free(d);
    } else {
      files = xrealloc(files, sizeof *files * (nfiles + 1));
      files[nfiles++] = xstrdup(paths[i]);
    }
  }
  /* the same file named twice is loaded once */
  char **seen = xcalloc(nfiles + 1, sizeof *seen);
  struct idset ids = {0};
  for (size_t i = 0; i < nfiles && rc == 0; i++) {
    char real[PATH_MAX];
    if (!realpath(files[i], real))
      snprintf(real, sizeof real, "%s", files[i]);
    int dup = 0;
    for (size_t k = 0; k < i && !dup; k++)
      if (seen[k] && !strcmp(seen[k], real))
        dup = 1;
    seen[i] = xstrdup(real);
    if (dup)
      continue;
    if (load_file(v, files[i], f, &ids) < 0)
      rc = -1;
  }
  for (size_t i = 0; i < nfiles; i++) {
    free(files[i]);
    free(seen[i]);
  }
  free(files);
  free(seen);
  free(ids.ids);
  free(ids.files);
  return rc;
}

void vectors_free(struct vectors *v) {
  arena_free(&v->arena);
  free(v->files);
  free(v->tests);
  memset(v, 0, sizeof *v);
}
