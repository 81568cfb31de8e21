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
