/*
 * worst.c: `uritest bench --worst-cases`: parse (the literal parser and the
 * generated one), resolve and normalize of 1, 4 and 16 MB inputs of the
 * worst shapes, timed one call at a time, and the growth per 4x of size;
 * beside them, the bench's peer (glue_bench_peer) on the 1 MB inputs.
 * `--worst-case SHAPE MB OP` makes one call, so that callgrind can count
 * its instructions (adapters/bench/instructions.sh); `peer:OP` the peer's.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "glue.h"
#include "rfc3986.h"
#include "worst.h"

static const struct {
  const char *name, *head, *unit, *tail;
} shapes[] = {
    {"dot-segments ../", "http://h/", "../", ""},
    {"segments /a", "http://h", "/a", ""},
    {"h16 chain [1:1:...", "http://[", "1:", "]"},
    {":: chain", "http://[", "::", "]"},
    {"h16 chain, path", "http://h/", "1:", ""},
    {":: chain, path", "http://h/", "::", ""},
    {"% run", "http://h/", "%", ""},
    {"%41 run", "http://h/", "%41", ""},
    {"long userinfo", "http://", "u:", "@h/"},
    {"long reg-name", "http://", "a", "/"},
    {"authority without @", "http://", "a:", "/"},
    {"empty segments //", "a:", "/", ""},
    {"long query", "http://h/?", "a=b&", ""},
    /* normalize lower-cases scheme and host: every octet a capital, and
     * one in nine */
    {"capital host", "HTTP://", "AB", "/"},
    {"capital host 1 in 9", "http://", "abcdefghI", "/"},
};
#define NSHAPES (sizeof shapes / sizeof shapes[0])

enum wop { W_PARSE, W_PARSE_FAST, W_RESOLVE, W_NORMALIZE, W__COUNT };
static const char *const wop_names[W__COUNT] = {"parse", "parse-fast",
                                                "resolve", "normalize"};
static const char base[] = "http://a/b/c/d;p?q";

static size_t make_shape(size_t k, size_t size, char *buf) {
  size_t len = (size_t)sprintf(buf, "%s", shapes[k].head),
         ul = strlen(shapes[k].unit);
  while (len + ul <= size) {
    memcpy(buf + len, shapes[k].unit, ul);
    len += ul;
  }
  return len + (size_t)sprintf(buf + len, "%s", shapes[k].tail);
}

/* One call of OP on S; its output (resolve, normalize) goes to OUT. */
static void call(enum wop op, const char *s, size_t len, char *out) {
  size_t n;
  unsigned hz;
  rfc3986_uri u;
  switch (op) {
  case W_PARSE:
    rfc3986_parse(s, len, RFC3986_RULE_URI_reference, &u, NULL);
    break;
  case W_PARSE_FAST:
    rfc3986_parse_fast(s, len, RFC3986_RULE_URI_reference, &u, NULL);
    break;
  case W_RESOLVE:
    rfc3986_resolve(base, sizeof base - 1, s, len, 0, out,
                    RFC3986_RESOLVE_MAX(sizeof base - 1, len), &n, &hz, NULL);
    break;
  default:
    rfc3986_normalize(s, len, RFC3986_LEVEL_SYNTAX, out,
                      RFC3986_NORMALIZE_MAX(len), &n, &hz, NULL);
    break;
  }
}

/* The bench's peer (the adapter.mk that sets ADAPTER_BENCH_PEER), or NULL. */
static const struct glue *peer_glue(void) {
  for (size_t i = 0; glue_bench_peer && i < glue_count; i++)
    if (strcmp(glue_all[i]->name, glue_bench_peer) == 0)
      return glue_all[i];
  return NULL;
}

/* One call of the peer's counterpart of OP on S (NUL-terminated at
 * S[LEN]): parse (both parsers) is its accepts, resolve and normalize its
 * glue's (the output copied into R).  0 when the peer has no such call.
 * Never inlined: callgrind counts it by name (--toggle-collect). */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static int
peer_call(const struct glue *g, enum wop op, const char *s, size_t len,
          struct adapter_reading *r) {
  reading_reset(r);
  if (op == W_PARSE || op == W_PARSE_FAST)
    return g->accepts ? (g->accepts(s, len), 1) : 0;
  if (op == W_RESOLVE)
    return g->resolve ? (g->resolve(base, sizeof base - 1, s, len, 0, r), 1)
                      : 0;
  return g->normalize ? (g->normalize(s, len, GLUE_LEVEL_SYNTAX, r), 1) : 0;
}

/* The peer's best time of at least 5 warm calls of OP on S (negative when
 * it has no such call). */
static double time_peer(const struct glue *g, enum wop op, const char *s,
                        size_t len) {
  struct adapter_reading r;
  double best = 1e30, start;
  if (!g)
    return -1;
  reading_init(&r);
  start = bench_now();
  for (int rep = 0; rep < 5 || (bench_now() - start < 0.1 && rep < 100);
       rep++) {
    double t0 = bench_now(), t;
    if (!peer_call(g, op, s, len, &r)) {
      best = -1;
      break;
    }
    t = bench_now() - t0;
    best = t < best ? t : best;
  }
  reading_free(&r);
  return best;
}

/* Larger than the last-level cache (32 MiB here): written before each cold
 * call so that input and output start in memory, not in a cache. */
#define FLUSH_BYTES ((size_t)64 << 20)
#define NSIZES 3
static const size_t sizes_mb[NSIZES] = {1, 4, 16};

/*
 * Best of at least 9 calls on each size, or more until 0.1 s has passed
 * (short calls are the most easily disturbed), the sizes taken in turn (so
 * that a moment when the machine is busy falls on all of them), warm
 * (caches hold what the previous call left) or cold (FLUSH_BYTES written
 * before each call).  BEST[i] is the time of sizes_mb[i].
 */
static void time_sizes(enum wop op, char *const in[NSIZES],
                       const size_t len[NSIZES], char *out,
                       unsigned char *flush, int cold, double best[NSIZES]) {
  double start = bench_now();
  for (int i = 0; i < NSIZES; i++)
    best[i] = 1e30;
  for (int rep = 0; rep < 9 || (bench_now() - start < 0.1 && rep < 1000);
       rep++) {
    for (int i = 0; i < NSIZES; i++) {
      double t0, t;
      if (cold)
        memset(flush, rep, FLUSH_BYTES);
      t0 = bench_now();
      call(op, in[i], len[i], out);
      t = bench_now() - t0;
      best[i] = t < best[i] ? t : best[i];
    }
  }
}

/* T[warm, cold][size]; PEER: the peer's warm 1 MB time (negative: none). */
static void print_row(int json, int first, size_t k, enum wop op,
                      const double t[2][NSIZES], double peer) {
  double x = peer > 0 ? t[0][0] / peer : -1;
  if (json) {
    printf("%s\n {\"shape\": \"%s\", \"op\": \"%s\", \"ms_1mb\": %.3f, "
           "\"ms_4mb\": %.3f, \"ms_16mb\": %.3f, \"ratio_4_1\": %.3f, "
           "\"ratio_16_4\": %.3f, \"cold_ms_1mb\": %.3f, \"cold_ms_4mb\": "
           "%.3f, \"cold_ms_16mb\": %.3f, \"cold_ratio_4_1\": %.3f, "
           "\"cold_ratio_16_4\": %.3f",
           first ? "" : ",", shapes[k].name, wop_names[op], t[0][0] * 1e3,
           t[0][1] * 1e3, t[0][2] * 1e3, t[0][1] / t[0][0], t[0][2] / t[0][1],
           t[1][0] * 1e3, t[1][1] * 1e3, t[1][2] * 1e3, t[1][1] / t[1][0],
           t[1][2] / t[1][1]);
    if (peer > 0)
      printf(", \"peer_ms_1mb\": %.3f, \"x_%s\": %.3f", peer * 1e3,
             glue_bench_peer, x);
    printf("}");
    return;
  }
  printf("%-20s %-10s %8.3f %8.3f %9.3f %5.2f %5.2f %8.3f %8.3f %9.3f %5.2f "
         "%5.2f",
         shapes[k].name, wop_names[op], t[0][0] * 1e3, t[0][1] * 1e3,
         t[0][2] * 1e3, t[0][1] / t[0][0], t[0][2] / t[0][1], t[1][0] * 1e3,
         t[1][1] * 1e3, t[1][2] * 1e3, t[1][1] / t[1][0], t[1][2] / t[1][1]);
  if (peer > 0)
    printf(" %8.3f %6.3f", peer * 1e3, x);
  printf("\n");
}

int worst_cases(int json) {
  size_t mb = 1 << 20, k, len[NSIZES];
  char *in[NSIZES] = {0}, *out = malloc(16 * mb + 128);
  unsigned char *flush = malloc(FLUSH_BYTES);
  int first = 1, ok = out && flush;
  const struct glue *peer = peer_glue();
  for (int i = 0; i < NSIZES; i++)
    ok &= (in[i] = malloc(sizes_mb[i] * mb + 64)) != NULL;
  if (!ok) {
    fprintf(stderr, "uritest bench: out of memory\n");
    for (int i = 0; i < NSIZES; i++)
      free(in[i]);
    free(out);
    free(flush);
    return 2;
  }
  if (json)
    printf("{\"worst_cases\": [");
  else
    printf("%-20s %-10s %8s %8s %9s %5s %5s %8s %8s %9s %5s %5s %8s %6s\n",
           "shape", "op", "warm 1MB", "4MB", "16MB (ms)", "4/1", "16/4",
           "cold 1MB", "4MB", "16MB (ms)", "4/1", "16/4", "peer 1MB", "x peer");
  for (k = 0; k < NSHAPES; k++) {
    for (int i = 0; i < NSIZES; i++)
      len[i] = make_shape(k, sizes_mb[i] * mb, in[i]);
    for (int op = 0; op < W__COUNT; op++) {
      double t[2][NSIZES]; /* [warm, cold][size] */
      for (int cold = 0; cold < 2; cold++)
        time_sizes((enum wop)op, in, len, out, flush, cold, t[cold]);
      print_row(json, first, k, (enum wop)op, t,
                time_peer(peer, (enum wop)op, in[0], len[0]));
      first = 0;
      fflush(stdout);
    }
  }
  if (json)
    printf("\n]}\n");
  for (int i = 0; i < NSIZES; i++)
    free(in[i]);
  free(out);
  free(flush);
  return 0;
}

void worst_list(void) {
  printf("shapes:");
  for (size_t k = 0; k < NSHAPES; k++)
    printf(" '%s'", shapes[k].name);
  printf("\nops:");
  for (int op = 0; op < W__COUNT; op++)
    printf(" %s", wop_names[op]);
  printf("\n");
}

int worst_case_one(const char *shape, const char *mb, const char *op) {
  size_t k, size = (size_t)atoi(mb) << 20, len;
  int o, peer = strncmp(op, "peer:", 5) == 0;
  char *in, *out;
  const struct glue *g = peer ? peer_glue() : NULL;
  struct adapter_reading r;
  for (k = 0; k < NSHAPES && strcmp(shapes[k].name, shape) != 0; k++)
    ;
  for (o = 0; o < W__COUNT && strcmp(wop_names[o], op + 5 * peer) != 0; o++)
    ;
  if (k == NSHAPES || o == W__COUNT || size == 0 || size > (size_t)64 << 20 ||
      (peer && !g)) {
    fprintf(stderr, "uritest bench: --worst-case SHAPE MB [peer:]OP (MB 1 to "
                    "64; peer: the bench's peer's call)\n");
    worst_list();
    return 2;
  }
  in = malloc(size + 64);
  out = malloc(size + 128);
  if (!in || !out) {
    fprintf(stderr, "uritest bench: out of memory\n");
    free(in);
    free(out);
    return 2;
  }
  len = make_shape(k, size, in);
  if (peer) {
    reading_init(&r);
    peer_call(g, (enum wop)o, in, len, &r);
    reading_free(&r);
  } else {
    call((enum wop)o, in, len, out);
  }
  free(in);
  free(out);
  return 0;
}
