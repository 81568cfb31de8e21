/* run.h: what `uritest run` (run.c) and `uritest diff` (diff.c) share:
 * their options (run_opts.c) and a session of adapters with its accounting,
 * progress and results file (session.c). */
#ifndef URITEST_RUN_H
#define URITEST_RUN_H

#include <pthread.h>
#include <stddef.h>

#include "adapter.h"
#include "baseline.h"
#include "output.h"
#include "vectors.h"

struct runopts {
  char **vectors, **adapters, **cmds, **baselines;
  int nvectors, nadapters, ncmds, nbaselines;
  enum format fmt;
  char *output;
  char *write_baseline;
  char *pairs;  /* --pairs FILE, or NULL: beside a regular results file */
  char *resume; /* --resume FILE */
  double timeout, hello_timeout;
  struct filters f;
  int progress; /* -1 auto */
  int jobs;     /* adapters run at once */
  int force;    /* --force: --write-baseline whatever the adapters did */
  int verbose;  /* --verbose: text lists every failure */
  unsigned shard, nshards; /* --shard I/N: 1..N of N; 0/0 all */
  size_t max_vector_bytes; /* 0: the default (vectors.h) */
};

extern const char run_usage[], diff_usage[];
/* Parse run's options (IS_DIFF: diff's, which refuses run's own).
 * Returns 0; -1 after --help; or an exit code after a message. */
int runopts_parse(int argc, char **argv, struct runopts *o, int is_diff);
void runopts_free(struct runopts *o);
/* The filter options, each as its name ("file", ..., "exclude-tag") and
 * values. */
struct optlist {
  const char *name;
  char **vals;
  int n;
};
#define RUNOPTS_NFILTERS 10
void runopts_filters(const struct runopts *o,
                     struct optlist lists[RUNOPTS_NFILTERS]);
/* What of the vectors the options select, as the run record says it:
 * {"shard": "I/N", "filters": {"id": [...], "exclude-tag": [...], ...}},
 * each member only when given; NULL for every vector (a whole run). */
json_t *runopts_selection(const struct runopts *o);

/* ---- a session: the adapters of one run or diff ---------------------- */

struct session {
  struct runopts *o;
  struct registry reg;
  struct adapter *ad;
  struct stats *st;
  struct bcheck *bc;
  struct brecord *rec;
  size_t n;
  struct adapter_def **cmd_defs; /* --adapter-cmd entries, owned */
  size_t ncmd_defs;
  struct output out;
  struct resume *rs; /* --resume, or NULL */
  /* the pair matrix of the run's parse vectors (--pairs, or pairs.json
   * beside a regular results file), or NULL */
  struct pairs *pairs;
  unsigned *pairs_index; /* test index -> input of the matrix */
  const struct test *tests;
  char *pairs_path;
  /* the results file claimed (session_claim_results): its descriptor and
   * --resume's, until a stream owns them (-1), and whether the resumed
   * file is continued in place */
  int claimed, out_fd, rs_fd, in_place;
  json_t *selection; /* runopts_selection: NULL for a whole run */
  /* --jobs: adapters in threads, results through one lock */
  int jobs;
  pthread_mutex_t lock;
  /* progress */
  int show_progress, progress_shown;
  double started, last_progress;
  size_t done, total;
};

/* Load the registry, select the adapters asked for (IS_DIFF: the
 * reference left out by default) and spawn the first one ahead of its
 * hello (adapters_init): run does it before it loads the vectors, so the
 * adapter's start-up overlaps that.  0, or an exit code after a message. */
int session_select_adapters(struct session *s, int is_diff);
/* Start the adapters (session_select_adapters first when not done): read
 * each one's hello, load its behaviours.  0, or an exit code after a
 * message. */
int session_start_adapters(struct session *s, int is_diff);
/* The progress line on standard error for adapter NAME; FINAL takes it
 * away. */
void session_progress(struct session *s, const char *name, int final);
/* The session's lock, held only when --jobs runs adapters in threads. */
void session_lock(struct session *s);
void session_unlock(struct session *s);
/* Account one result of adapter K (counts, behaviours, baselines, pairs)
 * and write it out. */
void session_record(struct session *s, size_t k, struct result *r);
/* Claim the results file before anything can fail, so that a run that
 * fails leaves no earlier results behind as its own: --output, else DEFLT
 * under the root (NULL: none), opened, locked (claim_file) and emptied;
 * with --resume, the earlier run's file locked too.  0, or EXIT_USAGE
 * after a message ("in use by another uritest" among them). */
int session_claim_results(struct session *s, const char *deflt);
/* Open the results file claimed (claiming it first when not done): with
 * --resume in place, the earlier run's file cut after its last complete
 * result.  0, or an exit code. */
int session_open_results(struct session *s, const char *deflt);
/* Free all the session holds and stop its adapters. */
void session_free(struct session *s);

#endif
