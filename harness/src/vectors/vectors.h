/* vectors.h: the vector files of DESIGN.md, loaded, checked and compiled
 * into compact tests. */
#ifndef URITEST_VECTORS_H
#define URITEST_VECTORS_H

#include <stddef.h>

#include <sys/stat.h>

#include "rfc3986.h"
#include "util.h"
#include "value.h"

enum op {
  OP_PARSE,
  OP_MATCH,
  OP_RESOLVE,
  OP_NORMALIZE,
  OP_EQUIVALENT,
  OP_IRI_TO_URI,
  OP_RECOMPOSE, /* derived from parse vectors (roundtrip.c), not in files */
  OP__COUNT
};
enum expect { EXPECT_ACCEPT, EXPECT_REJECT, EXPECT_IMPL };
enum spec { SPEC_RFC3986, SPEC_RFC3987, SPEC_WHATWG };

/* The nine components are librfc3986's (RFC3986_COMPONENTS, rfc3986.h). */
/* The WHATWG URL getters compared in whatwg files. */
enum getter {
  G_HREF,
  G_PROTOCOL,
  G_USERNAME,
  G_PASSWORD,
  G_HOST,
  G_HOSTNAME,
  G_PORT,
  G_PATHNAME,
  G_SEARCH,
  G_HASH,
  G_ORIGIN,
  G__COUNT
};

extern const char *const op_names[OP__COUNT];
extern const char *const expect_names[3];
extern const char *const spec_names[3];
extern const char *const getter_names[G__COUNT];

int op_from_name(const char *s);

struct vfile {
  char *path;
  char *version;
  int spec;
};

struct test {
  const char *id;
  const struct vfile *file;
  const char *group; /* the group's description, "" when none */
  unsigned char op, expect, spec;
  signed char strict;     /* resolve: 1 unless "strict": false */
  signed char equivalent; /* -1 absent */
  const char *input;
  unsigned input_len;
  struct value base, other;
  const char *rule, *level; /* NULL when absent */
  struct value
      *comps; /* RFC3986_COMPONENT_COUNT entries, or NULL when none given */
  struct value *getters; /* G__COUNT entries, or NULL */
  struct value target, normalized, output;
  long error_offset; /* -1 when absent */
  /* advisory vectors (DESIGN.md): the ID of the first "cve:ID" tag, and
   * x-vulnerable-readings, the component subsets a vulnerable library
   * read (RFC3986_COMPONENT_COUNT entries each, NULL-terminated); NULL
   * when absent */
  const char *advisory;
  struct value **vuln;
  /* "x-vulnerable": "accepts": any acceptance is the vulnerable reading */
  signed char vuln_accepts;
};

struct filters {
  char **files, **groups, **ids, **tags, **sections, **ops;
  int nfiles, ngroups, nids, ntags, nsections, nops;
  /* --exclude-file, --exclude-group, --exclude-id, --exclude-tag: what
   * matches any is left out, whatever the filters above select */
  char **xfiles, **xgroups, **xids, **xtags;
  int nxfiles, nxgroups, nxids, nxtags;
  /* called for each test kept (uritest list counts with it), or NULL:
   * G the group, GI its index, T the test, as read */
  void (*kept)(void *ctx, const char *path, void *g, int gi, void *t, int op);
  void *kept_ctx;
};
/* Append VALUE to one filter list (or any list of option values). */
void filter_add(char ***list, int *n, const char *value);
/* Free a list filter_add made. */
void filter_free(char **list, int n);

struct vectors {
  struct arena arena;
  struct vfile **files;
  size_t nfiles;
  struct test *tests;
  size_t ntests, cap;
  size_t total_loaded; /* before filtering */
  size_t max_bytes;    /* a file's size limit; 0: VECTORS_MAX_BYTES */
};

/*
 * Load every path (a file, or a folder searched recursively for *.json),
 * check each file and keep the tests that pass the filters.  On a
 * malformed file prints "file:line:column: message", on a bad test
 * "file: test ID: field F: message", and returns -1 (also, silently, when
 * interrupted by SIGINT or SIGTERM: the caller exits 128 + the signal).
 */
int vectors_load(struct vectors *v, char **paths, int npaths,
                 const struct filters *f);
void vectors_free(struct vectors *v);

/* vectors_filter.c, for vectors.c: 1 when F (NULL: none) keeps test T
 * (id ID, op OP) of group G (groups[GI]) of the file at PATH, after
 * F->kept is told; else 0. */
struct json_t;
int vectors_keep(const struct filters *f, const char *path, struct json_t *g,
                 int gi, struct json_t *t, const char *id, int op);

/* vectors_fs.c, for vectors.c: PATH's whole text, NUL-terminated, at most
 * MAX octets (-1 with a message; -1 silently when interrupted); a list
 * grown by doubling; *.json below DIR, sorted, regular files only, each
 * real folder once (W: those walked). */
struct walked {
  struct stat *dirs;
  size_t n;
};
int vectors_read_text(const char *path, size_t max, struct buf *text);
void vectors_push(char ***list, size_t *n, char *p);
int vectors_walk(const char *dir, char ***list, size_t *n, struct walked *w);

#endif
