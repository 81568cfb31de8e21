/* util.h: small pieces shared by the uritest sources: growable buffers,
 * an arena, JSON string writing, UTF-8 and hex, clocks, messages. */
#ifndef URITEST_UTIL_H
#define URITEST_UTIL_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "codec.h"

/* The tool's version: the first line of VERSION, given by the Makefile. */
#ifndef URITEST_VERSION
#error "URITEST_VERSION comes from the Makefile (the VERSION file)"
#endif

/* Exit codes everywhere: 0 success, 1 a negative answer, 2 usage or input. */
enum { EXIT_OK = 0, EXIT_NEGATIVE = 1, EXIT_USAGE = 2 };

extern const char *progname;

void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);

/* Print "uritest: MESSAGE" on stderr. */
void warnx_(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* A growable byte buffer. */
struct buf {
  char *p;
  size_t len, cap;
};
void buf_reserve(struct buf *b, size_t extra);
void buf_put(struct buf *b, const void *s, size_t n);
void buf_puts(struct buf *b, const char *s);
void buf_putc(struct buf *b, char c);
void buf_putl(struct buf *b, long v);
void buf_printf(struct buf *b, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* The protocol's codec (adapters/common/codec.h) writing into B. */
struct codec_out buf_codec(struct buf *b);
/* s[0..n) as a JSON string, quotes included, for text (ids, paths,
 * messages): codec_string.  An octet that is not UTF-8 is written U+FFFD:
 * octets travel as KEY_hex (buf_json_input) or {"hex": ...}, never as
 * Latin-1. */
void buf_json_str(struct buf *b, const char *s, size_t n);
/* "KEY": "..." or "KEY_hex": "..." (codec_field: when s is not valid UTF-8
 * or holds NUL). */
void buf_json_input(struct buf *b, const char *key, const char *s, size_t n);
void buf_free(struct buf *b);

/* An arena: many small allocations freed at once. */
struct arena {
  struct arena_block *head;
};
void *arena_alloc(struct arena *a, size_t n);
char *arena_strndup(struct arena *a, const char *s, size_t n);
/* Room for a string of N octets and its NUL, unaligned. */
char *arena_str(struct arena *a, size_t n);
void arena_free(struct arena *a);

double now_mono(void);
/* ISO 8601 UTC date of this run (SOURCE_DATE_EPOCH when set). */
const char *run_date(void);

/* The repository root: $URITEST_ROOT, else PREFIX/share/uritest for an
 * installed PREFIX/bin/uritest (make install puts the vectors there), else
 * two folders above the uritest executable (build/bin/uritest -> .), else
 * ".". */
const char *repo_root(void);
void set_argv0(const char *argv0);
/* root "/" rel, in a static-lifetime string. */
char *root_path(const char *rel);
/* Where a default output REL goes: under the root in a checkout, under
 * the current folder for an installed uritest (its tree is not the
 * user's to write in). */
char *out_path(const char *rel);
/* vectors/VERSION under the root: "unknown" when absent, "invalid" when
 * not a token of [0-9A-Za-z.+_-] (outputs write it as it is). */
const char *vectors_version(void);

/* A map from NUL-terminated strings to indexes (open addressing over
 * FNV-1a).  The keys are borrowed: they must outlive the map. */
struct strmap {
  const char **keys;
  size_t *values;
  size_t cap, n;
};
/* FNV-1a, 64-bit, of s[0..n) continuing from H (FNV_OFFSET_BASIS to start):
 * the one hash of the tree's tables (strmap, the report's string table and
 * patterns), of --shard and of the ids `import wpt` mints. */
#define FNV_OFFSET_BASIS 14695981039346656037u
uint64_t fnv1a(uint64_t h, const void *s, size_t n);
/* fnv1a of the NUL-terminated S from FNV_OFFSET_BASIS. */
size_t hash_str(const char *s);
/* The value of KEY, or NULL when it is not in the map. */
size_t *strmap_get(const struct strmap *m, const char *key);
/* Add KEY with VALUE and return NULL; when KEY is there already, change
 * nothing and return its value. */
size_t *strmap_add(struct strmap *m, const char *key, size_t value);
void strmap_free(struct strmap *m);

/* Compare two semantic versions X.Y.Z numerically (strcmp order for what
 * is not digits and dots). */
int version_cmp(const char *a, const char *b);

/* Parse a duration in seconds ("2", "0.3"); -1 when invalid. */
double parse_seconds(const char *s);

#endif
