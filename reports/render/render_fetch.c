/* render_fetch.c: the report's "where requests go" view (DESIGN.md "The
 * fetch lab"): per input of a fetch file (`uritest fetch --format json`),
 * each HTTP client's connection (name, address, port, Host header, TLS
 * server name; or refused, or its class: TIMEOUT, CRASH), beside the
 * RFC 3986 reading of the input and each parser's reading of it in the
 * results (the parse vector with that input: the adapter's own reading
 * where it did not pass, else the vector's expected one).  Every value
 * is shown (report_show) here; render_html puts the view in the page's
 * data (X.fetch), render_md writes it as a section, each with its own
 * escaping. */
#include <stdlib.h>
#include <string.h>

#include "endpoint.h"
#include "codec_json.h"
#include "model.h"
#include "util.h"

/* S[0..N) shown, as a JSON string. */
static json_t *shown(const char *s, size_t n) {
  struct buf b = {0};
  buf_puts(&b, "");
  report_show(&b, s, n);
  json_t *j = json_stringn(b.p, b.len);
  free(b.p);
  return j;
}

/* Value V of a fetch file ("...", {"hex"} or null) shown; null as null. */
static json_t *shown_value(json_t *v) {
  if (!v || json_is_null(v))
    return json_null();
  struct buf b = {0};
  buf_puts(&b, "");
  report_show_value(&b, v);
  json_t *j = json_stringn(b.p, b.len);
  free(b.p);
  return j;
}

/* A host and port as text: host H port P ("-" where none). */
static json_t *host_port(const struct value *h, const struct value *p) {
  struct buf b = {0};
  buf_puts(&b, "host ");
  if (h->state == VALUE_OCTETS)
    report_show(&b, h->s, h->len);
  else
    buf_puts(&b, "-");
  buf_puts(&b, " port ");
  if (p->state == VALUE_OCTETS)
    report_show(&b, p->s, p->len);
  else
    buf_puts(&b, "-");
  json_t *j = json_stringn(b.p, b.len);
  free(b.p);
  return j;
}

/* RFC 3986's reading of IN (its lenient one where RFC 3986 rejects IN). */
static json_t *rfc_reading(const char *in, size_t len) {
  struct endpoint e;
  char *buf = xmalloc(len + 1);
  int valid = endpoint_reference(&e, in, len, buf);
  json_t *j = json_pack("{s:b,s:o}", "valid", valid, "reading",
                        host_port(&e.host, &e.port));
  free(buf);
  return j;
}

/* One client's fetch X as the view shows it. */
static json_t *client_of(json_t *x) {
  json_t *o = json_object_get(x, "observed"),
         *cls = json_object_get(x, "class");
  const char *a = json_string_value(json_object_get(x, "adapter"));
  const char *status = json_is_string(cls) ? json_string_value(cls)
                       : json_is_true(json_object_get(x, "refused")) ? "refused"
                       : json_is_object(o) ? "connected"
                                           : "no connection";
  json_t *c =
      json_pack("{s:o,s:s}", "adapter", shown(a, strlen(a)), "status", status);
  if (json_is_object(o)) {
    const char *addr = json_string_value(json_object_get(o, "address"));
    json_object_set_new(c, "name", shown_value(json_object_get(o, "name")));
    json_object_set_new(c, "address", shown(addr, strlen(addr)));
    json_object_set(c, "port", json_object_get(o, "port"));
    json_object_set_new(c, "host_header",
                        shown_value(json_object_get(o, "host_header")));
    json_object_set_new(c, "sni", shown_value(json_object_get(o, "sni")));
  }
  return c;
}

/* The value of KEY in reading I (a model string, shown), or NULL. */
static const char *reading_get(const struct report *r, uint32_t i,
                               const char *key) {
  size_t n;
  const uint32_t *kv = i ? report_reading(r, i, &n) : NULL;
  for (size_t k = 0; kv && k + 1 < n; k += 2)
    if (!strcmp(rs(r, kv[k]), key))
      return rs(r, kv[k + 1]);
  return NULL;
}

/* Reading I as text: rejects, or host H port P. */
static json_t *reading_text(const struct report *r, uint32_t i) {
  const char *valid = reading_get(r, i, "valid"),
             *expect = reading_get(r, i, "expect");
  if ((valid && !strcmp(valid, "false")) ||
      (expect && !strcmp(expect, "\"reject\"")))
    return json_string("rejects");
  const char *h = reading_get(r, i, "host"), *p = reading_get(r, i, "port");
  struct buf b = {0};
  buf_printf(&b, "host %s port %s", h ? h : "-", p ? p : "-");
  json_t *j = json_stringn(b.p, b.len);
  free(b.p);
  return j;
}

/* The parse vector of R whose input (shown) is model string IN, or NULL. */
static const struct rpt_vec *vec_of_input(const struct report *r, uint32_t in) {
  for (size_t v = 0; in != (uint32_t)-1 && v < r->nvecs; v++)
    if (r->vecs[v].input == in && !strcmp(rs(r, r->vecs[v].op), "parse"))
      return &r->vecs[v];
  return NULL;
}

/* The non-PASS results of R by vector: HEAD[v] the first (index + 1,
 * 0 none), NEXT[i] the next of result i's vector (the same). */
struct res_index {
  size_t *head, *next;
};

static void res_index_make(const struct report *r, struct res_index *x) {
  x->head = xcalloc(r->nvecs + 1, sizeof *x->head);
  x->next = xcalloc(r->nres + 1, sizeof *x->next);
  for (size_t i = r->nres; i-- > 0;) {
    x->next[i] = x->head[r->res[i].vec];
    x->head[r->res[i].vec] = i + 1;
  }
}

/* Each adapter's reading of vector V: its own where it did not pass,
 * else the vector's expected reading. */
static json_t *parsers_of(const struct report *r, const struct rpt_vec *v,
                          const struct res_index *x) {
  json_t *list = json_array();
  uint32_t *own = xcalloc(r->nad + 1, sizeof *own);
  for (size_t i = x->head[v - r->vecs]; i; i = x->next[i - 1])
    own[r->res[i - 1].adapter] = r->res[i - 1].reading;
  for (size_t k = 0; k < r->nad; k++) {
    int cls = v->cls[k];
    if (cls == RPT_NONE || cls == CLASS_UNSUPPORTED)
      continue;
    uint32_t reading = cls == CLASS_PASS ? v->expected : own[k];
    json_t *text = reading || cls != CLASS_PASS
                       ? reading_text(r, reading)
                       : json_string("as the vector expects");
    json_array_append_new(
        list, json_pack("{s:o,s:s,s:o}", "adapter",
                        shown(rs(r, r->ad[k].name), rslen(r, r->ad[k].name)),
                        "class", class_names[cls], "reading", text));
  }
  free(own);
  return list;
}

/* The view being made: its rows (at most MAX), the inputs seen (by their
 * shown form, kept in KEYS; the value a row, or SIZE_MAX past MAX). */
struct fview {
  const struct report *r;
  json_t *rows;
  size_t max, inputs;
  struct strmap seen;
  struct arena keys;
  struct res_index res;
};

/* The row of input IN (LEN octets), made when new; NULL past MAX. */
static json_t *row_for(struct fview *f, const char *in, size_t len) {
  json_t *key = shown(in, len); /* shown: never holds a NUL */
  const char *k = json_string_value(key);
  size_t *at = strmap_get(&f->seen, k), n = json_array_size(f->rows);
  json_t *row = NULL;
  if (at) {
    row = *at == (size_t)-1 ? NULL : json_array_get(f->rows, *at);
  } else {
    f->inputs++;
    strmap_add(&f->seen, arena_strndup(&f->keys, k, strlen(k)),
               n < f->max ? n : (size_t)-1);
    if (n < f->max) {
      const struct rpt_vec *v =
          vec_of_input(f->r, strtab_find(&f->r->str, k, strlen(k)));
      row = json_pack("{s:O,s:o,s:[],s:o}", "input", key, "rfc3986",
                      rfc_reading(in, len), "clients", "parsers",
                      v ? parsers_of(f->r, v, &f->res) : json_array());
      json_array_append_new(f->rows, row);
    }
  }
  json_decref(key);
  return row;
}

json_t *report_fetch_view(const struct report *r, json_t *fetch, size_t max) {
  struct fview f;
  memset(&f, 0, sizeof f);
  f.r = r;
  f.rows = json_array();
  f.max = max;
  res_index_make(r, &f.res);
  size_t i;
  json_t *x;
  json_array_foreach(json_object_get(fetch, "results"), i, x) {
    struct value in;
    char *own;
    if (codec_json_value(json_object_get(x, "input"), &in, &own) !=
        VALUE_OCTETS) {
      free(own);
      continue; /* checked by fetch_file_load */
    }
    json_t *row = row_for(&f, in.s, in.len);
    if (row)
      json_array_append_new(json_object_get(row, "clients"), client_of(x));
    free(own);
  }
  strmap_free(&f.seen);
  arena_free(&f.keys);
  free(f.res.head);
  free(f.res.next);
  return json_pack("{s:I,s:o}", "inputs", (json_int_t)f.inputs, "rows", f.rows);
}
