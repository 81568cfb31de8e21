/* model.c: reading results files into the report model (model.h), once,
 * line by line: aggregates per adapter, per vector the class each adapter
 * got, and a compact form of every result that is not PASS. */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <jansson.h>

#include "model.h"
#include "results.h"
#include "rfc3986.h"
#include "util.h"
#include "codec_json.h"

#define SHOW_MAX 240 /* octets of a string shown before "...(N octets)" */

const char *const rpt_op_names[RPT_OP__COUNT] = {
    "parse", "resolve", "normalize", "equivalent", "iri", "whatwg"};

/* ---- interning ----------------------------------------------------------- */

static size_t hash_bytes(const char *s, size_t n) {
  return (size_t)fnv1a(FNV_OFFSET_BASIS, s, n);
}

static void strtab_grow(struct strtab *t) {
  size_t n = t->nslots ? t->nslots * 2 : 1024;
  uint32_t *slots = xcalloc(n, sizeof *slots);
  for (size_t i = 0; i < t->n; i++) {
    size_t h = hash_bytes(t->s[i], t->len[i]) & (n - 1);
    while (slots[h])
      h = (h + 1) & (n - 1);
    slots[h] = (uint32_t)i + 1;
  }
  free(t->slots);
  t->slots = slots;
  t->nslots = n;
}

uint32_t strtab_find(const struct strtab *t, const char *s, size_t n) {
  if (!t->nslots)
    return (uint32_t)-1;
  size_t h = hash_bytes(s, n) & (t->nslots - 1);
  while (t->slots[h]) {
    uint32_t i = t->slots[h] - 1;
    if (t->len[i] == n && !memcmp(t->s[i], s, n))
      return i;
    h = (h + 1) & (t->nslots - 1);
  }
  return (uint32_t)-1;
}

uint32_t strtab_add(struct strtab *t, const char *s, size_t n) {
  if (!t->n) { /* index 0: the empty string */
    t->cap = 256;
    t->s = xmalloc(t->cap * sizeof *t->s);
    t->len = xmalloc(t->cap * sizeof *t->len);
    t->s[0] = xstrdup("");
    t->len[0] = 0;
    t->n = 1;
    strtab_grow(t);
    t->slots[hash_bytes("", 0) & (t->nslots - 1)] = 1;
  }
  uint32_t i = strtab_find(t, s, n);
  if (i != (uint32_t)-1)
    return i;
  if (2 * (t->n + 1) > t->nslots)
    strtab_grow(t);
  if (t->n == t->cap) {
    t->cap *= 2;
    t->s = xrealloc(t->s, t->cap * sizeof *t->s);
    t->len = xrealloc(t->len, t->cap * sizeof *t->len);
  }
  t->s[t->n] = xmalloc(n + 1);
  memcpy(t->s[t->n], s, n);
  t->s[t->n][n] = 0;
  t->len[t->n] = (uint32_t)n;
  size_t h = hash_bytes(s, n) & (t->nslots - 1);
  while (t->slots[h])
    h = (h + 1) & (t->nslots - 1);
  t->slots[h] = (uint32_t)++t->n;
  return (uint32_t)(t->n - 1);
}

void strtab_free(struct strtab *t) {
  for (size_t i = 0; i < t->n; i++)
    free(t->s[i]);
  free(t->s);
  free(t->len);
  free(t->slots);
  memset(t, 0, sizeof *t);
}

static uint32_t str_add(struct report *r, const char *s) {
  return strtab_add(&r->str, s ? s : "", s ? strlen(s) : 0);
}

const uint32_t *report_reading(const struct report *r, uint32_t i, size_t *n) {
  *n = r->readings.len[i] / sizeof(uint32_t);
  return (const uint32_t *)(const void *)r->readings.s[i];
}

/* ---- showing strings ------------------------------------------------------ */

void report_show(struct buf *b, const char *s, size_t n) {
  const unsigned char *p = (const unsigned char *)s;
  for (size_t i = 0; i < n;) {
    if (i >= SHOW_MAX && n > SHOW_MAX + 40) {
      buf_printf(b, "...(%zu octets)", n);
      return;
    }
    unsigned c = p[i];
    size_t k = c >= 0x80 ? rfc3986_utf8_sequence(s + i, n - i, NULL, NULL) : 1;
    if (c == '\\') {
      buf_puts(b, "\\\\");
    } else if (c >= 0x20 && c < 0x7f) {
      buf_putc(b, (char)c);
    } else if (c == '\t' || c == '\n' || c == '\r') {
      buf_puts(b, c == '\t' ? "\\t" : c == '\n' ? "\\n" : "\\r");
    } else if (c >= 0x80 && k) {
      unsigned long cp = k == 2 ? (c & 0x1f) : k == 3 ? (c & 0x0f) : (c & 0x07);
      for (size_t m = 1; m < k; m++)
        cp = (cp << 6) | (p[i + m] & 0x3f);
      buf_printf(b, "\\u{%04lX}", cp);
      i += k;
      continue;
    } else {
      buf_printf(b, "\\x%02X", c);
    }
    i++;
  }
}

/* S[0..N) shown, as a model string. */
static uint32_t shown(struct report *r, const char *s, size_t n) {
  size_t k = 0; /* printable ASCII but the backslash is shown as it is */
  while (k < n && s[k] >= 0x20 && s[k] < 0x7f && s[k] != '\\')
    k++;
  if (k == n && n <= SHOW_MAX)
    return strtab_add(&r->str, s, n);
  struct buf b = {0};
  buf_puts(&b, "");
  report_show(&b, s, n);
  uint32_t i = strtab_add(&r->str, b.p, b.len);
  free(b.p);
  return i;
}

void report_show_value(struct buf *b, json_t *v) {
  struct value o;
  char *own = NULL;
  if (json_is_string(v)) {
    buf_putc(b, '"');
    report_show(b, json_string_value(v), json_string_length(v));
    buf_putc(b, '"');
  } else if (codec_json_value(v, &o, &own) == VALUE_OCTETS) {
    buf_puts(b, "octets \"");
    report_show(b, o.s, o.len);
    buf_putc(b, '"');
    free(own);
  } else {
    char *d = json_dumps(v, JSON_COMPACT | JSON_ENCODE_ANY);
    report_show(b, d ? d : "?", d ? strlen(d) : 1);
    free(d);
  }
}

/* A value, shown, as a model string. */
static uint32_t shown_value(struct report *r, json_t *v) {
  const char *s = json_string_value(v);
  size_t n = s ? json_string_length(v) : 0, k = 0;
  while (k < n && s[k] >= 0x20 && s[k] < 0x7f && s[k] != '\\')
    k++;
  if (json_is_null(v) || json_is_boolean(v)) { /* as json_dumps writes them */
    const char *w = json_is_null(v)   ? "null"
                    : json_is_true(v) ? "true"
                                      : "false";
    return strtab_add(&r->str, w, strlen(w));
  }
  if (s && k == n && n <= SHOW_MAX) { /* shown as it is, quoted */
    char q[SHOW_MAX + 2];
    q[0] = q[n + 1] = '"';
    memcpy(q + 1, s, n);
    return strtab_add(&r->str, q, n + 2);
  }
  struct buf b = {0};
  buf_puts(&b, "");
  report_show_value(&b, v);
  uint32_t i = strtab_add(&r->str, b.p, b.len);
  free(b.p);
  return i;
}

/* The raw input of an expected object or a result: a new string (*n
 * octets), or NULL. */
static char *raw_input(json_t *o, size_t *n) {
  struct value v;
  char *own;
  const char *why;
  if (codec_json_field(o, "input", &v, &own, &why) != VALUE_OCTETS) {
    free(own);
    return NULL;
  }
  char *s = xmalloc(v.len + 1);
  memcpy(s, v.s, v.len);
  s[v.len] = 0;
  *n = v.len;
  free(own);
  return s;
}

/* Flatten an expected object or an answer into [key, shown value] pairs
 * of model strings; "components" and "whatwg" are opened in place, other
 * objects as "key.sub".  The input (shown apart) is left out. */
static void flatten(struct report *r, struct buf *pairs, json_t *o,
                    const char *prefix) {
  const char *k;
  json_t *v;
  json_object_foreach(o, k, v) {
    if (!*prefix && (!strcmp(k, "input") || !strcmp(k, "input_hex")))
      continue;
    int open = json_is_object(v) &&
               !(json_object_size(v) == 1 && json_object_get(v, "hex"));
    if (open && (!strcmp(k, "components") || !strcmp(k, "whatwg"))) {
      flatten(r, pairs, v, prefix);
      continue;
    }
    char key[256]; /* prefix.k (snprintf only to cut a long one) */
    size_t np = strlen(prefix), nk = strlen(k);
    if (np + 1 + nk < sizeof key) {
      memcpy(key, prefix, np);
      key[np] = '.';
      memcpy(key + np + (np > 0), k, nk + 1);
    } else {
      snprintf(key, sizeof key, "%s.%s", prefix, k);
    }
    if (open) {
      flatten(r, pairs, v, key);
      continue;
    }
    uint32_t kv[2] = {shown(r, key, strlen(key)), shown_value(r, v)};
    buf_put(pairs, kv, sizeof kv);
  }
}

/* O (an object, or not) as a reading; 0 when it is not an object. */
static uint32_t reading_of(struct report *r, json_t *o) {
  if (!json_is_object(o))
    return 0;
  struct buf pairs = {0};
  buf_reserve(&pairs, 64);
  flatten(r, &pairs, o, "");
  if (!r->readings.n)
    strtab_add(&r->readings, "", 0);
  uint32_t i = strtab_add(&r->readings, pairs.p, pairs.len);
  free(pairs.p);
  return i;
}

uint32_t report_test_expected(struct report *r, json_t *t) {
  /* the members of the expected object the harness writes (output.c,
   * write_expected), in its order */
  static const char *const keys[] = {
      "expect", "base",       "other",  "rule",   "level",
      "strict", "components", "whatwg", "target", "normalized",
      "output", "equivalent", "error"};
  json_t *e = json_object();
  for (size_t i = 0; i < sizeof keys / sizeof *keys; i++) {
    json_t *v = json_object_get(t, keys[i]);
    if (v)
      json_object_set(e, keys[i], v);
  }
  uint32_t i = reading_of(r, e);
  json_decref(e);
  return i;
}

/* ---- vectors and adapters --------------------------------------------------- */

/* The vector with raw id S[0..N), made when CREATE. */
static struct rpt_vec *vec_get(struct report *r, const char *s, size_t n,
                               int create) {
  uint32_t i = r->ids.n ? strtab_find(&r->ids, s, n) : (uint32_t)-1;
  if (i != (uint32_t)-1)
    return i ? &r->vecs[i - 1] : NULL;
  if (!create)
    return NULL;
  if (!r->ids.n)
    strtab_add(&r->ids, "", 0);
  if (r->nvecs == r->capvecs) {
    r->capvecs = r->capvecs ? 2 * r->capvecs : 1024;
    r->vecs = xrealloc(r->vecs, r->capvecs * sizeof *r->vecs);
  }
  struct rpt_vec *v = &r->vecs[r->nvecs++];
  memset(v, 0, sizeof *v);
  v->cls = xmalloc(RPT_MAX_ADAPTERS);
  memset(v->cls, RPT_NONE, RPT_MAX_ADAPTERS);
  v->id = strtab_add(&r->ids, s, n);
  return v;
}

struct rpt_vec *report_vec(struct report *r, const char *s, size_t n) {
  return vec_get(r, s, n, 0);
}

/* V's string, or "" when it is none. */
static const char *jstr_or(json_t *v) {
  const char *s = json_string_value(v);
  return s ? s : "";
}

static const char *jstr(json_t *o, const char *key) {
  return jstr_or(json_object_get(o, key));
}

static struct rpt_adapter *adapter_get(struct report *r, const char *name,
                                       const char *library, const char *spec) {
  /* results come adapter by adapter: the last one first */
  struct rpt_adapter *last = r->nad ? &r->ad[r->last_ad] : NULL;
  if (last && !strcmp(rs(r, last->name), name) && last->library &&
      (!spec || last->spec))
    return last;
  uint32_t n = str_add(r, name);
  for (size_t i = 0; i < r->nad; i++)
    if (r->ad[i].name == n) {
      if (!r->ad[i].library && library && *library)
        r->ad[i].library = str_add(r, library);
      if (!r->ad[i].spec && spec && *spec)
        r->ad[i].spec = str_add(r, spec);
      r->last_ad = i;
      return &r->ad[i];
    }
  if (r->nad == RPT_MAX_ADAPTERS)
    return NULL;
  struct rpt_adapter *a = &r->ad[r->nad++];
  memset(a, 0, sizeof *a);
  a->name = n;
  a->library = str_add(r, library);
  a->spec = str_add(r, spec);
  r->last_ad = r->nad - 1;
  return a;
}

/* Count one security finding of severity SEV for A. */
static void count_severity(struct rpt_adapter *a, uint32_t sev) {
  for (size_t i = 0; i < a->nsev; i++)
    if (a->sev[2 * i] == sev) {
      a->sev[2 * i + 1]++;
      return;
    }
  a->sev = xrealloc(a->sev, (a->nsev + 1) * 2 * sizeof *a->sev);
  a->sev[2 * a->nsev] = sev;
  a->sev[2 * a->nsev + 1] = 1;
  a->nsev++;
}

static int op_of(const char *spec, const char *op) {
  if (!strcmp(spec, "rfc3987"))
    return RPT_OP_IRI;
  if (!strcmp(spec, "whatwg"))
    return RPT_OP_WHATWG;
  if (strcmp(spec, "rfc3986"))
    return -1;
  for (int i = RPT_OP_PARSE; i <= RPT_OP_EQUIVALENT; i++)
    if (!strcmp(op, rpt_op_names[i]))
      return i;
  return -1;
}

/* "host, port" of the mismatches (else the components) of a result. */
static uint32_t comps_of(struct report *r, json_t *const *m) {
  struct buf b = {0};
  buf_puts(&b, "");
  size_t k;
  json_t *x;
  json_t *mis = m[RK_MISMATCHES];
  json_array_foreach(mis, k, x) {
    if (k)
      buf_puts(&b, ", ");
    const char *c = jstr(x, "component");
    report_show(&b, c, strlen(c));
    buf_printf(&b, " (%s)", jstr(x, "kind"));
  }
  if (!json_array_size(mis))
    json_array_foreach(m[RK_COMPONENTS], k, x) {
      if (k)
        buf_puts(&b, ", ");
      const char *c = json_string_value(x) ? json_string_value(x) : "?";
      report_show(&b, c, strlen(c));
    }
  uint32_t i = strtab_add(&r->str, b.p, b.len);
  free(b.p);
  return i;
}

/* The note of a result: why, implementation-defined, known. */
static uint32_t note_of(struct report *r, json_t *const *m) {
  const char *why = json_string_value(m[RK_WHY]);
  if (!why)
    return 0;
  return shown(r, why, strlen(why));
}

/* ---- one result ------------------------------------------------------------ */

static void add_result(struct report *r, const struct rrecord *rec,
                       struct rpt_adapter *a, int cls, const char *id) {
  json_t *o = rec->o, *const *m = rec->m;
  int impl = json_is_true(m[RK_IMPLEMENTATION_DEFINED]);
  int sec = json_is_true(m[RK_SECURITY_RELEVANT]);
  int known = json_is_true(m[RK_BASELINE]);
  a->total++;
  a->by_class[cls]++;
  if (cls == CLASS_UNSUPPORTED)
    a->unsupported++;
  else if (class_failed(cls) && !impl)
    a->failed++;
  else
    a->passed++;
  a->impl_defined += impl;
  a->security += sec;
  a->known += known;
  const char *ep = json_string_value(m[RK_ENDPOINT]);
  a->host_lost += ep && !strcmp(ep, "host-lost");
  a->not_compared += (size_t)json_integer_value(m[RK_NOT_COMPARED]);
  const char *spec = jstr_or(m[RK_SPEC]), *opname = jstr_or(m[RK_OP]);
  int op = op_of(spec, opname);
  if (op >= 0 && cls != CLASS_UNSUPPORTED) {
    a->op_answered[op]++;
    a->op_passed[op] += cls == CLASS_PASS;
  }
  const char *sevname = json_string_value(m[RK_SEVERITY]);
  if (sec)
    count_severity(a, str_add(r, sevname ? sevname : "unrated"));
  struct rpt_vec *v = vec_get(r, id, strlen(id), 1);
  v->cls[a - r->ad] = (uint8_t)cls;
  v->security |= (uint8_t)sec;
  const char *file = v->file ? NULL : json_string_value(m[RK_FILE]);
  if (file)
    v->file = str_add(r, file);
  if (!v->op) {
    v->op = str_add(r, opname);
    v->spec = str_add(r, spec);
  }
  if (cls == CLASS_PASS)
    return;
  json_t *exp = m[RK_EXPECTED];
  if (!v->input) {
    size_t n = 0;
    char *raw = raw_input(json_is_object(exp) ? exp : o, &n);
    if (!raw)
      raw = raw_input(o, &n);
    if (raw) {
      v->input = shown(r, raw, n);
      if (!v->nspans && !v->derive_invalid) {
        v->nspans = (uint32_t)report_derive(r, raw, n, !strcmp(spec, "rfc3987"),
                                            &v->first_span);
        v->derive_invalid = v->nspans == 0;
      }
      free(raw);
    }
  }
  if (!v->expected)
    v->expected = reading_of(r, exp);
  if (r->nres == r->capres) {
    r->capres = r->capres ? 2 * r->capres : 4096;
    r->res = xrealloc(r->res, r->capres * sizeof *r->res);
  }
  struct rpt_result *x = &r->res[r->nres++];
  /* "unexplained": no behaviour of the adapter explains it */
  const char *beh = json_string_value(m[RK_BEHAVIOUR]);
  if (beh && !strcmp(beh, "unexplained"))
    beh = NULL;
  const char *vuln = json_string_value(m[RK_VULNERABLE]);
  *x = (struct rpt_result){
      .vec = (uint32_t)(v - r->vecs),
      .reading = cls == CLASS_UNSUPPORTED ? 0 : reading_of(r, m[RK_GOT]),
      .comps = comps_of(r, m),
      .note = note_of(r, m),
      .behaviour = beh ? shown(r, beh, strlen(beh)) : 0,
      .severity = sevname ? str_add(r, sevname) : 0,
      .vulnerable = vuln ? shown(r, vuln, strlen(vuln)) : 0,
      .adapter = (uint8_t)(a - r->ad),
      .cls = (uint8_t)cls,
      .security = (uint8_t)sec,
      .known = (uint8_t)known,
      .impl = (uint8_t)impl};
  if (beh)
    a->behaviours_named++;
  if (r->spool && (cls != CLASS_UNSUPPORTED || r->keep_unsupported)) {
    fprintf(r->spool, "%u\t", x->vec);
    fwrite(rec->text, 1, rec->len, r->spool);
    fputc('\n', r->spool);
    r->spooled++;
  }
}

static void add_run(struct report *r, json_t *o) {
  if (!r->date) {
    r->command = str_add(r, jstr(o, "command"));
    r->vectors_version = str_add(r, jstr(o, "vectors_version"));
    r->date = str_add(r, jstr(o, "date"));
    r->run_uritest = str_add(r, jstr(o, "uritest"));
  }
  size_t i;
  json_t *a;
  json_array_foreach(json_object_get(o, "adapters"), i, a)
      adapter_get(r, jstr(a, "name"), jstr(a, "library"), jstr(a, "spec"));
}

static void add_summary(struct report *r, json_t *o) {
  if (json_is_true(json_object_get(o, "interrupted")))
    r->interrupted = 1;
  const char *k;
  json_t *s;
  json_object_foreach(json_object_get(o, "adapters"), k, s) {
    struct rpt_adapter *a =
        adapter_get(r, k, jstr(s, "library"), jstr(s, "spec"));
    if (a)
      a->skipped += (size_t)json_integer_value(json_object_get(s, "skipped"));
  }
}

int report_record(struct report *r, const struct rrecord *rec) {
  json_t *o = rec->o;
  int rc = 0;
  if (!r->str.n)
    strtab_add(&r->str, "", 0);
  /* rec->kind: the "record" member, "result" when there is none (a
   * result then when it has a class) */
  json_t *kind = rec->m[RK_RECORD];
  if (!strcmp(rec->kind, "run")) {
    add_run(r, o);
  } else if (!strcmp(rec->kind, "summary")) {
    add_summary(r, o);
  } else if (kind ? json_is_string(kind) && !strcmp(rec->kind, "result")
                  : rec->m[RK_CLASS] != NULL) {
    int cls = class_from_name(jstr_or(rec->m[RK_CLASS]));
    const char *id = jstr_or(rec->m[RK_ID]),
               *name = jstr_or(rec->m[RK_ADAPTER]);
    struct rpt_adapter *a = NULL;
    if (cls < 0 || !*id || !*name) {
      result_named(rec); /* says which */
      rc = EXIT_USAGE;
    } else if (!(a = adapter_get(r, name, jstr_or(rec->m[RK_LIBRARY]), NULL))) {
      warnx_("%s:%ld: more than %d adapters", rec->path, rec->line,
             RPT_MAX_ADAPTERS);
      rc = EXIT_USAGE;
    } else {
      add_result(r, rec, a, cls, id);
    }
  }
  return rc;
}

void report_sources(struct report *r, char *const *paths, int n) {
  for (int i = 0; i < n; i++) {
    if (r->source) {
      size_t m = strlen(r->source) + strlen(paths[i]) + 3;
      r->source = xrealloc(r->source, m);
      strcat(strcat(r->source, ", "), paths[i]);
    } else {
      r->source = xstrdup(paths[i]);
    }
  }
}
