/* vrange.h: an advisory's stated affected range (its vectors'
 * "x-affected", free text) read as versions, and checked against the
 * versions that read it the vulnerable way (`uritest versions`). */
#ifndef URITEST_VRANGE_H
#define URITEST_VRANGE_H

#include <jansson.h>

/* 1 when the advisory's library text (x-library) names the npm package
 * NPM as a word ("URI.js (urijs npm)" names urijs, not uri). */
int vrange_names(const char *library, const char *npm);

/* 1 when VERSION is in the range STATED says, 0 when not, -1 when STATED
 * is not read.  Read: "< V", "<= V", "> V", ">= V" (several: all hold),
 * "before V" (< V), a bare V (that version), clauses joined by "and" or
 * ",": any holds; "fixed in A and B": before the fix of the version's
 * major line, or, when its line has none, before some later fix.  Text from
 * a ";" or "(" on is left out. */
int vrange_holds(const char *stated, const char *version);

/* Adds to the advisory entry E (its "id" set) what RUNS (an array of
 * {"version", "advisories": {id: true}}) say: "vulnerable" (the versions
 * read vulnerably), "first" and "last" of them (null when none), and for
 * STATED (NULL: none) "range_read", "agrees" and "disagree" (the versions
 * where stated and observed differ, each {"version", "stated",
 * "observed"}). */
void vrange_check(json_t *e, const char *stated, json_t *runs);

#endif
