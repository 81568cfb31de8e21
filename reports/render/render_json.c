/* render_json.c: results.json from the report model: the run, per adapter
 * the counts (and the conformance per op that the README's headline
 * reads), the results that are not PASS as read (UNSUPPORTED ones only
 * with --all) with their section, and the pruned patterns. */
#include <stdlib.h>
#include <string.h>

#include "files.h"
#include "model.h"
#include "util.h"

/* A JSON string of S[0..N) on F. */
static void jstr_out(FILE *f, struct buf *b, const char *s, size_t n) {
  b->len = 0;
  buf_json_str(b, s, n);
  fwrite(b->p, 1, b->len, f);
}

static void jmodel(FILE *f, struct buf *b, const struct report *r, uint32_t i) {
  jstr_out(f, b, rs(r, i), rslen(r, i));
}

static void adapter_json(FILE *f, struct buf *b, const struct report *r,
                         const struct rpt_adapter *a) {
  jmodel(f, b, r, a->name);
  fputs(": {\"library\": ", f);
  jmodel(f, b, r, a->library);
  fputs(", \"spec\": ", f);
  jmodel(f, b, r, a->spec);
  fputs(", \"role\": ", f);
  jmodel(f, b, r, a->role);
  fprintf(
      f,
      ", \"total\": %zu, \"passed\": %zu, \"failed\": %zu, "
      "\"unsupported\": %zu, \"skipped\": %zu, \"implementation_defined\": "
      "%zu, \"not_compared\": %zu, \"security_relevant\": %zu, "
      "\"host_lost\": %zu, \"known\": "
      "%zu, \"behaviours_named\": %zu, \"named_behaviours\": {\"declared\": "
      "%zu}, \"by_class\": {",
      a->total, a->passed, a->failed, a->unsupported, a->skipped,
      a->impl_defined, a->not_compared, a->security, a->host_lost, a->known,
      a->behaviours_named, a->declared);
  int first = 1;
  for (int c = 0; c < CLASS__COUNT; c++)
    if (a->by_class[c]) {
      fprintf(f, "%s\"%s\": %zu", first ? "" : ", ", class_names[c],
              a->by_class[c]);
      first = 0;
    }
  fputs("}, \"conformance\": {", f);
  for (int op = 0; op < RPT_OP__COUNT; op++)
    fprintf(f, "%s\"%s\": {\"passed\": %zu, \"answered\": %zu}", op ? ", " : "",
            rpt_op_names[op], a->op_passed[op], a->op_answered[op]);
  fputs("}, \"security_by_severity\": {", f);
  for (size_t s = 0; s < a->nsev; s++) {
    if (s)
      fputs(", ", f);
    jmodel(f, b, r, a->sev[2 * s]);
    fprintf(f, ": %u", a->sev[2 * s + 1]);
  }
  fputs("}, \"vulnerable\": [", f);
  for (size_t i = 0; i < a->nvuln; i++) {
    if (i)
      fputs(", ", f);
    jmodel(f, b, r, a->vuln[i].advisory);
  }
  fputs("]}", f);
}

/* The spooled results, each with its section. */
static int results_json(FILE *f, struct buf *b, const struct report *r) {
  if (!r->spool)
    return 0;
  rewind(r->spool);
  char *line = NULL;
  size_t cap = 0;
  ssize_t n;
  size_t k = 0;
  while ((n = getline(&line, &cap, r->spool)) > 0) {
    char *tab = memchr(line, '\t', (size_t)n);
    char *brace = tab ? memchr(tab, '{', (size_t)(line + n - tab)) : NULL;
    if (!brace)
      continue;
    unsigned long vi = strtoul(line, NULL, 10);
    const struct rpt_vec *v = vi < r->nvecs ? &r->vecs[vi] : NULL;
    fputs(k++ ? ",\n{\"section\": " : "\n{\"section\": ", f);
    if (v && v->section)
      jmodel(f, b, r, v->section);
    else
      fputs("null", f);
    fputs(", ", f);
    size_t rest = (size_t)(line + n - (brace + 1));
    while (rest && (brace[rest] == '\n' || brace[rest] == '\r'))
      rest--;
    fwrite(brace + 1, 1, rest, f);
  }
  free(line);
  return ferror(r->spool) ? -1 : 0;
}

int render_json(struct report *r, const struct render_opts *o) {
  char *path;
  struct ofile of;
  FILE *f = report_open_out(o->dir, "results.json", &path, &of);
  if (!f) {
    free(path);
    return EXIT_USAGE;
  }
  struct buf b = {0};
  fprintf(f,
          "{\"report\": {\"uritest\": \"%s\", \"command\": ", URITEST_VERSION);
  jmodel(f, &b, r, r->command);
  fputs(", \"run_uritest\": ", f);
  jmodel(f, &b, r, r->run_uritest);
  fputs(", \"vectors_version\": ", f);
  jmodel(f, &b, r, r->vectors_version);
  fputs(", \"date\": ", f);
  jmodel(f, &b, r, r->date);
  fputs(", \"results_file\": ", f);
  jstr_out(f, &b, r->source, strlen(r->source));
  fprintf(f, ", \"interrupted\": %s, \"unsupported_included\": %s},\n",
          r->interrupted ? "true" : "false", o->all ? "true" : "false");
  fputs("\"adapters\": {", f);
  for (size_t i = 0; i < r->nad; i++) {
    fputs(i ? ",\n  " : "\n  ", f);
    adapter_json(f, &b, r, &r->ad[i]);
  }
  fputs("},\n\"results\": [", f);
  int rc = results_json(f, &b, r);
  fputs("],\n\"pruned\": [", f);
  size_t np;
  struct rpt_pattern *p = report_prune(r, &np);
  for (size_t i = 0; i < np; i++) {
    const struct rpt_vec *v = &r->vecs[p[i].vec];
    fputs(i ? ",\n{\"id\": " : "\n{\"id\": ", f);
    jstr_out(f, &b, vec_id(r, v), vec_idlen(r, v));
    fputs(", \"section\": ", f);
    if (v->section)
      jmodel(f, &b, r, v->section);
    else
      fputs("null", f);
    fputs(", \"outcomes\": {", f);
    for (size_t k = 0; k < r->nad; k++) {
      if (k)
        fputs(", ", f);
      jmodel(f, &b, r, r->ad[k].name);
      if (v->cls[k] == RPT_NONE)
        fputs(": null", f);
      else
        fprintf(f, ": \"%s\"", class_names[v->cls[k]]);
    }
    fprintf(f, "}, \"vectors\": %zu}", p[i].count);
  }
  fputs("]}\n", f);
  free(p);
  free(b.p);
  if (rc != 0) {
    warnx_("results spool: read error");
    ofile_abort(&of);
    rc = EXIT_USAGE;
  } else if (ofile_close(&of) != 0) {
    rc = EXIT_USAGE;
  }
  free(path);
  return rc;
}
