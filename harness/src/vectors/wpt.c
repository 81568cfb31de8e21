/* wpt.c: `uritest import wpt FILE [-o OUT]`: convert WHATWG's
 * urltestdata.json (web-platform-tests, url/resources/) into a whatwg
 * vector file, keeping every case. */
#include <getopt.h>
#include <jansson.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "files.h"
#include "util.h"
#include "vectors.h"

/* An id from the case's content, so that upstream insertions do not
 * renumber the others (ids are never reused).  FNV-1a, but seeded with
 * WPT_ID_SEED: FNV's 64-bit offset basis is 14695981039346656037, and the
 * seed lost its last digit when the first ids were minted.  It stays, so
 * that the ids already published stay the same. */
#define WPT_ID_SEED 1469598103934665603u

/* ids seen, to disambiguate the same input and base given twice: an open
 * addressing table of hashes, grown as it fills (no case limit) */
struct seen {
  size_t cap, n;
  uint64_t *h;
  size_t *count;
};

/* H's count in S, which has room for it (linear probing) */
static size_t *probe(struct seen *s, uint64_t h) {
  size_t slot = (size_t)(h % s->cap);
  while (s->h[slot] && s->h[slot] != h)
    slot = (slot + 1) % s->cap;
  if (!s->h[slot]) {
    s->h[slot] = h;
    s->n++;
  }
  return &s->count[slot];
}
static size_t *seen_slot(struct seen *s, uint64_t h) {
  if (s->n * 2 >= s->cap) {
    struct seen bigger = {s->cap ? s->cap * 2 : 4096, 0, NULL, NULL};
    bigger.h = xcalloc(bigger.cap, sizeof *bigger.h);
    bigger.count = xcalloc(bigger.cap, sizeof *bigger.count);
    for (size_t i = 0; i < s->cap; i++)
      if (s->h[i])
        *probe(&bigger, s->h[i]) = s->count[i];
    free(s->h);
    free(s->count);
    *s = bigger;
  }
  return probe(s, h);
}

/* Why entry E cannot become a vector the loader takes (field types as
 * urltestdata.json has them, no U+0000 outside URL text), or NULL. */
static const char *bad_entry(json_t *e, char *why, size_t cap) {
  if (!json_is_object(e) || !json_is_string(json_object_get(e, "input")))
    return "not a test case (an object with a string \"input\")";
  json_t *base = json_object_get(e, "base"), *f = json_object_get(e, "failure");
  if (base && !json_is_string(base) && !json_is_null(base))
    return "field base: not a string or null";
  if (f && !json_is_boolean(f))
    return "field failure: not true or false";
  for (int g = 0; g < G__COUNT; g++) {
    json_t *v = json_object_get(e, getter_names[g]);
    if (v && !json_is_string(v)) {
      snprintf(why, cap, "field %s: not a string", getter_names[g]);
      return why;
    }
  }
  static const char *const text[] = {"searchParams", "relativeTo", "comment"};
  for (size_t k = 0; k < sizeof text / sizeof *text; k++) {
    json_t *v = json_object_get(e, text[k]);
    if (v && (!json_is_string(v) ||
              strlen(json_string_value(v)) != json_string_length(v))) {
      snprintf(why, cap, "field %s: not a string without U+0000", text[k]);
      return why;
    }
  }
  return NULL;
}

/* The vector of case E (known good by bad_entry). */
static json_t *wpt_case(json_t *e, struct seen *seen, size_t *nreject) {
  json_t *in = json_object_get(e, "input"), *base = json_object_get(e, "base");
  uint64_t h =
      fnv1a(WPT_ID_SEED, json_string_value(in), json_string_length(in));
  h = fnv1a(h, "\0", 1);
  if (json_is_string(base))
    h = fnv1a(h, json_string_value(base), json_string_length(base));
  else
    h = fnv1a(h, "\1null", 5);
  size_t dup = (*seen_slot(seen, h))++;
  char id[64];
  if (dup)
    snprintf(id, sizeof id, "wpt.urltestdata.%012llx.%zu",
             (unsigned long long)(h & 0xffffffffffffull), dup + 1);
  else
    snprintf(id, sizeof id, "wpt.urltestdata.%012llx",
             (unsigned long long)(h & 0xffffffffffffull));
  int failure = json_is_true(json_object_get(e, "failure"));
  json_t *t = json_pack("{s:s, s:O, s:O, s:s}", "id", id, "input", in, "base",
                        base ? base : json_null(), "expect",
                        failure ? "reject" : "accept");
  if (!failure) {
    json_t *w = json_object();
    for (int g = 0; g < G__COUNT; g++) {
      json_t *v = json_object_get(e, getter_names[g]);
      if (v)
        json_object_set(w, getter_names[g], v);
    }
    json_object_set_new(t, "whatwg", w);
    /* not a getter of the vector format: kept as an extension field */
    json_t *sp = json_object_get(e, "searchParams");
    if (sp)
      json_object_set(t, "x-searchParams", sp);
  } else {
    (*nreject)++;
  }
  json_t *rel = json_object_get(e, "relativeTo");
  if (json_is_string(rel)) {
    char tag[128];
    snprintf(tag, sizeof tag, "relativeTo:%s", json_string_value(rel));
    json_object_set_new(t, "tags", json_pack("[s]", tag));
  }
  json_t *comment = json_object_get(e, "comment");
  if (json_is_string(comment))
    json_object_set(t, "comment", comment);
  return t;
}

static int write_doc(json_t *doc, const char *out) {
  struct ofile of;
  FILE *f = stdout;
  if (out && ofile_open(&of, out) < 0)
    return EXIT_USAGE;
  if (out)
    f = of.f;
  json_dumpf(doc, f, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
  fputc('\n', f);
  /* a failed write shows at the close (standard output: in main) */
  if (out && ofile_close(&of) < 0)
    return EXIT_USAGE;
  return 0;
}

static int import_wpt(const char *file, const char *out) {
  json_error_t err;
  json_t *root = json_load_file(file, JSON_ALLOW_NUL, &err);
  if (!root) {
    if (err.line < 0)
      fprintf(stderr, "%s: %s\n", file, err.text);
    else
      fprintf(stderr, "%s:%d:%d: %s\n", file, err.line, err.column, err.text);
    return EXIT_USAGE;
  }
  if (!json_is_array(root)) {
    fprintf(stderr,
            "%s: not a urltestdata.json file (the top level is not an array)\n",
            file);
    json_decref(root);
    return EXIT_USAGE;
  }
  json_t *groups = json_array();
  json_t *group = NULL, *tests = NULL;
  size_t ncases = 0, nreject = 0;
  struct seen seen = {0, 0, NULL, NULL};
  size_t i;
  json_t *e;
  int rc = 0;
  json_array_foreach(root, i, e) {
    if (json_is_string(e)) {
      group = json_pack("{s:s, s:s, s:[]}", "description", json_string_value(e),
                        "op", "parse", "tests");
      tests = json_object_get(group, "tests");
      json_array_append_new(groups, group);
      continue;
    }
    char whybuf[96];
    const char *why = bad_entry(e, whybuf, sizeof whybuf);
    if (why) {
      fprintf(stderr, "%s: entry %zu: %s\n", file, i, why);
      rc = EXIT_USAGE;
      break;
    }
    if (!group) {
      group = json_pack("{s:s, s:s, s:[]}", "description", "urltestdata.json",
                        "op", "parse", "tests");
      tests = json_object_get(group, "tests");
      json_array_append_new(groups, group);
    }
    json_array_append_new(tests, wpt_case(e, &seen, &nreject));
    ncases++;
  }
  free(seen.h);
  free(seen.count);
  json_decref(root);
  if (rc) {
    json_decref(groups);
    return rc;
  }
  const char *slash = strrchr(file, '/');
  char source[1024];
  snprintf(source, sizeof source,
           "web-platform-tests url/resources/%s "
           "(https://github.com/web-platform-tests/wpt), "
           "%zu cases (%zu failures) converted by uritest %s import wpt; "
           "3-Clause BSD License, "
           "Copyright (c) web-platform-tests contributors",
           slash ? slash + 1 : file, ncases, nreject, URITEST_VERSION);
  json_t *doc = json_pack(
      "{s:s, s:s, s:s, s:s, s:s, s:s, s:o}", "schema", "uritest-vectors/1",
      "version", "1.0.0", "spec", "whatwg", "title",
      "WHATWG URL parsing: web-platform-tests urltestdata.json", "source",
      source, "license", "BSD-3-Clause", "groups", groups);
  rc = write_doc(doc, out);
  json_decref(doc);
  if (!rc && out)
    fprintf(stderr, "uritest: %s: %zu cases\n", out, ncases);
  return rc;
}

int cmd_import(int argc, char **argv) {
  static const char usage[] =
      "usage: uritest import wpt FILE [-o OUT]\n"
      "Convert WHATWG's urltestdata.json (web-platform-tests) into a vector\n"
      "file of spec \"whatwg\".\n"
      "  -o, --output OUT  the vector file (default: standard output)\n"
      "  --help            this text\n"
      "example: uritest import wpt urltestdata.json -o "
      "vectors/v1/external/wpt-urltestdata.json\n";
  static const struct option opts[] = {{"output", required_argument, 0, 'o'},
                                       {"help", no_argument, 0, 'h'},
                                       {0, 0, 0, 0}};
  const char *out = NULL;
  int c;
  optind = 1;
  opterr = 0;
  /* options anywhere, "--" anywhere (getopt_long permutes) */
  while ((c = getopt_long(argc, argv, "o:h", opts, NULL)) != -1) {
    if (c == 'o') {
      out = optarg;
    } else if (c == 'h') {
      fputs(usage, stdout);
      return 0;
    } else {
      warnx_("import: unknown option or missing value: %s", argv[optind - 1]);
      fputs(usage, stderr);
      return EXIT_USAGE;
    }
  }
  if (argc - optind != 2) {
    fputs(usage, stderr);
    return EXIT_USAGE;
  }
  if (strcmp(argv[optind], "wpt")) {
    warnx_("import: unknown format \"%s\" (known: wpt)", argv[optind]);
    return EXIT_USAGE;
  }
  return import_wpt(argv[optind + 1], out);
}
