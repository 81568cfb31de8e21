/* roundtrip.c: the recompose tests of a run (DESIGN.md "Round trips"),
 * derived from its parse vectors: for each RFC 3986 parse vector that
 * expects the input accepted and gives its components, one test of op
 * recompose with the same input and file, its id the vector's with
 * "~recompose" after it.  classify.c judges their answers. */
#include "roundtrip.h"

#include <fnmatch.h>
#include <string.h>

static int derives(const struct test *t) {
  return t->op == OP_PARSE && t->spec == SPEC_RFC3986 &&
         t->expect == EXPECT_ACCEPT && t->comps;
}

void roundtrip_add_tests(struct vectors *v) {
  size_t n = 0;
  for (size_t i = 0; i < v->ntests; i++)
    n += derives(&v->tests[i]);
  if (!n)
    return;
  if (v->ntests + n > v->cap) {
    v->cap = v->ntests + n;
    v->tests = xrealloc(v->tests, v->cap * sizeof *v->tests);
  }
  size_t end = v->ntests;
  for (size_t i = 0; i < end; i++) {
    if (!derives(&v->tests[i]))
      continue;
    struct test *d = &v->tests[v->ntests++];
    *d = v->tests[i];
    size_t len = strlen(d->id);
    char *id = arena_alloc(&v->arena, len + sizeof ROUNDTRIP_SUFFIX);
    memcpy(id, d->id, len);
    memcpy(id + len, ROUNDTRIP_SUFFIX, sizeof ROUNDTRIP_SUFFIX);
    d->id = id;
    d->op = OP_RECOMPOSE;
    d->rule = NULL; /* the request carries the input alone */
    d->vuln = NULL; /* advisories are judged on the parse */
    d->advisory = NULL;
  }
}

static int op_selected(char **pats, int n, const char *op) {
  for (int i = 0; i < n; i++)
    if (fnmatch(pats[i], op, 0) == 0)
      return 1;
  return 0;
}

int roundtrip_widen_ops(char ***ops, int *nops) {
  if (!*nops || !op_selected(*ops, *nops, op_names[OP_RECOMPOSE]) ||
      op_selected(*ops, *nops, op_names[OP_PARSE]))
    return 0;
  filter_add(ops, nops, op_names[OP_PARSE]);
  return 1;
}

void roundtrip_keep_ops(struct vectors *v, char **ops, int nops) {
  if (!nops)
    return;
  size_t k = 0;
  for (size_t i = 0; i < v->ntests; i++)
    if (op_selected(ops, nops, op_names[v->tests[i].op]))
      v->tests[k++] = v->tests[i];
  v->ntests = k;
}
