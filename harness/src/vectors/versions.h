/* versions.h: what changed in the vectors since an earlier version of the
 * suite, from vectors/RELEASED (the ids of each release, in sections
 * "# released X.Y.Z") and vectors/CHANGELOG.md (the ids each version's
 * section names): a baseline recorded with an older suite tells the
 * vectors it never saw from regressions. */
#ifndef URITEST_VERSIONS_H
#define URITEST_VERSIONS_H

#include "util.h"

struct vdelta {
  char *since;        /* the earlier version */
  struct strmap old;  /* ids released at or before it */
  struct strmap news; /* ids CHANGELOG.md names after it: "changed" */
  struct arena arena;
  int have_released; /* RELEASED was read */
};

/* Load what changed since SINCE; 0, or -1 (with a message) when RELEASED
 * cannot be read. */
int vdelta_load(struct vdelta *d, const char *since);
/* "added" (not released at SINCE, or not in RELEASED at all), else
 * "changed" (named by a later CHANGELOG section), else NULL (as it was at
 * SINCE). */
const char *vdelta_why(const struct vdelta *d, const char *id);
void vdelta_free(struct vdelta *d);

#endif
