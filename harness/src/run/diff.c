/* diff.c: `uritest diff`: arbitrary inputs, one per line, through the
 * adapters against the reference, in batches, streamed (run.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "classify.h"
#include "commands.h"
#include "run.h"

#define DIFF_BATCH 4096
#define DIFF_BATCH_BYTES (16u << 20)
#define DIFF_KEEP_LINE (64u << 10)

struct diffjob {
  struct session *s;
  size_t k;
  char **lines;
  size_t *lens;
  long first_line;
};

static void encode_line(void *ctx, size_t i, long id, struct buf *b) {
  struct diffjob *j = ctx;
  request_parse(b, id, j->lines[i], j->lens[i], 0);
}

static void answer_line(void *ctx, size_t i, json_t *ans, const char *line,
                        size_t len) {
  struct diffjob *j = ctx;
  struct adapter *a = &j->s->ad[j->k];
  struct verdict v;
  classify_diff(j->lines[i], j->lens[i], ans, &v);
  struct result r = {.adapter = a->name,
                     .library = a->library,
                     .input = j->lines[i],
                     .input_len = j->lens[i],
                     .line = j->first_line + (long)i,
                     .v = &v,
                     .answer = ans,
                     .ans_line = line,
                     .ans_len = len};
  session_record(j->s, j->k, &r);
}

static void fail_line(void *ctx, size_t i, int cls, const char *why) {
  struct diffjob *j = ctx;
  struct adapter *a = &j->s->ad[j->k];
  struct verdict v;
  memset(&v, 0, sizeof v);
  v.cls = cls;
  v.why = why;
  struct result r = {.adapter = a->name,
                     .library = a->library,
                     .input = j->lines[i],
                     .input_len = j->lens[i],
                     .line = j->first_line + (long)i,
                     .v = &v};
  session_record(j->s, j->k, &r);
}

static void flush_diff(void *ctx) {
  struct diffjob *j = ctx;
  output_flush(&j->s->out);
}

/* The lines of one batch, their buffers kept from batch to batch. */
struct batch {
  char **lines;
  size_t *caps, *lens;
  size_t m;  /* lines read into it */
  int eof;   /* the input ended */
  int error; /* a read error */
};

/* The next lines of IN: DIFF_BATCH lines or DIFF_BATCH_BYTES octets,
 * whichever comes first (long lines must not make a batch thousands of
 * MB), each without its LF. */
static void read_batch(struct batch *b, FILE *in) {
  size_t bytes = 0;
  b->m = 0;
  while (b->m < DIFF_BATCH && bytes < DIFF_BATCH_BYTES) {
    ssize_t n = getline(&b->lines[b->m], &b->caps[b->m], in);
    if (n < 0) {
      b->eof = 1;
      break;
    }
    bytes += (size_t)n;
    if (n > 0 && b->lines[b->m][n - 1] == '\n')
      n--;
    b->lens[b->m++] = (size_t)n;
  }
  if (ferror(in))
    b->error = 1;
}

/* The room a long line took goes back. */
static void trim_batch(struct batch *b) {
  for (size_t i = 0; i < b->m; i++)
    if (b->caps[i] > DIFF_KEEP_LINE) {
      free(b->lines[i]);
      b->lines[i] = NULL;
      b->caps[i] = 0;
    }
}

/* Every line of IN through every adapter of S, batch by batch.  1 after a
 * read error. */
static int diff_lines(struct session *s, FILE *in) {
  struct batch b = {xcalloc(DIFF_BATCH, sizeof *b.lines),
                    xcalloc(DIFF_BATCH, sizeof *b.caps),
                    xcalloc(DIFF_BATCH, sizeof *b.lens),
                    0,
                    0,
                    0};
  long lineno = 1;
  while (!interrupted && !b.eof) {
    read_batch(&b, in);
    if (!b.m)
      break;
    for (size_t k = 0; k < s->n && !interrupted; k++) {
      struct diffjob j = {s, k, b.lines, b.lens, lineno};
      struct job job = {&j,         b.m, encode_line, answer_line, fail_line,
                        flush_diff, 0};
      adapter_run(&s->ad[k], &job);
    }
    lineno += (long)b.m;
    s->total = s->done;
    session_progress(s, "diff", 0);
    trim_batch(&b);
  }
  session_progress(s, "diff", 1);
  for (size_t i = 0; i < DIFF_BATCH; i++)
    free(b.lines[i]);
  free(b.lines);
  free(b.caps);
  free(b.lens);
  return b.error;
}

/* The adapters' counts added up: diff's one JUnit suite. */
static void add_counts(struct stats *all, const struct session *s) {
  for (size_t k = 0; k < s->n; k++) {
    all->total += s->st[k].total;
    all->failed += s->st[k].failed;
    all->unsupported += s->st[k].unsupported;
    all->ju_failures += s->st[k].ju_failures;
    all->ju_errors += s->st[k].ju_errors;
    all->ju_skipped += s->st[k].ju_skipped;
    all->security += s->st[k].security;
    all->host_lost += s->st[k].host_lost;
    for (int c = 0; c < CLASS__COUNT; c++)
      all->by_class[c] += s->st[k].by_class[c];
  }
}

/* The adapters of O started, the results file open, the lines of IN
 * diffed, the outputs ended.  An exit code. */
static int diff_session(struct runopts *o, FILE *in) {
  struct session s;
  memset(&s, 0, sizeof s);
  s.o = o;
  int rc = session_start_adapters(&s, 1);
  s.out.fmt = o->fmt;
  s.out.out = stdout;
  s.out.command = "diff";
  if (rc || (rc = session_open_results(&s, NULL))) {
    session_free(&s);
    return rc;
  }
  s.show_progress = o->progress == 1 || (o->progress < 0 && isatty(2));
  s.started = now_mono();
  output_begin(&s.out, s.st, s.n);
  /* one JUnit suite for the whole diff: adapters interleave */
  struct stats all;
  memset(&all, 0, sizeof all);
  all.adapter = "diff";
  all.library = s.n == 1 ? s.st[0].library : "several";
  all.spec = "rfc3986";
  output_adapter_begin(&s.out, &all);
  int io_error = diff_lines(&s, in);
  for (size_t k = 0; k < s.n; k++)
    adapter_stop(&s.ad[k]);
  add_counts(&all, &s);
  output_adapter_end(&s.out, &all);
  output_end(&s.out, s.st, s.n, NULL, interrupted != 0);
  int lost = output_close(&s.out) < 0;
  session_free(&s);
  if (lost)
    return EXIT_USAGE;
  if (interrupted)
    return 128 + interrupted;
  if (io_error) {
    warnx_("read error on the input");
    return EXIT_USAGE;
  }
  return all.failed ? EXIT_NEGATIVE : EXIT_OK;
}

int cmd_diff(int argc, char **argv) {
  struct runopts o;
  int rc = runopts_parse(argc, argv, &o, 1);
  FILE *in = stdin;
  if (rc) {
    rc = rc < 0 ? 0 : rc;
  } else if (argc - optind > 1) {
    warnx_("diff reads one FILE (or - for standard input)");
    fputs(diff_usage, stderr);
    rc = EXIT_USAGE;
  } else if (optind < argc && strcmp(argv[optind], "-") &&
             !(in = fopen(argv[optind], "rb"))) {
    warnx_("%s: %s", argv[optind], strerror(errno));
    rc = EXIT_USAGE;
  } else {
    install_signal_handlers();
    rc = diff_session(&o, in);
  }
  if (in && in != stdin)
    fclose(in);
  runopts_free(&o);
  return rc;
}
