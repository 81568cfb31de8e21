/* cmd_behaviours.c: `uritest behaviours`: a results file read against the
 * adapters' behaviour files (adapters/BEHAVIOURS.md): per adapter the
 * results that are not PASS, how many each named behaviour explains, how
 * many none does, and how specific each behaviour is (the share of the
 * adapter's passed inputs on which its condition holds). */
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
#include "../../adapters/common/codec_json.h"

/* A behaviour's condition may hold on at most this share of passed inputs. */
#define MAX_PASS_SHARE 0.02

static const char usage_text[] =
    "usage: uritest behaviours [--adapter NAME]... [--format text|json|jsonl]\n"
    "                          [--vectors PATH]... [RESULTS...]\n"
    "Attribute every result of RESULTS (default reports/out/results.jsonl)\n"
    "that is not PASS to its adapter's named behaviours\n"
    "(adapters/NAME/behaviours.json).  Exit 0 when every such result is\n"
    "explained and every behaviour is specific (its condition holds on at\n"
    "most 2% of the inputs the adapter passes), 1 otherwise, 2 on a bad\n"
    "behaviour file (it names the file and the behaviour), results file or\n"
    "option.  --format jsonl prints one line per result read instead:\n"
    "{\"adapter\", \"id\", \"class\", \"behaviour\", \"holds\": [ids]}, holds\n"
    "naming every behaviour that would explain it by itself (for a PASS:\n"
    "whose condition holds on it), to see how behaviours overlap.\n"
    "  --adapter NAME   only this adapter's results (several; default: all)\n"
    "  --format FORMAT  text, json or jsonl (default: text)\n"
    "  --vectors PATH   the vector files the results name (several; default:\n"
    "                   vectors/v1)\n"
    "  --help           this text\n"
    "example: uritest behaviours --adapter NAME reports/out/results.jsonl\n";

struct tally {
  char *name, *library;
  struct behaviours bs;
  size_t non_pass, unexplained, pass[OP__COUNT];
  size_t *count, *holds; /* per behaviour */
  char *unexplained_ids[5];
};

struct state {
  struct tally *t;
  size_t n;
  char **only;
  int nonly;
  int jsonl;                 /* --format jsonl: one line per result read */
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
  if (behaviours_load_adapter(name, &t->bs) < 0 ||
      check_examples(s, &t->bs) < 0) {
    behaviours_free(&t->bs);
    free(t->name);
    free(t->library);
    return NULL;
  }
  t->count = xcalloc(t->bs.n + 1, sizeof *t->count);
  t->holds = xcalloc(t->bs.n + 1, sizeof *t->holds);
  s->n++;
  return t;
}

static const char *str_of(json_t *o, const char *k) {
  json_t *v = json_object_get(o, k);
  return json_is_string(v) ? json_string_value(v) : NULL;
}

/* The input (and base) of a result: its vector's, or its own ("diff"). */
static int result_input(const struct state *s, json_t *r, int *op,
                        const char **in, size_t *len, const char **base,
                        size_t *blen) {
  const char *id = str_of(r, "id");
  const struct test *t = id ? find_test(s, id) : NULL;
  *base = NULL;
  *blen = 0;
  if (t) {
    *op = t->op;
    *in = t->input;
    *len = t->input_len;
    if (t->op == OP_RESOLVE && t->base.state == SV_STR) {
      *base = t->base.s;
      *blen = t->base.len;
    }
    return 0;
  }
  json_t *i = json_object_get(r, "input");
  if (!json_is_string(i))
    return -1;
  *op = OP_PARSE;
  *in = json_string_value(i);
  *len = json_string_length(i);
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

/* One result line.  -1 on a bad behaviour file. */
static int one_result(struct state *s, json_t *r) {
  const char *ad = str_of(r, "adapter"), *cls = str_of(r, "class");
  if (!ad || !cls || !wanted(s, ad))
    return 0;
  struct tally *t = tally_of(s, ad, str_of(r, "library"));
  if (!t)
    return -1;
  int op;
  const char *in, *base;
  size_t len, blen;
  if (result_input(s, r, &op, &in, &len, &base, &blen) < 0)
    return 0; /* a vector of another suite: nothing to read it with */
  int impl = json_is_true(json_object_get(r, "implementation_defined"));
  if (!strcmp(cls, "PASS")) {
    if (impl)
      return 0;
    t->pass[op]++;
    if (s->jsonl)
      printf("{\"adapter\": %s, \"id\": %s, \"class\": \"PASS\", \"holds\": [",
             jstr(ad), jstr_id(r));
    for (size_t i = 0, first = 1; i < t->bs.n; i++) {
      int h = behaviour_holds_on_pass(&t->bs.b[i], op, in, len, base, blen);
      t->holds[i] += (size_t)h;
      if (h && s->jsonl) {
        printf("%s%s", first ? "" : ", ", jstr(t->bs.b[i].rule.id));
        first = 0;
      }
    }
    if (s->jsonl)
      puts("]}");
    return 0;
  }
  if (!strcmp(cls, "UNSUPPORTED") || impl)
    return 0;
  t->non_pass++;
  const char *mis[MAX_MISMATCH];
  int nmis = 0;
  json_t *comps = json_object_get(r, "components"), *c;
  size_t i;
  json_array_foreach(comps, i, c) if (json_is_string(c) && nmis < MAX_MISMATCH)
      mis[nmis++] = json_string_value(c);
  struct bfacts f = {op,  cls, in, len, base, blen, json_object_get(r, "got"),
                     mis, nmis};
  unsigned char *alone = s->jsonl ? xcalloc(t->bs.n + 1, 1) : NULL;
  const struct behaviour *b = behaviours_explain(&t->bs, &f, alone);
  if (s->jsonl) {
    printf("{\"adapter\": %s, \"id\": %s, \"class\": %s, \"behaviour\": %s, "
           "\"holds\": [",
           jstr(ad), jstr_id(r), jstr(cls),
           jstr(b ? b->rule.id : "unexplained"));
    for (size_t k = 0, first = 1; k < t->bs.n; k++)
      if (alone[k]) {
        printf("%s%s", first ? "" : ", ", jstr(t->bs.b[k].rule.id));
        first = 0;
      }
    puts("]}");
    free(alone);
  }
  if (b) {
    t->count[b - t->bs.b]++;
  } else {
    if (t->unexplained < 5)
      t->unexplained_ids[t->unexplained] = xstrdup(str_of(r, "id"));
    t->unexplained++;
  }
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

/* The share of passed inputs (of its op) on which B's condition holds. */
static double pass_share(const struct tally *t, size_t i) {
  const struct behaviour *b = &t->bs.b[i];
  size_t pass = 0;
  for (int op = 0; op < OP__COUNT; op++)
    if (!b->rule.op || !strcmp(b->rule.op, op_names[op]))
      pass += t->pass[op];
  return pass ? (double)t->holds[i] / (double)pass : 0.0;
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

static json_t *tally_json(const struct state *s, const struct tally *t) {
  json_t *list = json_array();
  for (size_t i = 0; i < t->bs.n; i++) {
    const struct behaviour *b = &t->bs.b[i];
    size_t n;
    const char *in = example_input(s, b, &n);
    json_t *o = json_pack(
        "{s:s, s:s, s:s, s:s, s:I, s:f}", "id", b->rule.id, "description",
        b->description, "section", b->section, "severity",
        b->severity ? severity_names[b->severity] : "none", "count",
        (json_int_t)t->count[i], "pass_share", pass_share(t, i));
    set_example(o, in, n);
    if (b->example_id)
      json_object_set_new(o, "example_id", json_string(b->example_id));
    json_array_append_new(list, o);
  }
  json_t *un = json_array();
  for (size_t i = 0; i < t->unexplained && i < 5; i++)
    if (t->unexplained_ids[i])
      json_array_append_new(un, json_string(t->unexplained_ids[i]));
  return json_pack("{s:s, s:I, s:I, s:o, s:o}", "library", t->library,
                   "non_pass", (json_int_t)t->non_pass, "unexplained",
                   (json_int_t)t->unexplained, "behaviours", list,
                   "unexplained_examples", un);
}

static void tally_text(const struct tally *t) {
  size_t named = 0, security = 0;
  for (size_t i = 0; i < t->bs.n; i++) {
    named++;
    security += t->bs.b[i].severity != SEV_NONE;
  }
  put_labelf(stdout,
             "%s (%s): %zu results not PASS, %zu unexplained; %zu named "
             "behaviours, %zu security-relevant",
             t->name, *t->library ? t->library : "no results in this file",
             t->non_pass, t->unexplained, named, security);
  for (size_t i = 0; i < t->bs.n; i++) {
    const struct behaviour *b = &t->bs.b[i];
    double share = pass_share(t, i);
    put_labelf(stdout, "  %-44s %6zu  %-8s  RFC 3986 %-6s  pass-share %.2f%%%s",
               b->rule.id, t->count[i],
               b->severity ? severity_names[b->severity] : "none", b->section,
               100.0 * share, share > MAX_PASS_SHARE ? " (NOT SPECIFIC)" : "");
  }
  for (size_t i = 0; i < t->unexplained && i < 5; i++)
    if (t->unexplained_ids[i])
      put_labelf(stdout, "  unexplained: %s", t->unexplained_ids[i]);
}

static int verdict(const struct state *s) {
  for (size_t k = 0; k < s->n; k++) {
    if (s->t[k].unexplained)
      return EXIT_NEGATIVE;
    for (size_t i = 0; i < s->t[k].bs.n; i++)
      if (pass_share(&s->t[k], i) > MAX_PASS_SHARE)
        return EXIT_NEGATIVE;
  }
  return EXIT_OK;
}

static void state_free(struct state *s) {
  for (size_t k = 0; k < s->n; k++) {
    behaviours_free(&s->t[k].bs);
    free(s->t[k].name);
    free(s->t[k].library);
    free(s->t[k].count);
    free(s->t[k].holds);
    for (int i = 0; i < 5; i++)
      free(s->t[k].unexplained_ids[i]);
  }
  free(s->t);
  free(s->by_id);
}

int cmd_behaviours(int argc, char **argv) {
  static const struct option opts[] = {{"adapter", required_argument, 0, 'a'},
                                       {"format", required_argument, 0, 'f'},
                                       {"vectors", required_argument, 0, 'v'},
                                       {"help", no_argument, 0, 'h'},
                                       {0, 0, 0, 0}};
  struct state s;
  memset(&s, 0, sizeof s);
  char **vpaths = NULL;
  int nv = 0, json = 0, c, rc = EXIT_OK;
  optind = 1;
  while ((c = getopt_long(argc, argv, "", opts, NULL)) != -1) {
    if (c == 'a') {
      s.only = xrealloc(s.only, sizeof *s.only * (size_t)(s.nonly + 1));
      s.only[s.nonly++] = optarg;
    } else if (c == 'v') {
      vpaths = xrealloc(vpaths, sizeof *vpaths * (size_t)(nv + 1));
      vpaths[nv++] = optarg;
    } else if (c == 'f' &&
               (!strcmp(optarg, "json") || !strcmp(optarg, "text") ||
                !strcmp(optarg, "jsonl"))) {
      json = !strcmp(optarg, "json");
      s.jsonl = !strcmp(optarg, "jsonl");
    } else if (c == 'h') {
      fputs(usage_text, stdout);
      free(s.only);
      free(vpaths);
      return EXIT_OK;
    } else {
      fputs(usage_text, stderr);
      free(s.only);
      free(vpaths);
      return EXIT_USAGE;
    }
  }
  struct vectors vec;
  memset(&vec, 0, sizeof vec);
  struct filters none;
  memset(&none, 0, sizeof none);
  char *deflt = root_path("vectors/v1");
  if (!nv) {
    vpaths = xrealloc(vpaths, sizeof *vpaths);
    vpaths[nv++] = deflt;
  }
  if (vectors_load(&vec, vpaths, nv, &none) < 0) {
    rc = EXIT_USAGE;
    goto out;
  }
  s.nids = vec.ntests;
  s.by_id = xcalloc(s.nids + 1, sizeof *s.by_id);
  for (size_t i = 0; i < vec.ntests; i++)
    s.by_id[i] = &vec.tests[i];
  qsort(s.by_id, s.nids, sizeof *s.by_id, cmp_test);
  /* the named adapters' files are checked even when no result names them */
  for (int i = 0; i < s.nonly; i++)
    if (!tally_of(&s, s.only[i], "")) {
      rc = EXIT_USAGE;
      goto out;
    }
  if (optind == argc) {
    char *p = root_path("reports/out/results.jsonl");
    int r = read_results(&s, p);
    free(p);
    if (r < 0)
      rc = EXIT_USAGE;
  }
  for (int i = optind; i < argc && rc == EXIT_OK; i++)
    if (read_results(&s, argv[i]) < 0)
      rc = EXIT_USAGE;
  if (rc == EXIT_OK) {
    if (s.jsonl) {
      /* the lines are out already */
    } else if (json) {
      json_t *ads = json_object();
      for (size_t k = 0; k < s.n; k++)
        json_object_set_new(ads, s.t[k].name, tally_json(&s, &s.t[k]));
      json_t *doc = json_pack("{s:o}", "adapters", ads);
      json_dumpf(doc, stdout, JSON_INDENT(1) | JSON_ENSURE_ASCII);
      putchar('\n');
      json_decref(doc);
    } else {
      for (size_t k = 0; k < s.n; k++)
        tally_text(&s.t[k]);
    }
    rc = verdict(&s);
  }
out:
  state_free(&s);
  vectors_free(&vec);
  free(deflt);
  free(vpaths);
  free(s.only);
  return rc;
}
