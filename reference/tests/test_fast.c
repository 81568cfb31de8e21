/* test_fast.c: the generated parser (reference/fast) against the literal
 * one on 30,000 random strings, for each of the four start rules: the same
 * status, and the same kind, spans and host type, or the same error offset.
 * Both matchers of each rule are run, the portable one (run scans through
 * a table) and the one compiled for SSSE3 (run scans 16 octets at a time,
 * which rfc3986_parse_fast calls on a processor that has it): from the same
 * starting *uri they must leave the same fields.  The strings are made of
 * pieces of URIs, long runs of one class among them, so that runs cross
 * the 16-octet blocks and end inside the last one. */
#include <stdint.h>
#include <string.h>

#include "fast.h"
#include "rfc3986.h"
#include "unit.h"

#define STRINGS 30000

static const char *const pieces[] = {
    "http",
    "HTTP",
    "a+b-c.d",
    "1a",
    ":",
    "://",
    "//",
    "/",
    "?",
    "#",
    "@",
    "[",
    "]",
    "::",
    "1:",
    "ffff:",
    "v1.x",
    "vF.:",
    "127.0.0.1",
    "256.",
    "0.",
    ".",
    "..",
    "%41",
    "%",
    "%4",
    "%g1",
    "~",
    "!$&'()*+,;=",
    "-",
    "_",
    " ",
    "\x80",
    "\xff",
    "\t",
    "\"",
    "<",
    "\\",
    "^",
    "{",
    "|",
    "0",
    "99",
    ":8080",
    "user:pw@",
    "www.example.com",
    "abcdefghijklmnopqrstuvwxyz0123456789",
    "a/b/c/d/e/f/g/h/i/j/k/l/m/",
    "q=1&r=2&s=3&t=4&u=5&v=6",
    "%41%42%43%44%45%46%47%48",
    "::::::::::::::::::::",
    "AAAAAAAAAAAAAAAAAAA",
};
#define NPIECES (sizeof pieces / sizeof pieces[0])

static uint64_t state = 0x9E3779B97F4A7C15u;
static uint64_t next(void) { /* xorshift64 */
  state ^= state << 13;
  state ^= state >> 7;
  state ^= state << 17;
  return state;
}

/* A random string into BUF (at most CAP octets, an embedded NUL possible);
 * its length. */
static size_t random_string(char *buf, size_t cap) {
  size_t len = 0, n = next() % 12;
  for (size_t k = 0; k < n; k++) {
    const char *p = pieces[next() % NPIECES];
    size_t pl = strlen(p);
    char one[1];
    if (next() % 40 == 0) { /* now and then one octet, NUL included */
      one[0] = (char)(next() % 256);
      p = one, pl = 1;
    }
    if (len + pl > cap)
      break;
    memcpy(buf + len, p, pl);
    len += pl;
  }
  return len;
}

static const rfc3986_rule starts[] = {
    RFC3986_RULE_URI_reference, RFC3986_RULE_URI, RFC3986_RULE_absolute_URI,
    RFC3986_RULE_relative_ref};

static void check_one(const char *s, size_t n, int *bad) {
  for (size_t k = 0; k < sizeof starts / sizeof starts[0]; k++) {
    rfc3986_uri lit, fast, portable, vector;
    rfc3986_error le, fe;
    rfc3986_status ls = rfc3986_parse(s, n, starts[k], &lit, &le);
    rfc3986_status fs = rfc3986_parse_fast(s, n, starts[k], &fast, &fe);
    int ok = ls == fs && (ls == RFC3986_OK ? unit_same_uri(&lit, &fast)
                                           : le.offset == fe.offset);
    memset(&portable, 0xA5, sizeof portable);
    memset(&vector, 0xA5, sizeof vector);
    rfc3986_status pm = rfc3986_fast__matcher(starts[k], 0)(s, n, &portable);
    rfc3986_status vm = rfc3986_fast__matcher(starts[k], 1)(s, n, &vector);
    ok = ok && pm == ls && vm == pm && unit_same_uri(&portable, &vector);
    if (!ok && (*bad)++ < 5)
      unit_check(0, "fast.random",
                 "rule %s: status literal %d, fast %d; match portable %d, "
                 "ssse3 %d on \"%s\"",
                 rfc3986_rule_name(starts[k]), (int)ls, (int)fs, pm, vm,
                 unit_show(s, n));
  }
}

int main(void) {
  static char buf[512];
  int bad = 0, accepted = 0;
  for (int i = 0; i < STRINGS; i++) {
    size_t n = random_string(buf, sizeof buf);
    rfc3986_uri u;
    accepted += rfc3986_parse(buf, n, RFC3986_RULE_URI_reference, &u, NULL) ==
                RFC3986_OK;
    check_one(buf, n, &bad);
  }
  unit_check(bad == 0, "fast.random", "%d of %d strings differ", bad, STRINGS);
  /* the strings must test both verdicts, not only rejections */
  unit_check(accepted > STRINGS / 20 && accepted < STRINGS - STRINGS / 20,
             "fast.mix", "%d of %d strings are URI-references", accepted,
             STRINGS);
  unit_check(rfc3986_fast__matcher(RFC3986_RULE_IRI, 0) == NULL, "fast.iri",
             "no matcher for an RFC 3987 start rule");
  return unit_report();
}
