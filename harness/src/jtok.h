/* jtok.h: a small, strict JSON tokenizer for the hot paths (one test
 * object of a vector file, one adapter answer).  It never allocates per
 * value: it fills a reusable array of tokens pointing into the text.  It
 * accepts a subset of what jansson accepts (anything unusual -- duplicate
 * keys, keys with escapes, deep nesting, long numbers -- is refused), so a
 * caller can fall back to jansson for an exact error message or the rare
 * odd input, and get the same result either way. */
#ifndef URITEST_JTOK_H
#define URITEST_JTOK_H

#include <jansson.h>
#include <stddef.h>

#include "util.h"

enum { JT_OBJ, JT_ARR, JT_STR, JT_NUM, JT_TRUE, JT_FALSE, JT_NULL };

struct jtok {
  unsigned char type;
  unsigned char esc;   /* string: holds a backslash escape */
  unsigned start, end; /* string: inside the quotes; others: the whole value */
  unsigned size;       /* object: members; array: elements */
  unsigned next; /* index of the token after this value (and its children) */
};

struct jtoks {
  struct jtok *t;
  size_t n, cap;
};

/* Tokenize P[0..N) as exactly one JSON value.  Object members are a key
 * token (string) followed by the value's tokens.  Returns 0, or -1 when the
 * text is not JSON or is outside the subset (see above). */
int jtok_parse(struct jtoks *ts, const char *p, size_t n);
/* Index of member KEY's value in object OBJ, or -1. */
int jtok_get(const struct jtoks *ts, const char *p, int obj, const char *key);
/* Decoded string I into OUT (room for its raw length + 1; NUL-terminated);
 * returns the decoded length. */
size_t jtok_str(const struct jtoks *ts, const char *p, int i, char *out);
/* Whether string token I equals S (raw compare; no escapes in I). */
int jtok_eq(const struct jtoks *ts, const char *p, int i, const char *s);
void jtok_free(struct jtoks *ts);

/* P[0..N) as a jansson object, built from tokens (no jansson lexer):
 * NULL when it is not an object or not in the subset; then json_loadb
 * says what is wrong.  SCRATCH holds decoded strings for a moment. */
json_t *jtok_load(struct jtoks *ts, const char *p, size_t n,
                  struct buf *scratch);
/* The value of a successful jtok_parse as a jansson value. */
json_t *jtok_build(const struct jtoks *ts, const char *p, struct buf *scratch);

#endif
