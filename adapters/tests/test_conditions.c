/*
 * test_conditions.c: table-driven checks of the condition vocabulary of
 * behaviours.json (adapters/common/conditions.c, adapters/BEHAVIOURS.md).
 * Each row is one disagreement, written out: the op, the input (and base),
 * the reference's and the library's output (resolve, normalize) or one
 * component's values (parse), and whether the named condition holds.
 * TAP out; exit 1 on a failed row.
 */
#include <stdio.h>
#include <string.h>

#include "../common/conditions.h"

/* NULL value: no output, or the component undefined. */
struct row {
  const char *cond, *op, *in, *base;
  int comp; /* -1: the row sets outputs, not a component */
  const char *ref, *lib;
  int holds;
};

#define OUT (-1)
static const struct row rows[] = {
    /* lib-target-drops-slash: the reference's path ends with a "/" the
     * library's lacks (at the end, or before "?" or "#") */
    {"lib-target-drops-slash", "resolve", ".", "http://a/b/c/d", OUT,
     "http://a/b/c/", "http://a/b/c", 1},
    {"lib-target-drops-slash", "resolve", "./?q", "http://a/b/c", OUT,
     "http://a/b/?q", "http://a/b?q", 1},
    {"lib-target-drops-slash", "resolve", "..#f", "http://a/b/c", OUT,
     "http://a/#f", "http://a#f", 1},
    {"lib-target-drops-slash", "resolve", "g", "http://a/b", OUT, "http://a/g",
     "http://a/g", 0},
    {"lib-target-drops-slash", "resolve", ".", "http://a/b/c/d", OUT,
     "http://a/b/c/", "http://a/b/x", 0},
    {"lib-target-drops-slash", "resolve", "g/", "http://a/b", OUT,
     "http://a/g/", "http://a/g//", 0},
    {"lib-target-drops-slash", "resolve", "g", "http://a/b", OUT, "http://a/g",
     NULL, 0},
    /* lib-target-adds-slash, the converse */
    {"lib-target-adds-slash", "resolve", "//g", "http://a/b", OUT, "http://g",
     "http://g/", 1},
    {"lib-target-adds-slash", "resolve", ".", "http://a/b/c/d", OUT,
     "http://a/b/c/", "http://a/b/c", 0},
    /* lib-target-drops-empty-query */
    {"lib-target-drops-empty-query", "resolve", "g?#s", "http://a/b", OUT,
     "http://a/g?#s", "http://a/g#s", 1},
    {"lib-target-drops-empty-query", "resolve", "g?q", "http://a/b", OUT,
     "http://a/g?q", "http://a/g", 0},
    /* lib-collapses-empty-segment */
    {"lib-collapses-empty-segment", "resolve", "b//", "http://a/c", OUT,
     "http://a/b//", "http://a/b/", 1},
    {"lib-collapses-empty-segment", "resolve", "b/", "http://a/c", OUT,
     "http://a/b/", "http://a/b", 0},
    /* lib-output-dot-segment */
    {"lib-output-dot-segment", "resolve", "/./b", "http://a/c", OUT,
     "http://a/b", "http://a/./b", 1},
    {"lib-output-dot-segment", "resolve", "/b", "http://a/c", OUT, "http://a/b",
     "http://a/b.", 0},
    /* target-path-two-empty-segments: "//" or "///..." after the authority */
    {"target-path-two-empty-segments", "resolve", ".//b/..", "http://a", OUT,
     "http://a//", "http://a/.//", 1},
    {"target-path-two-empty-segments", "resolve", ".///a", "http://a", OUT,
     "http://a///a", "http://a/.///a", 1},
    {"target-path-two-empty-segments", "resolve", ".//a/.", "http://a", OUT,
     "http://a//a/", "http://a/a/", 0},
    {"target-path-two-empty-segments", "resolve", "g", "http://a", OUT,
     "http://a/g", "http://a/h", 0},
    /* the other target conditions, on the same parse of the target */
    {"target-path-double-slash", "resolve", ".//a/.", "http://a", OUT,
     "http://a//a/", "http://a/a/", 1},
    {"target-path-double-slash", "resolve", "g", "http://a", OUT, "http://a/g",
     "http://a/h", 0},
    {"target-path-root", "resolve", "../", "a:/b/c", OUT, "a:/", "a:/./", 1},
    {"target-path-root", "resolve", "../", "http://a/b", OUT, "http://a//",
     "http://a/", 0},
    {"target-host-ipv6", "resolve", "b", "http://[::1]/a", OUT,
     "http://[::1]/b", "http://[0:0:0:0:0:0:0:1]/b", 1},
    {"target-host-ipv6", "resolve", "b", "http://h/a", OUT, "http://h/b",
     "http://H/b", 0},
    /* component conditions */
    {"lib-undefined", "parse", "//h:", NULL, RFC3986_COMPONENT_PORT, "", NULL,
     1},
    {"lib-undefined", "parse", "//h:", NULL, RFC3986_COMPONENT_PORT, "", "", 0},
    {"lib-case-differs", "parse", "//H", NULL, RFC3986_COMPONENT_HOST, "H", "h",
     1},
    {"lib-case-differs", "parse", "//H", NULL, RFC3986_COMPONENT_HOST, "H", "H",
     0},
    {"lib-same-decoded", "parse", "//%41", NULL, RFC3986_COMPONENT_HOST, "%41",
     "A", 1},
    {"lib-same-decoded", "parse", "//%41", NULL, RFC3986_COMPONENT_HOST, "%41",
     "B", 0},
    /* lib-drops-slashes: the reference's output with "/" left out */
    {"lib-drops-slashes", "resolve", ".///", "http://a", OUT, "http://a///",
     "http://a//", 1},
    {"lib-drops-slashes", "resolve", "..//a", "http://a", OUT, "http://a//a",
     "http://a/a", 1},
    {"lib-drops-slashes", "resolve", "a", "http://a/b", OUT, "http://a/a",
     "http://a/a", 0},
    {"lib-drops-slashes", "resolve", "a//", "http://a/b", OUT, "http://a/a//",
     "http://a/b/", 0},
    {"lib-drops-slashes", "resolve", "a//", "http://a/b", OUT, "http://a/a//",
     "http://a/a///", 0},
    /* lib-ipv6-same-address: the same 128 bits in other text */
    {"lib-ipv6-same-address", "parse", "http://[1:0::]/", NULL,
     RFC3986_COMPONENT_HOST, "[1:0::]", "[1::]", 1},
    {"lib-ipv6-same-address", "parse", "http://[::1:ab]/", NULL,
     RFC3986_COMPONENT_HOST, "[::1:ab]", "[::0.1.0.171]", 1},
    {"lib-ipv6-same-address", "parse", "http://[fe80::1%25eth0]/", NULL,
     RFC3986_COMPONENT_HOST, "[fe80::1%25eth0]", "[fe80:0::1%eth0]", 1},
    {"lib-ipv6-same-address", "parse", "http://[::1]/", NULL,
     RFC3986_COMPONENT_HOST, "[::1]", "[::1]", 0},
    {"lib-ipv6-same-address", "parse", "http://[::1]/", NULL,
     RFC3986_COMPONENT_HOST, "[::1]", "[::2]", 0},
    {"lib-ipv6-same-address", "parse", "http://[::1]/", NULL,
     RFC3986_COMPONENT_HOST, "[::1]", "::1", 0},
    {"lib-ipv6-same-address", "parse", "http://[::1]/", NULL,
     RFC3986_COMPONENT_HOST, "[::1]", NULL, 0},
    /* input conditions */
    {"input-backslash", "parse", "http://a\\b@c/", NULL, OUT, NULL, NULL, 1},
    {"input-backslash", "parse", "http://a@b@c/", NULL, OUT, NULL, NULL, 0},
    {"input-dot-segment", "resolve", "a/%2E%2e/b", "http://a/", OUT, NULL, NULL,
     1},
    {"input-dot-segment", "resolve", "a/.b", "http://a/", OUT, NULL, NULL, 0},
};

static void set(struct adapter_reading *r, int comp, const char *v) {
  if (!v && comp != OUT)
    reading_set_null(r, (rfc3986_component)comp);
  if (!v)
    return;
  if (comp == OUT)
    reading_set_output(r, v, strlen(v));
  else
    reading_set(r, (rfc3986_component)comp, v, strlen(v));
}

int main(void) {
  size_t n = sizeof rows / sizeof rows[0];
  int failed = 0;
  printf("1..%zu\n", n);
  for (size_t i = 0; i < n; i++) {
    const struct row *t = &rows[i];
    struct adapter_reading ref, lib;
    reading_init(&ref);
    reading_init(&lib);
    set(&ref, t->comp, t->ref);
    set(&lib, t->comp, t->lib);
    struct cond_ctx x = {
        t->op, t->in, strlen(t->in), t->base, t->base ? strlen(t->base) : 0,
        &ref,  &lib,  t->comp,       NULL};
    cond_fn f = condition_named(t->cond);
    int got = f ? f(&x) != 0 : -1;
    int ok = got == t->holds;
    failed += !ok;
    printf("%s %zu - %s on %s%s%s: %s\n", ok ? "ok" : "not ok", i + 1, t->cond,
           t->in, t->base ? " against " : "", t->base ? t->base : "",
           got < 0 ? "no such condition"
           : got   ? "holds"
                   : "does not hold");
    reading_free(&ref);
    reading_free(&lib);
  }
  return failed ? 1 : 0;
}
