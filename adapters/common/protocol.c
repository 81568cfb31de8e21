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
#include "codec_json.h"
#include "glue.h"

#include <errno.h>
#include <jansson.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* ---- output ----------------------------------------------------------- */

/* Text (names, messages, string ids) as a JSON string. */
static void put_text(FILE *out, const char *s, size_t len) {
  struct codec_out o = codec_out_file(out);
  codec_string(&o, s, len);
}

static void put_cstring(FILE *out, const char *s) {
  put_text(out, s, strlen(s));
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
    put_text(out, json_string_value(id), json_string_length(id));
    return;
  }
  char *text =
      json_dumps(id, JSON_ENCODE_ANY | JSON_COMPACT | JSON_REAL_PRECISION(17));
  fputs(text ? text : "null", out);
  free(text);
}

static void put_value(FILE *out, const struct value *v) {
  struct codec_out o = codec_out_file(out);
  if (v->state == VALUE_OCTETS)
    codec_value(&o, v->s, v->len);
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

/* Field NAME as a string, or NAME_hex as hex digits (codec_json_field).
 * Returns 0 when absent or well-formed (B->present says which), -1 (with
 * *why) when malformed. */
struct bytes {
  struct value v;
  char *own;
  int present;
};
static int get_bytes(json_t *req, const char *name, struct bytes *b,
                     const char **why) {
  int st = codec_json_field(req, name, &b->v, &b->own, why);
  b->present = st == VALUE_OCTETS;
  return st < 0 ? -1 : 0;
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
    {"equivalent", GLUE_OP_EQUIVALENT}, {"iri-to-uri", GLUE_OP_IRI_TO_URI},
    {"recompose", GLUE_OP_RECOMPOSE},   {"fetch", GLUE_OP_FETCH}};

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
        const struct value *v = &r->comp[c];
        if (v->state == VALUE_ABSENT)
          continue;
        fprintf(out, "%s\"%s\":", first ? "" : ",",
                rfc3986_component_name((rfc3986_component)c));
        put_value(out, v);
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
  case GLUE_OP_RECOMPOSE:
    put_bool(out, "valid", r->valid);
    if (r->valid && r->output.state == VALUE_OCTETS) {
      fputs(op == GLUE_OP_RESOLVE     ? ",\"target\":"
            : op == GLUE_OP_NORMALIZE ? ",\"normalized\":"
                                      : ",\"output\":",
            out);
      put_value(out, &r->output);
    }
    break;
  case GLUE_OP_EQUIVALENT:
    put_bool(out, "valid", r->valid);
    if (r->valid)
      put_bool(out, "equivalent", r->equivalent);
    break;
  case GLUE_OP_FETCH:
    put_bool(out, "valid", r->valid);
    if (!r->valid && r->output.state == VALUE_OCTETS) {
      fputs(",\"error\":", out);
      put_value(out, &r->output);
    }
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
      rc = g->parse(in.v.s, in.v.len, rule, r);
    break;
  case GLUE_OP_MATCH:
    if (!rule) {
      why = "match needs a rule";
      goto bad;
    }
    rc = g->match(rule, in.v.s, in.v.len, r);
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
    rc = g->resolve(other.v.s, other.v.len, in.v.s, in.v.len, strict, r);
    break;
  }
  case GLUE_OP_NORMALIZE:
    if (get_level(req, &level, &why) != 0)
      goto bad;
    rc = g->normalize(in.v.s, in.v.len, level, r);
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
    rc = g->equivalent(in.v.s, in.v.len, other.v.s, other.v.len, level, r);
    break;
  case GLUE_OP_IRI_TO_URI:
    rc = g->iri_to_uri(in.v.s, in.v.len, r);
    break;
  case GLUE_OP_RECOMPOSE:
    rc = g->recompose(in.v.s, in.v.len, r);
    break;
  case GLUE_OP_FETCH:
    rc = g->fetch(in.v.s, in.v.len, r);
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
