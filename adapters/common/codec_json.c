/*
 * codec_json.c: the protocol's values out of jansson values (codec_json.h).
 */
#include "codec_json.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The hex digits of the string H into *V, the octets in *OWN. */
static int from_hex(const json_t *h, struct value *v, char **own) {
  size_t n = json_string_length(h);
  if (n % 2)
    return CODEC_BAD;
  *own = malloc(n / 2 + 1);
  if (!*own)
    return CODEC_NOMEM;
  long k = codec_hex_decode(json_string_value(h), n, *own);
  if (k < 0) {
    free(*own);
    *own = NULL;
    return CODEC_BAD;
  }
  (*own)[k] = 0;
  *v = (struct value){*own, (size_t)k, VALUE_OCTETS};
  return VALUE_OCTETS;
}

/* The string J's octets into *V. */
static int from_string(const json_t *j, struct value *v) {
  *v =
      (struct value){json_string_value(j), json_string_length(j), VALUE_OCTETS};
  return VALUE_OCTETS;
}

int codec_json_value(const json_t *j, struct value *v, char **own) {
  *v = (struct value){NULL, 0, VALUE_ABSENT};
  *own = NULL;
  if (!j)
    return VALUE_ABSENT;
  if (json_is_null(j)) {
    v->state = VALUE_NULL;
    return VALUE_NULL;
  }
  if (json_is_string(j))
    return from_string(j, v);
  const json_t *h = json_is_object(j) && json_object_size(j) == 1
                        ? json_object_get(j, "hex")
                        : NULL;
  return json_is_string(h) ? from_hex(h, v, own) : CODEC_BAD;
}

int codec_json_field(const json_t *obj, const char *name, struct value *v,
                     char **own, const char **why) {
  char hexname[64];
  *v = (struct value){NULL, 0, VALUE_ABSENT};
  *own = NULL;
  const json_t *j = json_object_get(obj, name);
  if (j) {
    if (json_is_string(j))
      return from_string(j, v);
    *why = "a string field is not a string";
    return CODEC_BAD;
  }
  snprintf(hexname, sizeof hexname, "%s_hex", name);
  j = json_object_get(obj, hexname);
  if (!j)
    return VALUE_ABSENT;
  if (!json_is_string(j)) {
    *why = "a _hex field is not a string";
    return CODEC_BAD;
  }
  int st = from_hex(j, v, own);
  if (st == CODEC_BAD)
    *why = json_string_length(j) % 2
               ? "a _hex field has an odd number of digits"
               : "a _hex field has a character that is not a hex digit";
  else if (st == CODEC_NOMEM)
    *why = "out of memory";
  return st;
}

static void append(void *ctx, const char *s, size_t n) {
  char **at = ctx;
  memcpy(*at, s, n);
  *at += n;
}

/* The hex digits of S as a new JSON string, or NULL. */
static json_t *hex_string(const char *s, size_t n) {
  char *hex = malloc(2 * n + 1), *at = hex;
  if (!hex)
    return NULL;
  struct codec_out o = {append, &at};
  codec_hex(&o, s, n);
  json_t *h = json_stringn(hex, 2 * n);
  free(hex);
  return h;
}

int codec_json_set_field(json_t *obj, const char *name, const char *s,
                         size_t n) {
  char hexname[64];
  if (!codec_field_is_hex(s, n))
    return json_object_set_new(obj, name, json_stringn(s, n));
  snprintf(hexname, sizeof hexname, "%s_hex", name);
  return json_object_set_new(obj, hexname, hex_string(s, n));
}

json_t *codec_json_from(const char *s, size_t n) {
  if (codec_utf8_valid(s, n))
    return json_stringn(s, n);
  json_t *v = json_object(), *h = hex_string(s, n);
  if (!v || !h) {
    json_decref(v);
    json_decref(h);
    return NULL;
  }
  if (json_object_set_new(v, "hex", h) != 0) { /* H is released */
    json_decref(v);
    return NULL;
  }
  return v;
}

json_t *codec_json_of(const struct value *v) {
  return v->state == VALUE_OCTETS ? codec_json_from(v->s, v->len) : json_null();
}
