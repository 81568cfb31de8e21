/* render_md.c: summary.md from the report model, for CI logs and pull
 * requests, the verdict first: the discrepancies no baseline knows, then a
 * line per adapter (with the conformance per op), the matrix by class, the
 * security-relevant discrepancies, the most common patterns of outcomes,
 * rule and code coverage; every list is cut, so the file stays small.  Strings are in code spans or
 * escaped for Markdown; | is escaped in tables. */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <jansson.h>

#include "files.h"
#include "model.h"
#include "results.h"
#include "util.h"

/* The one Markdown rule of summary.md (and of the verdict, through
 * report_md_text): S[0..N), data from a vector, an adapter or a results
 * file, shown with visible escapes (report_show: controls, line breaks,
 * every octet above ASCII), then as a code span when CODE (a backtick as
 * \x60), else with each character Markdown could read as markup escaped
 * by a backslash, and the '.' of "www." too, so that data opens no
 * heading, list, emphasis, strikethrough, HTML, link or autolink; '|' is
 * escaped in both (the cells of GFM tables).  md_shown: the same for a
 * model string shown already (report_show). */
static void md_shown(FILE *f, const char *s, int code) {
  if (code)
    fputc('`', f);
  for (const char *p = s; *p; p++) {
    if (*p == '|')
      fputs("\\|", f);
    else if (*p == '`')
      fputs(code ? "\\x60" : "\\`", f);
    else if (!code &&
             (strchr("<>*_[]~:@", *p) ||
              (*p == '.' && p - s >= 3 && !strncasecmp(p - 3, "www", 3))))
      fprintf(f, "\\%c", *p);
    else
      fputc(*p, f);
  }
  if (code)
    fputc('`', f);
}

static void md_n(FILE *f, const char *s, size_t n, int code) {
  struct buf b = {0};
  buf_puts(&b, "");
  report_show(&b, s, n);
  md_shown(f, b.p, code);
  free(b.p);
}

static void md(FILE *f, const char *s, int code) {
  md_n(f, s, strlen(s), code);
}

/* Model string I as Markdown. */
static void mds(FILE *f, const struct report *r, uint32_t i, int code) {
  md_n(f, rs(r, i), rslen(r, i), code);
}

void report_md_text(FILE *f, const char *s, int code) {
  md(f, s, code);
}

static void pct(FILE *f, size_t p, size_t n) {
  if (n)
    fprintf(f, " %.1f%% (%zu of %zu) |", 100.0 * (double)p / (double)n, p, n);
  else
    fputs(" - |", f);
}

static void adapters_md(FILE *f, const struct report *r) {
  fputs("| adapter | library | spec | passed | failed | security-relevant | "
        "host-lost | unsupported | parse | resolve | normalize | equivalent | "
        "IRI | WHATWG |\n|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|"
        "---:|---:|---:|\n",
        f);
  for (size_t k = 0; k < r->nad; k++) {
    const struct rpt_adapter *a = &r->ad[k];
    fputs("| ", f);
    mds(f, r, a->name, 0);
    fputs(" | ", f);
    mds(f, r, a->library, 0);
    fputs(" | ", f);
    md(f, *rs(r, a->spec) ? rs(r, a->spec) : "?", 0);
    fprintf(f, " | %zu | %zu | %zu | %zu | %zu |", a->passed, a->failed,
            a->security, a->host_lost, a->unsupported);
    for (int op = 0; op < RPT_OP__COUNT; op++)
      pct(f, a->op_passed[op], a->op_answered[op]);
    fputc('\n', f);
  }
}

struct mrow {
  const char *label;
  int cls; /* -1: a count of struct rpt_adapter at off */
  size_t off;
};

static void matrix_md(FILE *f, const struct report *r) {
  fputs("\n## Matrix\n\n| class |", f);
  for (size_t k = 0; k < r->nad; k++) {
    fputc(' ', f);
    mds(f, r, r->ad[k].name, 0);
    fputs(" |", f);
  }
  fputs("\n|---|", f);
  for (size_t k = 0; k < r->nad; k++)
    fputs("---:|", f);
  fputs("\n| library |", f);
  for (size_t k = 0; k < r->nad; k++) {
    fputc(' ', f);
    mds(f, r, r->ad[k].library, 0);
    fputs(" |", f);
  }
  fputs("\n| spec |", f);
  for (size_t k = 0; k < r->nad; k++) {
    fputc(' ', f);
    md(f, *rs(r, r->ad[k].spec) ? rs(r, r->ad[k].spec) : "?", 0);
    fputs(" |", f);
  }
  fputc('\n', f);
  struct mrow rows[CLASS__COUNT + 8];
  int n = 0;
  rows[n++] = (struct mrow){"total", -1, offsetof(struct rpt_adapter, total)};
  rows[n++] = (struct mrow){"passed", -1, offsetof(struct rpt_adapter, passed)};
  rows[n++] = (struct mrow){"failed", -1, offsetof(struct rpt_adapter, failed)};
  for (int c = 1; c < CLASS__COUNT; c++)
    rows[n++] = (struct mrow){class_names[c], c, 0};
  rows[n++] = (struct mrow){"security-relevant", -1,
                            offsetof(struct rpt_adapter, security)};
  rows[n++] =
      (struct mrow){"host-lost", -1, offsetof(struct rpt_adapter, host_lost)};
  rows[n++] = (struct mrow){"implementation-defined", -1,
                            offsetof(struct rpt_adapter, impl_defined)};
  rows[n++] = (struct mrow){"known (baseline)", -1,
                            offsetof(struct rpt_adapter, known)};
  rows[n++] = (struct mrow){"skipped (not for this adapter)", -1,
                            offsetof(struct rpt_adapter, skipped)};
  rows[n++] = (struct mrow){"components not compared", -1,
                            offsetof(struct rpt_adapter, not_compared)};
  for (int i = 0; i < n; i++) {
    const char *q = rows[i].cls > 0 ? "`" : "";
    fprintf(f, "| %s%s%s |", q, rows[i].label, q);
    for (size_t k = 0; k < r->nad; k++)
      fprintf(f, " %zu |",
              rows[i].cls >= 0
                  ? r->ad[k].by_class[rows[i].cls]
                  : *(const size_t *)(const void *)((const char *)&r->ad[k] +
                                                    rows[i].off));
    fputc('\n', f);
  }
}

static void security_md(FILE *f, const struct report *r, size_t nsec) {
  fputs("\n## Security-relevant discrepancies\n\n| adapter | vector | section "
        "| components | input |\n|---|---|---|---|---|\n",
        f);
  size_t shown = 0;
  struct buf id = {0};
  for (size_t i = 0; i < r->nres; i++) {
    const struct rpt_result *x = &r->res[i];
    if (!x->security)
      continue;
    if (shown++ == 50) {
      fprintf(f, "\n(first 50 of %zu; all of them in `results.json`)\n", nsec);
      break;
    }
    const struct rpt_vec *v = &r->vecs[x->vec];
    id.len = 0;
    buf_puts(&id, "");
    report_show(&id, vec_id(r, v), vec_idlen(r, v));
    fputs("| ", f);
    mds(f, r, r->ad[x->adapter].name, 0);
    fputs(" | ", f);
    md_shown(f, id.p, 1);
    fputs(" | ", f);
    md(f, rs(r, v->section), 0);
    fputs(" | ", f);
    md(f, rs(r, x->comps), 0);
    fputs(" | ", f);
    md_shown(f, rs(r, v->input), 1);
    fputs(" |\n", f);
  }
  free(id.p);
}

/* Per adapter, the advisories the harness found it reads the vulnerable
 * way (the results' "vulnerable"); nothing when none does. */
static void advisories_md(FILE *f, const struct report *r) {
  int head = 0;
  for (size_t k = 0; k < r->nad; k++) {
    const struct rpt_vuln *vu = r->ad[k].vuln;
    size_t nv = r->ad[k].nvuln;
    if (nv && !head++)
      fputs("\n## Advisories read the vulnerable way\n\nPer adapter, the "
            "advisories (vectors tagged `cve:ID`) whose input it reads as "
            "the vulnerable library did.\n\n| adapter | advisories | ids "
            "|\n|---|---:|---|\n",
            f);
    if (nv) {
      fputs("| ", f);
      mds(f, r, r->ad[k].name, 0);
      fprintf(f, " | %zu | ", nv);
      for (size_t i = 0; i < nv; i++) {
        if (i)
          fputs(", ", f);
        md_shown(f, rs(r, vu[i].advisory), 0); /* shown already */
      }
      fputs(" |\n", f);
    }
  }
}

static void patterns_md(FILE *f, const struct report *r) {
  size_t np;
  struct rpt_pattern *p = report_prune(r, &np);
  if (np) {
    fputs("\n## Patterns of outcomes (pruned)\n\nOne vector per distinct "
          "pattern across the adapters, the most common first (`-`: not run "
          "there).\n\n| vector | input |",
          f);
    for (size_t k = 0; k < r->nad; k++) {
      fputc(' ', f);
      mds(f, r, r->ad[k].name, 0);
      fputs(" |", f);
    }
    fputs(" vectors |\n|---|---|", f);
    for (size_t k = 0; k <= r->nad; k++)
      fputs("---|", f);
    fputc('\n', f);
  }
  struct buf id = {0};
  for (size_t i = 0; i < np && i < 40; i++) {
    const struct rpt_vec *v = &r->vecs[p[i].vec];
    id.len = 0;
    buf_puts(&id, "");
    report_show(&id, vec_id(r, v), vec_idlen(r, v));
    fputs("| ", f);
    md_shown(f, id.p, 1);
    fputs(" | ", f);
    md_shown(f, rs(r, v->input), 1);
    fputs(" |", f);
    for (size_t k = 0; k < r->nad; k++)
      fprintf(f, " %s |", v->cls[k] == RPT_NONE ? "-" : class_names[v->cls[k]]);
    fprintf(f, " %zu |\n", p[i].count);
  }
  if (np > 40)
    fprintf(f,
            "\n(the 40 most common of %zu patterns; all of them in "
            "`results.json`)\n",
            np);
  free(id.p);
  free(p);
}

static void rulecov_md(FILE *f, const char *path) {
  json_error_t err;
  json_t *doc = path ? json_load_regular(path, 0, 0, &err) : NULL;
  json_t *rules = json_object_get(doc, "rules");
  if (!json_is_object(rules)) {
    json_decref(doc);
    return;
  }
  fputs("\n## Rule coverage\n\n", f);
  struct buf gl = {0};
  buf_puts(&gl, "");
  size_t gaps = 0;
  const char *k;
  json_t *v;
  json_object_foreach(rules, k, v) {
    json_int_t acc = json_integer_value(json_object_get(v, "accept"));
    json_int_t rej = json_integer_value(json_object_get(v, "reject"));
    struct buf alts = {0};
    buf_puts(&alts, "");
    int gap = acc == 0 || rej == 0;
    size_t i;
    json_t *a;
    json_array_foreach(json_object_get(v, "alternatives"), i, a) {
      json_int_t n = json_integer_value(json_object_get(a, "accept"));
      int sh = json_is_true(json_object_get(a, "shadowed"));
      buf_printf(&alts, "%s#%zu: %lld%s", i ? ", " : "", i + 1, (long long)n,
                 sh ? " (shadowed)" : "");
      gap |= n == 0 && !sh;
    }
    if (gap) {
      gaps++;
      buf_puts(&gl, "| ");
      char *code = NULL;
      size_t cl = 0;
      FILE *cf = open_memstream(&code, &cl);
      md(cf, k, 1);
      fclose(cf);
      buf_puts(&gl, code);
      free(code);
      buf_printf(&gl, " | %lld | %lld | %s |\n", (long long)acc, (long long)rej,
                 alts.p);
    }
    free(alts.p);
  }
  fprintf(f,
          "%zu rules, %zu with a gap (no accepting or no rejecting vector, or "
          "an alternative never matched that is not shadowed).\n",
          json_object_size(rules), gaps);
  if (gaps)
    fprintf(
        f,
        "\n| rule | accept | reject | alternatives |\n|---|---:|---:|---|\n%s",
        gl.p);
  free(gl.p);
  json_decref(doc);
}

static void coverage_md(FILE *f, const char *path) {
  const char *why;
  FILE *in = path ? fopen_regular(path, &why) : NULL;
  if (!in)
    return;
  char line[512];
  int n = 0;
  size_t unl = 0, unf = 0, unb = 0;
  fputs("\n## Code coverage of the reference (`reference/src`)\n\n```\n", f);
  while (fgets(line, sizeof line, in)) {
    unl += !strncmp(line, "uncovered line:", 15);
    unf += !strncmp(line, "uncovered function:", 19);
    unb += !strncmp(line, "uncovered branch:", 17);
    if (n++ < 3) { /* shown, and no backtick can close the fence */
      struct buf b = {0};
      buf_puts(&b, "");
      report_show(&b, line, strcspn(line, "\n"));
      for (const char *p = b.p; *p; p++)
        if (*p == '`')
          fputs("\\x60", f);
        else
          fputc(*p, f);
      fputc('\n', f);
      free(b.p);
    }
  }
  fclose(in);
  fprintf(f,
          "```\n\n%zu uncovered lines, %zu uncovered functions, %zu lines with "
          "an uncovered branch (`reports/out/coverage/summary.txt`).\n",
          unl, unf, unb);
}

/* A view value (shown already) as a code span, "-" when null. */
static void md_cell(FILE *f, json_t *v) {
  if (json_is_string(v))
    md_shown(f, json_string_value(v), 1);
  else if (json_is_integer(v))
    fprintf(f, "%lld", (long long)json_integer_value(v));
  else
    fputs("-", f);
}

/* Where requests go (report_fetch_view): per input, each client's
 * connection, then the parsers' readings of it; the first FETCH_MD_MAX
 * inputs, at most FETCH_MD_PARSERS parsers each. */
#define FETCH_MD_MAX 30
#define FETCH_MD_PARSERS 20
static void fetch_md(FILE *f, const struct report *r, json_t *fetch) {
  json_t *view = report_fetch_view(r, fetch, FETCH_MD_MAX), *row, *c;
  json_int_t n = json_integer_value(json_object_get(view, "inputs"));
  size_t i, k;
  fprintf(f,
          "\n## Where requests go\n\nWhere each HTTP client connected in "
          "the fetch lab (`uritest fetch`), per input, beside the parsers' "
          "readings of it; %lld inputs%s.\n",
          (long long)n, n > FETCH_MD_MAX ? " (the first 30 here)" : "");
  json_array_foreach(json_object_get(view, "rows"), i, row) {
    json_t *rfc = json_object_get(row, "rfc3986");
    fputs("\n### ", f);
    md_cell(f, json_object_get(row, "input"));
    fputs(json_is_true(json_object_get(rfc, "valid"))
              ? "\n\nRFC 3986: "
              : "\n\nRFC 3986 rejects it; read leniently: ",
          f);
    md_cell(f, json_object_get(rfc, "reading"));
    fputs("\n\n| client | status | name | address | port | Host header | "
          "SNI |\n|---|---|---|---|---:|---|---|\n",
          f);
    json_array_foreach(json_object_get(row, "clients"), k, c) {
      static const char *const keys[] = {
          "adapter", "status", "name", "address", "port", "host_header", "sni"};
      for (size_t m = 0; m < sizeof keys / sizeof *keys; m++) {
        fputs(m ? " | " : "| ", f);
        md_cell(f, json_object_get(c, keys[m]));
      }
      fputs(" |\n", f);
    }
    json_t *ps = json_object_get(row, "parsers");
    if (json_array_size(ps))
      fputs("\nParsers: ", f);
    json_array_foreach(ps, k, c) {
      if (k == FETCH_MD_PARSERS) {
        fprintf(f, "; %zu more", json_array_size(ps) - k);
        break;
      }
      fputs(k ? "; " : "", f);
      md_cell(f, json_object_get(c, "adapter"));
      fputs(" ", f);
      md_cell(f, json_object_get(c, "reading"));
    }
    if (json_array_size(ps))
      fputc('\n', f);
  }
  json_decref(view);
}

/* GitHub's limit of a step summary (what the verdict may take of it:
 * REPORT_VERDICT_BUDGET, model.h) */
#define SUMMARY_MAX (1024 * 1024)

/* TEXT[0..N) into F, cut at the last line that fits in SUMMARY_MAX with
 * the line saying how many were left out. */
static int write_capped(FILE *f, const char *text, size_t n) {
  size_t keep = n, left = 0;
  if (n > SUMMARY_MAX) {
    keep = SUMMARY_MAX - 256;
    while (keep && text[keep - 1] != '\n')
      keep--;
    for (size_t i = keep; i < n; i++)
      left += text[i] == '\n';
  }
  fwrite(text, 1, keep, f);
  if (left)
    fprintf(f,
            "\n(summary.md is cut here to stay under 1 MB: %zu more lines "
            "left out; results.json and index.html have everything)\n",
            left);
  return ferror(f) ? -1 : 0;
}

int render_md(struct report *r, const struct render_opts *o) {
  char *path, *text = NULL;
  size_t textlen = 0;
  struct ofile of;
  FILE *out = report_open_out(o->dir, "summary.md", &path, &of);
  if (!out) {
    free(path);
    return EXIT_USAGE;
  }
  FILE *f = open_memstream(&text, &textlen);
  size_t nfails = 0, nsec = 0, np = 0, nknown = 0, nlost = 0;
  for (size_t k = 0; k < r->nad; k++)
    nlost += r->ad[k].host_lost;
  for (size_t i = 0; i < r->nres; i++) {
    const struct rpt_result *x = &r->res[i];
    nfails++;
    nsec += x->security;
    nknown += x->known;
  }
  free(report_prune(r, &np));
  fputs("# uritest: discrepancy matrix\n\nuritest " URITEST_VERSION
        ", vectors ",
        f);
  md(f, rs(r, r->vectors_version), 0);
  fputs(", run ", f);
  md(f, rs(r, r->date), 0);
  fprintf(f, "%s.\n\n", r->interrupted ? " (interrupted)" : "");
  /* the verdict first: what decides the exit code */
  int vrc = o->verdict_end(o->verdict, f);
  fprintf(f,
          "\n## Totals\n\n%zu results marked known (baseline) in the "
          "results files.\n",
          nknown);
  fputs("\n## Per adapter\n\n", f);
  adapters_md(f, r);
  matrix_md(f, r);
  fprintf(f,
          "\n%zu results are not PASS, %zu security-relevant (another "
          "endpoint), %zu host-lost; %zu distinct patterns of outcomes across "
          "the adapters.\n",
          nfails, nsec, nlost, np);
  if (nsec)
    security_md(f, r, nsec);
  advisories_md(f, r);
  if (o->fetch)
    fetch_md(f, r, o->fetch);
  patterns_md(f, r);
  rulecov_md(f, o->rulecov);
  coverage_md(f, o->coverage);
  int rc = vrc;
  fclose(f);
  write_capped(out, text, textlen);
  if (ofile_close(&of) != 0) /* said, with the path and strerror */
    rc = EXIT_USAGE;
  free(text);
  free(path);
  return rc;
}
