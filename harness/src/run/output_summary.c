/* output_summary.c: the end of `uritest run --format text`: the per-adapter
 * summary lines, and, without --verbose, the failures one example per
 * kind.  A kind is an adapter, a class with its
 * mismatched components and their kinds, a severity and a behaviour (the
 * words of out_describe and the behaviour id): generated vectors make
 * hundreds of near-duplicates of one departure (`//:8`, `//:8#`, ...), and a
 * maintainer needs one of each, the shortest, with how many it stands for. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "behaviours.h"
#include "files.h"
#include "output.h"
#include "util.h"

struct kind {
  char *key;   /* adapter NUL-free label + LF + description + LF + behaviour */
  char *block; /* the example's FAIL block, as --verbose prints it */
  size_t input_len, count, order;
};

struct kinds {
  struct kind *k;
  size_t n, cap;
  struct strmap map; /* key -> index */
};

static char *kind_key(const struct result *r) {
  char *p = NULL;
  size_t len = 0;
  FILE *m = open_memstream(&p, &len);
  if (!m)
    return NULL;
  fputs(r->adapter, m);
  fputc('\n', m);
  out_describe(m, r->v);
  fputc('\n', m);
  fputs(r->behaviour ? r->behaviour : "", m);
  fclose(m);
  return p;
}

void kinds_add(struct output *o, const struct result *r, const char *block,
               size_t input_len) {
  struct kinds *ks = o->kinds;
  if (!ks)
    ks = o->kinds = xcalloc(1, sizeof *ks);
  char *key = kind_key(r);
  if (!key)
    return;
  size_t *at = strmap_get(&ks->map, key);
  if (at) {
    struct kind *k = &ks->k[*at];
    k->count++;
    if (input_len < k->input_len) {
      free(k->block);
      k->block = xstrdup(block);
      k->input_len = input_len;
    }
    free(key);
    return;
  }
  if (ks->n == ks->cap) {
    ks->cap = ks->cap ? 2 * ks->cap : 64;
    ks->k = xrealloc(ks->k, ks->cap * sizeof *ks->k);
  }
  struct kind *k = &ks->k[ks->n];
  k->key = key;
  k->block = xstrdup(block);
  k->input_len = input_len;
  k->count = 1;
  k->order = ks->n;
  strmap_add(&ks->map, key, ks->n++);
}

static int by_count(const void *a, const void *b) {
  const struct kind *x = *(const struct kind *const *)a,
                    *y = *(const struct kind *const *)b;
  if (x->count != y->count)
    return x->count < y->count ? 1 : -1;
  return x->order < y->order ? -1 : x->order > y->order;
}

/* The kinds of ADAPTER, most frequent first, LIMIT at most (0: all). */
void kinds_print(struct output *o, const char *adapter, size_t limit) {
  struct kinds *ks = o->kinds;
  size_t n = 0, results = 0;
  if (!ks)
    return;
  const struct kind **mine = xcalloc(ks->n + 1, sizeof *mine);
  for (size_t i = 0; i < ks->n; i++)
    if (!strncmp(ks->k[i].key, adapter, strlen(adapter)) &&
        ks->k[i].key[strlen(adapter)] == '\n') {
      mine[n++] = &ks->k[i];
      results += ks->k[i].count;
    }
  qsort(mine, n, sizeof *mine, by_count);
  if (n) {
    fprintf(o->out, "%zu failures of %zu kinds, one example each:\n", results,
            n);
  }
  for (size_t i = 0; i < n && (!limit || i < limit); i++) {
    fputs(mine[i]->block, o->out);
    if (mine[i]->count > 1)
      fprintf(o->out, "    (and %zu more of this kind)\n", mine[i]->count - 1);
  }
  if (limit && n > limit)
    fprintf(o->out, "... and %zu more kinds\n", n - limit);
  if (n)
    fputs("(uritest run --verbose lists every failure; the results file "
          "has every result)\n",
          o->out);
  free(mine);
}

void kinds_free(struct output *o) {
  struct kinds *ks = o->kinds;
  if (!ks)
    return;
  for (size_t i = 0; i < ks->n; i++) {
    free(ks->k[i].key);
    free(ks->k[i].block);
  }
  free(ks->k);
  strmap_free(&ks->map);
  free(ks);
  o->kinds = NULL;
}

/* The lines a maintainer reads first: conformance over what the adapter
 * answered, the endpoints it reads otherwise than RFC 3986 (different, and
 * host-lost apart: DESIGN.md "Endpoints"), and what is new against its
 * baseline. */
void adapter_summary_text(FILE *f, const struct stats *s) {
  size_t judged = s->passed + s->failed;
  if (judged)
    fprintf(f, "  conformance %.1f%% (%zu of %zu answered)",
            100.0 * (double)s->passed / (double)judged, s->passed, judged);
  else
    fputs("  conformance n/a (nothing answered)", f);
  fprintf(f, "; different endpoints %zu; host lost %zu", s->security,
          s->host_lost);
  if (s->known)
    fprintf(f, "; new against the baseline %zu", s->failed - s->known);
  fputc('\n', f);
}

/* The adapter's behaviours with their counts, most frequent first, TOP at
 * most (0: all). */
void behaviours_text(FILE *f, const struct stats *s, size_t top) {
  size_t n = s->beh ? s->beh->n : 0, shown = 0;
  if (!n && !s->unexplained)
    return;
  size_t *order = xcalloc(n + 1, sizeof *order);
  for (size_t i = 0; i < n; i++)
    order[i] = i;
  for (size_t i = 1; i < n; i++) /* insertion sort: a few dozen at most */
    for (size_t k = i;
         k > 0 && s->beh_count[order[k]] > s->beh_count[order[k - 1]]; k--) {
      size_t t = order[k];
      order[k] = order[k - 1];
      order[k - 1] = t;
    }
  fputs("  behaviours:\n", f);
  for (size_t i = 0; i < n; i++) {
    const struct behaviour *b = &s->beh->b[order[i]];
    if (!s->beh_count[order[i]])
      continue;
    if (top && shown == top) {
      size_t more = 0;
      for (size_t k = i; k < n; k++)
        more += s->beh_count[order[k]] != 0;
      fprintf(f, "    ... and %zu more (--verbose)\n", more);
      break;
    }
    shown++;
    fprintf(f, "    %-40s %zu\n", b->rule.id, s->beh_count[order[i]]);
  }
  fprintf(f, "    %-40s %zu\n", "unexplained", s->unexplained);
  free(order);
}
