/* output.h: where results go: the streamed JSON Lines results file and the
 * report on standard output (text, TAP, JUnit XML, JSON). */
#ifndef URITEST_OUTPUT_H
#define URITEST_OUTPUT_H

#include <jansson.h>
#include <stdio.h>

#include "classify.h"
#include "endpoint.h"
#include "vectors.h"

enum format { FMT_TEXT, FMT_TAP, FMT_JUNIT, FMT_JSON };

/* One result, as it arrives. */
struct result {
  const char *adapter, *library;
  const struct test *t; /* NULL for uritest diff */
  const char *input;    /* diff: the input line */
  size_t input_len;
  long line; /* diff: its line number */
  const struct verdict *v;
  json_t *answer;       /* NULL when there was none */
  const char *ans_line; /* the answer line, when there was one */
  size_t ans_len;
  int baseline; /* 1 known discrepancy, 0 not in baseline */
  /* a failed result: the id of the behaviour that explains it, or
   * "unexplained"; NULL when not failed */
  const char *behaviour;
  struct stats *st; /* its adapter's counts (JUnit spool), or NULL */
  int replayed;     /* --resume: already in the results file */
};

/* Per-adapter counts. */
struct stats {
  const char *adapter, *library, *spec;
  size_t total, passed, failed, unsupported, skipped, security, not_compared;
  size_t impl_defined, known, by_class[CLASS__COUNT];
  size_t by_severity[SEV__COUNT]; /* security-relevant results by SEV_* */
  size_t host_lost;               /* results whose endpoint is "host-lost" */
  size_t answered;        /* results that came with an answer of the adapter */
  struct behaviours *beh; /* the adapter's named behaviours (may be empty) */
  size_t *beh_count;      /* failed results per behaviour (beh->n entries) */
  size_t unexplained;     /* failed results no behaviour explains */
  FILE *junit_tmp;        /* JUnit test cases spooled until the suite ends */
  /* JUnit: what the spooled test cases say (a baseline entry is skipped) */
  size_t ju_failures, ju_errors, ju_skipped;
  double started; /* when its suite began (JUnit time) */
};

struct output {
  enum format fmt;
  FILE *out;           /* standard output */
  FILE *results;       /* the JSON Lines file, or NULL */
  char *results_path;  /* its name (run: said at the end), owned */
  int results_err;     /* errno of the first failed write to it, or 0 */
  const char *command; /* "run" or "diff" */
  int diff_only;       /* text: print only discrepancies (always for diff) */
  int verbose;         /* run, text: every failure as it comes */
  struct kinds *kinds; /* run, text: one example per kind (output_summary.c) */
  size_t seq;          /* TAP test number */
  int first_result;    /* JSON: comma handling */
  FILE *junit_tmp;     /* spool of the last suite begun (diff: the only one) */
  int appending;       /* --resume in place: the run record is there already */
  json_t *run_record;  /* appending: that run record (borrowed) */
  /* run: the vector files, listed in the run record (borrowed) */
  const struct vectors *vectors;
  /* run: runopts_selection, written in the run record (borrowed) */
  json_t *selection;
  int suites; /* JUnit: testsuites written (their id) */
  struct buf line;
};

/* The adapters of the run are known (hello lines read) when this is called. */
void output_begin(struct output *o, struct stats *adapters, size_t n);
void output_adapter_begin(struct output *o, struct stats *s);
void output_result(struct output *o, const struct result *r);
void output_adapter_end(struct output *o, struct stats *s);
/* baseline_json: a summary object to include in JSON output (may be NULL). */
void output_end(struct output *o, struct stats *adapters, size_t n,
                json_t *baseline_json, int interrupted_run);
/* After each batch: the results file and standard output flushed.  A
 * failed write to either stops the run (interrupted); for the results file
 * it is said at once, naming the file (output_close then fails). */
void output_flush(struct output *o);
/* Close the results file: 0, or -1 when a write, flush or close of it
 * failed (said, with the file and strerror). */
int output_close(struct output *o);

/* Count one result (its verdict; ANSWERED when the adapter answered) into
 * its adapter's counts: the one accounting of run, diff, merge and check. */
void stats_count(struct stats *st, const struct verdict *v, int answered);
/* 1 when ST's adapter was asked but answered nothing that could be
 * compared (every result UNSUPPORTED: empty ops, a glue that declines
 * everything): nothing was tested, which is never a pass.  Says so, with
 * WHAT before the message ("run", "check", "--write-baseline"). */
int stats_tested_nothing(const struct stats *st, const char *what);
/* The results file's last line, {"record": "summary", ...}. */
void write_summary_record(FILE *f, const struct stats *adapters, size_t n,
                          int interrupted_run);

/* output_text.c, for output.c: S[0..N) as XML text (markup and control
 * octets escaped); S for people, quoted and escaped; a verdict's class,
 * mismatches and why (labels escaped); what was expected and what came. */
void out_xml_text(FILE *f, const char *s, size_t n);
void out_human(FILE *f, const char *s, size_t n);
void out_describe(FILE *f, const struct verdict *v);
void out_explain(FILE *f, const struct result *r);

/* output_summary.c, for output.c.  Without --verbose, the kinds of
 * failure shown per adapter and the behaviours named: the summary holds
 * on a screen. */
enum { KINDS_SHOWN = 8, TOP_BEHAVIOURS = 5 };
/* The lines a maintainer reads first (conformance, different endpoints,
 * new against the baseline); S's behaviours with their counts, most
 * frequent first, TOP at most (0: all). */
void adapter_summary_text(FILE *f, const struct stats *s);
void behaviours_text(FILE *f, const struct stats *s, size_t top);
/* A failure of R (its FAIL block BLOCK, its
 * input INPUT_LEN octets long) counted under its kind, the shortest
 * input kept; the kinds of ADAPTER, most frequent first, LIMIT at most (0:
 * all), each with its count; everything freed. */
void kinds_add(struct output *o, const struct result *r, const char *block,
               size_t input_len);
void kinds_print(struct output *o, const char *adapter, size_t limit);
void kinds_free(struct output *o);

/* Expected values of a test as a JSON object, into B. */
void write_expected(struct buf *b, const struct test *t);

#endif
