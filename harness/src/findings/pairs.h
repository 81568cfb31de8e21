/* pairs.h: validators and fetchers (DESIGN.md "Pairs: validators and
 * fetchers"): for every ordered (validator V, fetcher F), V != F, the
 * inputs both accept on which F's endpoint is not V's, by class, ranked by
 * the worst class, with the shortest example of each kind of it. */
#ifndef URITEST_PAIRS_H
#define URITEST_PAIRS_H

#include <jansson.h>

#include "vectors.h"

struct preading; /* one adapter's reading of one input */

struct pairs {
  size_t ninputs, nad;
  const char **in; /* the inputs (not owned) */
  unsigned *in_len;
  char **names;         /* the adapters' hello names (owned) */
  int *verdict_only;    /* only accepts or rejects: reads as the reference */
  int *roles;           /* ROLE_* bits (registry.h) */
  struct preading *r;   /* nad * ninputs */
  struct preading *obs; /* nad * ninputs: as fetchers, the lab's */
  unsigned char *how;   /* nad * ninputs: a fetcher's source (PR_*) */
  struct arena arena;   /* the readings' strings */
};

void pairs_init(struct pairs *p, size_t ninputs, size_t nad);
void pairs_free(struct pairs *p);
/* Input I is IN (LEN octets), kept by the caller for the pairs' life. */
void pairs_input(struct pairs *p, size_t i, const char *in, size_t len);
/* Adapter K is NAME, in ROLES (ROLE_* bits); VERDICT_ONLY: it only
 * accepts or rejects. */
void pairs_adapter(struct pairs *p, size_t k, const char *name,
                   int verdict_only, int roles);
/* Adapter K's answer to input I (NULL when it gave none). */
void pairs_take(struct pairs *p, size_t k, size_t i, json_t *answer);

/* Adapter K's answer as a line (parsed here when ANS is NULL). */
void pairs_take_line(struct pairs *p, size_t k, size_t i, json_t *ans,
                     const char *line, size_t len);

/* The source of a fetcher's reading of an input: its parse, the
 * connection the fetch lab observed, or its client's refusal. */
enum { PR_PARSED = 0, PR_OBSERVED, PR_REFUSED };

/* The largest fetch file read (octets). */
#define FETCH_FILE_MAX (64u << 20)
/* A fetch file (`uritest fetch --format json`: {"results": [{"adapter",
 * "input", "refused", "observed": {"scheme", "name", "address", "port",
 * "host_header", "sni"} or null}]}), of at most FETCH_FILE_MAX octets,
 * its shape checked; NULL after a message naming PATH and why. */
json_t *fetch_file_load(const char *path);
/* The observed endpoints of fetch file DOC into P: for each result of an
 * adapter of P on one of P's inputs, a connection (observed) or a refusal
 * (or an answer that connected nowhere) replaces that adapter's parsed
 * reading as a fetcher (DESIGN.md "Pairs: validators
 * and fetchers").  The number of readings replaced. */
size_t pairs_observe(struct pairs *p, json_t *doc);

/* A matrix over the parse vectors of V (RFC 3986 and 3987 files) for NAD
 * adapters: *INDEX maps a test's index to its input's (or (unsigned)-1). */
struct pairs *pairs_for_vectors(const struct vectors *v, size_t nad,
                                unsigned **index);

/* The options pairs and fetch share: --adapter, --adapter-cmd,
 * --vectors (several), --format text|json, --output and --fetch
 * (PAIRS_OK only),
 * --timeout S (O->timeout holds the default), --help, then FILE or
 * "-".  0, -1 after --help, or EXIT_USAGE (USAGE or a message naming
 * CMD said). */
struct input_opts {
  char **names, **cmds, **vpaths;
  int nnames, ncmds, nv, json;
  const char *output, *file, *fetch;
  double timeout;
};
int input_opts_parse(int argc, char **argv, struct input_opts *o,
                     const char *cmd, const char *usage, int pairs_ok);

/* The inputs of pairs and fetch: FILE's lines ("-": standard input), or
 * the inputs of the parse vectors of VPATHS[0..NV) (default vectors/v1),
 * RFC 3986 and 3987 files; strings in A or in VEC.  0, or EXIT_USAGE
 * (said). */
int inputs_load(const char *file, char **vpaths, int nv, struct vectors *vec,
                struct arena *a, char ***lines, size_t **lens, size_t *n);

/* The matrix: {"inputs", "adapters", "pairs": [{"validator", "fetcher",
 * "both_accept", "host", "port", "scheme", "userinfo", "host_lost",
 * "invalid_accepted", "observed", "refused", "worst", "examples":
 * [{"input", "class", "validator_reading", "fetcher_reading",
 * "fetcher_source"}]}]}; *DIFFER is set when some pair counts a class
 * other than host_lost. */
json_t *pairs_json(const struct pairs *p, int *differ);
/* The pair matrix's file for results file RESULTS: its name without
 * ".jsonl", then ".pairs.json" (results.jsonl: results.pairs.json); new. */
char *pairs_path_for(const char *results);
/* The fetch file the report looks for beside RESULTS: NAME.fetch.json. */
char *fetch_path_for(const char *results);

/* Human text of a matrix from pairs_json, onto F. */
void pairs_text(FILE *f, json_t *matrix);

#endif
