/* report.c: `uritest report [RESULTS]`: render a results file (the JSON
 * Lines that `uritest run` and `uritest diff` write) into the discrepancy
 * matrix: index.html (one self-contained page), summary.md, results.json.
 *
 * Every string that comes from a vector or an adapter is data: in the page
 * it is written as HTML text (& < > " ' escaped) or inside the page's JSON
 * data block with < > & written \u003c \u003e \u0026, and the page's
 * script puts it in the document with textContent only.  Inputs, expected
 * values and readings are shown with visible escapes for control octets,
 * non-ASCII and octets that are not UTF-8. */
#include <errno.h>
#include <getopt.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <jansson.h>

#include "classify.h"
#include "commands.h"
#include "util.h"

#define MAX_ADAPTERS 64
#define SHOW_MAX 240 /* octets of a string shown before "...(N octets)" */
#define NO_RESULT 0xff

struct radapter {
  char *name, *library, *spec;
  size_t total, passed, failed, unsupported, skipped, impl_defined,
      not_compared, security, known;
  size_t by_class[CLASS__COUNT];
};

struct vec {
  char *id, *file, *section, *input; /* input: shown (escaped) */
  unsigned char cls[MAX_ADAPTERS];   /* NO_RESULT where not run */
  unsigned char security;            /* security-relevant on some adapter */
  json_t *exp; /* expected, as shown pairs (non-PASS only) */
  long page;   /* index in the page's vector table, -1 */
};

struct report {
  struct radapter ad[MAX_ADAPTERS];
  size_t nad;
  struct vec *vecs;
  size_t nvecs, capvecs;
  size_t *slots; /* hash of vector ids: index + 1, 0 empty */
  size_t nslots;
  json_t *fails; /* every non-PASS result, as read (plus section, input) */
  json_t *run;   /* the first run record, or NULL */
  const char *source;
  int interrupted;
};

/* ---- small helpers ---------------------------------------------------- */

static void grow_slots(struct report *r) {
  size_t n = r->nslots ? r->nslots * 2 : 4096;
  size_t *s = xcalloc(n, sizeof *s);
  for (size_t i = 0; i < r->nvecs; i++) {
    size_t h = hash_str(r->vecs[i].id) & (n - 1);
    while (s[h])
      h = (h + 1) & (n - 1);
    s[h] = i + 1;
  }
  free(r->slots);
  r->slots = s;
  r->nslots = n;
}

static struct vec *vec_find(struct report *r, const char *id, int create) {
  if (r->nslots) {
    size_t h = hash_str(id) & (r->nslots - 1);
    while (r->slots[h]) {
      struct vec *v = &r->vecs[r->slots[h] - 1];
      if (!strcmp(v->id, id))
        return v;
      h = (h + 1) & (r->nslots - 1);
    }
  }
  if (!create)
    return NULL;
  if (2 * (r->nvecs + 1) > r->nslots)
    grow_slots(r);
  if (r->nvecs == r->capvecs) {
    r->capvecs = r->capvecs ? 2 * r->capvecs : 1024;
    r->vecs = xrealloc(r->vecs, r->capvecs * sizeof *r->vecs);
  }
  struct vec *v = &r->vecs[r->nvecs++];
  memset(v, 0, sizeof *v);
  memset(v->cls, NO_RESULT, sizeof v->cls);
  v->id = xstrdup(id);
  v->page = -1;
  size_t h = hash_str(id) & (r->nslots - 1);
  while (r->slots[h])
    h = (h + 1) & (r->nslots - 1);
  r->slots[h] = r->nvecs;
  return v;
}

static const char *jstr(json_t *o, const char *key) {
  const char *s = json_string_value(json_object_get(o, key));
  return s ? s : "";
}

static struct radapter *adapter_get(struct report *r, const char *name,
                                    const char *library, const char *spec) {
  for (size_t i = 0; i < r->nad; i++)
    if (!strcmp(r->ad[i].name, name)) {
      if (!*r->ad[i].library && library && *library) {
        free(r->ad[i].library);
        r->ad[i].library = xstrdup(library);
      }
      return &r->ad[i];
    }
  if (r->nad == MAX_ADAPTERS)
    return NULL;
  struct radapter *a = &r->ad[r->nad++];
  memset(a, 0, sizeof *a);
  a->name = xstrdup(name);
  a->library = xstrdup(library ? library : "");
  a->spec = xstrdup(spec ? spec : "");
  return a;
}

static size_t adapter_index(const struct report *r, const struct radapter *a) {
  return (size_t)(a - r->ad);
}

/* S[0..N) with visible escapes: printable ASCII as is (backslash doubled),
 * \t \n \r, \xNN for other control octets, DEL and octets that are not
 * UTF-8, \u{XXXX} for each non-ASCII character; long strings are cut. */
static void show(struct buf *b, const char *s, size_t n) {
  const unsigned char *p = (const unsigned char *)s;
  for (size_t i = 0; i < n;) {
    if (i >= SHOW_MAX && n > SHOW_MAX + 40) {
      buf_printf(b, "...(%zu octets)", n);
      return;
    }
    unsigned c = p[i];
    if (c == '\\') {
      buf_puts(b, "\\\\");
    } else if (c >= 0x20 && c < 0x7f) {
      buf_putc(b, (char)c);
    } else if (c == '\t') {
      buf_puts(b, "\\t");
    } else if (c == '\n') {
      buf_puts(b, "\\n");
    } else if (c == '\r') {
      buf_puts(b, "\\r");
    } else if (c >= 0x80) {
      size_t k = utf8_seq(p + i, n - i);
      if (k) {
        unsigned long cp = k == 2   ? (c & 0x1f)
                           : k == 3 ? (c & 0x0f)
                                    : (c & 0x07);
        for (size_t m = 1; m < k; m++)
          cp = (cp << 6) | (p[i + m] & 0x3f);
        buf_printf(b, "\\u{%04lX}", cp);
        i += k;
        continue;
      }
      buf_printf(b, "\\x%02X", c);
    } else {
      buf_printf(b, "\\x%02X", c);
    }
    i++;
  }
}

static char *show_dup(const char *s, size_t n) {
  struct buf b = {0};
  buf_puts(&b, "");
  show(&b, s, n);
  return b.p;
}

/* A value of an expected object or an answer, shown: strings quoted with
 * visible escapes, {"hex": ...} as the octets, others as JSON. */
static char *show_value(json_t *v) {
  struct buf b = {0};
  buf_puts(&b, "");
  if (json_is_string(v)) {
    buf_putc(&b, '"');
    show(&b, json_string_value(v), json_string_length(v));
    buf_putc(&b, '"');
  } else if (json_is_object(v) && json_object_size(v) == 1 &&
             json_is_string(json_object_get(v, "hex"))) {
    const char *hex = json_string_value(json_object_get(v, "hex"));
    size_t n = strlen(hex);
    char *raw = xmalloc(n / 2 + 1);
    long len = hex_decode(hex, n, raw);
    buf_puts(&b, "octets \"");
    if (len >= 0)
      show(&b, raw, (size_t)len);
    else
      show(&b, hex, n);
    buf_putc(&b, '"');
    free(raw);
  } else {
    char *d = json_dumps(v, JSON_COMPACT | JSON_ENCODE_ANY);
    show(&b, d ? d : "?", d ? strlen(d) : 1);
    free(d);
  }
  return b.p;
}

/* The input of a result, shown. */
static char *result_input(json_t *res) {
  json_t *holders[2] = {json_object_get(res, "expected"), res};
  for (int h = 0; h < 2; h++) {
    json_t *o = holders[h];
    json_t *in = json_object_get(o, "input");
    if (json_is_string(in))
      return show_dup(json_string_value(in), json_string_length(in));
    const char *hex = json_string_value(json_object_get(o, "input_hex"));
    if (hex) {
      size_t n = strlen(hex);
      char *raw = xmalloc(n / 2 + 1);
      long len = hex_decode(hex, n, raw);
      char *s = len >= 0 ? show_dup(raw, (size_t)len) : show_dup(hex, n);
      free(raw);
      return s;
    }
  }
  return xstrdup("");
}

/* Flatten an expected object or an answer into [key, shown value] pairs;
 * "components" and "whatwg" are opened in place, other objects as
 * "key.sub".  The input (shown apart) is left out. */
static void flatten(json_t *pairs, json_t *o, const char *prefix) {
  const char *k;
  json_t *v;
  json_object_foreach(o, k, v) {
    if (!*prefix && (!strcmp(k, "input") || !strcmp(k, "input_hex")))
      continue;
    int open = json_is_object(v) &&
               !(json_object_size(v) == 1 && json_object_get(v, "hex"));
    if (open && (!strcmp(k, "components") || !strcmp(k, "whatwg"))) {
      flatten(pairs, v, prefix);
      continue;
    }
    char key[256];
    snprintf(key, sizeof key, "%s%s%s", prefix, *prefix ? "." : "", k);
    if (open) {
      flatten(pairs, v, key);
      continue;
    }
    char *shown = show_value(v);
    char *kshown = show_dup(key, strlen(key));
    json_array_append_new(pairs, json_pack("[s,s]", kshown, shown));
    free(kshown);
    free(shown);
  }
}

/* ---- vector sections ---------------------------------------------------- */

/* "RFC 3986 3.2.2" for each {"rfcNNNN": "section"} of a specification list. */
static char *sections_of(json_t *spec) {
  struct buf b = {0};
  buf_puts(&b, "");
  size_t i;
  json_t *e;
  json_array_foreach(spec, i, e) {
    const char *k;
    json_t *v;
    json_object_foreach(e, k, v) {
      if (!json_is_string(v) || !strcmp(k, "quote") || !strcmp(k, "errata"))
        continue;
      if (b.len)
        buf_puts(&b, ", ");
      if (!strncmp(k, "rfc", 3))
        buf_printf(&b, "RFC %s %s", k + 3, json_string_value(v));
      else
        buf_printf(&b, "%s %s", k, json_string_value(v));
    }
  }
  if (!b.len) {
    free(b.p);
    return NULL;
  }
  return b.p;
}

/* Read each vector file named by the results and note the section of each
 * vector seen (the test's specification, else its group's, else the
 * file's spec).  Files that cannot be read are skipped: sections are
 * informative. */
static void load_sections(struct report *r) {
  json_t *done = json_object();
  for (size_t i = 0; i < r->nvecs; i++) {
    const char *file = r->vecs[i].file;
    if (!file || json_object_get(done, file))
      continue;
    json_object_set_new(done, file, json_true());
    struct stat st;
    char *path = (file[0] == '/' || stat(file, &st) == 0) ? xstrdup(file)
                                                          : root_path(file);
    json_t *doc = json_load_file(path, 0, NULL);
    free(path);
    if (!doc)
      continue;
    const char *fspec = json_string_value(json_object_get(doc, "spec"));
    size_t gi, ti;
    json_t *g, *t;
    json_array_foreach(json_object_get(doc, "groups"), gi, g) {
      char *gsec = sections_of(json_object_get(g, "specification"));
      json_array_foreach(json_object_get(g, "tests"), ti, t) {
        const char *id = json_string_value(json_object_get(t, "id"));
        struct vec *v = id ? vec_find(r, id, 0) : NULL;
        if (!v || v->section)
          continue;
        char *tsec = sections_of(json_object_get(t, "specification"));
        if (tsec)
          v->section = tsec;
        else if (gsec)
          v->section = xstrdup(gsec);
        else if (fspec && !strcmp(fspec, "whatwg"))
          v->section = xstrdup("WHATWG URL");
      }
      free(gsec);
    }
    json_decref(doc);
  }
  json_decref(done);
}

/* ---- reading the results file ------------------------------------------- */

static int read_results(struct report *r, const char *path) {
  FILE *f = fopen(path, "r");
  if (!f) {
    warnx_("%s: cannot read: %s", path, strerror(errno));
    return EXIT_USAGE;
  }
  char *line = NULL;
  size_t cap = 0;
  ssize_t n;
  long lineno = 0;
  int rc = 0;
  while ((n = getline(&line, &cap, f)) > 0) {
    lineno++;
    while (n > 0 && (line[n - 1] == '\n' || line[n - 1] == '\r'))
      n--;
    if (n == 0)
      continue;
    json_error_t err;
    json_t *o = json_loadb(line, (size_t)n, JSON_ALLOW_NUL, &err);
    if (!json_is_object(o)) {
      warnx_("%s:%ld:%d: %s", path, lineno, err.column,
             o ? "not a JSON object" : err.text);
      json_decref(o);
      rc = EXIT_USAGE;
      break;
    }
    const char *rec = jstr(o, "record");
    if (!strcmp(rec, "run")) {
      if (!r->run)
        r->run = json_incref(o);
      size_t i;
      json_t *a;
      json_array_foreach(json_object_get(o, "adapters"), i, a)
          adapter_get(r, jstr(a, "name"), jstr(a, "library"), jstr(a, "spec"));
    } else if (!strcmp(rec, "summary")) {
      if (json_is_true(json_object_get(o, "interrupted")))
        r->interrupted = 1;
      const char *k;
      json_t *s;
      json_object_foreach(json_object_get(o, "adapters"), k, s) {
        struct radapter *a =
            adapter_get(r, k, jstr(s, "library"), jstr(s, "spec"));
        if (a)
          a->skipped +=
              (size_t)json_integer_value(json_object_get(s, "skipped"));
      }
    } else if (!strcmp(rec, "result") ||
               (!*rec && json_object_get(o, "class"))) {
      const char *cname = jstr(o, "class");
      int cls = class_from_name(cname);
      const char *id = jstr(o, "id");
      if (cls < 0 || !*id || !*jstr(o, "adapter")) {
        warnx_(
            "%s:%ld: a result needs \"adapter\", \"id\" and a known \"class\"",
            path, lineno);
        json_decref(o);
        rc = EXIT_USAGE;
        break;
      }
      struct radapter *a =
          adapter_get(r, jstr(o, "adapter"), jstr(o, "library"), NULL);
      if (!a) {
        warnx_("%s:%ld: more than %d adapters", path, lineno, MAX_ADAPTERS);
        json_decref(o);
        rc = EXIT_USAGE;
        break;
      }
      int impl = json_is_true(json_object_get(o, "implementation_defined"));
      int sec = json_is_true(json_object_get(o, "security_relevant"));
      a->total++;
      a->by_class[cls]++;
      if (cls == CLASS_UNSUPPORTED)
        a->unsupported++;
      else if (class_failed(cls) && !impl)
        a->failed++;
      else
        a->passed++;
      if (impl)
        a->impl_defined++;
      if (sec)
        a->security++;
      if (json_is_true(json_object_get(o, "baseline")))
        a->known++;
      a->not_compared +=
          (size_t)json_integer_value(json_object_get(o, "not_compared"));
      struct vec *v = vec_find(r, id, 1);
      v->cls[adapter_index(r, a)] = (unsigned char)cls;
      if (!v->file && json_is_string(json_object_get(o, "file")))
        v->file = xstrdup(jstr(o, "file"));
      if (sec)
        v->security = 1;
      if (cls != CLASS_PASS) {
        if (!v->input)
          v->input = result_input(o);
        if (!v->exp) {
          v->exp = json_array();
          if (json_is_object(json_object_get(o, "expected")))
            flatten(v->exp, json_object_get(o, "expected"), "");
        }
        json_array_append(r->fails, o);
      }
    }
    json_decref(o);
  }
  free(line);
  if (ferror(f)) {
    warnx_("%s: read error", path);
    rc = EXIT_USAGE;
  }
  fclose(f);
  return rc;
}

/* ---- the pruned view ------------------------------------------------------ */

struct pattern {
  size_t vec;   /* the first vector with this pattern */
  size_t count; /* vectors sharing it */
};

/* Most vectors first, then in the order of the results file. */
static int pattern_cmp(const void *a, const void *b) {
  const struct pattern *x = a, *y = b;
  if (x->count != y->count)
    return x->count < y->count ? 1 : -1;
  return x->vec < y->vec ? -1 : x->vec > y->vec;
}

/* One vector per distinct pattern of outcomes across the adapters (as
 * JSONTestSuite prunes its matrix), for patterns with a non-PASS. */
static struct pattern *prune(const struct report *r, size_t *np) {
  size_t cap = 64, n = 0, nslots = 1;
  while (nslots < 2 * r->nvecs + 2)
    nslots *= 2;
  size_t *slots = xcalloc(nslots, sizeof *slots);
  struct pattern *p = xmalloc(cap * sizeof *p);
  for (size_t i = 0; i < r->nvecs; i++) {
    const unsigned char *c = r->vecs[i].cls;
    int interesting = 0;
    size_t h = 14695981039346656037u; /* FNV-1a over the classes */
    for (size_t k = 0; k < r->nad; k++) {
      if (c[k] != NO_RESULT && c[k] != CLASS_PASS)
        interesting = 1;
      h = (h ^ c[k]) * 1099511628211u;
    }
    if (!interesting)
      continue;
    h &= nslots - 1;
    while (slots[h] && memcmp(r->vecs[p[slots[h] - 1].vec].cls, c, r->nad))
      h = (h + 1) & (nslots - 1);
    if (slots[h]) {
      p[slots[h] - 1].count++;
      continue;
    }
    if (n == cap)
      p = xrealloc(p, (cap *= 2) * sizeof *p);
    p[n].vec = i;
    p[n].count = 1;
    slots[h] = ++n;
  }
  free(slots);
  qsort(p, n, sizeof *p, pattern_cmp);
  *np = n;
  return p;
}

/* ---- writing ---------------------------------------------------------------- */

static void html(FILE *f, const char *s) {
  for (; *s; s++) {
    switch (*s) {
    case '&':
      fputs("&amp;", f);
      break;
    case '<':
      fputs("&lt;", f);
      break;
    case '>':
      fputs("&gt;", f);
      break;
    case '"':
      fputs("&quot;", f);
      break;
    case '\'':
      fputs("&#39;", f);
      break;
    default:
      fputc(*s, f);
    }
  }
}

/* A JSON document for a <script type="application/json"> block: the
 * characters that could end the block or open markup are escaped. */
static void json_for_script(FILE *f, json_t *doc) {
  char *s = json_dumps(doc, JSON_COMPACT);
  for (const unsigned char *p = (const unsigned char *)s; p && *p; p++) {
    if (*p == '<')
      fputs("\\u003c", f);
    else if (*p == '>')
      fputs("\\u003e", f);
    else if (*p == '&')
      fputs("\\u0026", f);
    else if (p[0] == 0xE2 && p[1] == 0x80 && (p[2] == 0xA8 || p[2] == 0xA9)) {
      fprintf(f, "\\u%s", p[2] == 0xA8 ? "2028" : "2029");
      p += 2;
    } else
      fputc(*p, f);
  }
  free(s);
}

/* Markdown table cell text: a code span when CODE, with | escaped. */
static void md(FILE *f, const char *s, int code) {
  if (code)
    fputc('`', f);
  for (; *s; s++) {
    if (*s == '|')
      fputs("\\|", f);
    else if (*s == '`')
      fputs(code ? "\\x60" : "\\`", f);
    else if (!code && (*s == '<' || *s == '>' || *s == '*' || *s == '_' ||
                       *s == '[' || *s == ']'))
      fprintf(f, "\\%c", *s);
    else
      fputc(*s, f);
  }
  if (code)
    fputc('`', f);
}

static const char *diff_key(int cls) {
  switch (cls) {
  case CLASS_SHOULD_HAVE_ACCEPTED:
  case CLASS_SHOULD_HAVE_REJECTED:
    return "valid";
  case CLASS_RESOLVE_MISMATCH:
    return "target";
  case CLASS_NORMALIZE_MISMATCH:
    return "normalized";
  case CLASS_EQUIVALENT_MISMATCH:
    return "equivalent";
  case CLASS_OUTPUT_MISMATCH:
    return "output";
  default:
    return NULL;
  }
}

/* The page's vector of V: its index in DATA.vectors ([id, section, input,
 * expected pairs]), added on first use. */
static long page_vec(json_t *vectors, struct vec *v) {
  if (v->page < 0) {
    char *id = show_dup(v->id, strlen(v->id));
    v->page = (long)json_array_size(vectors);
    json_array_append_new(vectors, json_pack("[s,s,s,O]", id,
                                             v->section ? v->section : "",
                                             v->input ? v->input : "",
                                             v->exp ? v->exp : json_null()));
    free(id);
  }
  return v->page;
}

/* The page's rows: [adapter index, vector index, class, differing
 * components ("host (semantic)"), security, got pairs, keys that differ,
 * note]. */
static json_t *page_rows(struct report *r, json_t *vectors) {
  json_t *rows = json_array();
  size_t i;
  json_t *o;
  json_array_foreach(r->fails, i, o) {
    struct radapter *a = adapter_get(r, jstr(o, "adapter"), NULL, NULL);
    struct vec *v = vec_find(r, jstr(o, "id"), 0);
    int cls = class_from_name(jstr(o, "class"));
    json_t *comps = json_array(), *keys = json_array();
    size_t k;
    json_t *m;
    json_array_foreach(json_object_get(o, "mismatches"), k, m) {
      char *c = show_dup(jstr(m, "component"), strlen(jstr(m, "component")));
      json_array_append_new(comps, json_sprintf("%s (%s)", c, jstr(m, "kind")));
      json_array_append_new(keys, json_string(c));
      free(c);
    }
    if (!json_array_size(json_object_get(o, "mismatches"))) {
      json_array_foreach(json_object_get(o, "components"), k, m) {
        char *c = show_dup(json_string_value(m) ? json_string_value(m) : "?",
                           json_string_value(m) ? json_string_length(m) : 1);
        json_array_append_new(comps, json_string(c));
        json_array_append_new(keys, json_string(c));
        free(c);
      }
    }
    if (diff_key(cls)) {
      json_array_append_new(keys, json_string(diff_key(cls)));
      if (cls == CLASS_SHOULD_HAVE_ACCEPTED ||
          cls == CLASS_SHOULD_HAVE_REJECTED)
        json_array_append_new(keys, json_string("expect"));
    }
    json_t *got = json_array();
    if (json_is_object(json_object_get(o, "got")))
      flatten(got, json_object_get(o, "got"), "");
    struct buf note = {0};
    buf_puts(&note, "");
    if (json_is_true(json_object_get(o, "implementation_defined")))
      buf_puts(&note, "implementation-defined; ");
    if (json_is_true(json_object_get(o, "baseline")))
      buf_puts(&note, "known (baseline); ");
    if (json_is_string(json_object_get(o, "why")))
      show(&note, jstr(o, "why"), strlen(jstr(o, "why")));
    json_array_append_new(
        rows, json_pack("[I,I,s,o,b,o,o,s]",
                        (json_int_t)(a ? adapter_index(r, a) : 0),
                        (json_int_t)page_vec(vectors, v),
                        cls >= 0 ? class_names[cls] : "?", comps,
                        json_is_true(json_object_get(o, "security_relevant")),
                        got, keys, note.p));
    free(note.p);
  }
  return rows;
}

static const char page_css[] =
    "body{font:14px/1.4 system-ui,sans-serif;margin:1.5em;color:#222}"
    "h1{font-size:1.5em}h2{font-size:1.2em;margin-top:2em}"
    "table{border-collapse:collapse;margin:.5em 0}"
    "th,td{border:1px solid #ccc;padding:3px "
    "6px;vertical-align:top;text-align:left}"
    "th{background:#f3f3f3}td.n{text-align:right;font-variant-numeric:tabular-"
    "nums}"
    "td.z{color:#bbb}.bad{background:#fde2e2}.sec{background:#f8c9c9;font-"
    "weight:bold}"
    ".ok{background:#e3f5e1}code,.m{font-family:ui-monospace,monospace;font-"
    "size:12px;"
    "white-space:pre-wrap;word-break:break-all}.kv div.d{background:#fff3b0}"
    ".cls{font-family:ui-monospace,monospace;font-size:12px}"
    ".wide{overflow-x:auto}#filters{position:sticky;top:0;background:#fff;"
    "padding:.5em 0;border-bottom:1px solid #ccc}"
    "#filters label{margin-right:1em}.small{color:#666;font-size:12px}"
    "td.PASS{background:#e3f5e1}td.UNSUPPORTED,td.none{background:#eee}"
    "td.CRASH,td.TIMEOUT,td.PROTOCOL_ERROR{background:#d9c2f0}"
    "td.SHOULD_HAVE_ACCEPTED,td.SHOULD_HAVE_REJECTED{background:#fde2e2}"
    "td.COMPONENT_MISMATCH,td.RESOLVE_MISMATCH,td.NORMALIZE_MISMATCH,"
    "td.EQUIVALENT_MISMATCH,td.OUTPUT_MISMATCH{background:#fff0c2}";

/* The page's script: builds the tables from the JSON data block, with
 * textContent only, and filters them. */
static const char page_js[] =
    "(function(){'use strict';\n"
    "var D=JSON.parse(document.getElementById('data').textContent);\n"
    "var LIMIT=500;\n"
    "function $(id){return document.getElementById(id);}\n"
    "function el(tag,cls,text){var "
    "e=document.createElement(tag);if(cls)e.className=cls;"
    "if(text!==undefined&&text!==null)e.textContent=String(text);return e;}\n"
    "function kv(pairs,keys){var d=el('div','kv "
    "m');(pairs||[]).forEach(function(p){"
    "var "
    "k=p[0],base=k.split('.')[0];d.appendChild(el('div',keys.indexOf(k)>=0||"
    "keys.indexOf(base)>=0?'d':'',"
    "k+': '+p[1]));});return d;}\n"
    "function fill(sel,values){values.forEach(function(v){var "
    "o=el('option','',v[1]);o.value=v[0];"
    "sel.appendChild(o);});}\n"
    "fill($('f-adapter'),D.adapters.map(function(a,i){return "
    "[String(i),a];}));\n"
    "var seen={};D.rows.forEach(function(r){seen[r[2]]=(seen[r[2]]||0)+1;});\n"
    "fill($('f-class'),Object.keys(seen).sort().map(function(c){return [c,c+' "
    "('+seen[c]+')'];}));\n"
    "function match(text,q){return !q||text.toLowerCase().indexOf(q)>=0;}\n"
    "function vcell(tr,v){var "
    "c=el('td','m',v[0]);c.appendChild(el('div','small',v[1]));tr.appendChild("
    "c);}\n"
    "function render(){\n"
    " var a=$('f-adapter').value,c=$('f-class').value,s=$('f-sec').checked,"
    "q=$('f-text').value.toLowerCase(),pruned=$('f-pruned').checked;\n"
    " $('rows-wrap').hidden=pruned;$('pruned-wrap').hidden=!pruned;\n"
    " var shown=0,total=0,frag=document.createDocumentFragment();\n"
    " function classOk(x){return "
    "c==='*'?x!==null&&x!=='PASS':c===''?x!==null&&x!=='PASS'&&x!=='"
    "UNSUPPORTED':x===c;}\n"
    " if(!pruned){\n"
    "  D.rows.forEach(function(r){\n"
    "   "
    "if(a!==''&&String(r[0])!==a)return;if(!classOk(r[2]))return;if(s&&!r[4])"
    "return;\n"
    "   var v=D.vectors[r[1]];\n"
    "   if(q&&!match(v[0]+' '+v[1]+' '+v[2]+' '+r[3].join(' ')+' "
    "'+D.adapters[r[0]],q))return;\n"
    "   total++;if(shown>=LIMIT)return;shown++;\n"
    "   var tr=el('tr',r[4]?'sec':'');\n"
    "   tr.appendChild(el('td','',D.adapters[r[0]]));vcell(tr,v);\n"
    "   tr.appendChild(el('td','cls '+r[2],r[2]));\n"
    "   tr.appendChild(el('td','m',r[3].join(', ')));\n"
    "   tr.appendChild(el('td','',r[4]?'yes':''));\n"
    "   tr.appendChild(el('td','m',v[2]));\n"
    "   var e=el('td');e.appendChild(kv(v[3],r[6]));tr.appendChild(e);\n"
    "   var "
    "g=el('td');g.appendChild(kv(r[5],r[6]));if(r[7])g.appendChild(el('div','"
    "small',r[7]));"
    "tr.appendChild(g);\n"
    "   frag.appendChild(tr);});\n"
    "  $('rows').textContent='';$('rows').appendChild(frag);\n"
    " }else{\n"
    "  D.pruned.forEach(function(p){\n"
    "   var o=p[1];\n"
    "   if(a!==''&&!classOk(o[+a]))return;\n"
    "   if(a===''&&!o.some(classOk))return;if(s&&!p[3])return;\n"
    "   var v=D.vectors[p[0]];\n"
    "   if(q&&!match(v[0]+' '+v[1]+' '+v[2],q))return;\n"
    "   total++;if(shown>=LIMIT)return;shown++;\n"
    "   var tr=el('tr',p[3]?'sec':'');vcell(tr,v);\n"
    "   tr.appendChild(el('td','m',v[2]));\n"
    "   o.forEach(function(x){tr.appendChild(el('td','cls "
    "'+(x||'none'),x||'-'));});\n"
    "   tr.appendChild(el('td','n',p[2]));frag.appendChild(tr);});\n"
    "  $('pruned').textContent='';$('pruned').appendChild(frag);\n"
    " }\n"
    " $('count').textContent=shown+' of '+total+' shown'+(total>shown?' (the "
    "first '+LIMIT+'; narrow the filter)':'');\n"
    "}\n"
    "['f-adapter','f-class','f-sec','f-pruned'].forEach(function(id){$(id)."
    "addEventListener('change',render);});\n"
    "$('f-text').addEventListener('input',render);\n"
    "render();\n"
    "document.body.setAttribute('data-ready','1');\n"
    "})();\n";

static void write_rule_coverage(FILE *h, FILE *m, json_t *rc) {
  json_t *rules = json_object_get(rc, "rules");
  if (!json_is_object(rules))
    return;
  size_t gaps = 0, nrules = json_object_size(rules);
  fputs("<h2 id=\"rule-coverage\">Rule coverage</h2>\n<p>Per RFC 3986 Appendix "
        "A rule: the "
        "vectors in which it matched (accept) or failed (reject), and how many "
        "vectors each "
        "alternative matched, in RFC order (<i>shadowed</i>: an earlier "
        "alternative always "
        "wins). Rows with a gap (no accepting or no rejecting vector, or an "
        "alternative that "
        "is not shadowed and never matched) are "
        "marked.</p>\n<table><thead><tr><th>rule</th>"
        "<th>accept</th><th>reject</th><th>alternatives</th></tr></"
        "thead><tbody>\n",
        h);
  fputs("\n## Rule coverage\n\n", m);
  const char *k;
  json_t *v;
  struct buf gl = {0};
  buf_puts(&gl, "");
  json_object_foreach(rules, k, v) {
    json_int_t acc = json_integer_value(json_object_get(v, "accept"));
    json_int_t rej = json_integer_value(json_object_get(v, "reject"));
    struct buf alts = {0};
    buf_puts(&alts, "");
    int gap = acc == 0 || rej == 0;
    size_t i;
    json_t *a;
    json_array_foreach(json_object_get(v, "alternatives"), i, a) {
      json_int_t n = json_integer_value(json_object_get(a, "accept"));
      int sh = json_is_true(json_object_get(a, "shadowed"));
      buf_printf(&alts, "%s#%zu: %lld%s", i ? ", " : "", i + 1, (long long)n,
                 sh ? " (shadowed)" : "");
      if (n == 0 && !sh)
        gap = 1;
    }
    fprintf(h, "<tr%s><td class=\"m\">", gap ? " class=\"bad\"" : "");
    html(h, k);
    fprintf(h,
            "</td><td class=\"n%s\">%lld</td><td class=\"n%s\">%lld</td><td "
            "class=\"m\">",
            acc ? "" : " z", (long long)acc, rej ? "" : " z", (long long)rej);
    html(h, alts.p);
    fputs("</td></tr>\n", h);
    if (gap) {
      gaps++;
      buf_printf(&gl, "| `%s` | %lld | %lld | %s |\n", k, (long long)acc,
                 (long long)rej, alts.len ? alts.p : "");
    }
    free(alts.p);
  }
  fputs("</tbody></table>\n", h);
  fprintf(m,
          "%zu rules, %zu with a gap (no accepting or no rejecting vector, or "
          "an alternative "
          "never matched that is not shadowed).\n",
          nrules, gaps);
  if (gaps)
    fprintf(
        m,
        "\n| rule | accept | reject | alternatives |\n|---|---:|---:|---|\n%s",
        gl.p);
  free(gl.p);
}

static void write_coverage(FILE *h, FILE *m, const char *path) {
  FILE *f = fopen(path, "r");
  if (!f)
    return;
  char line[512];
  int n = 0;
  size_t unl = 0, unf = 0, unb = 0;
  fputs("<h2 id=\"coverage\">Code coverage of the reference</h2>\n<pre "
        "class=\"m\">",
        h);
  fputs("\n## Code coverage of the reference (`reference/src`)\n\n```\n", m);
  while (fgets(line, sizeof line, f)) {
    if (!strncmp(line, "uncovered line:", 15))
      unl++;
    else if (!strncmp(line, "uncovered function:", 19))
      unf++;
    else if (!strncmp(line, "uncovered branch:", 17))
      unb++;
    if (n++ < 3) {
      html(h, line);
      fputs(line, m);
    }
  }
  fclose(f);
  fprintf(h,
          "</pre>\n<p>%zu uncovered lines, %zu uncovered functions, %zu lines "
          "with an "
          "uncovered branch: see <a "
          "href=\"coverage/summary.txt\">coverage/summary.txt</a> "
          "and the <a href=\"coverage/index.html\">lcov report</a>.</p>\n",
          unl, unf, unb);
  fprintf(m,
          "```\n\n%zu uncovered lines, %zu uncovered functions, %zu lines with "
          "an uncovered "
          "branch (`reports/out/coverage/summary.txt`).\n",
          unl, unf, unb);
}

static char *out_path(const char *dir, const char *name) {
  size_t n = strlen(dir) + strlen(name) + 2;
  char *p = xmalloc(n);
  snprintf(p, n, "%s/%s", dir, name);
  return p;
}

static FILE *open_out(const char *dir, const char *name, char **path) {
  *path = out_path(dir, name);
  FILE *f = fopen(*path, "w");
  if (!f)
    warnx_("%s: cannot write: %s", *path, strerror(errno));
  return f;
}

static void mkdirs(const char *dir) {
  char *p = xstrdup(dir);
  for (char *q = strchr(p + 1, '/'); q; q = strchr(q + 1, '/')) {
    *q = 0;
    mkdir(p, 0777);
    *q = '/';
  }
  mkdir(p, 0777);
  free(p);
}

static int write_outputs(struct report *r, const char *dir, const char *rulecov,
                         const char *coverage, int quiet) {
  mkdirs(dir);
  size_t np;
  struct pattern *pat = prune(r, &np);
  const char *date = r->run ? jstr(r->run, "date") : "";
  const char *vversion = r->run ? jstr(r->run, "vectors_version") : "";
  const char *command = r->run ? jstr(r->run, "command") : "";
  size_t nfails = json_array_size(r->fails), nsec = 0;
  for (size_t i = 0; i < r->nad; i++)
    nsec += r->ad[i].security;

  /* the page's data: vectors, rows, pruned rows ([vector index, [class
   * per adapter], count, security]) */
  json_t *pvecs = json_array();
  json_t *rows = page_rows(r, pvecs);
  json_t *prows = json_array();
  for (size_t i = 0; i < np; i++) {
    struct vec *v = &r->vecs[pat[i].vec];
    json_t *outc = json_array();
    for (size_t k = 0; k < r->nad; k++)
      json_array_append_new(outc, v->cls[k] == NO_RESULT
                                      ? json_null()
                                      : json_string(class_names[v->cls[k]]));
    json_array_append_new(
        prows, json_pack("[I,o,I,b]", (json_int_t)page_vec(pvecs, v), outc,
                         (json_int_t)pat[i].count, v->security));
  }

  /* ---- results.json */
  char *path;
  int rc = 0;
  json_t *adapters = json_object();
  for (size_t i = 0; i < r->nad; i++) {
    struct radapter *a = &r->ad[i];
    json_t *bc = json_object();
    for (int c = 0; c < CLASS__COUNT; c++)
      if (a->by_class[c])
        json_object_set_new(bc, class_names[c],
                            json_integer((json_int_t)a->by_class[c]));
    json_object_set_new(
        adapters, a->name,
        json_pack("{s:s,s:s,s:I,s:I,s:I,s:I,s:I,s:I,s:I,s:I,s:I,s:o}",
                  "library", a->library, "spec", a->spec, "total",
                  (json_int_t)a->total, "passed", (json_int_t)a->passed,
                  "failed", (json_int_t)a->failed, "unsupported",
                  (json_int_t)a->unsupported, "skipped", (json_int_t)a->skipped,
                  "implementation_defined", (json_int_t)a->impl_defined,
                  "not_compared", (json_int_t)a->not_compared,
                  "security_relevant", (json_int_t)a->security, "known",
                  (json_int_t)a->known, "by_class", bc));
  }
  json_t *results = json_array();
  size_t i;
  json_t *o;
  json_array_foreach(r->fails, i, o) {
    json_t *c = json_copy(o);
    json_object_del(c, "record");
    struct vec *v = vec_find(r, jstr(o, "id"), 0);
    json_object_set_new(
        c, "section", v && v->section ? json_string(v->section) : json_null());
    json_array_append_new(results, c);
  }
  json_t *pruned_json = json_array();
  for (size_t p = 0; p < np; p++) {
    struct vec *v = &r->vecs[pat[p].vec];
    json_t *outc = json_object();
    for (size_t k = 0; k < r->nad; k++)
      json_object_set_new(outc, r->ad[k].name,
                          v->cls[k] == NO_RESULT
                              ? json_null()
                              : json_string(class_names[v->cls[k]]));
    json_array_append_new(pruned_json,
                          json_pack("{s:s,s:s?,s:o,s:I}", "id", v->id,
                                    "section", v->section, "outcomes", outc,
                                    "vectors", (json_int_t)pat[p].count));
  }
  json_t *doc =
      json_pack("{s:{s:s,s:s,s:s,s:s,s:s},s:o,s:o,s:o}", "report", "uritest",
                URITEST_VERSION, "command", command, "vectors_version",
                vversion, "date", date, "results_file", r->source, "adapters",
                adapters, "results", results, "pruned", pruned_json);
  path = out_path(dir, "results.json");
  if (json_dump_file(doc, path, JSON_COMPACT) != 0) {
    warnx_("%s: cannot write", path);
    rc = EXIT_USAGE;
  }
  free(path);
  json_decref(doc);

  /* ---- summary.md and index.html, side by side */
  char *hpath, *mpath;
  FILE *h = open_out(dir, "index.html", &hpath),
       *m = open_out(dir, "summary.md", &mpath);
  if (!h || !m) {
    if (h)
      fclose(h);
    if (m)
      fclose(m);
    free(hpath);
    free(mpath);
    free(pat);
    json_decref(prows);
    json_decref(rows);
    json_decref(pvecs);
    return EXIT_USAGE;
  }
  char nonce[40];
  snprintf(nonce, sizeof nonce, "u%lx%lx", (unsigned long)time(NULL),
           (unsigned long)getpid() * 2654435761u);
  fprintf(h,
          "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
          "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src "
          "'none'; "
          "style-src 'unsafe-inline'; script-src 'nonce-%s'; img-src data:\">\n"
          "<meta name=\"viewport\" content=\"width=device-width\">\n"
          "<title>uritest: discrepancy "
          "matrix</title>\n<style>%s</style></head>\n<body>\n"
          "<h1>uritest: discrepancy matrix</h1>\n<p class=\"small\">uritest "
          "%s, vectors ",
          nonce, page_css, URITEST_VERSION);
  html(h, vversion);
  fputs(", run ", h);
  html(h, date);
  fputs(" (", h);
  html(h, command);
  fputs("), from <code>", h);
  html(h, r->source);
  fprintf(
      h,
      "</code>%s. RFC 3986 vectors are compared through the component model; a "
      "semantic mismatch of scheme, userinfo, host or port is "
      "<span class=\"sec\">security-relevant</span>.</p>\n",
      r->interrupted ? "; <b>the run was interrupted</b>" : "");
  fprintf(
      m,
      "# uritest: discrepancy matrix\n\nuritest %s, vectors %s, run %s%s.\n\n",
      URITEST_VERSION, vversion, date, r->interrupted ? " (interrupted)" : "");

  /* per adapter, one line each (the matrix below is wide when there are
   * many adapters) */
  fputs("| adapter | library | spec | passed | failed | security-relevant | "
        "unsupported |\n"
        "|---|---|---|---:|---:|---:|---:|\n",
        m);
  for (size_t k = 0; k < r->nad; k++) {
    fputs("| ", m);
    md(m, r->ad[k].name, 0);
    fputs(" | ", m);
    md(m, r->ad[k].library, 0);
    fprintf(m, " | %s | %zu | %zu | %zu | %zu |\n",
            *r->ad[k].spec ? r->ad[k].spec : "?", r->ad[k].passed,
            r->ad[k].failed, r->ad[k].security, r->ad[k].unsupported);
  }
  fputs("\n## Matrix\n\n", m);

  /* matrix */
  fputs("<h2 id=\"matrix\">Matrix</h2>\n<div class=\"wide\"><table "
        "id=\"matrix-table\"><thead><tr><th>class</th>",
        h);
  fputs("| class |", m);
  for (size_t k = 0; k < r->nad; k++) {
    fputs("<th>", h);
    html(h, r->ad[k].name);
    fputs("<div class=\"small\">", h);
    html(h, r->ad[k].library);
    fputs("<br>spec: ", h);
    html(h, *r->ad[k].spec ? r->ad[k].spec : "?");
    fputs("</div></th>", h);
    fputc(' ', m);
    md(m, r->ad[k].name, 0);
    fputs(" |", m);
  }
  fputs("</tr></thead><tbody>\n", h);
  fputs("\n|---|", m);
  for (size_t k = 0; k < r->nad; k++)
    fputs("---:|", m);
  fputs("\n| library |", m);
  for (size_t k = 0; k < r->nad; k++) {
    fputc(' ', m);
    md(m, r->ad[k].library, 0);
    fputs(" |", m);
  }
  fputs("\n| spec |", m);
  for (size_t k = 0; k < r->nad; k++)
    fprintf(m, " %s |", *r->ad[k].spec ? r->ad[k].spec : "?");
  fputc('\n', m);
  struct mrow {
    const char *label;
    int cls; /* -1 for a count of struct radapter at off */
    size_t off;
  } mrows[CLASS__COUNT + 8];
  int nrows = 0;
  mrows[nrows++] = (struct mrow){"total", -1, offsetof(struct radapter, total)};
  mrows[nrows++] =
      (struct mrow){"passed", -1, offsetof(struct radapter, passed)};
  mrows[nrows++] =
      (struct mrow){"failed", -1, offsetof(struct radapter, failed)};
  for (int c = 1; c < CLASS__COUNT; c++)
    mrows[nrows++] = (struct mrow){class_names[c], c, 0};
  mrows[nrows++] = (struct mrow){"security-relevant", -1,
                                 offsetof(struct radapter, security)};
  mrows[nrows++] = (struct mrow){"implementation-defined", -1,
                                 offsetof(struct radapter, impl_defined)};
  mrows[nrows++] =
      (struct mrow){"known (baseline)", -1, offsetof(struct radapter, known)};
  mrows[nrows++] = (struct mrow){"skipped (not for this adapter)", -1,
                                 offsetof(struct radapter, skipped)};
  mrows[nrows++] = (struct mrow){"components not compared", -1,
                                 offsetof(struct radapter, not_compared)};
  for (int ri = 0; ri < nrows; ri++) {
    int sec = !strcmp(mrows[ri].label, "security-relevant");
    fprintf(h, "<tr><th class=\"%s\">%s</th>", mrows[ri].cls > 0 ? "cls" : "",
            mrows[ri].label);
    fprintf(m, "| %s%s%s |", mrows[ri].cls > 0 ? "`" : "", mrows[ri].label,
            mrows[ri].cls > 0 ? "`" : "");
    for (size_t k = 0; k < r->nad; k++) {
      size_t n = mrows[ri].cls >= 0
                     ? r->ad[k].by_class[mrows[ri].cls]
                     : *(size_t *)((char *)&r->ad[k] + mrows[ri].off);
      const char *cl =
          n == 0 ? " z"
          : (sec || (mrows[ri].cls > 0 && mrows[ri].cls != CLASS_UNSUPPORTED) ||
             !strcmp(mrows[ri].label, "failed"))
              ? " bad"
              : "";
      fprintf(h, "<td class=\"n%s\">%zu</td>", cl, n);
      fprintf(m, " %zu |", n);
    }
    fputs("</tr>\n", h);
    fputc('\n', m);
  }
  fputs("</tbody></table></div>\n", h);

  /* discrepancies */
  fprintf(h,
          "<h2 id=\"discrepancies\">Discrepancies</h2>\n<p>%zu results are not "
          "PASS "
          "(%zu security-relevant). The <i>pruned</i> view keeps one vector "
          "per distinct pattern "
          "of outcomes across the adapters (%zu patterns). Inputs and values "
          "are shown with "
          "visible escapes: <code>\\xNN</code> for control octets and octets "
          "that are not "
          "UTF-8, <code>\\u{XXXX}</code> for non-ASCII characters; the "
          "differing values are "
          "highlighted.</p>\n",
          nfails, nsec, np);
  fputs("<div id=\"disc\"><div id=\"filters\"><label>adapter <select "
        "id=\"f-adapter\"><option value=\"\">all</option>"
        "</select></label><label>class <select id=\"f-class\"><option "
        "value=\"\">failures (all but UNSUPPORTED)</option>"
        "<option value=\"*\">every non-PASS</option>"
        "</select></label><label><input type=\"checkbox\" id=\"f-sec\"> "
        "security-relevant only</label>"
        "<label>text <input type=\"search\" id=\"f-text\" placeholder=\"id, "
        "section, input\"></label>"
        "<label><input type=\"checkbox\" id=\"f-pruned\"> pruned (one vector "
        "per pattern)</label>"
        "<span id=\"count\" class=\"small\"></span></div>\n"
        "<noscript><p>The table needs JavaScript; <code>summary.md</code> and "
        "<code>results.json</code> hold the same results.</p></noscript>\n"
        "<div id=\"rows-wrap\" class=\"wide\"><table "
        "id=\"results-table\"><thead><tr><th>adapter</th>"
        "<th>vector "
        "(section)</th><th>class</th><th>components</th><th>security-relevant</"
        "th>"
        "<th>input</th><th>expected</th><th>adapter's reading</th></tr></thead>"
        "<tbody id=\"rows\"></tbody></table></div>\n"
        "<div id=\"pruned-wrap\" class=\"wide\" hidden><table "
        "id=\"pruned-table\"><thead><tr><th>vector (section)</th>"
        "<th>input</th>",
        h);
  for (size_t k = 0; k < r->nad; k++) {
    fputs("<th>", h);
    html(h, r->ad[k].name);
    fputs("</th>", h);
  }
  fputs("<th>vectors</th></tr></thead><tbody "
        "id=\"pruned\"></tbody></table></div></div>\n",
        h);

  fprintf(m,
          "\n%zu results are not PASS, %zu security-relevant; %zu distinct "
          "patterns of "
          "outcomes across the adapters.\n",
          nfails, nsec, np);
  if (nsec) {
    fputs("\n## Security-relevant discrepancies\n\n| adapter | vector | "
          "section | components | input |\n"
          "|---|---|---|---|---|\n",
          m);
    size_t shown = 0;
    json_array_foreach(r->fails, i, o) {
      if (!json_is_true(json_object_get(o, "security_relevant")))
        continue;
      if (shown++ == 50) {
        fprintf(m, "\n(first 50 of %zu; all of them in `results.json`)\n",
                nsec);
        break;
      }
      struct vec *v = vec_find(r, jstr(o, "id"), 0);
      struct buf cs = {0};
      buf_puts(&cs, "");
      size_t k;
      json_t *c;
      json_array_foreach(json_object_get(o, "components"), k, c)
          buf_printf(&cs, "%s%s", k ? ", " : "",
                     json_string_value(c) ? json_string_value(c) : "");
      char *id = show_dup(jstr(o, "id"), strlen(jstr(o, "id")));
      fputs("| ", m);
      md(m, jstr(o, "adapter"), 0);
      fputs(" | ", m);
      md(m, id, 1);
      fputs(" | ", m);
      md(m, v && v->section ? v->section : "", 0);
      fputs(" | ", m);
      md(m, cs.p, 0);
      fputs(" | ", m);
      md(m, v && v->input ? v->input : "", 1);
      fputs(" |\n", m);
      free(cs.p);
      free(id);
    }
  }
  if (np) {
    fputs("\n## Patterns of outcomes (pruned)\n\nOne vector per distinct "
          "pattern across the "
          "adapters, the most common first (`-`: not run there).\n\n| vector | "
          "input |",
          m);
    for (size_t k = 0; k < r->nad; k++) {
      fputc(' ', m);
      md(m, r->ad[k].name, 0);
      fputs(" |", m);
    }
    fputs(" vectors |\n|---|---|", m);
    for (size_t k = 0; k <= r->nad; k++)
      fputs("---|", m);
    fputc('\n', m);
    for (size_t p = 0; p < np && p < 40; p++) {
      struct vec *v = &r->vecs[pat[p].vec];
      char *id = show_dup(v->id, strlen(v->id));
      fputs("| ", m);
      md(m, id, 1);
      fputs(" | ", m);
      md(m, v->input ? v->input : "", 1);
      fputs(" |", m);
      for (size_t k = 0; k < r->nad; k++)
        fprintf(m, " %s |",
                v->cls[k] == NO_RESULT ? "-" : class_names[v->cls[k]]);
      fprintf(m, " %zu |\n", pat[p].count);
      free(id);
    }
    if (np > 40)
      fprintf(m,
              "\n(the 40 most common of %zu patterns; all of them in "
              "`results.json`)\n",
              np);
  }

  /* rule coverage, code coverage */
  json_t *rcdoc = rulecov ? json_load_file(rulecov, 0, NULL) : NULL;
  if (rcdoc)
    write_rule_coverage(h, m, rcdoc);
  json_decref(rcdoc);
  if (coverage)
    write_coverage(h, m, coverage);

  /* data and script */
  json_t *data = json_pack("{s:[],s:o,s:o,s:o}", "adapters", "vectors", pvecs,
                           "rows", rows, "pruned", prows);
  for (size_t k = 0; k < r->nad; k++)
    json_array_append_new(json_object_get(data, "adapters"),
                          json_string(r->ad[k].name));
  fputs("<script type=\"application/json\" id=\"data\">", h);
  json_for_script(h, data);
  json_decref(data);
  fprintf(h, "</script>\n<script nonce=\"%s\">\n%s</script>\n</body></html>\n",
          nonce, page_js);
  if (fclose(h) != 0) {
    warnx_("%s: write error", hpath);
    rc = EXIT_USAGE;
  }
  if (fclose(m) != 0) {
    warnx_("%s: write error", mpath);
    rc = EXIT_USAGE;
  }

  /* the terminal summary */
  if (!quiet) {
    for (size_t k = 0; k < r->nad; k++) {
      struct radapter *a = &r->ad[k];
      printf("%s (%s): %zu passed, %zu failed, %zu security-relevant", a->name,
             a->library, a->passed, a->failed, a->security);
      if (a->unsupported)
        printf(", %zu unsupported", a->unsupported);
      putchar('\n');
      for (int c = 1; c < CLASS__COUNT; c++)
        if (a->by_class[c])
          printf("  %-22s %zu\n", class_names[c], a->by_class[c]);
    }
    printf("report: %s, %s, %s/results.json\n", hpath, mpath, dir);
  }
  free(hpath);
  free(mpath);
  free(pat);
  return rc;
}

static const char usage_text[] =
    "usage: uritest report [--output-dir DIR] [--rule-coverage FILE] "
    "[--coverage FILE]\n"
    "                      [--quiet] [RESULTS]\n"
    "Render RESULTS (default reports/out/results.jsonl) to DIR (default "
    "reports/out):\n"
    "index.html, summary.md, results.json.  The rule coverage "
    "(DIR/rule-coverage.json)\n"
    "and code coverage (DIR/coverage/summary.txt) are included when present.\n";

int cmd_report(int argc, char **argv) {
  static const struct option opts[] = {
      {"output-dir", required_argument, 0, 'o'},
      {"rule-coverage", required_argument, 0, 'r'},
      {"coverage", required_argument, 0, 'c'},
      {"quiet", no_argument, 0, 'q'},
      {"help", no_argument, 0, 'h'},
      {0, 0, 0, 0}};
  const char *dir_opt = NULL, *rc_opt = NULL, *cov_opt = NULL;
  int quiet = 0, c;
  optind = 1;
  opterr = 0;
  while ((c = getopt_long(argc, argv, "o:q", opts, NULL)) != -1) {
    switch (c) {
    case 'o':
      dir_opt = optarg;
      break;
    case 'r':
      rc_opt = optarg;
      break;
    case 'c':
      cov_opt = optarg;
      break;
    case 'q':
      quiet = 1;
      break;
    case 'h':
      fputs(usage_text, stdout);
      return EXIT_OK;
    default:
      fputs(usage_text, stderr);
      return EXIT_USAGE;
    }
  }
  if (argc - optind > 1) {
    fputs(usage_text, stderr);
    return EXIT_USAGE;
  }
  char *source = optind < argc ? xstrdup(argv[optind])
                               : root_path("reports/out/results.jsonl");
  char *dir = dir_opt ? xstrdup(dir_opt) : root_path("reports/out");
  char *rulecov =
      rc_opt ? xstrdup(rc_opt) : out_path(dir, "rule-coverage.json");
  char *coverage =
      cov_opt ? xstrdup(cov_opt) : out_path(dir, "coverage/summary.txt");
  struct stat st;
  if (rc_opt && stat(rulecov, &st) != 0)
    warnx_("%s: not found: rule coverage left out", rulecov);
  if (cov_opt && stat(coverage, &st) != 0)
    warnx_("%s: not found: coverage left out", coverage);

  struct report r;
  memset(&r, 0, sizeof r);
  r.fails = json_array();
  r.source = source;
  int rc = read_results(&r, source);
  if (rc == 0 && r.nad == 0) {
    warnx_("%s: no results", source);
    rc = EXIT_USAGE;
  }
  if (rc == 0) {
    load_sections(&r);
    rc = write_outputs(&r, dir, stat(rulecov, &st) == 0 ? rulecov : NULL,
                       stat(coverage, &st) == 0 ? coverage : NULL, quiet);
  }
  for (size_t i = 0; i < r.nvecs; i++) {
    free(r.vecs[i].id);
    free(r.vecs[i].file);
    free(r.vecs[i].section);
    free(r.vecs[i].input);
    json_decref(r.vecs[i].exp);
  }
  for (size_t i = 0; i < r.nad; i++) {
    free(r.ad[i].name);
    free(r.ad[i].library);
    free(r.ad[i].spec);
  }
  free(r.vecs);
  free(r.slots);
  json_decref(r.fails);
  json_decref(r.run);
  free(source);
  free(dir);
  free(rulecov);
  free(coverage);
  return rc;
}
