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

/* PATH split at every "/" (N segments; free the array) */
static struct seg *segs_of(const struct pstr *path, size_t *n) {
  struct seg *v = malloc((path->n + 1) * sizeof *v);
  if (!v)
    abort();
  *n = 0;
  for (size_t s = 0, i = 0; i <= path->n; i++)
    if (i == path->n || path->p[i] == '/') {
      v[(*n)++] = (struct seg){path->p + s, i - s};
      s = i + 1;
    }
  return v;
}
/* PATH set to the N segments V joined by "/" ("/" first with ROOT, "/"
 * last with SLASH when it does not end so); V freed */
static void segs_joined(struct pstr *path, struct seg *v, size_t n, int root,
                        int slash) {
  char *o = malloc(path->n + 3), *q = o;
  if (!o)
    abort();
  if (root)
    *q++ = '/';
  for (size_t i = 0; i < n; i++) {
    if (i)
      *q++ = '/';
    memcpy(q, v[i].p, v[i].n);
    q += v[i].n;
  }
  if (slash && (q == o || q[-1] != '/'))
    *q++ = '/';
  free(v);
  pstr_set(path, o, (size_t)(q - o));
  free(o);
}

/* Whether PATH's last segment is "." or ".." */
int pt_dots_ends_in_dot(const struct pstr *path) {
  size_t l = path->n;
  while (l && path->p[l - 1] != '/')
    l--;
  size_t k = path->n - l;
  return (k == 1 && path->p[l] == '.') ||
         (k == 2 && path->p[l] == '.' && path->p[l + 1] == '.');
}
/* dot-dot-above-root-kept: 5.2.4, but a ".." with no segment before it
 * to remove is kept */
void pt_dots_keep_above_root(struct pstr *path) {
  char *o = malloc(path->n + 2);
  size_t n = 0, i = path->n && path->p[0] == '/', nseg = 0;
  int trail = 0;
  if (!o)
    abort();
  if (i)
    o[n++] = '/';
  size_t root = n;
  while (path->n && i <= path->n) {
    size_t e = i, l, last = n;
    while (e < path->n && path->p[e] != '/')
      e++;
    l = e - i;
    int dot = l == 1 && path->p[i] == '.';
    int dotdot = l == 2 && path->p[i] == '.' && path->p[i + 1] == '.';
    while (last > root && o[last - 1] != '/')
      last--; /* the last segment written starts there */
    int popped = dotdot && nseg &&
                 !(n - last == 2 && o[last] == '.' && o[last + 1] == '.');
    if (popped) {
      n = last > root ? last - 1 : root;
      nseg--;
    } else if (!dot) {
      if (nseg++)
        o[n++] = '/';
      memcpy(o + n, path->p + i, l);
      n += l;
    }
    trail = dot || popped;
    i = e + 1;
  }
  if (trail && nseg)
    o[n++] = '/';
  pstr_set(path, o, n);
  free(o);
}
/* last-dot-dot-kept: PATH split at every "/"; a last "." read as empty,
 * every other "." dropped; a ".." with a segment before it that is
 * neither empty nor "..", and is not the last segment, removed with that
 * segment, until none is left; then a ".." right after the root dropped
 * ("/b/c/a/.." stays, "/b/./../x" becomes "/x", "/../a" becomes "/a") */
void pt_dots_last_dot_dot_kept(struct pstr *path) {
  size_t n, i;
  struct seg *v = segs_of(path, &n);
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
  segs_joined(path, v, n, 0, 0);
}

/* dot-segments-spliced: Node's legacy url.resolve: PATH split at every
 * "/", and from its end "." removed, ".." removed and counted, each count
 * removing the nearest element before it (an empty one too); ".." left
 * over dropped; "/" written first again when the path was absolute, and
 * last when it ended in "", "." or ".." ("/b//." becomes "/b/", "/..//a"
 * becomes "/a") */
void pt_dots_spliced(struct pstr *path) {
  size_t n, k = 0, up = 0;
  struct seg *v = segs_of(path, &n);
  int root = path->n && path->p[0] == '/';
  int slash = !v[n - 1].n || seg_is(&v[n - 1], ".") || seg_is(&v[n - 1], "..");
  for (size_t i = n; i-- > 0;) {
    if (seg_is(&v[i], "..")) {
      v[i].p = NULL;
      up++;
    } else if (seg_is(&v[i], ".") || up) {
      up -= !seg_is(&v[i], ".");
      v[i].p = NULL;
    }
  }
  for (size_t i = 0; i < n; i++)
    if (v[i].p)
      v[k++] = v[i];
  if (root && k && !v[0].n) {
    memmove(v, v + 1, (k - 1) * sizeof *v);
    k--;
  }
  segs_joined(path, v, k, root, slash && (k || !root));
}

/* the start of S's segment "<seg>/../" (SEG not ".."), scanned from the
 * segment after S's root as libsoup 2's remove_dot_segments does: an empty
 * segment never pairs ("//../" stays); NULL when none */
static char *soup_pair(char *s, char **q) {
  char *p = s + 1;
  while (*p) {
    if (!strncmp(p, "../", 3)) {
      p += 3;
      continue;
    }
    if (!(*q = strchr(p + 1, '/')))
      return NULL;
    if (!strncmp(*q, "/../", 4))
      return p;
    p = *q + 1;
  }
  return NULL;
}
/* dot-segments-paired: libsoup 2's remove_dot_segments on a path that
 * starts with "/" (predict.c calls it on no other): "./" segments removed, then a last "." (not of "/."),
 * then each "<seg>/../" from the start, a last "<seg>/.." and leading
 * "/.."s */
static void soup_dots(char *s) {
  char *p = s + 1, *q;
  while (*p)
    if (p[-1] == '/' && p[0] == '.' && p[1] == '/')
      memmove(p, p + 2, strlen(p + 2) + 1);
    else
      p++;
  if (p > s + 2 && p[-1] == '.' && p[-2] == '/')
    p[-1] = 0;
  while ((p = soup_pair(s, &q)))
    memmove(p, q + 4, strlen(q + 4) + 1);
  q = strrchr(s, '/');
  if (q && q != s && !strcmp(q, "/..")) {
    for (p = q - 1; p > s && *p != '/'; p--)
      ;
    if (strncmp(p, "/../", 4))
      p[1] = 0;
  }
  while (!strncmp(s, "/../", 4))
    memmove(s, s + 3, strlen(s) - 2);
  if (!strcmp(s, "/.."))
    s[1] = 0;
}
void pt_dots_paired(struct pstr *path) {
  char *s;
  if (memchr(path->p, 0, path->n) || !(s = malloc(path->n + 1)))
    return;
  memcpy(s, path->p, path->n);
  s[path->n] = 0;
  soup_dots(s);
  pstr_set(path, s, strlen(s));
  free(s);
}
