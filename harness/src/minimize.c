/* minimize.c: delta debugging (Zeller and Hildebrandt's ddmin) of a
 * finding of `uritest fuzz`: the input is cut into N parts, every part
 * and every complement asked at once (one pipelined batch through the
 * adapter), the first that still shows the finding kept; then, for a
 * short input, every span is taken out in turn, and ddmin goes on.  The check re-asks the adapter
 * the finding came from, so the result still diverges there. */
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"

struct cands {
  char **in;
  size_t *len;
  size_t n, cap;
  struct buf store; /* the candidates' octets, one after another */
  size_t *at;
};

static void cand_add(struct cands *c, const char *a, size_t alen, const char *b,
                     size_t blen) {
  if (c->n == c->cap) {
    c->cap = c->cap ? 2 * c->cap : 16;
    c->in = xrealloc(c->in, c->cap * sizeof *c->in);
    c->len = xrealloc(c->len, c->cap * sizeof *c->len);
    c->at = xrealloc(c->at, c->cap * sizeof *c->at);
  }
  c->at[c->n] = c->store.len;
  buf_put(&c->store, a, alen);
  buf_put(&c->store, b, blen);
  c->len[c->n++] = alen + blen;
}

/* Ask CHECK about every candidate; the index of the first that holds, or
 * -1 (also when the check could not be made). */
static long first_holding(struct cands *c, fz_check check, void *ctx,
                          size_t *asked) {
  if (!c->n)
    return -1;
  for (size_t i = 0; i < c->n; i++)
    c->in[i] = c->store.p ? c->store.p + c->at[i] : (char *)"";
  unsigned char *holds = xcalloc(c->n, 1);
  long first = -1;
  *asked += c->n;
  if (check(ctx, c->in, c->len, c->n, holds) == 0)
    for (size_t i = 0; i < c->n && first < 0; i++)
      if (holds[i])
        first = (long)i;
  free(holds);
  return first;
}

static void cands_reset(struct cands *c) {
  c->n = 0;
  c->store.len = 0;
}

/* One ddmin step over CUR cut into N parts: 1 when CUR got smaller. */
static int ddmin_step(struct buf *cur, size_t *n, fz_check check, void *ctx,
                      struct cands *c, size_t *asked) {
  size_t len = cur->len, part = (len + *n - 1) / *n;
  cands_reset(c);
  for (size_t i = 0; i * part < len; i++) { /* the parts */
    size_t from = i * part, to = from + part < len ? from + part : len;
    cand_add(c, cur->p + from, to - from, NULL, 0);
  }
  size_t nparts = c->n;
  if (nparts > 2)
    for (size_t i = 0; i * part < len; i++) { /* their complements */
      size_t from = i * part, to = from + part < len ? from + part : len;
      cand_add(c, cur->p, from, cur->p + to, len - to);
    }
  long k = first_holding(c, check, ctx, asked);
  if (k < 0) {
    if (*n >= len)
      return -1; /* single octets: ddmin is done */
    *n = *n * 2 < len ? *n * 2 : len;
    return 0;
  }
  struct buf keep = {0};
  buf_put(&keep, c->in[k], c->len[k]);
  *n = (size_t)k < nparts ? 2 : (*n > 3 ? *n - 1 : 2);
  cur->len = 0;
  buf_put(cur, keep.p ? keep.p : "", keep.len);
  buf_free(&keep);
  return 1;
}

/* Short inputs: every span of CUR left out, the longest first (what
 * ddmin cannot take out, as "[::]" of "//[::]/a~", whose halves alone
 * break the input).  1 when one still holds. */
#define SPAN_MAX 40
static int drop_span(struct buf *cur, fz_check check, void *ctx,
                     struct cands *c, size_t *asked) {
  cands_reset(c);
  for (size_t n = cur->len; n >= 2; n--)
    for (size_t i = 0; i + n <= cur->len; i++)
      cand_add(c, cur->p, i, cur->p + i + n, cur->len - i - n);
  long k = first_holding(c, check, ctx, asked);
  if (k < 0)
    return 0;
  struct buf keep = {0};
  buf_put(&keep, c->in[k], c->len[k]);
  cur->len = 0;
  buf_put(cur, keep.p ? keep.p : "", keep.len);
  buf_free(&keep);
  return 1;
}

void fz_minimize(const char *in, size_t len, fz_check check, void *ctx,
                 size_t budget, struct buf *out, size_t *asked) {
  struct cands c;
  memset(&c, 0, sizeof c);
  out->len = 0;
  buf_put(out, in, len);
  size_t start = *asked;
  for (;;) {
    size_t n = 2;
    while (out->len > 1 && *asked - start < budget &&
           ddmin_step(out, &n, check, ctx, &c, asked) >= 0) {
    }
    size_t spans = out->len * (out->len + 1) / 2;
    if (out->len < 2 || out->len > SPAN_MAX ||
        *asked - start + spans > budget ||
        !drop_span(out, check, ctx, &c, asked))
      break;
  }
  free(c.in);
  free(c.len);
  free(c.at);
  buf_free(&c.store);
}
