/* classes.h: the vocabulary of a result (DESIGN.md "Comparing and
 * classifying"): its class, how a mismatched component differs, and the
 * verdict that the harness's classifier makes and the results reader
 * reads back from a results file. */
#ifndef URITEST_CLASSES_H
#define URITEST_CLASSES_H

enum cls {
  CLASS_PASS,
  CLASS_SHOULD_HAVE_ACCEPTED,
  CLASS_SHOULD_HAVE_REJECTED,
  CLASS_COMPONENT_MISMATCH,
  CLASS_RESOLVE_MISMATCH,
  CLASS_NORMALIZE_MISMATCH,
  CLASS_EQUIVALENT_MISMATCH,
  CLASS_OUTPUT_MISMATCH,
  CLASS_ROUNDTRIP_MISMATCH,
  CLASS_UNSUPPORTED,
  CLASS_CRASH,
  CLASS_TIMEOUT,
  CLASS_PROTOCOL_ERROR,
  CLASS__COUNT
};
extern const char *const class_names[CLASS__COUNT];
int class_from_name(const char *s);
/* Whether a class counts as failed (UNSUPPORTED does not). */
int class_failed(int cls);

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
