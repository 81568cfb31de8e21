/* cmd_versions.c: `uritest versions`, the vectors through every published
 * version of the libraries whose adapter.json has "versions" (bisect.h
 * runs each one), summed up as a dataset: per library, each named
 * behaviour and each advisory with the first and last version where it
 * holds, and each advisory's stated affected range (its vectors'
 * "x-affected") checked against the versions that read it the vulnerable
 * way.  DESIGN.md "Versions over time". */
#define _XOPEN_SOURCE 700
#include <getopt.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "adapter.h"
#include "bisect.h"
#include "commands.h"
#include "files.h"
#include "results.h"
#include "util.h"
#include "vectors.h"
#include "vrange.h"

static const char versions_usage[] =
    "usage: uritest versions [--adapter NAME]... [--vectors PATH]...\n"
    "         [--output FILE] [--timeout S]\n";

static const char versions_help[] =
    "Runs the vectors through every published version of each adapter's\n"
    "library (adapter.json \"versions\"; default: every adapter that has\n"
    "them) and writes a dataset (JSON): per library, the versions run, each\n"
    "named behaviour and each advisory with the first and last version\n"
    "where it holds, and each advisory's stated affected range (x-affected)\n"
    "checked against the versions that read its vectors the vulnerable way.\n"
    "Versions not installed are listed in the dataset and named with the\n"
    "make deps command that installs them (make deps ADAPTERS=NAME@all).\n"
    "\n"
    "  --adapter NAME   an adapter with published versions (repeatable;\n"
    "                   default: every adapter whose adapter.json has them)\n"
    "  --vectors PATH   vector file or folder (default all of vectors/v1)\n"
    "  --output FILE    the dataset (default: standard output)\n"
    "  --timeout S      per-request timeout passed to uritest run (default:\n"
    "                   run's, or the adapter.json's timeout)\n"
    "  --help           this text\n"
    "\n"
    "Exit 0 when every version ran, 1 when some were not installed, 2 on\n"
    "usage or input error.\n"
    "example: uritest versions --output reports/versions.json\n";

/* What holds in one version: the behaviours its results are attributed
 * to and the advisories it reads the vulnerable way (ids, each once). */
struct holds {
  struct strmap seen;
  json_t *behaviours, *advisories; /* objects: id -> true */
};

static int on_result(void *ctx, const struct rrecord *rec) {
  struct holds *h = ctx;
  if (strcmp(rec->kind, "result"))
    return 0;
  const char *b = json_string_value(json_object_get(rec->o, "behaviour"));
  const char *v = json_string_value(json_object_get(rec->o, "vulnerable"));
  if (b && strcmp(b, "unexplained"))
    json_object_set_new(h->behaviours, b, json_true());
  if (v)
    json_object_set_new(h->advisories, v, json_true());
  return 0;
}

/* The advisories the vectors state ranges for: id (its cve:ID, else the
 * vector's id) -> {"library": x-library, "affected": x-affected}. */
static void advisories_of(json_t *tests, json_t *out) {
  size_t i;
  json_t *t;
  json_array_foreach(tests, i, t) {
    const char *lib = json_string_value(json_object_get(t, "x-library"));
    const char *aff = json_string_value(json_object_get(t, "x-affected"));
    const char *id = json_string_value(json_object_get(t, "id"));
    if (!lib || !aff || !id)
      continue;
    size_t k;
    json_t *tag;
    json_array_foreach(json_object_get(t, "tags"), k, tag) {
      const char *s = json_string_value(tag);
      if (s && !strncmp(s, "cve:", 4))
        id = s + 4;
    }
    json_object_set_new(
        out, id, json_pack("{s:s, s:s}", "library", lib, "affected", aff));
  }
}

static json_t *stated_advisories(const struct version_run *o) {
  json_t *out = json_object();
  char *deflt = root_path("vectors/v1");
  char **files = NULL;
  size_t nfiles = 0;
  struct walked w = {0};
  for (int i = 0; i < (o->nvectors ? o->nvectors : 1); i++)
    vectors_walk(o->nvectors ? o->vectors[i] : deflt, &files, &nfiles, &w);
  for (size_t f = 0; f < nfiles; f++) {
    json_error_t err; /* a file that changed since the walk: none */
    json_t *doc = json_load_regular(files[f], VECTORS_MAX_BYTES, 0, &err);
    size_t g;
    json_t *grp;
    json_array_foreach(json_object_get(doc, "groups"), g, grp)
        advisories_of(json_object_get(grp, "tests"), out);
    json_decref(doc);
    free(files[f]);
  }
  free(files);
  free(w.dirs);
  free(deflt);
  return out;
}

/* Run VERSION of BASE into *H; 0, or -1 after a message. */
static int run_one(const struct version_run *o, const struct adapter_def *base,
                   const char *version, const char *dir, struct holds *h) {
  char full[512], out[600], log[600];
  version_name(base, version, full, sizeof full);
  snprintf(out, sizeof out, "%s/results.jsonl", dir);
  snprintf(log, sizeof log, "%s/run.log", dir);
  int st = version_run(o, full, out, log);
  if (st != 0 && st != 1) {
    warnx_("uritest run --adapter %s failed (status %d)", full, st);
    return -1;
  }
  char *paths[] = {out};
  int rc = results_each(paths, 1, on_result, h) ? -1 : 0;
  version_run_remove(out, log);
  return rc;
}

/* {"id", "first", "last", "versions"} for every key of the per-version
 * objects KEY ("behaviours" or "advisories") of RUNS. */
static json_t *spans(json_t *runs, const char *key) {
  json_t *by_id = json_object();
  size_t i;
  json_t *r;
  json_array_foreach(runs, i, r) {
    const char *v = json_string_value(json_object_get(r, "version"));
    const char *id;
    json_t *x;
    json_object_foreach(json_object_get(r, key), id, x) {
      json_t *s = json_object_get(by_id, id);
      if (!s) {
        s = json_pack("{s:s, s:s, s:s, s:[]}", "id", id, "first", v, "last", v,
                      "versions");
        json_object_set_new(by_id, id, s);
      }
      json_object_set_new(s, "last", json_string(v));
      json_array_append_new(json_object_get(s, "versions"), json_string(v));
    }
  }
  json_t *out = json_array();
  const char *id;
  json_t *s;
  json_object_foreach(by_id, id, s) json_array_append(out, s);
  json_decref(by_id);
  return out;
}

/* Each advisory stated for NPM's library (or read vulnerably in RUNS):
 * its span, and its stated range checked against the runs. */
static json_t *advisories_json(json_t *runs, const char *npm, json_t *stated) {
  json_t *seen = spans(runs, "advisories");
  json_t *out = json_array();
  const char *id;
  json_t *a;
  json_object_foreach(stated, id, a) {
    const char *lib = json_string_value(json_object_get(a, "library"));
    if (!npm || !vrange_names(lib, npm))
      continue;
    json_t *e = json_pack("{s:s, s:s, s:s}", "id", id, "library", lib, "stated",
                          json_string_value(json_object_get(a, "affected")));
    vrange_check(e, json_string_value(json_object_get(a, "affected")), runs);
    json_array_append_new(out, e);
  }
  size_t i;
  json_t *s;
  json_array_foreach(seen, i, s) {
    json_t *mine = NULL;
    size_t k;
    json_t *e;
    json_array_foreach(
        out, k, e) if (!strcmp(json_string_value(json_object_get(e, "id")),
                               json_string_value(json_object_get(s, "id"))))
        mine = e;
    if (!mine) {
      mine = json_pack("{s:O, s:n, s:n}", "id", json_object_get(s, "id"),
                       "library", "stated");
      vrange_check(mine, NULL, runs);
      json_array_append_new(out, mine);
    }
  }
  json_decref(seen);
  return out;
}

/* One library: every version run; the dataset's entry, or NULL. */
static json_t *library_json(const struct version_run *o, struct registry *reg,
                            const struct adapter_def *base, json_t *stated,
                            int *missing) {
  char dir[256];
  if (version_run_dir(dir, sizeof dir, "versions") < 0)
    return NULL;
  json_t *runs = json_array(), *absent = json_array();
  int failed = 0;
  for (char **v = base->versions; *v && !failed && !interrupted; v++) {
    if (strcmp(*v, base->pinned) &&
        versions_installed(reg, base->name, v, 1) < 0) {
      json_array_append_new(absent, json_string(*v));
      *missing = 1;
      continue;
    }
    struct holds h = {{0}, json_object(), json_object()};
    failed = run_one(o, base, *v, dir, &h) < 0;
    json_array_append_new(runs, json_pack("{s:s, s:o, s:o}", "version", *v,
                                          "behaviours", h.behaviours,
                                          "advisories", h.advisories));
  }
  rmdir(dir);
  if (failed || interrupted) {
    json_decref(runs);
    json_decref(absent);
    return NULL;
  }
  json_t *ran = json_array();
  size_t i;
  json_t *r;
  json_array_foreach(runs, i, r)
      json_array_append(ran, json_object_get(r, "version"));
  json_t *lib = json_pack("{s:s, s:s?, s:s, s:o, s:o, s:o, s:o}", "adapter",
                          base->name, "npm", base->npm, "pinned", base->pinned,
                          "versions", ran, "not_installed", absent,
                          "behaviours", spans(runs, "behaviours"), "advisories",
                          advisories_json(runs, base->npm, stated));
  json_decref(runs);
  return lib;
}

struct versions_opts {
  struct version_run run;
  char **adapters;
  int nadapters;
  const char *output;
};

static int parse_versions_opts(int argc, char **argv, struct versions_opts *o) {
  static const struct option opts[] = {{"adapter", required_argument, 0, 'a'},
                                       {"vectors", required_argument, 0, 'v'},
                                       {"output", required_argument, 0, 'o'},
                                       {"timeout", required_argument, 0, 'T'},
                                       {"help", no_argument, 0, 'h'},
                                       {0, 0, 0, 0}};
  memset(o, 0, sizeof *o);
  o->run.vectors = xcalloc((size_t)argc + 1, sizeof *o->run.vectors);
  o->adapters = xcalloc((size_t)argc + 1, sizeof *o->adapters);
  int c;
  optind = 1;
  while ((c = getopt_long(argc, argv, "", opts, NULL)) != -1) {
    if (c == 'a')
      o->adapters[o->nadapters++] = optarg;
    else if (c == 'v')
      o->run.vectors[o->run.nvectors++] = optarg;
    else if (c == 'o')
      o->output = optarg;
    else if (c == 'T')
      o->run.timeout = optarg;
    else if (c == 'h') {
      fputs(versions_usage, stdout);
      fputs(versions_help, stdout);
      return 1;
    } else
      return -1;
  }
  return optind < argc || o->run.nvectors > 60 ? -1 : 0;
}

/* The adapters asked for, or every one with published versions. */
static int pick_adapters(struct registry *reg, const struct versions_opts *o,
                         const struct adapter_def ***out, size_t *n) {
  *out = xcalloc(reg->n + (size_t)o->nadapters + 1, sizeof **out);
  *n = 0;
  for (int i = 0; i < o->nadapters; i++) {
    const struct adapter_def *d = registry_find(reg, o->adapters[i]);
    if (!d || d->version_of || !d->versions) {
      warnx_("%s: %s", o->adapters[i],
             d ? "has no published versions (adapter.json \"versions\")"
               : "unknown adapter (see uritest adapters)");
      return -1;
    }
    (*out)[(*n)++] = d;
  }
  for (size_t k = 0; !o->nadapters && k < reg->n; k++)
    if (reg->defs[k].versions)
      (*out)[(*n)++] = &reg->defs[k];
  return 0;
}

/* DOC to PATH (written aside, then renamed: never through a symbolic
 * link), else to standard output. */
static int write_dataset(json_t *doc, const char *path) {
  size_t flags = JSON_INDENT(1) | JSON_PRESERVE_ORDER;
  if (path)
    return json_write_file(doc, path, flags);
  int rc = json_dumpf(doc, stdout, flags);
  fputc('\n', stdout);
  if (fflush(stdout) != 0 || ferror(stdout))
    rc = -1;
  if (rc < 0)
    warnx_("standard output: cannot write");
  return rc;
}

int cmd_versions(int argc, char **argv) {
  struct versions_opts o;
  int p = parse_versions_opts(argc, argv, &o);
  if (p != 0) {
    if (p < 0)
      fputs(versions_usage, stderr);
    free(o.run.vectors);
    free(o.adapters);
    return p > 0 ? EXIT_OK : EXIT_USAGE;
  }
  struct registry reg;
  registry_load(&reg);
  const struct adapter_def **libs;
  size_t n;
  int rc = EXIT_USAGE, missing = 0;
  json_t *stated = stated_advisories(&o.run), *all = json_array();
  if (pick_adapters(&reg, &o, &libs, &n) == 0) {
    rc = EXIT_OK;
    for (size_t i = 0; i < n && rc == EXIT_OK; i++) {
      json_t *lib = library_json(&o.run, &reg, libs[i], stated, &missing);
      if (lib)
        json_array_append_new(all, lib);
      else
        rc = interrupted ? 128 + interrupted : EXIT_USAGE;
    }
  }
  if (rc == EXIT_OK) {
    json_t *doc =
        json_pack("{s:s, s:s, s:O}", "schema", "uritest-versions/1",
                  "vectors_version", vectors_version(), "libraries", all);
    rc = write_dataset(doc, o.output) < 0 ? EXIT_USAGE
         : missing                        ? EXIT_NEGATIVE
                                          : EXIT_OK;
    json_decref(doc);
  }
  json_decref(all);
  json_decref(stated);
  free(libs);
  registry_free(&reg);
  free(o.run.vectors);
  free(o.adapters);
  return rc;
}
