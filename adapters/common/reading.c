/*
 * reading.c: struct adapter_reading, the result of one glue call
 * (glue.h).  No jansson here: the fuzz targets and the benchmark link it.
 */
#include "glue.h"

#include <stdlib.h>
#include <string.h>

void reading_init(struct adapter_reading *r) {
  memset(r, 0, sizeof *r);
}

void reading_reset(struct adapter_reading *r) {
  char *buf = r->buf;
  size_t cap = r->buf_cap;
  memset(r, 0, sizeof *r);
  r->buf = buf;
  r->buf_cap = cap;
}

void reading_free(struct adapter_reading *r) {
  free(r->buf);
  memset(r, 0, sizeof *r);
}

/* The values that hold octets point into the buffer: moved with it. */
static void rebase(struct adapter_reading *r, char *buf) {
  for (int c = 0; c <= RFC3986_COMPONENT_COUNT; c++) {
    struct value *v = c < RFC3986_COMPONENT_COUNT ? &r->comp[c] : &r->output;
    if (v->state == VALUE_OCTETS)
      v->s = buf + (v->s - r->buf);
  }
}

/* Make room for LEN more octets (a buffer there, even for none: every
 * value's octets are in it); -1 on OOM. */
static int reserve(struct adapter_reading *r, size_t len) {
  if (!r->buf || r->buf_cap - r->buf_len < len) {
    size_t cap = r->buf_cap ? r->buf_cap : 256;
    while (cap - r->buf_len < len) {
      if (cap > ((size_t)-1) / 2) {
        r->oom = 1;
        return -1;
      }
      cap *= 2;
    }
    char *buf = malloc(cap);
    if (!buf) {
      r->oom = 1;
      return -1;
    }
    if (r->buf) /* holds buf_len octets */
      memcpy(buf, r->buf, r->buf_len);
    rebase(r, buf);
    free(r->buf);
    r->buf = buf;
    r->buf_cap = cap;
  }
  return 0;
}

/* Append LEN octets to the buffer; returns their offset, or -1 on OOM. */
static int store(struct adapter_reading *r, const char *s, size_t len,
                 size_t *offset) {
  if (reserve(r, len) != 0)
    return -1;
  *offset = r->buf_len;
  if (len)
    memcpy(r->buf + r->buf_len, s, len);
  r->buf_len += len;
  return 0;
}

static void set_value(struct adapter_reading *r, struct value *v, const char *s,
                      size_t len) {
  size_t off;
  if (store(r, s, len, &off) != 0) {
    v->state = VALUE_ABSENT;
    return;
  }
  *v = (struct value){r->buf + off, len, VALUE_OCTETS};
}

void reading_set(struct adapter_reading *r, rfc3986_component c, const char *s,
                 size_t len) {
  if ((unsigned)c < RFC3986_COMPONENT_COUNT)
    set_value(r, &r->comp[c], s, len);
}

void reading_set_null(struct adapter_reading *r, rfc3986_component c) {
  if ((unsigned)c < RFC3986_COMPONENT_COUNT) {
    r->comp[c] = (struct value){NULL, 0, VALUE_NULL};
  }
}

void reading_set_cstr(struct adapter_reading *r, rfc3986_component c,
                      const char *v) {
  if (v)
    reading_set(r, c, v, strlen(v));
  else
    reading_set_null(r, c);
}

void reading_set_no_authority(struct adapter_reading *r) {
  reading_set_null(r, RFC3986_COMPONENT_AUTHORITY);
  reading_set_null(r, RFC3986_COMPONENT_USERINFO);
  reading_set_null(r, RFC3986_COMPONENT_HOST);
  reading_set_null(r, RFC3986_COMPONENT_HOST_TYPE);
  reading_set_null(r, RFC3986_COMPONENT_PORT);
}

void reading_append(struct adapter_reading *r, rfc3986_component c,
                    const char *s, size_t len) {
  if ((unsigned)c >= RFC3986_COMPONENT_COUNT)
    return;
  struct value *v = &r->comp[c];
  if (v->state != VALUE_OCTETS) {
    set_value(r, v, s, len);
    return;
  }
  size_t off;
  if (store(r, s, len, &off) == 0)
    v->len += len;
}

void reading_set_output(struct adapter_reading *r, const char *s, size_t len) {
  set_value(r, &r->output, s, len);
}

char *reading_output_space(struct adapter_reading *r, size_t cap) {
  if (reserve(r, cap ? cap : 1) != 0)
    return NULL;
  return r->buf + r->buf_len;
}

void reading_output_done(struct adapter_reading *r, size_t len) {
  r->output = (struct value){r->buf + r->buf_len, len, VALUE_OCTETS};
  r->buf_len += len;
}

char *reading_cstring(struct adapter_reading *r, const char *s, size_t len) {
  if (memchr(s, '\0', len)) {
    r->unsupported =
        "the library takes NUL-terminated strings: input has a NUL octet";
    return NULL;
  }
  char *c = malloc(len + 1);
  if (!c) {
    r->oom = 1;
    return NULL;
  }
  memcpy(c, s, len);
  c[len] = '\0';
  return c;
}

int reading_cstring_pair(struct adapter_reading *r, const char *a, size_t alen,
                         const char *b, size_t blen, char **ca, char **cb) {
  *cb = NULL;
  if ((*ca = reading_cstring(r, a, alen)) == NULL ||
      (*cb = reading_cstring(r, b, blen)) == NULL) {
    free(*ca);
    *ca = NULL;
    return -1;
  }
  return 0;
}

/* RFC 3986 3.2.2 IPv4address: 4 dec-octets, no leading zeros. */
int reading_is_ipv4address(const char *h) {
  for (int i = 0; i < 4; i++) {
    if (*h < '0' || *h > '9')
      return 0;
    int n = 0, digits = 0;
    const char *start = h;
    while (*h >= '0' && *h <= '9' && digits < 4) {
      n = n * 10 + (*h++ - '0');
      digits++;
    }
    if (digits > 3 || n > 255 || (digits > 1 && *start == '0'))
      return 0;
    if (i < 3 && *h++ != '.')
      return 0;
  }
  return *h == '\0';
}
