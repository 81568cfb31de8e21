/* registry.h: the adapters known (adapters/<name>/adapter.json, the
 * built-in reference, --adapter-cmd) and whether each is available
 * (registry.c). */
#ifndef URITEST_REGISTRY_H
#define URITEST_REGISTRY_H

#include <stddef.h>

#include <jansson.h>

/* The roles of an adapter (DESIGN.md "Pairs: validators and fetchers"). */
enum { ROLE_VALIDATOR = 1, ROLE_FETCHER = 2 };
/* The ROLE_* bits of a "roles" array (adapter.json, hello line); DEFLT
 * when ROLES is not an array of known role names. */
int roles_from_json(json_t *roles, int deflt);

/* One entry of adapters/<name>/adapter.json, or an --adapter-cmd. */
struct adapter_def {
  char *name;  /* NULL for --adapter-cmd until its hello names it */
  char *spec;  /* from the registry (the hello's wins once known) */
  char **argv; /* NULL-terminated command, or NULL */
  char *shcmd; /* --adapter-cmd: run with /bin/sh -c */
  char *check, *install;
  int in_process;
  int validator; /* "role": "validator": accepts or rejects, no components */
  int entry;     /* "entry": what its parser accepts (entry.h), 0 default */
  int fetch;     /* "fetch": true: it answers the op fetch (uritest fetch) */
  int roles;     /* ROLE_* bits: "roles", default both (validator alone for
                    "role" "validator" or "oracle") */
  char *cmd0;    /* command[0] as the registry spells it */
  int checked;   /* availability known (adapter_def_check) */
  int available;
  char *why; /* why not available */
  /* published versions other than the pinned one (adapter.json "versions";
   * DESIGN.md "Versions of an adapter"): run as NAME@VERSION */
  char *pinned;     /* the version the adapter's own folder installs */
  char *npm;        /* the npm package of the library, or NULL */
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

#endif
