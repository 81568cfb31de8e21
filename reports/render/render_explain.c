/* render_explain.c: `uritest explain`'s output, from the JSON document of
 * `uritest diff --format json` on one input: the oracle's derivation
 * (report_derive: the spans `rfc3986 explain` prints), then every
 * adapter's reading side by side, the components the harness found
 * different (the result's "components", "valid" for SHOULD_HAVE_*)
 * marked with "*" (and in colour when COLOR).  --format json:
 *   {"input": ..., "derivation": [{"rule", "start", "end", "depth"}],
 *    "oracle": {"valid", "components"},
 *    "readings": {"NAME": {"valid", "components", "class",
 *                          "security_relevant", "severity", "why"}}} */
#include <stdlib.h>
#include <string.h>

#include <jansson.h>
#include <rfc3986.h>

#include "model.h"
#include "util.h"
#include "codec_json.h"

#define CELL_MAX 28 /* octets of a shown value in the table */

static const char *const columns[] = {
    "valid",     "scheme", "authority", "userinfo", "host",
    "host_type", "port",   "path",      "query",    "fragment"};
#define NCOL (sizeof columns / sizeof *columns)

/* The value of column C in reading O ({"valid", "components"}), shown. */
static char *cell(json_t *o, size_t c) {
  struct buf b = {0};
  buf_puts(&b, "");
  json_t *v =
      !json_is_object(o) ? NULL
      : c == 0           ? json_object_get(o, "valid")
               : json_object_get(json_object_get(o, "components"), columns[c]);
  if (v)
    report_show_value(&b, v);
  if (b.len > CELL_MAX) {
    b.len = CELL_MAX - 3;
    buf_puts(&b, "...");
  }
  return b.p;
}

/* Whether the harness found column C different in result R. */
static int differs(json_t *r, size_t c) {
  int cls = class_from_name(json_string_value(json_object_get(r, "class")));
  if (c == 0)
    return cls == CLASS_SHOULD_HAVE_ACCEPTED ||
           cls == CLASS_SHOULD_HAVE_REJECTED;
  size_t i;
  json_t *m;
  json_array_foreach(json_object_get(r, "components"), i, m) {
    if (json_is_string(m) && !strcmp(json_string_value(m), columns[c]))
      return 1;
  }
  return 0;
}

static void derivation_text(FILE *f, const char *s, size_t n, struct report *m,
                            size_t nspans, uint32_t first) {
  fputs("derivation (the oracle: which ABNF rule matched which octets):\n", f);
  if (!nspans) {
    rfc3986_uri uri;
    rfc3986_error err;
    memset(&err, 0, sizeof err);
    rfc3986_parse(s, n, RFC3986_RULE_URI_reference, &uri, &err);
    fprintf(f, "  none: not a URI-reference; at offset %zu, in rule %s: %s\n",
            err.offset, rfc3986_rule_name(err.rule),
            rfc3986_error_message(&err));
    return;
  }
  struct buf b = {0};
  for (size_t i = 0; i < nspans; i++) {
    const struct rpt_span *sp = &m->spans[first + i];
    b.len = 0;
    buf_puts(&b, "");
    report_show(&b, s + sp->start, sp->end - sp->start);
    int pad = 28 - 2 * (int)sp->depth;
    fprintf(f, "  %*s%-*s [%u, %u) \"%s\"\n", 2 * (int)sp->depth, "",
            pad > 1 ? pad : 1, rs(m, sp->rule), sp->start, sp->end, b.p);
  }
  free(b.p);
}

/* One row of the table: NAME, CLASS, the cells (marked where MARK[c]). */
static void row(FILE *f, const char *name, const char *cls, char **cells,
                const int *mark, const size_t *w, size_t wname, int color) {
  fprintf(f, "  %-*s %-*s", (int)wname, name, (int)w[NCOL], cls);
  for (size_t c = 0; c < NCOL; c++) {
    fputs(" ", f);
    if (mark[c] && color)
      fputs("\033[1;31m", f);
    fprintf(f, "%s%-*s", mark[c] ? "*" : " ", (int)w[c], cells[c]);
    if (mark[c] && color)
      fputs("\033[0m", f);
  }
  fputc('\n', f);
}

/* "CLASS" or "CLASS (security-relevant)" of result R ("" for none). */
static void class_label(char *out, size_t cap, json_t *r) {
  const char *cl = r ? json_string_value(json_object_get(r, "class")) : "";
  snprintf(out, cap, "%s%s", cl ? cl : "?",
           json_is_true(json_object_get(r, "security_relevant"))
               ? " (security-relevant)"
               : "");
}

static int readings_text(FILE *f, json_t *results, json_t *oracle, int color) {
  size_t nr = json_array_size(results), wname = 8;
  size_t w[NCOL + 1];
  for (size_t c = 0; c < NCOL; c++)
    w[c] = strlen(columns[c]);
  w[NCOL] = 5;
  char ***cells = xcalloc(nr + 1, sizeof *cells);
  char **names = xcalloc(nr + 1, sizeof *names);
  for (size_t i = 0; i <= nr; i++) {
    json_t *r = i ? json_array_get(results, i - 1) : NULL;
    cells[i] = xcalloc(NCOL, sizeof **cells);
    for (size_t c = 0; c < NCOL; c++) {
      cells[i][c] = cell(i ? json_object_get(r, "got") : oracle, c);
      if (strlen(cells[i][c]) > w[c])
        w[c] = strlen(cells[i][c]);
    }
    struct buf b = {0};
    buf_puts(&b, i ? "" : "(oracle)");
    if (i) {
      const char *a = json_string_value(json_object_get(r, "adapter"));
      report_show(&b, a ? a : "?", a ? strlen(a) : 1);
    }
    names[i] = b.p;
    if (b.len > wname)
      wname = b.len;
    char cls[64];
    class_label(cls, sizeof cls, r);
    if (strlen(cls) > w[NCOL])
      w[NCOL] = strlen(cls);
  }
  fputs("\nreadings (* marks what the harness found different from the "
        "oracle's):\n",
        f);
  int zero[NCOL] = {0}, any = 0;
  char **head = xcalloc(NCOL, sizeof *head);
  for (size_t c = 0; c < NCOL; c++)
    head[c] = (char *)columns[c];
  row(f, "adapter", "class", head, zero, w, wname, 0);
  free(head);
  for (size_t i = 0; i <= nr; i++) {
    json_t *r = i ? json_array_get(results, i - 1) : NULL;
    int mark[NCOL];
    for (size_t c = 0; c < NCOL; c++)
      mark[c] = i && differs(r, c);
    char cls[64];
    class_label(cls, sizeof cls, r);
    if (i) {
      const char *cl = json_string_value(json_object_get(r, "class"));
      any |= !cl || class_from_name(cl) != CLASS_PASS;
    }
    row(f, names[i], cls, cells[i], mark, w, wname, color);
    if (i && json_is_string(json_object_get(r, "why"))) {
      struct buf b = {0};
      buf_puts(&b, "");
      const char *why = json_string_value(json_object_get(r, "why"));
      report_show(&b, why, strlen(why));
      fprintf(f, "  %-*s   (%s)\n", (int)wname, "", b.p);
      free(b.p);
    }
  }
  for (size_t i = 0; i <= nr; i++) {
    for (size_t c = 0; c < NCOL; c++)
      free(cells[i][c]);
    free(cells[i]);
    free(names[i]);
  }
  free(cells);
  free(names);
  return any ? EXIT_NEGATIVE : EXIT_OK;
}

static json_t *input_json(const char *s, size_t n) {
  return codec_json_from(s, n);
}

static int explain_json(FILE *f, const char *s, size_t n, json_t *results,
                        json_t *oracle, struct report *m, size_t nspans,
                        uint32_t first) {
  json_t *der = json_array();
  for (size_t i = 0; i < nspans; i++) {
    const struct rpt_span *sp = &m->spans[first + i];
    json_array_append_new(
        der, json_pack("{s:s,s:I,s:I,s:I}", "rule", rs(m, sp->rule), "start",
                       (json_int_t)sp->start, "end", (json_int_t)sp->end,
                       "depth", (json_int_t)sp->depth));
  }
  json_t *readings = json_object();
  size_t i;
  json_t *r;
  int any = 0;
  json_array_foreach(results, i, r) {
    json_t *got = json_object_get(r, "got");
    json_t *o =
        json_pack("{s:O,s:O,s:O,s:b}", "valid",
                  json_is_object(got) && json_object_get(got, "valid")
                      ? json_object_get(got, "valid")
                      : json_null(),
                  "components",
                  json_is_object(got) && json_object_get(got, "components")
                      ? json_object_get(got, "components")
                      : json_null(),
                  "class", json_object_get(r, "class"), "security_relevant",
                  json_is_true(json_object_get(r, "security_relevant")));
    if (json_object_get(r, "severity"))
      json_object_set(o, "severity", json_object_get(r, "severity"));
    if (json_object_get(r, "why"))
      json_object_set(o, "why", json_object_get(r, "why"));
    const char *cl = json_string_value(json_object_get(r, "class"));
    any |= !cl || class_from_name(cl) != CLASS_PASS;
    const char *name = json_string_value(json_object_get(r, "adapter"));
    json_object_set_new(readings, name ? name : "?", o);
  }
  json_t *doc = json_pack("{s:o,s:o,s:O,s:o}", "input", input_json(s, n),
                          "derivation", der, "oracle",
                          oracle ? oracle : json_null(), "readings", readings);
  char *text = json_dumps(doc, JSON_INDENT(1) | JSON_ENSURE_ASCII);
  json_decref(doc);
  if (!text)
    return EXIT_USAGE;
  fputs(text, f);
  fputc('\n', f);
  free(text);
  return any ? EXIT_NEGATIVE : EXIT_OK;
}

int render_explain(FILE *f, const char *s, size_t n, json_t *diff, int json,
                   int color) {
  json_t *results = json_object_get(diff, "results");
  json_t *oracle = json_object_get(json_array_get(results, 0),
                                   "expected"); /* the same on each */
  struct report m;
  memset(&m, 0, sizeof m);
  strtab_add(&m.str, "", 0);
  uint32_t first = 0;
  size_t nspans = report_derive(&m, s, n, 0, &first);
  int rc;
  if (json) {
    rc = explain_json(f, s, n, results, oracle, &m, nspans, first);
  } else {
    struct buf b = {0};
    buf_puts(&b, "");
    report_show(&b, s, n);
    fprintf(f, "input: \"%s\"\n", b.p);
    free(b.p);
    derivation_text(f, s, n, &m, nspans, first);
    rc = readings_text(f, results, oracle, color);
  }
  report_free(&m);
  if (fflush(f) != 0 || ferror(f))
    rc = EXIT_USAGE;
  return rc;
}
