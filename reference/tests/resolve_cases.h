/* resolve_cases.h: resolutions whose targets come from the RFC 3986 text
 * (5.4.1 Normal Examples, 5.4.2 Abnormal Examples) or are worked by hand
 * from the 5.2.2 pseudocode; the table of test_resolve.c (rfc3986_resolve)
 * and test_resolve_parsed.c (rfc3986_resolve_parsed). */
#ifndef RESOLVE_CASES_H
#define RESOLVE_CASES_H

#include "rfc3986.h"

#define BASE "http://a/b/c/d;p?q"

/* 5.4.1 Normal Examples, 5.4.2 Abnormal Examples, and more, worked by hand. */
static const struct {
  const char *id, *base, *ref, *want;
  unsigned flags, hazard;
} cases[] = {
    /* 5.4.1 */
    {"5.4.1.1", BASE, "g:h", "g:h", 0, 0},
    {"5.4.1.2", BASE, "g", "http://a/b/c/g", 0, 0},
    {"5.4.1.3", BASE, "./g", "http://a/b/c/g", 0, 0},
    {"5.4.1.4", BASE, "g/", "http://a/b/c/g/", 0, 0},
    {"5.4.1.5", BASE, "/g", "http://a/g", 0, 0},
    {"5.4.1.6", BASE, "//g", "http://g", 0, 0},
    {"5.4.1.7", BASE, "?y", "http://a/b/c/d;p?y", 0, 0},
    {"5.4.1.8", BASE, "g?y", "http://a/b/c/g?y", 0, 0},
    {"5.4.1.9", BASE, "#s", "http://a/b/c/d;p?q#s", 0, 0},
    {"5.4.1.10", BASE, "g#s", "http://a/b/c/g#s", 0, 0},
    {"5.4.1.11", BASE, "g?y#s", "http://a/b/c/g?y#s", 0, 0},
    {"5.4.1.12", BASE, ";x", "http://a/b/c/;x", 0, 0},
    {"5.4.1.13", BASE, "g;x", "http://a/b/c/g;x", 0, 0},
    {"5.4.1.14", BASE, "g;x?y#s", "http://a/b/c/g;x?y#s", 0, 0},
    {"5.4.1.15", BASE, "", "http://a/b/c/d;p?q", 0, 0},
    {"5.4.1.16", BASE, ".", "http://a/b/c/", 0, 0},
    {"5.4.1.17", BASE, "./", "http://a/b/c/", 0, 0},
    {"5.4.1.18", BASE, "..", "http://a/b/", 0, 0},
    {"5.4.1.19", BASE, "../", "http://a/b/", 0, 0},
    {"5.4.1.20", BASE, "../g", "http://a/b/g", 0, 0},
    {"5.4.1.21", BASE, "../..", "http://a/", 0, 0},
    {"5.4.1.22", BASE, "../../", "http://a/", 0, 0},
    {"5.4.1.23", BASE, "../../g", "http://a/g", 0, 0},
    /* 5.4.2 */
    {"5.4.2.1", BASE, "../../../g", "http://a/g", 0, 0},
    {"5.4.2.2", BASE, "../../../../g", "http://a/g", 0, 0},
    {"5.4.2.3", BASE, "/./g", "http://a/g", 0, 0},
    {"5.4.2.4", BASE, "/../g", "http://a/g", 0, 0},
    {"5.4.2.5", BASE, "g.", "http://a/b/c/g.", 0, 0},
    {"5.4.2.6", BASE, ".g", "http://a/b/c/.g", 0, 0},
    {"5.4.2.7", BASE, "g..", "http://a/b/c/g..", 0, 0},
    {"5.4.2.8", BASE, "..g", "http://a/b/c/..g", 0, 0},
    {"5.4.2.9", BASE, "./../g", "http://a/b/g", 0, 0},
    {"5.4.2.10", BASE, "./g/.", "http://a/b/c/g/", 0, 0},
    {"5.4.2.11", BASE, "g/./h", "http://a/b/c/g/h", 0, 0},
    {"5.4.2.12", BASE, "g/../h", "http://a/b/c/h", 0, 0},
    {"5.4.2.13", BASE, "g;x=1/./y", "http://a/b/c/g;x=1/y", 0, 0},
    {"5.4.2.14", BASE, "g;x=1/../y", "http://a/b/c/y", 0, 0},
    {"5.4.2.15", BASE, "g?y/./x", "http://a/b/c/g?y/./x", 0, 0},
    {"5.4.2.16", BASE, "g?y/../x", "http://a/b/c/g?y/../x", 0, 0},
    {"5.4.2.17", BASE, "g#s/./x", "http://a/b/c/g#s/./x", 0, 0},
    {"5.4.2.18", BASE, "g#s/../x", "http://a/b/c/g#s/../x", 0, 0},
    {"5.4.2.19.strict", BASE, "http:g", "http:g", 0, 0},
    {"5.4.2.19.non-strict", BASE, "http:g", "http://a/b/c/g",
     RFC3986_RESOLVE_NON_STRICT, 0},
    /* non-strict compares schemes case-insensitively (3.1) */
    {"non-strict.case", BASE, "HTTP:g", "http://a/b/c/g",
     RFC3986_RESOLVE_NON_STRICT, 0},
    {"non-strict.other-scheme", BASE, "https:g", "https:g",
     RFC3986_RESOLVE_NON_STRICT, 0},
    /* 5.2.3 merge: base with authority and an empty path */
    {"merge.empty-base-path", "http://a", "g", "http://a/g", 0, 0},
    {"merge.empty-base-path.dots", "http://a", "../g", "http://a/g", 0, 0},
    {"merge.empty-base-path.query", "http://a?q", "?y", "http://a?y", 0, 0},
    {"merge.empty-base-path.empty-ref", "http://a", "", "http://a", 0, 0},
    /* base without authority */
    {"merge.no-authority", "a:b", "c", "a:c", 0, 0},
    {"merge.no-authority.slash", "a:b", "/c", "a:/c", 0, 0},
    {"merge.rootless", "a:b/c", "../../d", "a:/d", 0, 0},
    {"merge.rootless.one-up", "a:b/c", "../d", "a:/d", 0, 0},
    {"merge.rootless.same", "a:b/c", "d", "a:b/d", 0, 0},
    {"merge.urn", "urn:example:a", "b", "urn:b", 0, 0},
    {"merge.empty-path-no-authority", "a:", "b", "a:b", 0, 0},
    /* ".." past the root */
    {"dots.past-root", "http://a/b", "../../../../x", "http://a/x", 0, 0},
    {"dots.past-root.abs", "http://a/b", "/../../x/..", "http://a/", 0, 0},
    {"dots.trailing-dotdot", "http://a/b/c/", "..", "http://a/b/", 0, 0},
    {"dots.only-dots", "http://a/b/c/", "./././.", "http://a/b/c/", 0, 0},
    {"dots.empty-segments", "http://a/b/c", ".//g", "http://a/b//g", 0, 0},
    {"dots.pct-not-dot", "http://a/b/c", "%2E%2E/g", "http://a/b/%2E%2E/g", 0,
     0},
    {"dots.in-base-path-kept", "http://a/b/../c", "", "http://a/b/../c", 0, 0},
    {"dots.in-base-path-merged", "http://a/x/../c/d", "g", "http://a/c/g", 0,
     0},
    /* queries and fragments are not touched */
    {"query.dots", BASE, "?./../x", "http://a/b/c/d;p?./../x", 0, 0},
    {"fragment.dots", BASE, "#./../x", "http://a/b/c/d;p?q#./../x", 0, 0},
    /* empty query and fragment are not absent ones */
    {"query.empty", BASE, "?", "http://a/b/c/d;p?", 0, 0},
    {"fragment.empty", BASE, "#", "http://a/b/c/d;p?q#", 0, 0},
    {"query.empty.path", BASE, "g?", "http://a/b/c/g?", 0, 0},
    {"fragment.empty.path", BASE, "g#", "http://a/b/c/g#", 0, 0},
    {"query.base-empty", "http://a/b?", "", "http://a/b?", 0, 0},
    {"query.base-empty.frag", "http://a/b?", "#f", "http://a/b?#f", 0, 0},
    {"query.base-absent", "http://a/b", "#", "http://a/b#", 0, 0},
    /* authority in the reference */
    {"authority.ref", BASE, "//h:1/x/../y?z", "http://h:1/y?z", 0, 0},
    {"authority.empty", BASE, "//", "http://", 0, 0},
    {"absolute.ref-dots", BASE, "s://h/a/./b/../c", "s://h/a/c", 0, 0},
    {"absolute.ref-keeps-scheme-case", BASE, "HTTP://X/", "HTTP://X/", 0, 0},
    /* the hazard: the RFC's algorithm yields a path beginning with "//"
     * and no authority */
    {"hazard.authority", "a:", "/.//g", "a://g", 0,
     RFC3986_HAZARD_PATH_LOOKS_LIKE_AUTHORITY},
    {"hazard.authority.merge", "a:/b", ".//g", "a://g", 0,
     RFC3986_HAZARD_PATH_LOOKS_LIKE_AUTHORITY},
    {"hazard.authority.dotdot", "a:b/c", "..//g", "a://g", 0,
     RFC3986_HAZARD_PATH_LOOKS_LIKE_AUTHORITY},
    {"hazard.none.with-authority", "http://a/b", "/.//g", "http://a//g", 0, 0},
    /* 5.1: fragment of the base stripped on request */
    {"base-fragment.stripped", "http://a/b#f", "g", "http://a/g",
     RFC3986_RESOLVE_STRIP_BASE_FRAGMENT, 0},
    {"base-fragment.stripped.empty-ref", "http://a/b?q#f", "", "http://a/b?q",
     RFC3986_RESOLVE_STRIP_BASE_FRAGMENT, 0},
    {"base-fragment.stripped.frag-ref", "http://a/b#f", "#g", "http://a/b#g",
     RFC3986_RESOLVE_STRIP_BASE_FRAGMENT, 0},
};

#endif
