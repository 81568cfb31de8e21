/* results.c: results files read record by record (results.h). */
#include "results.h"

#include "files.h"

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "endpoint.h"
#include "line_arena.h"
#include "util.h"

/* What a file's run record says for the results below it: the library of
 * each adapter (name -> library), the vectors version, the version and
 * spec of each vector file. */
struct run_defaults {
  json_t *libs;
  json_t *version;
  json_t *files; /* path -> {"version", "spec"} */
};

static void defaults_of_run(struct run_defaults *d, json_t *run) {
  json_decref(d->libs);
  json_decref(d->version);
  d->libs = json_object();
  size_t i;
  json_t *a;
  json_array_foreach(json_object_get(run, "adapters"), i, a) {
    json_t *name = json_object_get(a, "name"),
           *lib = json_object_get(a, "library");
    if (json_is_string(name) && json_is_string(lib))
      json_object_setn(d->libs, json_string_value(name),
                       json_string_length(name), lib);
  }
  json_t *v = json_object_get(run, "vectors_version");
  d->version = json_is_string(v) ? json_incref(v) : NULL;
  json_decref(d->files);
  d->files = json_incref(json_object_get(run, "files"));
}

/* Member K of O set to V (the run record's), in M too. */
static void put_default(json_t *o, json_t **m, enum rkey k, json_t *v) {
  json_object_set(o, rkey_names[k], v);
  m[k] = v;
}

/* A result that leaves out its library, vectors version, file version or
 * spec (DESIGN.md "Results file": they are the run record's) gets the run
 * record's, in O and in its members M. */
static void defaults_to_result(const struct run_defaults *d, json_t *o,
                               json_t **m) {
  if (!d->libs)
    return;
  const char *name = json_string_value(m[RK_ADAPTER]);
  if (name && !m[RK_LIBRARY]) {
    json_t *lib = json_object_get(d->libs, name);
    if (lib)
      put_default(o, m, RK_LIBRARY, lib);
  }
  const char *file = json_string_value(m[RK_FILE]);
  if (!file)
    return;
  if (d->version && !m[RK_VECTORS_VERSION])
    put_default(o, m, RK_VECTORS_VERSION, d->version);
  json_t *f = d->files ? json_object_get(d->files, file) : NULL;
  json_t *fv = json_object_get(f, "version"), *sp = json_object_get(f, "spec");
  if (json_is_string(fv) && !m[RK_FILE_VERSION])
    put_default(o, m, RK_FILE_VERSION, fv);
  if (json_is_string(sp) && !m[RK_SPEC])
    put_default(o, m, RK_SPEC, sp);
}

#define RESULTS_KEY_NAME(k, name) name,
const char *const rkey_names[RK__COUNT] = {RESULTS_KEYS(RESULTS_KEY_NAME)};
#undef RESULTS_KEY_NAME

/* The members of O that enum rkey names into M, by one walk of O. */
static void members_find(json_t *o, json_t **m) {
  const char *key;
  json_t *v;
  memset(m, 0, RK__COUNT * sizeof *m);
  json_object_foreach(o, key, v) {
    for (int k = 0; k < RK__COUNT; k++)
      if (key[0] == rkey_names[k][0] && !strcmp(key, rkey_names[k])) {
        m[k] = v;
        break;
      }
  }
}

/* ---- reading a file: parsed ahead, handed over in order --------------------
 *
 * Parsing the JSON is most of the time of reading a results file, and the
 * lines are parsed independently, so worker threads parse batches of lines
 * ahead while the calling thread reads the file and hands the records to
 * FN one by one, in order, as results_each promises.  Each batch's JSON is
 * made in the batch's own line arena (line_arena.h), so the calling thread
 * frees it without touching malloc's other arenas, and a batch's memory is
 * reused whole. */

enum {
  BATCH_LINES = 256,          /* lines of a batch at most */
  BATCH_OCTETS = 1024 * 1024, /* octets a batch fills before it is sent */
  RING = 8,                   /* batches in flight */
  MAX_WORKERS = 4
};

struct pline {
  size_t off, len; /* in the batch's text, without the end of line */
  long lineno, end;
  int complete;
  json_t *o; /* parsed (what was parsed: an object or not), or NULL */
  json_t *m[RK__COUNT]; /* its members, when it is an object */
  json_error_t err;
};

struct batch {
  int parsed; /* by a worker, since it was last read */
  char *text;
  size_t len, cap;
  struct pline *lines;
  size_t n;
  struct line_arena *arena;
};

struct reader {
  pthread_mutex_t lock;
  pthread_cond_t parsed, ready; /* a batch parsed; a batch to parse, or stop */
  struct batch ring[RING];
  long next_read, next_parse, next_use; /* batch numbers, slot = N % RING */
  int stop;
  pthread_t worker[MAX_WORKERS];
  int nworkers;
  char *line; /* getline's buffer, the calling thread's */
  size_t cap;
};

static void batch_parse(struct batch *b) {
  line_arena_use(b->arena);
  for (size_t i = 0; i < b->n; i++) {
    struct pline *l = &b->lines[i];
    l->o = json_loadb(b->text + l->off, l->len, JSON_ALLOW_NUL, &l->err);
    if (json_is_object(l->o))
      members_find(l->o, l->m);
  }
  line_arena_use(NULL);
}

static void *worker_main(void *arg) {
  struct reader *rd = arg;
  pthread_mutex_lock(&rd->lock);
  while (!rd->stop) {
    if (rd->next_parse == rd->next_read) { /* nothing read to parse */
      pthread_cond_wait(&rd->ready, &rd->lock);
      continue;
    }
    struct batch *b = &rd->ring[rd->next_parse++ % RING];
    pthread_mutex_unlock(&rd->lock);
    batch_parse(b);
    pthread_mutex_lock(&rd->lock);
    b->parsed = 1;
    pthread_cond_broadcast(&rd->parsed);
  }
  pthread_mutex_unlock(&rd->lock);
  return NULL;
}

static void reader_start(struct reader *rd) {
  memset(rd, 0, sizeof *rd);
  pthread_mutex_init(&rd->lock, NULL);
  pthread_cond_init(&rd->parsed, NULL);
  pthread_cond_init(&rd->ready, NULL);
  for (int i = 0; i < RING; i++)
    rd->ring[i].arena = line_arena_new();
  long cores = sysconf(_SC_NPROCESSORS_ONLN);
  int want = cores < 1 ? 1 : cores > MAX_WORKERS ? MAX_WORKERS : (int)cores;
  while (rd->nworkers < want &&
         !pthread_create(&rd->worker[rd->nworkers], NULL, worker_main, rd))
    rd->nworkers++;
}

/* The parsed lines of B given back: B is free again. */
static void batch_empty(struct batch *b) {
  for (size_t i = 0; i < b->n; i++)
    json_decref(b->lines[i].o);
  b->n = b->len = 0;
  line_arena_reset(b->arena);
}

static void reader_stop(struct reader *rd) {
  pthread_mutex_lock(&rd->lock);
  rd->stop = 1;
  pthread_cond_broadcast(&rd->ready);
  pthread_mutex_unlock(&rd->lock);
  for (int i = 0; i < rd->nworkers; i++)
    pthread_join(rd->worker[i], NULL);
  for (int i = 0; i < RING; i++) {
    struct batch *b = &rd->ring[i];
    if (b->parsed) /* handed over (emptied already) or not yet */
      batch_empty(b);
    line_arena_free(b->arena);
    free(b->text);
    free(b->lines);
  }
  free(rd->line);
  pthread_cond_destroy(&rd->parsed);
  pthread_cond_destroy(&rd->ready);
  pthread_mutex_destroy(&rd->lock);
}

/* Lines of F into B, up to its limits; the number read (0 at the end). */
static size_t batch_fill(struct reader *rd, struct batch *b, FILE *f,
                         long *lineno, long *end) {
  char *line;
  ssize_t n;
  if (!b->lines)
    b->lines = xmalloc(BATCH_LINES * sizeof *b->lines);
  while (b->n < BATCH_LINES && b->len < BATCH_OCTETS &&
         (n = getline(&rd->line, &rd->cap, f)) > 0) {
    line = rd->line;
    ++*lineno;
    *end += n;
    int complete = line[n - 1] == '\n';
    while (n > 0 && (line[n - 1] == '\n' || line[n - 1] == '\r'))
      n--;
    if (n == 0)
      continue;
    if (b->len + (size_t)n + 1 > b->cap) {
      b->cap = 2 * (b->len + (size_t)n + 1);
      b->text = xrealloc(b->text, b->cap);
    }
    memcpy(b->text + b->len, line, (size_t)n);
    b->text[b->len + (size_t)n] = 0;
    b->lines[b->n++] = (struct pline){.off = b->len,
                                      .len = (size_t)n,
                                      .lineno = *lineno,
                                      .end = *end,
                                      .complete = complete};
    b->len += (size_t)n + 1;
  }
  return b->n;
}

struct source {
  const char *path;
  int file;
  unsigned flags;
  results_fn fn;
  void *ctx;
  struct run_defaults run;
};

/* One parsed line to FN: 0, or what stops the reading. */
static int hand_over(struct source *s, const struct batch *b, struct pline *l) {
  static json_t *const none[RK__COUNT];
  json_t *o = l->o;
  if (!json_is_object(o)) {
    int json = o != NULL; /* JSON, but not an object */
    if (!(s->flags & RESULTS_BAD_LINES)) {
      warnx_("%s:%ld:%d: %s", s->path, l->lineno, json ? 1 : l->err.column,
             json ? "not a JSON object" : l->err.text);
      return EXIT_USAGE;
    }
    o = NULL;
  }
  const char *kind = o ? json_string_value(l->m[RK_RECORD]) : NULL;
  if (kind && !strcmp(kind, "run"))
    defaults_of_run(&s->run, o);
  else if (o && (!kind || !strcmp(kind, "result")))
    defaults_to_result(&s->run, o, l->m);
  struct rrecord r = {s->path,
                      l->lineno,
                      s->file,
                      o ? (kind ? kind : "result") : NULL,
                      o,
                      o ? l->m : none,
                      b->text + l->off,
                      l->len,
                      l->end,
                      l->complete};
  return s->fn(s->ctx, &r);
}

/* Batches of F read, parsed by the workers and handed over in order. */
static int pump(struct reader *rd, FILE *f, struct source *s) {
  long lineno = 0, end = 0;
  int rc = 0, eof = 0;
  while (!rc) {
    struct batch *b = &rd->ring[rd->next_read % RING];
    /* read ahead while a slot is free (every batch handed over is; only
     * this thread moves next_read and next_use) */
    if (!eof && rd->next_read - rd->next_use < RING) {
      eof = batch_fill(rd, b, f, &lineno, &end) == 0;
      if (!eof) {
        pthread_mutex_lock(&rd->lock);
        b->parsed = 0;
        rd->next_read++;
        pthread_cond_signal(&rd->ready);
        pthread_mutex_unlock(&rd->lock);
        continue;
      }
    }
    if (rd->next_use == rd->next_read)
      break; /* all read and handed over */
    b = &rd->ring[rd->next_use % RING];
    if (!rd->nworkers) /* no thread could be started: parsed here */
      batch_parse(b);
    pthread_mutex_lock(&rd->lock);
    while (rd->nworkers && !b->parsed)
      pthread_cond_wait(&rd->parsed, &rd->lock);
    pthread_mutex_unlock(&rd->lock);
    for (size_t i = 0; !rc && i < b->n; i++)
      rc = hand_over(s, b, &b->lines[i]);
    batch_empty(b);
    rd->next_use++;
  }
  return rc;
}

static int each_in(const char *path, int file, unsigned flags, results_fn fn,
                   void *ctx) {
  const char *why;
  FILE *f = fopen_regular(path, &why);
  if (!f) {
    warnx_("%s: cannot read: %s", path, why);
    return EXIT_USAGE;
  }
  struct source s = {path, file, flags, fn, ctx, {NULL, NULL, NULL}};
  struct reader rd;
  reader_start(&rd);
  int rc = pump(&rd, f, &s);
  reader_stop(&rd);
  if (!rc && ferror(f)) {
    warnx_("%s: read error", path);
    rc = EXIT_USAGE;
  }
  fclose(f);
  json_decref(s.run.libs);
  json_decref(s.run.version);
  json_decref(s.run.files);
  return rc;
}

int results_read(const char *path, unsigned flags, results_fn fn, void *ctx) {
  return each_in(path, 0, flags, fn, ctx);
}

int results_each(char *const *paths, int n, results_fn fn, void *ctx) {
  for (int i = 0; i < n; i++) {
    int rc = each_in(paths[i], i, 0, fn, ctx);
    if (rc)
      return rc;
  }
  return 0;
}

int result_named(const struct rrecord *rec) {
  const char *ad = json_string_value(rec->m[RK_ADAPTER]),
             *id = json_string_value(rec->m[RK_ID]),
             *cls = json_string_value(rec->m[RK_CLASS]);
  if (ad && *ad && id && *id && cls && class_from_name(cls) >= 0)
    return 0;
  warnx_("%s:%ld: a result needs \"adapter\", \"id\" and a known \"class\"",
         rec->path, rec->line);
  return -1;
}

int result_verdict(json_t *const *m, struct verdict *v) {
  memset(v, 0, sizeof *v);
  const char *cls = json_string_value(m[RK_CLASS]);
  v->cls = cls ? class_from_name(cls) : -1;
  if (v->cls < 0)
    return -1;
  size_t i;
  json_t *c;
  json_array_foreach(m[RK_COMPONENTS], i, c) {
    if (v->nmis < MAX_MISMATCH && json_is_string(c))
      v->mis[v->nmis++].name = json_string_value(c);
  }
  v->security_relevant = json_is_true(m[RK_SECURITY_RELEVANT]);
  const char *sev = json_string_value(m[RK_SEVERITY]);
  int k = sev ? severity_from_name(sev) : SEV_NONE;
  v->severity = k > 0 ? k : SEV_NONE;
  if (v->security_relevant && v->severity == SEV_NONE)
    v->severity = SEV_HOST; /* results of uritest 0.1 had no severity */
  v->endpoint = endpoint_class_from_name(json_string_value(m[RK_ENDPOINT]));
  v->not_compared = (int)json_integer_value(m[RK_NOT_COMPARED]);
  v->impl_defined = json_is_true(m[RK_IMPLEMENTATION_DEFINED]);
  v->why = json_string_value(m[RK_WHY]);
  v->vulnerable = json_string_value(m[RK_VULNERABLE]);
  return 0;
}
