/* jtok.c: see jtok.h. */
#include "jtok.h"

#include <stdlib.h>
#include <string.h>

#include "util.h"

#define MAX_DEPTH 64
#define MAX_DUPCHECK 64 /* members compared pairwise for duplicate keys */

struct jp {
  struct jtoks *ts;
  const unsigned char *p;
  size_t n, i;
};

static int push(struct jp *j, int type, size_t start) {
  struct jtoks *ts = j->ts;
  if (ts->n == ts->cap) {
    ts->cap = ts->cap ? ts->cap * 2 : 64;
    ts->t = xrealloc(ts->t, sizeof *ts->t * ts->cap);
  }
  struct jtok *t = &ts->t[ts->n];
  t->type = (unsigned char)type;
  t->esc = 0;
  t->start = t->end = (unsigned)start;
  t->size = 0;
  return (int)ts->n++;
}

static void ws(struct jp *j) {
  while (j->i < j->n) {
    unsigned char c = j->p[j->i];
    if (c != ' ' && c != '\t' && c != '\n' && c != '\r')
      break;
    j->i++;
  }
}

static int hex4(const unsigned char *s, unsigned *v) {
  *v = 0;
  for (int k = 0; k < 4; k++) {
    unsigned c = s[k], d;
    if (c >= '0' && c <= '9')
      d = c - '0';
    else if (c >= 'a' && c <= 'f')
      d = c - 'a' + 10;
    else if (c >= 'A' && c <= 'F')
      d = c - 'A' + 10;
    else
      return -1;
    *v = *v * 16 + d;
  }
  return 0;
}

/* octets that stand for themselves in a JSON string: 0x20-0x7F but " and \ */
#define P4(a) a, a, a, a
#define P16(a) P4(a), P4(a), P4(a), P4(a)
static const unsigned char plain[256] = {
    P16(0), P16(0),                                        /* 0x00-0x1F */
    1,      1,      0,      1,      P4(1),  P4(1),  P4(1), /* 0x20-0x2F, " */
    P16(1), P16(1),                                        /* 0x30-0x4F */
    P4(1),  P4(1),  P4(1),  0,      1,      1,      1,     /* 0x50-0x5F, \ */
    P16(1), P16(1),                                        /* 0x60-0x7F */
    P16(0), P16(0), P16(0), P16(0), P16(0), P16(0), P16(0), P16(0)};
#undef P4
#undef P16

static int str(struct jp *j) {
  int t = push(j, JT_STR, ++j->i);
  const unsigned char *p = j->p;
  size_t i = j->i, n = j->n;
  int esc = 0;
  for (;;) {
    while (i < n && plain[p[i]])
      i++;
    if (i >= n)
      return -1;
    unsigned char c = p[i];
    if (c == '"')
      break;
    if (c < 0x20)
      return -1;
    if (c == '\\') {
      esc = 1;
      if (i + 1 >= n)
        return -1;
      c = p[i + 1];
      if (c == 'u') {
        unsigned v, w;
        if (i + 6 > n || hex4(p + i + 2, &v) < 0)
          return -1;
        i += 6;
        if (v >= 0xDC00 && v <= 0xDFFF)
          return -1;
        if (v >= 0xD800 &&
            v <= 0xDBFF) { /* a high surrogate: its low one must follow */
          if (i + 6 > n || p[i] != '\\' || p[i + 1] != 'u' ||
              hex4(p + i + 2, &w) < 0 || w < 0xDC00 || w > 0xDFFF)
            return -1;
          i += 6;
        }
        continue;
      }
      if (!strchr("\"\\/bfnrt", c) || !c)
        return -1;
      i += 2;
      continue;
    }
    size_t k = utf8_seq(p + i, n - i); /* p[i] >= 0x80 here */
    if (!k)
      return -1;
    i += k;
  }
  struct jtok *tk = &j->ts->t[t];
  tk->end = (unsigned)i;
  tk->esc = (unsigned char)esc;
  j->i = i + 1;
  tk->next = (unsigned)j->ts->n;
  return t;
}

static int num(struct jp *j) {
  size_t s = j->i, i = s;
  const unsigned char *p = j->p;
  if (i < j->n && p[i] == '-')
    i++;
  if (i >= j->n)
    return -1;
  if (p[i] == '0')
    i++;
  else if (p[i] >= '1' && p[i] <= '9')
    while (i < j->n && p[i] >= '0' && p[i] <= '9')
      i++;
  else
    return -1;
  if (i < j->n && p[i] == '.') {
    size_t d = ++i;
    while (i < j->n && p[i] >= '0' && p[i] <= '9')
      i++;
    if (i == d)
      return -1;
  }
  if (i < j->n && (p[i] == 'e' || p[i] == 'E')) {
    i++;
    if (i < j->n && (p[i] == '+' || p[i] == '-'))
      i++;
    size_t d = i;
    while (i < j->n && p[i] >= '0' && p[i] <= '9')
      i++;
    if (i == d)
      return -1;
  }
  if (i - s > 15)
    return -1; /* jansson's range checks: leave them to it */
  int t = push(j, JT_NUM, s);
  j->ts->t[t].end = (unsigned)i;
  j->ts->t[t].next = (unsigned)j->ts->n;
  j->i = i;
  return t;
}

static int value(struct jp *j, int depth);

static int lit(struct jp *j, const char *w, int type) {
  size_t l = strlen(w);
  if (j->n - j->i < l || memcmp(j->p + j->i, w, l))
    return -1;
  int t = push(j, type, j->i);
  j->i += l;
  j->ts->t[t].end = (unsigned)j->i;
  j->ts->t[t].next = (unsigned)j->ts->n;
  return t;
}

static int container(struct jp *j, int depth) {
  int isobj = j->p[j->i] == '{';
  char close = isobj ? '}' : ']';
  if (depth > MAX_DEPTH)
    return -1;
  int t = push(j, isobj ? JT_OBJ : JT_ARR, j->i);
  j->i++;
  ws(j);
  unsigned size = 0;
  int keys[MAX_DUPCHECK];
  if (j->i < j->n && j->p[j->i] == close) {
    j->i++;
  } else {
    for (;;) {
      ws(j);
      if (isobj) {
        if (j->i >= j->n || j->p[j->i] != '"')
          return -1;
        int k = str(j);
        if (k < 0 || j->ts->t[k].esc)
          return -1;
        if (size >= MAX_DUPCHECK)
          return -1;
        const struct jtok *kt = &j->ts->t[k];
        for (unsigned m = 0; m < size; m++) {
          const struct jtok *o = &j->ts->t[keys[m]];
          if (o->end - o->start == kt->end - kt->start &&
              !memcmp(j->p + o->start, j->p + kt->start, kt->end - kt->start))
            return -1; /* duplicate key */
        }
        keys[size] = k;
        ws(j);
        if (j->i >= j->n || j->p[j->i] != ':')
          return -1;
        j->i++;
        ws(j);
      }
      if (value(j, depth + 1) < 0)
        return -1;
      size++;
      ws(j);
      if (j->i >= j->n)
        return -1;
      char c = (char)j->p[j->i++];
      if (c == close)
        break;
      if (c != ',')
        return -1;
    }
  }
  struct jtok *tk = &j->ts->t[t];
  tk->size = size;
  tk->end = (unsigned)j->i;
  tk->next = (unsigned)j->ts->n;
  return t;
}

static int value(struct jp *j, int depth) {
  ws(j);
  if (j->i >= j->n)
    return -1;
  switch (j->p[j->i]) {
  case '"':
    return str(j);
  case '{':
  case '[':
    return container(j, depth);
  case 't':
    return lit(j, "true", JT_TRUE);
  case 'f':
    return lit(j, "false", JT_FALSE);
  case 'n':
    return lit(j, "null", JT_NULL);
  default:
    return num(j);
  }
}

int jtok_parse(struct jtoks *ts, const char *p, size_t n) {
  if (n >= 0xFFFFFFF0u)
    return -1;
  struct jp j = {ts, (const unsigned char *)p, n, 0};
  ts->n = 0;
  if (value(&j, 0) < 0)
    return -1;
  ws(&j);
  return j.i == n ? 0 : -1;
}

int jtok_get(const struct jtoks *ts, const char *p, int obj, const char *key) {
  const struct jtok *o = &ts->t[obj];
  if (o->type != JT_OBJ)
    return -1;
  size_t kl = strlen(key);
  unsigned i = (unsigned)obj + 1;
  for (unsigned m = 0; m < o->size; m++) {
    const struct jtok *k = &ts->t[i];
    if (k->end - k->start == kl && !memcmp(p + k->start, key, kl))
      return (int)i + 1;
    i = ts->t[i + 1].next;
  }
  return -1;
}

int jtok_eq(const struct jtoks *ts, const char *p, int i, const char *s) {
  const struct jtok *t = &ts->t[i];
  size_t l = strlen(s);
  return t->type == JT_STR && !t->esc && t->end - t->start == l &&
         !memcmp(p + t->start, s, l);
}

static size_t put_utf8(char *o, unsigned v) {
  if (v < 0x80) {
    o[0] = (char)v;
    return 1;
  }
  if (v < 0x800) {
    o[0] = (char)(0xC0 | v >> 6);
    o[1] = (char)(0x80 | (v & 0x3F));
    return 2;
  }
  if (v < 0x10000) {
    o[0] = (char)(0xE0 | v >> 12);
    o[1] = (char)(0x80 | ((v >> 6) & 0x3F));
    o[2] = (char)(0x80 | (v & 0x3F));
    return 3;
  }
  o[0] = (char)(0xF0 | v >> 18);
  o[1] = (char)(0x80 | ((v >> 12) & 0x3F));
  o[2] = (char)(0x80 | ((v >> 6) & 0x3F));
  o[3] = (char)(0x80 | (v & 0x3F));
  return 4;
}

size_t jtok_str(const struct jtoks *ts, const char *p, int i, char *out) {
  const struct jtok *t = &ts->t[i];
  const unsigned char *s = (const unsigned char *)p + t->start,
                      *e = (const unsigned char *)p + t->end;
  if (!t->esc) {
    memcpy(out, s, (size_t)(e - s));
    out[e - s] = 0;
    return (size_t)(e - s);
  }
  size_t o = 0;
  while (s < e) {
    if (*s != '\\') {
      out[o++] = (char)*s++;
      continue;
    }
    unsigned char c = s[1];
    s += 2;
    switch (c) {
    case 'b':
      out[o++] = '\b';
      break;
    case 'f':
      out[o++] = '\f';
      break;
    case 'n':
      out[o++] = '\n';
      break;
    case 'r':
      out[o++] = '\r';
      break;
    case 't':
      out[o++] = '\t';
      break;
    case 'u': {
      unsigned v, w;
      hex4(s, &v);
      s += 4;
      if (v >= 0xD800 && v <= 0xDBFF) { /* checked by the tokenizer */
        hex4(s + 2, &w);
        s += 6;
        v = 0x10000 + ((v - 0xD800) << 10) + (w - 0xDC00);
      }
      o += put_utf8(out + o, v);
      break;
    }
    default:
      out[o++] = (char)c;
      break; /* " \ / */
    }
  }
  out[o] = 0;
  return o;
}

void jtok_free(struct jtoks *ts) {
  free(ts->t);
  ts->t = NULL;
  ts->n = ts->cap = 0;
}

/* Value I as a jansson value (what json_loadb would have built). */
static json_t *to_json(const struct jtoks *ts, const char *p, int i,
                       struct buf *scratch) {
  const struct jtok *t = &ts->t[i];
  switch (t->type) {
  case JT_OBJ: {
    json_t *o = json_object();
    int k = i + 1;
    for (unsigned m = 0; m < t->size; m++) {
      const struct jtok *kt = &ts->t[k];
      json_t *v = to_json(ts, p, k + 1, scratch);
      if (!v || json_object_setn_new_nocheck(o, p + kt->start,
                                             kt->end - kt->start, v) < 0) {
        json_decref(o);
        return NULL;
      }
      k = (int)ts->t[k + 1].next;
    }
    return o;
  }
  case JT_ARR: {
    json_t *a = json_array();
    int k = i + 1;
    for (unsigned m = 0; m < t->size; m++) {
      if (json_array_append_new(a, to_json(ts, p, k, scratch)) < 0) {
        json_decref(a);
        return NULL;
      }
      k = (int)ts->t[k].next;
    }
    return a;
  }
  case JT_STR: {
    if (!t->esc)
      return json_stringn_nocheck(p + t->start, t->end - t->start);
    scratch->len = 0;
    buf_reserve(scratch, t->end - t->start + 1);
    size_t n = jtok_str(ts, p, i, scratch->p);
    return json_stringn_nocheck(scratch->p, n);
  }
  case JT_NUM: {
    char tmp[32];
    size_t n = t->end - t->start; /* at most 15 */
    memcpy(tmp, p + t->start, n);
    tmp[n] = 0;
    if (strpbrk(tmp, ".eE"))
      return json_real(strtod(tmp, NULL));
    return json_integer(strtoll(tmp, NULL, 10));
  }
  case JT_TRUE:
    return json_true();
  case JT_FALSE:
    return json_false();
  default:
    return json_null();
  }
}

json_t *jtok_load(struct jtoks *ts, const char *p, size_t n,
                  struct buf *scratch) {
  if (jtok_parse(ts, p, n) < 0 || ts->t[0].type != JT_OBJ)
    return NULL;
  return to_json(ts, p, 0, scratch);
}

json_t *jtok_build(const struct jtoks *ts, const char *p, struct buf *scratch) {
  return to_json(ts, p, 0, scratch);
}
