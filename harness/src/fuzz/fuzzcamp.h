/* fuzzcamp.h: the state of one `uritest fuzz` campaign, shared by fuzz.c
 * (options, workers, batches) and fuzzout.c (seeds, corpus files, the
 * summary, candidate vectors). */
#ifndef URITEST_FUZZCAMP_H
#define URITEST_FUZZCAMP_H

#include <pthread.h>

#include "adapter.h"
#include "behaviours.h"
#include "fuzz.h"

/* --corpus-max's default: a week-long campaign keeps millions of inputs
 * (858,000 files in ten minutes through Chromium); past the cap the
 * first N files of DIR (by name) are read and new inputs not written */
#define FZ_CORPUS_MAX_DEFAULT 100000

struct fopts {
  char **adapters, **cmds, **vectors;
  int nadapters, ncmds, nvectors;
  double seconds; /* 0: none */
  long long runs; /* 0: none */
  uint64_t seed;
  char *corpus, *out;
  long long corpus_max; /* --corpus-max: files of DIR read and kept; 0: any */
  int jobs, json, whatwg;
  double timeout, hello_timeout;
  double progress; /* 0: no progress lines */
};

/* One adapter of the campaign, as all workers together saw it. */
struct fz_ad {
  struct adapter_def *def;
  char *name, *library; /* the first hello's */
  struct behaviours beh;
  struct sigset sigs;               /* its signatures */
  unsigned char covered[FZ_NPAIRS]; /* pairs its kept inputs reached */
  size_t ncovered, execs, findings, unexplained;
  int given_up;
};

/* A discrepancy kept: the first of its kind (adapter, class, components,
 * behaviour; unexplained ones also by the shape of their trace). */
struct finding {
  size_t ad, other; /* other: --whatwg, the adapter disagreed with */
  char *in;
  size_t len, found_len; /* found_len: before minimization */
  int cls;
  unsigned mis;          /* mismatched components or getters, a bit each */
  const char *behaviour; /* a behaviour id, or "unexplained" */
  char *reading, *other_reading; /* answer lines (JSON), or NULL */
};

struct campaign {
  struct fopts *o;
  struct fz_ad *ad;
  size_t nad;
  pthread_mutex_t lock;
  struct rng rng;
  /* the seeds (vectors, --corpus files), then the kept inputs */
  char **seed;
  size_t *seed_len, nseeds, next_seed;
  char **kept;
  size_t *kept_len, nkept, capkept;
  size_t corpus_files; /* files in --corpus DIR: read, then written */
  int corpus_full;     /* --corpus-max reached (said once) */
  struct arena arena;
  struct fz_dict dict;              /* fuzz/uri.dict (in the arena) */
  struct sigset seen_inputs;        /* seeds and kept inputs, by content */
  unsigned char covered[FZ_NPAIRS]; /* every adapter's, for the generator */
  long long claimed;                /* inputs handed out */
  double started, ended, last_progress;
  struct sigset fkeys, prekeys; /* findings, and unexplained ones asked */
  /* per kind of unexplained finding (adapter, class, components, other):
   * the minimizations in a row that found nothing new; past
   * FZ_FRUITLESS, that kind is no longer minimized */
  uint64_t *kinds;
  unsigned *fruitless;
  size_t nkinds;
  struct finding *f;
  size_t nf, capf;
  int io_error;      /* a corpus file could not be written */
  int findings_full; /* FZ_MAX_FINDINGS reached */
};

/* The most findings a campaign keeps (each at most FZ_MAX_INPUT octets and
 * two readings of FZ_MAX_READING), so its memory and --out stay bounded:
 * a campaign against an adapter that answers at random finds one per
 * input. */
#define FZ_MAX_FINDINGS 2000
/* The longest answer line kept as a reading; a longer one is left out
 * (its class stands for it). */
#define FZ_MAX_READING (16 * 1024)

#define FZ_FRUITLESS 16

/* What one adapter did with one input of a batch. */
struct outcome {
  signed char cls; /* enum cls, or -1: not asked (adapter given up) */
  unsigned mis;
  const char *behaviour; /* failed: the behaviour id or "unexplained" */
  char *line;            /* failed: the answer line, or NULL */
  json_t *ans;           /* --whatwg: the answer */
};

struct worker {
  struct campaign *c;
  struct adapter *ad; /* one process per adapter of the campaign */
  size_t batch;       /* inputs per batch (fewer for a slow adapter) */
  struct buf store;
  size_t *at, *len, n, cap;
  char **in;
  uint64_t *th, *shape; /* each input's trace hash and shape */
  struct outcome *oc;   /* n * nad */
};

/* fuzzrun.c: a worker's batches until the campaign is over (its adapters
 * stopped at the end), and what it holds freed. */
void *fz_worker_main(void *arg);
void fz_worker_free(struct worker *w, size_t nad);

/* fuzzout.c */
/* 64-bit FNV-1a of octets. */
uint64_t fz_hash(const char *s, size_t n);
/* The seeds: every input, base and other of the vectors (default
 * vectors/v1) and every file of --corpus DIR.  0, or EXIT_USAGE. */
int fz_load_seeds(struct campaign *c);
/* The tokens of fuzz/uri.dict into c->dict (none when it is not there: an
 * installed uritest fuzzes without).  0, or EXIT_USAGE on a malformed line. */
int fz_load_dict(struct campaign *c);
/* Append IN to the kept inputs (and to --corpus DIR). */
void fz_keep(struct campaign *c, const char *in, size_t len);
/* The summary on standard output, text or JSON. */
void fz_summary(struct campaign *c, FILE *f);
/* --progress: one line {"seconds": S, "adapters": {...}} on F, the
 * summary's adapters so far.  Under the lock. */
void fz_progress(struct campaign *c, FILE *f);
/* The unexplained findings as candidate vectors in --out DIR: 0 or -1. */
int fz_write_out(struct campaign *c);
/* --out's candidate files that are there already, read as fz_write_out
 * will read them: 0, or -1 after a message (a file that is not a vector
 * file, a folder, a FIFO), so a campaign never runs to find it so. */
int fz_check_out(struct campaign *c);

#endif
