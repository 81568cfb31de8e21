/*
 * predict_input.c: input rewrites of predict.c's table that replace
 * octets (adapters/BEHAVIOURS.md "Transforms").
 */
#include "predict_impl.h"

/* controls-as-underscore: every C0 control and DEL is written "_" */
void pt_in_controls_underscore(struct pstr *s) {
  for (size_t i = 0; i < s->n; i++)
    if ((unsigned char)s->p[i] < 0x20 || s->p[i] == 0x7f)
      s->p[i] = '_';
}
/* whitespace-cleaned: GLib's relaxed uri_cleanup: leading and trailing
 * ASCII whitespace removed, and inside it every one but the space */
static int is_ascii_space(unsigned char c) {
  return c == ' ' || (c >= '\t' && c <= '\r');
}
void pt_in_whitespace_cleaned(struct pstr *s) {
  size_t a = 0, b = s->n, j = 0;
  while (a < b && is_ascii_space((unsigned char)s->p[a]))
    a++;
  while (b > a && is_ascii_space((unsigned char)s->p[b - 1]))
    b--;
  for (size_t i = a; i < b; i++)
    if (s->p[i] == ' ' || !is_ascii_space((unsigned char)s->p[i]))
      s->p[j++] = s->p[i];
  s->n = j;
}
