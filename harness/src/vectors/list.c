/* list.c: `uritest list tags|files|groups|sections|ops`: what the filters
 * of `uritest run` accept, each with the number of vectors that carry it,
 * read by the vector loader itself (the filters' kept hook), so a listing
 * never disagrees with a run. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "commands.h"
#include "files.h"
#include "vectors.h"

static const char *const kinds[] = {"tags", "files", "groups", "sections",
                                    "ops"};

struct listing {
  int kind;       /* index in kinds */
  json_t *counts; /* key -> count */
};

static void count(struct listing *l, const char *key) {
  json_t *n = json_object_get(l->counts, key);
  json_object_set_new(l->counts, key,
                      json_integer(n ? json_integer_value(n) + 1 : 1));
}

/* The tags of a test: its own and its group's, each once. */
static void count_tags(struct listing *l, json_t *g, json_t *t) {
  json_t *seen = json_object(),
         *lists[2] = {json_object_get(g, "tags"), json_object_get(t, "tags")};
  for (int i = 0; i < 2; i++) {
    size_t k;
    json_t *tag;
    json_array_foreach(lists[i], k, tag) {
      const char *s = json_string_value(tag);
      if (s && !json_object_get(seen, s)) {
        json_object_set_new(seen, s, json_true());
        count(l, s);
      }
    }
  }
  json_decref(seen);
}

/* Its sections, as --section takes them: "rfc3986:3.2.2". */
static void count_sections(struct listing *l, json_t *g, json_t *t) {
  json_t *seen = json_object(),
         *lists[2] = {json_object_get(g, "specification"),
                      json_object_get(t, "specification")};
  for (int i = 0; i < 2; i++) {
    size_t k;
    json_t *spec;
    json_array_foreach(lists[i], k, spec) {
      const char *doc;
      json_t *val;
      json_object_foreach(spec, doc, val) {
        if (!strcmp(doc, "quote") || !json_is_string(val))
          continue;
        char *key = NULL;
        size_t len;
        FILE *m = open_memstream(&key, &len);
        fprintf(m, "%s:%s", doc, json_string_value(val));
        fclose(m);
        if (!json_object_get(seen, key)) {
          json_object_set_new(seen, key, json_true());
          count(l, key);
        }
        free(key);
      }
    }
  }
  json_decref(seen);
}

static void kept(void *ctx, const char *path, void *gp, int gi, void *tp,
                 int op) {
  struct listing *l = ctx;
  json_t *g = gp, *t = tp;
  switch (l->kind) {
  case 0:
    count_tags(l, g, t);
    break;
  case 1:
    count(l, path);
    break;
  case 2: {
    const char *d = json_string_value(json_object_get(g, "description"));
    char idx[32];
    snprintf(idx, sizeof idx, "%d", gi);
    count(l, d ? d : idx);
    break;
  }
  case 3:
    count_sections(l, g, t);
    break;
  default:
    count(l, op_names[op]);
  }
}

static int cmp_strp(const void *a, const void *b) {
  return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static const char list_usage[] =
    "usage: uritest list tags|files|groups|sections|ops [--vectors PATH]...\n"
    "                    [--format text|json]\n"
    "What the filters of uritest run accept (--tag, --file, --group,\n"
    "--section, --op), each with the number of vectors that carry it.\n"
    "  --vectors PATH   a vector file or folder (several; default: vectors/v1\n"
    "                   of this uritest)\n"
    "  --format FORMAT  text (\"COUNT NAME\" lines) or json ({\"tags\": "
    "{\"TAG\":\n"
    "                   COUNT, ...}}, keyed by what was listed; default: "
    "text)\n"
    "  --help           this text\n"
    "example: uritest list tags --format json\n";

int cmd_list(int argc, char **argv) {
  static const struct option opts[] = {{"vectors", required_argument, 0, 'v'},
                                       {"format", required_argument, 0, 'f'},
                                       {"help", no_argument, 0, 'h'},
                                       {0, 0, 0, 0}};
  char **paths = NULL;
  int npaths = 0, json = 0, rc = 0;
  optind = 1;
  opterr = 0;
  int c;
  while (!rc && (c = getopt_long(argc, argv, "", opts, NULL)) != -1) {
    if (c == 'v') {
      filter_add(&paths, &npaths, optarg);
    } else if (c == 'f' &&
               (!strcmp(optarg, "json") || !strcmp(optarg, "text"))) {
      json = !strcmp(optarg, "json");
    } else if (c == 'h') {
      fputs(list_usage, stdout);
      rc = -1;
    } else {
      warnx_("unknown option or value: %s", argv[optind - 1]);
      rc = EXIT_USAGE;
    }
  }
  struct listing l = {-1, NULL};
  for (size_t k = 0; !rc && optind < argc && k < 5; k++)
    if (!strcmp(argv[optind], kinds[k]))
      l.kind = (int)k;
  if (!rc && (l.kind < 0 || optind + 1 != argc)) {
    warnx_("list one of: tags, files, groups, sections, ops");
    rc = EXIT_USAGE;
  }
  if (rc == EXIT_USAGE)
    fputs(list_usage, stderr);
  if (!rc && !npaths) {
    char *d = root_path("vectors/v1");
    filter_add(&paths, &npaths, d);
    free(d);
  }
  struct vectors v;
  memset(&v, 0, sizeof v);
  struct filters f;
  memset(&f, 0, sizeof f);
  f.kept = kept;
  f.kept_ctx = &l;
  l.counts = json_object();
  if (!rc && vectors_load(&v, paths, npaths, &f) < 0)
    rc = EXIT_USAGE;
  if (!rc) {
    json_t *doc = json_object();
    json_object_set(doc, kinds[l.kind], l.counts);
    if (json) {
      json_dumpf(doc, stdout, JSON_INDENT(2) | JSON_SORT_KEYS);
      putchar('\n');
    } else {
      const char *key;
      json_t *n;
      /* sorted by name, as the JSON */
      size_t nk = json_object_size(l.counts), i = 0;
      const char **keys = xcalloc(nk + 1, sizeof *keys);
      json_object_foreach(l.counts, key, n) keys[i++] = key;
      qsort(keys, nk, sizeof *keys, cmp_strp);
      for (i = 0; i < nk; i++)
        put_labelf(
            stdout, "%lld %s",
            (long long)json_integer_value(json_object_get(l.counts, keys[i])),
            keys[i]);
      free(keys);
    }
    json_decref(doc);
  }
  json_decref(l.counts);
  vectors_free(&v);
  filter_free(paths, npaths);
  return rc < 0 ? 0 : rc;
}
