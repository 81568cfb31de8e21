/* results.h: reading results files (the JSON Lines that `uritest run` and
 * `uritest diff` write, DESIGN.md "Results file"), one or several, record
 * by record.  The one reader of results for merge, check and behaviours
 * (and the report's model). */
#ifndef URITEST_RESULTS_H
#define URITEST_RESULTS_H

#include <jansson.h>
#include <stdio.h>

#include "verdict.h"

/* The members of a result that its readers look up, found once when its
 * line is parsed (in a worker thread, results.c): REC->M[RK_CLASS] is the
 * member "class", or NULL.  One list: the enum and the names. */
#define RESULTS_KEYS(X)                                                        \
  X(RECORD, "record")                                                          \
  X(ADAPTER, "adapter")                                                        \
  X(LIBRARY, "library")                                                        \
  X(ID, "id")                                                                  \
  X(VECTORS_VERSION, "vectors_version")                                        \
  X(FILE, "file")                                                              \
  X(FILE_VERSION, "file_version")                                              \
  X(SPEC, "spec")                                                              \
  X(OP, "op")                                                                  \
  X(CLASS, "class")                                                            \
  X(COMPONENTS, "components")                                                  \
  X(MISMATCHES, "mismatches")                                                  \
  X(SECURITY_RELEVANT, "security_relevant")                                    \
  X(SEVERITY, "severity")                                                      \
  X(ENDPOINT, "endpoint")                                                      \
  X(NOT_COMPARED, "not_compared")                                              \
  X(IMPLEMENTATION_DEFINED, "implementation_defined")                          \
  X(BASELINE, "baseline")                                                      \
  X(BEHAVIOUR, "behaviour")                                                    \
  X(VULNERABLE, "vulnerable")                                                  \
  X(WHY, "why")                                                                \
  X(EXPECTED, "expected")                                                      \
  X(GOT, "got")
#define RESULTS_KEY_ENUM(k, name) RK_##k,
enum rkey { RESULTS_KEYS(RESULTS_KEY_ENUM) RK__COUNT };
#undef RESULTS_KEY_ENUM
extern const char *const rkey_names[RK__COUNT];

struct rrecord {
  const char *path; /* the file */
  long line;        /* its line number */
  int file;         /* index of the file in the list */
  const char *kind; /* "run", "result" or "summary" (no "record": result) */
  json_t *o;        /* the record, valid during the call */
  json_t *const *m; /* its members by key (enum rkey), NULL where absent */
  const char *text; /* the line as written, without its LF */
  size_t len;
  long end;     /* the offset just after the line (its LF included) */
  int complete; /* the line ends with its LF (a killed run cuts the last) */
};

/* Return 0 to go on; anything else stops the reading and is returned. */
typedef int (*results_fn)(void *ctx, const struct rrecord *rec);

/* Every record of PATHS[0..N) in order.  A result that leaves out its
 * library, vectors version, file version or spec (DESIGN.md "Results
 * file") has the run record's above it put in (REC->O; REC->TEXT is the
 * line as written).  A
 * file that cannot be read or a line that is not a JSON object: a message
 * naming FILE:LINE and EXIT_USAGE. */
int results_each(char *const *paths, int n, results_fn fn, void *ctx);

/* results_each of one file, with FLAGS: RESULTS_BAD_LINES gives FN a line
 * that is not a JSON object too (O and KIND NULL; TEXT, LEN, END and
 * COMPLETE set), for FN to judge, instead of ending the reading with a
 * message (--resume: the half line a killed run leaves). */
enum { RESULTS_BAD_LINES = 1 };
int results_read(const char *path, unsigned flags, results_fn fn, void *ctx);

/* 0 when the result REC names its adapter and its id (non-empty strings)
 * and a known class; else -1 after "PATH:LINE: a result needs ...".  The
 * one rule of report, check, merge and behaviours. */
int result_named(const struct rrecord *rec);

/* The verdict a result record carries (class, components, security,
 * severity, not compared, implementation-defined), from its members M
 * (struct rrecord); 0, or -1 when its class is missing or unknown.  Names
 * point into the record. */
int result_verdict(json_t *const *m, struct verdict *v);

#endif
