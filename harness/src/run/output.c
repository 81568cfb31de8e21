/* output.c: the streamed results file (JSON Lines) and the reports on
 * standard output: text, TAP, JUnit XML, JSON.  Results are written as they
 * arrive; nothing but counts is kept per result. */
#include "output.h"

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "adapter.h"
#include "behaviours.h"
#include "endpoint.h"
#include "files.h"

/* A failed write to the results file: said once, and the run stops (its
 * results would be lost). */
static void results_failed(struct output *o, int e) {
  if (o->results_err)
    return;
  o->results_err = e ? e : EIO;
  warnx_("%s: cannot write: %s", o->results_path ? o->results_path : "results",
         strerror(o->results_err));
  if (!interrupted)
    interrupted = SIGPIPE;
}

static void res_put(struct output *o, const char *p, size_t n) {
  if (!o->results || o->results_err)
    return;
  errno = 0;
  if (fwrite(p, 1, n, o->results) != n)
    results_failed(o, errno);
}

static void res_check(struct output *o) {
  int e;
  if (o->results && !o->results_err && (e = stream_error(o->results)))
    results_failed(o, e);
}

static void sv_put(struct buf *b, const char *key, const struct value *s) {
  if (s->state == VALUE_ABSENT)
    return;
  buf_puts(b, ", ");
  if (s->state == VALUE_NULL) {
    buf_putc(b, '"');
    buf_puts(b, key);
    buf_puts(b, "\": null");
    return;
  }
  buf_json_input(b, key, s->s, s->len);
}

void write_expected(struct buf *b, const struct test *t) {
  buf_puts(b, "{\"expect\": \"");
  buf_puts(b, expect_names[t->expect]);
  buf_puts(b, "\", ");
  buf_json_input(b, "input", t->input, t->input_len);
  sv_put(b, "base", &t->base);
  sv_put(b, "other", &t->other);
  if (t->rule) {
    buf_puts(b, ", \"rule\": ");
    buf_json_str(b, t->rule, strlen(t->rule));
  }
  if (t->level)
    buf_printf(b, ", \"level\": \"%s\"", t->level);
  if (t->op == OP_RESOLVE && !t->strict)
    buf_puts(b, ", \"strict\": false");
  if (t->comps) {
    buf_puts(b, ", \"components\": {");
    int first = 1;
    for (int c = 0; c < RFC3986_COMPONENT_COUNT; c++) {
      if (t->comps[c].state == VALUE_ABSENT)
        continue;
      size_t at = b->len;
      sv_put(b, rfc3986_component_name(c), &t->comps[c]);
      if (first) { /* drop the leading ", " */
        memmove(b->p + at, b->p + at + 2, b->len - at - 2);
        b->len -= 2;
        b->p[b->len] = 0;
      }
      first = 0;
    }
    buf_putc(b, '}');
  }
  if (t->getters) {
    buf_puts(b, ", \"whatwg\": {");
    int first = 1;
    for (int g = 0; g < G__COUNT; g++) {
      if (t->getters[g].state == VALUE_ABSENT)
        continue;
      size_t at = b->len;
      sv_put(b, getter_names[g], &t->getters[g]);
      if (first) {
        memmove(b->p + at, b->p + at + 2, b->len - at - 2);
        b->len -= 2;
        b->p[b->len] = 0;
      }
      first = 0;
    }
    buf_putc(b, '}');
  }
  sv_put(b, "target", &t->target);
  sv_put(b, "normalized", &t->normalized);
  sv_put(b, "output", &t->output);
  if (t->equivalent >= 0)
    buf_printf(b, ", \"equivalent\": %s", t->equivalent ? "true" : "false");
  if (t->error_offset >= 0)
    buf_printf(b, ", \"error\": {\"offset\": %ld}", t->error_offset);
  buf_putc(b, '}');
}

static void put_str(struct buf *b, const char *s) {
  buf_json_str(b, s, strlen(s));
}

static void write_answer(struct buf *b, json_t *answer) {
  if (!answer) {
    buf_puts(b, "null");
    return;
  }
  json_t *copy = json_copy(answer); /* shallow: drop the request id */
  json_object_del(copy, "id");
  size_t n = json_dumpb(copy, NULL, 0, JSON_COMPACT | JSON_ENCODE_ANY);
  buf_reserve(b, n);
  json_dumpb(copy, b->p + b->len, n, JSON_COMPACT | JSON_ENCODE_ANY);
  b->len += n;
  b->p[b->len] = 0;
  json_decref(copy);
}

/* The answer line as "got", without its leading "id" member (the request
 * number, not the vector id); the line is known to be a JSON object. */
static void write_got(struct buf *b, const struct result *r) {
  const char *p = r->ans_line, *end = p ? p + r->ans_len : NULL;
  if (!p) {
    write_answer(b, r->answer);
    return;
  }
#define SKIP_WS()                                                              \
  while (p < end && (*p == ' ' || *p == '\t' || *p == '\r'))                   \
  p++
  SKIP_WS();
  if (p < end && *p == '{') {
    p++;
    SKIP_WS();
    if (end - p > 4 && !memcmp(p, "\"id\"", 4)) {
      p += 4;
      SKIP_WS();
      if (p < end && *p == ':') {
        p++;
        SKIP_WS();
        if (p < end && *p == '-')
          p++;
        while (p < end && *p >= '0' && *p <= '9')
          p++;
        SKIP_WS();
        if (p < end && (*p == ',' || *p == '}')) {
          buf_putc(b, '{');
          if (*p == ',')
            p++;
          buf_put(b, p, (size_t)(end - p));
          return;
        }
      }
    }
  }
#undef SKIP_WS
  write_answer(b, r->answer);
}

/* The verdict's members of a result: components, mismatches, security,
 * severity, not compared; when TERSE, those holding their default (empty,
 * false, null, 0) left out. */
static void result_verdict_json(struct buf *b, const struct verdict *v,
                                int terse) {
  if (v->nmis || !terse) {
    buf_puts(b, ", \"components\": [");
    for (int i = 0; i < v->nmis; i++) {
      if (i)
        buf_puts(b, ", ");
      put_str(b, v->mis[i].name);
    }
    buf_puts(b, "], \"mismatches\": [");
    for (int i = 0; i < v->nmis; i++) {
      if (i)
        buf_puts(b, ", ");
      buf_puts(b, "{\"component\": ");
      put_str(b, v->mis[i].name);
      buf_printf(b, ", \"kind\": \"%s\"}", mismatch_kind_names[v->mis[i].kind]);
    }
    buf_putc(b, ']');
  }
  if (v->security_relevant || !terse)
    buf_puts(b, v->security_relevant ? ", \"security_relevant\": true"
                                     : ", \"security_relevant\": false");
  if (v->severity)
    buf_printf(b, ", \"severity\": \"%s\"", severity_names[v->severity]);
  else if (!terse)
    buf_puts(b, ", \"severity\": null");
  if (v->endpoint)
    buf_printf(b, ", \"endpoint\": \"%s\"", endpoint_class_names[v->endpoint]);
  else if (!terse)
    buf_puts(b, ", \"endpoint\": null");
  if (v->not_compared || !terse) {
    buf_puts(b, ", \"not_compared\": ");
    buf_putl(b, v->not_compared);
  }
}

/* Whether the results file's run record gives the spec of R's vector
 * file (its "files"): the one this output wrote, or (--resume in place)
 * the earlier run's. */
static int run_gives_file(const struct output *o, const struct result *r) {
  const struct vfile *f = r->t->file;
  if (r->t->spec != f->spec)
    return 0;
  if (!o->appending)
    return o->vectors != NULL;
  json_t *e = json_object_get(json_object_get(o->run_record, "files"), f->path);
  const char *v = json_string_value(json_object_get(e, "version"));
  const char *sp = json_string_value(json_object_get(e, "spec"));
  return v && sp && !strcmp(v, f->version) && !strcmp(sp, spec_names[f->spec]);
}

/* The result as one JSON object (no newline), into o->line. */
static void result_json(struct output *o, const struct result *r, int record) {
  struct buf *b = &o->line;
  const struct verdict *v = r->v;
  b->len = 0;
  buf_putc(b, '{');
  if (record)
    buf_puts(b, "\"record\": \"result\", ");
  /* every line carries the adapter, its library, the vector's id, the
   * vectors version and the file's version (the results-file contract of
   * ../shared/DESIGN.md); it leaves out the spec when its run record gives
   * it (DESIGN.md "Results file") */
  buf_puts(b, "\"adapter\": ");
  put_str(b, r->adapter);
  buf_puts(b, ", \"library\": ");
  put_str(b, r->library);
  if (r->t) {
    buf_puts(b, ", \"id\": ");
    put_str(b, r->t->id);
    buf_puts(b, ", \"vectors_version\": \"");
    buf_puts(b, vectors_version());
    buf_puts(b, "\", \"file\": ");
    put_str(b, r->t->file->path);
    buf_puts(b, ", \"file_version\": ");
    put_str(b, r->t->file->version);
    if (!record || !run_gives_file(o, r)) {
      buf_puts(b, ", \"spec\": \"");
      buf_puts(b, spec_names[r->t->spec]);
      buf_putc(b, '"');
    }
    buf_puts(b, ", \"op\": \"");
    buf_puts(b, op_names[r->t->op]);
    buf_putc(b, '"');
  } else {
    buf_printf(b, ", \"id\": \"line:%ld\", \"line\": %ld, ", r->line, r->line);
    buf_json_input(b, "input", r->input, r->input_len);
    buf_puts(b, ", \"op\": \"parse\"");
  }
  buf_puts(b, ", \"class\": \"");
  buf_puts(b, class_names[v->cls]);
  buf_putc(b, '"');
  /* the results file writes every result tersely (DESIGN.md "Results
   * file"): the verdict's members at their defaults left out, and of plain
   * passes and UNSUPPORTED results expected and got too (the vector has
   * them; nothing of an UNSUPPORTED result was compared); it keeps the file
   * small and its readers fast */
  int terse = record && (v->cls == CLASS_UNSUPPORTED ||
                         (v->cls == CLASS_PASS && !v->impl_defined));
  result_verdict_json(b, v, record);
  if (v->impl_defined)
    buf_puts(b, ", \"implementation_defined\": true");
  if (r->baseline)
    buf_puts(b, ", \"baseline\": true");
  if (r->behaviour) {
    buf_puts(b, ", \"behaviour\": ");
    put_str(b, r->behaviour);
  }
  if (v->why) {
    buf_puts(b, ", \"why\": ");
    put_str(b, v->why);
  }
  if (v->vulnerable) {
    buf_puts(b, ", \"vulnerable\": ");
    put_str(b, v->vulnerable);
  }
  if (terse) {
    buf_putc(b, '}');
    return;
  }
  buf_puts(b, ", \"expected\": ");
  if (r->t) {
    write_expected(b, r->t);
  } else {
    json_t *ref = reference_parse_json(r->input, r->input_len);
    write_answer(b, ref);
    json_decref(ref);
  }
  buf_puts(b, ", \"got\": ");
  write_got(b, r);
  buf_putc(b, '}');
}

void output_begin(struct output *o, struct stats *adapters, size_t n) {
  o->first_result = 1;
  if (o->results && !o->appending) {
    struct buf *b = &o->line;
    b->len = 0;
    buf_printf(
        b,
        "{\"record\": \"run\", \"uritest\": \"%s\", \"command\": \"%s\", "
        "\"vectors_version\": \"%s\", \"date\": \"%s\", \"adapters\": [",
        URITEST_VERSION, o->command, vectors_version(), run_date());
    for (size_t i = 0; i < n; i++) {
      buf_puts(b, i ? ", {\"name\": " : "{\"name\": ");
      put_str(b, adapters[i].adapter);
      buf_puts(b, ", \"library\": ");
      put_str(b, adapters[i].library);
      buf_puts(b, ", \"spec\": ");
      put_str(b, adapters[i].spec);
      buf_putc(b, '}');
    }
    buf_putc(b, ']');
    const char *key;
    json_t *val;
    json_object_foreach(o->selection, key, val) {
      char *j = json_dumps(val, JSON_COMPACT | JSON_ENSURE_ASCII |
                                    JSON_ENCODE_ANY | JSON_PRESERVE_ORDER);
      buf_printf(b, ", \"%s\": %s", key, j ? j : "null");
      free(j);
    }
    /* the vector files, whose version and spec results leave out */
    const struct vectors *v = o->vectors;
    for (size_t i = 0; v && i < v->nfiles; i++) {
      buf_puts(b, i ? ", " : ", \"files\": {");
      put_str(b, v->files[i]->path);
      buf_puts(b, ": {\"version\": ");
      put_str(b, v->files[i]->version);
      buf_printf(b, ", \"spec\": \"%s\"}", spec_names[v->files[i]->spec]);
    }
    buf_puts(b, v && v->nfiles ? "}}\n" : "}\n");
    res_put(o, b->p, b->len);
    res_check(o);
  }
  switch (o->fmt) {
  case FMT_TAP:
    fprintf(o->out, "TAP version 13\n# uritest %s, vectors %s, %s\n",
            URITEST_VERSION, vectors_version(), run_date());
    for (size_t i = 0; i < n; i++) {
      fputs("# ", o->out); /* a TAP comment: the rest escaped */
      put_labelf(o->out, "adapter %s: %s", adapters[i].adapter,
                 adapters[i].library);
    }
    break;
  case FMT_JUNIT:
    /* no attribute: Ant's schema allows none on testsuites */
    fprintf(o->out,
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n");
    break;
  case FMT_JSON:
    fprintf(o->out,
            "{\"uritest\": {\"version\": \"%s\", \"command\": \"%s\", "
            "\"vectors_version\": \"%s\", \"date\": \"%s\"},\n\"results\": [",
            URITEST_VERSION, o->command, vectors_version(), run_date());
    break;
  case FMT_TEXT:
    fprintf(o->out, "uritest %s, vectors %s, %s\n", URITEST_VERSION,
            vectors_version(), run_date());
    for (size_t i = 0; i < n; i++)
      put_labelf(o->out, "adapter %s: %s", adapters[i].adapter,
                 adapters[i].library);
    break;
  }
}

void output_adapter_begin(struct output *o, struct stats *s) {
  s->started = now_mono();
  if (o->fmt == FMT_JUNIT)
    o->junit_tmp = s->junit_tmp = tmpfile();
}

/* A JUnit classname, unique per adapter, file and group:
 * ADAPTER.FILE.GROUP, FILE the vector file's path under v1/ (else its
 * name) without .json and with / as '.', GROUP its description in
 * lower-case words joined by '-' (dots would read as packages). */
static void junit_classname(FILE *f, const char *adapter,
                            const struct test *t) {
  out_xml_text(f, adapter, strlen(adapter));
  if (!t) {
    fputs(".diff", f);
    return;
  }
  const char *p = t->file->path, *v1 = strstr(p, "/v1/");
  if (v1)
    p = v1 + 4;
  else if (strncmp(p, "v1/", 3) == 0)
    p += 3;
  else if (strrchr(p, '/'))
    p = strrchr(p, '/') + 1;
  size_t n = strlen(p);
  if (n > 5 && !strcmp(p + n - 5, ".json"))
    n -= 5;
  for (size_t i = 0; i <= n; i++) { /* each folder, then the name */
    size_t k = i;
    while (k < n && p[k] != '/')
      k++;
    fputc('.', f);
    out_xml_text(f, p + i, k - i);
    i = k;
  }
  fputc('.', f);
  int words = 0, gap = 0;
  size_t len = 0;
  for (const unsigned char *g = (const unsigned char *)t->group; *g && len < 60;
       g++) {
    int alnum = (*g >= '0' && *g <= '9') || (*g >= 'a' && *g <= 'z') ||
                (*g >= 'A' && *g <= 'Z');
    if (!alnum) {
      gap = 1;
      continue;
    }
    if (gap && words) {
      fputc('-', f);
      len++;
    }
    gap = 0;
    words = 1;
    fputc(*g >= 'A' && *g <= 'Z' ? *g + 32 : *g, f);
    len++;
  }
  if (!words)
    fputs("tests", f);
}

/* The lines of a failed result R (id ID) in text: the class and what
 * differs, the input (and base, other), what was expected and what came. */
static void fail_block(FILE *f, const struct result *r, const char *id) {
  fputs("FAIL ", f);
  put_labels(f, r->adapter);
  fputc(' ', f);
  put_labels(f, id);
  fputc(' ', f);
  out_describe(f, r->v);
  fputs("\n    input: ", f);
  if (r->t)
    out_human(f, r->t->input, r->t->input_len);
  else
    out_human(f, r->input, r->input_len);
  if (r->t && r->t->base.state == VALUE_OCTETS) {
    fputs("  base: ", f);
    out_human(f, r->t->base.s, r->t->base.len);
  }
  if (r->t && r->t->other.state == VALUE_OCTETS) {
    fputs("  other: ", f);
    out_human(f, r->t->other.s, r->t->other.len);
  }
  fputc('\n', f);
  out_explain(f, r);
}

void output_result(struct output *o, const struct result *r) {
  const struct verdict *v = r->v;
  int failed = class_failed(v->cls) && !v->impl_defined;
  if (o->results && !r->replayed) {
    result_json(o, r, 1);
    buf_putc(&o->line, '\n');
    res_put(o, o->line.p, o->line.len);
  }
  const char *id = r->t ? r->t->id : NULL;
  char linebuf[48];
  if (!id) {
    snprintf(linebuf, sizeof linebuf, "line:%ld", r->line);
    id = linebuf;
  }
  switch (o->fmt) {
  case FMT_TEXT:
    /* known discrepancies (baseline) are counted, not listed */
    if (!failed || r->baseline)
      break;
    if (o->verbose || strcmp(o->command, "run")) {
      fail_block(o->out, r, id);
    } else { /* one example per kind, at the end (output_kinds.c) */
      char *p = NULL;
      size_t len = 0;
      FILE *m = open_memstream(&p, &len);
      if (m) {
        fail_block(m, r, id);
        fclose(m);
        kinds_add(o, r, p, r->t ? r->t->input_len : r->input_len);
      }
      free(p);
    }
    break;
  case FMT_TAP:
    o->seq++;
    fprintf(o->out, "%sok %zu - ", failed ? "not " : "", o->seq);
    put_labels(o->out, r->adapter);
    fputs(": ", o->out);
    put_labels(o->out, id);
    if (failed) {
      fputs(" # ", o->out);
      if (r->baseline)
        fputs("TODO baseline ", o->out);
      out_describe(o->out, v);
    } else if (v->cls == CLASS_UNSUPPORTED) {
      fputs(" # SKIP unsupported: ", o->out);
      put_labels(o->out, v->why ? v->why : "");
    } else if (v->impl_defined) {
      fputs(" # implementation-defined", o->out);
    }
    fputc('\n', o->out);
    break;
  case FMT_JUNIT: {
    FILE *f = r->st && r->st->junit_tmp ? r->st->junit_tmp
              : o->junit_tmp            ? o->junit_tmp
                                        : o->out;
    int error = v->cls == CLASS_CRASH || v->cls == CLASS_TIMEOUT ||
                v->cls == CLASS_PROTOCOL_ERROR;
    fputs("    <testcase classname=\"", f);
    junit_classname(f, r->adapter, r->t);
    fputs("\" name=\"", f);
    out_xml_text(f, id, strlen(id));
    /* requests are pipelined: no time of its own is measured */
    fputs("\" time=\"0\"", f);
    if (!failed && v->cls != CLASS_UNSUPPORTED) {
      fputs("/>\n", f);
      break;
    }
    fputs(">\n", f);
    if (v->cls == CLASS_UNSUPPORTED || r->baseline) {
      /* a known discrepancy (baseline) is no failure of this run */
      const char *why = r->baseline ? NULL : v->why ? v->why : "unsupported";
      fputs("      <skipped message=\"", f);
      if (why)
        out_xml_text(f, why, strlen(why));
      else
        fprintf(f, "known: %s", class_names[v->cls]);
      fputs("\"/>\n", f);
      if (r->st)
        r->st->ju_skipped++;
    } else {
      const char *tag = error ? "error" : "failure";
      if (r->st)
        *(error ? &r->st->ju_errors : &r->st->ju_failures) += 1;
      fprintf(f, "      <%s type=\"%s\" message=\"", tag, class_names[v->cls]);
      char *msg = NULL;
      size_t msglen = 0;
      FILE *m = open_memstream(&msg, &msglen);
      out_describe(m, v);
      fclose(m);
      out_xml_text(f, msg, msglen);
      free(msg);
      fputs("\">", f);
      result_json(o, r, 0);
      out_xml_text(f, o->line.p, o->line.len);
      fprintf(f, "</%s>\n", tag);
    }
    fputs("    </testcase>\n", f);
    break;
  }
  case FMT_JSON:
    result_json(o, r, 0);
    fputs(o->first_result ? "\n" : ",\n", o->out);
    fwrite(o->line.p, 1, o->line.len, o->out);
    o->first_result = 0;
    break;
  }
}

void output_flush(struct output *o) {
  res_check(o);
  if (o->fmt == FMT_TAP || o->fmt == FMT_TEXT)
    fflush(o->out);
  /* standard output closed (uritest run | head) or failing: stop as for
   * SIGPIPE; stdout_finish (main.c) tells which */
  if (ferror(o->out) && !interrupted)
    interrupted = SIGPIPE;
}

static const char *hostname(void) {
  static char h[256];
  if (!h[0] && (gethostname(h, sizeof h - 1) < 0 || !h[0]))
    snprintf(h, sizeof h, "localhost");
  return h;
}

/* <testsuite ...> and its properties: every attribute the Ant and the
 * Jenkins JUnit schemas require (Ant: package and id inside testsuites,
 * a timestamp without a zone; it is UTC). */
static void junit_suite_head(struct output *o, const char *name,
                             const char *library, size_t tests, size_t failures,
                             size_t errors, size_t skipped, double seconds,
                             const struct stats *st) {
  char stamp[32];
  snprintf(stamp, sizeof stamp, "%.19s", run_date());
  fputs("  <testsuite name=\"", o->out);
  out_xml_text(o->out, name, strlen(name));
  fputs("\" package=\"uritest\" hostname=\"", o->out);
  out_xml_text(o->out, hostname(), strlen(hostname()));
  fprintf(o->out,
          "\" id=\"%d\" tests=\"%zu\" failures=\"%zu\" errors=\"%zu\" "
          "skipped=\"%zu\" time=\"%.3f\" timestamp=\"%s\">\n"
          "    <properties>\n",
          o->suites++, tests, failures, errors, skipped,
          seconds > 0 ? seconds : 0.0, stamp);
  fprintf(o->out, "      <property name=\"uritest\" value=\"%s\"/>\n",
          URITEST_VERSION);
  fprintf(o->out, "      <property name=\"vectors_version\" value=\"%s\"/>\n",
          vectors_version());
  if (st) /* DESIGN.md "Endpoints": different endpoints, host-lost apart */
    fprintf(o->out,
            "      <property name=\"security_relevant\" value=\"%zu\"/>\n"
            "      <property name=\"host_lost\" value=\"%zu\"/>\n",
            st->security, st->host_lost);
  fputs("      <property name=\"library\" value=\"", o->out);
  out_xml_text(o->out, library, strlen(library));
  fprintf(o->out,
          "\"/>\n      <property name=\"date\" value=\"%s\"/>\n    "
          "</properties>\n",
          run_date());
}

static void junit_suite_tail(struct output *o) {
  fputs("    <system-out/>\n    <system-err/>\n  </testsuite>\n", o->out);
}

int output_close(struct output *o) {
  if (!o->results)
    return o->results_err ? -1 : 0;
  res_check(o);
  if (fclose(o->results) != 0)
    results_failed(o, errno);
  o->results = NULL;
  return o->results_err ? -1 : 0;
}

void output_adapter_end(struct output *o, struct stats *s) {
  if (o->fmt != FMT_JUNIT)
    return;
  junit_suite_head(o, s->adapter, s->library, s->total, s->ju_failures,
                   s->ju_errors, s->ju_skipped, now_mono() - s->started, s);
  if (s->junit_tmp) {
    char chunk[65536];
    size_t n;
    rewind(s->junit_tmp);
    while ((n = fread(chunk, 1, sizeof chunk, s->junit_tmp)) > 0)
      fwrite(chunk, 1, n, o->out);
    fclose(s->junit_tmp);
    if (o->junit_tmp == s->junit_tmp)
      o->junit_tmp = NULL;
    s->junit_tmp = NULL;
  }
  junit_suite_tail(o);
}

/* JUnit: the baseline entries that pass now fail the run (a baseline only
 * shrinks on purpose), so each is a failing test case of a suite
 * "ADAPTER baseline". */
static void junit_now_passing(struct output *o, json_t *baseline_json) {
  const char *adapter;
  json_t *b;
  json_object_foreach(baseline_json, adapter, b) {
    json_t *now = json_object_get(b, "now_passing"), *id;
    size_t i, n = json_array_size(now);
    if (!n)
      continue;
    char *name = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&name, &len);
    fprintf(m, "%s baseline", adapter);
    fclose(m);
    junit_suite_head(o, name, "", n, n, 0, 0, 0, NULL);
    free(name);
    json_array_foreach(now, i, id) {
      const char *s = json_string_value(id);
      fputs("    <testcase classname=\"", o->out);
      out_xml_text(o->out, adapter, strlen(adapter));
      fputs(".baseline\" name=\"", o->out);
      out_xml_text(o->out, s, strlen(s));
      fputs("\" time=\"0\">\n      <failure type=\"NOW_PASSING\" "
            "message=\"a baseline entry passes now: remove it from the "
            "baseline\"/>\n    </testcase>\n",
            o->out);
    }
    junit_suite_tail(o);
  }
}

static void stats_json(struct buf *b, const struct stats *s) {
  buf_puts(b, "{\"library\": ");
  put_str(b, s->library);
  buf_puts(b, ", \"spec\": ");
  put_str(b, s->spec);
  buf_printf(b,
             ", \"total\": %zu, \"passed\": %zu, \"failed\": %zu, "
             "\"unsupported\": %zu, \"skipped\": %zu, "
             "\"implementation_defined\": %zu, \"not_compared\": %zu, "
             "\"security_relevant\": %zu, \"host_lost\": %zu, \"by_class\": {",
             s->total, s->passed, s->failed, s->unsupported, s->skipped,
             s->impl_defined, s->not_compared, s->security, s->host_lost);
  int first = 1;
  for (int c = 0; c < CLASS__COUNT; c++) {
    if (!s->by_class[c])
      continue;
    buf_printf(b, "%s\"%s\": %zu", first ? "" : ", ", class_names[c],
               s->by_class[c]);
    first = 0;
  }
  buf_puts(b, "}, \"by_severity\": {");
  for (int k = SEV_HOST; k > SEV_NONE; k--)
    buf_printf(b, "\"%s\": %zu%s", severity_names[k], s->by_severity[k],
               k > SEV_USERINFO ? ", " : "");
  buf_printf(b, "}, \"unexplained\": %zu, \"behaviours\": {", s->unexplained);
  first = 1;
  for (size_t i = 0; s->beh && i < s->beh->n; i++) {
    if (!s->beh_count[i])
      continue;
    buf_puts(b, first ? "" : ", ");
    put_str(b, s->beh->b[i].rule.id);
    buf_printf(b, ": %zu", s->beh_count[i]);
    first = 0;
  }
  buf_puts(b, "}}");
}

void stats_count(struct stats *st, const struct verdict *v, int answered) {
  int failed = class_failed(v->cls) && !v->impl_defined;
  st->total++;
  st->by_class[v->cls]++;
  if (answered)
    st->answered++;
  if (v->cls == CLASS_UNSUPPORTED)
    st->unsupported++;
  else if (failed)
    st->failed++;
  else
    st->passed++;
  if (v->impl_defined)
    st->impl_defined++;
  if (v->security_relevant) {
    st->security++;
    st->by_severity[v->severity]++;
  }
  st->host_lost += v->endpoint == EP_HOST_LOST;
  st->not_compared += (size_t)v->not_compared;
}

int stats_tested_nothing(const struct stats *st, const char *what) {
  if (!st->total || st->unsupported < st->total)
    return 0;
  fprintf(stderr, "uritest: %s: ", what);
  put_labelf(stderr,
             "adapter %s answered none of its %zu requests (every one "
             "UNSUPPORTED): nothing was tested",
             st->adapter, st->total);
  return 1;
}

/* The summary record into B (one path for run's results file and merge). */
static void summary_record(struct buf *b, const struct stats *adapters,
                           size_t n, int interrupted_run) {
  size_t passed = 0, failed = 0;
  for (size_t i = 0; i < n; i++) {
    passed += adapters[i].passed;
    failed += adapters[i].failed;
  }
  buf_printf(b,
             "{\"record\": \"summary\", \"passed\": %zu, \"failed\": %zu%s, "
             "\"adapters\": {",
             passed, failed, interrupted_run ? ", \"interrupted\": true" : "");
  for (size_t i = 0; i < n; i++) {
    if (i)
      buf_puts(b, ", ");
    put_str(b, adapters[i].adapter);
    buf_puts(b, ": ");
    stats_json(b, &adapters[i]);
  }
  buf_puts(b, "}}\n");
}

void write_summary_record(FILE *f, const struct stats *adapters, size_t n,
                          int interrupted_run) {
  struct buf b = {0};
  summary_record(&b, adapters, n, interrupted_run);
  fwrite(b.p, 1, b.len, f);
  buf_free(&b);
}

void output_end(struct output *o, struct stats *adapters, size_t n,
                json_t *baseline_json, int interrupted_run) {
  size_t passed = 0, failed = 0;
  for (size_t i = 0; i < n; i++) {
    passed += adapters[i].passed;
    failed += adapters[i].failed;
  }
  if (o->results) {
    o->line.len = 0;
    summary_record(&o->line, adapters, n, interrupted_run);
    res_put(o, o->line.p, o->line.len);
    res_check(o);
  }
  switch (o->fmt) {
  case FMT_TEXT:
    for (size_t i = 0; i < n; i++) /* the examples first, the totals last */
      kinds_print(o, adapters[i].adapter, KINDS_SHOWN);
    kinds_free(o);
    for (size_t i = 0; i < n; i++) {
      const struct stats *s = &adapters[i];
      put_labels(o->out, s->adapter);
      fputs(" (", o->out);
      put_labels(o->out, s->library);
      fprintf(o->out, "): %zu passed, %zu failed", s->passed, s->failed);
      if (s->unsupported)
        fprintf(o->out, ", %zu unsupported", s->unsupported);
      if (s->skipped)
        fprintf(o->out, ", %zu skipped", s->skipped);
      if (s->known)
        fprintf(o->out, ", %zu known (baseline)", s->known);
      if (s->security) {
        fprintf(o->out, ", %zu security-relevant (", s->security);
        for (int k = SEV_HOST, sep = 0; k > SEV_NONE; k--)
          if (s->by_severity[k])
            fprintf(o->out, "%s%zu %s", sep++ ? ", " : "", s->by_severity[k],
                    severity_names[k]);
        fputc(')', o->out);
      }
      if (s->host_lost)
        fprintf(o->out, ", %zu host-lost", s->host_lost);
      if (s->not_compared)
        fprintf(o->out, ", %zu components not compared", s->not_compared);
      fputc('\n', o->out);
      adapter_summary_text(o->out, s);
      for (int c = 1; c < CLASS__COUNT; c++)
        if (s->by_class[c])
          fprintf(o->out, "  %-22s %zu\n", class_names[c], s->by_class[c]);
      behaviours_text(o->out, s, o->verbose ? 0 : TOP_BEHAVIOURS);
    }
    if (interrupted_run)
      fputs("interrupted\n", o->out);
    fprintf(o->out, "%zu passed, %zu failed\n", passed, failed);
    break;
  case FMT_TAP:
    fprintf(o->out, "1..%zu\n", o->seq);
    fprintf(o->out, "# %zu passed, %zu failed\n", passed, failed);
    break;
  case FMT_JUNIT:
    if (baseline_json)
      junit_now_passing(o, baseline_json);
    fputs("</testsuites>\n", o->out);
    break;
  case FMT_JSON:
    fputs("\n],\n\"adapters\": {", o->out);
    for (size_t i = 0; i < n; i++) {
      struct buf *b = &o->line;
      b->len = 0;
      buf_puts(b, i ? ",\n  " : "\n  ");
      put_str(b, adapters[i].adapter);
      buf_puts(b, ": ");
      stats_json(b, &adapters[i]);
      fwrite(b->p, 1, b->len, o->out);
    }
    fprintf(o->out, "},\n\"passed\": %zu, \"failed\": %zu", passed, failed);
    if (interrupted_run)
      fputs(", \"interrupted\": true", o->out);
    if (baseline_json) {
      fputs(",\n\"baseline\": ", o->out);
      json_dumpf(baseline_json, o->out, JSON_COMPACT);
    }
    fputs("}\n", o->out);
    break;
  }
  fflush(o->out);
}
