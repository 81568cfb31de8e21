/* fuzzgen.c: the inputs of `uritest fuzz`.  A walk of the grammar tables
 * that reference/grammar/gen_fuzz.py writes from rfc3986.abnf
 * (fuzz_grammar.h) gives productions of any rule, favouring the
 * alternatives not reached yet; a near miss is a production with one
 * decision made just outside the grammar (a range or a repetition bound
 * missed by one, a literal changed); a delimiter swap exchanges or
 * replaces the delimiters of a production.  Mutations work on kept
 * inputs, AFL's havoc stages with the URI dictionary (fuzz/uri.dict) and
 * the grammar. */
#include <string.h>

#include "fuzz.h"
#include "fuzz_grammar.h"

/* The rules that NODE refers to, directly or through others, marked in
 * SEEN (FG_NRULES entries). */
static void reach_node(unsigned node, unsigned char *seen) {
  const struct fg_node *n = &fg_nodes[node];
  if (n->kind == FG_ALT || n->kind == FG_SEQ)
    for (unsigned i = 0; i < n->n; i++)
      reach_node(fg_kids[n->a + i], seen);
  else if (n->kind == FG_REP)
    reach_node(n->a, seen);
  else if (n->kind == FG_REF && !seen[n->a]) {
    seen[n->a] = 1;
    reach_node(fg_rules[n->a].node, seen);
  }
}

size_t fz_reachable_pairs(unsigned char *reach) {
  unsigned char seen[FG_NRULES] = {0};
  size_t n = 0;
  seen[FG_URI_REFERENCE] = 1;
  reach_node(fg_rules[FG_URI_REFERENCE].node, seen);
  memset(reach, 0, FZ_NPAIRS);
  for (unsigned r = 0; r < FG_NRULES; r++)
    for (int alt = 1; seen[r] && fz_pair(fg_rules[r].rule, alt) >= 0; alt++) {
      reach[fz_pair(fg_rules[r].rule, alt)] = 1;
      n++;
    }
  return n;
}

/* Delimiters (RFC 3986 2.2) and "%": what a swap exchanges. */
static const char delims[] = ":/?#[]@!$&'()*+,;=%";
/* Octets outside every rule, or meaningful to other parsers. */
static const char odd_octets[] = " \"<>\\^`{|}\t\r\n\x7f\x00\x80\xff\xc3\xa9.";
/* Schemes and hosts a production may take instead of a random one, so
 * the special schemes of other parsers come up. */
static const char *const schemes[] = {"http", "https",      "ftp",    "file",
                                      "ws",   "wss",        "mailto", "urn",
                                      "data", "javascript", "HTTP",   "Http"};
static const char *const hosts[] = {"localhost",    "example.com", "a.b",
                                    "xn--nxasmq6b", "0x7f.1",      "%65x.com",
                                    "1.2.3",        "a..b"};

#define NUM(a) (sizeof(a) / sizeof *(a))
#define MAX_DEPTH 24

struct gen {
  struct rng *r;
  const unsigned char *covered;
  struct buf *out;
  int miss;  /* a near miss still to place */
  int words; /* use the scheme and host lists */
};

/* The next decision is the near miss, one time in about 12. */
static int miss_now(struct gen *g) {
  if (!g->miss || rng_below(g->r, 12))
    return 0;
  g->miss = 0;
  return 1;
}

static int full(const struct gen *g) {
  return g->out->len >= FZ_MAX_INPUT;
}

/* Which alternative of an FG_ALT: half the time one whose pair is not
 * covered yet, when there is one. */
static unsigned pick_alt(struct gen *g, const struct fg_node *n) {
  if (n->rule != RFC3986_RULE_NONE && g->covered && rng_below(g->r, 2)) {
    unsigned fresh[32], k = 0;
    for (unsigned i = 0; i < n->n && k < NUM(fresh); i++) {
      int p = fz_pair(n->rule, (int)i + 1);
      if (p >= 0 && !g->covered[p])
        fresh[k++] = i;
    }
    if (k)
      return fresh[rng_below(g->r, k)];
  }
  return (unsigned)rng_below(g->r, n->n);
}

/* How many times an FG_REP repeats: mostly few, sometimes many. */
static unsigned pick_count(struct gen *g, const struct fg_node *n) {
  unsigned lo = n->lo, hi = n->hi;
  if (miss_now(g)) {
    if (hi != FG_INF && (lo == 0 || rng_below(g->r, 2)))
      return hi + 1;
    if (lo > 0)
      return lo - 1;
  }
  unsigned extra = 0;
  if (hi == FG_INF || hi > lo) {
    unsigned room = hi == FG_INF ? 64 : hi - lo;
    unsigned cap = rng_below(g->r, 16) ? 4 : room;
    extra = (unsigned)rng_below(g->r, (cap < room ? cap : room) + 1);
  }
  return lo + extra;
}

static void put_octet(struct gen *g, int c) {
  if (!full(g))
    buf_putc(g->out, (char)c);
}

static void gen_node(struct gen *g, unsigned node, int depth);

static void gen_rule(struct gen *g, unsigned rule, int depth) {
  const struct fg_rule *fr = &fg_rules[rule];
  if (depth > MAX_DEPTH || full(g))
    return;
  if (g->words && fr->rule == RFC3986_RULE_scheme && rng_below(g->r, 2)) {
    buf_puts(g->out, schemes[rng_below(g->r, NUM(schemes))]);
    return;
  }
  if (g->words && fr->rule == RFC3986_RULE_reg_name && !rng_below(g->r, 4)) {
    buf_puts(g->out, hosts[rng_below(g->r, NUM(hosts))]);
    return;
  }
  gen_node(g, fr->node, depth + 1);
}

static void gen_chars(struct gen *g, const struct fg_node *n) {
  const unsigned char *rg = fg_ranges + 2 * n->a;
  unsigned k = (unsigned)rng_below(g->r, n->n);
  unsigned lo = rg[2 * k], hi = rg[2 * k + 1];
  if (miss_now(g)) {
    put_octet(g, rng_below(g->r, 2) && lo > 0 ? (int)lo - 1
                 : hi < 255                   ? (int)hi + 1
                                              : (int)lo - 1);
    return;
  }
  put_octet(g, (int)(lo + rng_below(g->r, hi - lo + 1)));
}

static void gen_str(struct gen *g, const struct fg_node *n) {
  size_t wrong = miss_now(g) ? rng_below(g->r, n->n) : (size_t)-1;
  for (unsigned i = 0; i < n->n; i++) {
    int c = (unsigned char)fg_text[n->a + i];
    if (i == wrong) {
      /* a neighbour, another delimiter, or nothing */
      unsigned how = (unsigned)rng_below(g->r, 3);
      if (how == 2)
        continue;
      c = how ? delims[rng_below(g->r, sizeof delims - 1)] : c + 1;
    } else if (((c | 32) >= 'a' && (c | 32) <= 'z') && !rng_below(g->r, 8)) {
      c ^= 32; /* RFC 5234 2.3: quoted strings are case-insensitive */
    }
    put_octet(g, c);
  }
}

static void gen_node(struct gen *g, unsigned node, int depth) {
  const struct fg_node *n = &fg_nodes[node];
  if (full(g))
    return;
  switch (n->kind) {
  case FG_ALT:
    gen_node(g, fg_kids[n->a + pick_alt(g, n)], depth);
    break;
  case FG_SEQ:
    for (unsigned i = 0; i < n->n; i++)
      gen_node(g, fg_kids[n->a + i], depth);
    break;
  case FG_REP: {
    unsigned c = pick_count(g, n);
    for (unsigned i = 0; i < c && !full(g); i++)
      gen_node(g, n->a, depth);
    break;
  }
  case FG_REF:
    gen_rule(g, n->a, depth);
    break;
  case FG_STR:
    gen_str(g, n);
    break;
  case FG_CHARS:
    gen_chars(g, n);
    break;
  default: /* FG_PROSE: path-empty, nothing */
    break;
  }
}

/* Exchange two delimiters of B, or replace one with another. */
static void swap_delims(struct rng *r, struct buf *b) {
  size_t at[64], k = 0;
  for (size_t i = 0; i < b->len && k < NUM(at); i++)
    if (b->p[i] && memchr(delims, b->p[i], sizeof delims - 1))
      at[k++] = i;
  if (!k)
    return;
  size_t i = at[rng_below(r, k)];
  if (k > 1 && rng_below(r, 2)) {
    size_t j = at[rng_below(r, k)];
    char t = b->p[i];
    b->p[i] = b->p[j];
    b->p[j] = t;
  } else {
    b->p[i] = delims[rng_below(r, sizeof delims - 1)];
  }
}

/* A production of rule RULE (an fg_rules index) appended to OUT. */
static void produce(struct rng *r, const unsigned char *covered, unsigned rule,
                    int miss, struct buf *out) {
  struct gen g = {r, covered, out, miss, (int)rng_below(r, 4) != 0};
  gen_rule(&g, rule, 0);
}

/* A rule to start from: mostly URI-reference, else any Appendix A rule. */
static unsigned start_rule(struct rng *r) {
  if (rng_below(r, 6))
    return FG_URI_REFERENCE;
  for (;;) {
    unsigned k = (unsigned)rng_below(r, FG_NRULES);
    if (fg_rules[k].rule != RFC3986_RULE_NONE)
      return k;
  }
}

void fz_generate(struct rng *r, const unsigned char *covered, struct buf *out) {
  out->len = 0;
  unsigned kind = (unsigned)rng_below(r, 10);
  produce(r, covered, start_rule(r), kind >= 5 && kind < 8, out);
  if (kind >= 8)
    swap_delims(r, out);
}

/* ---- mutations ----------------------------------------------------------- */

static void insert_at(struct buf *b, size_t at, const char *s, size_t n) {
  if (b->len + n > FZ_MAX_INPUT)
    return;
  buf_reserve(b, n);
  memmove(b->p + at + n, b->p + at, b->len - at);
  memcpy(b->p + at, s, n);
  b->len += n;
}

static void erase(struct buf *b, size_t at, size_t n) {
  memmove(b->p + at, b->p + at + n, b->len - at - n);
  b->len -= n;
}

/* One havoc step on B. */
static void mutate_once(struct rng *r, struct buf *b, const char *other,
                        size_t olen, const unsigned char *covered,
                        const struct fz_dict *dict) {
  size_t at = rng_below(r, b->len + 1);
  size_t span = b->len > at ? 1 + rng_below(r, (b->len - at + 3) / 4) : 0;
  switch (rng_below(r, 10)) {
  case 0: /* an octet, any */
    if (at < b->len)
      b->p[at] = (char)rng_below(r, 256);
    break;
  case 1: /* an octet of the odd ones */
    if (at < b->len)
      b->p[at] = odd_octets[rng_below(r, sizeof odd_octets - 1)];
    else
      insert_at(b, at, &odd_octets[rng_below(r, sizeof odd_octets - 1)], 1);
    break;
  case 2: /* a token of the dictionary */
    if (dict && dict->n) {
      size_t k = rng_below(r, dict->n);
      insert_at(b, at, dict->s[k], dict->len[k]);
    }
    break;
  case 3: /* a span goes */
    erase(b, at, span);
    break;
  case 4: /* a span twice */
    if (span) {
      char tmp[256];
      size_t n = span < sizeof tmp ? span : sizeof tmp;
      memcpy(tmp, b->p + at, n);
      insert_at(b, at, tmp, n);
    }
    break;
  case 5: /* a splice: this input's head, the other's tail */
    if (other && olen) {
      size_t from = rng_below(r, olen);
      b->len = at;
      insert_at(b, at, other + from, olen - from);
    }
    break;
  case 6:
    swap_delims(r, b);
    break;
  case 7: { /* a span becomes a production of some rule */
    struct buf p = {0};
    unsigned k = (unsigned)rng_below(r, FG_NRULES);
    produce(r, covered, k, (int)!rng_below(r, 4), &p);
    erase(b, at, span);
    insert_at(b, at, p.p ? p.p : "", p.len);
    buf_free(&p);
    break;
  }
  case 8: /* a span's letters change case */
    for (size_t i = at; i < at + span; i++)
      if (((b->p[i] | 32) >= 'a' && (b->p[i] | 32) <= 'z'))
        b->p[i] ^= 32;
    break;
  default: { /* an octet percent-encoded */
    if (at < b->len) {
      static const char hex[] = "0123456789ABCDEF";
      unsigned char c = (unsigned char)b->p[at];
      char enc[3] = {'%', hex[c >> 4], hex[c & 15]};
      erase(b, at, 1);
      insert_at(b, at, enc, 3);
    }
    break;
  }
  }
}

void fz_mutate(struct rng *r, const char *in, size_t len, const char *other,
               size_t olen, const unsigned char *covered,
               const struct fz_dict *dict, struct buf *out) {
  out->len = 0;
  buf_put(out, in, len < FZ_MAX_INPUT ? len : FZ_MAX_INPUT);
  unsigned steps = 1u << rng_below(r, 4);
  for (unsigned i = 0; i < steps; i++)
    mutate_once(r, out, other, olen, covered, dict);
}
