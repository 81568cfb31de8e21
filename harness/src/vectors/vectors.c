/* vectors.c: load and check vector files (DESIGN.md "Vector files"). */
#define _XOPEN_SOURCE 700 /* realpath */
#include "vectors.h"

#include "adapter.h" /* interrupted */
#include "rfc3986.h"
#include "files.h"

#include <fcntl.h>
#include <unistd.h>

#include <dirent.h>
#include <errno.h>
#include <jansson.h>
#include <limits.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

const char *const op_names[OP__COUNT] = {
    "parse",      "match",      "resolve",  "normalize",
    "equivalent", "iri-to-uri", "recompose"};
const char *const expect_names[3] = {"accept", "reject",
                                     "implementation-defined"};
const char *const spec_names[3] = {"rfc3986", "rfc3987", "whatwg"};
const char *const getter_names[G__COUNT] = {
    "href", "protocol", "username", "password", "host",  "hostname",
    "port", "pathname", "search",   "hash",     "origin"};

static int name_index(const char *const *names, int n, const char *s) {
  for (int i = 0; i < n; i++)
    if (!strcmp(names[i], s))
      return i;
  return -1;
}

int op_from_name(const char *s) {
  return name_index(op_names, OP__COUNT, s);
}

void filter_add(char ***list, int *n, const char *value) {
  *list = xrealloc(*list, sizeof **list * (size_t)(*n + 1));
  (*list)[(*n)++] = xstrdup(value);
}

void filter_free(char **list, int n) {
  for (int i = 0; i < n; i++)
    free(list[i]);
  free(list);
}

/* ---- where a message points ------------------------------------------ */

struct ctx {
  struct vectors *v;
  const char *path;
  /* where we are: a test id, else groups[group_index].tests[test_index],
   * else groups[group_index], else the file (-1 when not there) */
  const char *test_id;
  long group_index, test_index;
  struct strmap *ids; /* id -> index in paths of the file that holds it */
  char *const *paths; /* the files being loaded */
  size_t path_index;  /* this file's */
};

static int bad(struct ctx *c, const char *field, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static int bad(struct ctx *c, const char *field, const char *fmt, ...) {
  va_list ap;
  if (c->test_id)
    fprintf(stderr, "%s: test %s: field %s: ", c->path, c->test_id, field);
  else if (c->test_index >= 0)
    fprintf(stderr, "%s: groups[%ld].tests[%ld]: field %s: ", c->path,
            c->group_index, c->test_index, field);
  else if (c->group_index >= 0)
    fprintf(stderr, "%s: groups[%ld]: field %s: ", c->path, c->group_index,
            field);
  else
    fprintf(stderr, "%s: file: field %s: ", c->path, field);
  /* the message quotes values from the file: escaped (files.h) */
  char msg[512];
  va_start(ap, fmt);
  int n = vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  put_label(stderr, msg,
            n < 0                    ? 0
            : (size_t)n < sizeof msg ? (size_t)n
                                     : sizeof msg - 1);
  fputc('\n', stderr);
  return -1;
}

/* Strings anywhere in J without U+0000 (jansson keeps it; every C string
 * comparison would stop there), else an error naming FIELD. */
static int no_nul(struct ctx *c, const char *field, json_t *j) {
  size_t i;
  const char *k;
  json_t *e;
  if (json_is_string(j) &&
      strlen(json_string_value(j)) != json_string_length(j))
    return bad(c, field, "must not contain U+0000");
  if (json_is_array(j))
    json_array_foreach(j, i, e) if (no_nul(c, field, e) < 0) return -1;
  if (json_is_object(j))
    json_object_foreach(j, k, e) if (no_nul(c, field, e) < 0) return -1;
  return 0;
}

/* Every member of OBJ through no_nul but those named in SKIP. */
static int members_no_nul(struct ctx *c, json_t *obj, const char *const *skip) {
  const char *k;
  json_t *e;
  json_object_foreach(obj, k, e) {
    int skipped = 0;
    for (const char *const *u = skip; *u && !skipped; u++)
      skipped = !strcmp(*u, k);
    if (!skipped && no_nul(c, k, e) < 0)
      return -1;
  }
  return 0;
}
/* Inputs and the URI text expected of them, where U+0000 is an octet like
 * any other. */
static const char *const test_uri_text[] = {
    "input",      "base",       "other",
    "target",     "normalized", "output",
    "components", "whatwg",     "x-vulnerable-readings",
    NULL};

static const char *type_name(const json_t *j) {
  static const char *const names[] = {
      [JSON_OBJECT] = "an object", [JSON_ARRAY] = "an array",
      [JSON_STRING] = "a string",  [JSON_INTEGER] = "an integer",
      [JSON_REAL] = "a number",    [JSON_TRUE] = "a boolean",
      [JSON_FALSE] = "a boolean",  [JSON_NULL] = "null"};
  return names[json_typeof(j)];
}

/* String J (already known to be one) as a value in the arena. */
static struct value sv_of(struct ctx *c, const json_t *j) {
  struct value out;
  out.len = json_string_length(j);
  out.s = arena_strndup(&c->v->arena, json_string_value(j), out.len);
  out.state = VALUE_OCTETS;
  return out;
}

/* String member KEY of OBJ: 0 absent, 1 present (into *out), -1 error. */
static int opt_string(struct ctx *c, json_t *obj, const char *key,
                      struct value *out) {
  json_t *j = json_object_get(obj, key);
  out->state = VALUE_ABSENT;
  if (!j)
    return 0;
  if (!json_is_string(j))
    return bad(c, key, "must be a string, not %s", type_name(j));
  *out = sv_of(c, j);
  return 1;
}

static int req_string(struct ctx *c, json_t *obj, const char *key,
                      struct value *out) {
  int r = opt_string(c, obj, key, out);
  if (r == 0)
    return bad(c, key, "missing");
  return r;
}

static int check_specification(struct ctx *c, json_t *s) {
  if (!json_is_array(s))
    return bad(c, "specification", "must be an array, not %s", type_name(s));
  size_t i;
  json_t *e;
  json_array_foreach(s, i, e) {
    if (!json_is_object(e))
      return bad(c, "specification", "entries must be objects, not %s",
                 type_name(e));
  }
  return 0;
}

/* Tags T; the ID of the first "cve:ID" into *ADVISORY when not NULL. */
static int check_tags(struct ctx *c, json_t *t, const char **advisory) {
  if (!json_is_array(t))
    return bad(c, "tags", "must be an array of strings, not %s", type_name(t));
  size_t i;
  json_t *e;
  json_array_foreach(t, i, e) {
    if (!json_is_string(e))
      return bad(c, "tags", "must be an array of strings");
    const char *s = json_string_value(e);
    if (advisory && !*advisory && !strncmp(s, "cve:", 4) && s[4])
      *advisory = arena_strndup(&c->v->arena, s + 4, strlen(s + 4));
  }
  return 0;
}

/* ---- the fields of a test (vectors/schema/vectors.schema.json) ------- */

enum field_type {
  FT_ID,            /* a string, not empty, unique across the files */
  FT_EXPECT,        /* "accept" | "reject" | "implementation-defined" */
  FT_INPUT,         /* a string */
  FT_INPUT_HEX,     /* hex digit pairs, the input's octets */
  FT_STRING,        /* a string */
  FT_NULLABLE,      /* a string or null */
  FT_BOOLEAN,       /* true | false */
  FT_RULE,          /* a rule's name */
  FT_START_RULE,    /* a start rule's name */
  FT_LEVEL,         /* "simple" | "syntax" | "scheme" */
  FT_COMPONENTS,    /* {component: string or null}, the path a string */
  FT_GETTERS,       /* {WHATWG getter: string} */
  FT_ERROR,         /* {"offset": a non-negative integer, ...} */
  FT_SPECIFICATION, /* an array of objects */
  FT_TAGS,          /* an array of strings */
  FT_READINGS,      /* an array of FT_COMPONENTS objects, none empty */
  FT_VULNERABLE,    /* "accepts", on an expect reject test only */
};
enum presence {
  OPTIONAL,
  REQUIRED,
  IF_ACCEPT,   /* required when expect is accept */
  ONE_OF_INPUT /* input or input_hex, exactly one */
};

/* The tests a field belongs to: one bit per enum op, and one for the parse
 * tests of whatwg files (which have fields of their own). */
#define OPS(op) (1u << (op))
#define WHATWG_PARSE (1u << OP__COUNT)
#define ALL_OPS ((1u << OP__COUNT) - 1 + WHATWG_PARSE)

struct field {
  const char *name;
  enum field_type type;
  unsigned ops;
  enum presence presence;
  size_t offset; /* in struct test; its type follows from the field's */
};

#define AT(member) offsetof(struct test, member)
/* In the order they are checked, so the first fault found is reported. */
static const struct field test_fields[] = {
    {"id", FT_ID, ALL_OPS, REQUIRED, AT(id)},
    {"expect", FT_EXPECT, ALL_OPS, REQUIRED, AT(expect)},
    {"input", FT_INPUT, ALL_OPS, ONE_OF_INPUT, AT(input)},
    {"input_hex", FT_INPUT_HEX, ALL_OPS, ONE_OF_INPUT, AT(input)},
    {"specification", FT_SPECIFICATION, ALL_OPS, OPTIONAL, 0},
    {"tags", FT_TAGS, ALL_OPS, OPTIONAL, 0},
    {"base", FT_NULLABLE, WHATWG_PARSE, OPTIONAL, AT(base)},
    {"whatwg", FT_GETTERS, WHATWG_PARSE, OPTIONAL, AT(getters)},
    {"rule", FT_START_RULE, OPS(OP_PARSE), OPTIONAL, AT(rule)},
    {"components", FT_COMPONENTS, OPS(OP_PARSE), OPTIONAL, AT(comps)},
    {"error", FT_ERROR, OPS(OP_PARSE), OPTIONAL, AT(error_offset)},
    {"rule", FT_RULE, OPS(OP_MATCH), REQUIRED, AT(rule)},
    {"base", FT_STRING, OPS(OP_RESOLVE), REQUIRED, AT(base)},
    {"target", FT_STRING, OPS(OP_RESOLVE), IF_ACCEPT, AT(target)},
    {"strict", FT_BOOLEAN, OPS(OP_RESOLVE), OPTIONAL, AT(strict)},
    {"normalized", FT_STRING, OPS(OP_NORMALIZE), IF_ACCEPT, AT(normalized)},
    {"other", FT_STRING, OPS(OP_EQUIVALENT), REQUIRED, AT(other)},
    {"equivalent", FT_BOOLEAN, OPS(OP_EQUIVALENT), IF_ACCEPT, AT(equivalent)},
    {"level", FT_LEVEL, OPS(OP_NORMALIZE) | OPS(OP_EQUIVALENT), OPTIONAL,
     AT(level)},
    {"output", FT_STRING, OPS(OP_IRI_TO_URI), IF_ACCEPT, AT(output)},
    {"x-vulnerable-readings", FT_READINGS, OPS(OP_PARSE), OPTIONAL, AT(vuln)},
    {"x-vulnerable", FT_VULNERABLE, OPS(OP_PARSE), OPTIONAL, AT(vuln_accepts)},
};
#undef AT

static const char *const start_rules[] = {
    "URI-reference", "URI", "absolute-URI", "relative-ref",
    "IRI-reference", "IRI", "absolute-IRI", "irelative-ref"};
static const char *const level_names[] = {"simple", "syntax", "scheme"};

static int check_id(struct ctx *c, json_t *j, const char **out) {
  if (!json_is_string(j))
    return bad(c, "id", "must be a string, not %s", type_name(j));
  if (!json_string_length(j))
    return bad(c, "id", "must not be empty");
  /* the schema's pattern ^[A-Za-z0-9][!#-\[\]-~]*$: printable ASCII
   * without space, quote or backslash, a letter or digit first */
  const char *id = json_string_value(j);
  size_t n = json_string_length(j);
  int ok = (id[0] >= 'a' && id[0] <= 'z') || (id[0] >= 'A' && id[0] <= 'Z') ||
           (id[0] >= '0' && id[0] <= '9');
  for (size_t i = 0; i < n && ok; i++)
    ok = id[i] > ' ' && id[i] < 0x7f && id[i] != '"' && id[i] != '\\';
  if (!ok) {
    int r = bad(c, "id",
                "\"%.*s\" does not match the schema's id pattern (printable "
                "ASCII without space, quote or backslash, a letter or digit "
                "first)",
                n > 200 ? 200 : (int)n, id);
    if (strlen(id) != n)
      fprintf(stderr, "  (it holds U+0000)\n");
    return r;
  }
  *out = sv_of(c, j).s;
  c->test_id = *out;
  size_t *other = strmap_add(c->ids, *out, c->path_index);
  if (other)
    return bad(c, "id", "duplicate id (also in %s)", c->paths[*other]);
  return 0;
}

static int check_input_hex(struct ctx *c, json_t *j, struct test *out) {
  if (out->input)
    return bad(c, "input_hex", "give input or input_hex, not both");
  size_t len = json_string_length(j);
  char *raw = arena_str(&c->v->arena, len / 2);
  long n = codec_hex_decode(json_string_value(j), len, raw);
  if (n < 0)
    return bad(c, "input_hex", "must be an even number of hex digits");
  raw[n] = 0;
  out->input = raw;
  out->input_len = (unsigned)n;
  return 0;
}

/* J, a components object (the field NAME), into *OUT. */
static int check_components(struct ctx *c, json_t *j, struct value **out,
                            const char *name) {
  if (!json_is_object(j))
    return bad(c, name, "must be an object, not %s", type_name(j));
  *out = arena_alloc(&c->v->arena, sizeof **out * RFC3986_COMPONENT_COUNT);
  memset(*out, 0, sizeof **out * RFC3986_COMPONENT_COUNT);
  const char *key;
  json_t *val;
  json_object_foreach(j, key, val) {
    rfc3986_component k = rfc3986_component_from_name(key, strlen(key));
    char f[96];
    snprintf(f, sizeof f, "%s.%.40s", name, key);
    if (k == RFC3986_COMPONENT_COUNT)
      return bad(c, f, "unknown component");
    if (k == RFC3986_COMPONENT_PATH && !json_is_string(val))
      return bad(c, f, "must be a string (the path is always defined), not %s",
                 type_name(val));
    if (json_is_null(val))
      (*out)[k].state = VALUE_NULL;
    else if (json_is_string(val))
      (*out)[k] = sv_of(c, val);
    else
      return bad(c, f, "must be a string or null, not %s", type_name(val));
  }
  return 0;
}

/* x-vulnerable-readings: an array of component subsets, each naming at
 * least one component (an empty one would match any acceptance). */
static int check_readings(struct ctx *c, json_t *j, struct value ***out) {
  if (!json_is_array(j) || !json_array_size(j))
    return bad(c, "x-vulnerable-readings",
               "must be an array of components objects, not %s",
               json_is_array(j) ? "an empty array" : type_name(j));
  *out = arena_alloc(&c->v->arena, sizeof **out * (json_array_size(j) + 1));
  size_t i;
  json_t *e;
  json_array_foreach(j, i, e) {
    char f[48];
    snprintf(f, sizeof f, "x-vulnerable-readings[%zu]", i);
    if (check_components(c, e, &(*out)[i], f) < 0)
      return -1;
    if (!json_object_size(e)) /* "x-vulnerable": "accepts" says that */
      return bad(c, f, "names no component");
  }
  (*out)[json_array_size(j)] = NULL;
  return 0;
}

static int check_getters(struct ctx *c, json_t *j, struct value **out) {
  if (!json_is_object(j))
    return bad(c, "whatwg", "must be an object, not %s", type_name(j));
  *out = arena_alloc(&c->v->arena, sizeof **out * G__COUNT);
  memset(*out, 0, sizeof **out * G__COUNT);
  for (int g = 0; g < G__COUNT; g++) {
    json_t *val = json_object_get(j, getter_names[g]);
    if (val && !json_is_string(val)) {
      char f[64];
      snprintf(f, sizeof f, "whatwg.%s", getter_names[g]);
      return bad(c, f, "must be a string, not %s", type_name(val));
    }
    if (val)
      (*out)[g] = sv_of(c, val);
  }
  return 0;
}

static int check_error(struct ctx *c, json_t *j, long *out) {
  if (!json_is_object(j))
    return bad(c, "error", "must be an object, not %s", type_name(j));
  json_t *off = json_object_get(j, "offset");
  if (off && (!json_is_integer(off) || json_integer_value(off) < 0))
    return bad(c, "error.offset", "must be a non-negative integer");
  if (off)
    *out = (long)json_integer_value(off);
  return 0;
}

/* String J names one of NAMES[0..N): its index; -1 when J is not a
 * string (reported), -2 when it names none of them. */
static int one_of(struct ctx *c, json_t *j, const char *field,
                  const char *const *names, int n) {
  if (!json_is_string(j))
    return bad(c, field, "must be a string, not %s", type_name(j));
  int k = name_index(names, n, json_string_value(j));
  return k < 0 ? -2 : k;
}

/* Field F's value J (present) checked and stored into OUT. */
static int check_field(struct ctx *c, const struct field *f, json_t *j,
                       struct test *out) {
  void *dest = (char *)out + f->offset;
  int k;
  switch (f->type) {
  case FT_ID:
    return check_id(c, j, dest);
  case FT_EXPECT:
    k = one_of(c, j, f->name, expect_names, 3);
    if (k == -2)
      return bad(c, f->name,
                 "must be accept, reject or implementation-defined, not \"%s\"",
                 json_string_value(j));
    if (k < 0)
      return -1;
    out->expect = (unsigned char)k;
    return 0;
  case FT_INPUT:
  case FT_INPUT_HEX:
    if (!json_is_string(j))
      return bad(c, f->name, "must be a string, not %s", type_name(j));
    if (f->type == FT_INPUT_HEX)
      return check_input_hex(c, j, out);
    out->input = sv_of(c, j).s;
    out->input_len = (unsigned)json_string_length(j);
    return 0;
  case FT_NULLABLE:
    if (json_is_null(j)) {
      ((struct value *)dest)->state = VALUE_NULL;
      return 0;
    }
    if (!json_is_string(j))
      return bad(c, f->name, "must be a string or null, not %s", type_name(j));
    *(struct value *)dest = sv_of(c, j);
    return 0;
  case FT_STRING:
  case FT_RULE:
    if (!json_is_string(j))
      return bad(c, f->name, "must be a string, not %s", type_name(j));
    /* a rule is one the oracle knows (librfc3986's list, from the grammar
     * files): a misspelt one would be UNSUPPORTED everywhere */
    if (f->type == FT_RULE &&
        rfc3986_rule_from_name(json_string_value(j), json_string_length(j)) ==
            RFC3986_RULE_NONE)
      return bad(c, f->name, "not an Appendix A or RFC 3987 rule: \"%s\"",
                 json_string_value(j));
    if (f->type == FT_RULE)
      *(const char **)dest = sv_of(c, j).s;
    else
      *(struct value *)dest = sv_of(c, j);
    return 0;
  case FT_START_RULE:
    k = one_of(c, j, f->name, start_rules, 8);
    if (k == -2)
      return bad(c, f->name, "not a start rule: \"%s\"", json_string_value(j));
    if (k < 0)
      return -1;
    *(const char **)dest = start_rules[k];
    return 0;
  case FT_LEVEL:
    k = one_of(c, j, f->name, level_names, 3);
    if (k == -2)
      return bad(c, f->name, "unknown level \"%s\" (simple, syntax, scheme)",
                 json_string_value(j));
    if (k < 0)
      return -1;
    *(const char **)dest = level_names[k];
    return 0;
  case FT_BOOLEAN:
    if (!json_is_boolean(j))
      return bad(c, f->name, "must be a boolean, not %s", type_name(j));
    *(signed char *)dest = (signed char)json_is_true(j);
    return 0;
  case FT_COMPONENTS:
    return check_components(c, j, dest, f->name);
  case FT_READINGS:
    return check_readings(c, j, dest);
  case FT_VULNERABLE:
    if (!json_is_string(j) || strcmp(json_string_value(j), "accepts") ||
        out->expect != EXPECT_REJECT || out->vuln)
      return bad(c, f->name,
                 "must be \"accepts\", in an expect reject test "
                 "without x-vulnerable-readings");
    *(signed char *)dest = 1;
    return 0;
  case FT_GETTERS:
    return check_getters(c, j, dest);
  case FT_ERROR:
    return check_error(c, j, dest);
  case FT_SPECIFICATION:
    return check_specification(c, j);
  case FT_TAGS:
    return check_tags(c, j, &out->advisory);
  }
  return -1;
}

/* Members a test may have beside test_fields (the schema's); x-... too. */
static const char *const test_free[] = {"bug_type", "comment", "description",
                                        "hazard",   "source",  "title"};

/* Every member of test T is the schema's or an x-... extension: else an
 * error naming it (a misspelt "componets" would leave a validity-only
 * vector that passes). */
static int known_members(struct ctx *c, json_t *t) {
  const char *k;
  json_t *e;
  json_object_foreach(t, k, e) {
    int ok = !strncmp(k, "x-", 2) || name_index(test_free, 6, k) >= 0;
    for (size_t i = 0; !ok && i < sizeof test_fields / sizeof *test_fields; i++)
      ok = !strcmp(test_fields[i].name, k);
    if (!ok)
      return bad(c, k, "is not a member of a test (misspelt?)");
  }
  return 0;
}

/* 1 when S is a semantic version (the schema's semver: X.Y.Z, numbers
 * without leading zeros, then -PRE and +BUILD of [0-9A-Za-z.-]). */
static int semver(const char *s) {
  for (int part = 0; part < 3; part++) {
    size_t n = strspn(s, "0123456789");
    if (!n || (n > 1 && *s == '0') || (part < 2 && s[n] != '.'))
      return 0;
    s += n + (part < 2);
  }
  const char *tail =
      "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz.-";
  if (*s == '-' && s[1])
    s += 1 + strspn(s + 1, tail);
  if (*s == '+' && s[1])
    s += 1 + strspn(s + 1, tail);
  return !*s;
}

/* Test T of a group of OP checked against test_fields and compiled. */
static int check_test(struct ctx *c, struct vfile *vf, int op,
                      const char *group, json_t *t, struct test *out) {
  memset(out, 0, sizeof *out);
  out->file = vf;
  out->group = group;
  out->op = (unsigned char)op;
  out->spec = (unsigned char)vf->spec;
  out->strict = 1;
  out->equivalent = -1;
  out->error_offset = -1;
  unsigned ops = vf->spec == SPEC_WHATWG ? WHATWG_PARSE : OPS(op);
  if (known_members(c, t) < 0)
    return -1;
  for (size_t i = 0; i < sizeof test_fields / sizeof *test_fields; i++) {
    const struct field *f = &test_fields[i];
    if (!(f->ops & ops))
      continue;
    json_t *j = json_object_get(t, f->name);
    if (j && check_field(c, f, j, out) < 0)
      return -1;
    if (j)
      continue;
    if (f->presence == REQUIRED ||
        (f->presence == IF_ACCEPT && out->expect == EXPECT_ACCEPT))
      return bad(c, f->name, "missing%s",
                 f->presence == IF_ACCEPT ? " (expect is accept)" : "");
    if (f->presence == ONE_OF_INPUT && f->type == FT_INPUT_HEX && !out->input)
      return bad(c, "input", "missing (give input or input_hex)");
  }
  return members_no_nul(c, t, test_uri_text);
}

/* ---- reading a file (vectors_fs.c reads and walks) ------------------- */

/* The file's own members (schema, version, spec, groups) checked; its
 * struct vfile added to V.  Returns the groups, or NULL. */
static json_t *check_file(struct ctx *c, json_t *root, const char *path) {
  struct vectors *v = c->v;
  struct value schema, version, spec;
  if (!json_is_object(root)) {
    bad(c, "(top)", "must be an object, not %s", type_name(root));
    return NULL;
  }
  static const char *const skip[] = {"groups", NULL}; /* checked below */
  if (members_no_nul(c, root, skip) < 0 ||
      req_string(c, root, "schema", &schema) < 0)
    return NULL;
  if (strcmp(schema.s, "uritest-vectors/1")) {
    bad(c, "schema",
        "unknown schema \"%s\" (this uritest reads uritest-vectors/1)",
        schema.s);
    return NULL;
  }
  if (req_string(c, root, "version", &version) < 0 ||
      req_string(c, root, "spec", &spec) < 0)
    return NULL;
  if (!semver(version.s)) {
    bad(c, "version", "must be a semantic version (1.2.0), not \"%s\"",
        version.s);
    return NULL;
  }
  int sp = name_index(spec_names, 3, spec.s);
  if (sp < 0) {
    bad(c, "spec", "must be rfc3986, rfc3987 or whatwg, not \"%s\"", spec.s);
    return NULL;
  }
  json_t *groups = json_object_get(root, "groups");
  if (!groups) {
    bad(c, "groups", "missing");
    return NULL;
  }
  if (!json_is_array(groups)) {
    bad(c, "groups", "must be an array, not %s", type_name(groups));
    return NULL;
  }
  struct vfile *vf = arena_alloc(&v->arena, sizeof *vf);
  /* paths under the repository root are reported relative to it */
  const char *rel = path, *root_dir = repo_root();
  size_t root_len = strlen(root_dir);
  if (!strncmp(path, root_dir, root_len) && path[root_len] == '/')
    rel = path + root_len + 1;
  vf->path = arena_strndup(&v->arena, rel, strlen(rel));
  vf->version = (char *)version.s;
  vf->spec = sp;
  v->files = xrealloc(v->files, sizeof *v->files * (v->nfiles + 1));
  v->files[v->nfiles++] = vf;
  return groups;
}

/* Group G's own members checked: its op, or -1. */
static int check_group(struct ctx *c, json_t *g, int spec, const char **desc) {
  if (!json_is_object(g))
    return bad(c, "(group)", "must be an object, not %s", type_name(g));
  struct value op_name, description;
  static const char *const skip[] = {"tests", NULL}; /* one by one */
  if (members_no_nul(c, g, skip) < 0 || req_string(c, g, "op", &op_name) < 0)
    return -1;
  int op = op_from_name(op_name.s);
  if (op < 0 || op == OP_RECOMPOSE)
    return bad(c, "op", "unknown op \"%s\"", op_name.s);
  if (spec == SPEC_WHATWG && op != OP_PARSE)
    return bad(c, "op", "whatwg files hold parse groups only, not \"%s\"",
               op_name.s);
  if (opt_string(c, g, "description", &description) < 0)
    return -1;
  json_t *j = json_object_get(g, "specification");
  if (j && check_specification(c, j) < 0)
    return -1;
  j = json_object_get(g, "tags");
  if (j && check_tags(c, j, NULL) < 0)
    return -1;
  j = json_object_get(g, "tests");
  if (!j)
    return bad(c, "tests", "missing");
  if (!json_is_array(j))
    return bad(c, "tests", "must be an array, not %s", type_name(j));
  *desc = description.state ? description.s : "";
  return op;
}

/* Every test of group G (groups[GI], op OP) checked, compiled, filtered. */
static int load_group(struct ctx *c, const struct filters *f, const char *path,
                      struct vfile *vf, json_t *g, size_t gi) {
  const char *desc = "";
  int op = check_group(c, g, vf->spec, &desc);
  if (op < 0)
    return -1;
  struct vectors *v = c->v;
  size_t ti;
  json_t *t;
  json_array_foreach(json_object_get(g, "tests"), ti, t) {
    c->test_index = (long)ti;
    c->test_id = NULL;
    if (!json_is_object(t))
      return bad(c, "(test)", "must be an object, not %s", type_name(t));
    if (v->ntests == v->cap) {
      v->cap = v->cap ? v->cap * 2 : 1024;
      v->tests = xrealloc(v->tests, sizeof *v->tests * v->cap);
    }
    struct test *compiled = &v->tests[v->ntests];
    if (check_test(c, vf, op, desc, t, compiled) < 0)
      return -1;
    v->total_loaded++;
    if (vectors_keep(f, path, g, (int)gi, t, compiled->id, op))
      v->ntests++;
  }
  return 0;
}

/* The text of a file, given to jansson a piece at a time so that a signal
 * ends even the parse of a 1 GB file at once. */
struct chunks {
  const char *p;
  size_t len, pos;
};

static size_t next_chunk(void *buffer, size_t buflen, void *data) {
  struct chunks *ch = data;
  if (interrupted)
    return (size_t)-1;
  size_t n = ch->len - ch->pos < buflen ? ch->len - ch->pos : buflen;
  memcpy(buffer, ch->p + ch->pos, n);
  ch->pos += n;
  return n;
}

/* PATHS[I] read with jansson, checked and compiled into V. */
static int load_file(struct vectors *v, char *const *paths, size_t i,
                     const struct filters *f, struct strmap *ids) {
  const char *path = paths[i];
  struct buf text = {0};
  if (vectors_read_text(path, v->max_bytes ? v->max_bytes : VECTORS_MAX_BYTES,
                        &text) < 0) {
    buf_free(&text);
    return -1;
  }
  json_error_t jerr;
  struct chunks ch = {text.p, text.len, 0};
  json_t *root = json_load_callback(
      next_chunk, &ch, JSON_ALLOW_NUL | JSON_REJECT_DUPLICATES, &jerr);
  buf_free(&text);
  if (!root && interrupted)
    return -1;
  if (!root) {
    if (jerr.line < 0)
      fprintf(stderr, "%s: %s\n", path, jerr.text);
    else
      fprintf(stderr, "%s:%d:%d: %s\n", path, jerr.line, jerr.column,
              jerr.text);
    return -1;
  }
  struct ctx c = {.v = v,
                  .path = path,
                  .test_id = NULL,
                  .group_index = -1,
                  .test_index = -1,
                  .ids = ids,
                  .paths = paths,
                  .path_index = i};
  int rc = -1;
  json_t *groups = check_file(&c, root, path);
  if (groups) {
    size_t gi;
    json_t *g;
    rc = 0;
    json_array_foreach(groups, gi, g) {
      c.group_index = (long)gi;
      c.test_index = -1;
      c.test_id = NULL;
      if (load_group(&c, f, path, v->files[v->nfiles - 1], g, gi) < 0) {
        rc = -1;
        break;
      }
    }
  }
  json_decref(root);
  return rc;
}

int vectors_load(struct vectors *v, char **paths, int npaths,
                 const struct filters *f) {
  char **files = NULL;
  size_t nfiles = 0;
  int rc = 0;
  struct walked walked = {NULL, 0};
  for (int i = 0; i < npaths && rc == 0; i++) {
    struct stat st;
    if (stat(paths[i], &st) < 0) {
      warnx_("%s: no such file or folder", paths[i]);
      rc = -1;
    } else if (S_ISDIR(st.st_mode)) {
      size_t len = strlen(paths[i]);
      char *d = xstrndup(paths[i], len);
      while (len > 1 && d[len - 1] == '/')
        d[--len] = 0;
      if (vectors_walk(d, &files, &nfiles, &walked) < 0)
        rc = -1;
      free(d);
    } else {
      vectors_push(&files, &nfiles, xstrdup(paths[i]));
    }
  }
  free(walked.dirs);
  /* the same file named twice is loaded once */
  char **seen = xcalloc(nfiles + 1, sizeof *seen);
  struct strmap ids = {0}, reals = {0}; /* reals: the real paths seen */
  for (size_t i = 0; i < nfiles && rc == 0; i++) {
    if (interrupted) {
      rc = -1;
      break;
    }
    char real[PATH_MAX];
    if (!realpath(files[i], real))
      snprintf(real, sizeof real, "%s", files[i]);
    seen[i] = xstrdup(real);
    if (strmap_add(&reals, seen[i], i)) /* linear in files */
      continue;
    if (load_file(v, files, i, f, &ids) < 0)
      rc = -1;
  }
  for (size_t i = 0; i < nfiles; i++) {
    free(files[i]);
    free(seen[i]);
  }
  free(files);
  free(seen);
  strmap_free(&ids);
  strmap_free(&reals);
  return rc;
}

void vectors_free(struct vectors *v) {
  arena_free(&v->arena);
  free(v->files);
  free(v->tests);
  memset(v, 0, sizeof *v);
}
