/* verdict.h: the verdict on one result (DESIGN.md "Comparing and
 * classifying"): its class, the components that differ and how, its
 * endpoint and severity.  The harness's classifier makes it; the results
 * reader reads it back from a results file (result_verdict). */
#ifndef URITEST_VERDICT_H
#define URITEST_VERDICT_H

#include "classes.h"

/* Up to this many named component mismatches per result. */
#define MAX_MISMATCH 16

/* How a mismatched component differs (DESIGN.md): the adapter's value is
 * the reference's 6.2.2/6.2.3 normal form; or another value naming the
 * same endpoint; or a different reading. */
enum mismatch_kind { MK_SEMANTIC, MK_NORMALIZATION, MK_SAME_ENDPOINT };
extern const char *const mismatch_kind_names[3];
int mismatch_kind_from_name(const char *s);

struct mismatch {
  const char *name; /* component or getter name */
  int kind;         /* MK_* */
};

struct verdict {
  int cls;
  int nmis;
  struct mismatch mis[MAX_MISMATCH];
  int security_relevant; /* endpoint is EP_DIFFERENT: severity is set */
  int severity;          /* SEV_* (endpoint.h), SEV_NONE when not */
  int endpoint;          /* EP_* (endpoint.h), EP_UNJUDGED when not judged */
  int not_compared;      /* components the adapter left out */
  int compared;          /* components compared */
  int impl_defined;      /* expect: implementation-defined, never fails */
  int offset_differs;    /* error offset given and different (informative) */
  const char *why;       /* UNSUPPORTED/CRASH/... reason, or NULL */
  /* an advisory vector's failed result whose reading is one of its
   * x-vulnerable-readings: the advisory's id (the test's cve:ID tag, else
   * its id); NULL otherwise */
  const char *vulnerable;
};

#endif
