/*
 * predict_input.c: input rewrites of predict_table.c's table that replace
 * or remove octets (adapters/BEHAVIOURS.md "Transforms").
 */
#include "predict_impl.h"

#include <string.h>

#include "codec.h"

/* controls-as-underscore: every C0 control and DEL is written "_" */
void pt_in_controls_underscore(struct pstr *s) {
  for (size_t i = 0; i < s->n; i++)
    if ((unsigned char)s->p[i] < 0x20 || s->p[i] == 0x7f)
      s->p[i] = '_';
}

/* invalid-utf8-read-empty: an input that is no well-formed UTF-8 is read
 * as the empty string (a PCRE match in UTF mode fails on it, and what it
 * fails on is used as "") */
void pt_in_invalid_utf8_empty(struct pstr *s) {
  if (!codec_utf8_valid(s->p, s->n))
    s->n = 0;
}
/* whitespace-trimmed: leading and trailing ASCII whitespace removed (GLib's
 * g_ascii_isspace: space, TAB, LF, VT, FF, CR) */
static int is_ascii_space(unsigned char c) {
  return c == ' ' || (c >= '\t' && c <= '\r');
}
void pt_in_whitespace_trimmed(struct pstr *s) {
  pstr_trim(s, is_ascii_space);
}
