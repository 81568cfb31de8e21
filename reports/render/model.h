/* model.h: the one model of a results file that every renderer reads
 * (DESIGN.md "Reports").  `uritest report` reads the results once, line by
 * line, and keeps only aggregates and a compact form of the results that
 * are not PASS: per vector the class each adapter got (one octet each),
 * per non-PASS result its reading, mismatching components, note,
 * behaviour and severity as indices into interning tables.  Nothing here
 * decides a class, a severity or a behaviour: they are the harness's, as
 * written in the results.
 *
 * Renderers: render_json.c (results.json, --all for UNSUPPORTED too),
 * render_md.c (summary.md), render_html.c (index.html from page.html,
 * page.css, page.js), explain_text.c (uritest explain). */
#ifndef URITEST_REPORT_MODEL_H
#define URITEST_REPORT_MODEL_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <jansson.h>

#include "classes.h"

#define RPT_MAX_ADAPTERS 250
#define RPT_NONE 0xff /* cls[] of a vector an adapter did not run */

/* Conformance per op: PASS over the results answered (UNSUPPORTED left
 * out) of a kind of vector file.  The README's headline reads parse and
 * resolve (adapters/matrix-headline.py reads them from results.json). */
enum rpt_op {
  RPT_OP_PARSE,      /* rfc3986 files, op parse */
  RPT_OP_RESOLVE,    /* rfc3986 files, op resolve */
  RPT_OP_NORMALIZE,  /* rfc3986 files, op normalize */
  RPT_OP_EQUIVALENT, /* rfc3986 files, op equivalent */
  RPT_OP_IRI,        /* rfc3987 files, every op */
  RPT_OP_WHATWG,     /* whatwg files, every op */
  RPT_OP__COUNT
};
extern const char *const rpt_op_names[RPT_OP__COUNT];

/* An interning table: each distinct octet string once, by index (0 is
 * the empty string, "none"). */
struct strtab {
  char **s;
  uint32_t *len;
  size_t n, cap;
  uint32_t *slots; /* index + 1, 0 empty */
  size_t nslots;
};
uint32_t strtab_add(struct strtab *t, const char *s, size_t n);
/* Index of S or (uint32_t)-1. */
uint32_t strtab_find(const struct strtab *t, const char *s, size_t n);
void strtab_free(struct strtab *t);

/* An advisory read the vulnerable way, and the vector that showed it. */
struct rpt_vuln {
  uint32_t advisory, vec;
};

struct rpt_adapter {
  uint32_t name, library, spec; /* model strings */
  uint32_t role; /* "oracle", "control" or "third-party": adapter.json */
  size_t total, passed, failed, unsupported, skipped, impl_defined,
      not_compared, security, known, behaviours_named;
  /* the entries of adapters/NAME/behaviours.json, and of them those with
   * a severity other than "none" (the README headline's and the
   * overview's "named behaviours") */
  size_t declared; /* behaviours in its file (a severity is a result's) */
  size_t by_class[CLASS__COUNT];
  size_t op_answered[RPT_OP__COUNT], op_passed[RPT_OP__COUNT];
  size_t host_lost; /* results whose "endpoint" is "host-lost" (DESIGN.md
                       "Endpoints"): shown apart from the security ones */
  uint32_t *sev;    /* security findings per severity: [string, count]... */
  size_t nsev;      /* pairs */
  /* the advisories it reads the vulnerable way (its results' "vulnerable",
   * as the harness decided), each once with the vector that showed it,
   * sorted by advisory id (report_finish) */
  struct rpt_vuln *vuln;
  size_t nvuln;
};

/* A non-PASS result, compact.  Strings are model strings (0: none);
 * reading and expected are readings (0: none). */
struct rpt_result {
  uint32_t vec, reading, comps, note, behaviour, severity;
  uint32_t vulnerable; /* the advisory the harness found read the
                          vulnerable way (the result's "vulnerable") */
  uint8_t adapter, cls;
  uint8_t security, known, impl;
};

/* One ABNF rule matched over [start, end) of the input, by the oracle. */
struct rpt_span {
  uint32_t rule; /* model string: the rule's name */
  uint32_t start, end;
  uint32_t depth;
  uint32_t text; /* the octets, shown, when the input is not plain ASCII */
};

struct rpt_vec {
  uint32_t id;                                   /* in ids */
  uint32_t file, section, op, spec, tags, input; /* model strings */
  uint32_t group;    /* its group's description, shown */
  uint32_t link;     /* an advisory vector's source: its first http(s) URL */
  uint32_t expected; /* a reading */
  uint32_t first_span, nspans; /* in model spans; nspans 0: not derived */
  uint8_t *cls;                /* per adapter, RPT_NONE where not run */
  uint8_t security;            /* security-relevant on some adapter */
  uint8_t derive_invalid;      /* the oracle rejects the input */
};

struct report {
  struct rpt_adapter ad[RPT_MAX_ADAPTERS];
  size_t nad, last_ad; /* last_ad: the adapter of the last result */
  struct rpt_vec *vecs;
  size_t nvecs, capvecs;
  struct rpt_result *res; /* non-PASS results (UNSUPPORTED too) */
  size_t nres, capres;
  struct rpt_span *spans;
  size_t nspans, capspans;
  struct strtab ids;      /* vector ids as read: vector I is entry I + 1 */
  struct strtab str;      /* every other string of the model */
  struct strtab readings; /* readings: uint32 pairs [key, value]... */
  /* the run record */
  uint32_t command, vectors_version, date, run_uritest;
  char *source; /* the results files, ", "-joined */
  int interrupted;
  /* The non-PASS results as read (for results.json), spooled: per line
   * "VEC\tJSON" */
  FILE *spool;
  size_t spooled;
  struct verdict_acc *verdict; /* fed each record as it is read */
  int keep_unsupported;        /* spool UNSUPPORTED results too (--all) */
};

/* One record of a results file (JSON Lines of `uritest run` or `uritest
 * diff`, read by results_each, the one reader of results files) into R:
 * 0, or EXIT_USAGE with a message naming FILE:LINE.  `uritest report`
 * reads each file once, in order, a record at a time. */
struct rrecord;
int report_record(struct report *r, const struct rrecord *rec);
/* The results files read, for the reports' "from". */
void report_sources(struct report *r, char *const *paths, int n);
/* After the results: the sections, tags and inputs of the vectors, from
 * the vector files the results name (informative: a file that cannot be
 * read is left out), and the oracle's derivation of each input; each
 * adapter's advisories (rpt_adapter.vuln). */
void report_finish(struct report *r);
void report_free(struct report *r);

/* The vector with id S[0..N), or NULL. */
struct rpt_vec *report_vec(struct report *r, const char *s, size_t n);

/* String I of the model. */
static inline const char *rs(const struct report *r, uint32_t i) {
  return r->str.s[i];
}
static inline size_t rslen(const struct report *r, uint32_t i) {
  return r->str.len[i];
}
static inline const char *vec_id(const struct report *r,
                                 const struct rpt_vec *v) {
  return r->ids.s[v->id];
}
static inline size_t vec_idlen(const struct report *r,
                               const struct rpt_vec *v) {
  return r->ids.len[v->id];
}
/* Reading I: *n uint32 (pairs of key and value strings). */
const uint32_t *report_reading(const struct report *r, uint32_t i, size_t *n);

/* S[0..N) shown with visible escapes, into B: printable ASCII as is
 * (backslash doubled), \t \n \r, \xNN for other control octets, DEL and
 * octets that are not UTF-8, \u{XXXX} for each non-ASCII character; long
 * strings are cut. */
struct buf;
void report_show(struct buf *b, const char *s, size_t n);

/* A value of an expected object or an answer, shown, into B: strings
 * quoted with visible escapes, {"hex": ...} as the octets, others as
 * JSON. */
void report_show_value(struct buf *b, json_t *v);

/* The expected reading of test T (a test object of a vector file), for a
 * vector whose results did not carry one (UNSUPPORTED only: terse). */
uint32_t report_test_expected(struct report *r, json_t *t);

/* One vector per distinct pattern of outcomes across the adapters with a
 * non-PASS (as JSONTestSuite prunes its matrix), the most common first. */
struct rpt_pattern {
  size_t vec, count;
};
struct rpt_pattern *report_prune(const struct report *r, size_t *np);

/* Renderers.  Each returns 0 or EXIT_USAGE (with a message). */
struct render_opts {
  const char *dir;      /* output folder */
  const char *rulecov;  /* rule-coverage.json, or NULL */
  const char *coverage; /* coverage/summary.txt, or NULL */
  const char *pairs;    /* pairs.json, or NULL */
  json_t *fetch;        /* a fetch file (fetch_file_load), or NULL */
  const char *baseline_note;
  /* the results files and --baseline files: summary.md's verdict */
  char *const *results;
  int nresults;
  char *const *baselines;
  int nbaselines;
  int all; /* results.json: UNSUPPORTED results too */
  /* summary.md's verdict, made while the results were read, and the
   * harness's function that writes and frees it (render_md calls it) */
  struct verdict_acc *verdict;
  int (*verdict_end)(struct verdict_acc *acc, FILE *f);
};
/* The octets of summary.md the verdict may take. */
#define REPORT_VERDICT_BUDGET (768 * 1024)
/* Text from results for Markdown, with visible escapes (the verdict's
 * cells; render_md.c). */
void report_md_text(FILE *f, const char *s, int code);
/* The "where requests go" view of fetch file FETCH (render_fetch.c):
 * {"inputs": N, "rows": [{"input", "rfc3986": {"valid", "reading"},
 * "clients": [{"adapter", "status", "name", "address", "port",
 * "host_header", "sni"}], "parsers": [{"adapter", "class", "reading"}]}]},
 * the first MAX inputs, every string shown (report_show). */
json_t *report_fetch_view(const struct report *r, json_t *fetch, size_t max);
int render_json(struct report *r, const struct render_opts *o);
int render_md(struct report *r, const struct render_opts *o);
int render_html(struct report *r, const struct render_opts *o);

/* `uritest explain`'s output (render_explain.c) for input S[0..N), from
 * DIFF, the JSON document of `uritest diff --format json` on it: text, or
 * JSON when JSON; COLOR marks differences in colour.  0 when every adapter
 * reads it as the oracle does, 1 when one does not, 2 on an error. */
int render_explain(FILE *f, const char *s, size_t n, json_t *diff, int json,
                   int color);

/* The oracle's derivation of S[0..N) (URI-reference, or IRI-reference
 * when IRI): the spans `rfc3986 explain` prints, appended to R's spans.
 * Returns the number of spans, 0 when the oracle rejects the input. */
size_t report_derive(struct report *r, const char *s, size_t n, int iri,
                     uint32_t *first);

/* adapters/NAME/FILE (adapter.json, behaviours.json) as JSON, or NULL;
 * only a plain adapter name (letters, digits, "._-") is looked up. */
json_t *report_adapter_file(const char *name, const char *file);

/* FILE: DIR/NAME opened for writing (the path in *path, to free). */
/* DIR/NAME (*PATH, a new string) for writing, through OF: written to a new
 * name and renamed over the old file by ofile_close (files.h), so a full
 * disk or a kill never leaves a report cut; NULL when it cannot be. */
struct ofile;
FILE *report_open_out(const char *dir, const char *name, char **path,
                      struct ofile *of);
char *report_out_path(const char *dir, const char *name);

#endif
