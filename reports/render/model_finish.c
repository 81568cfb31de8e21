/* model_finish.c: what the report model takes from outside the results
 * (the vector files' sections, tags and inputs; the oracle's derivation of
 * each input), the pruned view, and the model's end. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <jansson.h>
#include <rfc3986.h>

#include "files.h"
#include "line_arena.h"
#include "model.h"
#include "util.h"
#include "codec_json.h"

/* ---- the oracle's derivation ---------------------------------------------- */

/* The rules `rfc3986 explain` shows without --all (reference/cli/cmd_parse.c,
 * explain_shows): single-octet rules are left out. */
static int derivation_shows(rfc3986_rule rule) {
  return rule != RFC3986_RULE_pchar && rule != RFC3986_RULE_ipchar &&
         rule != RFC3986_RULE_unreserved && rule != RFC3986_RULE_iunreserved &&
         rule != RFC3986_RULE_sub_delims && rule != RFC3986_RULE_ucschar;
}

size_t report_derive(struct report *r, const char *s, size_t n, int iri,
                     uint32_t *first) {
  rfc3986_rule start =
      iri ? RFC3986_RULE_IRI_reference : RFC3986_RULE_URI_reference;
  rfc3986_uri uri;
  rfc3986_error err;
  size_t count = 0;
  rfc3986_trace_event stack_ev[64];
  rfc3986_trace_event *ev = stack_ev;
  if (rfc3986_parse_traced(s, n, start, &uri, &err, ev, 64, &count) !=
      RFC3986_OK)
    return 0;
  if (count > 64) {
    ev = xmalloc(count * sizeof *ev);
    size_t again = 0;
    rfc3986_parse_traced(s, n, start, &uri, &err, ev, count, &again);
  }
  *first = (uint32_t)r->nspans;
  size_t kept = 0;
  int plain = 1;
  for (size_t i = 0; i < n; i++)
    plain &= s[i] >= 0x20 && s[i] < 0x7f && s[i] != '\\';
  for (size_t i = 0; i < count; i++) {
    if (!derivation_shows(ev[i].rule))
      continue;
    if (r->nspans == r->capspans) {
      r->capspans = r->capspans ? 2 * r->capspans : 4096;
      r->spans = xrealloc(r->spans, r->capspans * sizeof *r->spans);
    }
    const char *name = rfc3986_rule_name(ev[i].rule);
    uint32_t text = 0;
    if (!plain) {
      struct buf b = {0};
      buf_puts(&b, "");
      report_show(&b, s + ev[i].offset, ev[i].length);
      text = strtab_add(&r->str, b.p, b.len);
      free(b.p);
    }
    r->spans[r->nspans++] = (struct rpt_span){
        strtab_add(&r->str, name, strlen(name)), (uint32_t)ev[i].offset,
        (uint32_t)(ev[i].offset + ev[i].length), ev[i].depth, text};
    kept++;
  }
  if (ev != stack_ev)
    free(ev);
  return kept;
}

/* ---- vector files ------------------------------------------------------------ */

/* "RFC 3986 3.2.2" for each {"rfcNNNN": "section"} of a specification list,
 * into B (", "-separated). */
static void sections_of(struct buf *b, json_t *spec) {
  size_t i;
  json_t *e;
  json_array_foreach(spec, i, e) {
    const char *k;
    json_t *v;
    json_object_foreach(e, k, v) {
      if (!json_is_string(v) || !strcmp(k, "quote") || !strcmp(k, "errata"))
        continue;
      if (b->len)
        buf_puts(b, ", ");
      if (!strncmp(k, "rfc", 3))
        buf_printf(b, "RFC %s %s", k + 3, json_string_value(v));
      else
        buf_printf(b, "%s %s", k, json_string_value(v));
    }
  }
}

/* The tags of a test and its group, shown, space-separated. */
static uint32_t tags_of(struct report *r, json_t *g, json_t *t) {
  struct buf b = {0};
  buf_puts(&b, "");
  json_t *lists[2] = {json_object_get(g, "tags"), json_object_get(t, "tags")};
  for (int l = 0; l < 2; l++) {
    size_t i;
    json_t *e;
    json_array_foreach(lists[l], i, e) {
      if (!json_is_string(e))
        continue;
      if (b.len)
        buf_putc(&b, ' ');
      report_show(&b, json_string_value(e), json_string_length(e));
    }
  }
  uint32_t i = strtab_add(&r->str, b.p, b.len);
  free(b.p);
  return i;
}

/* The input of test T (input, else input_hex) of vector V, shown (0 when
 * none), and its derivation. */
static uint32_t test_input(struct report *r, struct rpt_vec *v, json_t *t) {
  struct value in;
  char *own;
  const char *why;
  if (codec_json_field(t, "input", &in, &own, &why) != VALUE_OCTETS) {
    free(own);
    return 0; /* the loader has refused such a vector already */
  }
  const char *raw = in.s;
  size_t n = in.len;
  struct buf b = {0};
  buf_puts(&b, "");
  report_show(&b, raw, n);
  uint32_t i = strtab_add(&r->str, b.p, b.len);
  free(b.p);
  if (!v->nspans && !v->derive_invalid) {
    v->nspans = (uint32_t)report_derive(
        r, raw, n, !strcmp(rs(r, v->spec), "rfc3987"), &v->first_span);
    v->derive_invalid = v->nspans == 0;
  }
  free(own);
  return i;
}

/* The first http(s) URL among the space-separated words of an advisory
 * vector's "source" (trailing ",;." left out): a model string, 0 when
 * none.  Only octets of RFC 3986's URI characters are kept, so a link is
 * never more than a plain http(s) URL. */
static uint32_t advisory_link(struct report *r, json_t *t) {
  int advisory = 0;
  size_t i;
  json_t *e;
  json_array_foreach(json_object_get(t, "tags"), i, e) advisory |=
      json_is_string(e) && !strncmp(json_string_value(e), "cve:", 4);
  const char *s = json_string_value(json_object_get(t, "source"));
  static const char uric[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUV"
                             "WXYZ0123456789-._~:/?#[]@!$&'()*+,;=%";
  while (advisory && s && *s) {
    s += strspn(s, " \t\n");
    size_t n = strcspn(s, " \t\n");
    size_t ok = strspn(s, uric);
    while (n && strchr(",;.", s[n - 1]))
      n--;
    if (ok >= n && n > 8 &&
        (!strncmp(s, "https://", 8) || !strncmp(s, "http://", 7)))
      return strtab_add(&r->str, s, n);
    s += strcspn(s, " \t\n");
  }
  return 0;
}

static void load_group(struct report *r, json_t *g, const char *fspec) {
  struct buf gsec = {0};
  buf_puts(&gsec, "");
  sections_of(&gsec, json_object_get(g, "specification"));
  size_t ti;
  json_t *t;
  json_array_foreach(json_object_get(g, "tests"), ti, t) {
    json_t *idv = json_object_get(t, "id");
    if (!json_is_string(idv))
      continue;
    struct rpt_vec *v =
        report_vec(r, json_string_value(idv), json_string_length(idv));
    if (!v || v->section)
      continue;
    struct buf tsec = {0};
    buf_puts(&tsec, "");
    sections_of(&tsec, json_object_get(t, "specification"));
    const char *sec = tsec.len                            ? tsec.p
                      : gsec.len                          ? gsec.p
                      : fspec && !strcmp(fspec, "whatwg") ? "WHATWG URL"
                                                          : "";
    v->section = strtab_add(&r->str, sec, strlen(sec));
    free(tsec.p);
    v->tags = tags_of(r, g, t);
    json_t *desc = json_object_get(g, "description");
    if (json_is_string(desc)) {
      struct buf db = {0};
      buf_puts(&db, "");
      report_show(&db, json_string_value(desc), json_string_length(desc));
      v->group = strtab_add(&r->str, db.p, db.len);
      free(db.p);
    }
    if (!v->input)
      v->input = test_input(r, v, t);
    int failed = 0; /* results other than PASS: the page shows the expected */
    for (size_t k = 0; k < r->nad; k++)
      failed |= v->cls[k] != RPT_NONE && v->cls[k] != CLASS_PASS;
    if (!v->expected && failed)
      v->expected = report_test_expected(r, t);
    v->link = advisory_link(r, t);
  }
  free(gsec.p);
}

/* The JSON document at PATH, or NULL: a regular file only (a results
 * file may name a FIFO or /dev/stdin), read a block at a time
 * (json_load_file reads a getc at a time: a fifth of the time of reading
 * the vector files). */
static json_t *load_json_file(const char *path) {
  json_error_t err;
  return json_load_regular(path, 0, 0, &err);
}

json_t *report_adapter_file(const char *name, const char *file) {
  size_t n = strlen(name);
  if (!n || n > 100 || name[0] == '.' ||
      strspn(name, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456"
                   "789._-") != n)
    return NULL;
  char rel[200];
  snprintf(rel, sizeof rel, "adapters/%s/%s", name, file);
  char *path = root_path(rel);
  json_t *doc = load_json_file(path);
  free(path);
  return doc;
}

/* The role of adapter NAME: its adapter.json's "role" ("oracle",
 * "control"), else "third-party". */
static const char *adapter_role(const char *name) {
  json_t *doc = report_adapter_file(name, "adapter.json");
  const char *role = json_string_value(json_object_get(doc, "role"));
  const char *out = role && !strcmp(role, "oracle")    ? "oracle"
                    : role && !strcmp(role, "control") ? "control"
                                                       : "third-party";
  json_decref(doc);
  return out;
}

/* ---- advisories ---------------------------------------------------------------- */

static const struct report *vuln_sort_r;
static int vuln_cmp(const void *a, const void *b) {
  const struct rpt_vuln *x = a, *y = b;
  int c = strcmp(rs(vuln_sort_r, x->advisory), rs(vuln_sort_r, y->advisory));
  return c ? c : (x->vec > y->vec) - (x->vec < y->vec);
}

/* Each adapter's advisories (rpt_adapter.vuln), from one pass over the
 * results. */
static void find_vulnerable(struct report *r) {
  for (size_t i = 0; i < r->nres; i++) {
    const struct rpt_result *x = &r->res[i];
    if (!x->vulnerable)
      continue;
    struct rpt_adapter *a = &r->ad[x->adapter];
    a->vuln = xrealloc(a->vuln, (a->nvuln + 1) * sizeof *a->vuln);
    a->vuln[a->nvuln++] = (struct rpt_vuln){x->vulnerable, x->vec};
  }
  vuln_sort_r = r;
  for (size_t k = 0; k < r->nad; k++) {
    struct rpt_adapter *a = &r->ad[k];
    if (a->nvuln)
      qsort(a->vuln, a->nvuln, sizeof *a->vuln, vuln_cmp);
    size_t m = 0; /* each advisory once, with its first vector */
    for (size_t i = 0; i < a->nvuln; i++)
      if (!m || a->vuln[m - 1].advisory != a->vuln[i].advisory)
        a->vuln[m++] = a->vuln[i];
    a->nvuln = m;
  }
}

/* The vector file at PATH named by a results file: a regular file of at
 * most VECTORS_MAX_BYTES, else NULL; a FIFO, a device, /dev/stdin, a folder
 * or a larger file with a warning (one that is absent quietly: results
 * travel without their vector files). */
static json_t *load_vector_file(const char *path) {
  json_error_t err;
  json_t *doc = json_load_regular(path, VECTORS_MAX_BYTES, 0, &err);
  if (!doc && err.line < 0 && access(path, F_OK) == 0)
    warnx_("%s: vector file skipped: %s", path, err.text);
  return doc;
}

/* Read each vector file named by the results and note the section, tags
 * and input of each vector seen.  Files that cannot be read are skipped:
 * this is informative.  Then each adapter's advisories. */
void report_finish(struct report *r) {
  for (size_t k = 0; k < r->nad; k++) {
    struct rpt_adapter *a = &r->ad[k];
    const char *role = adapter_role(rs(r, a->name));
    a->role = strtab_add(&r->str, role, strlen(role));
    json_t *doc = report_adapter_file(rs(r, a->name), "behaviours.json");
    size_t i;
    json_t *b;
    json_array_foreach(json_object_get(doc, "behaviours"), i, b) a->declared++;
    json_decref(doc);
  }
  struct strtab done = {0};
  struct line_arena *arena = line_arena_new(); /* a file's JSON at a time */
  for (size_t i = 0; i < r->nvecs; i++) {
    uint32_t fi = r->vecs[i].file;
    if (!fi || strtab_find(&done, rs(r, fi), rslen(r, fi)) != (uint32_t)-1)
      continue;
    strtab_add(&done, rs(r, fi), rslen(r, fi));
    const char *file = rs(r, fi);
    struct stat st;
    char *path = (file[0] == '/' || stat(file, &st) == 0) ? xstrdup(file)
                                                          : root_path(file);
    line_arena_use(arena);
    json_t *doc = load_vector_file(path);
    line_arena_use(NULL);
    free(path);
    if (!doc)
      continue;
    const char *fspec = json_string_value(json_object_get(doc, "spec"));
    size_t gi;
    json_t *g;
    json_array_foreach(json_object_get(doc, "groups"), gi, g)
        load_group(r, g, fspec);
    json_decref(doc);
    line_arena_reset(arena);
  }
  line_arena_free(arena);
  strtab_free(&done);
  find_vulnerable(r);
}

/* ---- the pruned view ---------------------------------------------------------- */

static int pattern_cmp(const void *a, const void *b) {
  const struct rpt_pattern *x = a, *y = b;
  if (x->count != y->count)
    return x->count < y->count ? 1 : -1;
  return x->vec < y->vec ? -1 : x->vec > y->vec;
}

struct rpt_pattern *report_prune(const struct report *r, size_t *np) {
  size_t cap = 64, n = 0, nslots = 1;
  while (nslots < 2 * r->nvecs + 2)
    nslots *= 2;
  size_t *slots = xcalloc(nslots, sizeof *slots);
  struct rpt_pattern *p = xmalloc(cap * sizeof *p);
  for (size_t i = 0; i < r->nvecs; i++) {
    const uint8_t *c = r->vecs[i].cls;
    int interesting = 0;
    for (size_t k = 0; k < r->nad; k++)
      if (c[k] != RPT_NONE && c[k] != CLASS_PASS)
        interesting = 1;
    if (!interesting)
      continue;
    size_t s = (size_t)fnv1a(FNV_OFFSET_BASIS, c, r->nad) & (nslots - 1);
    while (slots[s] && memcmp(r->vecs[p[slots[s] - 1].vec].cls, c, r->nad))
      s = (s + 1) & (nslots - 1);
    if (slots[s]) {
      p[slots[s] - 1].count++;
      continue;
    }
    if (n == cap)
      p = xrealloc(p, (cap *= 2) * sizeof *p);
    p[n] = (struct rpt_pattern){i, 1};
    slots[s] = ++n;
  }
  free(slots);
  qsort(p, n, sizeof *p, pattern_cmp);
  *np = n;
  return p;
}

/* ---- the rest ---------------------------------------------------------------- */

char *report_out_path(const char *dir, const char *name) {
  size_t n = strlen(dir) + strlen(name) + 2;
  char *p = xmalloc(n);
  snprintf(p, n, "%s/%s", dir, name);
  return p;
}

FILE *report_open_out(const char *dir, const char *name, char **path,
                      struct ofile *of) {
  *path = report_out_path(dir, name);
  return ofile_open(of, *path) == 0 ? of->f : NULL;
}

void report_free(struct report *r) {
  for (size_t i = 0; i < r->nvecs; i++)
    free(r->vecs[i].cls);
  for (size_t i = 0; i < r->nad; i++) {
    free(r->ad[i].sev);
    free(r->ad[i].vuln);
  }
  free(r->vecs);
  free(r->res);
  free(r->spans);
  strtab_free(&r->ids);
  strtab_free(&r->str);
  strtab_free(&r->readings);
  free(r->source);
  if (r->spool)
    fclose(r->spool);
  memset(r, 0, sizeof *r);
}
