/* test_pct.c: RFC 3986 section 2.1 and 2.4, percent-encoding. */
#include <stdio.h>
#include <string.h>

#include "rfc3986.h"
#include "unit.h"

static int allow_slash(unsigned char c) {
  return c == '/' || (c >= 'a' && c <= 'z');
}

static const struct {
  const char *id, *in;
  size_t len;
  int (*allowed)(unsigned char);
  const char *want;
} enc[] = {
    {"enc.unreserved", "AZaz09-._~", 10, NULL, "AZaz09-._~"},
    {"enc.space", "a b", 3, NULL, "a%20b"},
    {"enc.reserved", ":/?#[]@!$&'()*+,;=", 18, NULL,
     "%3A%2F%3F%23%5B%5D%40%21%24%26%27%28%29%2A%2B%2C%3B%3D"},
    {"enc.percent", "%", 1, NULL, "%25"},
    {"enc.upper-hex", "\xc3\xa9\xff", 3, NULL, "%C3%A9%FF"},
    {"enc.nul", "a\0b", 3, NULL, "a%00b"},
    {"enc.empty", "", 0, NULL, ""},
    {"enc.allowed", "a/B c", 5, allow_slash, "a/%42%20c"},
};

static const struct {
  const char *id, *in, *want;
  size_t want_len;
} dec[] = {
    {"dec.simple", "a%20b", "a b", 3},
    {"dec.lower-hex", "%c3%A9", "\xc3\xa9", 2},
    {"dec.nul", "%00", "\0", 1},
    {"dec.percent", "%2525", "%25", 3},
    {"dec.plain", "abc+", "abc+", 4},
    {"dec.empty", "", "", 0},
};

static const struct {
  const char *id, *in;
  size_t offset;
} bad[] = {
    {"dec.bad.alone", "%", 0},           {"dec.bad.one", "ab%4", 2},
    {"dec.bad.nonhex", "%4g", 0},        {"dec.bad.second", "%41%%41", 3},
    {"dec.bad.nonhex-first", "x%g0", 1},
};

int main(void) {
  char out[128];
  size_t n;
  rfc3986_error err;
  for (size_t i = 0; i < sizeof enc / sizeof enc[0]; i++) {
    rfc3986_status st = rfc3986_pct_encode(enc[i].in, enc[i].len,
                                           enc[i].allowed, out, sizeof out, &n);
    unit_check(st == RFC3986_OK, enc[i].id, "status %s",
               rfc3986_status_name(st));
    unit_check_str(enc[i].id, out, n, enc[i].want);
    if (n > 0) {
      st = rfc3986_pct_encode(enc[i].in, enc[i].len, enc[i].allowed, out, n - 1,
                              &n);
      unit_check(st == RFC3986_ERR_BUFFER && n == strlen(enc[i].want),
                 enc[i].id, "short buffer: %s %zu", rfc3986_status_name(st), n);
    }
  }
  for (size_t i = 0; i < sizeof dec / sizeof dec[0]; i++) {
    rfc3986_status st = rfc3986_pct_decode(dec[i].in, strlen(dec[i].in), out,
                                           sizeof out, &n, &err);
    unit_check(st == RFC3986_OK && n == dec[i].want_len &&
                   memcmp(out, dec[i].want, n) == 0,
               dec[i].id, "status %s got %s", rfc3986_status_name(st),
               unit_show(out, n));
    if (n > 0) {
      st = rfc3986_pct_decode(dec[i].in, strlen(dec[i].in), out, n - 1, &n,
                              NULL);
      unit_check(st == RFC3986_ERR_BUFFER && n == dec[i].want_len, dec[i].id,
                 "short buffer: %s %zu", rfc3986_status_name(st), n);
    }
  }
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    rfc3986_status st = rfc3986_pct_decode(bad[i].in, strlen(bad[i].in), out,
                                           sizeof out, &n, &err);
    unit_check(st == RFC3986_ERR_PCT_MALFORMED && err.offset == bad[i].offset &&
                   err.rule == RFC3986_RULE_pct_encoded,
               bad[i].id, "status %s offset %zu", rfc3986_status_name(st),
               err.offset);
  }
  /* round trip: decode(encode(x)) == x for every octet */
  {
    char all[256], enc_out[768], back[256];
    size_t e, d;
    for (int c = 0; c < 256; c++)
      all[c] = (char)c;
    rfc3986_pct_encode(all, 256, NULL, enc_out, sizeof enc_out, &e);
    rfc3986_pct_decode(enc_out, e, back, sizeof back, &d, NULL);
    unit_check(d == 256 && memcmp(all, back, 256) == 0, "roundtrip",
               "decode(encode(x)) != x");
    unit_check(e == 66 + 3 * 190, "roundtrip.len", "encoded length %zu", e);
  }
  return unit_report();
}
