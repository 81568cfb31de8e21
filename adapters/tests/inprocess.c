/*
 * inprocess.c: the glues used in process, as the fuzz targets and the
 * benchmark use them: no protocol, no jansson, several glues in one
 * binary.  Table-driven: each case names a glue, an input and what the
 * reading must say.  Prints TAP.
 */
#include <stdio.h>
#include <string.h>

#include "../common/glue.h"

static const struct glue *const glues[] = {
    &glue_reference, &glue_reference_fast, &glue_appendix_b,
#ifdef HAVE_GLUE_URIPARSER
    &glue_uriparser,
#endif
#ifdef HAVE_GLUE_CURL
    &glue_curl,
#endif
};

static const struct glue *find(const char *name) {
  for (size_t i = 0; i < sizeof glues / sizeof glues[0]; i++)
    if (strcmp(glues[i]->name, name) == 0)
      return glues[i];
  return NULL;
}

/* want: "valid" / "invalid" / "unsupported"; comp/value optional
 * (value NULL with comp set: the component must be undefined). */
static const struct {
  const char *glue, *in;
  size_t len; /* 0: strlen(in) */
  const char *want, *comp, *value;
} cases[] = {
    {"reference", "http://[::1]:80/a", 0, "valid", "host", "[::1]"},
    {"reference", "http://h/a b", 0, "invalid", NULL, NULL},
    {"reference", "a:b\0c", 5, "invalid", NULL, NULL},
    {"reference-fast", "http://[::1]:80/a", 0, "valid", "host", "[::1]"},
    {"reference-fast", "http://1.2.3.4/", 0, "valid", "host_type",
     "IPv4address"},
    {"reference-fast", "//1.2.3.4.5", 0, "valid", "host_type", "reg-name"},
    {"reference-fast", "http://h/a b", 0, "invalid", NULL, NULL},
    {"reference-fast", "a:b\0c", 5, "invalid", NULL, NULL},
    {"appendix-b", "http://h/a b", 0, "valid", "path", "/a b"},
    {"appendix-b", "a:b\0c", 5, "valid", "path", "b\0c"},
    {"appendix-b", "//h", 0, "valid", "scheme", NULL},
    {"uriparser", "http://[v1.x]/", 0, "valid", "host", "[v1.x]"},
    {"uriparser", "http://h?", 0, "valid", "query", ""},
    {"uriparser", "http://h", 0, "valid", "query", NULL},
    {"uriparser", "a:b\0c", 5, "invalid", NULL, NULL},
    {"curl", "http://h/#", 0, "valid", "fragment", NULL},
    {"curl", "http://h/\0x", 10, "unsupported", NULL, NULL},
    {"curl", "/relative", 0, "invalid", NULL, NULL},
};

static int comp_index(const char *name) {
  for (int c = 0; c < AC__COUNT; c++)
    if (strcmp(adapter_component_name((enum adapter_component)c), name) == 0)
      return c;
  return -1;
}

int main(void) {
  size_t n = sizeof cases / sizeof cases[0];
  int failed = 0, num = 0;
  struct adapter_reading r;
  reading_init(&r);
  printf("1..%zu\n", n + sizeof glues / sizeof glues[0]);
  for (size_t i = 0; i < sizeof glues / sizeof glues[0]; i++) {
    const char *v = glues[i]->library_version();
    int ok = v && *v && glues[i]->parse && (glues[i]->ops & GLUE_OP_PARSE);
    printf("%s %d - %s: library %s\n", ok ? "ok" : "not ok", ++num,
           glues[i]->name, v ? v : "(null)");
    failed += !ok;
  }
  for (size_t i = 0; i < n; i++) {
    const struct glue *g = find(cases[i].glue);
    num++;
    if (!g || !g->parse) {
      printf("ok %d - %s not built # skip\n", num, cases[i].glue);
      continue;
    }
    size_t len = cases[i].len ? cases[i].len : strlen(cases[i].in);
    reading_reset(&r);
    const char *why = NULL;
    if (g->parse(cases[i].in, len, NULL, &r) != 0)
      why = "parse returned -1";
    else if (strcmp(cases[i].want, "unsupported") == 0) {
      if (!r.unsupported)
        why = "not unsupported";
    } else if (r.unsupported)
      why = r.unsupported;
    else if (r.valid != (strcmp(cases[i].want, "valid") == 0))
      why = "validity";
    else if (cases[i].comp) {
      const struct adapter_value *v = &r.comp[comp_index(cases[i].comp)];
      if (!cases[i].value) {
        if (v->state != AV_UNDEFINED)
          why = "component should be undefined";
      } else {
        size_t wl = strlen(cases[i].value);
        if (strcmp(cases[i].comp, "path") == 0 && cases[i].len)
          wl = len - 2; /* "a:" prefix of the NUL cases */
        if (v->state != AV_DEFINED || v->length != wl ||
            memcmp(reading_value(&r, v), cases[i].value, wl) != 0)
          why = "component value";
      }
    }
    printf("%s %d - %s %s: %s%s%s\n", why ? "not ok" : "ok", num, g->name,
           cases[i].want, cases[i].comp ? cases[i].comp : "validity",
           why ? ": " : "", why ? why : "");
    failed += why != NULL;
  }
  reading_free(&r);
  return failed ? 1 : 0;
}
