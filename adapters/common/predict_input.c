/*
 * predict_input.c: input rewrites of predict.c's table that replace
 * or remove octets (adapters/BEHAVIOURS.md "Transforms").
 */
#include "predict_impl.h"

#include <string.h>

/* controls-as-underscore: every C0 control and DEL is written "_" */
void pt_in_controls_underscore(struct pstr *s) {
  for (size_t i = 0; i < s->n; i++)
    if ((unsigned char)s->p[i] < 0x20 || s->p[i] == 0x7f)
      s->p[i] = '_';
}
/* whitespace-trimmed: leading and trailing ASCII whitespace removed (GLib's
 * g_ascii_isspace: space, TAB, LF, VT, FF, CR) */
static int is_ascii_space(unsigned char c) {
  return c == ' ' || (c >= '\t' && c <= '\r');
}
void pt_in_whitespace_trimmed(struct pstr *s) {
  size_t a = 0, b = s->n;
  while (a < b && is_ascii_space((unsigned char)s->p[a]))
    a++;
  while (b > a && is_ascii_space((unsigned char)s->p[b - 1]))
    b--;
  memmove(s->p, s->p + a, b - a);
  s->n = b - a;
}
