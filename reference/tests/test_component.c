/* test_component.c: the component model by name (RFC3986_COMPONENTS,
 * rfc3986_component_name, rfc3986_uri_get) and RFC 3629 UTF-8
 * (rfc3986_utf8_sequence).  Expectations by hand: the components from
 * RFC 3986 section 3's example and its sub-rules; the UTF-8 rows from
 * RFC 3629 section 4 (the syntax of UTF-8 byte sequences) and its table. */
#include <stdio.h>
#include <string.h>

#include "rfc3986.h"
#include "unit.h"

static const char *const names[] = {"scheme", "authority", "userinfo",
                                    "host",   "host_type", "port",
                                    "path",   "query",     "fragment"};

/* One input; NULL where the component is undefined. */
static const struct {
  const char *in, *want[RFC3986_COMPONENT_COUNT];
} parses[] = {
    {"foo://u@example.com:8042/over/there?name=ferret#nose",
     {"foo", "u@example.com:8042", "u", "example.com", "reg-name", "8042",
      "/over/there", "name=ferret", "nose"}},
    {"urn:example:animal",
     {"urn", NULL, NULL, NULL, NULL, NULL, "example:animal", NULL, NULL}},
    {"//[::1]?",
     {NULL, "[::1]", NULL, "[::1]", "IPv6address", NULL, "", "", NULL}},
    {"http://1.2.3.4:/#",
     {"http", "1.2.3.4:", NULL, "1.2.3.4", "IPv4address", "", "/", NULL, ""}},
};

static const struct {
  const char *id, *octets;
  size_t len, want; /* octets, and the sequence length (0: not one) */
  uint32_t cp;      /* when want > 0 */
  size_t bad;       /* when want == 0 */
} utf8[] = {
    {"ascii", "a", 1, 1, 0x61, 0},
    {"nul", "\0", 1, 1, 0, 0},
    {"two", "\xc3\xa9", 2, 2, 0xE9, 0},
    {"three", "\xe2\x82\xac", 3, 3, 0x20AC, 0},
    {"four", "\xf0\x9f\x98\x80", 4, 4, 0x1F600, 0},
    {"max", "\xf4\x8f\xbf\xbf", 4, 4, 0x10FFFF, 0},
    {"above-max", "\xf4\x90\x80\x80", 4, 0, 0, 1},
    {"overlong-2", "\xc0\xaf", 2, 0, 0, 0},
    {"overlong-3", "\xe0\x80\xaf", 3, 0, 0, 1},
    {"overlong-4", "\xf0\x80\x80\xaf", 4, 0, 0, 1},
    {"surrogate", "\xed\xa0\x80", 3, 0, 0, 1},
    {"continuation-first", "\x80", 1, 0, 0, 0},
    {"cut-short", "\xe2\x82", 2, 0, 0, 2},
    {"bad-third", "\xe2\x82\x41", 3, 0, 0, 2},
    {"f5", "\xf5\x80\x80\x80", 4, 0, 0, 0},
};

int main(void) {
  char id[96];
  for (int c = 0; c < RFC3986_COMPONENT_COUNT; c++) {
    snprintf(id, sizeof id, "name.%d", c);
    unit_check_str(id, rfc3986_component_name((rfc3986_component)c),
                   strlen(rfc3986_component_name((rfc3986_component)c)),
                   names[c]);
    unit_check(rfc3986_component_from_name(names[c], strlen(names[c])) ==
                   (rfc3986_component)c,
               id, "from_name(%s)", names[c]);
  }
  unit_check(rfc3986_component_name(RFC3986_COMPONENT_COUNT) == NULL,
             "name.out-of-range", "not NULL");
  unit_check(rfc3986_component_from_name("hostx", 4) == RFC3986_COMPONENT_HOST,
             "from_name.length", "the length counts, not the NUL");
  unit_check(rfc3986_component_from_name("Host", 4) == RFC3986_COMPONENT_COUNT,
             "from_name.unknown", "case matters");
  for (size_t i = 0; i < sizeof parses / sizeof *parses; i++) {
    rfc3986_uri u;
    int ok = rfc3986_parse(parses[i].in, strlen(parses[i].in),
                           RFC3986_RULE_URI_reference, &u, NULL) == RFC3986_OK;
    unit_check(ok, parses[i].in, "does not parse");
    for (int c = 0; ok && c < RFC3986_COMPONENT_COUNT; c++) {
      const char *v;
      size_t len;
      int defined = rfc3986_uri_get(&u, (rfc3986_component)c, &v, &len);
      const char *want = parses[i].want[c];
      snprintf(id, sizeof id, "get.%zu.%s", i, names[c]);
      if (!want)
        unit_check(!defined && v == NULL && len == 0, id, "want undefined");
      else if (!defined)
        unit_check(0, id, "want \"%s\", got undefined", want);
      else
        unit_check_str(id, v, len, want);
    }
  }
  {
    /* a component out of range: 0, *value NULL and *len 0 (rfc3986.h) */
    rfc3986_uri u;
    const char *v = "x";
    size_t len = 9;
    int ok = rfc3986_parse("s://h/p", 7, RFC3986_RULE_URI_reference, &u,
                           NULL) == RFC3986_OK;
    unit_check(
        ok && rfc3986_uri_get(&u, RFC3986_COMPONENT_COUNT, &v, &len) == 0 &&
            v == NULL && len == 0,
        "get.out-of-range", "want 0, NULL, 0");
  }
  for (size_t i = 0; i < sizeof utf8 / sizeof *utf8; i++) {
    uint32_t cp = 0xFFFFFFFF;
    size_t bad = 99;
    size_t n = rfc3986_utf8_sequence(utf8[i].octets, utf8[i].len, &cp, &bad);
    snprintf(id, sizeof id, "utf8.%s", utf8[i].id);
    if (utf8[i].want)
      unit_check(n == utf8[i].want && cp == utf8[i].cp, id,
                 "got %zu U+%04X, want %zu U+%04X", n, (unsigned)cp,
                 utf8[i].want, (unsigned)utf8[i].cp);
    else
      unit_check(n == 0 && bad == utf8[i].bad, id, "got %zu, bad %zu", n, bad);
    unit_check(rfc3986_utf8_sequence(utf8[i].octets, utf8[i].len, NULL, NULL) ==
                   n,
               id, "NULL outputs change the answer");
  }
  return unit_report();
}
