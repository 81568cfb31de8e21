/*
 * codec_json.h: reading the protocol's values (codec.h, adapters/PROTOCOL.md
 * section 5) out of jansson values: an answer's value ("..." or
 * {"hex": "..."}) and a request's member (NAME or NAME_hex).  Used by the
 * C adapters' protocol loop, the harness and the report.
 */
#ifndef URITEST_CODEC_JSON_H
#define URITEST_CODEC_JSON_H

#include <jansson.h>
#include <stddef.h>

#include "codec.h"

/* Octets read from a value: S[0..LEN), pointing into the JSON value or
 * into OWN (malloc'ed; codec_octets_free). */
struct codec_octets {
  const char *s;
  size_t len;
  char *own;
};

enum codec_status {
  CODEC_NOMEM = -2, /* out of memory */
  CODEC_BAD = -1,   /* present, of the wrong type or not hex */
  CODEC_ABSENT = 0, /* not there (J NULL, or neither NAME nor NAME_hex) */
  CODEC_NULL = 1,   /* JSON null (values only) */
  CODEC_OCTETS = 2  /* octets in *V */
};

/* An answer's value J: a string, {"hex": EVEN-LENGTH HEX} (that member
 * only), or null.  *V is set for CODEC_OCTETS and zeroed otherwise. */
enum codec_status codec_json_value(const json_t *j, struct codec_octets *v);

/* Member NAME of the request OBJ as a string, or NAME_hex as hex digits
 * (PROTOCOL.md section 3).  CODEC_OCTETS, CODEC_ABSENT, or CODEC_BAD /
 * CODEC_NOMEM with *WHY saying what is wrong. */
enum codec_status codec_json_field(const json_t *obj, const char *name,
                                   struct codec_octets *v, const char **why);

void codec_octets_free(struct codec_octets *v);

/* S[0..n) as an answer's value: a new JSON string when S is UTF-8, else a
 * new {"hex": "..."} object; NULL when memory ran out. */
json_t *codec_json_from(const char *s, size_t n);

/* Member NAME of OBJ set to S[0..n): a string, or NAME_hex when
 * codec_field_is_hex (a request's form, PROTOCOL.md section 3).  0, or -1
 * when memory ran out. */
int codec_json_set_field(json_t *obj, const char *name, const char *s,
                         size_t n);

#endif /* URITEST_CODEC_JSON_H */
