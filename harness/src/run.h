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
/* Open the results file: --output, else DEFLT under the root (NULL: none);
 * with --resume, the earlier run's file.  0, or an exit code. */
int session_open_results(struct session *s, const char *deflt);
/* Free all the session holds and stop its adapters. */
void session_free(struct session *s);

#endif
