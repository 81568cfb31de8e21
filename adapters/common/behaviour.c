/*
 * behaviour.c: the rule that says whether a behaviour of behaviours.json
 * (adapters/BEHAVIOURS.md) explains a disagreement: its op, class,
 * components, conditions (conditions.c, by name) and input regular
 * expressions.  Shared by the harness and the differential fuzz targets.
 */
#include <regex.h>
#include <stdlib.h>
#include <string.h>

#include "conditions.h"
#include "predict.h"

/* 1 when NAME is in the comma-separated CSV. */
int behaviour_lists(const char *csv, const char *name) {
  size_t n = strlen(name);
  for (const char *p = csv; *p;) {
    const char *e = strchr(p, ',');
    size_t l = e ? (size_t)(e - p) : strlen(p);
    if (l == n && memcmp(p, name, n) == 0)
      return 1;
    p += l + (e != NULL);
  }
  return 0;
}

/* The input regular expression over all N octets of S, NULs included
 * (REG_STARTEND), as --infer reads an input's octets; where the C library
 * lacks REG_STARTEND, a NUL octet ends the subject.  The subject is a
 * NUL-terminated copy either way: sanitizers read it as a C string. */
static int input_matches(const regex_t *re, const char *s, size_t n) {
  char *t = malloc(n + 1);
  if (!t)
    abort();
  memcpy(t, s, n);
  t[n] = 0;
#ifdef REG_STARTEND
  regmatch_t m[1] = {{0, (regoff_t)n}};
  int r = regexec(re, t, 1, m, REG_STARTEND) == 0;
#else
  int r = regexec(re, t, 0, NULL, 0) == 0;
#endif
  free(t);
  return r;
}

int behaviour_holds(const struct behaviour_rule *b, const struct cond_ctx *x) {
  if (b->op && strcmp(b->op, x->op))
    return 0;
  if (b->input_re && !input_matches(b->input_re, x->in, x->len))
    return 0;
  if (b->input_not_re && input_matches(b->input_not_re, x->in, x->len))
    return 0;
  for (const char *const *w = b->when; w && *w; w++) {
    cond_fn f = condition_named(*w);
    if (!f || !f(x))
      return 0;
  }
  return 1;
}

int behaviour_judge_rule(const struct behaviour_rule *b,
                         const struct prediction *p, const struct cond_ctx *x,
                         const struct adapter_reading *rfc, int only_validity) {
  if ((only_validity && !p->reject) || !behaviour_holds(b, x))
    return 0;
  struct adapter_reading pred;
  reading_init(&pred);
  int judged = 0;
  if (predict_answer(p, x->op, x->in, x->len, x->base, x->base_len, &pred) ==
          0 &&
      !predict_equals(&pred, rfc, 0))
    judged = 1 + predict_equals(&pred, x->lib, only_validity);
  reading_free(&pred);
  return judged;
}
