/*
 * codec.h: the protocol's values (adapters/PROTOCOL.md section 5), the one
 * codec of both ends of the pipe.  An octet string travels as a JSON string
 * when it is well-formed UTF-8 (RFC 3629) and as hex digits otherwise: in a
 * request as the field NAME_hex, in an answer as the value {"hex": "..."}.
 * The C adapters' protocol loop (protocol.c), the harness (requests it
 * writes, answers and vector files it reads, results it writes), the fuzz
 * targets (their FUZZ-FINDING lines) and the report tools use this file; no
 * other encoder or hex decoder of those values exists outside reference/
 * (whose command may use nothing but librfc3986).
 *
 * Nothing here uses jansson: the in-process users (fuzz targets, bench) link
 * codec.c; the readers of jansson values are codec_json.h.
 */
#ifndef URITEST_CODEC_H
#define URITEST_CODEC_H

#include <stddef.h>

/* Where the writers put their text: WRITE(CTX, S, N) appends N octets. */
struct codec_out {
  void (*write)(void *ctx, const char *s, size_t n);
  void *ctx;
};

/* A codec_out that appends to the stdio stream F (FILE *). */
struct codec_out codec_out_file(void *f);

/* 1 when s[0..n) is well-formed UTF-8 (rfc3986_utf8_sequence), else 0. */
int codec_utf8_valid(const char *s, size_t n);

/* S as a JSON string, quotes included: '"', '\\' and the controls below
 * U+0020 escaped (\n, \r, \t, else \u00XX), UTF-8 as it is.  An octet that
 * is not part of a well-formed UTF-8 sequence is written U+FFFD, so the text
 * is always valid JSON: callers with octets to keep use codec_value or
 * codec_field, which never reach that case. */
void codec_string(const struct codec_out *o, const char *s, size_t n);

/* The octets of S as lower-case hex digits (no quotes). */
void codec_hex(const struct codec_out *o, const char *s, size_t n);

/* A value of an answer: the JSON string of S when it is UTF-8, else
 * {"hex": "..."}. */
void codec_value(const struct codec_out *o, const char *s, size_t n);

/* 1 when S goes as NAME_hex in a request: it is not UTF-8, or it holds a
 * NUL octet (valid JSON, but many adapters hold C strings). */
int codec_field_is_hex(const char *s, size_t n);

/* A member of a request: "NAME": "..." or "NAME_hex": "..." (as
 * codec_field_is_hex decides). */
void codec_field(const struct codec_out *o, const char *name, const char *s,
                 size_t n);

/* Hex digits (either case) HEX[0..n) into OUT (room for n / 2 octets):
 * the number of octets, or -1 when N is odd or a character is not a hex
 * digit. */
long codec_hex_decode(const char *hex, size_t n, char *out);

#endif /* URITEST_CODEC_H */
