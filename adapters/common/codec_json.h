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
#include "value.h"

/* The readers below return the value's state (VALUE_ABSENT: not there,
 * J NULL or neither NAME nor NAME_hex; VALUE_NULL: JSON null, values
 * only; VALUE_OCTETS), or one of these, with *V absent. */
enum {
  CODEC_NOMEM = -2, /* out of memory */
  CODEC_BAD = -1    /* present, of the wrong type or not hex */
};

/* An answer's value J: a string, {"hex": EVEN-LENGTH HEX} (that member
 * only), or null, into *V.  The octets point into J, or into *OWN
 * (malloc'ed, for hex; NULL otherwise): the caller frees *OWN. */
int codec_json_value(const json_t *j, struct value *v, char **own);

/* Member NAME of the request OBJ as a string, or NAME_hex as hex digits
 * (PROTOCOL.md section 3), into *V and *OWN as codec_json_value's.
 * VALUE_OCTETS, VALUE_ABSENT, or CODEC_BAD / CODEC_NOMEM with *WHY saying
 * what is wrong. */
int codec_json_field(const json_t *obj, const char *name, struct value *v,
                     char **own, const char **why);

/* S[0..n) as an answer's value: a new JSON string when S is UTF-8, else a
 * new {"hex": "..."} object; NULL when memory ran out. */
json_t *codec_json_from(const char *s, size_t n);

/* V as an answer's value: its octets as codec_json_from writes them, JSON
 * null when it has none (absent or null); NULL when memory ran out. */
json_t *codec_json_of(const struct value *v);

/* Member NAME of OBJ set to S[0..n): a string, or NAME_hex when
 * codec_field_is_hex (a request's form, PROTOCOL.md section 3).  0, or -1
 * when memory ran out. */
int codec_json_set_field(json_t *obj, const char *name, const char *s,
                         size_t n);

#endif /* URITEST_CODEC_JSON_H */
