/* adapter.h: the adapters of a run, DESIGN.md "Adapters": hello,
 * pipelined requests, timeouts, restarts (the registry is registry.h, the
 * processes proc.h). */
#ifndef URITEST_ADAPTER_H
#define URITEST_ADAPTER_H

#include <jansson.h>
#include <sys/types.h>

#include "proc.h"
#include "registry.h"
#include "util.h"

struct adapter {
  struct adapter_def *def;
  char *name, *library, *spec; /* from the hello line */
  unsigned ops;                /* bit per enum op; all when hello lists none */
  int whatwg;                  /* spec "whatwg" */
  int entry; /* what its parser accepts (entry.h): the hello's, else the
                registry's */
  int fetch; /* its hello lists the op "fetch" */
  int roles; /* ROLE_* bits: the hello's "roles", else its adapter.json's */
  struct proc_child proc; /* the process, its pipes, its standard error */
  struct buf rbuf, wbuf;
  size_t wpos;
  double hello_timeout, timeout;
  size_t max_line;
  size_t max_req;    /* longest request line sent */
  int failed_starts; /* starts in a row that failed (hello) */
  int quiet_deaths;  /* started, then failed without one answer */
  size_t answers_since_start;
  int given_up;
  int spawned_ahead; /* running, its hello not read yet (adapter_spawn_ahead) */
  int last_class;    /* class of the last failure */
  /* why it failed, ending with the tail of its standard error */
  char last_why[256 + PROC_STDERR_TAIL + 16];
  long id_base;
  unsigned restarts;
  double sent_at[256]; /* when each request in flight was written */
  char *first_hello;   /* adapter, library, spec and ops of the first hello:
                        a restart must say the same (PROTOCOL.md section 2) */
  char **retired;      /* earlier name/library/spec, still referenced */
  size_t nretired;
};

void adapter_init(struct adapter *a, struct adapter_def *def,
                  double hello_timeout, double timeout);
/* Start the process and read its hello; up to three attempts.  Returns 0,
 * or -1 when given up (a->last_class and a->last_why say why). */
int adapter_start(struct adapter *a);
void adapter_stop(struct adapter *a);
void adapter_free(struct adapter *a);

/* Start A's process now and read its hello later (adapter_start): its
 * start-up overlaps what the caller does meanwhile.  A spawn that fails is
 * left to adapter_start, which tries again and says why. */
void adapter_spawn_ahead(struct adapter *a);

/* The set-up of run, diff and fuzz: adapters_init does adapter_init of
 * every DEFS[k] into AD[k] (N of them, with the timeouts) and spawns AD[0]
 * ahead (run loads the vectors meanwhile); adapters_hello then does
 * adapter_start of each in turn, AD[k+1] spawned ahead while AD[k]'s hello
 * is awaited; one that cannot start is said ("adapter NAME: cannot start:
 * WHY") and left given up.  adapters_hello returns how many started, or -1
 * when a signal came (interrupted); every AD[k] is initialized either way,
 * for adapter_free.  adapters_start is the two in a row. */
void adapters_init(struct adapter *ad, struct adapter_def *const *defs,
                   size_t n, double hello_timeout, double timeout);
long adapters_hello(struct adapter *ad, size_t n);
long adapters_start(struct adapter *ad, struct adapter_def *const *defs,
                    size_t n, double hello_timeout, double timeout);
/* 0 when the names of AD[0..N) (their hello lines') are distinct, else
 * EXIT_USAGE after "two adapters are named NAME": their results would mix. */
int adapters_distinct(const struct adapter *ad, size_t n);

/* Callbacks of one pipelined run of N requests. */
struct job {
  void *ctx;
  size_t n;
  /* append request I as one line ending in "\n", carrying "id": ID */
  void (*encode)(void *ctx, size_t i, long id, struct buf *out);
  /* the answer to request I, in request order, and its line */
  void (*answer)(void *ctx, size_t i, json_t *answer, const char *line,
                 size_t len);
  /* request I ended as CRASH, TIMEOUT or PROTOCOL_ERROR (enum cls) */
  void (*fail)(void *ctx, size_t i, int cls, const char *why);
  /* after each batch of answers; may be NULL */
  void (*flush)(void *ctx);
  /* requests in flight at most; 0: the default (URITEST_WINDOW, 256) */
  size_t window;
};

/* The request line {"id": ID, "op": "parse", "input": ...} of IN (input_hex
 * when it is not UTF-8 or holds NUL), with "base": null when NULL_BASE
 * (a WHATWG parse without a base), appended to B: the one encoding of a
 * parse request of diff, pairs and fuzz. */
void request_parse(struct buf *b, long id, const char *in, size_t len,
                   int null_base);
/* The request line {"id": ID, "op": "fetch", "input": ...} (DESIGN.md "The
 * fetch lab"), appended to B. */
void request_fetch(struct buf *b, long id, const char *in, size_t len);

/* Run the job through the adapter, restarting it as needed.  Every
 * request gets exactly one answer or fail callback.  Returns 0, or -1 when
 * interrupted by a signal or past adapter_deadline (the requests not
 * answered then get none). */
int adapter_run(struct adapter *a, struct job *job);

/* Set by SIGINT/SIGTERM. */
extern volatile int interrupted;
/* A time (now_mono) past which adapter_run asks nothing more and returns
 * -1 as when interrupted, the requests not answered by then given no
 * callback: the bound of `uritest fuzz --seconds`.  0: none. */
extern double adapter_deadline;
void install_signal_handlers(void);

#endif
