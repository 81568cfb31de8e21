/*
 * protocol.c: the adapter side of the JSON Lines protocol
 * (adapters/PROTOCOL.md), shared by every C adapter executable.
 *
 * Requests are read with read(2) into a growing buffer, so a line may be
 * of any length.  Answers go through stdio with a large buffer, flushed
 * only when no more input is pending (poll with a zero timeout before a
 * read that could block): a pipelined burst is answered in a few writes,
 * and an adapter never waits for input while holding answers back.
 */
#include "glue.h"

#include <errno.h>
#include <jansson.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* ---- output ----------------------------------------------------------- */

/* Length of the well-formed UTF-8 sequence at S (RFC 3629), or 0. */
static size_t utf8_sequence(const unsigned char *s, size_t n) {
  unsigned char c = s[0];
  if (c < 0x80)
    return 1;
  if (c >= 0xC2 && c <= 0xDF)
    return n >= 2 && (s[1] & 0xC0) == 0x80 ? 2 : 0;
  if (c >= 0xE0 && c <= 0xEF) {
    if (n < 3 || (s[1] & 0xC0) != 0x80 || (s[2] & 0xC0) != 0x80)
      return 0;
    if (c == 0xE0 && s[1] < 0xA0)
      return 0; /* overlong */
    if (c == 0xED && s[1] >= 0xA0)
      return 0; /* surrogate */
    return 3;
  }
  if (c >= 0xF0 && c <= 0xF4) {
    if (n < 4 || (s[1] & 0xC0) != 0x80 || (s[2] & 0xC0) != 0x80 ||
        (s[3] & 0xC0) != 0x80)
      return 0;
    if (c == 0xF0 && s[1] < 0x90)
      return 0; /* overlong */
    if (c == 0xF4 && s[1] >= 0x90)
      return 0; /* above U+10FFFF */
    return 4;
  }
  return 0;
}

static int utf8_valid(const char *s, size_t len) {
  const unsigned char *p = (const unsigned char *)s;
  size_t i = 0;
  while (i < len) {
    if (p[i] < 0x80) {
      i++;
      continue;
    }
    size_t n = utf8_sequence(p + i, len - i);
    if (n == 0)
      return 0;
    i += n;
  }
  return 1;
}

static void put_hex(FILE *out, const char *s, size_t len) {
  static const char digits[] = "0123456789abcdef";
  for (size_t i = 0; i < len; i++) {
    unsigned char c = (unsigned char)s[i];
    putc(digits[c >> 4], out);
    putc(digits[c & 15], out);
  }
}

/* A string value: a JSON string when S is valid UTF-8, else the object
 * {"hex": "..."} of its octets (PROTOCOL.md, "Values that are not UTF-8"). */
static void put_string(FILE *out, const char *s, size_t len) {
  if (!utf8_valid(s, len)) {
    fputs("{\"hex\":\"", out);
    put_hex(out, s, len);
    fputs("\"}", out);
    return;
  }
  putc('"', out);
  size_t run = 0;
  for (size_t i = 0; i < len; i++) {
    unsigned char c = (unsigned char)s[i];
    if (c >= 0x20 && c != '"' && c != '\\' && c != 0x7F)
      continue;
    fwrite(s + run, 1, i - run, out);
    run = i + 1;
    switch (c) {
    case '"':
      fputs("\\\"", out);
      break;
    case '\\':
      fputs("\\\\", out);
      break;
    case '\n':
      fputs("\\n", out);
      break;
    case '\r':
      fputs("\\r", out);
      break;
    case '\t':
      fputs("\\t", out);
      break;
    default:
      fprintf(out, "\\u%04x", c);
      break;
    }
  }
  fwrite(s + run, 1, len - run, out);
  putc('"', out);
}

static void put_cstring(FILE *out, const char *s) {
  put_string(out, s, strlen(s));
}

static void put_id(FILE *out, json_t *id) {
  if (!id) {
    fputs("null", out);
    return;
  }
  if (json_is_integer(id)) {
    fprintf(out, "%" JSON_INTEGER_FORMAT, json_integer_value(id));
    return;
  }
  if (json_is_string(id)) {
    put_string(out, json_string_value(id), json_string_length(id));
    return;
  }
  char *text =
      json_dumps(id, JSON_ENCODE_ANY | JSON_COMPACT | JSON_REAL_PRECISION(17));
  fputs(text ? text : "null", out);
  free(text);
}

static void put_value(FILE *out, const struct adapter_reading *r,
                      const struct adapter_value *v) {
  if (v->state == AV_DEFINED)
    put_string(out, reading_value(r, v), v->length);
  else
    fputs("null", out);
}

static void answer_error(FILE *out, json_t *id, const char *why) {
  fputs("{\"id\":", out);
  put_id(out, id);
  fputs(",\"error\":", out);
  put_cstring(out, why);
  fputs("}\n", out);
}

/* ---- requests --------------------------------------------------------- */

static int hex_value(int c) {
  if (c >= '0' && c <= '9')
    return c - '0';
  if (c >= 'a' && c <= 'f')
    return c - 'a' + 10;
  if (c >= 'A' && c <= 'F')
    return c - 'A' + 10;
  return -1;
}

struct bytes {
  const char *s; /* points into the JSON value or into `own` */
  size_t len;
  char *own;
  int present;
};

/* Field NAME as a string, or NAME_hex as hex digits.  Returns 0 when
 * absent or well-formed, -1 (with *why) when malformed. */
static int get_bytes(json_t *req, const char *name, struct bytes *b,
                     const char **why) {
  char hexname[64];
  memset(b, 0, sizeof *b);
  json_t *v = json_object_get(req, name);
  if (v) {
    if (!json_is_string(v)) {
      *why = "a string field is not a string";
      return -1;
    }
    b->s = json_string_value(v);
    b->len = json_string_length(v);
    b->present = 1;
    return 0;
  }
  snprintf(hexname, sizeof hexname, "%s_hex", name);
  v = json_object_get(req, hexname);
  if (!v)
    return 0;
  if (!json_is_string(v)) {
    *why = "a _hex field is not a string";
    return -1;
  }
  const char *h = json_string_value(v);
  size_t hl = json_string_length(v);
  if (hl % 2) {
    *why = "a _hex field has an odd number of digits";
    return -1;
  }
  b->own = malloc(hl / 2 + 1);
  if (!b->own) {
    *why = "out of memory";
    return -1;
  }
  for (size_t i = 0; i < hl / 2; i++) {
    int hi = hex_value((unsigned char)h[2 * i]);
    int lo = hex_value((unsigned char)h[2 * i + 1]);
    if (hi < 0 || lo < 0) {
      free(b->own);
      b->own = NULL;
      *why = "a _hex field has a character that is not a hex digit";
      return -1;
    }
    b->own[i] = (char)(hi * 16 + lo);
  }
  b->s = b->own;
  b->len = hl / 2;
  b->present = 1;
  return 0;
}

static int get_level(json_t *req, enum glue_level *level, const char **why) {
  json_t *v = json_object_get(req, "level");
  *level = GLUE_LEVEL_SYNTAX;
  if (!v || json_is_null(v))
    return 0;
  const char *s = json_string_value(v);
  if (!s) {
    *why = "level is not a string";
    return -1;
  }
  if (strcmp(s, "simple") == 0)
    *level = GLUE_LEVEL_SIMPLE;
  else if (strcmp(s, "syntax") == 0)
    *level = GLUE_LEVEL_SYNTAX;
  else if (strcmp(s, "scheme") == 0)
    *level = GLUE_LEVEL_SCHEME;
  else {
    *why = "level is not one of simple, syntax, scheme";
    return -1;
  }
  return 0;
}

static const struct {
  const char *name;
  unsigned bit;
} op_names[] = {
    {"parse", GLUE_OP_PARSE},           {"match", GLUE_OP_MATCH},
    {"resolve", GLUE_OP_RESOLVE},       {"normalize", GLUE_OP_NORMALIZE},
    {"equivalent", GLUE_OP_EQUIVALENT}, {"iri-to-uri", GLUE_OP_IRI_TO_URI}};

static void put_bool(FILE *out, const char *key, int v) {
  fprintf(out, ",\"%s\":%s", key, v ? "true" : "false");
}

static void answer(FILE *out, json_t *id, unsigned op,
                   const struct adapter_reading *r) {
  if (r->oom) {
    answer_error(out, id, "out of memory");
    return;
  }
  fputs("{\"id\":", out);
  put_id(out, id);
  if (r->unsupported) {
    fputs(",\"unsupported\":", out);
    put_cstring(out, r->unsupported);
    fputs("}\n", out);
    return;
  }
  switch (op) {
  case GLUE_OP_PARSE:
    put_bool(out, "valid", r->valid);
    if (r->valid) {
      fputs(",\"components\":{", out);
      int first = 1;
      for (int c = 0; c < RFC3986_COMPONENT_COUNT; c++) {
        const struct adapter_value *v = &r->comp[c];
        if (v->state == AV_NOT_EXPRESSED)
          continue;
        fprintf(out, "%s\"%s\":", first ? "" : ",",
                rfc3986_component_name((rfc3986_component)c));
        put_value(out, r, v);
        first = 0;
      }
      putc('}', out);
    } else if (r->has_error_offset) {
      fprintf(out, ",\"error_offset\":%zu", r->error_offset);
    }
    break;
  case GLUE_OP_MATCH:
    put_bool(out, "valid", r->valid);
    break;
  case GLUE_OP_RESOLVE:
  case GLUE_OP_NORMALIZE:
  case GLUE_OP_IRI_TO_URI:
    put_bool(out, "valid", r->valid);
    if (r->valid && r->output.state == AV_DEFINED) {
      fputs(op == GLUE_OP_RESOLVE     ? ",\"target\":"
            : op == GLUE_OP_NORMALIZE ? ",\"normalized\":"
                                      : ",\"output\":",
            out);
      put_value(out, r, &r->output);
    }
    break;
  case GLUE_OP_EQUIVALENT:
    put_bool(out, "valid", r->valid);
    if (r->valid)
      put_bool(out, "equivalent", r->equivalent);
    break;
  default:
    break;
  }
  fputs("}\n", out);
}

static void serve_line(const struct glue *g, FILE *out, const char *line,
                       size_t len, struct adapter_reading *r) {
  json_error_t jerr;
  json_t *req = json_loadb(line, len, JSON_ALLOW_NUL, &jerr);
  if (!req || !json_is_object(req)) {
    answer_error(out, NULL, "request is not a JSON object");
    json_decref(req);
    return;
  }
  json_t *id = json_object_get(req, "id");
  const char *why = NULL;
  const char *opname = json_string_value(json_object_get(req, "op"));
  if (!opname)
    opname = json_object_get(req, "op") ? "" : "parse";
  unsigned op = 0;
  for (size_t i = 0; i < sizeof op_names / sizeof op_names[0]; i++)
    if (strcmp(opname, op_names[i].name) == 0)
      op = op_names[i].bit;
  if (!op) {
    answer_error(out, id, "unknown op");
    json_decref(req);
    return;
  }
  reading_reset(r);
  if (!(g->ops & op)) {
    r->unsupported = "op not supported by this adapter";
    answer(out, id, op, r);
    json_decref(req);
    return;
  }

  struct bytes in, other;
  memset(&other, 0, sizeof other);
  const char *rule = NULL;
  json_t *rv = json_object_get(req, "rule");
  if (rv && !json_is_null(rv)) {
    rule = json_string_value(rv);
    if (!rule) {
      answer_error(out, id, "rule is not a string");
      json_decref(req);
      return;
    }
  }
  if (get_bytes(req, "input", &in, &why) != 0)
    goto bad;
  if (!in.present) {
    why = "request has neither input nor input_hex";
    goto bad;
  }
  enum glue_level level;
  int rc = 0;
  switch (op) {
  case GLUE_OP_PARSE:
    /* A base on parse is WHATWG's "parse relative to base": no C adapter
     * has it. */
    if (json_object_get(req, "base") &&
        !json_is_null(json_object_get(req, "base")))
      r->unsupported = "parse with a base (WHATWG) is not supported";
    else
      rc = g->parse(in.s, in.len, rule, r);
    break;
  case GLUE_OP_MATCH:
    if (!rule) {
      why = "match needs a rule";
      goto bad;
    }
    rc = g->match(rule, in.s, in.len, r);
    break;
  case GLUE_OP_RESOLVE: {
    if (get_bytes(req, "base", &other, &why) != 0)
      goto bad;
    if (!other.present) {
      why = "resolve needs a base";
      goto bad;
    }
    json_t *sv = json_object_get(req, "strict");
    int strict = !(sv && json_is_false(sv));
    rc = g->resolve(other.s, other.len, in.s, in.len, strict, r);
    break;
  }
  case GLUE_OP_NORMALIZE:
    if (get_level(req, &level, &why) != 0)
      goto bad;
    rc = g->normalize(in.s, in.len, level, r);
    break;
  case GLUE_OP_EQUIVALENT:
    if (get_level(req, &level, &why) != 0)
      goto bad;
    if (get_bytes(req, "other", &other, &why) != 0)
      goto bad;
    if (!other.present) {
      why = "equivalent needs other";
      goto bad;
    }
    rc = g->equivalent(in.s, in.len, other.s, other.len, level, r);
    break;
  case GLUE_OP_IRI_TO_URI:
    rc = g->iri_to_uri(in.s, in.len, r);
    break;
  default:
    break;
  }
  if (rc != 0)
    r->oom = 1;
  answer(out, id, op, r);
  free(in.own);
  free(other.own);
  json_decref(req);
  return;
bad:
  answer_error(out, id, why ? why : "bad request");
  free(in.own);
  free(other.own);
  json_decref(req);
}

/* ---- the loop --------------------------------------------------------- */

static void hello(const struct glue *g, FILE *out) {
  fputs("{\"adapter\":", out);
  put_cstring(out, g->name);
  fputs(",\"library\":", out);
  put_cstring(out, g->library_version());
  fputs(",\"spec\":", out);
  put_cstring(out, g->spec);
  fputs(",\"ops\":[", out);
  int first = 1;
  for (size_t i = 0; i < sizeof op_names / sizeof op_names[0]; i++) {
    if (!(g->ops & op_names[i].bit))
      continue;
    fprintf(out, "%s\"%s\"", first ? "" : ",", op_names[i].name);
    first = 0;
  }
  fputs("],\"protocol\":1}\n", out);
  fflush(out);
}

static int input_pending(int fd) {
  struct pollfd p = {.fd = fd, .events = POLLIN, .revents = 0};
  return poll(&p, 1, 0) > 0;
}

static int is_blank(const char *s, size_t len) {
  for (size_t i = 0; i < len; i++)
    if (s[i] != ' ' && s[i] != '\t' && s[i] != '\r')
      return 0;
  return 1;
}

int adapter_serve(const struct glue *g, int in_fd, void *out_file) {
  FILE *out = out_file;
  static char outbuf[1 << 16];
  setvbuf(out, outbuf, _IOFBF, sizeof outbuf);
  hello(g, out);

  struct adapter_reading r;
  reading_init(&r);
  size_t cap = 1 << 16, len = 0, start = 0, scanned = 0;
  char *buf = malloc(cap);
  if (!buf)
    return 2;
  for (;;) {
    /* Serve every complete line in the buffer. */
    char *nl;
    while (scanned < len &&
           (nl = memchr(buf + scanned, '\n', len - scanned)) != NULL) {
      size_t end = (size_t)(nl - buf);
      if (!is_blank(buf + start, end - start))
        serve_line(g, out, buf + start, end - start, &r);
      start = scanned = end + 1;
    }
    scanned = len;
    /* Keep the partial line; grow when it fills the buffer. */
    if (start > 0) {
      memmove(buf, buf + start, len - start);
      len -= start;
      scanned -= start;
      start = 0;
    }
    if (len == cap) {
      char *bigger = realloc(buf, cap * 2);
      if (!bigger) {
        answer_error(out, NULL, "out of memory: request line too long");
        break;
      }
      buf = bigger;
      cap *= 2;
    }
    if (!input_pending(in_fd))
      fflush(out);
    ssize_t n = read(in_fd, buf + len, cap - len);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0) {
      if (len > 0 && !is_blank(buf, len)) /* a last line without LF */
        serve_line(g, out, buf, len, &r);
      break;
    }
    len += (size_t)n;
  }
  fflush(out);
  free(buf);
  reading_free(&r);
  return ferror(out) ? 1 : 0;
}
