/* compare.c: `uritest compare BASE HEAD` (DESIGN.md "Comparing two runs"):
 * two results files of one adapter, the library before and after a change,
 * vector by vector: what the change fixed, what it broke, the valid inputs
 * it now rejects and the security-relevant readings it brought. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "files.h"
#include "model.h"
#include "results.h"
#include "util.h"

static const char compare_usage[] =
    "usage: uritest compare [OPTION]... BASE HEAD\n"
    "Compare two results files of one adapter (before and after a change),\n"
    "vector by vector.\n"
    "  --format FORMAT  text, json or markdown (a pull-request comment,\n"
    "                   the verdict first) (default: text)\n"
    "  --adapter NAME   the adapter compared, where a file has several\n"
    "                   (default: the one adapter of each file)\n"
    "  --help           this text\n"
    "Exit: 0 nothing regressed, 1 a vector regressed (PASS before, not now),\n"
    "HEAD rejects an input RFC 3986 accepts that BASE did not reject, or\n"
    "HEAD has a security-relevant reading BASE did not; 2 usage or input\n"
    "error.\n"
    "example: uritest compare --format markdown base.jsonl head.jsonl\n";

/* One result of a side: its class, whether it is security-relevant and
 * its input (as the vector gives it: "input", or "input_hex" as hex). */
struct centry {
  char *id, *cls, *input;
  int security;
};

struct cside {
  const char *path, *want; /* want: --adapter, or NULL */
  char *adapter;           /* the adapter of its results */
  int several;             /* results of another adapter met */
  struct centry *e;
  size_t n, cap;
  struct strmap map; /* id -> index in e */
};

enum { L_REGRESSED, L_REJECTS_VALID, L_SECURITY, L_FIXED, L_CHANGED, L__N };
static const char *const list_keys[L__N] = {"regressed", "newly_rejects_valid",
                                            "new_security_relevant", "fixed",
                                            "changed"};
static const char *const list_titles[L__N] = {
    "Regressed (PASS before, not now)",
    "Newly rejects valid input (RFC 3986 accepts it)",
    "New security-relevant readings", "Fixed", "Changed otherwise"};

struct cmp {
  struct cside side[2];
  const struct centry **list[L__N][2]; /* pairs (base, head) */
  size_t nlist[L__N];
  size_t unchanged, only[2];
};

static char *entry_input(json_t *expected) {
  json_t *in = json_object_get(expected, "input");
  if (json_is_string(in))
    return xstrdup(json_string_value(in));
  json_t *hex = json_object_get(expected, "input_hex");
  if (json_is_string(hex)) {
    size_t n = strlen(json_string_value(hex)) + 5;
    char *s = xmalloc(n);
    snprintf(s, n, "hex:%s", json_string_value(hex));
    return s;
  }
  return xstrdup("");
}

static int side_take(void *ctx, const struct rrecord *rec) {
  struct cside *s = ctx;
  json_t *const *m = rec->m;
  if (strcmp(rec->kind, "result") || !json_is_string(m[RK_ID]) ||
      !json_is_string(m[RK_CLASS]))
    return 0;
  const char *ad =
      json_is_string(m[RK_ADAPTER]) ? json_string_value(m[RK_ADAPTER]) : "";
  if (s->want && strcmp(ad, s->want))
    return 0;
  if (!s->adapter)
    s->adapter = xstrdup(ad);
  else if (strcmp(s->adapter, ad))
    s->several = 1;
  const char *id = json_string_value(m[RK_ID]);
  size_t *at = strmap_get(&s->map, id);
  struct centry *e;
  if (at) { /* a later result of one id (a resumed or merged run) wins */
    e = &s->e[*at];
    free(e->cls);
    free(e->input);
  } else {
    if (s->n == s->cap) {
      s->cap = s->cap ? 2 * s->cap : 1024;
      s->e = xrealloc(s->e, s->cap * sizeof *s->e);
    }
    e = &s->e[s->n];
    e->id = xstrdup(id);
    strmap_add(&s->map, e->id, s->n++);
  }
  e->cls = xstrdup(json_string_value(m[RK_CLASS]));
  e->security = json_is_true(m[RK_SECURITY_RELEVANT]);
  e->input = entry_input(m[RK_EXPECTED]);
  return 0;
}

static int side_read(struct cside *s) {
  char *paths[1] = {(char *)s->path};
  int rc = results_each(paths, 1, side_take, s);
  if (rc)
    return rc;
  if (!s->adapter) {
    warnx_(s->want ? "%s: no result of adapter \"%s\""
                   : "%s: no result in the file%s",
           s->path, s->want ? s->want : "");
    return EXIT_USAGE;
  }
  if (s->several) {
    warnx_("%s: results of several adapters: say which with --adapter",
           s->path);
    return EXIT_USAGE;
  }
  return 0;
}

static void side_free(struct cside *s) {
  for (size_t i = 0; i < s->n; i++) {
    free(s->e[i].id);
    free(s->e[i].cls);
    free(s->e[i].input);
  }
  free(s->e);
  free(s->adapter);
  strmap_free(&s->map);
}

static int is_pass(const char *c) {
  return class_from_name(c) == CLASS_PASS;
}
static int is_failure(const char *c) {
  return class_failed(class_from_name(c));
}

static void add(struct cmp *c, int l, const struct centry *b,
                const struct centry *h) {
  size_t n = c->nlist[l]++;
  c->list[l][0] = xrealloc(c->list[l][0], (n + 1) * sizeof *c->list[l][0]);
  c->list[l][1] = xrealloc(c->list[l][1], (n + 1) * sizeof *c->list[l][1]);
  c->list[l][0][n] = b;
  c->list[l][1][n] = h;
}

/* One vector of both sides into the lists it belongs to. */
static void judge(struct cmp *c, const struct centry *b,
                  const struct centry *h) {
  int same = !strcmp(b->cls, h->cls);
  if (is_pass(b->cls) && is_failure(h->cls))
    add(c, L_REGRESSED, b, h);
  else if (is_failure(b->cls) && is_pass(h->cls))
    add(c, L_FIXED, b, h);
  else if (!same)
    add(c, L_CHANGED, b, h);
  if (class_from_name(h->cls) == CLASS_SHOULD_HAVE_ACCEPTED && !same)
    add(c, L_REJECTS_VALID, b, h);
  if (h->security && !b->security)
    add(c, L_SECURITY, b, h);
  if (same && h->security == b->security)
    c->unchanged++;
}

static int by_id(const void *a, const void *b) {
  return strcmp((*(const struct centry *const *)a)->id,
                (*(const struct centry *const *)b)->id);
}

static void compare(struct cmp *c) {
  struct cside *base = &c->side[0], *head = &c->side[1];
  const struct centry **hs = xmalloc((head->n + 1) * sizeof *hs);
  for (size_t i = 0; i < head->n; i++)
    hs[i] = &head->e[i];
  qsort(hs, head->n, sizeof *hs, by_id);
  for (size_t i = 0; i < head->n; i++) {
    size_t *at = strmap_get(&base->map, hs[i]->id);
    if (at)
      judge(c, &base->e[*at], hs[i]);
    else
      c->only[1]++;
  }
  for (size_t i = 0; i < base->n; i++)
    if (!strmap_get(&head->map, base->e[i].id))
      c->only[0]++;
  free(hs);
}

static int failing(const struct cmp *c) {
  return c->nlist[L_REGRESSED] || c->nlist[L_REJECTS_VALID] ||
         c->nlist[L_SECURITY];
}

/* ---- the three formats ------------------------------------------------ */

static void out_json(const struct cmp *c) {
  json_t *o = json_object();
  json_object_set_new(o, "adapter", json_string(c->side[1].adapter));
  json_object_set_new(o, "base_adapter", json_string(c->side[0].adapter));
  for (int l = 0; l < L__N; l++) {
    json_t *a = json_array();
    for (size_t i = 0; i < c->nlist[l]; i++)
      json_array_append_new(a, json_string(c->list[l][1][i]->id));
    json_object_set_new(o, list_keys[l], a);
  }
  json_object_set_new(o, "unchanged", json_integer((json_int_t)c->unchanged));
  json_object_set_new(o, "base_only", json_integer((json_int_t)c->only[0]));
  json_object_set_new(o, "head_only", json_integer((json_int_t)c->only[1]));
  json_dumpf(o, stdout, JSON_INDENT(1) | JSON_ENSURE_ASCII);
  fputc('\n', stdout);
  json_decref(o);
}

/* The counts of the verdict line, in BUF. */
static void verdict_counts(char *buf, size_t cap, const struct cmp *c) {
  int n = snprintf(buf, cap,
                   "%zu regressed, %zu newly reject valid input, %zu new "
                   "security-relevant; %zu fixed, %zu changed otherwise, "
                   "%zu unchanged",
                   c->nlist[L_REGRESSED], c->nlist[L_REJECTS_VALID],
                   c->nlist[L_SECURITY], c->nlist[L_FIXED], c->nlist[L_CHANGED],
                   c->unchanged);
  if ((c->only[0] || c->only[1]) && n > 0 && (size_t)n < cap)
    snprintf(buf + n, cap - (size_t)n,
             "; %zu vectors only in BASE, %zu only in HEAD", c->only[0],
             c->only[1]);
}

static void out_text(const struct cmp *c) {
  char counts[512];
  verdict_counts(counts, sizeof counts, c);
  put_labelf(stdout, "%s %s: %s", failing(c) ? "FAIL" : "PASS",
             c->side[1].adapter, counts);
  for (int l = 0; l < L__N; l++) {
    if (!c->nlist[l])
      continue;
    printf("%s (%zu):\n", list_titles[l], c->nlist[l]);
    for (size_t i = 0; i < c->nlist[l]; i++) {
      const struct centry *b = c->list[l][0][i], *h = c->list[l][1][i];
      put_labelf(stdout, "  %s  %s -> %s%s  %s", h->id, b->cls, h->cls,
                 h->security ? " (security-relevant)" : "", h->input);
    }
  }
}

/* Markdown lists stop at this many rows each: a pull-request comment
 * holds 65,536 characters. */
enum { MD_ROWS = 40 };

static void out_markdown(const struct cmp *c) {
  printf("## uritest compare: %s\n\n", failing(c) ? "FAIL" : "PASS");
  fputs("**", stdout);
  report_md_text(stdout, c->side[1].adapter, 0);
  char counts[512];
  verdict_counts(counts, sizeof counts, c);
  printf("**: %s.\n", counts);
  for (int l = 0; l < L__N; l++) {
    if (!c->nlist[l])
      continue;
    printf("\n### %s (%zu)\n\n| vector | before | now | input |\n"
           "|---|---|---|---|\n",
           list_titles[l], c->nlist[l]);
    for (size_t i = 0; i < c->nlist[l] && i < MD_ROWS; i++) {
      const struct centry *b = c->list[l][0][i], *h = c->list[l][1][i];
      fputs("| ", stdout);
      report_md_text(stdout, h->id, 1);
      fputs(" | ", stdout);
      report_md_text(stdout, b->cls, 0);
      fputs(" | ", stdout);
      report_md_text(stdout, h->cls, 0);
      fputs(h->security ? " (security-relevant) | " : " | ", stdout);
      report_md_text(stdout, h->input, 1);
      fputs(" |\n", stdout);
    }
    if (c->nlist[l] > MD_ROWS)
      printf("\nand %zu more (`uritest compare --format json` lists every "
             "one).\n",
             c->nlist[l] - MD_ROWS);
  }
}

/* ---- the command -------------------------------------------------------- */

static int compare_options(int argc, char **argv, const char **fmt,
                           const char **adapter) {
  static const struct option opts[] = {{"format", required_argument, 0, 'f'},
                                       {"adapter", required_argument, 0, 'a'},
                                       {"help", no_argument, 0, 'h'},
                                       {0, 0, 0, 0}};
  optind = 1;
  opterr = 0;
  int o;
  while ((o = getopt_long(argc, argv, "", opts, NULL)) != -1) {
    if (o == 'h') {
      fputs(compare_usage, stdout);
      return -1;
    }
    if (o == 'f')
      *fmt = optarg;
    else if (o == 'a')
      *adapter = optarg;
    else {
      warnx_("unknown option or missing value: %s", argv[optind - 1]);
      fputs(compare_usage, stderr);
      return EXIT_USAGE;
    }
  }
  if (strcmp(*fmt, "text") && strcmp(*fmt, "json") &&
      strcmp(*fmt, "markdown")) {
    warnx_("unknown format \"%s\" (text, json, markdown)", *fmt);
    return EXIT_USAGE;
  }
  if (argc - optind != 2) {
    warnx_("compare needs two results files, BASE and HEAD");
    fputs(compare_usage, stderr);
    return EXIT_USAGE;
  }
  return 0;
}

int cmd_compare(int argc, char **argv) {
  const char *fmt = "text", *adapter = NULL;
  int rc = compare_options(argc, argv, &fmt, &adapter);
  if (rc)
    return rc < 0 ? 0 : rc;
  struct cmp c;
  memset(&c, 0, sizeof c);
  for (int i = 0; i < 2; i++) {
    c.side[i].path = argv[optind + i];
    c.side[i].want = adapter;
  }
  for (int i = 0; !rc && i < 2; i++)
    rc = side_read(&c.side[i]);
  if (!rc) {
    compare(&c);
    if (!strcmp(fmt, "json"))
      out_json(&c);
    else if (!strcmp(fmt, "markdown"))
      out_markdown(&c);
    else
      out_text(&c);
    rc = failing(&c) ? 1 : 0;
  }
  for (int l = 0; l < L__N; l++) {
    free(c.list[l][0]);
    free(c.list[l][1]);
  }
  side_free(&c.side[0]);
  side_free(&c.side[1]);
  if (fflush(stdout) && !rc)
    rc = EXIT_USAGE;
  return rc;
}
