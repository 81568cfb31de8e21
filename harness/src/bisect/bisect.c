/* bisect.c: `uritest bisect`, the vectors across published versions of one
 * adapter's library (adapter.json "versions"): each version is run by
 * `uritest run` itself into a results file of its own, and every vector
 * whose outcome (class and the adapter's reading) changes is reported with
 * the first version of each outcome. */
#define _XOPEN_SOURCE 700
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <jansson.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "adapter.h"
#include "bisect.h"
#include "commands.h"
#include "pairs.h"
#include "proc.h"
#include "results.h"
#include "util.h"
#include "vectors.h"

static const char bisect_usage[] =
    "usage: uritest bisect --adapter NAME --versions V1,V2,...|all\n"
    "         [--vectors PATH]... [--tag GLOB]... [--format text|json]\n"
    "         [--timeout S]\n";

static const char bisect_help[] =
    "Runs the vectors through each published version of one adapter's\n"
    "library, in the order given (all: adapter.json's order, oldest first),\n"
    "and reports every vector whose outcome (class and the adapter's\n"
    "reading) changes, with the first version of each outcome.  The pinned\n"
    "version is the adapter itself; the others must be installed first:\n"
    "make deps ADAPTERS=NAME@VERSION (or NAME@all).\n"
    "\n"
    "  --adapter NAME     the adapter (required)\n"
    "  --versions LIST    comma-separated versions, or all (required)\n"
    "  --vectors PATH     vector file or folder (default all of vectors/v1)\n"
    "  --tag GLOB         only vectors with a matching tag (as uritest run;\n"
    "                     default: all)\n"
    "  --format FORMAT    text or json (default: text)\n"
    "  --timeout S        per-request timeout passed to uritest run (default:\n"
    "                     2)\n"
    "  --help             this text\n"
    "\n"
    "Exit 0 when no outcome changes, 1 when some do, 2 on usage or input\n"
    "error (a version not installed names the make deps command to run).\n"
    "example: uritest bisect --adapter NAME --versions all\n"
    "Example: uritest bisect --adapter NAME --versions all --tag cve\n";

struct bisect_opts {
  const char *adapter, *versions, *format;
  struct version_run run; /* vectors, tags, timeout of each uritest run */
};

/* One outcome of a vector from some version on. */
struct outcome {
  const char *from;
  char *class_name;
  json_t *reading;
};

struct vector_track {
  char *id;
  json_t *input; /* the expected object's input (or input_hex) */
  char *last;    /* the last outcome's key */
  struct outcome *outcomes;
  size_t n;
};

struct tracks {
  struct vector_track *v;
  size_t n, cap;
  struct strmap index; /* id -> position in v (keys: the tracks' ids) */
};

static struct vector_track *tracks_get(struct tracks *t, const char *id) {
  size_t *at = strmap_get(&t->index, id);
  if (at)
    return &t->v[*at];
  if (t->n == t->cap) {
    t->cap = t->cap ? t->cap * 2 : 256;
    t->v = xrealloc(t->v, t->cap * sizeof *t->v);
  }
  struct vector_track *v = &t->v[t->n];
  memset(v, 0, sizeof *v);
  v->id = xstrdup(id);
  strmap_add(&t->index, v->id, t->n++);
  return v;
}

/* What the adapter read, without its error text (a reworded message is
 * no change of reading). */
static json_t *reading_of(json_t *got) {
  json_t *r = json_object();
  static const char *const keys[] = {"valid",      "components", "target",
                                     "normalized", "equivalent", "output",
                                     "whatwg",     "unsupported"};
  if (json_is_object(got))
    for (size_t i = 0; i < sizeof keys / sizeof *keys; i++) {
      json_t *v = json_object_get(got, keys[i]);
      if (v)
        json_object_set(r, keys[i], v);
    }
  return r;
}

static void track_result(struct tracks *t, json_t *rec, const char *version) {
  const char *id = json_string_value(json_object_get(rec, "id"));
  const char *cls = json_string_value(json_object_get(rec, "class"));
  if (!id || !cls)
    return;
  struct vector_track *v = tracks_get(t, id);
  json_t *exp = json_object_get(rec, "expected");
  if (!v->input && json_is_object(exp)) {
    json_t *in = json_object_get(exp, "input");
    if (!in)
      in = json_object_get(exp, "input_hex");
    if (in)
      v->input = json_incref(in);
  }
  json_t *reading = reading_of(json_object_get(rec, "got"));
  char *body = json_dumps(reading, JSON_SORT_KEYS | JSON_COMPACT);
  struct buf key = {0};
  buf_printf(&key, "%s %s", cls, body ? body : "");
  free(body);
  buf_putc(&key, 0);
  if (v->last && !strcmp(v->last, key.p)) {
    json_decref(reading);
    buf_free(&key);
    return;
  }
  free(v->last);
  v->last = key.p;
  v->outcomes = xrealloc(v->outcomes, (v->n + 1) * sizeof *v->outcomes);
  v->outcomes[v->n++] = (struct outcome){version, xstrdup(cls), reading};
}

struct track_ctx {
  struct tracks *tracks;
  const char *version;
};

static int track_record(void *ctx, const struct rrecord *rec) {
  struct track_ctx *c = ctx;
  if (!strcmp(rec->kind, "result"))
    track_result(c->tracks, rec->o, c->version);
  return 0;
}

/* Read one version's results file (results_each, the one reader of
 * results files); -1 when it cannot be read. */
static int read_results(struct tracks *t, const char *path,
                        const char *version) {
  struct track_ctx ctx = {t, version};
  char *paths[] = {(char *)path};
  return results_each(paths, 1, track_record, &ctx) ? -1 : 0;
}

void version_name(const struct adapter_def *base, const char *version,
                  char *full, size_t n) {
  if (!strcmp(version, base->pinned))
    snprintf(full, n, "%s", base->name);
  else
    snprintf(full, n, "%s@%s", base->name, version);
}

int version_run_dir(char *dir, size_t n, const char *what) {
  const char *tmp = getenv("TMPDIR");
  errno = ENAMETOOLONG;
  if (snprintf(dir, n, "%s/uritest-%s-XXXXXX", tmp && *tmp ? tmp : "/tmp",
               what) >= (int)n ||
      !mkdtemp(dir)) {
    warnx_("%s: cannot make the folder of the runs: %s", dir, strerror(errno));
    return -1;
  }
  return 0;
}

void version_run_remove(const char *out, const char *log) {
  char *pairs = pairs_path_for(out); /* uritest run writes it beside */
  unlink(out);
  unlink(log);
  unlink(pairs);
  free(pairs);
}

int version_run(const struct version_run *o, const char *adapter,
                const char *out, const char *log) {
  char *argv[64 + 4 * 64];
  int argc = 0;
  argv[argc++] = "uritest";
  argv[argc++] = "run";
  argv[argc++] = "--adapter";
  argv[argc++] = (char *)adapter;
  for (int i = 0; i < o->nvectors; i++) {
    argv[argc++] = "--vectors";
    argv[argc++] = o->vectors[i];
  }
  for (int i = 0; i < o->ntags; i++) {
    argv[argc++] = "--tag";
    argv[argc++] = o->tags[i];
  }
  if (o->timeout) {
    argv[argc++] = "--timeout";
    argv[argc++] = (char *)o->timeout;
  }
  argv[argc++] = "--format";
  argv[argc++] = "text";
  argv[argc++] = "--no-progress";
  argv[argc++] = "--output";
  argv[argc++] = (char *)out;
  argv[argc] = NULL;
  pid_t pid = proc_fork(); /* dies with uritest, killed with its adapters */
  if (pid < 0)
    return -1;
  if (pid == 0) {
    setenv("URITEST_ROOT", repo_root(), 1);
    /* descriptors, not stdio: standard output is a stream of files.c */
    int l = open(log, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
    if (l >= 0) {
      dup2(l, 1);
      dup2(l, 2);
    }
    execv("/proc/self/exe", argv);
    _exit(127);
  }
  int st, got;
  while ((got = waitpid(pid, &st, 0)) < 0 && errno == EINTR)
    ;
  proc_reaped(pid);
  if (got < 0)
    return -1;
  return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

/* The versions asked for, each a published version of BASE. */
static char **pick_versions(const struct adapter_def *base, const char *list,
                            size_t *n) {
  char **out = NULL;
  *n = 0;
  if (!strcmp(list, "all")) {
    for (char **v = base->versions; *v; v++) {
      out = xrealloc(out, (*n + 1) * sizeof *out);
      out[(*n)++] = xstrdup(*v);
    }
    return out;
  }
  char *copy = xstrdup(list), *save = NULL;
  for (char *v = strtok_r(copy, ",", &save); v;
       v = strtok_r(NULL, ",", &save)) {
    int known = !strcmp(v, base->pinned);
    for (char **p = base->versions; *p && !known; p++)
      known = !strcmp(*p, v);
    if (!known) {
      warnx_("%s has no published version %s (adapter.json \"versions\")",
             base->name, v);
      free(copy);
      for (size_t i = 0; i < *n; i++)
        free(out[i]);
      free(out);
      *n = 0;
      return NULL;
    }
    out = xrealloc(out, (*n + 1) * sizeof *out);
    out[(*n)++] = xstrdup(v);
  }
  free(copy);
  return out;
}

int versions_installed(struct registry *reg, const char *name, char **versions,
                       size_t n) {
  struct buf missing = {0};
  for (size_t i = 0; i < n; i++) {
    char full[512];
    snprintf(full, sizeof full, "%s@%s", name, versions[i]);
    struct adapter_def *d = registry_find(reg, full);
    if (!d)
      continue;
    adapter_def_check(d);
    if (!d->available) {
      if (missing.len)
        buf_putc(&missing, ' ');
      buf_puts(&missing, full);
    }
  }
  if (!missing.len)
    return 0;
  buf_putc(&missing, 0);
  warnx_("not installed: %s; run: make deps ADAPTERS=\"%s\"", missing.p,
         missing.p);
  buf_free(&missing);
  return -1;
}

/* The input of each change whose results carry none (only PASS and
 * UNSUPPORTED results, which the results file writes without "expected"),
 * from the vectors the versions ran (default vectors/v1). */
static void inputs_from_vectors(struct tracks *t, const struct version_run *o) {
  int missing = 0;
  for (size_t i = 0; i < t->n; i++)
    missing |= t->v[i].n >= 2 && !t->v[i].input;
  if (!missing)
    return;
  char *deflt = root_path("vectors/v1");
  char *one[] = {deflt};
  struct vectors vec;
  memset(&vec, 0, sizeof vec);
  struct filters none;
  memset(&none, 0, sizeof none);
  struct strmap by_id = {0};
  if (vectors_load(&vec, o->nvectors ? o->vectors : one,
                   o->nvectors ? o->nvectors : 1, &none) == 0)
    for (size_t k = 0; k < vec.ntests; k++)
      strmap_add(&by_id, vec.tests[k].id, k);
  for (size_t i = 0; i < t->n; i++) {
    struct vector_track *v = &t->v[i];
    size_t *k = v->input ? NULL : strmap_get(&by_id, v->id);
    if (!k)
      continue;
    /* as the expected object has it: "input", or "input_hex" */
    struct buf b = {0};
    buf_putc(&b, '{');
    buf_json_input(&b, "input", vec.tests[*k].input, vec.tests[*k].input_len);
    buf_putc(&b, '}');
    json_t *in = json_loadb(b.p, b.len, JSON_ALLOW_NUL, NULL);
    void *it = json_object_iter(in);
    if (it)
      v->input = json_incref(json_object_iter_value(it));
    json_decref(in);
    buf_free(&b);
  }
  strmap_free(&by_id);
  vectors_free(&vec);
  free(deflt);
}

static json_t *changes_json(struct tracks *t) {
  json_t *changes = json_array();
  for (size_t i = 0; i < t->n; i++) {
    struct vector_track *v = &t->v[i];
    if (v->n < 2)
      continue;
    json_t *outs = json_array();
    for (size_t k = 0; k < v->n; k++)
      json_array_append_new(outs, json_pack("{s:s, s:s, s:O}", "from",
                                            v->outcomes[k].from, "class",
                                            v->outcomes[k].class_name,
                                            "reading", v->outcomes[k].reading));
    json_array_append_new(changes,
                          json_pack("{s:s, s:O?, s:o}", "id", v->id, "input",
                                    v->input, "outcomes", outs));
  }
  return changes;
}

static void print_text(json_t *doc) {
  json_t *changes = json_object_get(doc, "changes");
  size_t i, k;
  json_t *c, *o;
  json_array_foreach(changes, i, c) {
    char *in = json_dumps(json_object_get(c, "input"), JSON_ENCODE_ANY);
    char *id = json_dumps(json_object_get(c, "id"), JSON_ENCODE_ANY);
    printf("%s input %s\n", id ? id : "?", in ? in : "null");
    free(in);
    free(id);
    json_array_foreach(json_object_get(c, "outcomes"), k, o) {
      char *r = json_dumps(json_object_get(o, "reading"),
                           JSON_COMPACT | JSON_SORT_KEYS);
      /* versions are printable ASCII (read_versions), classes are ours */
      printf("  from %s: %s %s\n",
             json_string_value(json_object_get(o, "from")),
             json_string_value(json_object_get(o, "class")), r ? r : "");
      free(r);
    }
  }
  printf("%zu vectors change outcome across %zu versions\n",
         json_array_size(changes),
         json_array_size(json_object_get(doc, "versions")));
}

static int parse_bisect_opts(int argc, char **argv, struct bisect_opts *o) {
  static const struct option opts[] = {{"adapter", required_argument, 0, 'a'},
                                       {"versions", required_argument, 0, 'V'},
                                       {"vectors", required_argument, 0, 'v'},
                                       {"tag", required_argument, 0, 't'},
                                       {"format", required_argument, 0, 'f'},
                                       {"timeout", required_argument, 0, 'T'},
                                       {"help", no_argument, 0, 'h'},
                                       {0, 0, 0, 0}};
  memset(o, 0, sizeof *o);
  o->format = "text";
  o->run.vectors = xcalloc((size_t)argc + 1, sizeof *o->run.vectors);
  o->run.tags = xcalloc((size_t)argc + 1, sizeof *o->run.tags);
  int c;
  optind = 1;
  while ((c = getopt_long(argc, argv, "", opts, NULL)) != -1) {
    if (c == 'a')
      o->adapter = optarg;
    else if (c == 'V')
      o->versions = optarg;
    else if (c == 'v')
      o->run.vectors[o->run.nvectors++] = optarg;
    else if (c == 't')
      o->run.tags[o->run.ntags++] = optarg;
    else if (c == 'f')
      o->format = optarg;
    else if (c == 'T')
      o->run.timeout = optarg;
    else if (c == 'h') {
      fputs(bisect_usage, stdout);
      fputs(bisect_help, stdout);
      return 1;
    } else
      return -1;
  }
  if (optind < argc || !o->adapter || !o->versions ||
      (strcmp(o->format, "text") && strcmp(o->format, "json")) ||
      o->run.nvectors > 60 || o->run.ntags > 60)
    return -1;
  return 0;
}

/* Run every version, reading each one's results; -1 on error. */
static int run_versions(const struct bisect_opts *o, char **versions, size_t n,
                        const struct adapter_def *base, struct tracks *t) {
  char dir[256];
  if (version_run_dir(dir, sizeof dir, "bisect") < 0)
    return -1;
  int rc = 0;
  for (size_t i = 0; i < n && rc == 0; i++) {
    char full[512], out[600], log[600];
    version_name(base, versions[i], full, sizeof full);
    snprintf(out, sizeof out, "%s/%zu.jsonl", dir, i);
    snprintf(log, sizeof log, "%s/%zu.log", dir, i);
    int st = version_run(&o->run, full, out, log);
    if (st != 0 && st != 1) {
      warnx_("uritest run --adapter %s failed (status %d); its output is in %s",
             full, st, log);
      return -1; /* the folder is kept for the log */
    }
    if (read_results(t, out, versions[i]) < 0)
      rc = -1;
    version_run_remove(out, log);
  }
  rmdir(dir);
  return rc;
}

static void tracks_free(struct tracks *t) {
  for (size_t i = 0; i < t->n; i++) {
    struct vector_track *v = &t->v[i];
    for (size_t k = 0; k < v->n; k++) {
      free(v->outcomes[k].class_name);
      json_decref(v->outcomes[k].reading);
    }
    free(v->outcomes);
    free(v->id);
    free(v->last);
    json_decref(v->input);
  }
  free(t->v);
  strmap_free(&t->index);
}

int cmd_bisect(int argc, char **argv) {
  struct bisect_opts o;
  int p = parse_bisect_opts(argc, argv, &o);
  if (p != 0) {
    if (p < 0)
      fputs(bisect_usage, stderr);
    free(o.run.vectors);
    free(o.run.tags);
    return p > 0 ? EXIT_OK : EXIT_USAGE;
  }
  struct registry reg;
  registry_load(&reg);
  struct adapter_def *base = registry_find(&reg, o.adapter);
  size_t n = 0;
  char **versions = NULL;
  int rc = EXIT_USAGE;
  struct tracks t = {0};
  if (!base || base->version_of || !base->versions)
    warnx_("%s: %s", o.adapter,
           base ? "has no published versions (adapter.json \"versions\")"
                : "unknown adapter (see uritest adapters)");
  else if ((versions = pick_versions(base, o.versions, &n)) &&
           versions_installed(&reg, base->name, versions, n) == 0 &&
           run_versions(&o, versions, n, base, &t) == 0) {
    inputs_from_vectors(&t, &o.run);
    json_t *vs = json_array();
    for (size_t i = 0; i < n; i++)
      json_array_append_new(vs, json_string(versions[i]));
    json_t *doc = json_pack("{s:s, s:o, s:o}", "adapter", base->name,
                            "versions", vs, "changes", changes_json(&t));
    if (!strcmp(o.format, "json")) {
      json_dumpf(doc, stdout, JSON_INDENT(1) | JSON_PRESERVE_ORDER);
      putchar('\n');
    } else
      print_text(doc);
    rc = json_array_size(json_object_get(doc, "changes")) ? EXIT_NEGATIVE
                                                          : EXIT_OK;
    json_decref(doc);
    if (fflush(stdout) != 0 || ferror(stdout)) {
      warnx_("standard output: %s", strerror(errno));
      rc = EXIT_USAGE;
    }
  }
  tracks_free(&t);
  for (size_t i = 0; versions && i < n; i++)
    free(versions[i]);
  free(versions);
  registry_free(&reg);
  free(o.run.vectors);
  free(o.run.tags);
  return rc;
}
