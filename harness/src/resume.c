/* resume.c: see resume.h. */
#include "resume.h"

#include "endpoint.h"

#include <errno.h>
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

int resume_load(struct resume *r, const char *path, const struct vectors *v,
                const struct adapter *ad, size_t n) {
  memset(r, 0, sizeof *r);
  r->path = xstrdup(path);
  FILE *f = fopen(path, "rb");
  if (!f) {
    fprintf(stderr, "uritest: --resume %s: %s\n", path, strerror(errno));
    return -1;
  }
  /* the tests of this run by id */
  struct strmap tests_by_id = {0};
  for (size_t i = 0; i < v->ntests; i++)
    strmap_add(&tests_by_id, v->tests[i].id, i);
  r->nadapters = n;
  r->done = xcalloc(n ? n : 1, sizeof *r->done);
  for (size_t k = 0; k < n; k++)
    r->done[k] = xcalloc(v->ntests + 1, 1);

  char *line = NULL;
  size_t lcap = 0, lineno = 0;
  off_t at = 0;
  int rc = -1;
  ssize_t len;
#define FAIL(...)                                                              \
  do {                                                                         \
    fprintf(stderr, "uritest: --resume %s:%zu: ", path, lineno);               \
    fprintf(stderr, __VA_ARGS__);                                              \
    fputc('\n', stderr);                                                       \
    goto out;                                                                  \
  } while (0)
  while ((len = getline(&line, &lcap, f)) > 0) {
    lineno++;
    int complete = line[len - 1] == '\n';
    off_t next = at + len;
    json_t *o = json_loadb(line, (size_t)len, JSON_ALLOW_NUL, NULL);
    if (!o || !json_is_object(o)) {
      json_decref(o);
      /* what a killed run leaves: half a last line */
      if (!complete && lineno > 1)
        break;
      FAIL("not a results file of uritest run (a line that is not a JSON "
           "object)");
    }
    const char *rec = str_of(o, "record");
    if (lineno == 1) {
      const char *cmd = str_of(o, "command"),
                 *vv = str_of(o, "vectors_version");
      if (!rec || strcmp(rec, "run") || !complete) {
        json_decref(o);
        FAIL("not a results file of uritest run (no run record first)");
      }
      if (!cmd || strcmp(cmd, "run")) {
        char c[64];
        snprintf(c, sizeof c, "%s", cmd ? cmd : "?");
        json_decref(o);
        FAIL("results of uritest %s, not of uritest run", c);
      }
      if (!vv || strcmp(vv, vectors_version())) {
        fprintf(stderr,
                "uritest: --resume %s: results of vectors version %s; these "
                "vectors are %s\n",
                path, vv ? vv : "?", vectors_version());
        json_decref(o);
        goto out;
      }
      r->header_end = r->keep_end = next;
      json_decref(o);
      at = next;
      continue;
    }
    if (!rec || strcmp(rec, "result")) { /* the summary, last: dropped */
      json_decref(o);
      at = next;
      continue;
    }
    if (!complete) { /* a result without its newline: run again */
      json_decref(o);
      break;
    }
    const char *an = str_of(o, "adapter"), *lib = str_of(o, "library"),
               *id = str_of(o, "id"), *vv = str_of(o, "vectors_version"),
               *file = str_of(o, "file"), *fv = str_of(o, "file_version"),
               *cl = str_of(o, "class");
    struct prior p;
    memset(&p, 0, sizeof p);
    size_t k = n;
    for (size_t i = 0; i < n && an; i++)
      if (!strcmp(ad[i].name, an))
        k = i;
    char why[512];
    why[0] = 0;
    if (!an || !lib || !id || !cl || !vv) {
      snprintf(
          why, sizeof why,
          "a result without adapter, library, id, vectors_version or class");
    } else if (strcmp(vv, vectors_version())) {
      snprintf(why, sizeof why,
               "result %s is of vectors version %s; these vectors are %s", id,
               vv, vectors_version());
    } else if (k == n) {
      snprintf(why, sizeof why,
               "a result of adapter %s, which is not in this run", an);
    } else if (strcmp(ad[k].library, lib)) {
      snprintf(why, sizeof why, "results of %s %s; this run has %s", an, lib,
               ad[k].library);
    } else if ((p.v.cls = class_from_name(cl)) < 0) {
      snprintf(why, sizeof why, "unknown class \"%s\"", cl);
    }
    if (!why[0]) {
      size_t *index = strmap_get(&tests_by_id, id);
      const struct test *t = index ? &v->tests[*index] : NULL;
      if (!t)
        snprintf(why, sizeof why,
                 "result %s: no such test in these vectors (other vectors, or "
                 "other filters?)",
                 id);
      else if (!file || !fv || strcmp(file, t->file->path) ||
               strcmp(fv, t->file->version))
        snprintf(why, sizeof why,
                 "result %s: of %s version %s; these vectors have it in %s "
                 "version %s",
                 id, file ? file : "?", fv ? fv : "?", t->file->path,
                 t->file->version);
      else if (r->done[k][*index])
        snprintf(why, sizeof why, "two results of adapter %s for %s", an, id);
      else
        p.test = (unsigned)*index;
    }
    if (why[0]) {
      json_decref(o);
      FAIL("%s", why);
    }
    p.adapter = (unsigned)k;
    json_t *ms = json_object_get(o, "mismatches"), *m;
    size_t mi;
    json_array_foreach(ms, mi, m) {
      const char *name = str_of(m, "component"), *kind = str_of(m, "kind");
      const char *sn = name ? static_name(name) : NULL;
      if (!sn || p.v.nmis >= MAX_MISMATCH) {
        json_decref(o);
        FAIL("result %s: a mismatch of an unknown component", id);
      }
      p.v.mis[p.v.nmis].name = sn;
      int mk = kind ? mismatch_kind_from_name(kind) : -1;
      p.v.mis[p.v.nmis].kind = mk < 0 ? MK_SEMANTIC : mk;
      p.v.nmis++;
    }
    p.v.security_relevant =
        json_is_true(json_object_get(o, "security_relevant"));
    const char *sev = str_of(o, "severity");
    int sv = sev ? severity_from_name(sev) : -1;
    p.v.severity = sv > 0 && p.v.security_relevant ? sv : SEV_NONE;
    p.v.not_compared =
        (int)json_integer_value(json_object_get(o, "not_compared"));
    p.v.impl_defined =
        json_is_true(json_object_get(o, "implementation_defined"));
    const char *w = str_of(o, "why");
    p.v.why = w ? xstrdup(w) : NULL;
    json_t *got = json_object_get(o, "got");
    p.got = got && !json_is_null(got) ? json_incref(got) : NULL;
    json_decref(o);
    r->done[k][p.test] = 1;
    if (r->n == r->cap) {
      r->cap = r->cap ? r->cap * 2 : 1024;
      r->p = xrealloc(r->p, sizeof *r->p * r->cap);
    }
    r->p[r->n++] = p;
    r->keep_end = next;
    at = next;
  }
#undef FAIL
  if (lineno == 0) {
    fprintf(stderr,
            "uritest: --resume %s: empty, not a results file of uritest run\n",
            path);
    goto out;
  }
  if (ferror(f)) {
    fprintf(stderr, "uritest: --resume %s: read error\n", path);
    goto out;
  }
  rc = 0;
out:
  free(line);
  strmap_free(&tests_by_id);
  fclose(f);
  return rc;
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
  memset(r, 0, sizeof *r);
}
