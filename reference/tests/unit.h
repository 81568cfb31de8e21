/* unit.h: the table-driven unit tests' few helpers.  Each test program
 * calls the checks, then returns unit_report(), which prints the one
 * "N passed, N failed" line that tests/run-unit.sh reads. */
#ifndef UNIT_H
#define UNIT_H

#include <stddef.h>

#include "rfc3986.h"

extern unsigned unit_passed, unit_failed;

/* Record one check; on failure print the id, the section and the message. */
void unit_check(int ok, const char *id, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Print s[0..len) with C escapes for anything outside printable ASCII,
 * into a static buffer (truncated past 200 octets), for messages. */
const char *unit_show(const char *s, size_t len);

/* Compare a produced string with the wanted one; prints both on failure. */
void unit_check_str(const char *id, const char *got, size_t got_len,
                    const char *want);

/* The same parse: input, kind, host type and every span, field by field
 * (not memcmp: the struct has padding). */
int unit_same_uri(const rfc3986_uri *a, const rfc3986_uri *b);

int unit_report(void);

#endif
