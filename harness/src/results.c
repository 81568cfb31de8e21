/* results.c: results files read record by record (results.h). */
#include "results.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "endpoint.h"
#include "util.h"

/* What a file's run record says for the results below it: the library of
 * each adapter (name -> library), the vectors version, the version and
 * spec of each vector file. */
struct run_defaults {
  json_t *libs;
  json_t *version;
  json_t *files; /* path -> {"version", "spec"} */
};

static void defaults_of_run(struct run_defaults *d, json_t *run) {
  json_decref(d->libs);
  json_decref(d->version);
  d->libs = json_object();
  size_t i;
  json_t *a;
  json_array_foreach(json_object_get(run, "adapters"), i, a) {
    json_t *name = json_object_get(a, "name"),
           *lib = json_object_get(a, "library");
    if (json_is_string(name) && json_is_string(lib))
      json_object_setn(d->libs, json_string_value(name),
                       json_string_length(name), lib);
  }
  json_t *v = json_object_get(run, "vectors_version");
  d->version = json_is_string(v) ? json_incref(v) : NULL;
  json_decref(d->files);
  d->files = json_incref(json_object_get(run, "files"));
}

/* A result that leaves out its library, vectors version, file version or
 * spec (DESIGN.md "Results file": they are the run record's) gets the run
 * record's. */
static void defaults_to_result(const struct run_defaults *d, json_t *o) {
  if (!d->libs)
    return;
  const char *name = json_string_value(json_object_get(o, "adapter"));
  if (name && !json_object_get(o, "library")) {
    json_t *lib = json_object_get(d->libs, name);
    if (lib)
      json_object_set(o, "library", lib);
  }
  const char *file = json_string_value(json_object_get(o, "file"));
  if (!file)
    return;
  if (d->version && !json_object_get(o, "vectors_version"))
    json_object_set(o, "vectors_version", d->version);
  json_t *f = d->files ? json_object_get(d->files, file) : NULL;
  json_t *fv = json_object_get(f, "version"), *sp = json_object_get(f, "spec");
  if (json_is_string(fv) && !json_object_get(o, "file_version"))
    json_object_set(o, "file_version", fv);
  if (json_is_string(sp) && !json_object_get(o, "spec"))
    json_object_set(o, "spec", sp);
}

static int each_in(const char *path, int file, unsigned flags, results_fn fn,
                   void *ctx) {
  FILE *f = fopen(path, "r");
  if (!f) {
    warnx_("%s: cannot read: %s", path, strerror(errno));
    return EXIT_USAGE;
  }
  char *line = NULL;
  size_t cap = 0;
  ssize_t n;
  long lineno = 0, end = 0;
  int rc = 0;
  struct run_defaults run = {NULL, NULL, NULL};
  while (!rc && (n = getline(&line, &cap, f)) > 0) {
    lineno++;
    end += n;
    int complete = line[n - 1] == '\n';
    while (n > 0 && (line[n - 1] == '\n' || line[n - 1] == '\r'))
      n--;
    if (n == 0)
      continue;
    json_error_t err;
    json_t *o = json_loadb(line, (size_t)n, JSON_ALLOW_NUL, &err);
    if (!json_is_object(o)) {
      int json = o != NULL; /* JSON, but not an object */
      json_decref(o);
      o = NULL;
      if (!(flags & RESULTS_BAD_LINES)) {
        warnx_("%s:%ld:%d: %s", path, lineno, json ? 1 : err.column,
               json ? "not a JSON object" : err.text);
        rc = EXIT_USAGE;
        break;
      }
    }
    const char *kind =
        o ? json_string_value(json_object_get(o, "record")) : NULL;
    if (kind && !strcmp(kind, "run"))
      defaults_of_run(&run, o);
    else if (o && (!kind || !strcmp(kind, "result")))
      defaults_to_result(&run, o);
    struct rrecord r = {
        path,    lineno, file,      o ? (kind ? kind : "result") : NULL,
        o,       line,   (size_t)n, end,
        complete};
    rc = fn(ctx, &r);
    json_decref(o);
  }
  if (!rc && ferror(f)) {
    warnx_("%s: read error", path);
    rc = EXIT_USAGE;
  }
  free(line);
  fclose(f);
  json_decref(run.libs);
  json_decref(run.version);
  json_decref(run.files);
  return rc;
}

int results_read(const char *path, unsigned flags, results_fn fn, void *ctx) {
  return each_in(path, 0, flags, fn, ctx);
}

int results_each(char *const *paths, int n, results_fn fn, void *ctx) {
  for (int i = 0; i < n; i++) {
    int rc = each_in(paths[i], i, 0, fn, ctx);
    if (rc)
      return rc;
  }
  return 0;
}

int result_verdict(json_t *rec, struct verdict *v) {
  memset(v, 0, sizeof *v);
  const char *cls = json_string_value(json_object_get(rec, "class"));
  v->cls = cls ? class_from_name(cls) : -1;
  if (v->cls < 0)
    return -1;
  size_t i;
  json_t *c;
  json_array_foreach(json_object_get(rec, "components"), i, c) {
    if (v->nmis < MAX_MISMATCH && json_is_string(c))
      v->mis[v->nmis++].name = json_string_value(c);
  }
  v->security_relevant =
      json_is_true(json_object_get(rec, "security_relevant"));
  const char *sev = json_string_value(json_object_get(rec, "severity"));
  int k = sev ? severity_from_name(sev) : SEV_NONE;
  v->severity = k > 0 ? k : SEV_NONE;
  if (v->security_relevant && v->severity == SEV_NONE)
    v->severity = SEV_HOST; /* results of uritest 0.1 had no severity */
  v->not_compared =
      (int)json_integer_value(json_object_get(rec, "not_compared"));
  v->impl_defined =
      json_is_true(json_object_get(rec, "implementation_defined"));
  v->why = json_string_value(json_object_get(rec, "why"));
  v->vulnerable = json_string_value(json_object_get(rec, "vulnerable"));
  return 0;
}
