/* resume.c: see resume.h. */
#include "resume.h"

#include "endpoint.h"
#include "results.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *str_of(json_t *o, const char *key) {
  json_t *j = json_object_get(o, key);
  return json_is_string(j) ? json_string_value(j) : NULL;
}

/* A component or getter name as the static string the harness uses. */
static const char *static_name(const char *s) {
  for (int i = 0; i < RFC3986_COMPONENT_COUNT; i++)
    if (!strcmp(rfc3986_component_name(i), s))
      return rfc3986_component_name(i);
  for (int i = 0; i < G__COUNT; i++)
    if (!strcmp(getter_names[i], s))
      return getter_names[i];
  return NULL;
}

/* Where resume_load is in the file. */
struct reading {
  struct resume *r;
  const struct vectors *v;
  const struct adapter *ad;
  size_t n;
  struct strmap tests_by_id; /* the tests of this run by id */
  long lines;                /* the number of the line read last */
  char why[512];             /* why the line read is refused */
};

static int refuse(struct reading *rd, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
static int refuse(struct reading *rd, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(rd->why, sizeof rd->why, fmt, ap);
  va_end(ap);
  return -1;
}

/* The run record, line 1.  0 when it is a run of these vectors; -1 with
 * rd->why; -2 after a message of its own. */
static int read_header(struct reading *rd, json_t *o, int complete) {
  const char *rec = str_of(o, "record"), *cmd = str_of(o, "command"),
             *vv = str_of(o, "vectors_version");
  if (!rec || strcmp(rec, "run") || !complete)
    return refuse(rd, "not a results file of uritest run (no run record "
                      "first)");
  if (!cmd || strcmp(cmd, "run"))
    return refuse(rd, "results of uritest %.64s, not of uritest run",
                  cmd ? cmd : "?");
  if (!vv || strcmp(vv, vectors_version())) {
    fprintf(stderr,
            "uritest: --resume %s: results of vectors version %s; these "
            "vectors are %s\n",
            rd->r->path, vv ? vv : "?", vectors_version());
    return -2;
  }
  return 0;
}

/* Which adapter (P->adapter) and test (P->test) the result O is of, and
 * its class.  0, or -1 with rd->why. */
static int identify(struct reading *rd, json_t *o, struct prior *p) {
  const char *an = str_of(o, "adapter"), *lib = str_of(o, "library"),
             *id = str_of(o, "id"), *vv = str_of(o, "vectors_version"),
             *file = str_of(o, "file"), *fv = str_of(o, "file_version"),
             *cl = str_of(o, "class");
  size_t k = rd->n;
  for (size_t i = 0; i < rd->n && an; i++)
    if (!strcmp(rd->ad[i].name, an))
      k = i;
  if (!an || !lib || !id || !cl || !vv)
    return refuse(
        rd, "a result without adapter, library, id, vectors_version or class");
  if (strcmp(vv, vectors_version()))
    return refuse(rd,
                  "result %s is of vectors version %s; these vectors are %s",
                  id, vv, vectors_version());
  if (k == rd->n)
    return refuse(rd, "a result of adapter %s, which is not in this run", an);
  if (strcmp(rd->ad[k].library, lib))
    return refuse(rd, "results of %s %s; this run has %s", an, lib,
                  rd->ad[k].library);
  if ((p->v.cls = class_from_name(cl)) < 0)
    return refuse(rd, "unknown class \"%s\"", cl);
  size_t *index = strmap_get(&rd->tests_by_id, id);
  const struct test *t = index ? &rd->v->tests[*index] : NULL;
  if (!t)
    return refuse(rd,
                  "result %s: no such test in these vectors (other vectors, "
                  "or other filters?)",
                  id);
  if (!file || !fv || strcmp(file, t->file->path) ||
      strcmp(fv, t->file->version))
    return refuse(rd,
                  "result %s: of %s version %s; these vectors have it in %s "
                  "version %s",
                  id, file ? file : "?", fv ? fv : "?", t->file->path,
                  t->file->version);
  if (rd->r->done[k][*index])
    return refuse(rd, "two results of adapter %s for %s", an, id);
  p->test = (unsigned)*index;
  p->adapter = (unsigned)k;
  return 0;
}

/* The rest of the verdict the result O records, into P (its why and
 * answer owned).  0, or -1 with rd->why. */
static int read_verdict(struct reading *rd, json_t *o, struct prior *p) {
  json_t *ms = json_object_get(o, "mismatches"), *m;
  size_t mi;
  json_array_foreach(ms, mi, m) {
    const char *name = str_of(m, "component"), *kind = str_of(m, "kind");
    const char *sn = name ? static_name(name) : NULL;
    if (!sn || p->v.nmis >= MAX_MISMATCH)
      return refuse(rd, "result %s: a mismatch of an unknown component",
                    str_of(o, "id"));
    p->v.mis[p->v.nmis].name = sn;
    int mk = kind ? mismatch_kind_from_name(kind) : -1;
    p->v.mis[p->v.nmis].kind = mk < 0 ? MK_SEMANTIC : mk;
    p->v.nmis++;
  }
  p->v.security_relevant =
      json_is_true(json_object_get(o, "security_relevant"));
  const char *sev = str_of(o, "severity");
  int sv = sev ? severity_from_name(sev) : -1;
  p->v.severity = sv > 0 && p->v.security_relevant ? sv : SEV_NONE;
  p->v.endpoint = endpoint_class_from_name(str_of(o, "endpoint"));
  p->v.not_compared =
      (int)json_integer_value(json_object_get(o, "not_compared"));
  p->v.impl_defined =
      json_is_true(json_object_get(o, "implementation_defined"));
  const char *w = str_of(o, "why");
  p->v.why = w ? xstrdup(w) : NULL;
  json_t *got = json_object_get(o, "got");
  p->got = got && !json_is_null(got) ? json_incref(got) : NULL;
  return 0;
}

/* The result O, kept.  0, or -1 with rd->why. */
static int read_result(struct reading *rd, json_t *o) {
  struct prior p;
  memset(&p, 0, sizeof p);
  if (identify(rd, o, &p) < 0 || read_verdict(rd, o, &p) < 0)
    return -1;
  struct resume *r = rd->r;
  r->done[p.adapter][p.test] = 1;
  if (r->n == r->cap) {
    r->cap = r->cap ? r->cap * 2 : 1024;
    r->p = xrealloc(r->p, sizeof *r->p * r->cap);
  }
  r->p[r->n++] = p;
  return 0;
}

/* One line of the file (results_read with RESULTS_BAD_LINES: O is NULL
 * when the line is not a JSON object).  0 to go on, 1 to stop (what a
 * killed run leaves: half a last line), -1 with rd->why, -2 after a
 * message. */
static int read_line(void *ctx, const struct rrecord *rec) {
  struct reading *rd = ctx;
  json_t *o = rec->o;
  rd->lines = rec->line;
  if (!o)
    return !rec->complete && rec->line > 1
               ? 1
               : refuse(rd, "not a results file of uritest run (a line that "
                            "is not a JSON object)");
  if (rec->line == 1) {
    int rc = read_header(rd, o, rec->complete);
    if (rc == 0) {
      rd->r->header_end = rd->r->keep_end = rec->end;
      rd->r->header = json_incref(o);
    }
    return rc;
  }
  if (strcmp(rec->kind, "result"))
    return 0; /* the summary, last: dropped */
  if (!rec->complete)
    return 1; /* a result without its newline: run again */
  if (read_result(rd, o) < 0)
    return -1;
  rd->r->keep_end = rec->end;
  return 0;
}

int resume_load(struct resume *r, const char *path, const struct vectors *v,
                const struct adapter *ad, size_t n) {
  memset(r, 0, sizeof *r);
  r->path = xstrdup(path);
  struct reading rd = {r, v, ad, n, {0}, 0, ""};
  for (size_t i = 0; i < v->ntests; i++)
    strmap_add(&rd.tests_by_id, v->tests[i].id, i);
  r->nadapters = n;
  r->done = xcalloc(n ? n : 1, sizeof *r->done);
  for (size_t k = 0; k < n; k++)
    r->done[k] = xcalloc(v->ntests + 1, 1);
  /* the one reader of results files; it says why it could not read */
  int rc = results_read(path, RESULTS_BAD_LINES, read_line, &rd);
  if (rc == -1)
    fprintf(stderr, "uritest: --resume %s:%ld: %s\n", path, rd.lines, rd.why);
  else if (rc >= 0 && rc != EXIT_USAGE && rd.lines == 0)
    fprintf(stderr,
            "uritest: --resume %s: empty, not a results file of uritest run\n",
            path);
  int ok = (rc == 0 || rc == 1) && rd.lines > 0;
  strmap_free(&rd.tests_by_id);
  return ok ? 0 : -1;
}

void resume_free(struct resume *r) {
  for (size_t i = 0; i < r->n; i++) {
    free((char *)r->p[i].v.why);
    json_decref(r->p[i].got);
  }
  free(r->p);
  for (size_t k = 0; k < r->nadapters; k++)
    free(r->done[k]);
  free(r->done);
  free(r->path);
  json_decref(r->header);
  memset(r, 0, sizeof *r);
}
