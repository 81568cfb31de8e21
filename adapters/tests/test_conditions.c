/*
 * test_conditions.c: table-driven checks of the condition vocabulary of
 * behaviours.json (adapters/common/conditions.c, adapters/BEHAVIOURS.md).
 * Each row is one disagreement, written out: the op, the input (and base),
 * the reference's and the library's output (resolve, normalize) or one
 * component's values (parse), and whether the named condition holds; then
 * the rows of the transforms (test_transforms.c).
 * TAP out; exit 1 on a failed row.
 */
#include <regex.h>
#include <stdio.h>
#include <string.h>

#include "conditions.h"
#include "predict.h"
#include "test_transforms.h"

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
    /* base-relative: the base has no scheme */
    {"base-relative", "resolve", "c", "a/b", OUT, NULL, "a/c", 1},
    {"base-relative", "resolve", "c", "//h/b", OUT, NULL, "//h/c", 1},
    {"base-relative", "resolve", "c", "http://a/b", OUT, "http://a/c",
     "http://a/d", 0},
    /* lib-target-drops-port: ":" and the digits after the host left out */
    {"lib-target-drops-port", "resolve", "c", "http://a:80/b", OUT,
     "http://a:80/c", "http://a/c", 1},
    {"lib-target-drops-port", "resolve", "", "http://tp://x/b", OUT,
     "http://tp://x/b", "http://tp//x/b", 1},
    {"lib-target-drops-port", "resolve", "b", "http://[::1]:8/a", OUT,
     "http://[::1]:8/b", "http://[::1]/b", 1},
    {"lib-target-drops-port", "resolve", "?q", "http://a:8", OUT,
     "http://a:8?q", "http://a?q", 1},
    {"lib-target-drops-port", "resolve", "b", "http://a/c", OUT, "http://a/b",
     "http://a/", 0},
    {"lib-target-drops-port", "resolve", "b", "http://a:80/c", OUT,
     "http://a:80/b", "http://a:8/b", 0},
    {"lib-target-drops-port", "resolve", "b", "http://a:80/c", OUT,
     "http://a:80/b", "http://b:80/", 0},
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
    {"lib-output-dot-segment", "normalize", "h:a/../..", NULL, OUT, "h:/",
     "h:..", 1},
    {"lib-output-dot-segment", "normalize", "h:a", NULL, OUT, "h:a", "h:b.", 0},
    {"lib-output-dot-segment", "normalize", "a/..", NULL, OUT, "/", "..", 1},
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
    {"target-host-empty", "resolve", ".6", "p://", OUT, "p:///.6", NULL, 1},
    {"target-host-empty", "resolve", ".6", "p://h", OUT, "p://h/.6", NULL, 0},
    {"target-host-empty", "resolve", ".6", "p:/", OUT, "p:/.6", NULL, 0},
    {"target-host-has-pct", "resolve", "#s", "http://%255c/d", OUT,
     "http://%255c/d#s", NULL, 1},
    {"target-host-has-pct", "resolve", "%25", "http://h/d", OUT, "http://h/%25",
     NULL, 0},
    {"target-host-has-pct", "resolve", "g", "a:/b", OUT, "a:/g", NULL, 0},
    /* component conditions */
    {"ref-scheme-not-special", "parse", "s://h/", NULL,
     RFC3986_COMPONENT_SCHEME, "s", "s", 1},
    {"ref-scheme-not-special", "parse", "httpx://h/", NULL,
     RFC3986_COMPONENT_SCHEME, "httpx", "httpx", 1},
    {"ref-scheme-not-special", "parse", "HTTPS://h/", NULL,
     RFC3986_COMPONENT_SCHEME, "HTTPS", "HTTPS", 0},
    {"ref-scheme-not-special", "parse", "//h/", NULL, RFC3986_COMPONENT_SCHEME,
     NULL, NULL, 0},
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
    /* lib-adds-delimiter, lib-drops-delimiter: one of "?#:@/" more, less */
    {"lib-adds-delimiter", "parse", "//h:80", NULL, RFC3986_COMPONENT_PORT,
     "80", ":80", 1},
    {"lib-adds-delimiter", "parse", "//u@h", NULL, RFC3986_COMPONENT_USERINFO,
     "u", "u@", 1},
    {"lib-adds-delimiter", "parse", "//u@h", NULL, RFC3986_COMPONENT_USERINFO,
     "u", "ux", 0},
    {"lib-drops-delimiter", "parse", "http://t:@t", NULL,
     RFC3986_COMPONENT_USERINFO, "t:", "t", 1},
    {"lib-drops-delimiter", "parse", "//:@h", NULL, RFC3986_COMPONENT_USERINFO,
     ":", "", 1},
    {"lib-drops-delimiter", "parse", "s://h/", NULL, RFC3986_COMPONENT_PATH,
     "/", "", 1},
    {"lib-drops-delimiter", "parse", "//=:@h", NULL, RFC3986_COMPONENT_USERINFO,
     "=:", "%3D", 1},
    {"lib-drops-delimiter", "parse", "//::@h", NULL, RFC3986_COMPONENT_USERINFO,
     "::", ":%3A", 0},
    {"lib-drops-delimiter", "parse", "//t;@h", NULL, RFC3986_COMPONENT_USERINFO,
     "t;", "t", 0},
    {"lib-drops-delimiter", "parse", "//t:@h", NULL, RFC3986_COMPONENT_USERINFO,
     "t:", "s", 0},
    {"lib-drops-delimiter", "parse", "//t:@h", NULL, RFC3986_COMPONENT_USERINFO,
     "t:", "t:", 0},
    {"lib-drops-delimiter", "parse", "//t:@h", NULL, RFC3986_COMPONENT_USERINFO,
     "t:", NULL, 0},
    /* lib-target-decoded-drops-slashes: the same once both are decoded */
    {"lib-target-decoded-drops-slashes", "resolve", "..", "http://a%41b", OUT,
     "http://a%41b/", "http://aAb", 1},
    {"lib-target-decoded-drops-slashes", "resolve", "..", "http://ab", OUT,
     "http://ab/", "http://ab", 1},
    {"lib-target-decoded-drops-slashes", "resolve", "..", "http://a%41b", OUT,
     "http://a%41b/", "http://aAb/", 0},
    {"lib-target-decoded-drops-slashes", "resolve", "..", "http://a%41b", OUT,
     "http://a%41b/", "http://aBb", 0},
    /* lib-drops-slashes: the reference's output with "/" left out */
    {"lib-drops-slashes", "resolve", ".///", "http://a", OUT, "http://a///",
     "http://a//", 1},
    {"lib-drops-slashes", "resolve", "..//a", "http://a", OUT, "http://a//a",
     "http://a/a", 1},
    {"lib-drops-slashes", "resolve", "a", "http://a/b", OUT, "http://a/a",
     "http://a/a", 0},
    /* base-dot-segment: a rootless base's first segment counts */
    {"base-dot-segment", "resolve", "?x", "http:.///d", OUT, "http:.///d?x",
     NULL, 1},
    {"base-dot-segment", "resolve", "?x", "http://a/b/../c", OUT,
     "http://a/b/../c?x", NULL, 1},
    {"base-dot-segment", "resolve", "?x", "http://a/.b/c", OUT,
     "http://a/.b/c?x", NULL, 0},
    /* lib-adds-slashes: the converse */
    {"lib-adds-slashes", "normalize", "http://h/a/./b/../c", NULL, OUT,
     "http://h/a/c", "http://h/a//c", 1},
    {"lib-adds-slashes", "normalize", "http://h/a/c", NULL, OUT, "http://h/a/c",
     "http://h/a/c", 0},
    {"lib-adds-slashes", "resolve", "..//a", "http://a", OUT, "http://a//a",
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
    /* lib-dot-segments-removed: the reference's component after 5.2.4 */
    {"lib-dot-segments-removed", "parse", "h:a/../..", NULL,
     RFC3986_COMPONENT_PATH, "a/../..", "/", 1},
    {"lib-dot-segments-removed", "parse", "file:.", NULL,
     RFC3986_COMPONENT_PATH, ".", "", 1},
    {"lib-dot-segments-removed", "parse", "h:a/../..", NULL,
     RFC3986_COMPONENT_PATH, "a/../..", "", 0},
    {"lib-dot-segments-removed", "parse", "h:a/b", NULL, RFC3986_COMPONENT_PATH,
     "a/b", "a/b", 0},
    {"lib-dot-segments-removed", "parse", "h:a/./b", NULL,
     RFC3986_COMPONENT_PATH, "a/./b", NULL, 0},
    /* lib-target-is-reference: the base left out */
    {"lib-target-is-reference", "resolve", "b", "a:\001", OUT, NULL, "b", 1},
    {"lib-target-is-reference", "resolve", "b", "http://a/", OUT, "http://a/b",
     "http://a/b", 0},
    {"lib-target-is-reference", "resolve", "b", "http://a/", OUT, "http://a/b",
     "bb", 0},
    {"lib-target-is-reference", "resolve", "/a:", "a:\001", OUT, NULL, "/a%3A",
     1},
    /* lib-target-same-decoded: the outputs, once percent-decoded */
    {"lib-target-same-decoded", "resolve", "", "a:/b/c:", OUT,
     "a:/b/c:", "a:/b/c%3A", 1},
    {"lib-target-same-decoded", "resolve", "", "a:/b/c:", OUT,
     "a:/b/c:", "a:/b/c%3B", 0},
    {"lib-target-same-decoded", "resolve", "", "a:/b", OUT, "a:/b", "a:/b", 0},
    /* input-or-base-not-uri-char, input-or-base-bracket: either string */
    {"input-or-base-not-uri-char", "resolve", "b", "a:\x8c", OUT, NULL, NULL,
     1},
    {"input-or-base-not-uri-char", "resolve", "b c", "a:b", OUT, NULL, NULL, 1},
    {"input-or-base-not-uri-char", "resolve", "b", "a:b", OUT, NULL, NULL, 0},
    {"input-or-base-bracket", "resolve", "b", "a:[b", OUT, NULL, NULL, 1},
    {"input-or-base-bracket", "resolve", "]", "a:b", OUT, NULL, NULL, 1},
    {"input-or-base-bracket", "resolve", "b", "a:b", OUT, NULL, NULL, 0},
    /* lib-pct-decoded: the reference's component decoded once */
    {"lib-pct-decoded", "parse", "http://%25127.1/", NULL,
     RFC3986_COMPONENT_HOST, "%25127.1", "%127.1", 1},
    {"lib-pct-decoded", "parse", "http://%41/", NULL, RFC3986_COMPONENT_HOST,
     "%41", "A", 1},
    {"lib-pct-decoded", "parse", "http://%41/", NULL, RFC3986_COMPONENT_HOST,
     "%41", "%41", 0},
    {"lib-pct-decoded", "parse", "http://a/", NULL, RFC3986_COMPONENT_HOST, "a",
     "a", 0},
    {"lib-pct-decoded", "parse", "http://%41/", NULL, RFC3986_COMPONENT_HOST,
     "%41", "B", 0},
    {"input-or-base-bad-pct", "resolve", "b", "a:%4", OUT, NULL, NULL, 1},
    {"input-or-base-bad-pct", "resolve", "%y", "a:b", OUT, NULL, NULL, 1},
    {"input-or-base-bad-pct", "resolve", "%41", "a:%42", OUT, NULL, NULL, 0},
    {"input-or-base-second-hash", "resolve", "q", "http:/a#b#c", OUT, NULL,
     NULL, 1},
    {"input-or-base-second-hash", "resolve", "q##", "http:/a", OUT, NULL, NULL,
     1},
    {"input-or-base-second-hash", "resolve", "q#r", "http:/a#b", OUT, NULL,
     NULL, 0},
    {"input-utf8-non-ascii", "parse", "/\xc3\xa9", NULL, OUT, NULL, NULL, 1},
    {"input-utf8-non-ascii", "parse", "/\xe9", NULL, OUT, NULL, NULL, 0},
    {"input-utf8-non-ascii", "parse", "/e", NULL, OUT, NULL, NULL, 0},
    {"input-utf8", "parse", "/e", NULL, OUT, NULL, NULL, 1},
    {"input-utf8", "parse", "/\xc3\xa9", NULL, OUT, NULL, NULL, 1},
    {"input-utf8", "parse", "/\xe9", NULL, OUT, NULL, NULL, 0},
    {"input-rejected", "parse", "s://h:1x/p", NULL, OUT, NULL, NULL, 1},
    {"input-rejected", "parse", "s://h:1/p", NULL, OUT, NULL, NULL, 0},
    {"input-pct-decoded-utf8", "parse", "/%C3%A9\xc3\xa9%g", NULL, OUT, NULL,
     NULL, 1},
    {"input-pct-decoded-utf8", "parse", "/%E9", NULL, OUT, NULL, NULL, 0},
    {"input-pct-decoded-utf8", "parse", "/\xe9", NULL, OUT, NULL, NULL, 0},
    {"input-pct-decoded-utf8", "parse", "/%00", NULL, OUT, NULL, NULL, 0},
    {"base-userinfo-empty", "resolve", "g", "http://@a/b", OUT, NULL, NULL, 1},
    {"base-userinfo-empty", "resolve", "g", "//@a", OUT, NULL, NULL, 1},
    {"base-userinfo-empty", "resolve", "g", "http://u@a/b", OUT, NULL, NULL, 0},
    {"base-userinfo-empty", "resolve", "g", "http:/@a", OUT, NULL, NULL, 0},
    {"input-or-base-pct-delim", "resolve", "g", "http://a%00d;", OUT, NULL,
     NULL, 1},
    {"input-or-base-pct-delim", "resolve", "%00", "a:b", OUT, NULL, NULL, 1},
    {"input-or-base-pct-delim", "resolve", "g", "a:/b%2fc", OUT, NULL, NULL, 1},
    {"input-or-base-pct-delim", "resolve", "%0", "a:%10", OUT, NULL, NULL, 0},
    /* base-pct-dot-segment: a dot segment of the base with a "%2E" in it */
    {"base-pct-dot-segment", "resolve", ".6", "hp:/%2E/", OUT, NULL, NULL, 1},
    {"base-pct-dot-segment", "resolve", "d", "http://a/b/.%2e/c", OUT, NULL,
     NULL, 1},
    {"base-pct-dot-segment", "resolve", "d", "http://a/b/%2E?q", OUT, NULL,
     NULL, 1},
    {"base-pct-dot-segment", "resolve", "d", "http://a/b/./c", OUT, NULL, NULL,
     0},
    {"base-pct-dot-segment", "resolve", "d", "http://a/b/%2E%2E%2E/c", OUT,
     NULL, NULL, 0},
    {"base-pct-dot-segment", "resolve", "d", "http://a/b/a%2E/c", OUT, NULL,
     NULL, 0},
    {"base-pct-dot-segment", "resolve", "%2E/d", "http://a/b/c", OUT, NULL,
     NULL, 0},
    {"base-has-authority", "resolve", "g", "http://a/b", OUT, NULL, NULL, 1},
    {"base-has-authority", "resolve", "g", "a:/b", OUT, NULL, NULL, 0},
    {"base-has-authority", "resolve", "g", "/b", OUT, NULL, NULL, 0},
    {"base-invalid", "resolve", "g", "a:b c", OUT, NULL, NULL, 1},
    {"base-invalid", "resolve", "g", "/b", OUT, NULL, NULL, 1},
    {"base-invalid", "resolve", "g", "a:b", OUT, NULL, NULL, 0},
    /* input conditions */
    {"input-backslash", "parse", "http://a\\b@c/", NULL, OUT, NULL, NULL, 1},
    {"input-backslash", "parse", "http://a@b@c/", NULL, OUT, NULL, NULL, 0},
    {"input-dot-segment", "resolve", "a/%2E%2e/b", "http://a/", OUT, NULL, NULL,
     1},
    {"input-dot-segment", "resolve", "a/.b", "http://a/", OUT, NULL, NULL, 0},
    {"input-scheme-one-letter", "parse", "s://h/", NULL, OUT, NULL, NULL, 1},
    {"input-scheme-one-letter", "parse", "C:", NULL, OUT, NULL, NULL, 1},
    {"input-scheme-one-letter", "parse", "ss://h/", NULL, OUT, NULL, NULL, 0},
    {"input-scheme-one-letter", "parse", "1:x", NULL, OUT, NULL, NULL, 0},
    {"input-scheme-one-letter", "parse", "s", NULL, OUT, NULL, NULL, 0},
    /* input-scheme-path-query-valid: neon checks these only */
    {"input-scheme-path-query-valid", "parse", "http://[1:ab]/p", NULL, OUT,
     NULL, NULL, 1},
    {"input-scheme-path-query-valid", "parse", "s://h/a%zz?q%#a b", NULL, OUT,
     NULL, NULL, 1},
    {"input-scheme-path-query-valid", "parse", "s://h/a b", NULL, OUT, NULL,
     NULL, 0},
    {"input-scheme-path-query-valid", "parse", "s://h/p?a<b", NULL, OUT, NULL,
     NULL, 0},
    {"input-scheme-path-query-valid", "parse", "1s://h/p", NULL, OUT, NULL,
     NULL, 0},
    /* input-scheme-authority-valid: libevent, nonconformant, checks these */
    {"input-scheme-authority-valid", "parse", "s://h/a b?<#>", NULL, OUT, NULL,
     NULL, 1},
    {"input-scheme-authority-valid", "parse", "s://a b/p", NULL, OUT, NULL,
     NULL, 0},
    {"input-scheme-authority-valid", "parse", "1a:b", NULL, OUT, NULL, NULL, 0},
    {"input-scheme-authority-valid", "parse", "a b", NULL, OUT, NULL, NULL, 1},
    /* a parse has no base: a base condition does not hold (no NULL read) */
    {"base-no-authority", "parse", "a:b", NULL, OUT, NULL, NULL, 0},
    {"no-base", "parse", "p", NULL, OUT, NULL, NULL, 1},
    {"no-base", "resolve", "p", "http://a/", OUT, NULL, NULL, 0},
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

/* A behaviour's input expression reads every octet of the input, past a
 * NUL too, as --infer's octet conditions do: "[@]" holds on "s://a\0b@h/p". */
static int input_re_past_nul(size_t k) {
  regex_t re;
  if (regcomp(&re, "[@]", REG_EXTENDED | REG_NOSUB))
    return 1;
  static const char in[] = "s://a\0b@h/p";
  struct behaviour_rule b = {"t", "parse", NULL, &re, NULL};
  struct cond_ctx x = {"parse", in,   sizeof in - 1, NULL, 0,
                       NULL,    NULL, OUT,           NULL, 0};
  int ok = behaviour_holds(&b, &x) == 1;
  regfree(&re);
  printf("%s %zu - input_matches \"[@]\" on s://a\\0b@h/p: past the NUL\n",
         ok ? "ok" : "not ok", k);
  return !ok;
}

int main(void) {
  size_t n = sizeof rows / sizeof rows[0];
  size_t pn = transform_rows();
  int failed = 0;
  printf("1..%zu\n", n + pn + 1);
  for (size_t i = 0; i < n; i++) {
    const struct row *t = &rows[i];
    struct adapter_reading ref, lib;
    reading_init(&ref);
    reading_init(&lib);
    set(&ref, t->comp, t->ref);
    set(&lib, t->comp, t->lib);
    struct cond_ctx x = {
        t->op, t->in, strlen(t->in), t->base, t->base ? strlen(t->base) : 0,
        &ref,  &lib,  t->comp,       NULL,    0};
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
  failed += transform_rows_check(n + 1);
  failed += input_re_past_nul(n + pn + 1);
  return failed ? 1 : 0;
}
