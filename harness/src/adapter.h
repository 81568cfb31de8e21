/* adapter.h: the adapters registry and the process management of
 * DESIGN.md "Adapters": hello, pipelined requests, timeouts, restarts. */
#ifndef URITEST_ADAPTER_H
#define URITEST_ADAPTER_H

#include <jansson.h>
#include <sys/types.h>

#include "proc.h"
#include "util.h"

/* One entry of adapters/<name>/adapter.json, or an --adapter-cmd. */
struct adapter_def {
  char *name;  /* NULL for --adapter-cmd until its hello names it */
  char *spec;  /* from the registry (the hello's wins once known) */
  char **argv; /* NULL-terminated command, or NULL */
  char *shcmd; /* --adapter-cmd: run with /bin/sh -c */
  char *check, *install;
  int in_process;
  int validator; /* "role": "validator": accepts or rejects, no components */
  char *cmd0;    /* command[0] as the registry spells it */
  int checked;   /* availability known (adapter_def_check) */
  int available;
  char *why; /* why not available */
  /* published versions other than the pinned one (adapter.json "versions";
   * DESIGN.md "Versions of an adapter"): run as NAME@VERSION */
  char *pinned;     /* the version the adapter's own folder installs */
  char **versions;  /* NULL-terminated, oldest first, the pinned one included */
  char *version_of; /* for NAME@VERSION: NAME */
  char *home;       /* the folder of its adapter.json */
  double hello_timeout; /* adapter.json "hello_timeout" (s), 0 if none */
  double timeout;       /* adapter.json "timeout" (s) per request, 0 if none */
};

struct registry {
  struct adapter_def *defs;
  size_t n;
  struct adapter_def **versioned; /* NAME@VERSION definitions made on demand */
  size_t nversioned;
};

/* Read every adapters/ * /adapter.json under the root, then add the
 * built-in reference when the registry has none.  Availability is checked
 * later, for the adapters asked for (adapter_def_check). */
int registry_load(struct registry *r);
/* The definition named NAME, or, for NAME@VERSION, the definition of that
 * published version of NAME (NAME itself when VERSION is the pinned one);
 * NULL when there is none. */
struct adapter_def *registry_find(struct registry *r, const char *name);
void registry_free(struct registry *r);
/* Free what a definition holds (and the definition of an --adapter-cmd). */
void adapter_def_free(struct adapter_def *d);
struct adapter_def *adapter_def_cmd(const char *cmd);
/*
 * The adapters a command asked for: NAMES from the registry (each checked:
 * unknown or unavailable is an error), then one per --adapter-cmd in CMDS
 * (new definitions, also appended to *CMD_DEFS for the caller to free);
 * with neither, every available adapter (the reference left out when
 * SKIP_REFERENCE).  *DEFS (to free) and *N; 0, or EXIT_USAGE after a
 * message.
 */
int registry_select(struct registry *r, char **names, int nnames, char **cmds,
                    int ncmds, int skip_reference, struct adapter_def ***defs,
                    size_t *n, struct adapter_def ***cmd_defs,
                    size_t *ncmd_defs);
/* Find out whether the adapter is available (command present, check
 * passes); sets available and why.  Cheap after the first call. */
void adapter_def_check(struct adapter_def *d);

struct adapter {
  struct adapter_def *def;
  char *name, *library, *spec; /* from the hello line */
  unsigned ops;                /* bit per enum op; all when hello lists none */
  int whatwg;                  /* spec "whatwg" */
  struct proc_child proc;      /* the process, its pipes, its standard error */
  struct buf rbuf, wbuf;
  size_t wpos;
  double hello_timeout, timeout;
  size_t max_line;
  size_t max_req;    /* longest request line sent */
  int failed_starts; /* starts in a row that failed (hello) */
  int quiet_deaths;  /* started, then failed without one answer */
  size_t answers_since_start;
  int given_up;
  int last_class; /* class of the last failure */
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
};

/* The request line {"id": ID, "op": "parse", "input": ...} of IN (input_hex
 * when it is not UTF-8 or holds NUL), with "base": null when NULL_BASE
 * (a WHATWG parse without a base), appended to B: the one encoding of a
 * parse request of diff, pairs and fuzz. */
void request_parse(struct buf *b, long id, const char *in, size_t len,
                   int null_base);

/* Run the job through the adapter, restarting it as needed.  Every
 * request gets exactly one answer or fail callback.  Returns 0, or -1 when
 * interrupted by a signal. */
int adapter_run(struct adapter *a, struct job *job);

/* Set by SIGINT/SIGTERM. */
extern volatile int interrupted;
void install_signal_handlers(void);

#endif
