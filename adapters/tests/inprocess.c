/*
 * inprocess.c: the glues used in process, as the fuzz targets and the
 * bench use them: no protocol, no jansson, every built glue in one binary
 * (the generated glue table).  Prints TAP.
 *
 *   test-inprocess [CASES...]
 *
 * First, per glue of the table: a library version, a parse function, and
 * ops bits that match the functions it has.  Then every case of the CASES
 * files (adapters/<name>/inprocess.cases), one per line:
 *
 *   GLUE INPUT WANT [COMPONENT VALUE]
 *
 * WANT is valid, invalid or unsupported; VALUE is the component's value, or
 * null for undefined.  A field is a bare word or a "quoted string" with
 * the escapes \\ \" \t \n and \0; # starts a comment.  A case of a
 * glue that is not built here is skipped.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "glue.h"

struct field {
  char *s;
  size_t len;
  int quoted;
};

/* The next field of *P, unescaped in place; 0 at the end of the line, -1
 * on a malformed field. */
static int next_field(char **p, struct field *f) {
  char *s = *p, *out;
  while (*s == ' ' || *s == '\t')
    s++;
  if (*s == 0 || *s == '\n' || *s == '#')
    return 0;
  f->quoted = *s == '"';
  if (!f->quoted) {
    f->s = s;
    while (*s && *s != ' ' && *s != '\t' && *s != '\n')
      s++;
    f->len = (size_t)(s - f->s);
    if (*s)
      *s++ = 0;
    *p = s;
    return 1;
  }
  f->s = out = ++s;
  while (*s != '"') {
    if (*s == 0 || *s == '\n')
      return -1;
    if (*s != '\\') {
      *out++ = *s++;
      continue;
    }
    s++;
    switch (*s) {
    case '\\':
    case '"':
      *out++ = *s++;
      break;
    case 't':
      *out++ = '\t', s++;
      break;
    case 'n':
      *out++ = '\n', s++;
      break;
    case '0':
      *out++ = 0, s++;
      break;
    default:
      return -1;
    }
  }
  f->len = (size_t)(out - f->s);
  *p = s + 1;
  return 1;
}

static const struct glue *find(const char *name) {
  for (size_t i = 0; i < glue_count; i++)
    if (strcmp(glue_all[i]->name, name) == 0)
      return glue_all[i];
  return NULL;
}

static int comp_index(const char *name) {
  for (int c = 0; c < RFC3986_COMPONENT_COUNT; c++)
    if (strcmp(rfc3986_component_name((rfc3986_component)c), name) == 0)
      return c;
  return -1;
}

/* What is wrong with G's reading of the case, or NULL. */
static const char *check(const struct glue *g, struct field *f, int nf,
                         struct adapter_reading *r) {
  const char *want = f[2].s;
  reading_reset(r);
  if (g->parse(f[1].s, f[1].len, NULL, r) != 0)
    return "parse returned -1";
  if (strcmp(want, "unsupported") == 0)
    return r->unsupported ? NULL : "not unsupported";
  if (r->unsupported)
    return r->unsupported;
  if (r->valid != (strcmp(want, "valid") == 0))
    return "validity";
  if (nf < 5)
    return NULL;
  const struct value *v = &r->comp[comp_index(f[3].s)];
  if (!f[4].quoted && strcmp(f[4].s, "null") == 0)
    return v->state == VALUE_NULL ? NULL : "component should be undefined";
  if (v->state != VALUE_OCTETS || v->len != f[4].len ||
      memcmp(v->s, f[4].s, f[4].len) != 0)
    return "component value";
  return NULL;
}

/* Every case of PATH; returns the failures, counting tests in *NUM. */
static int run_cases(const char *path, int *num, struct adapter_reading *r) {
  FILE *in = fopen(path, "r");
  char line[4096];
  int failed = 0, lineno = 0;
  if (!in) {
    printf("not ok %d - %s: cannot be read\n", ++*num, path);
    return 1;
  }
  while (fgets(line, sizeof line, in)) {
    struct field f[6];
    int nf = 0, rc;
    char *p = line;
    lineno++;
    while (nf < 6 && (rc = next_field(&p, &f[nf])) == 1)
      nf++;
    if (nf == 0 && rc == 0)
      continue;
    ++*num;
    if (rc < 0 || nf == 6 || (nf != 3 && nf != 5) ||
        (strcmp(f[2].s, "valid") && strcmp(f[2].s, "invalid") &&
         strcmp(f[2].s, "unsupported")) ||
        (nf == 5 && comp_index(f[3].s) < 0)) {
      printf("not ok %d - %s:%d: want GLUE INPUT WANT [COMPONENT VALUE]\n",
             *num, path, lineno);
      failed++;
      continue;
    }
    const struct glue *g = find(f[0].s);
    if (!g) {
      printf("ok %d - %s:%d: %s not built # skip\n", *num, path, lineno,
             f[0].s);
      continue;
    }
    const char *why = check(g, f, nf, r);
    printf("%s %d - %s:%d: %s %s: %s%s%s\n", why ? "not ok" : "ok", *num, path,
           lineno, g->name, f[2].s, nf == 5 ? f[3].s : "validity",
           why ? ": " : "", why ? why : "");
    failed += why != NULL;
  }
  fclose(in);
  return failed;
}

/* The ops bits of G match the functions it has. */
static int ops_match(const struct glue *g) {
  return !(g->ops & GLUE_OP_PARSE) == !g->parse &&
         !(g->ops & GLUE_OP_MATCH) == !g->match &&
         !(g->ops & GLUE_OP_RESOLVE) == !g->resolve &&
         !(g->ops & GLUE_OP_NORMALIZE) == !g->normalize &&
         !(g->ops & GLUE_OP_EQUIVALENT) == !g->equivalent &&
         !(g->ops & GLUE_OP_IRI_TO_URI) == !g->iri_to_uri &&
         !(g->ops & GLUE_OP_RECOMPOSE) == !g->recompose;
}

int main(int argc, char **argv) {
  int failed = 0, num = 0;
  struct adapter_reading r;
  reading_init(&r);
  for (size_t i = 0; i < glue_count; i++) {
    const struct glue *g = glue_all[i];
    const char *v = g->library_version();
    int ok = v && *v && g->parse && ops_match(g);
    printf("%s %d - %s: library %s, ops match its functions\n",
           ok ? "ok" : "not ok", ++num, g->name, v ? v : "(null)");
    failed += !ok;
  }
  for (int a = 1; a < argc; a++)
    failed += run_cases(argv[a], &num, &r);
  printf("1..%d\n", num);
  reading_free(&r);
  return failed ? 1 : 0;
}
