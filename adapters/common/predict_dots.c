/*
 * predict_dots.c: a dot-segment removal other than 5.2.4's, named by an
 * output transform of predict_table.c's table (adapters/BEHAVIOURS.md
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

/* Whether PATH's last segment is ".." (or, with DOT, ".") */
int pt_dots_ends_in(const struct pstr *path, int dot) {
  size_t l = path->n;
  while (l && path->p[l - 1] != '/')
    l--;
  size_t k = path->n - l;
  return (dot && k == 1 && path->p[l] == '.') ||
         (k == 2 && path->p[l] == '.' && path->p[l + 1] == '.');
}
/* dot-dot-above-root-kept: 5.2.4, but a ".." with no segment before it to
 * remove is kept; with LAST_POPS (last-dot-dot-pops-kept-dot-dot) a last ".." removes a kept ".." before it too */
void pt_dots_keep_above_root(struct pstr *path, int last_pops) {
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
    int kept = n - last == 2 && o[last] == '.' && o[last + 1] == '.';
    int popped = dotdot && nseg && (!kept || (last_pops && e >= path->n));
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

/* PATH split at every "/" into V: "." dropped, ".." popping the part
 * before it (not the root's empty one alone, with KEEP_ROOT); *LAST the
 * last segment; the number of parts */
static size_t explode(const struct pstr *path, struct seg *v, struct seg *last,
                      int keep_root) {
  size_t n = 0;
  for (size_t s = 0, i = 0; i <= path->n; i++)
    if (i == path->n || path->p[i] == '/') {
      *last = (struct seg){path->p + s, i - s};
      if (seg_is(last, ".."))
        n -= keep_root ? n > 1 || (n == 1 && v[0].n) : n > 0;
      else if (!seg_is(last, "."))
        v[n++] = *last;
      s = i + 1;
    }
  return n;
}

/* the N parts V joined with "/" to O; the number of octets */
static size_t join(const struct seg *v, size_t n, char *o) {
  size_t j = 0;
  for (size_t k = 0; k < n; k++) {
    if (k)
      o[j++] = '/';
    memcpy(o + j, v[k].p, v[k].n);
    j += v[k].n;
  }
  return j;
}

static int is_dot_segment(const struct seg *s) {
  return seg_is(s, ".") || seg_is(s, "..");
}

/* root-popped-by-dot-dot: PATH exploded at every "/"; a ".." pops the
 * segment before it, the empty one before the root too; "." is dropped;
 * the rest joined with "/", a "/" put back before it when PATH had one
 * and it lost it (then no "/" after a last dot segment), else a "/" after
 * a last dot segment (Guzzle's UriResolver::removeDotSegments) */
void pt_dots_root_popped(struct pstr *path) {
  if (!path->n || pstr_is(path, "/"))
    return;
  struct seg *v = malloc((path->n + 1) * sizeof *v), last = {0};
  char *o = malloc(path->n + 3);
  if (!v || !o)
    abort();
  size_t j = join(v, explode(path, v, &last, 0), o);
  if (path->p[0] == '/' && (!j || o[0] != '/')) {
    memmove(o + 1, o, j++);
    o[0] = '/';
  } else if (j && is_dot_segment(&last)) {
    o[j++] = '/';
  }
  pstr_set(path, o, j);
  free(v);
  free(o);
}

/* dot-segments-by-part-list: PATH split at every "/" into a list of
 * parts; "." is dropped, ".." pops the part before it unless that is the
 * root's empty one alone; a last dot segment leaves an empty part (a
 * trailing "/"); the parts joined with "/" (boltons' resolve_path_parts) */
void pt_dots_part_list(struct pstr *path) {
  struct seg *v = malloc((path->n + 2) * sizeof *v), last = {0};
  char *o = malloc(path->n + 2);
  if (!v || !o)
    abort();
  size_t n = explode(path, v, &last, 1);
  if (path->n && is_dot_segment(&last))
    v[n++] = (struct seg){path->p, 0};
  pstr_set(path, o, join(v, n, o));
  free(v);
  free(o);
}

/* dot-segments-by-split: PATH split at every "/"; "." dropped, ".." pops
 * the part before it, the root's empty one too; an empty part put back
 * first when PATH starts with "/" and the first part left is not empty,
 * and last when PATH ends in "/." or "/.."; the parts joined with "/"
 * (rfc3986's normalizers.remove_dot_segments) */
void pt_dots_split(struct pstr *path) {
  struct seg *v = malloc((path->n + 3) * sizeof *v), last = {0};
  char *o = malloc(path->n + 3);
  if (!v || !o)
    abort();
  size_t n = explode(path, v, &last, 0);
  if (path->n && path->p[0] == '/' && (!n || v[0].n)) {
    memmove(v + 1, v, n++ * sizeof *v);
    v[0] = (struct seg){path->p, 0};
  }
  if (last.p > path->p && is_dot_segment(&last))
    v[n++] = (struct seg){path->p, 0};
  pstr_set(path, o, join(v, n, o));
  free(v);
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
