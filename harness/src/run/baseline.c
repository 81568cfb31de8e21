/* baseline.c: baseline files, {"adapter", "library", "vectors_version",
 * "entries": [{"id", "class", "components"}]}. */
#include "baseline.h"

#include <stdlib.h>
#include <string.h>

#include "files.h"
#include "util.h"

static int cmp_cstr(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

static char *join_sorted(const char **names, size_t n) {
  qsort(names, n, sizeof *names, cmp_cstr);
  struct buf b = {0};
  buf_puts(&b, "");
  for (size_t i = 0; i < n; i++) {
    if (i && !strcmp(names[i], names[i - 1]))
      continue;
    if (b.len)
      buf_putc(&b, ',');
    buf_puts(&b, names[i]);
  }
  return b.p;
}

char *verdict_components(const struct verdict *v) {
  const char *names[MAX_MISMATCH];
  for (int i = 0; i < v->nmis; i++)
    names[i] = v->mis[i].name;
  return join_sorted(names, (size_t)v->nmis);
}

int baseline_load(const char *path, struct baseline *b) {
  memset(b, 0, sizeof *b);
  json_error_t err;
  json_t *j = json_load_regular(path, 0, JSON_REJECT_DUPLICATES, &err);
  if (!j) {
    if (err.line < 0)
      fprintf(stderr, "%s: %s\n", path, err.text);
    else
      fprintf(stderr, "%s:%d:%d: %s\n", path, err.line, err.column, err.text);
    return -1;
  }
  json_t *ad = json_object_get(j, "adapter"),
         *en = json_object_get(j, "entries");
  if (!json_is_object(j) || !json_is_string(ad) || !json_is_array(en)) {
    fprintf(stderr,
            "%s: a baseline is an object with \"adapter\" and \"entries\"\n",
            path);
    json_decref(j);
    return -1;
  }
  b->path = xstrdup(path);
  b->adapter = xstrdup(json_string_value(ad));
  json_t *lib = json_object_get(j, "library"),
         *vv = json_object_get(j, "vectors_version");
  b->library = xstrdup(json_is_string(lib) ? json_string_value(lib) : "");
  b->vectors_version = xstrdup(json_is_string(vv) ? json_string_value(vv) : "");
  if (*b->vectors_version && strcmp(b->vectors_version, vectors_version())) {
    b->delta = xcalloc(1, sizeof *b->delta);
    vdelta_load(b->delta, b->vectors_version);
  }
  b->n = json_array_size(en);
  b->e = xcalloc(b->n, sizeof *b->e);
  for (size_t i = 0; i < b->n; i++) {
    json_t *e = json_array_get(en, i);
    json_t *id = json_object_get(e, "id"), *cl = json_object_get(e, "class"),
           *co = json_object_get(e, "components");
    int cls = json_is_string(cl) ? class_from_name(json_string_value(cl)) : -1;
    if (!json_is_string(id) || cls < 0 || (co && !json_is_array(co))) {
      fprintf(stderr,
              "%s: entries[%zu]: needs \"id\", a known \"class\" and a "
              "\"components\" array\n",
              path, i);
      json_decref(j);
      b->n = i;
      baseline_free(b);
      return -1;
    }
    size_t nc = json_array_size(co);
    const char **names = xcalloc(nc + 1, sizeof *names);
    for (size_t k = 0; k < nc; k++) {
      names[k] = json_string_value(json_array_get(co, k));
      if (!names[k])
        names[k] = "";
    }
    b->e[i].id = xstrdup(json_string_value(id));
    b->e[i].cls = cls;
    b->e[i].components = join_sorted(names, nc);
    free(names);
    strmap_add(&b->index, b->e[i].id, i); /* the first of an id counts */
  }
  json_decref(j);
  return 0;
}

void baseline_free(struct baseline *b) {
  for (size_t i = 0; i < b->n; i++) {
    free(b->e[i].id);
    free(b->e[i].components);
  }
  free(b->e);
  strmap_free(&b->index);
  free(b->path);
  free(b->adapter);
  free(b->library);
  free(b->vectors_version);
  if (b->delta)
    vdelta_free(b->delta);
  free(b->delta);
  memset(b, 0, sizeof *b);
}

struct bentry *baseline_find(struct baseline *b, const char *id) {
  size_t *i = strmap_get(&b->index, id);
  return i ? &b->e[*i] : NULL;
}

int bcheck_result(struct bcheck *c, const char *id, const struct verdict *v,
                  int failed) {
  struct bentry *e = c->b ? baseline_find(c->b, id) : NULL;
  if (e)
    e->seen = 1;
  if (!failed) {
    if (e)
      e->now_passing = 1;
    return 0;
  }
  char *comps = verdict_components(v);
  if (e && e->cls == v->cls && !strcmp(e->components, comps)) {
    e->held = 1;
    free(comps);
    return 1;
  }
  struct buf b = {0};
  buf_printf(&b, "%s %s", id, class_names[v->cls]);
  if (*comps)
    buf_printf(&b, " %s", comps);
  if (e) {
    buf_printf(&b, " (baseline: %s", class_names[e->cls]);
    if (*e->components)
      buf_printf(&b, " %s", e->components);
    buf_putc(&b, ')');
  }
  free(comps);
  const char *why = c->b && c->b->delta ? vdelta_why(c->b->delta, id) : NULL;
  if (why) { /* a vector the baseline never saw as it is */
    buf_printf(&b, " (%s since %s)", why, c->b->vectors_version);
    c->newvec_lines =
        xrealloc(c->newvec_lines, sizeof *c->newvec_lines * (c->nnewvec + 1));
    c->newvec_lines[c->nnewvec++] = b.p;
    return 0;
  }
  c->new_lines = xrealloc(c->new_lines, sizeof *c->new_lines * (c->nnew + 1));
  c->new_lines[c->nnew++] = b.p;
  return 0;
}

void bcheck_free(struct bcheck *c) {
  for (size_t k = 0; k < c->nnew; k++)
    free(c->new_lines[k]);
  for (size_t k = 0; k < c->nnewvec; k++)
    free(c->newvec_lines[k]);
  free(c->new_lines);
  free(c->newvec_lines);
  c->new_lines = c->newvec_lines = NULL;
  c->nnew = c->nnewvec = 0;
}

/* The baseline entries of B whose vector was not run (NOTRUN of them):
 * said on F, the first few by id; the ids as a JSON array. */
static json_t *not_run_report(const struct baseline *b, size_t notrun,
                              int whole, const char *adapter, FILE *f) {
  json_t *ids = json_array();
  if (!notrun)
    return ids;
  put_labelf(f, "baseline %s: %zu entries whose vectors were not run%s",
             adapter, notrun,
             whole ? " (a whole run: the baseline does not hold)"
                   : " (a shard or filtered run)");
  size_t shown = 0;
  for (size_t i = 0; i < b->n; i++)
    if (!b->e[i].seen) {
      json_array_append_new(ids, json_string(b->e[i].id));
      if (shown++ < 10)
        put_labelf(f, "  not run: %s %s", b->e[i].id, class_names[b->e[i].cls]);
    }
  if (shown > 10)
    put_labelf(f, "  ... and %zu more not run", shown - 10);
  return ids;
}

int bcheck_report(struct bcheck *c, const char *adapter, const char *library,
                  FILE *f, json_t *summary) {
  size_t now = 0, notrun = 0;
  json_t *jnew = json_array(), *jnow = json_array(), *jvec = json_array();
  const struct baseline *b = c->b;
  for (size_t i = 0; b && i < b->n; i++) {
    now += b->e[i].now_passing != 0;
    notrun += !b->e[i].seen;
  }
  /* ids, names and libraries come from files and adapters: escaped */
  if (b && b->delta)
    put_labelf(f,
               "baseline %s: recorded with vectors %s, this run has %s: %zu "
               "discrepancies on vectors added or changed since are listed "
               "apart (new vectors, not regressions)",
               adapter, b->vectors_version, vectors_version(), c->nnewvec);
  if (b && *b->library && library && strcmp(b->library, library))
    put_labelf(f, "baseline %s: recorded with library %s, this run has %s",
               adapter, b->library, library);
  if (b && b->delta)
    put_labelf(f,
               "baseline %s (%s): %zu new discrepancies, %zu now passing, "
               "%zu on new vectors",
               adapter, b->path, c->nnew, now, c->nnewvec);
  else
    put_labelf(f, "baseline %s (%s): %zu new discrepancies, %zu now passing",
               adapter, b ? b->path : "no baseline file", c->nnew, now);
  for (size_t i = 0; i < c->nnew; i++) {
    put_labelf(f, "  new: %s", c->new_lines[i]);
    json_array_append_new(jnew, json_string(c->new_lines[i]));
  }
  for (size_t i = 0; i < c->nnewvec; i++) {
    put_labelf(f, "  new vector: %s", c->newvec_lines[i]);
    json_array_append_new(jvec, json_string(c->newvec_lines[i]));
  }
  if (b)
    for (size_t i = 0; i < b->n; i++)
      if (b->e[i].now_passing) {
        put_labelf(f, "  now passing: %s %s", b->e[i].id,
                   class_names[b->e[i].cls]);
        json_array_append_new(jnow, json_string(b->e[i].id));
      }
  json_t *jnot = not_run_report(b, notrun, c->whole, adapter, f);
  if (summary) {
    json_object_set_new(summary, adapter,
                        json_pack("{s:s?, s:s?, s:s?, s:o, s:o, s:o}", "file",
                                  b ? b->path : NULL, "vectors_version",
                                  b ? b->vectors_version : NULL, "library",
                                  b ? b->library : NULL, "new", jnew,
                                  "now_passing", jnow, "new_vectors", jvec));
    json_object_set_new(json_object_get(summary, adapter), "not_run", jnot);
  } else {
    json_decref(jnew);
    json_decref(jnow);
    json_decref(jvec);
    json_decref(jnot);
  }
  return c->nnew > 0 || now > 0 || c->nnewvec > 0 || (c->whole && notrun);
}

void brecord_add(struct brecord *r, const char *id, const struct verdict *v) {
  r->ids = xrealloc(r->ids, sizeof *r->ids * (r->n + 1));
  r->cls = xrealloc(r->cls, sizeof *r->cls * (r->n + 1));
  r->comps = xrealloc(r->comps, sizeof *r->comps * (r->n + 1));
  r->ids[r->n] = xstrdup(id);
  r->cls[r->n] = v->cls;
  r->comps[r->n] = verdict_components(v);
  r->n++;
}

static const struct brecord *sort_rec;
static int cmp_idx(const void *a, const void *b) {
  return strcmp(sort_rec->ids[*(const size_t *)a],
                sort_rec->ids[*(const size_t *)b]);
}

int brecord_write(struct brecord *r, const char *path, const char *adapter,
                  const char *library) {
  size_t *order = xcalloc(r->n + 1, sizeof *order);
  for (size_t i = 0; i < r->n; i++)
    order[i] = i;
  sort_rec = r;
  qsort(order, r->n, sizeof *order, cmp_idx);
  json_t *entries = json_array();
  for (size_t k = 0; k < r->n; k++) {
    size_t i = order[k];
    json_t *comps = json_array();
    char *save = NULL, *copy = xstrdup(r->comps[i]);
    for (char *t = strtok_r(copy, ",", &save); t;
         t = strtok_r(NULL, ",", &save))
      json_array_append_new(comps, json_string(t));
    free(copy);
    json_array_append_new(entries, json_pack("{s:s, s:s, s:o}", "id", r->ids[i],
                                             "class", class_names[r->cls[i]],
                                             "components", comps));
  }
  free(order);
  json_t *doc =
      json_pack("{s:s, s:s, s:s, s:s, s:s, s:o}", "adapter", adapter, "library",
                library, "vectors_version", vectors_version(), "uritest",
                URITEST_VERSION, "date", run_date(), "entries", entries);
  /* a new name renamed over the old baseline: a full disk or a kill
   * cannot leave it cut */
  struct ofile f;
  int rc = -1;
  if (doc && ofile_open(&f, path) == 0) {
    json_dumpf(doc, f.f, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
    rc = ofile_close(&f); /* a failed write shows here */
  } else if (!doc) {
    warnx_("%s: cannot write the baseline", path);
  }
  json_decref(doc);
  return rc;
}
