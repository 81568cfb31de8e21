/* results.c: results files read record by record (results.h). */
#include "results.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "endpoint.h"
#include "util.h"

static int each_in(const char *path, int file, results_fn fn, void *ctx) {
  FILE *f = fopen(path, "r");
  if (!f) {
    warnx_("%s: cannot read: %s", path, strerror(errno));
    return EXIT_USAGE;
  }
  char *line = NULL;
  size_t cap = 0;
  ssize_t n;
  long lineno = 0;
  int rc = 0;
  while (!rc && (n = getline(&line, &cap, f)) > 0) {
    lineno++;
    while (n > 0 && (line[n - 1] == '\n' || line[n - 1] == '\r'))
      n--;
    if (n == 0)
      continue;
    json_error_t err;
    json_t *o = json_loadb(line, (size_t)n, JSON_ALLOW_NUL, &err);
    if (!json_is_object(o)) {
      warnx_("%s:%ld:%d: %s", path, lineno, o ? 1 : err.column,
             o ? "not a JSON object" : err.text);
      json_decref(o);
      rc = EXIT_USAGE;
      break;
    }
    const char *kind = json_string_value(json_object_get(o, "record"));
    struct rrecord r = {path, lineno, file,     kind ? kind : "result",
                        o,    line,   (size_t)n};
    rc = fn(ctx, &r);
    json_decref(o);
  }
  if (!rc && ferror(f)) {
    warnx_("%s: read error", path);
    rc = EXIT_USAGE;
  }
  free(line);
  fclose(f);
  return rc;
}

int results_each(char *const *paths, int n, results_fn fn, void *ctx) {
  for (int i = 0; i < n; i++) {
    int rc = each_in(paths[i], i, fn, ctx);
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
