/* cmd_behaviours.c: `uritest behaviours`: a results file read against the
 * adapters' behaviour files (adapters/BEHAVIOURS.md).  Per adapter: the
 * results that are not PASS, how many one behaviour predicts, how many
 * several do (overlaps), how many none does; per behaviour: on how many
 * results (of any class) it holds and on how many of those its prediction
 * is the library's answer.  --infer hands the results to infer.c. */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "behaviours.h"
#include "classify.h"
#include "commands.h"
#include "endpoint.h"
#include "files.h"
#include "results.h"
#include "codec_json.h"

/* A behaviour must predict the library's answer on this share of the
 * results it holds on. */
#define MIN_PRECISION 0.95
#define NEX 5 /* examples listed */

static const char usage_text[] =
    "usage: uritest behaviours [--adapter NAME]... [--behaviours FILE]...\n"
    "                          [--format text|json|jsonl] [--vectors PATH]...\n"
    "                          [--infer [--output FILE]] [RESULTS...]\n"
    "Judge every adapter's named behaviours (adapters/NAME/behaviours.json)\n"
    "on the results of RESULTS (default reports/out/results.jsonl): where a\n"
    "behaviour's condition holds (and its prediction differs from RFC\n"
    "3986's answer), does its prediction reproduce the library's answer?\n"
    "A result that is not PASS is attributed to the one behaviour that\n"
    "predicts it; one that several predict is an overlap.  Exit 0, 1 when a\n"
    "behaviour is imprecise (predicts under 95% of the results it holds\n"
    "on) or its example's result, when RESULTS hold it, is not one its\n"
    "prediction reproduces; 2 on a bad behaviour file (it names the file\n"
    "and the behaviour), results file or option.\n"
    "  --adapter NAME     only this adapter's results (several; default: all)\n"
    "  --behaviours FILE  this behaviours file for the adapter its "
    "\"adapter\"\n"
    "                     names (one run with --adapter-cmd; several;\n"
    "                     default: each adapter's own behaviours file)\n"
    "  --format FORMAT    text, json (per adapter non_pass, unexplained,\n"
    "                     overlaps; per behaviour results, holds, predicted,\n"
    "                     example_predicted)\n"
    "                     or jsonl (one line per result: adapter, id, class,\n"
    "                     behaviour, predicted_by, holds); default text\n"
    "  --infer            print, per adapter, its behaviours document with\n"
    "                     behaviours inferred for its unexplained results\n"
    "                     (default: judge only)\n"
    "  --output FILE      with --infer and one adapter: its document into\n"
    "                     FILE, replaced once whole (FILE may be the\n"
    "                     behaviours file read; default: standard output)\n"
    "  --transforms       print the transforms a prediction may name and\n"
    "                     exit, a line each or (--format json) an array\n"
    "                     (default: judge the results)\n"
    "  --c-table NAME     print adapter NAME's behaviours as the C table of\n"
    "                     its differential fuzz target (fuzz/fuzz.mk;\n"
    "                     default: none)\n"
    "  --vectors PATH     the vector files the results name (several;\n"
    "                     default: vectors/v1)\n"
    "  --help             this text\n"
    "example: uritest behaviours --adapter NAME reports/out/results.jsonl\n";

struct tally {
  char *name, *library;
  struct behaviours bs;
  unsigned expressed; /* components the adapter's answers give (bits) */
  size_t non_pass, unexplained, overlaps;
  size_t *results, *holds, *predicted; /* per behaviour */
  signed char *example; /* per behaviour: its example's result predicted
                         * (1), not (-1), not in the results (0) */
  char *unexplained_ids[NEX], *overlap_ids[NEX];
  struct bitem *items; /* --infer: every result */
  size_t nitems, capitems;
};

struct state {
  struct tally *t;
  size_t n;
  char **only;
  int nonly;
  char **files; /* --behaviours */
  int nfiles;
  int jsonl, infer;
  const char *ctable; /* --c-table */
  const char *output; /* --output: --infer's document into this file */
  int scan; /* the first reading: the components each adapter expresses */
  const struct test **by_id; /* the vectors, sorted by id */
  size_t nids;
};

static int cmp_test(const void *a, const void *b) {
  return strcmp((*(const struct test *const *)a)->id,
                (*(const struct test *const *)b)->id);
}

static const struct test *find_test(const struct state *s, const char *id) {
  size_t lo = 0, hi = s->nids;
  while (lo < hi) {
    size_t mid = (lo + hi) / 2;
    int c = strcmp(s->by_id[mid]->id, id);
    if (!c)
      return s->by_id[mid];
    if (c < 0)
      lo = mid + 1;
    else
      hi = mid;
  }
  return NULL;
}

static const struct test *find_test_of(const void *s, const char *id) {
  return find_test(s, id);
}

/* Every example id names a vector: else exit 2 naming file and behaviour. */
static int check_examples(const struct state *s, const struct behaviours *bs) {
  for (size_t i = 0; i < bs->n; i++)
    if (bs->b[i].example_id && !find_test(s, bs->b[i].example_id)) {
      warnx_("%s: behaviour %s: example %s: no vector has this id", bs->path,
             bs->b[i].rule.id, bs->b[i].example_id);
      return -1;
    }
  return 0;
}

static const char *str_of(json_t *o, const char *k) {
  json_t *v = json_object_get(o, k);
  return json_is_string(v) ? json_string_value(v) : NULL;
}

/* The input (and base) of result R: its vector's, or its own ("diff"). */
static int result_facts(const struct state *s, json_t *r, struct bfacts *f) {
  const char *id = str_of(r, "id");
  const struct test *t = id ? find_test(s, id) : NULL;
  memset(f, 0, sizeof *f);
  if (t) {
    f->op = t->op;
    f->in = t->input;
    f->len = t->input_len;
    f->only_validity = t->getters && !t->comps;
    f->rule = t->rule;
    f->parse_base = t->op == OP_PARSE && t->base.state == VALUE_OCTETS;
    if (t->op == OP_RESOLVE && t->base.state == VALUE_OCTETS) {
      f->base = t->base.s;
      f->base_len = t->base.len;
    }
    return 0;
  }
  json_t *i = json_object_get(r, "input");
  if (!json_is_string(i))
    return -1;
  f->op = OP_PARSE;
  f->in = json_string_value(i);
  f->len = json_string_length(i);
  return 0;
}

/* A JSON string for --format jsonl (a static buffer per call site's use:
 * printed before the next call). */
static const char *jstr(const char *v) {
  static struct buf b[4];
  static int next;
  struct buf *o = &b[next++ & 3];
  o->len = 0;
  buf_json_str(o, v, strlen(v));
  return o->p;
}
static const char *jstr_id(json_t *r) {
  const char *id = str_of(r, "id");
  return jstr(id ? id : "");
}

static int wanted(const struct state *s, const char *name) {
  if (!s->nonly)
    return 1;
  for (int i = 0; i < s->nonly; i++)
    if (!strcmp(s->only[i], name))
      return 1;
  return 0;
}

/* The behaviours of adapter NAME: a --behaviours file naming it, else
 * its file in the repository. */
static int load_for(const struct state *s, const char *name,
                    struct behaviours *bs) {
  for (int i = 0; i < s->nfiles; i++) {
    if (behaviours_load(s->files[i], bs) < 0)
      return -1;
    if (!strcmp(bs->adapter, name))
      return 0;
    behaviours_free(bs);
  }
  return behaviours_load_adapter(name, bs);
}

static struct tally *tally_of(struct state *s, const char *name,
                              const char *library) {
  for (size_t i = 0; i < s->n; i++)
    if (!strcmp(s->t[i].name, name)) {
      /* made for --adapter before its first result: that result names
       * the library */
      if (!*s->t[i].library && library && *library) {
        free(s->t[i].library);
        s->t[i].library = xstrdup(library);
      }
      return &s->t[i];
    }
  s->t = xrealloc(s->t, (s->n + 1) * sizeof *s->t);
  struct tally *t = &s->t[s->n];
  memset(t, 0, sizeof *t);
  t->name = xstrdup(name);
  t->library = xstrdup(library ? library : "");
  if (load_for(s, name, &t->bs) < 0 || check_examples(s, &t->bs) < 0) {
    behaviours_free(&t->bs);
    free(t->name);
    free(t->library);
    return NULL;
  }
  t->results = xcalloc(t->bs.n + 1, sizeof *t->results);
  t->holds = xcalloc(t->bs.n + 1, sizeof *t->holds);
  t->predicted = xcalloc(t->bs.n + 1, sizeof *t->predicted);
  t->example = xcalloc(t->bs.n + 1, sizeof *t->example);
  s->n++;
  return t;
}

/* The components an answer GOT gives (bits). */
static unsigned expressed_by(json_t *got) {
  json_t *comps = json_object_get(got, "components");
  unsigned m = 0;
  for (int c = 0; c < RFC3986_COMPONENT_COUNT; c++)
    if (json_object_get(comps, rfc3986_component_name((rfc3986_component)c)))
      m |= 1U << c;
  return m;
}

static void keep_id(char **ids, size_t nth, const char *id) {
  if (nth < NEX)
    ids[nth] = xstrdup(id ? id : "");
}

/* The jsonl line of one result. */
static void print_line(const struct tally *t, json_t *r, const char *cls,
                       const unsigned char *judged, size_t npred) {
  size_t k = 0;
  while (k < t->bs.n && judged[k] != 2)
    k++;
  printf("{\"adapter\": %s, \"id\": %s, \"class\": %s, \"behaviour\": %s",
         jstr(t->name), jstr_id(r), jstr(cls),
         npred == 1 ? jstr(t->bs.b[k].rule.id) : "null");
  for (int want = 2; want >= 1; want--) {
    printf(want == 2 ? ", \"predicted_by\": [" : "], \"holds\": [");
    for (size_t i = 0, first = 1; i < t->bs.n; i++)
      if (judged[i] >= want) {
        printf("%s%s", first ? "" : ", ", jstr(t->bs.b[i].rule.id));
        first = 0;
      }
  }
  puts("]}");
}

/* Count one judged result. */
static void count(struct tally *t, json_t *r, const char *cls, int pass,
                  const unsigned char *judged, size_t npred) {
  const char *id = str_of(r, "id");
  for (size_t k = 0; k < t->bs.n; k++) {
    const char *ex = t->bs.b[k].example_id;
    if (ex && id && !strcmp(ex, id))
      t->example[k] = judged[k] == 2 ? 1 : -1;
    t->holds[k] += judged[k] >= 1;
    t->predicted[k] += judged[k] == 2;
    t->results[k] += !pass && npred == 1 && judged[k] == 2;
  }
  (void)cls;
  if (pass)
    return;
  t->non_pass++;
  if (npred == 0)
    keep_id(t->unexplained_ids, t->unexplained++, str_of(r, "id"));
  else if (npred > 1)
    keep_id(t->overlap_ids, t->overlaps++, str_of(r, "id"));
}

static void keep_item(struct tally *t, json_t *r, const struct bfacts *f,
                      int pass) {
  if (t->nitems == t->capitems) {
    t->capitems = t->capitems ? 2 * t->capitems : 1024;
    t->items = xrealloc(t->items, t->capitems * sizeof *t->items);
  }
  struct bitem *it = &t->items[t->nitems++];
  json_incref(r);
  it->rec = r;
  it->f = *f;
  it->pass = pass;
  it->id = str_of(r, "id");
}

/* One result line.  -1 on a bad behaviour file. */
static int one_result(struct state *s, json_t *r) {
  const char *ad = str_of(r, "adapter"), *cls = str_of(r, "class");
  if (!ad || !cls || !wanted(s, ad))
    return 0;
  struct tally *t = tally_of(s, ad, str_of(r, "library"));
  if (!t)
    return -1;
  json_t *got = json_object_get(r, "got");
  if (s->scan) {
    t->expressed |= expressed_by(got);
    return 0;
  }
  struct bfacts f;
  int c = class_from_name(cls), pass = c == CLASS_PASS;
  if (result_facts(s, r, &f) < 0 || c == CLASS_UNSUPPORTED ||
      json_is_true(json_object_get(r, "implementation_defined")))
    return 0; /* a vector of another suite: nothing to read it with */
  f.got = pass ? NULL : got;
  f.expressed = t->expressed;
  if (!pass && !got)
    return 0; /* CRASH, TIMEOUT, ...: no answer to predict */
  unsigned char *judged = xcalloc(t->bs.n + 1, 1);
  size_t npred = behaviours_judge(&t->bs, &f, judged);
  if (s->jsonl)
    print_line(t, r, cls, judged, npred);
  count(t, r, cls, pass, judged, npred);
  if (s->infer)
    keep_item(t, r, &f, pass);
  free(judged);
  return 0;
}

static int on_record(void *ctx, const struct rrecord *rec) {
  if (strcmp(rec->kind, "result"))
    return 0;
  if (result_named(rec) < 0) /* as report and check: never skipped */
    return EXIT_USAGE;
  return one_result(ctx, rec->o) ? -1 : 0;
}

/* PATH's results, read by the one reader of results files (results.h). */
static int read_results(struct state *s, const char *path) {
  char *paths[1] = {(char *)path};
  return results_each(paths, 1, on_record, s) ? -1 : 0;
}

static double precision(const struct tally *t, size_t i) {
  return t->holds[i] ? (double)t->predicted[i] / (double)t->holds[i] : 1.0;
}

/* B's example input (N octets): its inline one, or its vector's. */
static const char *example_input(const struct state *s,
                                 const struct behaviour *b, size_t *n) {
  if (b->example_input) {
    *n = strlen(b->example_input);
    return b->example_input;
  }
  const struct test *t = find_test(s, b->example_id);
  *n = t ? t->input_len : 0;
  return t ? t->input : "";
}

/* "example": the input, or "example_hex" when it is not UTF-8 or holds a
 * NUL (json_pack refuses those: the behaviour was left out). */
static void set_example(json_t *o, const char *in, size_t n) {
  codec_json_set_field(o, "example", in, n);
}

static json_t *ids_json(char *const *ids, size_t n) {
  json_t *a = json_array();
  for (size_t i = 0; i < n && i < NEX; i++)
    json_array_append_new(a, json_string(ids[i]));
  return a;
}

static json_t *tally_json(const struct state *s, const struct tally *t) {
  json_t *list = json_array();
  for (size_t i = 0; i < t->bs.n; i++) {
    const struct behaviour *b = &t->bs.b[i];
    size_t n;
    const char *in = example_input(s, b, &n);
    json_t *o = json_pack("{s:s, s:s, s:s, s:I, s:I, s:I, s:b}", "id",
                          b->rule.id, "description", b->description, "section",
                          b->section, "results", (json_int_t)t->results[i],
                          "holds", (json_int_t)t->holds[i], "predicted",
                          (json_int_t)t->predicted[i], "imprecise",
                          precision(t, i) < MIN_PRECISION);
    set_example(o, in, n);
    if (b->example_id)
      json_object_set_new(o, "example_id", json_string(b->example_id));
    json_object_set_new(o, "example_predicted",
                        t->example[i] ? json_boolean(t->example[i] > 0)
                                      : json_null());
    json_array_append_new(list, o);
  }
  return json_pack(
      "{s:s, s:I, s:I, s:I, s:o, s:o, s:o}", "library", t->library, "non_pass",
      (json_int_t)t->non_pass, "unexplained", (json_int_t)t->unexplained,
      "overlaps", (json_int_t)t->overlaps, "behaviours", list,
      "unexplained_examples", ids_json(t->unexplained_ids, t->unexplained),
      "overlap_examples", ids_json(t->overlap_ids, t->overlaps));
}

static void tally_text(const struct tally *t) {
  size_t np = t->non_pass, pred = np - t->unexplained;
  put_labelf(stdout,
             "%s (%s): %zu results not PASS, %zu predicted (%.1f%%), %zu of "
             "them by several behaviours, %zu unexplained; %zu named "
             "behaviours",
             t->name, *t->library ? t->library : "no results in this file", np,
             pred, np ? 100.0 * (double)pred / (double)np : 100.0, t->overlaps,
             t->unexplained, t->bs.n);
  for (size_t i = 0; i < t->bs.n; i++) {
    const struct behaviour *b = &t->bs.b[i];
    double p = precision(t, i);
    put_labelf(stdout, "  %-50s %6zu  holds %6zu  predicted %6zu (%.1f%%)%s%s",
               b->rule.id, t->results[i], t->holds[i], t->predicted[i],
               100.0 * p, p < MIN_PRECISION ? " IMPRECISE" : "",
               t->example[i] < 0 ? " EXAMPLE-NOT-PREDICTED" : "");
  }
  for (size_t i = 0; i < t->overlaps && i < NEX; i++)
    put_labelf(stdout, "  overlap: %s", t->overlap_ids[i]);
  for (size_t i = 0; i < t->unexplained && i < NEX; i++)
    put_labelf(stdout, "  unexplained: %s", t->unexplained_ids[i]);
}

static int verdict(const struct state *s) {
  for (size_t k = 0; k < s->n; k++)
    for (size_t i = 0; i < s->t[k].bs.n; i++)
      if (precision(&s->t[k], i) < MIN_PRECISION || s->t[k].example[i] < 0)
        return EXIT_NEGATIVE;
  return EXIT_OK;
}

static void state_free(struct state *s) {
  for (size_t k = 0; k < s->n; k++) {
    struct tally *t = &s->t[k];
    behaviours_free(&t->bs);
    free(t->name);
    free(t->library);
    free(t->results);
    free(t->holds);
    free(t->predicted);
    free(t->example);
    for (int i = 0; i < NEX; i++) {
      free(t->unexplained_ids[i]);
      free(t->overlap_ids[i]);
    }
    for (size_t i = 0; i < t->nitems; i++)
      json_decref(t->items[i].rec);
    free(t->items);
  }
  free(s->t);
  free(s->by_id);
}

static void put_doc(FILE *f, json_t *doc) {
  json_dumpf(doc, f, JSON_INDENT(1) | JSON_ENSURE_ASCII);
  fputc('\n', f);
  json_decref(doc);
}

static void print_doc(json_t *doc) {
  put_doc(stdout, doc);
}

/* --infer's documents, one per adapter, on stdout; with --output, the one
 * adapter's into that file, replaced whole once written (it may be the
 * behaviours file just read).  -1 when it cannot be written. */
static int infer_docs(struct state *s) {
  struct ofile of;
  if (s->output && s->n != 1) {
    warnx_("--output: one adapter's document, and the results hold %zu "
           "adapters (name one with --adapter)",
           s->n);
    return -1;
  }
  if (s->output && ofile_open(&of, s->output) < 0)
    return -1;
  for (size_t k = 0; k < s->n; k++)
    put_doc(s->output ? of.f : stdout,
            behaviours_infer(s->t[k].name, s->t[k].library, &s->t[k].bs,
                             s->t[k].items, s->t[k].nitems));
  return s->output ? ofile_close(&of) : 0;
}

static void report(struct state *s, int json) {
  if (s->infer) /* infer_docs */
    return;
  if (json) {
    json_t *ads = json_object();
    for (size_t k = 0; k < s->n; k++)
      json_object_set_new(ads, s->t[k].name, tally_json(s, &s->t[k]));
    print_doc(json_pack("{s:o}", "adapters", ads));
  } else if (!s->jsonl) {
    for (size_t k = 0; k < s->n; k++)
      tally_text(&s->t[k]);
  }
}

/* The vocabulary of predictions: name, stage, section, what it does; a
 * line each, or (JSON) an array of objects with those members. */
static void print_transforms(int json) {
  static const char *const stage[] = {"input", "split", "output", "reading"};
  json_t *all = json ? json_array() : NULL;
  for (size_t i = 0; i < transform_count; i++) {
    const struct transform *t = &transform_table[i];
    if (all)
      json_array_append_new(all,
                            json_pack("{s:s, s:s, s:s, s:s}", "name", t->name,
                                      "stage", stage[t->stage], "section",
                                      t->section, "does", t->does));
    else
      printf("%-28s %-8s %-11s %s\n", t->name, stage[t->stage], t->section,
             t->does);
  }
  if (all) {
    json_dumpf(all, stdout, JSON_INDENT(1) | JSON_ENSURE_ASCII);
    putchar('\n');
    json_decref(all);
  }
}

/* Options into S; -1 (usage), 1 (--help), 2 (--transforms) or 0. */
static int options(int argc, char **argv, struct state *s, char ***vpaths,
                   int *nv, int *json) {
  static const struct option opts[] = {
      {"adapter", required_argument, 0, 'a'},
      {"behaviours", required_argument, 0, 'b'},
      {"format", required_argument, 0, 'f'},
      {"infer", no_argument, 0, 'i'},
      {"output", required_argument, 0, 'o'},
      {"transforms", no_argument, 0, 't'},
      {"c-table", required_argument, 0, 'c'},
      {"vectors", required_argument, 0, 'v'},
      {"help", no_argument, 0, 'h'},
      {0, 0, 0, 0}};
  int c, transforms = 0;
  optind = 1;
  while ((c = getopt_long(argc, argv, "", opts, NULL)) != -1) {
    if (c == 'a') {
      s->only = xrealloc(s->only, sizeof *s->only * (size_t)(s->nonly + 1));
      s->only[s->nonly++] = optarg;
    } else if (c == 'b') {
      s->files = xrealloc(s->files, sizeof *s->files * (size_t)(s->nfiles + 1));
      s->files[s->nfiles++] = optarg;
    } else if (c == 'v') {
      *vpaths = xrealloc(*vpaths, sizeof **vpaths * (size_t)(*nv + 1));
      (*vpaths)[(*nv)++] = optarg;
    } else if (c == 'i') {
      s->infer = 1;
    } else if (c == 'o') {
      s->output = optarg;
    } else if (c == 't') {
      transforms = 1; /* after every option: --help wins */
    } else if (c == 'c') {
      s->ctable = optarg;
    } else if (c == 'f' &&
               (!strcmp(optarg, "json") || !strcmp(optarg, "text") ||
                !strcmp(optarg, "jsonl"))) {
      *json = !strcmp(optarg, "json");
      s->jsonl = !strcmp(optarg, "jsonl");
    } else {
      return c == 'h' ? 1 : -1;
    }
  }
  return transforms ? 2 : 0;
}

/* Every results file, twice: the components each adapter expresses, then
 * the judging. */
static int read_all(struct state *s, int argc, char **argv) {
  char *deflt = out_path("reports/out/results.jsonl");
  int rc = EXIT_OK;
  for (s->scan = 1; s->scan >= 0 && rc == EXIT_OK; s->scan--) {
    if (optind == argc && read_results(s, deflt) < 0)
      rc = EXIT_USAGE;
    for (int i = optind; i < argc && rc == EXIT_OK; i++)
      if (read_results(s, argv[i]) < 0)
        rc = EXIT_USAGE;
  }
  s->scan = 0;
  free(deflt);
  return rc;
}

static int load_vectors(struct state *s, struct vectors *vec, char **vpaths,
                        int nv) {
  struct filters none;
  memset(&none, 0, sizeof none);
  if (vectors_load(vec, vpaths, nv, &none) < 0)
    return -1;
  s->nids = vec->ntests;
  s->by_id = xcalloc(s->nids + 1, sizeof *s->by_id);
  for (size_t i = 0; i < vec->ntests; i++)
    s->by_id[i] = &vec->tests[i];
  qsort(s->by_id, s->nids, sizeof *s->by_id, cmp_test);
  return 0;
}

int cmd_behaviours(int argc, char **argv) {
  struct state s;
  memset(&s, 0, sizeof s);
  char **vpaths = NULL, *deflt = root_path("vectors/v1");
  int nv = 0, json = 0, rc = EXIT_OK;
  struct vectors vec;
  memset(&vec, 0, sizeof vec);
  int o = options(argc, argv, &s, &vpaths, &nv, &json);
  if (o == 2) {
    print_transforms(json);
    goto out;
  }
  if (o == 0 && s.output && !s.infer)
    o = -1;
  if (o != 0) {
    fputs(usage_text, o > 0 ? stdout : stderr);
    rc = o > 0 ? EXIT_OK : EXIT_USAGE;
    goto out;
  }
  if (!nv) {
    vpaths = xrealloc(vpaths, sizeof *vpaths);
    vpaths[nv++] = deflt;
  }
  if (load_vectors(&s, &vec, vpaths, nv) < 0) {
    rc = EXIT_USAGE;
    goto out;
  }
  if (s.ctable) {
    struct behaviours bs;
    rc = load_for(&s, s.ctable, &bs) < 0 || check_examples(&s, &bs) < 0
             ? EXIT_USAGE
             : behaviours_c_table(stdout, &bs, s.ctable, find_test_of, &s);
    behaviours_free(&bs);
    goto out;
  }
  /* the named adapters' files are checked even when no result names them */
  for (int i = 0; i < s.nonly; i++)
    if (!tally_of(&s, s.only[i], "")) {
      rc = EXIT_USAGE;
      goto out;
    }
  rc = read_all(&s, argc, argv);
  if (rc == EXIT_OK) {
    report(&s, json);
    rc = !s.infer ? verdict(&s) : infer_docs(&s) == 0 ? EXIT_OK : EXIT_USAGE;
  }
out:
  state_free(&s);
  vectors_free(&vec);
  free(deflt);
  free(vpaths);
  free(s.only);
  free(s.files);
  return rc;
}
