/*
 * codec.c: the protocol's values (codec.h, adapters/PROTOCOL.md section 5).
 */
#include "codec.h"

#include <stdio.h>
#include <string.h>

#include "rfc3986.h"

static void file_write(void *ctx, const char *s, size_t n) {
  fwrite(s, 1, n, (FILE *)ctx);
}

struct codec_out codec_out_file(void *f) {
  struct codec_out o = {file_write, f};
  return o;
}

static void put(const struct codec_out *o, const char *s, size_t n) {
  if (n)
    o->write(o->ctx, s, n);
}

static void puts_(const struct codec_out *o, const char *s) {
  put(o, s, strlen(s));
}

int codec_utf8_valid(const char *s, size_t n) {
  const unsigned char *p = (const unsigned char *)s;
  size_t i = 0;
  while (i < n) {
    if (p[i] < 0x80) {
      i++;
      continue;
    }
    size_t k = rfc3986_utf8_sequence(s + i, n - i, NULL, NULL);
    if (!k)
      return 0;
    i += k;
  }
  return 1;
}

static const char hex_digits[] = "0123456789abcdef";

/* The escape of the ASCII octet C, or NULL when it goes as it is. */
static const char *escape_of(unsigned char c, char esc[7]) {
  switch (c) {
  case '"':
    return "\\\"";
  case '\\':
    return "\\\\";
  case '\n':
    return "\\n";
  case '\r':
    return "\\r";
  case '\t':
    return "\\t";
  default:
    break;
  }
  if (c >= 0x20)
    return NULL;
  memcpy(esc, "\\u00", 4);
  esc[4] = hex_digits[c >> 4];
  esc[5] = hex_digits[c & 15];
  esc[6] = 0;
  return esc;
}

void codec_string(const struct codec_out *o, const char *s, size_t n) {
  const unsigned char *p = (const unsigned char *)s;
  size_t run = 0, i = 0;
  char esc[7];
  put(o, "\"", 1);
  while (i < n) {
    const char *e = NULL;
    size_t k = 1;
    if (p[i] >= 0x80) {
      k = rfc3986_utf8_sequence(s + i, n - i, NULL, NULL);
      if (!k) {
        e = "\\ufffd"; /* a stray octet in text */
        k = 1;
      }
    } else {
      e = escape_of(p[i], esc);
    }
    if (e) {
      put(o, s + run, i - run);
      puts_(o, e);
      run = i + k;
    }
    i += k;
  }
  put(o, s + run, n - run);
  put(o, "\"", 1);
}

void codec_hex(const struct codec_out *o, const char *s, size_t n) {
  char chunk[256];
  size_t used = 0;
  for (size_t i = 0; i < n; i++) {
    unsigned char c = (unsigned char)s[i];
    chunk[used++] = hex_digits[c >> 4];
    chunk[used++] = hex_digits[c & 15];
    if (used == sizeof chunk) {
      put(o, chunk, used);
      used = 0;
    }
  }
  put(o, chunk, used);
}

void codec_value(const struct codec_out *o, const char *s, size_t n) {
  if (codec_utf8_valid(s, n)) {
    codec_string(o, s, n);
    return;
  }
  puts_(o, "{\"hex\": \"");
  codec_hex(o, s, n);
  puts_(o, "\"}");
}

int codec_field_is_hex(const char *s, size_t n) {
  return !codec_utf8_valid(s, n) || memchr(s, 0, n) != NULL;
}

void codec_field(const struct codec_out *o, const char *name, const char *s,
                 size_t n) {
  put(o, "\"", 1);
  puts_(o, name);
  if (codec_field_is_hex(s, n)) {
    puts_(o, "_hex\": \"");
    codec_hex(o, s, n);
    put(o, "\"", 1);
    return;
  }
  puts_(o, "\": ");
  codec_string(o, s, n);
}

static int hex_value(unsigned char c) {
  if (c >= '0' && c <= '9')
    return c - '0';
  if (c >= 'a' && c <= 'f')
    return c - 'a' + 10;
  if (c >= 'A' && c <= 'F')
    return c - 'A' + 10;
  return -1;
}

long codec_hex_decode(const char *hex, size_t n, char *out) {
  if (n % 2)
    return -1;
  for (size_t i = 0; i < n; i += 2) {
    int hi = hex_value((unsigned char)hex[i]);
    int lo = hex_value((unsigned char)hex[i + 1]);
    if (hi < 0 || lo < 0)
      return -1;
    out[i / 2] = (char)(hi << 4 | lo);
  }
  return (long)(n / 2);
}
