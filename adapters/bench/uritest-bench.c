/*
 * uritest-bench.c: `uritest bench`, parse throughput per adapter, in process.
 *
 * Every built glue is linked in, through the generated glue table
 * (glue_all, adapters/adapters.mk).  The adapters are timed side by side
 * in one process: each round runs every adapter over the whole corpus, in
 * turn, so a machine that is busier in one moment does not favour one of
 * them; the figure is the median of the rounds, with min and max, each
 * pass timed by the thread's CPU clock.  A strlen pass over the same corpus
 * is the memory-bandwidth floor.  Resolve and normalize are timed the same
 * way for every adapter whose glue has them.
 *
 * With --worst-cases it times parse (both parsers of librfc3986), resolve
 * and normalize of 1, 4 and 16 MB inputs of the worst shapes (worst.c).
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "codec.h"
#include "glue.h"
#include "rfc3986.h"
#include "worst.h"

#define all_glues glue_all
#define NGLUES glue_count

static const char usage[] =
    "usage: uritest bench [--corpus FILE] [--adapter NAME]... [--rounds N]\n"
    "                     [--op OP]... [--json] [--worst-cases]\n"
    "       uritest bench --worst-case SHAPE MB OP\n"
    "Parse throughput per in-process adapter (C glues), side by side in one\n"
    "process: every round runs each adapter over the corpus in turn; the\n"
    "figures are medians over the rounds (min and max shown), of the thread's\n"
    "CPU time (CLOCK_THREAD_CPUTIME_ID).  'parse' is the\n"
    "library's own call and cleanup, as its users pay it; 'parse+map' adds "
    "the\n"
    "adapter's mapping to the component model.  A strlen pass over the corpus\n"
    "is the floor.  Without --corpus, a generated corpus\n"
    "(fixed seed, realistic mix of 50,000 references) is used.\n"
    "--op keeps only some figures: parse, parse+map, resolve, "
    "resolve-parsed,\n"
    "normalize, floor\n"
    "(for instruction counts under valgrind --tool=callgrind, one at a time).\n"
    "'resolve' (against http://a/b/c/d;p?q), 'resolve-parsed' (against the\n"
    "same base, parsed once before the pass) and 'normalize' (syntax) are\n"
    "timed for every adapter that has them; 'x PEER' (JSON: x_PEER) is the\n"
    "ratio to the figure of the same op of the peer, the glue whose\n"
    "adapters/*/adapter.mk sets ADAPTER_BENCH_PEER (here: %s).\n"
    "--worst-cases times librfc3986's parse, parse-fast, resolve and "
    "normalize\n"
    "of 1, 4 and 16 MB worst-shape inputs and reports the time ratios 4/1 and\n"
    "16/4, warm (one call after another) and cold (64 MiB written before each\n"
    "call, so input and output start in memory); best of at least 9 calls.\n"
    "--worst-case SHAPE MB OP makes one such call, and with OP peer:OP the\n"
    "peer's (for callgrind: make bench-instructions); with a wrong SHAPE or\n"
    "OP it lists them.\n"
    "  --corpus FILE    one URI per line (default: the generated corpus)\n"
    "  --adapter NAME   only this in-process adapter (several; default: all)\n"
    "  --rounds N       rounds, the median taken (1 to 64; default: 7)\n"
    "  --op OP          only this figure (several; default: all)\n"
    "  --json           JSON on standard output (default: a table)\n"
    "  --worst-cases    the worst-shape timings instead (default: no)\n"
    "  --worst-case SHAPE MB OP  one worst-shape call (default: none)\n"
    "  --help           this text\n"
    "Exit 0, or 2 on usage or input error.\n"
    "example: uritest bench --adapter %s --op parse --json\n";

/* The usage text, with the peer (or its absence) named. */
static void print_usage(FILE *f) {
  const char *peer = glue_bench_peer ? glue_bench_peer : "none built";
  fprintf(f, usage, peer, glue_bench_peer ? glue_bench_peer : "NAME");
}

struct corpus {
  char **s;
  size_t *len;
  size_t n, bytes;
};

/* The thread's CPU time, not the wall clock: time the machine gave to
 * other work while a pass ran is not counted against the adapter. */
double bench_now(void) {
  struct timespec t;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static int add(struct corpus *c, const char *s, size_t len) {
  if ((c->n & (c->n - 1)) == 0 || c->n == 0) {
    size_t cap = c->n ? c->n * 2 : 1024;
    char **ns = realloc(c->s, cap * sizeof *ns);
    size_t *nl = ns ? realloc(c->len, cap * sizeof *nl) : NULL;
    if (ns)
      c->s = ns;
    if (!ns || !nl)
      return -1;
    c->len = nl;
  }
  /* NUL-terminated copies: some libraries need them (they are not counted) */
  if ((c->s[c->n] = malloc(len + 1)) == NULL)
    return -1;
  memcpy(c->s[c->n], s, len);
  c->s[c->n][len] = '\0';
  c->len[c->n++] = len;
  c->bytes += len;
  return 0;
}

static int load(struct corpus *c, const char *path) {
  FILE *f = fopen(path, "r");
  char *line = NULL;
  size_t cap = 0;
  ssize_t n;
  if (f == NULL) {
    fprintf(stderr, "uritest bench: %s: %s\n", path, strerror(errno));
    return -1;
  }
  while ((n = getline(&line, &cap, f)) >= 0) {
    if (n > 0 && line[n - 1] == '\n')
      n--;
    if (add(c, line, (size_t)n) < 0) {
      fprintf(stderr, "uritest bench: out of memory\n");
      fclose(f);
      free(line);
      return -1;
    }
  }
  free(line);
  fclose(f);
  if (c->n == 0) {
    fprintf(stderr, "uritest bench: %s: no references in the corpus\n", path);
    return -1;
  }
  return 0;
}

/* A fixed-seed generator of a realistic mix: mostly http(s) URLs with
 * paths, queries and fragments, some with userinfo, ports, IPv4 and IPv6
 * hosts, other schemes, relative references, and a few invalid ones. */
static uint64_t rng = 0x9E3779B97F4A7C15u;
static unsigned rnd(unsigned n) {
  rng ^= rng << 13;
  rng ^= rng >> 7;
  rng ^= rng << 17;
  return (unsigned)(rng % n);
}
static const char *pick(const char *const *a, size_t n) {
  return a[rnd((unsigned)n)];
}
#define PICK(a) pick((a), sizeof(a) / sizeof(a)[0])

static int generate(struct corpus *c, size_t count) {
  static const char *const schemes[] = {"http",  "https", "https",
                                        "https", "ftp",   "ws"};
  static const char *const hosts[] = {"example.com",
                                      "www.example.org",
                                      "api.service.example.net",
                                      "localhost",
                                      "192.0.2.16",
                                      "[2001:db8::7]",
                                      "[::1]",
                                      "cdn-3.static.example.co.uk",
                                      "a.b"};
  static const char *const words[] = {
      "index",           "api",  "v2",   "users", "search", "img",
      "static",          "docs", "2024", "a%20b", "~user",  "item-42",
      "download.tar.gz", "wiki", "URI"};
  static const char *const keys[] = {"q",          "id",  "page", "lang",
                                     "utm_source", "ref", "x"};
  static const char *const others[] = {
      "mailto:John.Doe@example.com",
      "urn:isbn:0-486-27557-4",
      "tel:+1-816-555-1212",
      "data:text/plain;charset=iso-8859-7,%be%fe%be",
      "news:comp.infosystems.www.servers.unix",
      "../resource.txt",
      "./this:that",
      "#fragment",
      "/path/resource.txt",
      "?q=1",
      "//example.com/path",
      "http://h/a b",
      "http://[::1",
      "http://exa mple.com/"};
  char buf[1024];
  size_t i;
  for (i = 0; i < count; i++) {
    int n = 0, k, segs;
    if (rnd(10) == 0) {
      n = snprintf(buf, sizeof buf, "%s", PICK(others));
    } else {
      n += snprintf(buf + n, sizeof buf - (size_t)n, "%s://", PICK(schemes));
      if (rnd(20) == 0)
        n += snprintf(buf + n, sizeof buf - (size_t)n, "user:pass@");
      n += snprintf(buf + n, sizeof buf - (size_t)n, "%s", PICK(hosts));
      if (rnd(8) == 0)
        n += snprintf(buf + n, sizeof buf - (size_t)n, ":%u", 1 + rnd(65535));
      segs = (int)rnd(6);
      for (k = 0; k < segs; k++)
        n += snprintf(buf + n, sizeof buf - (size_t)n, "/%s", PICK(words));
      if (rnd(3) == 0) {
        n += snprintf(buf + n, sizeof buf - (size_t)n, "?%s=%s", PICK(keys),
                      PICK(words));
        if (rnd(2))
          n += snprintf(buf + n, sizeof buf - (size_t)n, "&%s=%u", PICK(keys),
                        rnd(100000));
      }
      if (rnd(6) == 0)
        n += snprintf(buf + n, sizeof buf - (size_t)n, "#%s", PICK(words));
    }
    if (add(c, buf, (size_t)n) < 0)
      return -1;
  }
  return 0;
}

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

struct figure {
  const char *adapter, *op;
  double ns[64]; /* per round */
  size_t accepted;
  int unsupported;
};

static double median(const struct figure *f, int rounds) {
  double v[64];
  memcpy(v, f->ns, sizeof v);
  qsort(v, (size_t)rounds, sizeof v[0], cmp_double);
  return rounds % 2 ? v[rounds / 2] : (v[rounds / 2 - 1] + v[rounds / 2]) / 2;
}
static double fmin_(const struct figure *f, int rounds) {
  double m = f->ns[0];
  for (int r = 1; r < rounds; r++)
    m = f->ns[r] < m ? f->ns[r] : m;
  return m;
}
static double fmax_(const struct figure *f, int rounds) {
  double m = f->ns[0];
  for (int r = 1; r < rounds; r++)
    m = f->ns[r] > m ? f->ns[r] : m;
  return m;
}

/* The peer's figure of OP (parse for the floor), 0 when not measured or
 * when no glue is the peer (glue_bench_peer, from the adapter.mk files). */
static double peer_median(const struct figure *fig, size_t nfig, const char *op,
                          int rounds) {
  if (!glue_bench_peer)
    return 0;
  if (strcmp(op, "floor") == 0)
    op = "parse";
  for (size_t f = 0; f < nfig; f++)
    if (strcmp(fig[f].adapter, glue_bench_peer) == 0 &&
        strcmp(fig[f].op, op) == 0)
      return median(&fig[f], rounds);
  return 0;
}

static volatile size_t sink; /* keeps the floor's strlen from being elided */

/* OP_PARSE is the library's own parse call where the glue has one
 * (glue->accepts: what the library's users pay); OP_PARSE_MAP is the glue's
 * parse, which also maps every component into a reading. */
enum op {
  OP_PARSE,
  OP_RESOLVE,
  OP_NORMALIZE,
  OP_FLOOR,
  OP_PARSE_MAP,
  OP_RESOLVE_PARSED
};

static const char bench_base[] = "http://a/b/c/d;p?q";

/* One op on reference I (not OP_FLOOR, OP_PARSE with accepts: pass()
 * gives them loops of their own); 1 when accepted. */
static int one(const struct corpus *c, size_t i, const struct glue *g,
               enum op op, struct adapter_reading *r, void *fixed) {
  switch (op) {
  case OP_RESOLVE_PARSED:
    return g->resolve_parsed(fixed, c->s[i], c->len[i]) == 1;
  case OP_RESOLVE:
    reading_reset(r);
    g->resolve(bench_base, sizeof bench_base - 1, c->s[i], c->len[i], 1, r);
    break;
  case OP_NORMALIZE:
    reading_reset(r);
    g->normalize(c->s[i], c->len[i], GLUE_LEVEL_SYNTAX, r);
    break;
  default: /* the glue's parse (with the mapping) */
    reading_reset(r);
    g->parse(c->s[i], c->len[i], NULL, r);
    break;
  }
  return r->valid && !r->unsupported;
}

/* One timed pass of OP over the corpus; returns ns per reference.  FIXED:
 * OP_RESOLVE_PARSED's base, parsed by the glue before the pass.  The floor
 * and the library's own parse (the glue's accepts) loop on their call
 * alone, so that the loop's own work, which the floor does not subtract,
 * stays small. */
static double pass(const struct corpus *c, const struct glue *g, enum op op,
                   struct adapter_reading *r, void *fixed, size_t *accepted) {
  size_t i, acc = 0, total = 0;
  double t0 = bench_now(), t1;
  if (op == OP_FLOOR)
    for (i = 0; i < c->n; i++)
      total += strlen(c->s[i]);
  else if (op == OP_PARSE && g->accepts)
    for (i = 0; i < c->n; i++)
      acc += g->accepts(c->s[i], c->len[i]) == 1;
  else
    for (i = 0; i < c->n; i++)
      acc += (size_t)one(c, i, g, op, r, fixed);
  t1 = bench_now();
  sink = total;
  *accepted = acc;
  return (t1 - t0) * 1e9 / (double)c->n;
}

/* What the command line asks for. */
struct bench_opts {
  const char *corpus, *wanted[64], *ops[8];
  size_t nwanted, nops;
  int json, rounds, worst;
};

static int known_op(const char *op) {
  static const char *const names[] = {"parse",          "parse+map", "resolve",
                                      "resolve-parsed", "normalize", "floor"};
  for (size_t i = 0; i < sizeof names / sizeof *names; i++)
    if (strcmp(op, names[i]) == 0)
      return 1;
  return 0;
}

/* The options into O.  -1 to go on; else the exit code (after --help, a
 * message, or the one --worst-case call). */
static int parse_args(int argc, char **argv, struct bench_opts *o) {
  for (int a = 1; a < argc; a++) {
    if (strcmp(argv[a], "--corpus") == 0 && a + 1 < argc)
      o->corpus = argv[++a];
    else if (strcmp(argv[a], "--adapter") == 0 && a + 1 < argc &&
             o->nwanted < 64)
      o->wanted[o->nwanted++] = argv[++a];
    else if (strcmp(argv[a], "--rounds") == 0 && a + 1 < argc) {
      o->rounds = atoi(argv[++a]);
      if (o->rounds < 1 || o->rounds > 64) {
        fprintf(stderr, "uritest bench: --rounds takes 1 to 64\n");
        return 2;
      }
    } else if (strcmp(argv[a], "--op") == 0 && a + 1 < argc && o->nops < 8) {
      o->ops[o->nops++] = argv[++a];
      if (!known_op(argv[a])) {
        fprintf(stderr, "uritest bench: unknown op '%s'\n", argv[a]);
        return 2;
      }
    } else if (strcmp(argv[a], "--json") == 0)
      o->json = 1;
    else if (strcmp(argv[a], "--worst-cases") == 0)
      o->worst = 1;
    else if (strcmp(argv[a], "--worst-case") == 0 && a + 3 < argc)
      return worst_case_one(argv[a + 1], argv[a + 2], argv[a + 3]);
    else if (strcmp(argv[a], "--help") == 0) {
      print_usage(stdout);
      return 0;
    } else {
      fprintf(stderr, "uritest bench: unknown or incomplete option '%s'\n",
              argv[a]);
      print_usage(stderr);
      return 2;
    }
  }
  return -1;
}

/* The glues asked for (every one that parses by default) into SEL and
 * *N.  0, or -1 after a message naming one that is not built. */
static int select_glues(const struct bench_opts *o, const struct glue **sel,
                        size_t *n) {
  size_t nsel = 0;
  for (size_t i = 0; i < o->nwanted; i++) {
    size_t g;
    for (g = 0; g < NGLUES; g++)
      if (strcmp(all_glues[g]->name, o->wanted[i]) == 0)
        break;
    if (g == NGLUES) {
      fprintf(stderr, "uritest bench: no in-process adapter '%s' (built here:",
              o->wanted[i]);
      for (g = 0; g < NGLUES; g++)
        fprintf(stderr, " %s", all_glues[g]->name);
      fprintf(stderr, ")\n");
      return -1;
    }
    sel[nsel++] = all_glues[g];
  }
  if (nsel == 0)
    for (size_t i = 0; i < NGLUES && nsel < 64; i++)
      if (all_glues[i]->parse)
        sel[nsel++] = all_glues[i];
  *n = nsel;
  return 0;
}

/* The figures to time into FIG: parse for every selected adapter;
 * parse+map, resolve and normalize where the glue has them; the floor
 * last; only the ops asked for (the floor always).  Their number. */
static size_t plan_figures(const struct bench_opts *o,
                           const struct glue *const *sel, size_t nsel,
                           struct figure *fig) {
  size_t nfig = 0;
  for (size_t i = 0; i < nsel; i++) {
    fig[nfig].adapter = sel[i]->name;
    fig[nfig++].op = "parse";
  }
  for (size_t i = 0; i < nsel; i++) {
    if (!sel[i]->accepts)
      continue;
    fig[nfig].adapter = sel[i]->name;
    fig[nfig++].op = "parse+map";
  }
  for (size_t i = 0; i < nsel; i++) {
    if (sel[i]->resolve) {
      fig[nfig].adapter = sel[i]->name;
      fig[nfig++].op = "resolve";
    }
    if (sel[i]->resolve_parsed) {
      fig[nfig].adapter = sel[i]->name;
      fig[nfig++].op = "resolve-parsed";
    }
    if (sel[i]->normalize) {
      fig[nfig].adapter = sel[i]->name;
      fig[nfig++].op = "normalize";
    }
  }
  fig[nfig].adapter = "strlen";
  fig[nfig++].op = "floor";
  if (o->nops == 0)
    return nfig;
  size_t kept = 0;
  for (size_t f = 0; f < nfig; f++) {
    size_t k;
    for (k = 0; k < o->nops; k++)
      if (strcmp(fig[f].op, o->ops[k]) == 0)
        break;
    if (k < o->nops || f == nfig - 1)
      fig[kept++] = fig[f];
  }
  return kept;
}

/* Every figure timed once per round, each round over all of them. */
static void run_rounds(const struct bench_opts *o, const struct corpus *c,
                       const struct glue *const *sel, size_t nsel,
                       struct figure *fig, size_t nfig) {
  struct adapter_reading rd;
  reading_init(&rd);
  for (int r = 0; r < o->rounds; r++) {
    for (size_t f = 0; f < nfig; f++) {
      const struct glue *g = NULL;
      enum op op = strcmp(fig[f].op, "parse") == 0       ? OP_PARSE
                   : strcmp(fig[f].op, "parse+map") == 0 ? OP_PARSE_MAP
                   : strcmp(fig[f].op, "resolve") == 0   ? OP_RESOLVE
                   : strcmp(fig[f].op, "resolve-parsed") == 0
                       ? OP_RESOLVE_PARSED
                   : strcmp(fig[f].op, "normalize") == 0 ? OP_NORMALIZE
                                                         : OP_FLOOR;
      for (size_t i = 0; i < nsel; i++)
        if (strcmp(sel[i]->name, fig[f].adapter) == 0)
          g = sel[i];
      void *fixed = NULL;
      const size_t base_len = sizeof bench_base - 1;
      if (op == OP_RESOLVE_PARSED &&
          (g == NULL ||
           (fixed = g->base_parse(bench_base, base_len)) == NULL)) {
        fprintf(stderr, "uritest bench: %s: cannot parse the base %s\n",
                fig[f].adapter, bench_base);
        exit(2);
      }
      fig[f].ns[r] = pass(c, g, op, &rd, fixed, &fig[f].accepted);
      if (fixed)
        g->base_free(fixed);
    }
    if (!o->json)
      fprintf(stderr, "\rround %d/%d", r + 1, o->rounds);
  }
  if (!o->json)
    fprintf(stderr, "\r");
  reading_free(&rd);
}

static void print_json(const struct bench_opts *o, const struct corpus *c,
                       const struct figure *fig, size_t nfig) {
  int rounds = o->rounds;
  double floor_ns = median(&fig[nfig - 1], rounds);
  const char *corpus = o->corpus ? o->corpus : "(generated)";
  struct codec_out out = codec_out_file(stdout);
  fputs("{\"corpus\": ", stdout); /* a path with '"' or controls, escaped */
  codec_string(&out, corpus, strlen(corpus));
  printf(", \"uris\": %zu, \"bytes\": %zu, \"rounds\": %d, \"results\": [",
         c->n, c->bytes, rounds);
  for (size_t f = 0; f + 1 < nfig; f++) {
    double m = median(&fig[f], rounds);
    double peer_ns = peer_median(fig, nfig, fig[f].op, rounds);
    printf("%s\n {\"adapter\": \"%s\", \"op\": \"%s\", \"ns_per_uri\": %.2f, "
           "\"min_ns\": %.2f, \"max_ns\": %.2f, \"uris_per_s\": %.0f, "
           "\"mb_per_s\": %.1f, "
           "\"accepted\": %zu, \"x_floor\": %.2f%s",
           f ? "," : "", fig[f].adapter, fig[f].op, m, fmin_(&fig[f], rounds),
           fmax_(&fig[f], rounds), 1e9 / m, (double)c->bytes / c->n / m * 1e3,
           fig[f].accepted, m / floor_ns, peer_ns > 0 ? "" : "}");
    if (peer_ns > 0)
      printf(", \"x_%s\": %.3f}", glue_bench_peer, m / peer_ns);
  }
  printf("\n], \"floor_ns_per_uri\": %.2f}\n", floor_ns);
}

static void print_table(const struct bench_opts *o, const struct corpus *c,
                        const struct figure *fig, size_t nfig) {
  int rounds = o->rounds;
  double floor_ns = median(&fig[nfig - 1], rounds);
  printf("corpus: %s, %zu references, %.1f octets on average, %d rounds\n",
         o->corpus ? o->corpus : "(generated, fixed seed)", c->n,
         (double)c->bytes / c->n, rounds);
  printf("%-14s %-14s %10s %10s %10s %12s %9s %8s   x %s\n", "adapter", "op",
         "ns/uri", "min", "max", "uris/s", "MB/s", "x floor",
         glue_bench_peer ? glue_bench_peer : "(no peer)");
  for (size_t f = 0; f < nfig; f++) {
    double m = median(&fig[f], rounds);
    double peer_ns = peer_median(fig, nfig, fig[f].op, rounds);
    printf("%-14s %-14s %10.1f %10.1f %10.1f %12.0f %9.1f %8.2f ",
           fig[f].adapter, fig[f].op, m, fmin_(&fig[f], rounds),
           fmax_(&fig[f], rounds), 1e9 / m, (double)c->bytes / c->n / m * 1e3,
           m / floor_ns);
    if (peer_ns > 0)
      printf("%8.3f", m / peer_ns);
    printf("\n");
  }
}

int main(int argc, char **argv) {
  struct bench_opts o = {.rounds = 7};
  int rc = parse_args(argc, argv, &o);
  if (rc >= 0)
    return rc;
  if (o.worst)
    return worst_cases(o.json);
  const struct glue *sel[64];
  size_t nsel = 0;
  struct corpus c = {0};
  if (select_glues(&o, sel, &nsel) < 0 ||
      (o.corpus ? load(&c, o.corpus) < 0 : generate(&c, 50000) < 0))
    return 2;
  static struct figure fig[200];
  size_t nfig = plan_figures(&o, sel, nsel, fig);
  run_rounds(&o, &c, sel, nsel, fig, nfig);
  if (o.json)
    print_json(&o, &c, fig, nfig);
  else
    print_table(&o, &c, fig, nfig);
  for (size_t i = 0; i < c.n; i++)
    free(c.s[i]);
  free(c.s);
  free(c.len);
  return 0;
}
