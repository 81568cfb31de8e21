/*
 * test_conditions.c: table-driven checks of the condition vocabulary of
 * behaviours.json (adapters/common/conditions.c, adapters/BEHAVIOURS.md).
 * Each row is one disagreement, written out: the op, the input (and base),
 * the reference's and the library's output (resolve, normalize) or one
 * component's values (parse), and whether the named condition holds; then
 * rows of the transforms (adapters/common/predict.c): the reading a
 * prediction computes, written out by hand.
 * TAP out; exit 1 on a failed row.
 */
#include <regex.h>
#include <stdio.h>
#include <string.h>

#include "conditions.h"
#include "predict.h"

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

/* A transform's rows: the prediction of the transforms named (comma
 * separated) on the op's input, and one component (OUT: the output) of
 * it, written out by hand; NULL: undefined, or no output. */
struct prow {
  const char *transforms, *op, *in, *base;
  int comp;
  const char *want;
};
#define SCHEME RFC3986_COMPONENT_SCHEME
#define AUTH RFC3986_COMPONENT_AUTHORITY
#define USER RFC3986_COMPONENT_USERINFO
#define HOST RFC3986_COMPONENT_HOST
#define PORT RFC3986_COMPONENT_PORT
#define PATH RFC3986_COMPONENT_PATH
#define QUERY RFC3986_COMPONENT_QUERY
#define FRAG RFC3986_COMPONENT_FRAGMENT
#define DOT "empty-first-segment-dot-prefixed"
#define UTF8 "all-pct-decoded-where-utf8"
#define AIS "authority-implied-after-scheme"
#define FDS "final-dot-segment-slash-dropped"
#define FDR "final-dot-segment-root-dropped"
#define PLD "appendix-b-split,port-leading-digits-only"
#define PSETS "appendix-b-split,pct-encode-sets-by-component"
#define PORTD "appendix-b-split,port-digits-only"
#define IPV4Z "ipv4-leading-zeros-dropped"
#define NPHE "appendix-b-split,network-path-as-path-host-empty"
#define BWANM "base-without-authority-not-merged"
#define UIRC "userinfo-uri-component-recoded"
#define PEOR "appendix-b-split,pct-encode-outside-component-rule"
#define HCUT "appendix-b-split,host-cut-at-non-hostname-octet"
static const struct prow prows[] = {
    /* relative-as-http: tcllib's uri::split */
    {"relative-as-http", "parse", "awb/c", NULL, SCHEME, "http"},
    {"relative-as-http", "parse", "awb/c", NULL, HOST, "awb"},
    {"relative-as-http", "parse", "awb/c", NULL, PATH, "/c"},
    {"relative-as-http", "parse", "//h/p", NULL, HOST, "h"},
    {"relative-as-http", "parse", "/p", NULL, HOST, ""},
    {"relative-as-http", "parse", "a:b", NULL, HOST, NULL},
    /* authority-ends-at-slash: LuaSocket's url.parse */
    {"authority-ends-at-slash", "parse", "//h?q/p", NULL, AUTH, "h?q"},
    {"authority-ends-at-slash", "parse", "//h?q/p", NULL, PATH, "/p"},
    {"authority-ends-at-slash", "parse", "//h?q/p", NULL, QUERY, NULL},
    {"authority-ends-at-slash", "parse", "s://h:1?2/p", NULL, PORT, "1?2"},
    {"authority-ends-at-slash", "parse", "s://u@h#f", NULL, HOST, "h#f"},
    {"authority-ends-at-slash", "parse", "//h/p?q#f", NULL, QUERY, "q"},
    /* relative-as-file, path-rooted, all-pct-decoded-where-utf8 (UTF8):
     * vscode-uri's URI.parse */
    {"relative-as-file", "parse", "p/q", NULL, SCHEME, "file"},
    {"relative-as-file", "parse", "//h/p", NULL, HOST, "h"},
    {"relative-as-file,path-rooted", "parse", "p/q", NULL, PATH, "/p/q"},
    {"path-rooted", "parse", "http://h", NULL, PATH, "/"},
    {"path-rooted", "parse", "s:/p", NULL, PATH, "/p"},
    {UTF8, "parse", "s://h/%C3%A9%41", NULL, PATH,
     "/\xc3\xa9"
     "A"},
    {UTF8, "parse", "s://h/%C3%A9%FF", NULL, PATH, "/%C3%A9%FF"},
    {UTF8, "parse", "s://h/%81%41", NULL, PATH, "/%81A"},
    {UTF8, "parse", "s://%41@h%2e/", NULL, USER, "A"},
    {UTF8, "parse", "s://%41@h%2e/", NULL, HOST, "h."},
    /* authority-implied-after-scheme (AIS): Node's legacy url.parse */
    {AIS, "parse", "s:h/p", NULL, HOST, "h"},
    {AIS, "parse", "s:/p", NULL, HOST, ""},
    {AIS, "parse", "s:/p", NULL, PATH, "/p"},
    {AIS, "parse", "s://h/p", NULL, PATH, "/p"},
    {AIS, "parse", "HTTP:h/p", NULL, PATH, "h/p"},
    {AIS, "parse", "javascript:x", NULL, HOST, NULL},
    /* empty-userinfo-in-host, non-digit-port-in-host: Mojo::URL */
    {"empty-userinfo-in-host", "parse", "//@h/p", NULL, HOST, "@h"},
    {"empty-userinfo-in-host", "parse", "//@h/p", NULL, USER, NULL},
    {"empty-userinfo-in-host", "parse", "//u@h/p", NULL, HOST, "h"},
    {"non-digit-port-in-host", "parse", "//h:/p", NULL, HOST, "h:"},
    {"non-digit-port-in-host", "parse", "//h:/p", NULL, PORT, NULL},
    {"appendix-b-split,non-digit-port-in-host", "parse", "//h:1a/p", NULL, HOST,
     "h:1a"},
    {"non-digit-port-in-host", "parse", "//h:08/p", NULL, PORT, "08"},
    {"non-digit-port-in-host", "parse", "//[::1]:/p", NULL,
     RFC3986_COMPONENT_HOST_TYPE, "IPv6address"},
    /* registry-authority: java.net.URI (RFC 2396 3.2) */
    {"registry-authority", "parse", "//u@:8/p", NULL, AUTH, "u@:8"},
    {"registry-authority", "parse", "//u@:8/p", NULL, HOST, NULL},
    {"registry-authority", "parse", "//u@:8/p", NULL, USER, NULL},
    {"registry-authority", "parse", "//u@:8/p", NULL, PORT, NULL},
    {"registry-authority", "parse", "s:p", NULL, HOST, NULL},
    /* empty-authority-parts-dropped: Elixir's URI struct */
    {"empty-authority-parts-dropped", "parse", "//@:/p", NULL, USER, NULL},
    {"empty-authority-parts-dropped", "parse", "//@:/p", NULL, HOST, NULL},
    {"empty-authority-parts-dropped", "parse", "//@:/p", NULL, PORT, NULL},
    {"empty-authority-parts-dropped", "parse", "//@:/p", NULL, AUTH, "@:"},
    {"empty-authority-parts-dropped", "parse", "//u@h:8", NULL, PORT, "8"},
    /* final-dot-segment-slash-dropped: Elixir's URI.merge */
    {"final-dot-segment-slash-dropped", "resolve", "a/b/..", "http://a", OUT,
     "http://a/a"},
    {"final-dot-segment-slash-dropped", "resolve", "/b//.", "http://a", OUT,
     "http://a/b/"},
    {"final-dot-segment-slash-dropped", "resolve", "a/b/", "http://a", OUT,
     "http://a/a/b/"},
    {"final-dot-segment-slash-dropped", "resolve", "..", "http://a/b", OUT,
     "http://a/"},
    /* final-dot-segment-root-dropped (FDR), port-leading-digits-only:
     * Elixir's URI.merge and URI.new */
    {FDS "," FDR, "resolve", "a/..", "http://a", OUT, "http://a"},
    {FDS "," FDR, "resolve", "/b/.", "http://a", OUT, "http://a/b"},
    {FDS "," FDR, "resolve", "..//.", "http://a", OUT, "http://a/"},
    {FDS "," FDR, "resolve", "/", "http://a/b", OUT, "http://a/"},
    {PLD, "parse", "s://h:1a2/p", NULL, PORT, "1"},
    {PLD, "parse", "s://h:1a2/p", NULL, AUTH, "h:1a2"},
    {PLD, "parse", "s://h:a/p", NULL, PORT, ""},
    {"port-leading-digits-only", "parse", "s://h:08/p", NULL, PORT, "08"},
    /* port-non-digit-starts-path: Spring's UriComponentsBuilder */
    {"appendix-b-split,port-non-digit-starts-path", "parse", "s://h:1a2/p",
     NULL, PORT, "1"},
    {"appendix-b-split,port-non-digit-starts-path", "parse", "s://h:1a2/p",
     NULL, PATH, "a2/p"},
    {"appendix-b-split,port-non-digit-starts-path", "parse", "s://h:x", NULL,
     PATH, "x"},
    {"port-non-digit-starts-path", "parse", "s://h:8/p", NULL, PATH, "/p"},
    /* ip-literal-read-as-path: ocaml-uri */
    {"ip-literal-read-as-path", "parse", "//u@[::1]:8/p", NULL, PATH,
     "%5B::1%5D:8/p"},
    {"ip-literal-read-as-path", "parse", "//u@[::1]:8/p", NULL, HOST, ""},
    {"ip-literal-read-as-path", "parse", "//u@[::1]:8/p", NULL, PORT, NULL},
    {"ip-literal-read-as-path", "parse", "//u@[::1]:8/p", NULL, AUTH, "u@"},
    {"ip-literal-read-as-path", "parse", "//[v1.x]", NULL, PATH, "%5Bv1.x%5D"},
    {"ip-literal-read-as-path", "parse", "//h:8/p", NULL, PATH, "/p"},
    /* empty-host-authority-dropped: Jetty's HttpURI */
    {"empty-host-authority-dropped", "parse", "//u@:8/p", NULL, AUTH, NULL},
    {"empty-host-authority-dropped", "parse", "//u@:8/p", NULL, USER, NULL},
    {"empty-host-authority-dropped", "parse", "//u@:8/p", NULL, PORT, NULL},
    {"empty-host-authority-dropped", "parse", "//u@:8/p", NULL, PATH, "/p"},
    {"empty-host-authority-dropped", "parse", "//u@h:8/p", NULL, PORT, "8"},
    /* path-pct-recoded: ocaml-uri */
    {"path-pct-recoded", "parse", "s://h/%2f%41%ff%3F%25", NULL, PATH,
     "//A%FF%3F%25"},
    {"path-pct-recoded", "parse", "s:a%3a@%7e", NULL, PATH, "a:@~"},
    /* reference-not-resolved: Python's urljoin against an unknown scheme */
    {"reference-not-resolved", "resolve", "b/../c", "a:/b/c/d", OUT, "b/../c"},
    {"reference-not-resolved", "resolve", "//h/p", "a:/b", OUT, "//h/p"},
    /* host-case-kept: network-uri's normalizeCase */
    {"host-case-kept", "normalize", "HTTP://A%41b%2e/", NULL, OUT,
     "http://AAb./"},
    {"host-case-kept", "normalize", "http://Ex%c3%a9/%7eA", NULL, OUT,
     "http://Ex%C3%A9/~A"},
    /* host-lowercased-before-pct-decoded: Erlang's uri_string:normalize */
    {"host-lowercased-before-pct-decoded", "normalize", "HTTP://A%41%2eB/%41",
     NULL, OUT, "http://aA.b/A"},
    /* empty-authority-written: Go's URL.String */
    {"empty-authority-written", "resolve", "g", "a:/b/c", OUT, "a:///b/g"},
    {"empty-authority-written", "resolve", "g", "a:b", OUT, "a:g"},
    {"empty-authority-written", "parse", "s:/p", NULL, HOST, ""},
    {"empty-authority-written", "parse", "//h/p", NULL, SCHEME, NULL},
    /* bad-scheme-dropped: perl URI's path method */
    {"bad-scheme-dropped", "parse", "{a:b", NULL, PATH, "b"},
    {"bad-scheme-dropped", "parse", "{a:b", NULL, SCHEME, NULL},
    {"bad-scheme-dropped", "parse", "a:b", NULL, SCHEME, "a"},
    /* fragment-not-split: Go's ParseRequestURI */
    {"fragment-not-split", "parse", "s://h/p?q#f", NULL, QUERY, "q#f"},
    {"fragment-not-split", "parse", "s://h/p?q#f", NULL, FRAG, NULL},
    {"fragment-not-split", "parse", "s://h/p#f", NULL, PATH, "/p%23f"},
    {"fragment-not-split", "parse", "s://h/p", NULL, PATH, "/p"},
    /* empty-first-segment-dot-prefixed (DOT): uriparser's FixAmbiguity */
    {DOT, "resolve", "..//", "http://a", OUT, "http://a/.//"},
    {DOT, "resolve", "..///b", "http://a", OUT, "http://a/.///b"},
    {DOT, "resolve", "..//b", "http://a", OUT, "http://a//b"},
    {DOT, "resolve", "..//x", "a:/b", OUT, "a:/.//x"},
    {DOT, "resolve", "../", "a:/b/c", OUT, "a:/./"},
    {DOT, "resolve", "../..", "a:/b/c/d", OUT, "a:/./"},
    {DOT, "resolve", "..", "a:/b", OUT, "a:/"},
    {DOT, "resolve", "./.", "a:/b", OUT, "a:/"},
    {DOT, "resolve", "../..", "a:/b/c", OUT, "a:/"},
    {DOT, "resolve", "/.//", "a:/b", OUT, "a://"},
    /* host-punycode: RFC 3492's "bücher", a Latin-1 octet */
    {"host-pct-decoded,host-punycode", "parse", "http://b%FCcher.de/", NULL,
     HOST, "xn--bcher-kva.de"},
    {"host-pct-decoded,host-punycode", "parse", "http://A%D5B/", NULL, HOST,
     "xn--AB-lha"},
    {"host-pct-decoded,host-punycode", "parse", "http://a%2Ab/", NULL, HOST,
     "a*b"},
    {"host-pct-decoded,host-punycode", "normalize", "http://A%D5B/", NULL, OUT,
     "http://xn--ab-lha/"},
    /* unreserved-pct-decoded, non-graphic-pct-encoded: libsoup's
     * uri_normalized_copy */
    {"unreserved-pct-decoded", "parse", "http://h%41/%41%2F?%7e#%61", NULL,
     PATH, "/A%2F"},
    {"unreserved-pct-decoded", "parse", "http://h%41/%41%2F?%7e#%61", NULL,
     QUERY, "~"},
    {"unreserved-pct-decoded", "parse", "http://h%41/%41%2F?%7e#%61", NULL,
     HOST, "h%41"},
    {"appendix-b-split,non-graphic-pct-encoded", "parse",
     "s://a b@h/p q?r\x7fs#\xc3", NULL, USER, "a b"},
    {"appendix-b-split,non-graphic-pct-encoded", "parse",
     "s://a b@h/p q?r\x7fs#\xc3", NULL, PATH, "/p%20q"},
    {"appendix-b-split,non-graphic-pct-encoded", "parse",
     "s://a b@h/p q?r\x7fs#\xc3", NULL, QUERY, "r%7Fs"},
    {"appendix-b-split,non-graphic-pct-encoded", "parse",
     "s://a b@h/p q?r\x7fs#\xc3", NULL, FRAG, "%C3"},
    /* authority-after-any-scheme, port-cut-at-non-digit,
     * ip-literal-not-ipv6-unbracketed: wget_iri_parse */
    {"authority-after-any-scheme", "parse", "http:h/p", NULL, HOST, "h"},
    {"authority-after-any-scheme", "parse", "http:h/p", NULL, PATH, "/p"},
    {"authority-after-any-scheme", "parse", "s:/h", NULL, HOST, "h"},
    {"authority-after-any-scheme", "parse", "s:///h/p", NULL, PATH, "/p"},
    {"authority-after-any-scheme", "parse", "s://h/p", NULL, PATH, "/p"},
    {"authority-after-any-scheme", "parse", "p/q", NULL, HOST, NULL},
    {"appendix-b-split,port-cut-at-non-digit", "parse", "//h:1a2/p", NULL, PORT,
     "1"},
    {"appendix-b-split,port-cut-at-non-digit", "parse", "//h:1a2/p", NULL, AUTH,
     "h:1"},
    {"appendix-b-split,port-cut-at-non-digit", "parse", "//h:a/p", NULL, PORT,
     NULL},
    {"port-cut-at-non-digit", "parse", "//h:08/p", NULL, PORT, "08"},
    {"port-cut-at-non-digit", "parse", "//h:/p", NULL, PORT, ""},
    {"appendix-b-split,ip-literal-not-ipv6-unbracketed", "parse", "//[1:ab]/p",
     NULL, HOST, "1:ab"},
    {"appendix-b-split,ip-literal-not-ipv6-unbracketed", "parse", "//[1:ab]/p",
     NULL, RFC3986_COMPONENT_HOST_TYPE, "reg-name"},
    {"ip-literal-not-ipv6-unbracketed", "parse", "//[v1.x]/p", NULL, HOST,
     "v1.x"},
    {"ip-literal-not-ipv6-unbracketed", "parse", "//[::1]/p", NULL, HOST,
     "[::1]"},
    /* bad-userinfo-in-host, port-of-empty-host-in-host,
     * fragment-cut-at-bad-octet: neon */
    {"appendix-b-split,bad-userinfo-in-host", "parse", "//a b@h/p", NULL, HOST,
     "a b@h"},
    {"appendix-b-split,bad-userinfo-in-host", "parse", "//a b@h/p", NULL, USER,
     NULL},
    {"bad-userinfo-in-host", "parse", "//a:%41@h/p", NULL, USER, "a:%41"},
    {"port-of-empty-host-in-host", "parse", "//u@:8/p", NULL, HOST, ":8"},
    {"port-of-empty-host-in-host", "parse", "//u@:8/p", NULL, PORT, NULL},
    {"port-of-empty-host-in-host", "parse", "//u@:8/p", NULL, AUTH, "u@:8"},
    {"port-of-empty-host-in-host", "parse", "//h:8/p", NULL, PORT, "8"},
    {"appendix-b-split,fragment-cut-at-bad-octet", "parse", "/p#a/?@%b c", NULL,
     FRAG, "a/?@%b"},
    {"appendix-b-split,fragment-cut-at-bad-octet", "parse", "/p#a#b", NULL,
     FRAG, "a"},
    /* empty-host-authority-dropped: libxml2 */
    {"empty-host-authority-dropped", "parse", "//u@:8/p", NULL, AUTH, NULL},
    {"empty-host-authority-dropped", "parse", "//u@:8/p", NULL, USER, NULL},
    {"empty-host-authority-dropped", "parse", "//u@:8/p", NULL, PORT, NULL},
    {"empty-host-authority-dropped", "parse", "//u@:8/p", NULL, PATH, "/p"},
    {"empty-host-authority-dropped", "parse", "//u@h:8/p", NULL, PORT, "8"},
    /* hostless-authority-dropped: yarl.URL; scheme-and-authority-dropped:
     * httpx's URL.join on a base without a host */
    {"hostless-authority-dropped", "parse", "//:8/p", NULL, AUTH, NULL},
    {"empty-authority-dropped", "parse", "s:///p", NULL, HOST, NULL},
    {"empty-authority-dropped", "parse", "//:/p", NULL, AUTH, ":"},
    {"hostless-authority-dropped", "parse", "//:8/p", NULL, PORT, NULL},
    {"hostless-authority-dropped", "parse", "s://u@:8/p", NULL, PORT, "8"},
    {"scheme-and-authority-dropped", "parse", "a://h/p", NULL, SCHEME, NULL},
    {"scheme-and-authority-dropped", "resolve", "//h/p?q", "a:/b", OUT, "/p?q"},
    {"empty-port-unset", "parse", "//h:/p", NULL, PORT, NULL},
    {"empty-port-unset", "parse", "//h:/p", NULL, AUTH, "h:"},
    /* last-dot-dot-kept, empty-base-path-merged-bare: werkzeug's url_join */
    {"last-dot-dot-kept", "resolve", "a/..", "http://a/b/c/d;p?q", OUT,
     "http://a/b/c/a/.."},
    {"last-dot-dot-kept", "resolve", "/../a", "http://h/", OUT, "http://h/a"},
    {"last-dot-dot-kept", "resolve", "b/./../x", "http://h/", OUT,
     "http://h/x"},
    {"empty-base-path-merged-bare", "resolve", "..", "http://a", OUT,
     "http://a"},
    {"empty-base-path-merged-bare", "resolve", "a/b", "http://a", OUT,
     "http://a/a/b"},
    /* controls-as-underscore: PHP's parse_url */
    {"controls-as-underscore,bad-scheme-as-path", "parse",
     "\x01"
     "a:b",
     NULL, PATH, "_a:b"},
    {"controls-as-underscore", "parse", "s://h/p#a\x7f\tb", NULL, FRAG, "a__b"},
    /* dot-segments-paired: libsoup 2's remove_dot_segments */
    {"dot-segments-paired", "resolve", "..//../..", "http://a/b/c/d;p?q", OUT,
     "http://a/b//../.."},
    {"dot-segments-paired", "resolve", "/.", "http://a/b", OUT, "http://a/."},
    {"dot-segments-paired", "resolve", "../../g", "http://a/b/c/d", OUT,
     "http://a/g"},
    /* ipv6-url-serialized: the URL Standard's IPv6 serializer */
    {"ipv6-url-serialized", "parse", "http://[::FFFF:1.2.3.4]/", NULL, HOST,
     "[::ffff:102:304]"},
    {"ipv6-url-serialized", "parse", "http://[1:0:0:2:0:0:0:3]/", NULL, HOST,
     "[1:0:0:2::3]"},
    {"ipv6-url-serialized", "parse", "http://[::ab:FFF]/", NULL, HOST,
     "[::ab:fff]"},
    /* whitespace-trimmed: GLib's and libsoup's clean-up */
    {"whitespace-trimmed", "parse", " \x0bs://h/a\n\f", NULL, PATH, "/a"},
    {"whitespace-trimmed,appendix-b-split,bad-scheme-as-path", "parse",
     " \x01a:b", NULL, PATH, "\x01a:b"},
    /* path-pchar-pct-decoded: furl's path, decoded and quoted again */
    {"path-pchar-pct-decoded", "parse", "http://h/%2a%2f%41%e9?%2a", NULL, PATH,
     "/*%2FA%E9"},
    {"path-pchar-pct-decoded", "parse", "http://h/%2a%2f%41%e9?%2a", NULL,
     QUERY, "%2a"},
    /* pct-encode-sets-by-component (PSETS): the URL Standard's sets */
    {PSETS, "parse", "s://a^b:c:d@h/p^{}|?q'^`#f`^", NULL, USER, "a%5Eb:c%3Ad"},
    {PSETS, "parse", "s://a^b:c:d@h/p^{}|?q'^`#f`^", NULL, PATH,
     "/p%5E%7B%7D|"},
    {PSETS, "parse", "s://a^b:c:d@h/p^{}|?q'^`#f`^", NULL, QUERY, "q'^`"},
    {PSETS, "parse", "s://a^b:c:d@h/p^{}|?q'^`#f`^", NULL, FRAG, "f%60^"},
    {PSETS, "parse", "http://h/?q'<", NULL, QUERY, "q%27%3C"},
    {PSETS, "parse", "s:a^b\x01 \xc3", NULL, PATH, "a^b%01 %C3"},
    /* port-digits-only (PORTD): a port cut at its first non-digit */
    {PORTD, "parse", "s://u:v@h:1a:2/p", NULL, PORT, "1"},
    {PORTD, "parse", "s://u:v@h:1a:2/p", NULL, HOST, "h"},
    {PORTD, "parse", "s://u:v@h:1a:2/p", NULL, USER, "u:v"},
    {PORTD, "parse", "s://u:v@h:1a:2/p", NULL, PATH, "a:2/p"},
    {PORTD, "parse", "s://[::1]:8x", NULL, PORT, "8"},
    {PORTD, "parse", "s://[::1]:8x", NULL, PATH, "x"},
    {PORTD, "parse", "s://h:x/p", NULL, PORT, ""},
    {PORTD, "parse", "s://h:12/p", NULL, PORT, "12"},
    /* ipv4-leading-zeros-dropped: decimal, not octal */
    {IPV4Z, "parse", "http://060.01.1.001/", NULL, HOST, "60.1.1.1"},
    {IPV4Z, "parse", "http://060.1.1/", NULL, HOST, "060.1.1"},
    {IPV4Z, "parse", "http://060.1.1.256/", NULL, HOST, "060.1.1.256"},
    {PSETS, "parse",
     "s://a\x02"
     "b\x7f/",
     NULL, HOST, "a%02b%7F"},
    {PSETS, "parse",
     "http://a\x02"
     "b/",
     NULL, HOST,
     "a\x02"
     "b"},
    /* url-parse: network-path-as-path-host-empty (NPHE),
     * base-without-authority-not-merged (BWANM),
     * userinfo-uri-component-recoded (UIRC) */
    {NPHE, "parse", "//h/p?q", NULL, PATH, "//h/p"},
    {NPHE, "parse", "//h/p?q", NULL, HOST, ""},
    {NPHE, "parse", "//h/p?q", NULL, QUERY, "q"},
    {NPHE, "parse", "s://h/p", NULL, HOST, "h"},
    {BWANM, "resolve", "./a?q", "s:/b/c?x", OUT, "s:./a?q"},
    {BWANM, "resolve", "", "s:/b/c?x", OUT, "s:"},
    {BWANM, "resolve", "./a", "s://h/b/c", OUT, "s://h/b/a"},
    {BWANM, "resolve", "t:./a", "s:/b/c", OUT, "t:a"},
    {UIRC, "parse", "s://a,b:@h/", NULL, USER, "a%2Cb"},
    {UIRC, "parse", "s://a%41(:%7e$@h/", NULL, USER, "aA(:~%24"},
    {UIRC, "parse", "s://:p@h/", NULL, USER, ":p"},
    /* uri-js: pct-encode-outside-component-rule (PEOR),
     * scheme-non-scheme-octets-removed, ipv6-first-zero-run-compressed */
    {PEOR, "parse", ":a b[?x[#]", NULL, PATH, "%3Aa%20b%5B"},
    {PEOR, "parse", "s:a:b[?x[#]", NULL, PATH, "a:b%5B"},
    {PEOR, "parse", "s://u[@h/?x[#]", NULL, USER, "u%5B"},
    {PEOR, "parse", ":a b[?x[#]", NULL, QUERY, "x%5B"},
    {"appendix-b-split,scheme-non-scheme-octets-removed", "parse", "a$(b:c",
     NULL, SCHEME, "ab"},
    {"ipv6-first-zero-run-compressed", "parse", "s://[1:0:0:2:0:0:0:3]/", NULL,
     HOST, "[1:0:0:2::3]"},
    {"ipv6-first-zero-run-compressed", "parse", "s://[1:AB::0]/", NULL, HOST,
     "[1:ab::]"},
    {"ipv6-first-zero-run-compressed", "parse", "s://[::1:2:3:4:5:6:7]/", NULL,
     HOST, "[:1:2:3:4:5:6:7]"},
    /* URI.js: no-authority-base-merged-at-root */
    {"no-authority-base-merged-at-root", "resolve", "a/./b", "s:/c/d", OUT,
     "s:/a/b"},
    {"no-authority-base-merged-at-root", "resolve", "a", "s://h/c/d", OUT,
     "s://h/c/a"},
    /* Node's legacy url.parse and url.resolve: host-cut-at-non-hostname-
     * octet (HCUT), autoescape-set-pct-encoded, dot-segments-spliced */
    {"dot-segments-spliced", "resolve", "../../d", "a:b/c", OUT, "a:d"},
    {HCUT, "parse", "s://a]b:8/p", NULL, HOST, "a"},
    {HCUT, "parse", "s://a]b:8/p", NULL, PORT, "8"},
    {HCUT, "parse", "s://a]b:8/p", NULL, PATH, "/]b/p"},
    {"appendix-b-split,autoescape-set-pct-encoded", "parse", "/a'b\x01?{#|",
     NULL, PATH, "/a%27b\x01"},
    {HCUT, "parse", "s://A%2DB/", NULL, PATH, "%2DB/"},
    {HCUT, "parse", "s://u@[::1]", NULL, PATH, "/"},
    {HCUT, "parse", "s://h:1*2/p", NULL, PATH, "/:1*2/p"},
    {HCUT, "parse", "s://h:1*2/p", NULL, PORT, NULL},
    {"appendix-b-split,autoescape-set-pct-encoded", "parse", "/a'b\x01?{#|",
     NULL, FRAG, "%7C"},
    {"appendix-b-split,host-cut-at-colon", "parse", "s://a]b:1x/p", NULL, HOST,
     "a]b"},
    {"appendix-b-split,host-cut-at-colon", "parse", "s://a]b:1x/p", NULL, PATH,
     "/:1x/p"},
    {"dot-segments-spliced", "resolve", "a//.", "http://a/b/c", OUT,
     "http://a/b/a/"},
    {"dot-segments-spliced", "resolve", "/..//b", "http://a/b/c", OUT,
     "http://a/b"},
};

/* The prediction of the transforms named in NAMES (comma separated) */
static int prediction_of(const char *names, struct prediction *p) {
  char buf[256];
  p->reject = 0;
  p->mask = (struct tmask){{0}};
  snprintf(buf, sizeof buf, "%s", names);
  for (char *t = strtok(buf, ","); t; t = strtok(NULL, ",")) {
    int i = transform_named(t);
    if (i < 0)
      return -1;
    tmask_add(&p->mask, i);
  }
  return 0;
}

static int prow_check(const struct prow *t, size_t k) {
  struct prediction p;
  struct adapter_reading got;
  reading_init(&got);
  int rc = prediction_of(t->transforms, &p);
  if (rc == 0)
    rc = predict_answer(&p, t->op, t->in, strlen(t->in), t->base,
                        t->base ? strlen(t->base) : 0, &got);
  const struct value *v = t->comp == OUT ? &got.output : &got.comp[t->comp];
  const char *g = v->state == VALUE_OCTETS ? v->s : NULL;
  size_t gn = v->state == VALUE_OCTETS ? v->len : 0;
  int ok =
      rc == 0 && got.valid &&
      (t->want ? g && gn == strlen(t->want) && !memcmp(g, t->want, gn) : !g);
  printf("%s %zu - %s on %s%s%s: %.*s\n", ok ? "ok" : "not ok", k,
         t->transforms, t->in, t->base ? " against " : "",
         t->base ? t->base : "", g ? (int)gn : 4, g ? g : "null");
  reading_free(&got);
  return !ok;
}

int main(void) {
  size_t n = sizeof rows / sizeof rows[0];
  size_t pn = sizeof prows / sizeof prows[0];
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
  for (size_t i = 0; i < pn; i++)
    failed += prow_check(&prows[i], n + 1 + i);
  failed += input_re_past_nul(n + pn + 1);
  return failed ? 1 : 0;
}
