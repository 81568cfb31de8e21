/*
 * predict_dots.c: a dot-segment removal other than 5.2.4's, named by an
 * output transform of predict.c's table (adapters/BEHAVIOURS.md
 * "Transforms").
 */
#include "predict_impl.h"

#include <stdlib.h>
#include <string.h>

struct seg {
  const char *p;
  size_t n;
};

static int seg_is(const struct seg *s, const char *t) {
  return s->n == strlen(t) && !memcmp(s->p, t, s->n);
}

/* last-dot-dot-kept: PATH split at every "/"; a last "." read as empty,
 * every other "." dropped; a ".." with a segment before it that is
 * neither empty nor "..", and is not the last segment, removed with that
 * segment, until none is left; then a ".." right after the root dropped
 * ("/b/c/a/.." stays, "/b/./../x" becomes "/x", "/../a" becomes "/a") */
void pt_dots_last_dot_dot_kept(struct pstr *path) {
  struct seg *v = malloc((path->n + 1) * sizeof *v);
  size_t n = 0, i = 0;
  if (!v)
    abort();
  for (size_t s = 0; i <= path->n; i++)
    if (i == path->n || path->p[i] == '/') {
      v[n++] = (struct seg){path->p + s, i - s};
      s = i + 1;
    }
  if (seg_is(&v[n - 1], "."))
    v[n - 1].n = 0;
  size_t k = 0;
  for (i = 0; i < n; i++)
    if (!seg_is(&v[i], "."))
      v[k++] = v[i];
  n = k;
  for (i = 1; i + 1 < n;)
    if (seg_is(&v[i], "..") && v[i - 1].n && !seg_is(&v[i - 1], "..")) {
      memmove(v + i - 1, v + i + 1, (n - i - 1) * sizeof *v);
      n -= 2;
      i = 1;
    } else {
      i++;
    }
  while (n >= 2 && !v[0].n && seg_is(&v[1], "..")) {
    memmove(v + 1, v + 2, (n - 2) * sizeof *v);
    n--;
  }
  char *o = malloc(path->n + 1), *q = o;
  if (!o)
    abort();
  for (i = 0; i < n; i++) {
    if (i)
      *q++ = '/';
    memcpy(q, v[i].p, v[i].n);
    q += v[i].n;
  }
  free(v);
  pstr_set(path, o, (size_t)(q - o));
  free(o);
}

/* root-dot-dot-drops-empty-segment: PATH (absolute) as Go's resolvePath
 * writes it: segments appended to a leading "/", a ".." removing the last
 * one; a ".." that finds none leaves the next segment written without its
 * "/", so an empty one vanishes ("/..//a" becomes "/a"); a last "." or ".."
 * leaves a "/"; of two leading "/" one is dropped */
void pt_dots_root_dot_dot_drops_empty(struct pstr *path) {
  char *o = malloc(path->n + 3);
  size_t n = 1, i = 0;
  int first = 1, dot = 0;
  if (!o)
    abort();
  o[0] = '/';
  while (i <= path->n) {
    size_t e = i;
    while (e < path->n && path->p[e] != '/')
      e++;
    struct seg s = {path->p + i, e - i};
    dot = seg_is(&s, ".") || seg_is(&s, "..");
    if (seg_is(&s, "..")) {
      size_t k = n;
      while (k > 1 && o[k - 1] != '/')
        k--;
      first = k <= 1;
      n = first ? 1 : k - 1;
    } else if (seg_is(&s, ".")) {
      first = 0;
    } else {
      if (!first)
        o[n++] = '/';
      memcpy(o + n, s.p, s.n);
      n += s.n;
      first = 0;
    }
    i = e + 1;
  }
  if (dot)
    o[n++] = '/';
  size_t skip = n > 1 && o[1] == '/';
  pstr_set(path, o + skip, n - skip);
  free(o);
}

/* path-segments-rejoined: PATH split at every "/", empty segments
 * dropped, "." dropped, ".." removing the segment before it (dropped at
 * the root), joined again: "/" before it when PATH began with one, "/"
 * after it when PATH ended with one ("/a/." becomes "/a", "/a//b/"
 * "/a/b/", "/." "") */
void pt_dots_segments_rejoined(struct pstr *path) {
  if (!path->n)
    return;
  int lead = path->p[0] == '/', trail = path->p[path->n - 1] == '/';
  struct seg *v = malloc((path->n + 1) * sizeof *v);
  size_t n = 0;
  if (!v)
    abort();
  for (size_t i = 0, s = 0; i <= path->n; i++) {
    if (i < path->n && path->p[i] != '/')
      continue;
    struct seg g = {path->p + s, i - s};
    s = i + 1;
    if (seg_is(&g, "..") && n)
      n--;
    else if (g.n && !seg_is(&g, ".") && !seg_is(&g, ".."))
      v[n++] = g;
  }
  char *o = malloc(path->n + 2), *q = o;
  if (!o)
    abort();
  for (size_t i = 0; i < n; i++) {
    if (i || lead)
      *q++ = '/';
    memcpy(q, v[i].p, v[i].n);
    q += v[i].n;
  }
  if (trail)
    *q++ = '/';
  free(v);
  pstr_set(path, o, (size_t)(q - o));
  free(o);
}
