/* merge.c: `uritest merge` (results files joined: the shards of one run,
 * or one's own adapter beside another run) and `uritest check` (the
 * baseline rules of `run --baseline` applied to results files, with the
 * same exit codes).  Both read the files with results_each. */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "baseline.h"
#include "behaviours.h"
#include "commands.h"
#include "files.h"
#include "output.h"
#include "results.h"

/* What the results files hold, read once. */
struct rset {
  char **paths;
  int n;
  const char *version; /* vectors_version of the first run record */
  const char *other;   /* another one, when they differ */
  const char *other_path;
  unsigned char *summary; /* per file: its summary record was read */
  int interrupted;        /* a summary says the run was cut short */
  struct strmap seen;     /* "adapter\nid" of each result */
  size_t results, dups;
  struct stats *ad; /* per adapter, in order of appearance */
  size_t nad;
  struct bcheck *bc;   /* check: per adapter */
  struct baseline *bl; /* check: the baselines */
  int nbl;
  struct arena arena; /* the strings above */
  FILE *out;          /* merge, second pass: where results go */
  int force;
  /* the verdict of summary.md: "adapter\nid" -> 1 new discrepancy, 2 on a
   * vector new since the baseline (verdict_md), or NULL */
  struct strmap *flags;
  int by_flag; /* no baseline given: a failure not marked "baseline" is new */
};

static size_t adapter_of(struct rset *s, const char *name, const char *lib,
                         const char *spec) {
  for (size_t k = 0; k < s->nad; k++)
    if (!strcmp(s->ad[k].adapter, name))
      return k;
  s->ad = xrealloc(s->ad, sizeof *s->ad * (s->nad + 1));
  s->bc = xrealloc(s->bc, sizeof *s->bc * (s->nad + 1));
  struct stats *st = &s->ad[s->nad];
  memset(st, 0, sizeof *st);
  memset(&s->bc[s->nad], 0, sizeof *s->bc);
  st->adapter = arena_strndup(&s->arena, name, strlen(name));
  st->library = arena_strndup(&s->arena, lib ? lib : "", lib ? strlen(lib) : 0);
  st->spec =
      arena_strndup(&s->arena, spec ? spec : "?", spec ? strlen(spec) : 1);
  stats_behaviours_load(st);
  for (int i = 0; i < s->nbl; i++)
    if (!strcmp(s->bl[i].adapter, name)) {
      s->bc[s->nad].b = &s->bl[i];
      s->bl[i].used = 1;
    }
  return s->nad++;
}

static const char *jstr(json_t *o, const char *key) {
  return json_string_value(json_object_get(o, key));
}

static int on_run(struct rset *s, const struct rrecord *r) {
  const char *v = jstr(r->o, "vectors_version");
  v = v ? v : "unknown";
  if (!s->version) {
    s->version = arena_strndup(&s->arena, v, strlen(v));
  } else if (strcmp(v, s->version) && !s->other) {
    s->other = arena_strndup(&s->arena, v, strlen(v));
    s->other_path = r->path;
  }
  size_t i;
  json_t *a;
  json_array_foreach(json_object_get(r->o, "adapters"), i, a) {
    if (jstr(a, "name"))
      adapter_of(s, jstr(a, "name"), jstr(a, "library"), jstr(a, "spec"));
  }
  return 0;
}

static int on_summary(struct rset *s, const struct rrecord *r) {
  s->summary[r->file] = 1;
  if (json_is_true(json_object_get(r->o, "interrupted")))
    s->interrupted = 1;
  const char *name;
  json_t *a;
  json_object_foreach(json_object_get(r->o, "adapters"), name, a) {
    size_t k = adapter_of(s, name, jstr(a, "library"), jstr(a, "spec"));
    s->ad[k].skipped +=
        (size_t)json_integer_value(json_object_get(a, "skipped"));
  }
  return 0;
}

/* Where a result is: its file and line, as one map value. */
static size_t where(const struct rrecord *r) {
  return (size_t)r->file << 40 | (size_t)r->line;
}

/* First pass: count each (adapter, id) once; check: each against its
 * baseline. */
static int scan(void *ctx, const struct rrecord *r) {
  struct rset *s = ctx;
  if (!strcmp(r->kind, "run"))
    return on_run(s, r);
  if (!strcmp(r->kind, "summary"))
    return on_summary(s, r);
  const char *name = jstr(r->o, "adapter"), *id = jstr(r->o, "id");
  struct verdict v;
  if (!name || !id || result_verdict(r->o, &v) < 0) {
    warnx_("%s:%ld: a result needs \"adapter\", \"id\" and a known \"class\"",
           r->path, r->line);
    return EXIT_USAGE;
  }
  size_t nl = strlen(name), il = strlen(id);
  char *key = arena_str(&s->arena, nl + il + 1);
  memcpy(key, name, nl);
  key[nl] = '\n';
  memcpy(key + nl + 1, id, il + 1);
  size_t *first = strmap_add(&s->seen, key, where(r));
  if (first) {
    s->dups++;
    if (s->dups <= 5)
      warnx_("%s:%ld: %s %s is in %s already", r->path, r->line, name, id,
             s->paths[*first >> 40]);
    return 0;
  }
  size_t k = adapter_of(s, name, jstr(r->o, "library"), jstr(r->o, "spec"));
  s->results++;
  stats_count(&s->ad[k], &v, json_object_get(r->o, "got") != NULL);
  int failed = class_failed(v.cls) && !v.impl_defined, flag = 0;
  if (failed)
    stats_behaviour_count(&s->ad[k], jstr(r->o, "behaviour"));
  if (s->bl) {
    size_t nnew = s->bc[k].nnew, nvec = s->bc[k].nnewvec;
    if (bcheck_result(&s->bc[k], id, &v, failed))
      s->ad[k].known++;
    flag = s->bc[k].nnew > nnew ? 1 : s->bc[k].nnewvec > nvec ? 2 : 0;
  } else if (s->by_flag && failed &&
             !json_is_true(json_object_get(r->o, "baseline"))) {
    flag = 1;
  }
  if (flag && s->flags)
    strmap_add(s->flags, key, (size_t)flag);
  return 0;
}

/* Second pass of merge: each result line once, as it was written. */
static int copy_results(void *ctx, const struct rrecord *r) {
  struct rset *s = ctx;
  if (strcmp(r->kind, "result"))
    return 0;
  const char *name = jstr(r->o, "adapter"), *id = jstr(r->o, "id");
  struct buf key = {0};
  buf_printf(&key, "%s\n%s", name, id);
  size_t *in = strmap_get(&s->seen, key.p);
  int first = in && *in == where(r); /* a result twice: the first only */
  buf_free(&key);
  if (first) {
    fwrite(r->text, 1, r->len, s->out);
    fputc('\n', s->out);
  }
  return 0;
}

static void rset_free(struct rset *s) {
  for (size_t k = 0; k < s->nad; k++) {
    bcheck_free(&s->bc[k]);
    stats_behaviours_free(&s->ad[k]);
  }
  for (int i = 0; i < s->nbl; i++)
    baseline_free(&s->bl[i]);
  free(s->bl);
  free(s->bc);
  free(s->ad);
  free(s->summary);
  strmap_free(&s->seen);
  arena_free(&s->arena);
}

/* Read every file once; the problems merge and check refuse (unless
 * --force): other vectors versions, a result twice. */
static int rset_read(struct rset *s) {
  s->summary = xcalloc((size_t)s->n + 1, 1);
  int rc = results_each(s->paths, s->n, scan, s);
  if (rc)
    return rc;
  if (!s->results) {
    warnx_("no results in %s%s", s->paths[0],
           s->n > 1 ? " and the others" : "");
    return EXIT_USAGE;
  }
  if (s->other && !s->force) {
    warnx_("results of different vectors versions: %s in %s, %s in %s "
           "(--force to join them anyway)",
           s->version, s->paths[0], s->other, s->other_path);
    rc = EXIT_USAGE;
  }
  if (s->dups && !s->force) {
    warnx_("%zu results are in more than one file (the same shard twice?); "
           "--force keeps the first of each",
           s->dups);
    rc = EXIT_USAGE;
  }
  return rc;
}

static const char merge_usage[] =
    "usage: uritest merge RESULTS... -o OUT [--force]\n"
    "Join results files (the shards of one run, or your adapter's run beside\n"
    "another) into OUT: one run record, every result once, one summary.\n"
    "  -o, --output OUT  the merged results file (required; written whole, "
    "then\n"
    "                    renamed into place)\n"
    "  --force           join files of different vectors versions, and keep "
    "the\n"
    "                    first of a result that is in two files (default: "
    "refuse,\n"
    "                    exit 2)\n"
    "  --help            this text\n"
    "example: uritest merge shard-1.jsonl shard-2.jsonl -o results.jsonl\n";

int cmd_merge(int argc, char **argv) {
  static const struct option opts[] = {{"output", required_argument, 0, 'o'},
                                       {"force", no_argument, 0, 'f'},
                                       {"help", no_argument, 0, 'h'},
                                       {0, 0, 0, 0}};
  struct rset s;
  memset(&s, 0, sizeof s);
  const char *out = NULL;
  optind = 1;
  opterr = 0;
  int c;
  while ((c = getopt_long(argc, argv, "o:", opts, NULL)) != -1) {
    if (c == 'o') {
      out = optarg;
    } else if (c == 'f') {
      s.force = 1;
    } else if (c == 'h') {
      fputs(merge_usage, stdout);
      return 0;
    } else {
      warnx_("unknown option or missing value: %s", argv[optind - 1]);
      fputs(merge_usage, stderr);
      return EXIT_USAGE;
    }
  }
  if (!out || optind >= argc) {
    warnx_(!out ? "merge needs -o OUT" : "merge needs results files");
    fputs(merge_usage, stderr);
    return EXIT_USAGE;
  }
  s.paths = argv + optind;
  s.n = argc - optind;
  int rc = rset_read(&s);
  struct ofile of; /* written whole, then renamed (files.h) */
  if (!rc && ofile_open(&of, out) < 0)
    rc = EXIT_USAGE;
  if (!rc) {
    s.out = of.f;
    json_t *src = json_array(), *ads = json_array();
    for (int i = 0; i < s.n; i++)
      json_array_append_new(src, json_string(s.paths[i]));
    for (size_t k = 0; k < s.nad; k++)
      json_array_append_new(
          ads, json_pack("{s:s, s:s, s:s}", "name", s.ad[k].adapter, "library",
                         s.ad[k].library, "spec", s.ad[k].spec));
    json_t *run = json_pack("{s:s, s:s, s:s, s:s, s:s, s:o, s:o}", "record",
                            "run", "uritest", URITEST_VERSION, "command",
                            "merge", "vectors_version", s.version, "date",
                            run_date(), "sources", src, "adapters", ads);
    json_dumpf(run, s.out, JSON_COMPACT | JSON_PRESERVE_ORDER);
    fputc('\n', s.out);
    json_decref(run);
    rc = results_each(s.paths, s.n, copy_results, &s);
    int incomplete = s.interrupted;
    for (int i = 0; i < s.n; i++)
      incomplete |= !s.summary[i];
    write_summary_record(s.out, s.ad, s.nad, incomplete);
    s.out = NULL;
    if (rc)
      ofile_abort(&of);
    else if (ofile_close(&of) < 0)
      rc = EXIT_USAGE;
    if (!rc)
      fprintf(stderr, "uritest: merged %zu results of %d files into %s\n",
              s.results, s.n, out);
  }
  rset_free(&s);
  return rc;
}

static const char check_usage[] =
    "usage: uritest check --baseline FILE [--baseline FILE]... [--force]\n"
    "                     RESULTS...\n"
    "The baseline rules of `uritest run --baseline` applied to results files\n"
    "(the merged shards of a run, or one file), with the same exit codes: 0 "
    "the\n"
    "discrepancies are exactly the baselines', 1 a new discrepancy or an "
    "entry\n"
    "that now passes, 2 usage or input error (also: no results, a file whose\n"
    "run did not finish, results of different vectors versions).\n"
    "  --baseline FILE   an adapter's baseline (required; several: one per\n"
    "                    adapter; an adapter without one has every failure "
    "new)\n"
    "  --force           accept files of different vectors versions, results "
    "in\n"
    "                    two files, and runs that did not finish (default: "
    "exit 2)\n"
    "  --help            this text\n"
    "example: uritest check --baseline ci/uritest-baseline.json "
    "results.jsonl\n";

int cmd_check(int argc, char **argv) {
  static const struct option opts[] = {{"baseline", required_argument, 0, 'b'},
                                       {"force", no_argument, 0, 'f'},
                                       {"help", no_argument, 0, 'h'},
                                       {0, 0, 0, 0}};
  struct rset s;
  memset(&s, 0, sizeof s);
  char **files = NULL;
  int nfiles = 0;
  optind = 1;
  opterr = 0;
  int c, rc = 0;
  while ((c = getopt_long(argc, argv, "", opts, NULL)) != -1) {
    if (c == 'b') {
      filter_add(&files, &nfiles, optarg);
    } else if (c == 'f') {
      s.force = 1;
    } else if (c == 'h') {
      fputs(check_usage, stdout);
      rc = -1;
    } else {
      warnx_("unknown option or missing value: %s", argv[optind - 1]);
      rc = EXIT_USAGE;
    }
  }
  if (!rc && (!nfiles || optind >= argc)) {
    warnx_(!nfiles ? "check needs --baseline FILE"
                   : "check needs results files");
    rc = EXIT_USAGE;
  }
  if (rc == EXIT_USAGE)
    fputs(check_usage, stderr);
  s.bl = xcalloc((size_t)nfiles + 1, sizeof *s.bl);
  for (int i = 0; !rc && i < nfiles; i++, s.nbl++)
    if (baseline_load(files[i], &s.bl[i]) < 0)
      rc = EXIT_USAGE;
  if (!rc) {
    s.paths = argv + optind;
    s.n = argc - optind;
    rc = rset_read(&s);
  }
  for (int i = 0; !rc && !s.force && i < s.n; i++)
    if (!s.summary[i] || s.interrupted) {
      warnx_("%s: the run did not finish (%s); its results cannot pass "
             "(--force to check them anyway)",
             s.paths[i], s.summary[i] ? "interrupted" : "no summary record");
      rc = EXIT_USAGE;
    }
  int differs = 0;
  for (size_t k = 0; !rc && k < s.nad; k++) {
    differs |=
        bcheck_report(&s.bc[k], s.ad[k].adapter, s.ad[k].library, stdout, NULL);
    put_labelf(stdout, "%s (%s): %zu passed, %zu failed, %zu known (baseline)",
               s.ad[k].adapter, s.ad[k].library, s.ad[k].passed, s.ad[k].failed,
               s.ad[k].known);
  }
  for (int i = 0; !rc && i < s.nbl; i++)
    if (!s.bl[i].used)
      warnx_("%s: baseline of adapter %s, which is not in these results",
             s.bl[i].path, s.bl[i].adapter);
  filter_free(files, nfiles);
  rset_free(&s);
  if (rc < 0)
    return 0;
  return rc ? rc : differs ? EXIT_NEGATIVE : EXIT_OK;
}

/* ---- summary.md's verdict -------------------------------------------- */

struct vrows {
  struct rset *s;
  FILE *f;
  void (*md)(FILE *f, const char *s, int code);
  int want; /* 1 new discrepancies, 2 new vectors */
  size_t budget, shown, left;
};

/* A value for a table cell: compact JSON, cut at 200 octets. */
static void cell(struct vrows *w, json_t *v) {
  char *t = v ? json_dumps(v, JSON_COMPACT | JSON_ENCODE_ANY) : NULL;
  if (t && strlen(t) > 200)
    strcpy(t + 190, "...(cut)");
  w->md(w->f, t ? t : "(none)", 1);
  free(t);
}

static int rows(void *ctx, const struct rrecord *r) {
  struct vrows *w = ctx;
  if (strcmp(r->kind, "result"))
    return 0;
  const char *name = jstr(r->o, "adapter"), *id = jstr(r->o, "id");
  struct buf key = {0};
  buf_printf(&key, "%s\n%s", name ? name : "", id ? id : "");
  size_t *flag = strmap_get(w->s->flags, key.p);
  buf_free(&key);
  if (!flag || (int)*flag != w->want)
    return 0;
  if (ftell(w->f) > (long)w->budget) {
    w->left++;
    return 0;
  }
  w->shown++;
  json_t *exp = json_object_get(r->o, "expected");
  json_t *in = json_object_get(exp, "input");
  fputs("| ", w->f);
  w->md(w->f, name, 0);
  fputs(" | ", w->f);
  w->md(w->f, id, 1);
  fputs(" | ", w->f);
  w->md(w->f, jstr(r->o, "class") ? jstr(r->o, "class") : "?", 1);
  fputs(" | ", w->f);
  cell(w, in ? in : json_object_get(r->o, "input"));
  fputs(" | ", w->f);
  cell(w, exp);
  fputs(" | ", w->f);
  cell(w, json_object_get(r->o, "got"));
  fputs(" |\n", w->f);
  return 0;
}

static void table(struct vrows *w, int want, const char *title, size_t n) {
  if (!n)
    return;
  fprintf(w->f,
          "\n### %s (%zu)\n\n| adapter | vector | class | input | "
          "expected | got |\n|---|---|---|---|---|---|\n",
          title, n);
  w->want = want;
  w->shown = w->left = 0;
  results_each(w->s->paths, w->s->n, rows, w);
  if (w->left)
    fprintf(w->f,
            "\n%zu more not shown (summary.md stays under 1 MB; every "
            "one is in results.json and the results file)\n",
            w->left);
}

static void now_passing_md(FILE *f, struct rset *s, size_t nnow, size_t budget,
                           void (*md)(FILE *f, const char *s, int code)) {
  if (!nnow)
    return;
  fprintf(f,
          "\n### Baseline entries now passing (%zu): remove them from the "
          "baseline\n\n",
          nnow);
  size_t left = 0;
  for (int i = 0; i < s->nbl; i++)
    for (size_t k = 0; k < s->bl[i].n; k++) {
      if (!s->bl[i].e[k].now_passing)
        continue;
      if (ftell(f) > (long)budget) {
        left++;
        continue;
      }
      fputs("- ", f);
      md(f, s->bl[i].adapter, 0);
      fputs(": ", f);
      md(f, s->bl[i].e[k].id, 1);
      fprintf(f, " (was %s)\n", class_names[s->bl[i].e[k].cls]);
    }
  if (left)
    fprintf(f, "\n%zu more not shown\n", left);
}

int verdict_md(FILE *f, char *const *results, int n, char *const *baselines,
               int nb, size_t budget,
               void (*md)(FILE *f, const char *s, int code)) {
  struct rset s;
  memset(&s, 0, sizeof s);
  struct strmap flags = {0};
  s.paths = (char **)results;
  s.n = n;
  s.flags = &flags;
  s.by_flag = nb == 0;
  s.force = 1; /* the verdict is told whatever; check and run refuse */
  s.bl = nb ? xcalloc((size_t)nb, sizeof *s.bl) : NULL;
  int rc = 0;
  for (int i = 0; !rc && i < nb; i++, s.nbl++)
    if (baseline_load(baselines[i], &s.bl[i]) < 0)
      rc = EXIT_USAGE;
  if (!rc)
    rc = rset_read(&s);
  size_t nnew = 0, nvec = 0, nnow = 0;
  for (size_t i = 0; i < flags.cap; i++)
    if (flags.keys[i]) {
      nnew += flags.values[i] == 1;
      nvec += flags.values[i] == 2;
    }
  for (int i = 0; i < s.nbl; i++)
    for (size_t k = 0; k < s.bl[i].n; k++)
      nnow += s.bl[i].e[k].now_passing != 0;
  if (!rc) {
    int pass = !nnew && !nvec && !nnow;
    fprintf(f, "## Verdict: %s\n\n", pass ? "PASS" : "FAIL");
    if (nb)
      fprintf(f,
              "Against %d baseline%s: **%zu new discrepancies**, **%zu "
              "baseline entries now passing**, **%zu discrepancies on "
              "vectors new since the baseline**.\n",
              nb, nb > 1 ? "s" : "", nnew, nnow, nvec);
    else
      fprintf(f,
              "No baseline given: **%zu discrepancies** the results do "
              "not mark known (baseline).\n",
              nnew);
    struct vrows w = {&s, f, md, 0, budget, 0, 0};
    table(&w, 1, "New discrepancies", nnew);
    now_passing_md(f, &s, nnow, budget, md);
    table(&w, 2, "Discrepancies on vectors new since the baseline", nvec);
  }
  strmap_free(&flags);
  rset_free(&s);
  return rc;
}
