/* fuzzout.c: what `uritest fuzz` reads and writes besides the adapters:
 * its seeds (the vectors, --corpus DIR), the kept inputs (--corpus DIR),
 * the summary (text or JSON, every string escaped) and the unexplained
 * findings as candidate regression vectors in --out DIR, in the form
 * `uritest triage` writes pending ones: implementation-defined until a
 * person confirms them, both readings in x-readings; beside each, the
 * `.finding` file from which `uritest triage DIR` writes the regression
 * vector, its expectation from the independent checker. */
#define _XOPEN_SOURCE 700
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "classify.h"
#include "files.h"
#include "fuzzcamp.h"
#include "output.h"
#include "vectors.h"

uint64_t fz_hash(const char *s, size_t n) {
  return fnv1a(FNV_OFFSET_BASIS, s, n);
}

/* ---- seeds and the corpus ------------------------------------------------ */

static void add_seed(struct campaign *c, struct sigset *seen, const char *s,
                     size_t n) {
  if (n > FZ_MAX_INPUT || !sigset_add(seen, fz_hash(s, n)))
    return;
  if ((c->nseeds & (c->nseeds + 1)) == 0 || !c->seed) {
    size_t cap = (c->nseeds + 1) * 2;
    c->seed = xrealloc(c->seed, cap * sizeof *c->seed);
    c->seed_len = xrealloc(c->seed_len, cap * sizeof *c->seed_len);
  }
  c->seed[c->nseeds] = arena_strndup(&c->arena, s, n);
  c->seed_len[c->nseeds++] = n;
}

static int by_name(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Every regular file of DIR (created when missing), in name order: the
 * first --corpus-max of them when DIR has more. */
static int corpus_seeds(struct campaign *c, struct sigset *seen,
                        const char *dir) {
  if (mkdir(dir, 0777) < 0 && errno != EEXIST) {
    warnx_("--corpus %s: %s", dir, strerror(errno));
    return EXIT_USAGE;
  }
  DIR *d = opendir(dir);
  if (!d) {
    warnx_("--corpus %s: %s", dir, strerror(errno));
    return EXIT_USAGE;
  }
  char **names = NULL;
  size_t n = 0;
  struct dirent *e;
  while ((e = readdir(d))) {
    if (e->d_name[0] == '.')
      continue;
    names = xrealloc(names, (n + 1) * sizeof *names);
    names[n++] = xstrdup(e->d_name);
  }
  closedir(d);
  if (n)
    qsort(names, n, sizeof *names, by_name);
  size_t max = c->o->corpus_max ? (size_t)c->o->corpus_max : n;
  c->corpus_files = n;
  c->corpus_full = c->o->corpus_max && n >= max;
  if (c->corpus_full)
    warnx_("--corpus %s: %zu files, --corpus-max %zu: the first %zu read, "
           "no kept input written",
           dir, n, max, max);
  char *data = xmalloc(FZ_MAX_INPUT + 1);
  for (size_t i = 0; i < n; i++) {
    if (i >= max) {
      free(names[i]);
      continue;
    }
    struct buf p = {0};
    buf_printf(&p, "%s/%s", dir, names[i]);
    struct stat st;
    int fd = open(p.p, O_RDONLY | O_NONBLOCK);
    if (fd >= 0 && fstat(fd, &st) == 0 && S_ISREG(st.st_mode)) {
      ssize_t got = read(fd, data, FZ_MAX_INPUT + 1);
      if (got >= 0 && got <= FZ_MAX_INPUT)
        add_seed(c, seen, data, (size_t)got);
    }
    if (fd >= 0)
      close(fd);
    buf_free(&p);
    free(names[i]);
  }
  free(data);
  free(names);
  return 0;
}

int fz_load_seeds(struct campaign *c) {
  struct fopts *o = c->o;
  struct vectors v;
  struct filters none;
  struct sigset seen = {0};
  memset(&v, 0, sizeof v);
  memset(&none, 0, sizeof none);
  char *deflt = root_path("vectors/v1");
  char *one[] = {deflt};
  int rc = vectors_load(&v, o->nvectors ? o->vectors : one,
                        o->nvectors ? o->nvectors : 1, &none);
  free(deflt);
  if (rc < 0) {
    vectors_free(&v);
    return interrupted ? 128 + interrupted : EXIT_USAGE;
  }
  for (size_t i = 0; i < v.ntests; i++) {
    const struct test *t = &v.tests[i];
    add_seed(c, &seen, t->input, t->input_len);
    if (t->base.state == VALUE_OCTETS)
      add_seed(c, &seen, t->base.s, t->base.len);
    if (t->other.state == VALUE_OCTETS)
      add_seed(c, &seen, t->other.s, t->other.len);
  }
  vectors_free(&v);
  rc = o->corpus ? corpus_seeds(c, &seen, o->corpus) : 0;
  sigset_free(&seen);
  return rc;
}

/* One value of an AFL dictionary line, NAME="VALUE" or "VALUE", with
 * \\, \" and \xNN escapes, into B: 0, or -1 when the line is not one. */
static int dict_value(const char *line, struct buf *b) {
  const char *q = strchr(line, '"');
  if (!q)
    return -1;
  for (q++; *q && *q != '"'; q++) {
    if (*q != '\\') {
      buf_putc(b, *q);
      continue;
    }
    q++;
    if (*q == 'x' && q[1] && q[2]) {
      char hex[2] = {q[1], q[2]}, octet;
      if (codec_hex_decode(hex, 2, &octet) != 1)
        return -1;
      buf_putc(b, octet);
      q += 2;
    } else if (*q == '\\' || *q == '"') {
      buf_putc(b, *q);
    } else {
      return -1;
    }
  }
  return *q == '"' ? 0 : -1;
}

int fz_load_dict(struct campaign *c) {
  char *path = root_path("fuzz/uri.dict");
  FILE *f = fopen(path, "r");
  if (!f) {
    free(path);
    return 0;
  }
  char *line = NULL;
  size_t cap = 0, lineno = 0;
  int rc = 0;
  while (getline(&line, &cap, f) > 0) {
    lineno++;
    const char *p = line + strspn(line, " \t");
    if (*p == '#' || *p == '\n' || !*p)
      continue;
    struct buf v = {0};
    if (dict_value(p, &v) < 0) {
      warnx_("%s:%zu: not a dictionary line (NAME=\"VALUE\")", path, lineno);
      rc = EXIT_USAGE;
    } else if (v.len) {
      struct fz_dict *d = &c->dict;
      d->s = xrealloc(d->s, (d->n + 1) * sizeof *d->s);
      d->len = xrealloc(d->len, (d->n + 1) * sizeof *d->len);
      d->s[d->n] = arena_strndup(&c->arena, v.p, v.len);
      d->len[d->n++] = v.len;
    }
    buf_free(&v);
  }
  free(line);
  fclose(f);
  free(path);
  return rc;
}

void fz_keep(struct campaign *c, const char *in, size_t len) {
  if (c->nkept == c->capkept) {
    c->capkept = c->capkept ? 2 * c->capkept : 1024;
    c->kept = xrealloc(c->kept, c->capkept * sizeof *c->kept);
    c->kept_len = xrealloc(c->kept_len, c->capkept * sizeof *c->kept_len);
  }
  c->kept[c->nkept] = arena_strndup(&c->arena, in, len);
  c->kept_len[c->nkept++] = len;
  if (!c->o->corpus || c->io_error || c->corpus_full)
    return;
  if (c->o->corpus_max && c->corpus_files >= (size_t)c->o->corpus_max) {
    warnx_("--corpus %s: %zu files, --corpus-max: kept inputs are no longer "
           "written",
           c->o->corpus, c->corpus_files);
    c->corpus_full = 1;
    return;
  }
  struct buf p = {0};
  buf_printf(&p, "%s/%016llx", c->o->corpus,
             (unsigned long long)fz_hash(in, len));
  int fd = open(p.p, O_WRONLY | O_CREAT | O_EXCL, 0666);
  int bad = fd < 0 && errno != EEXIST;
  if (fd >= 0) {
    bad = write(fd, in, len) != (ssize_t)len;
    bad |= close(fd) < 0;
    c->corpus_files++;
  }
  if (bad) {
    warnx_("--corpus: %s: %s", p.p, strerror(errno ? errno : EIO));
    c->io_error = 1;
  }
  buf_free(&p);
}

/* ---- the summary --------------------------------------------------------- */

static void mis_names(struct buf *b, unsigned mis, const char *sep) {
  int first = 1;
  for (int k = 0; k < 32; k++) {
    if (!(mis & (1u << k)))
      continue;
    const char *n = k < RFC3986_COMPONENT_COUNT
                        ? rfc3986_component_name((rfc3986_component)k)
                    : k < RFC3986_COMPONENT_COUNT + G__COUNT
                        ? getter_names[k - RFC3986_COMPONENT_COUNT]
                        : "other";
    buf_printf(b, "%s%s", first ? "" : sep, n);
    first = 0;
  }
}

static double rate_until(const struct campaign *c, size_t execs, double t) {
  double s = t - c->started;
  return s > 0 ? (double)execs / s : 0;
}

static double rate(const struct campaign *c, size_t execs) {
  return rate_until(c, execs, c->ended);
}

/* The summary's "adapters" object, its rates up to time T. */
static void adapters_json(struct campaign *c, struct buf *b, double t) {
  buf_puts(b, "\"adapters\": {");
  for (size_t k = 0; k < c->nad; k++) {
    const struct fz_ad *a = &c->ad[k];
    buf_puts(b, k ? ", " : "");
    buf_json_str(b, a->name, strlen(a->name));
    buf_printf(b,
               ": {\"execs\": %zu, \"execs_per_s\": %.1f, \"signatures\": "
               "%zu, \"alternatives_covered\": %zu, \"findings\": %zu, "
               "\"unexplained\": %zu}",
               a->execs, rate_until(c, a->execs, t), a->sigs.n, a->ncovered,
               a->findings, a->unexplained);
  }
  buf_puts(b, "}");
}

void fz_progress(struct campaign *c, FILE *f) {
  double t = now_mono();
  struct buf b = {0};
  buf_printf(&b, "{\"seconds\": %.1f, ", t - c->started);
  adapters_json(c, &b, t);
  buf_puts(&b, "}\n");
  fwrite(b.p, 1, b.len, f);
  fflush(f);
  buf_free(&b);
  c->last_progress = t;
}

static void summary_json(struct campaign *c, struct buf *b) {
  buf_puts(b, "{");
  adapters_json(c, b, c->ended);
  buf_puts(b, ", \"findings\": [");
  for (size_t i = 0; i < c->nf; i++) {
    const struct finding *f = &c->f[i];
    buf_puts(b, i ? ", {\"adapter\": " : "{\"adapter\": ");
    buf_json_str(b, c->ad[f->ad].name, strlen(c->ad[f->ad].name));
    if (f->other != (size_t)-1) {
      buf_puts(b, ", \"other\": ");
      buf_json_str(b, c->ad[f->other].name, strlen(c->ad[f->other].name));
    }
    buf_puts(b, ", ");
    buf_json_input(b, "input", f->in, f->len);
    buf_printf(b, ", \"class\": \"%s\", \"behaviour\": ", class_names[f->cls]);
    buf_json_str(b, f->behaviour, strlen(f->behaviour));
    buf_puts(b, "}");
  }
  buf_puts(b, "]}\n");
}

static void summary_text(struct campaign *c, FILE *f) {
  double s = c->ended - c->started;
  fprintf(f, "fuzz: %lld inputs in %.1fs (seed %llu), %zu kept\n", c->claimed,
          s, (unsigned long long)c->o->seed, c->nkept);
  unsigned char reach[FZ_NPAIRS];
  size_t nreach = fz_reachable_pairs(reach);
  for (size_t k = 0; k < c->nad; k++) {
    const struct fz_ad *a = &c->ad[k];
    put_labelf(f,
               "%s (%s): %zu execs (%.0f/s), %zu signatures, %zu of %zu "
               "alternatives, %zu findings, %zu unexplained%s",
               a->name, a->library, a->execs, rate(c, a->execs), a->sigs.n,
               a->ncovered, nreach, a->findings, a->unexplained,
               a->given_up ? " (given up)" : "");
  }
  struct buf miss = {0};
  size_t nmiss = 0;
  for (int r = 1; r <= RFC3986_APPENDIX_A_RULES; r++)
    for (int alt = 1; fz_pair((rfc3986_rule)r, alt) >= 0; alt++)
      if (reach[fz_pair((rfc3986_rule)r, alt)] &&
          !c->covered[fz_pair((rfc3986_rule)r, alt)]) {
        buf_printf(&miss, " %s/%d", rfc3986_rule_name((rfc3986_rule)r), alt);
        nmiss++;
      }
  if (nmiss)
    fprintf(f, "alternatives not reached (%zu):%s\n", nmiss, miss.p);
  buf_free(&miss);
  for (size_t i = 0; i < c->nf; i++) {
    const struct finding *fd = &c->f[i];
    struct buf m = {0};
    mis_names(&m, fd->mis, ",");
    put_labels(f, c->ad[fd->ad].name);
    if (fd->other != (size_t)-1) {
      fputs(" vs ", f);
      put_labels(f, c->ad[fd->other].name);
    }
    fprintf(f, ": %s%s", class_names[fd->cls], m.len ? " " : "");
    put_label(f, m.p ? m.p : "", m.len);
    fputs(" (", f);
    put_labels(f, fd->behaviour);
    fputs("): ", f);
    out_human(f, fd->in, fd->len);
    fputc('\n', f);
    buf_free(&m);
  }
}

void fz_summary(struct campaign *c, FILE *f) {
  if (!c->o->json) {
    summary_text(c, f);
    return;
  }
  struct buf b = {0};
  summary_json(c, &b);
  fwrite(b.p, 1, b.len, f);
  buf_free(&b);
}

/* ---- candidate vectors ------------------------------------------------- */

/* An answer line as a reading: the object without its id. */
static json_t *reading_of(const char *line, int cls) {
  json_t *r = line ? json_loads(line, JSON_ALLOW_NUL, NULL) : NULL;
  if (!json_is_object(r)) {
    json_decref(r);
    return json_pack("{s:s}", "class", class_names[cls]);
  }
  json_object_del(r, "id");
  return r;
}

/* A name as a JSON key (a hello's name need not be UTF-8). */
static char *key_of(const char *name) {
  return codec_utf8_valid(name, strlen(name)) ? xstrdup(name)
                                              : safe_file_name(name);
}

static json_t *candidate(struct campaign *c, const struct finding *f) {
  const struct fz_ad *a = &c->ad[f->ad];
  char *safe = safe_file_name(a->name);
  struct buf b = {0};
  buf_printf(&b, "{\"id\": \"fuzz.%s.%016llx\", ", safe,
             (unsigned long long)fz_hash(f->in, f->len));
  buf_json_input(&b, "input", f->in, f->len);
  buf_puts(&b, c->o->whatwg ? ", \"base\": null}" : "}");
  json_t *t = json_loadb(b.p, b.len, 0, NULL);
  buf_free(&b);
  free(safe);
  if (!t)
    return NULL;
  struct buf m = {0};
  mis_names(&m, f->mis, ", ");
  json_object_set_new(t, "expect", json_string("implementation-defined"));
  json_object_set_new(t, "tags",
                      json_pack("[sss]", "fuzz", "regression", "pending"));
  json_t *cm = json_sprintf(
      "found by differential fuzzing (uritest fuzz, seed %llu): %s%s%s%s, "
      "which no behaviour of %s explains; minimized from %zu to %zu octets. "
      "Pending: the expectation is for a person to decide from the RFC; "
      "x-readings holds both readings",
      (unsigned long long)c->o->seed, class_names[f->cls], m.len ? " (" : "",
      m.len ? m.p : "", m.len ? ")" : "",
      c->o->whatwg ? "the pair" : "the adapter", f->found_len, f->len);
  json_object_set_new(t, "comment",
                      cm ? cm : json_string("found by uritest fuzz"));
  buf_free(&m);
  json_t *rd = json_object();
  char *k = key_of(a->name);
  json_object_set_new(rd, k, reading_of(f->reading, f->cls));
  free(k);
  if (f->other != (size_t)-1) {
    k = key_of(c->ad[f->other].name);
    json_object_set_new(rd, k, reading_of(f->other_reading, CLASS_PASS));
  } else {
    k = xstrdup("reference");
    json_object_set_new(rd, k, reference_parse_json(f->in, f->len));
  }
  free(k);
  json_object_set_new(t, "x-readings", rd);
  return t;
}

/* The vector file at PATH, or a new one. */
static json_t *vector_file(struct campaign *c, const char *path,
                           const char *who) {
  json_error_t err;
  if (access(path, F_OK) == 0) {
    json_t *d = json_load_regular(path, 0, 0, &err);
    if (!json_is_array(json_object_get(d, "groups"))) {
      warnx_("--out: %s: not a vector file (%s)", path,
             d ? "no groups" : err.text);
      json_decref(d);
      return NULL;
    }
    return d;
  }
  json_t *spec = json_pack("[{s:s},{s:s}]", "rfc3986", "4.1", "rfc3986", "3");
  return json_pack(
      "{s:s, s:s, s:s, s:s+, s:s, s:[ss], s:[{s:s, s:s, s:o, s:[]}]}", "schema",
      "uritest-vectors/1", "version", vectors_version(), "spec",
      c->o->whatwg ? "whatwg" : "rfc3986", "title",
      "Fuzzing candidates (pending confirmation): ", who, "source",
      "uritest fuzz; pending vectors are implementation-defined until a "
      "person confirms them",
      "tags", "fuzz", "regression", "groups", "description", "parse findings",
      "op", "parse", "specification", spec, "tests");
}

/* T unless DOC has a test of its input already: 1 when added. */
static int add_test(json_t *doc, json_t *t) {
  json_t *groups = json_object_get(doc, "groups"), *g, *tests = NULL, *u;
  size_t i, j;
  const char *key = json_object_get(t, "input") ? "input" : "input_hex";
  json_t *in = json_object_get(t, key);
  json_array_foreach(groups, i, g) {
    json_t *op = json_object_get(g, "op");
    json_t *ts = json_object_get(g, "tests");
    if (!json_is_array(ts))
      continue;
    json_array_foreach(ts, j, u) {
      if (json_equal(json_object_get(u, key), in))
        return 0;
    }
    if (!tests && json_is_string(op) && !strcmp(json_string_value(op), "parse"))
      tests = ts;
  }
  if (!tests) {
    tests = json_array();
    json_array_append_new(groups, json_pack("{s:s, s:s, s:o}", "description",
                                            "parse findings", "op", "parse",
                                            "tests", tests));
  }
  json_array_append(tests, t);
  return 1;
}

/* A name `uritest triage` takes for an adapter ([A-Za-z0-9._@+-], not
 * "reference", whose reading sits beside the adapter's). */
static int triage_name(const char *s) {
  if (!*s || !strcmp(s, "reference") ||
      !strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789",
              *s))
    return 0;
  return strspn(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                   "0123456789._@+-") == strlen(s);
}

/* F (its candidate vector T) as DIR/fuzz.ADAPTER.HASH.finding, one
 * "FUZZ-FINDING {json}" line that `uritest triage DIR` turns into a
 * regression vector with its expectation from the independent checker
 * (vectors/gen/rfc3986_regex.py).  0, or -1 after a message. */
static int write_finding(struct campaign *c, const struct finding *f,
                         json_t *t) {
  const char *name = c->ad[f->ad].name;
  if (c->o->whatwg || !triage_name(name))
    return 0;
  json_t *o =
      json_pack("{s:s, s:s, s:s, s:s}", "target", "uritest-fuzz", "adapter",
                name, "op", "parse", "class", class_names[f->cls]);
  struct buf m = {0};
  mis_names(&m, f->mis, "\n");
  if (m.len) /* triage takes one component: the first */
    json_object_set_new(o, "component", json_stringn(m.p, strcspn(m.p, "\n")));
  buf_free(&m);
  const char *key = json_object_get(t, "input") ? "input" : "input_hex";
  json_object_set(o, key, json_object_get(t, key));
  json_object_update(o, json_object_get(t, "x-readings"));
  char *line = json_dumps(o, JSON_ENSURE_ASCII | JSON_COMPACT);
  json_decref(o);
  struct buf p = {0};
  buf_printf(&p, "%s/%s.finding", c->o->out,
             json_string_value(json_object_get(t, "id")));
  struct ofile of;
  int rc = ofile_open(&of, p.p);
  if (rc == 0 && fprintf(of.f, "FUZZ-FINDING %s\n", line) < 0) {
    ofile_abort(&of);
    warnx_("--out: %s: cannot write", p.p);
    rc = -1;
  } else if (rc == 0) {
    rc = ofile_close(&of);
  }
  free(line);
  buf_free(&p);
  return rc;
}

/* The candidate file of adapter K (every one with --whatwg, K -1): a
 * path under --out, to free. */
static char *out_file(const struct campaign *c, size_t k) {
  struct buf p = {0};
  if (k == (size_t)-1) {
    buf_printf(&p, "%s/whatwg.json", c->o->out);
  } else {
    char *safe = safe_file_name(c->ad[k].name);
    buf_printf(&p, "%s/%s.json", c->o->out, safe);
    free(safe);
  }
  return p.p;
}

int fz_check_out(struct campaign *c) {
  int rc = 0;
  size_t n = c->o->whatwg ? 1 : c->nad;
  for (size_t i = 0; c->o->out && i < n; i++) {
    char *path = out_file(c, c->o->whatwg ? (size_t)-1 : i);
    json_t *doc = vector_file(c, path, "");
    rc |= doc ? 0 : -1;
    json_decref(doc);
    free(path);
  }
  return rc;
}

/* The findings of adapter K (every one with --whatwg, K -1) into its
 * candidate file; its .finding files even when that file cannot be. */
static int write_file(struct campaign *c, size_t k, size_t *written) {
  struct buf p = {0}, who = {0};
  p.p = out_file(c, k);
  if (k == (size_t)-1)
    buf_puts(&who, "WHATWG adapters against one another");
  else
    buf_printf(&who, "the reference against %s", c->ad[k].name);
  json_t *doc = vector_file(c, p.p, who.p);
  int rc = doc ? 0 : -1;
  for (size_t i = 0; i < c->nf; i++) {
    const struct finding *f = &c->f[i];
    if ((k != (size_t)-1 && f->ad != k) || strcmp(f->behaviour, "unexplained"))
      continue;
    json_t *t = candidate(c, f);
    if (t && doc && add_test(doc, t))
      (*written)++;
    if (t && write_finding(c, f, t) < 0)
      rc = -1;
    json_decref(t);
  }
  struct ofile of;
  if (doc && ofile_open(&of, p.p) == 0) {
    if (json_dumpf(doc, of.f,
                   JSON_INDENT(1) | JSON_ENSURE_ASCII | JSON_PRESERVE_ORDER) <
            0 ||
        fputc('\n', of.f) == EOF) {
      ofile_abort(&of);
      warnx_("--out: %s: cannot write", p.p);
      rc = -1;
    } else if (ofile_close(&of) < 0) {
      rc = -1;
    }
  } else if (doc) {
    rc = -1;
  }
  json_decref(doc);
  buf_free(&p);
  buf_free(&who);
  return rc;
}

int fz_write_out(struct campaign *c) {
  if (mkdir(c->o->out, 0777) < 0 && errno != EEXIST) {
    warnx_("--out %s: %s", c->o->out, strerror(errno));
    return -1;
  }
  int rc = 0;
  size_t written = 0;
  if (c->o->whatwg) {
    for (size_t i = 0; i < c->nf; i++)
      if (!strcmp(c->f[i].behaviour, "unexplained")) {
        rc = write_file(c, (size_t)-1, &written);
        break;
      }
  } else {
    for (size_t k = 0; k < c->nad; k++)
      if (c->ad[k].unexplained)
        rc |= write_file(c, k, &written);
  }
  fprintf(stderr, "uritest: %zu candidate vectors written to %s\n", written,
          c->o->out);
  return rc;
}
