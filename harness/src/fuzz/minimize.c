/* minimize.c: delta debugging (Zeller and Hildebrandt's ddmin) of a
 * finding of `uritest fuzz`, as a machine that proposes a step's
 * candidates and takes the answers, so that the minimizations of a batch
 * go through the adapter together, in one pipelined run per step: the
 * input is cut into N parts, every part and every complement asked, the
 * first that still shows the finding kept; then, for a short input, every
 * span is taken out in turn (the longest first), and ddmin goes on.  The
 * check re-asks the adapter the finding came from (fuzzrun.c). */
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"

/* Short inputs: every span of the input left out, the longest first (what
 * ddmin cannot take out, as "[::]" of "//[::]/a~", whose halves alone
 * break the input). */
#define SPAN_MAX 40

enum { PH_DDMIN, PH_SPANS, PH_DONE };

static void cand_add(struct fz_min *m, const char *a, size_t alen,
                     const char *b, size_t blen) {
  if (m->ncand == m->cap) {
    m->cap = m->cap ? 2 * m->cap : 16;
    m->in = xrealloc(m->in, m->cap * sizeof *m->in);
    m->len = xrealloc(m->len, m->cap * sizeof *m->len);
    m->at = xrealloc(m->at, m->cap * sizeof *m->at);
  }
  m->at[m->ncand] = m->store.len;
  buf_put(&m->store, a, alen);
  buf_put(&m->store, b, blen);
  m->len[m->ncand++] = alen + blen;
}

void fz_min_init(struct fz_min *m, const char *in, size_t len, size_t budget) {
  memset(m, 0, sizeof *m);
  buf_put(&m->cur, in, len);
  m->n = 2;
  m->budget = budget;
  m->phase = budget ? PH_DDMIN : PH_DONE;
}

/* The parts of the input cut in N, then (N > 2) their complements. */
static void ddmin_cands(struct fz_min *m) {
  const char *p = m->cur.p;
  size_t len = m->cur.len, part = (len + m->n - 1) / m->n;
  for (size_t i = 0; i * part < len; i++) {
    size_t from = i * part, to = from + part < len ? from + part : len;
    cand_add(m, p + from, to - from, NULL, 0);
  }
  m->nparts = m->ncand;
  if (m->nparts > 2)
    for (size_t i = 0; i * part < len; i++) {
      size_t from = i * part, to = from + part < len ? from + part : len;
      cand_add(m, p, from, p + to, len - to);
    }
}

static void span_cands(struct fz_min *m) {
  const char *p = m->cur.p;
  size_t len = m->cur.len;
  for (size_t n = len; n >= 2; n--)
    for (size_t i = 0; i + n <= len; i++)
      cand_add(m, p, i, p + i + n, len - i - n);
}

size_t fz_min_next(struct fz_min *m) {
  m->ncand = 0;
  m->store.len = 0;
  while (!m->ncand && m->phase != PH_DONE) {
    size_t len = m->cur.len, spans = len * (len + 1) / 2;
    if (m->phase == PH_DDMIN && (len <= 1 || m->asked >= m->budget))
      m->phase = PH_SPANS;
    else if (m->phase == PH_DDMIN)
      ddmin_cands(m);
    else if (len < 2 || len > SPAN_MAX || m->asked + spans > m->budget)
      m->phase = PH_DONE;
    else
      span_cands(m);
  }
  for (size_t i = 0; i < m->ncand; i++)
    m->in[i] = m->store.p ? m->store.p + m->at[i] : (char *)"";
  return m->ncand;
}

void fz_min_take(struct fz_min *m, const unsigned char *holds) {
  long k = -1;
  for (size_t i = 0; i < m->ncand && k < 0; i++)
    if (holds[i])
      k = (long)i;
  m->asked += m->ncand;
  if (k >= 0) {
    m->cur.len = 0;
    buf_put(&m->cur, m->in[k], m->len[k]);
  }
  if (m->phase == PH_SPANS) {
    m->phase = k >= 0 ? PH_DDMIN : PH_DONE;
    m->n = 2;
  } else if (k >= 0) {
    m->n = (size_t)k < m->nparts ? 2 : (m->n > 3 ? m->n - 1 : 2);
  } else if (m->n >= m->cur.len) {
    m->phase = PH_SPANS; /* single octets: ddmin is done */
  } else {
    m->n = m->n * 2 < m->cur.len ? m->n * 2 : m->cur.len;
  }
  m->ncand = 0;
}

void fz_min_free(struct fz_min *m) {
  buf_free(&m->cur);
  buf_free(&m->store);
  free(m->in);
  free(m->len);
  free(m->at);
  memset(m, 0, sizeof *m);
}
