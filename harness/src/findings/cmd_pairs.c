/* cmd_pairs.c: `uritest pairs`: every input through every adapter asked
 * for (the reference one among them), then the parser-pair confusion
 * matrix of pairs.c: which ordered pairs read a different endpoint from
 * an input that both accept ("validate with A, fetch with B"). */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adapter.h"
#include "files.h"
#include "commands.h"
#include "pairs.h"

static const char usage_text[] =
    "usage: uritest pairs [--adapter NAME]... [--adapter-cmd CMD]...\n"
    "                     [--vectors PATH]... [FILE|-] [--format text|json]\n"
    "                     [--output FILE] [--fetch FETCH] [--timeout S]\n"
    "For every ordered pair (validator V, fetcher F), V != F: the inputs\n"
    "both accept, RFC 3986 valid or not, on which F reads another endpoint\n"
    "than V (host, port, scheme, userinfo) or loses V's host, counted by\n"
    "class, worst pairs first, with the shortest input of each kind of the\n"
    "worst class.  Roles come from the hello or adapter.json (default both);\n"
    "a validator that only accepts reads as RFC 3986 where it accepts, else\n"
    "the input counts as invalid_accepted.  With --fetch, a fetcher's\n"
    "connection observed in the fetch lab (FETCH: `uritest fetch --format\n"
    "json`) replaces its parsed reading of that input; a refusal, or a\n"
    "fetch that connected nowhere, is the fetcher rejecting it.  Each pair\n"
    "says how many inputs were judged so (\"observed\", \"refused\"), each\n"
    "example which reading it shows (\"fetcher_source\").  Inputs: the parse\n"
    "vectors (default all of vectors/v1), or one per line from FILE or\n"
    "standard "
    "input.  Adapters: those named, default every available one, the\n"
    "reference (a validator) included.  Exit 0 when no pair differs, 1 when\n"
    "some do, 2 on usage or input error.\n"
    "  --adapter NAME     a registered adapter (several; default: every\n"
    "                     available one)\n"
    "  --adapter-cmd CMD  an adapter's command line (several; default: none)\n"
    "  --vectors PATH     vector file or folder (several; default: "
    "vectors/v1)\n"
    "  --format FORMAT    text or json (default: text)\n"
    "  --output FILE      the matrix as JSON (default: none)\n"
    "  --fetch FETCH      the fetch lab's results to judge fetchers by\n"
    "                     (default: none, parsed readings only)\n"
    "  --timeout S        seconds for each answer (default: 2)\n"
    "  --help             this text\n"
    "example: uritest pairs --adapter NAME --adapter OTHER\n";

struct pjob {
  struct pairs *p;
  size_t k;
};

static void encode(void *ctx, size_t i, long id, struct buf *b) {
  struct pjob *j = ctx;
  request_parse(b, id, j->p->in[i], j->p->in_len[i], 0);
}

static void answer(void *ctx, size_t i, json_t *ans, const char *line,
                   size_t len) {
  struct pjob *j = ctx;
  (void)line;
  (void)len;
  pairs_take(j->p, j->k, i, ans);
}

static void fail(void *ctx, size_t i, int cls, const char *why) {
  struct pjob *j = ctx;
  (void)cls;
  (void)why;
  pairs_take(j->p, j->k, i, NULL);
}

/* One input per line (without its LF) of F, into the arena. */
static size_t read_lines(FILE *f, struct arena *a, char ***lines,
                         size_t **lens) {
  char *line = NULL;
  size_t cap = 0, n = 0, room = 0;
  ssize_t got;
  while ((got = getline(&line, &cap, f)) > 0) {
    size_t l = (size_t)got - (line[got - 1] == '\n');
    if (n == room) {
      room = room ? 2 * room : 1024;
      *lines = xrealloc(*lines, room * sizeof **lines);
      *lens = xrealloc(*lens, room * sizeof **lens);
    }
    (*lines)[n] = arena_strndup(a, line, l);
    (*lens)[n++] = l;
  }
  free(line);
  return n;
}

int input_opts_parse(int argc, char **argv, struct input_opts *o,
                     const char *cmd, const char *usage, int pairs_ok) {
  static const struct option opts[] = {
      {"adapter", required_argument, 0, 'a'},
      {"adapter-cmd", required_argument, 0, 'c'},
      {"vectors", required_argument, 0, 'v'},
      {"format", required_argument, 0, 'f'},
      {"output", required_argument, 0, 'o'},
      {"fetch", required_argument, 0, 'F'},
      {"timeout", required_argument, 0, 't'},
      {"help", no_argument, 0, 'h'},
      {0, 0, 0, 0}};
  int c;
  optind = 1;
  while ((c = getopt_long(argc, argv, "", opts, NULL)) != -1) {
    char ***list = c == 'a' ? &o->names : c == 'c' ? &o->cmds : &o->vpaths;
    int *n = c == 'a' ? &o->nnames : c == 'c' ? &o->ncmds : &o->nv;
    if (c == 'a' || c == 'c' || c == 'v') {
      *list = xrealloc(*list, sizeof **list * (size_t)(*n + 1));
      (*list)[(*n)++] = optarg;
    } else if (c == 'f' &&
               (!strcmp(optarg, "json") || !strcmp(optarg, "text"))) {
      o->json = !strcmp(optarg, "json");
    } else if (c == 'o' && pairs_ok) {
      o->output = optarg;
    } else if (c == 'F' && pairs_ok) {
      o->fetch = optarg;
    } else if (c == 't' && (o->timeout = parse_seconds(optarg)) > 0) {
      continue;
    } else if (c == 'h') {
      fputs(usage, stdout);
      return -1;
    } else {
      fputs(usage, stderr);
      return EXIT_USAGE;
    }
  }
  if (argc - optind > 1 || (argc - optind == 1 && o->nv)) {
    warnx_("%s reads the vectors or one FILE (or - for standard input)", cmd);
    return EXIT_USAGE;
  }
  o->file = optind < argc ? argv[optind] : NULL;
  return 0;
}

int inputs_load(const char *file, char **vpaths, int nv, struct vectors *vec,
                struct arena *a, char ***lines, size_t **lens, size_t *n) {
  if (file) {
    FILE *f = strcmp(file, "-") ? fopen(file, "rb") : stdin;
    if (!f) {
      warnx_("%s: %s", file, strerror(errno));
      return EXIT_USAGE;
    }
    *n = read_lines(f, a, lines, lens);
    if (f != stdin)
      fclose(f);
    return 0;
  }
  char *deflt = root_path("vectors/v1");
  char *paths[] = {deflt};
  struct filters none;
  memset(&none, 0, sizeof none);
  int rc = vectors_load(vec, nv ? vpaths : paths, nv ? nv : 1, &none);
  free(deflt);
  if (rc < 0)
    return EXIT_USAGE;
  *lines = xcalloc(vec->ntests + 1, sizeof **lines);
  *lens = xcalloc(vec->ntests + 1, sizeof **lens);
  for (size_t i = 0; i < vec->ntests; i++) {
    const struct test *t = &vec->tests[i];
    if (t->op != OP_PARSE || t->spec == SPEC_WHATWG)
      continue;
    (*lines)[*n] = (char *)t->input;
    (*lens)[(*n)++] = t->input_len;
  }
  return 0;
}

static int write_matrix(const struct input_opts *o, json_t *m) {
  if (o->json) {
    json_dumpf(m, stdout, JSON_INDENT(1) | JSON_ENSURE_ASCII);
    putchar('\n');
  } else {
    pairs_text(stdout, m);
  }
  if (o->output &&
      json_write_file(m, o->output, JSON_INDENT(1) | JSON_ENSURE_ASCII) < 0)
    return EXIT_USAGE;
  return 0;
}

int cmd_pairs(int argc, char **argv) {
  struct input_opts o;
  memset(&o, 0, sizeof o);
  o.timeout = 2;
  struct vectors vec;
  memset(&vec, 0, sizeof vec);
  struct registry reg;
  memset(&reg, 0, sizeof reg);
  struct arena a = {0};
  char **lines = NULL;
  size_t *lens = NULL, n = 0, nad = 0, ncmd = 0;
  struct adapter_def **defs = NULL, **cmd_defs = NULL;
  struct adapter *ad = NULL;
  struct pairs p;
  memset(&p, 0, sizeof p);
  json_t *fetched = NULL;
  int rc = input_opts_parse(argc, argv, &o, "pairs", usage_text, 1);
  if (rc)
    goto out;
  if (o.fetch && !(fetched = fetch_file_load(o.fetch))) {
    rc = EXIT_USAGE;
    goto out;
  }
  if ((rc = inputs_load(o.file, o.vpaths, o.nv, &vec, &a, &lines, &lens, &n)))
    goto out;
  if (!n) {
    warnx_("no input to read (no parse vector, or an empty file)");
    rc = EXIT_USAGE;
    goto out;
  }
  registry_load(&reg);
  if ((rc = registry_select(&reg, o.names, o.nnames, o.cmds, o.ncmds, 0, &defs,
                            &nad, &cmd_defs, &ncmd)))
    goto out;
  install_signal_handlers();
  pairs_init(&p, n, nad);
  for (size_t i = 0; i < n; i++)
    pairs_input(&p, i, lines[i], lens[i]);
  ad = xcalloc(nad, sizeof *ad);
  for (size_t k = 0; k < nad && !interrupted; k++) {
    adapter_init(&ad[k], defs[k], 5, o.timeout);
    int started = adapter_start(&ad[k]) == 0;
    pairs_adapter(&p, k, ad[k].name ? ad[k].name : defs[k]->name,
                  defs[k]->validator, ad[k].roles);
    struct pjob j = {&p, k};
    struct job job = {&j, n, encode, answer, fail, NULL, 0};
    if (started)
      adapter_run(&ad[k], &job);
    else
      warnx_("adapter %s: given up: %s", p.names[k], ad[k].last_why);
    adapter_stop(&ad[k]);
  }
  if (interrupted) {
    rc = 128 + interrupted;
    goto out;
  }
  if (fetched)
    pairs_observe(&p, fetched);
  int differ = 0;
  json_t *m = pairs_json(&p, &differ);
  rc = write_matrix(&o, m);
  json_decref(m);
  if (!rc)
    rc = differ ? EXIT_NEGATIVE : EXIT_OK;
out:
  for (size_t k = 0; ad && k < nad; k++)
    adapter_free(&ad[k]);
  free(ad);
  for (size_t i = 0; i < ncmd; i++)
    adapter_def_free(cmd_defs[i]);
  free(cmd_defs);
  free(defs);
  registry_free(&reg);
  pairs_free(&p);
  json_decref(fetched);
  free(lines);
  free(lens);
  arena_free(&a);
  vectors_free(&vec);
  free(o.names);
  free(o.cmds);
  free(o.vpaths);
  return rc < 0 ? 0 : rc;
}
