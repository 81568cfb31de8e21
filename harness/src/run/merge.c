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
#include "merge.h"

/* What the results files hold, read once. */
struct rset {
  char **paths;
  int n;
  const char *version; /* vectors_version of the first run record */
  const char *other;   /* another one, when they differ */
  const char *other_path;
  const char *other_lib; /* an adapter's library unlike its first one */
  const char *other_lib_path;
  size_t other_lib_ad;        /* that adapter */
  unsigned char *summary;     /* per file: its summary record was read */
  size_t (*fc)[CLASS__COUNT]; /* this file's results per adapter, class */
  size_t nfc;                 /* adapters fc has room for */
  const char *miscount;       /* a file whose summary miscounts it */
  unsigned *shard;            /* per file: its run's --shard I/N as I, N */
  json_t *filters;            /* the first run record's "filters", or NULL */
  int interrupted;            /* a summary says the run was cut short */
  struct strmap seen;         /* "adapter\nid" of each result */
  size_t results, dups;
  struct stats *ad;    /* per adapter, in order of appearance */
  size_t nad, last;    /* last: the adapter of the last result */
  struct bcheck *bc;   /* check: per adapter */
  struct baseline *bl; /* check: the baselines */
  int nbl;
  struct arena arena; /* the strings above */
  json_t *files;      /* the run records' vector files (the first's of each) */
  FILE *out;          /* merge, second pass: where results go */
  int force;
  /* the verdict of summary.md (verdict_begin), or NULL: each new
   * discrepancy (1) and each on a vector new since the baseline (2) is
   * counted and its table row written as it is read */
  struct verdict_acc *verdict;
  int by_flag; /* no baseline given: a failure not marked "baseline" is new */
};

static void verdict_row(struct verdict_acc *a, int flag,
                        const struct rrecord *r);

static size_t adapter_of(struct rset *s, const char *name, const char *lib,
                         const char *spec) {
  /* results come adapter by adapter: the last one's first */
  if (s->last < s->nad && !strcmp(s->ad[s->last].adapter, name))
    return s->last;
  for (size_t k = 0; k < s->nad; k++)
    if (!strcmp(s->ad[k].adapter, name))
      return s->last = k;
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

/* One result of adapter K and class CLS in the file being read. */
static void file_count(struct rset *s, size_t k, int cls) {
  if (k >= s->nfc) {
    size_t n = s->nad + 8;
    s->fc = xrealloc(s->fc, n * sizeof *s->fc);
    memset(s->fc + s->nfc, 0, (n - s->nfc) * sizeof *s->fc);
    s->nfc = n;
  }
  s->fc[k][cls]++;
}

/* The summary record R against the results of its file, adapter by
 * adapter and class by class: a result line deleted or added under a
 * summary that still counts it is a file that says something else than
 * it holds.  The first such file is kept in s->miscount; the counts
 * start again for the next file.  A summary without by_class (hand-made,
 * or of an older uritest) is not compared. */
static void summary_counts(struct rset *s, const struct rrecord *r) {
  for (size_t k = 0; k < s->nfc && k < s->nad; k++) {
    json_t *by = json_object_get(
        json_object_get(json_object_get(r->o, "adapters"), s->ad[k].adapter),
        "by_class");
    for (int c = 0; json_is_object(by) && c < CLASS__COUNT; c++) {
      json_t *n = json_object_get(by, class_names[c]);
      size_t said = json_is_integer(n) ? (size_t)json_integer_value(n) : 0;
      if (said == s->fc[k][c])
        continue;
      warnx_("%s:%ld: the summary counts %zu %s results of %s; the file "
             "holds %zu",
             r->path, r->line, said, class_names[c], s->ad[k].adapter,
             s->fc[k][c]);
      if (!s->miscount)
        s->miscount = r->path;
    }
  }
  memset(s->fc, 0, s->nfc * sizeof *s->fc);
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
    const char *lib = jstr(a, "library");
    if (!jstr(a, "name"))
      continue;
    size_t k = adapter_of(s, jstr(a, "name"), lib, jstr(a, "spec"));
    if (lib && strcmp(lib, s->ad[k].library) && !s->other_lib) {
      s->other_lib = arena_strndup(&s->arena, lib, strlen(lib));
      s->other_lib_path = r->path;
      s->other_lib_ad = k;
    }
  }
  unsigned si, sn;
  char tail;
  const char *shard = jstr(r->o, "shard");
  if (shard && sscanf(shard, "%u/%u%c", &si, &sn, &tail) == 2 && si >= 1 &&
      si <= sn && sn <= 10000) {
    s->shard[2 * r->file] = si;
    s->shard[2 * r->file + 1] = sn;
  } else if (shard) {
    warnx_("%s:%ld: \"shard\" is not I/N", r->path, r->line);
    return EXIT_USAGE;
  }
  json_t *filters = json_object_get(r->o, "filters");
  if (filters && !s->filters)
    s->filters = json_incref(filters);
  const char *path;
  json_t *f;
  if (!s->files)
    s->files = json_object();
  json_object_foreach(json_object_get(r->o, "files"), path, f) {
    if (!json_object_get(s->files, path))
      json_object_set(s->files, path, f);
  }
  return 0;
}

static int on_summary(struct rset *s, const struct rrecord *r) {
  s->summary[r->file] = 1;
  summary_counts(s, r);
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
  const char *name = json_string_value(r->m[RK_ADAPTER]),
             *id = json_string_value(r->m[RK_ID]);
  struct verdict v;
  if (result_named(r) < 0 || result_verdict(r->m, &v) < 0)
    return EXIT_USAGE;
  size_t k = adapter_of(s, name, json_string_value(r->m[RK_LIBRARY]),
                        json_string_value(r->m[RK_SPEC]));
  file_count(s, k, v.cls);
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
  s->results++;
  stats_count(&s->ad[k], &v, r->m[RK_GOT] != NULL);
  int failed = class_failed(v.cls) && !v.impl_defined, flag = 0;
  if (failed)
    stats_behaviour_count(&s->ad[k], json_string_value(r->m[RK_BEHAVIOUR]));
  if (s->bl) {
    size_t nnew = s->bc[k].nnew, nvec = s->bc[k].nnewvec;
    if (bcheck_result(&s->bc[k], id, &v, failed))
      s->ad[k].known++;
    flag = s->bc[k].nnew > nnew ? 1 : s->bc[k].nnewvec > nvec ? 2 : 0;
  } else if (s->by_flag && failed && !json_is_true(r->m[RK_BASELINE])) {
    flag = 1;
  }
  if (flag && s->verdict)
    verdict_row(s->verdict, flag, r);
  return 0;
}

/* Second pass of merge: each result line once, as it was written. */
static int copy_results(void *ctx, const struct rrecord *r) {
  struct rset *s = ctx;
  if (strcmp(r->kind, "result"))
    return 0;
  const char *name = json_string_value(r->m[RK_ADAPTER]),
             *id = json_string_value(r->m[RK_ID]);
  struct buf key = {0};
  buf_printf(&key, "%s\n%s", name, id);
  size_t *in = strmap_get(&s->seen, key.p);
  int first = in && *in == where(r); /* a result twice: the first only */
  buf_free(&key);
  if (!first)
    return 0;
  /* a line that leaves out its library, vectors version, file version or
   * spec takes them from the run record above it (results_each has put
   * them in r->o): as written when the merged run record says the same,
   * else whole */
  size_t k = adapter_of(s, name, NULL, NULL);
  const char *lib = json_string_value(r->m[RK_LIBRARY]),
             *vv = json_string_value(r->m[RK_VECTORS_VERSION]);
  const char *file = json_string_value(r->m[RK_FILE]),
             *fv = json_string_value(r->m[RK_FILE_VERSION]),
             *sp = json_string_value(r->m[RK_SPEC]);
  json_t *mf = file ? json_object_get(s->files, file) : NULL;
  const char *mfv = jstr(mf, "version"), *msp = jstr(mf, "spec");
  if ((lib && strcmp(lib, s->ad[k].library)) ||
      (vv && s->version && strcmp(vv, s->version)) ||
      (fv && (!mfv || strcmp(fv, mfv))) || (sp && (!msp || strcmp(sp, msp)))) {
    json_dumpf(r->o, s->out, JSON_PRESERVE_ORDER);
  } else {
    fwrite(r->text, 1, r->len, s->out);
  }
  fputc('\n', s->out);
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
  free(s->fc);
  free(s->shard);
  json_decref(s->filters);
  strmap_free(&s->seen);
  arena_free(&s->arena);
  json_decref(s->files);
}

/* Read every file once; the problems merge and check refuse (unless
 * --force): other vectors versions, a result twice. */
static int rset_check(struct rset *s);
static int rset_read(struct rset *s) {
  s->summary = xcalloc((size_t)s->n + 1, 1);
  s->shard = xcalloc(2 * (size_t)s->n + 2, sizeof *s->shard);
  int rc = results_each(s->paths, s->n, scan, s);
  return rc ? rc : rset_check(s);
}

static int rset_check(struct rset *s) {
  int rc = 0;
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
  if (s->other_lib && !s->force) {
    const struct stats *a = &s->ad[s->other_lib_ad];
    warnx_("results of adapter %s from two libraries: %s, and %s in %s "
           "(--force to join them anyway)",
           a->adapter, a->library, s->other_lib, s->other_lib_path);
    rc = EXIT_USAGE;
  }
  if (s->miscount && !s->force) {
    warnx_("%s: its summary record does not count what it holds (a result "
           "deleted or added?); --force to take the results as they are",
           s->miscount);
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

/* Whether the shards among the files make whole runs: for each N, every
 * I of 1..N as often as any other (files of no shard are whole).  SAY:
 * each shard missing is said. */
static int shards_whole(const struct rset *s, int say) {
  int whole = 1;
  for (int f = 0; f < s->n; f++) {
    unsigned n = s->shard[2 * f + 1], most = 0;
    int first = 1;
    for (int g = 0; g < f && first; g++)
      first = s->shard[2 * g + 1] != n;
    if (!n || !first) /* each N once */
      continue;
    unsigned *count = xcalloc((size_t)n + 1, sizeof *count);
    for (int g = f; g < s->n; g++)
      if (s->shard[2 * g + 1] == n && ++count[s->shard[2 * g]] > most)
        most = count[s->shard[2 * g]];
    for (unsigned i = 1; i <= n; i++)
      if (count[i] < most) {
        whole = 0;
        if (say)
          warnx_("shard %u/%u is missing: the shards of a run are 1/%u to "
                 "%u/%u, each once",
                 i, n, n, n, n);
      }
    free(count);
  }
  return whole;
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
  if (!rc && !shards_whole(&s, 1))
    rc = EXIT_USAGE; /* never a whole run made of part of one */
  struct ofile of;   /* written whole, then renamed (files.h) */
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
    json_t *run = json_pack(
        "{s:s, s:s, s:s, s:s, s:s, s:o, s:o, s:O}", "record", "run", "uritest",
        URITEST_VERSION, "command", "merge", "vectors_version", s.version,
        "date", run_date(), "sources", src, "adapters", ads, "files", s.files);
    if (s.filters)
      json_object_set(run, "filters", s.filters);
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
  for (size_t k = 0; !rc && k < s.nad; k++)
    if (stats_tested_nothing(&s.ad[k], "check"))
      rc = EXIT_USAGE;
  int differs = 0, whole = !rc && !s.filters && shards_whole(&s, 0);
  for (size_t k = 0; !rc && k < s.nad; k++) {
    s.bc[k].whole = whole;
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

/* The verdict, made while the report reads the results (so they are read
 * once): the rset of `uritest check`, and per kind of row (1 new, 2 on a
 * new vector) the rows written so far, at most BUDGET octets of them. */
struct verdict_acc {
  struct rset s;
  void (*md)(FILE *f, const char *s, int code);
  size_t budget;
  size_t n[3], left[3]; /* rows counted; not written (over the budget) */
  char *text[3];
  size_t len[3];
  FILE *rows[3];
};

/* A value for a table cell: compact JSON, cut at 200 octets. */
static void cell(struct verdict_acc *a, FILE *f, json_t *v) {
  char *t = v ? json_dumps(v, JSON_COMPACT | JSON_ENCODE_ANY) : NULL;
  if (t && strlen(t) > 200)
    strcpy(t + 190, "...(cut)");
  a->md(f, t ? t : "(none)", 1);
  free(t);
}

static void verdict_row(struct verdict_acc *a, int flag,
                        const struct rrecord *r) {
  a->n[flag]++;
  FILE *f = a->rows[flag];
  if (!f || ftell(f) > (long)a->budget) {
    a->left[flag]++;
    return;
  }
  json_t *exp = r->m[RK_EXPECTED];
  json_t *in = json_object_get(exp, "input");
  const char *cls = json_string_value(r->m[RK_CLASS]);
  fputs("| ", f);
  a->md(f, json_string_value(r->m[RK_ADAPTER]), 0);
  fputs(" | ", f);
  a->md(f, json_string_value(r->m[RK_ID]), 1);
  fputs(" | ", f);
  a->md(f, cls ? cls : "?", 1);
  fputs(" | ", f);
  cell(a, f, in ? in : json_object_get(r->o, "input"));
  fputs(" | ", f);
  cell(a, f, exp);
  fputs(" | ", f);
  cell(a, f, r->m[RK_GOT]);
  fputs(" |\n", f);
}

/* The rows of kind K, each while F is under the budget. */
static void table(struct verdict_acc *a, FILE *f, int k, const char *title) {
  if (!a->n[k])
    return;
  fprintf(f,
          "\n### %s (%zu)\n\n| adapter | vector | class | input | "
          "expected | got |\n|---|---|---|---|---|---|\n",
          title, a->n[k]);
  size_t left = a->left[k];
  for (char *p = a->text[k], *end = p + a->len[k]; p < end;) {
    char *nl = memchr(p, '\n', (size_t)(end - p));
    nl = nl ? nl + 1 : end;
    if (ftell(f) > (long)a->budget)
      left++;
    else
      fwrite(p, 1, (size_t)(nl - p), f);
    p = nl;
  }
  if (left)
    fprintf(f,
            "\n%zu more not shown (summary.md stays under 1 MB; every "
            "one is in results.json and the results file)\n",
            left);
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

int verdict_begin(struct verdict_acc **out, char *const *results, int n,
                  char *const *baselines, int nb, size_t budget,
                  void (*md)(FILE *f, const char *s, int code)) {
  struct verdict_acc *a = xcalloc(1, sizeof *a);
  struct rset *s = &a->s;
  a->md = md;
  a->budget = budget;
  for (int k = 1; k < 3; k++)
    a->rows[k] = open_memstream(&a->text[k], &a->len[k]);
  s->paths = (char **)results;
  s->n = n;
  s->verdict = a;
  s->by_flag = nb == 0;
  s->force = 1; /* the verdict is told whatever; check and run refuse */
  s->bl = nb ? xcalloc((size_t)nb, sizeof *s->bl) : NULL;
  s->summary = xcalloc((size_t)n + 1, 1);
  *out = a;
  for (int i = 0; i < nb; i++, s->nbl++)
    if (baseline_load(baselines[i], &s->bl[i]) < 0)
      return EXIT_USAGE;
  return 0;
}

int verdict_record(struct verdict_acc *a, const struct rrecord *r) {
  return scan(&a->s, r);
}

int verdict_end(struct verdict_acc *a, FILE *f) {
  struct rset *s = &a->s;
  int rc = rset_check(s);
  size_t nnow = 0;
  for (int i = 0; i < s->nbl; i++)
    for (size_t k = 0; k < s->bl[i].n; k++)
      nnow += s->bl[i].e[k].now_passing != 0;
  for (int k = 1; k < 3; k++)
    if (a->rows[k]) {
      fclose(a->rows[k]); /* text[k] and len[k] are final */
      a->rows[k] = NULL;
    }
  if (!rc) {
    int pass = !a->n[1] && !a->n[2] && !nnow;
    fprintf(f, "## Verdict: %s\n\n", pass ? "PASS" : "FAIL");
    if (s->nbl)
      fprintf(f,
              "Against %d baseline%s: **%zu new discrepancies**, **%zu "
              "baseline entries now passing**, **%zu discrepancies on "
              "vectors new since the baseline**.\n",
              s->nbl, s->nbl > 1 ? "s" : "", a->n[1], nnow, a->n[2]);
    else
      fprintf(f,
              "No baseline given: **%zu discrepancies** the results do "
              "not mark known (baseline).\n",
              a->n[1]);
    table(a, f, 1, "New discrepancies");
    now_passing_md(f, s, nnow, a->budget, a->md);
    table(a, f, 2, "Discrepancies on vectors new since the baseline");
  }
  verdict_free(a);
  return rc;
}

void verdict_free(struct verdict_acc *a) {
  if (!a)
    return;
  for (int k = 1; k < 3; k++) {
    if (a->rows[k])
      fclose(a->rows[k]);
    free(a->text[k]);
  }
  rset_free(&a->s);
  free(a);
}
