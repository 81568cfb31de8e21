/*
 * test_codec.c: table-driven test of the protocol's codec (adapters/common/codec.h,
 * adapters/PROTOCOL.md section 5).  Every expectation is written by hand from
 * PROTOCOL.md and RFC 3629.  TAP out; exit 1 on a failed row.
 */
#include <stdio.h>
#include <string.h>

#include "codec.h"

struct sink {
  char text[512];
  size_t len;
};

static void sink_write(void *ctx, const char *s, size_t n) {
  struct sink *k = ctx;
  if (n > sizeof k->text - 1 - k->len)
    n = sizeof k->text - 1 - k->len;
  memcpy(k->text + k->len, s, n);
  k->len += n;
  k->text[k->len] = 0;
}

enum kind { STRING, VALUE, FIELD };

static const struct {
  enum kind kind;
  const char *in;
  size_t len;
  const char *want;
} writes[] = {
    {STRING, "a\"b\\c", 5, "\"a\\\"b\\\\c\""},
    {STRING, "\n\r\t\x01\x1f", 5, "\"\\n\\r\\t\\u0001\\u001f\""},
    {STRING, "\x7f \xc3\xa9", 4, "\"\x7f \xc3\xa9\""},
    {STRING, "a\xff", 2, "\"a\\ufffd\""}, /* a stray octet in text */
    {VALUE, "/a", 2, "\"/a\""},
    {VALUE, "", 0, "\"\""},
    {VALUE, "/\xff", 2, "{\"hex\": \"2fff\"}"},
    {VALUE, "\xc0\xaf", 2, "{\"hex\": \"c0af\"}"},             /* overlong */
    {VALUE, "\xed\xa0\x80", 3, "{\"hex\": \"eda080\"}"},       /* surrogate */
    {VALUE, "\xf4\x90\x80\x80", 4, "{\"hex\": \"f4908080\"}"}, /* > U+10FFFF */
    {VALUE, "\xf0\x9f\x98\x80", 4, "\"\xf0\x9f\x98\x80\""},
    {VALUE, "a\0b", 3, "\"a\\u0000b\""}, /* a NUL is a control, still text */
    {FIELD, "http://h/", 9, "\"input\": \"http://h/\""},
    {FIELD, "a\0b", 3, "\"input_hex\": \"610062\""},
    {FIELD, "\xe9", 1, "\"input_hex\": \"e9\""},
    {FIELD, "", 0, "\"input\": \"\""},
};

static const struct {
  const char *hex;
  long want; /* octets, or -1 */
  const char *octets;
} decodes[] = {
    {"2fFf", 2, "/\xff"}, {"", 0, ""},      {"abc", -1, NULL},
    {"zz", -1, NULL},     {"0g", -1, NULL}, {"00", 1, "\0"},
};

int main(void) {
  int failed = 0, n = 0;
  printf("1..%zu\n",
         sizeof writes / sizeof writes[0] + sizeof decodes / sizeof decodes[0]);
  for (size_t i = 0; i < sizeof writes / sizeof writes[0]; i++) {
    struct sink k = {{0}, 0};
    struct codec_out o = {sink_write, &k};
    if (writes[i].kind == STRING)
      codec_string(&o, writes[i].in, writes[i].len);
    else if (writes[i].kind == VALUE)
      codec_value(&o, writes[i].in, writes[i].len);
    else
      codec_field(&o, "input", writes[i].in, writes[i].len);
    int ok = strcmp(k.text, writes[i].want) == 0;
    printf("%s %d - write %zu: %s\n", ok ? "ok" : "not ok", ++n, i, k.text);
    failed += !ok;
  }
  for (size_t i = 0; i < sizeof decodes / sizeof decodes[0]; i++) {
    char out[8];
    long got = codec_hex_decode(decodes[i].hex, strlen(decodes[i].hex), out);
    int ok = got == decodes[i].want &&
             (got < 0 || memcmp(out, decodes[i].octets, (size_t)got) == 0);
    printf("%s %d - decode \"%s\": %ld\n", ok ? "ok" : "not ok", ++n,
           decodes[i].hex, got);
    failed += !ok;
  }
  return failed ? 1 : 0;
}
