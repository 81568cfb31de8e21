/* resume.h: `uritest run --resume FILE`: the results an earlier,
 * interrupted run recorded, kept and counted, so that only the requests
 * not yet answered are sent. */
#ifndef URITEST_RESUME_H
#define URITEST_RESUME_H

#include <jansson.h>
#include <sys/types.h>

#include "adapter.h"
#include "classify.h"
#include "vectors.h"

struct prior {
  unsigned test; /* index in vectors.tests */
  unsigned adapter;
  struct verdict v; /* names point at static strings; why is owned */
  json_t *got;      /* the recorded answer, NULL when not recorded (a PASS) */
};

struct resume {
  char *path;
  struct prior *p;
  size_t n, cap;
  unsigned char **done; /* per adapter: one flag per test */
  size_t nadapters;
  off_t header_end; /* end of the run record (the first line) */
  off_t keep_end;   /* end of the last complete result line */
  json_t *header;   /* the run record, whose libraries results leave out */
};

/*
 * Read FILE, the results of an earlier run of the same vectors, for the
 * adapters AD[0..N).  Every result must name a test of V (same id, file
 * and file version) and an adapter of this run with the same library;
 * the run record must name the same vectors version.  Prints why not and
 * returns -1 otherwise.
 */
int resume_load(struct resume *r, const char *path, const struct vectors *v,
                const struct adapter *ad, size_t n);
void resume_free(struct resume *r);

#endif
