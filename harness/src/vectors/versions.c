/* versions.c: vectors added or changed since a version (versions.h). */
#include "versions.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* RELEASED: "ID<TAB>HASH" lines; "# released X.Y.Z" starts the ids of
 * release X.Y.Z; lines before the first such marker are the first
 * release's. */
static int load_released(struct vdelta *d) {
  char *path = root_path("vectors/RELEASED");
  FILE *f = fopen(path, "r");
  if (!f) {
    warnx_("%s: cannot read: the vectors added since %s are not told apart",
           path, d->since);
    free(path);
    return -1;
  }
  free(path);
  char *line = NULL;
  size_t cap = 0;
  ssize_t n;
  int keep = 1; /* the first release is older than any baseline's */
  while ((n = getline(&line, &cap, f)) > 0) {
    while (n && (line[n - 1] == '\n' || line[n - 1] == '\r'))
      line[--n] = 0;
    if (!strncmp(line, "# released ", 11)) {
      keep = version_cmp(line + 11, d->since) <= 0;
      continue;
    }
    if (!n || line[0] == '#' || !keep)
      continue;
    char *tab = strchr(line, '\t');
    size_t len = tab ? (size_t)(tab - line) : (size_t)n;
    strmap_add(&d->old, arena_strndup(&d->arena, line, len), 0);
  }
  free(line);
  fclose(f);
  d->have_released = 1;
  return 0;
}

/* CHANGELOG.md: "## X.Y.Z" sections; every `backquoted` word of a section
 * newer than SINCE is taken as an id it names (words that are no vector id
 * never match one). */
static void load_changelog(struct vdelta *d) {
  char *path = root_path("vectors/CHANGELOG.md");
  FILE *f = fopen(path, "r");
  free(path);
  if (!f)
    return;
  char *line = NULL;
  size_t cap = 0;
  int newer = 0;
  while (getline(&line, &cap, f) > 0) {
    if (!strncmp(line, "## ", 3)) {
      newer = version_cmp(line + 3, d->since) > 0;
      continue;
    }
    for (char *p = newer ? strchr(line, '`') : NULL; p;) {
      char *q = strchr(p + 1, '`');
      if (!q)
        break;
      if (q > p + 1)
        strmap_add(&d->news,
                   arena_strndup(&d->arena, p + 1, (size_t)(q - p - 1)), 0);
      p = strchr(q + 1, '`');
    }
  }
  free(line);
  fclose(f);
}

int vdelta_load(struct vdelta *d, const char *since) {
  memset(d, 0, sizeof *d);
  d->since = xstrdup(since);
  load_changelog(d);
  return load_released(d);
}

const char *vdelta_why(const struct vdelta *d, const char *id) {
  if (d->have_released && !strmap_get(&d->old, id))
    return "added";
  if (strmap_get(&d->news, id))
    return "changed";
  return NULL;
}

void vdelta_free(struct vdelta *d) {
  strmap_free(&d->old);
  strmap_free(&d->news);
  arena_free(&d->arena);
  free(d->since);
  memset(d, 0, sizeof *d);
}
