/* baseline.h: known discrepancies of one adapter (DESIGN.md "Baselines"):
 * --baseline to compare, --write-baseline to record. */
#ifndef URITEST_BASELINE_H
#define URITEST_BASELINE_H

#include <jansson.h>
#include <stdio.h>

#include "classify.h"
#include "util.h"
#include "versions.h"

struct bentry {
  char *id;
  int cls;
  char *components; /* sorted names joined with "," */
  int seen;         /* the id ran in this run */
  int held;         /* it failed exactly as recorded */
  int now_passing;  /* it passed */
};

struct baseline {
  char *path, *adapter, *library, *vectors_version;
  struct bentry *e;
  size_t n;
  struct strmap index; /* id -> index in e */
  int used;            /* an adapter of the run matched it */
  /* recorded with another vectors version: what changed since, or NULL */
  struct vdelta *delta;
};

/* Load a baseline file; prints the problem and returns -1 when malformed. */
int baseline_load(const char *path, struct baseline *b);
void baseline_free(struct baseline *b);
struct bentry *baseline_find(struct baseline *b, const char *id);
/* The components of a verdict in baseline form (sorted, joined). */
char *verdict_components(const struct verdict *v);

/* What one adapter's run found against its baseline. */
struct bcheck {
  struct baseline *b; /* NULL when the adapter has none */
  char **new_lines;   /* "id CLASS components" of new discrepancies */
  size_t nnew;
  char **newvec_lines; /* the same, on vectors added or changed since the
                          baseline's vectors version: not regressions */
  size_t nnewvec;
  /* the run was meant to be whole (no shard, no filter): a baseline entry
   * whose vector was not run is then a difference */
  int whole;
};
void bcheck_free(struct bcheck *c);
/* A result arrived: returns 1 when it is a known discrepancy. */
int bcheck_result(struct bcheck *c, const char *id, const struct verdict *v,
                  int failed);
/* Print the comparison; returns 1 when it differs from the baseline.
 * Entries whose vector was not run are listed (the first few) and, when
 * the run was meant to be whole, a difference. */
int bcheck_report(struct bcheck *c, const char *adapter, const char *library,
                  FILE *f, json_t *summary);

/* Recorded discrepancies for --write-baseline. */
struct brecord {
  char **ids;
  int *cls;
  char **comps;
  size_t n;
};
void brecord_add(struct brecord *r, const char *id, const struct verdict *v);
int brecord_write(struct brecord *r, const char *path, const char *adapter,
                  const char *library);

#endif
