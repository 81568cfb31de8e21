/*
 * diff.c: differential fuzz target, the reference against one library.
 *
 * Linked once per built C/C++ glue (diff_NAME, fuzz/fuzz.mk) with that
 * adapter's glue (adapters/<name>/glue.c + adapters/common/reading.c, in
 * process) and its known behaviours, printed from
 * adapters/<name>/behaviours.json by the harness's reader (see known.h);
 * conditions and predictions are adapters/common/'s, the harness's too.
 *
 * Input: the first octet chooses the op as in the reference target ('1':
 * syntax-based normalization; '3' or '4': strict resolution, the rest split
 * at the first LF into base and reference; anything else: parse).  An op
 * the library lacks is skipped.  Both readings are taken, every
 * disagreement is classified (library-rejects, library-accepts, one per
 * differing component, target, normalized) and explained by the known
 * behaviour whose prediction is the library's answer; one that no entry
 * explains prints "FUZZ-FINDING {json}" with both readings and aborts.
 *
 * FUZZ_KNOWN_DISABLE=id,id leaves those behaviours out.
 *
 * FUZZ_DIFF_SURVEY=1 in the environment prints every disagreement
 * (explained or not, with the class that explained it) and never aborts:
 * `make fuzz-survey` uses it to see which classes a corpus exercises.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adapters/common/classes.h"
#include "adapters/common/codec.h"
#include "adapters/common/conditions.h"
#include "adapters/common/glue.h"
#include "known.h"
#include "rfc3986.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

/* A disagreement (adapters/common/conditions.h). */
#define diff_ctx cond_ctx

static const struct value *val(const struct adapter_reading *r, int c) {
  return &r->comp[c];
}
static const char *vptr(const struct adapter_reading *r, int c) {
  return val(r, c)->s;
}

/* ---- classification --------------------------------------------------- */

/* FUZZ_KNOWN_DISABLE=id,id: behaviours left out (what would fuzzing find
 * if the library fixed these?); also how triage is tested. */
static const char *disabled;

/* The behaviour whose condition holds on X and whose prediction is the
 * library's answer there, or NULL. */
static const struct known_entry *explain(const struct diff_ctx *x,
                                         const char *kind) {
  (void)kind; /* a prediction is of the whole answer */
  for (size_t i = 0; i < known_count; i++) {
    const struct known_entry *e = &known_entries[i];
    if (disabled && behaviour_lists(disabled, e->rule.id))
      continue;
    if (behaviour_judge_rule(&e->rule, &e->predict, x, x->ref, 0) == 2)
      return e;
  }
  return NULL;
}

/* ---- printing --------------------------------------------------------- */

/* Octets the protocol's way (adapters/common/codec.h): text and values as
 * JSON strings when UTF-8, else {"hex": ...}; inputs as KEY or KEY_hex. */
static void put_str(FILE *f, const char *s, size_t n) {
  struct codec_out o = codec_out_file(f);
  codec_string(&o, s, n);
}

static void put_value(FILE *f, const char *s, size_t n) {
  struct codec_out o = codec_out_file(f);
  codec_value(&o, s, n);
}

static void put_field(FILE *f, const char *key, const char *s, size_t n) {
  struct codec_out o = codec_out_file(f);
  fputs(", ", f);
  codec_field(&o, key, s, n);
}

static void put_reading(FILE *f, const struct adapter_reading *r, int produced,
                        const char *out_key) {
  if (r->unsupported) {
    fprintf(f, "{\"unsupported\": ");
    put_str(f, r->unsupported, strlen(r->unsupported));
    fputc('}', f);
    return;
  }
  fprintf(f, "{\"valid\": %s", r->valid ? "true" : "false");
  if (produced && r->valid && r->output.state == VALUE_OCTETS) {
    fprintf(f, ", \"%s\": ", out_key);
    put_value(f, r->output.s, r->output.len);
  }
  if (!produced && r->valid) {
    fprintf(f, ", \"components\": {");
    int first = 1;
    for (int c = 0; c < RFC3986_COMPONENT_COUNT; c++) {
      if (r->comp[c].state == VALUE_ABSENT)
        continue;
      fprintf(f, "%s\"%s\": ", first ? "" : ", ",
              rfc3986_component_name((rfc3986_component)c));
      first = 0;
      if (r->comp[c].state == VALUE_NULL)
        fprintf(f, "null");
      else
        put_value(f, vptr(r, c), r->comp[c].len);
    }
    fputc('}', f);
  }
  fputc('}', f);
}

static int survey;

/* One disagreement: explained (survey: print it) or fatal. */
static void disagree(const struct diff_ctx *x, const char *kind) {
  const struct known_entry *e = explain(x, kind);
  if (e && !survey)
    return;
  int resolve = strcmp(x->op, "resolve") == 0;
  int produced = strcmp(x->op, "parse") != 0; /* resolve, normalize */
  fprintf(stderr,
          "FUZZ-FINDING {\"target\": \"diff_%s\", \"adapter\": \"%s\", "
          "\"op\": \"%s\", \"kind\": \"%s\", \"component\": %s%s%s, "
          "\"known\": ",
          diff_adapter, diff_adapter, x->op, kind, x->comp >= 0 ? "\"" : "",
          x->comp >= 0 ? rfc3986_component_name((rfc3986_component)x->comp)
                       : "null",
          x->comp >= 0 ? "\"" : "");
  if (e)
    put_str(stderr, e->rule.id, strlen(e->rule.id));
  else
    fputs("null", stderr);
  if (resolve)
    put_field(stderr, "base", x->base, x->base_len);
  put_field(stderr, "input", x->in, x->len);
  fprintf(stderr, ", \"reference\": ");
  put_reading(stderr, x->ref, produced, resolve ? "target" : "normalized");
  fprintf(stderr, ", \"%s\": ", diff_adapter);
  put_reading(stderr, x->lib, produced, resolve ? "target" : "normalized");
  fprintf(stderr, "}\n");
  if (!e && !survey)
    abort();
}

static int same_value(const struct value *va, const struct value *vb) {
  if (va->state != vb->state)
    return 0;
  if (va->state != VALUE_OCTETS)
    return 1;
  return va->len == vb->len && memcmp(va->s, vb->s, va->len) == 0;
}

/* Compare two readings; call report for every disagreement.  Returns the
 * number of disagreements. */
static int compare(struct diff_ctx *x,
                   void (*report)(const struct diff_ctx *, const char *,
                                  void *),
                   void *arg) {
  int n = 0;
  const struct adapter_reading *r = x->ref, *l = x->lib;
  if (!r || !l)
    return 0; /* the library has no such op */
  if (l->unsupported || r->unsupported || l->oom || r->oom)
    return 0;
  x->comp = -1;
  if (r->valid && !l->valid) {
    report(x, result_classes[CLASS_SHOULD_HAVE_ACCEPTED].kind, arg);
    return 1;
  }
  if (!r->valid && l->valid) {
    report(x, result_classes[CLASS_SHOULD_HAVE_REJECTED].kind, arg);
    return 1;
  }
  if (!r->valid)
    return 0;
  if (strcmp(x->op, "parse") != 0) {
    if (!same_value(&r->output, &l->output)) {
      report(x,
             result_classes[strcmp(x->op, "resolve") == 0
                                ? CLASS_RESOLVE_MISMATCH
                                : CLASS_NORMALIZE_MISMATCH]
                 .kind,
             arg);
      n++;
    }
    return n;
  }
  for (int c = 0; c < RFC3986_COMPONENT_COUNT; c++) {
    if (l->comp[c].state == VALUE_ABSENT)
      continue;
    if (!same_value(&r->comp[c], &l->comp[c])) {
      x->comp = c;
      report(x, result_classes[CLASS_COMPONENT_MISMATCH].kind, arg);
      n++;
    }
  }
  x->comp = -1;
  return n;
}

static void report_disagree(const struct diff_ctx *x, const char *kind,
                            void *arg) {
  (void)arg;
  disagree(x, kind);
}

static struct adapter_reading ref_r, lib_r;

static void run(struct diff_ctx *x) {
  reading_reset(&ref_r);
  reading_reset(&lib_r);
  x->ref = x->lib = NULL;
  int rr, lr;
  if (strcmp(x->op, "normalize") == 0) {
    if (!diff_glue->normalize)
      return;
    rr = glue_reference.normalize(x->in, x->len, GLUE_LEVEL_SYNTAX, &ref_r);
    lr = diff_glue->normalize(x->in, x->len, GLUE_LEVEL_SYNTAX, &lib_r);
  } else if (strcmp(x->op, "resolve") == 0) {
    if (!diff_glue->resolve)
      return;
    rr = glue_reference.resolve(x->base, x->base_len, x->in, x->len, 1, &ref_r);
    lr = diff_glue->resolve(x->base, x->base_len, x->in, x->len, 1, &lib_r);
  } else {
    rr = glue_reference.parse(x->in, x->len, NULL, &ref_r);
    lr = diff_glue->parse(x->in, x->len, NULL, &lib_r);
  }
  if (rr < 0 || lr < 0)
    abort(); /* out of memory */
  x->ref = &ref_r;
  x->lib = &lib_r;
}

/* ---- start-up self-check of the known list ---------------------------- */

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)argc;
  (void)argv;
  const char *s = getenv("FUZZ_DIFF_SURVEY");
  survey = s && *s && strcmp(s, "0") != 0;
  disabled = getenv("FUZZ_KNOWN_DISABLE");
  reading_init(&ref_r);
  reading_init(&lib_r);
  int bad = 0;
  for (size_t i = 0; i < known_count; i++) {
    struct known_entry *e = &known_entries[i];
    for (const char *const *w = e->rule.when; *w; w++)
      if (!condition_named(*w)) {
        fprintf(stderr,
                "adapters/%s/behaviours.json: %s: unknown condition \"%s\"\n",
                diff_adapter, e->rule.id, *w);
        bad = 1;
      }
    if (e->input_re && regcomp(&e->re, e->input_re, REG_EXTENDED | REG_NOSUB))
      bad = 1;
    else if (e->input_re)
      e->rule.input_re = &e->re;
    if (e->input_not_re &&
        regcomp(&e->not_re, e->input_not_re, REG_EXTENDED | REG_NOSUB))
      bad = 1;
    else if (e->input_not_re)
      e->rule.input_not_re = &e->not_re;
  }
  if (bad)
    abort();
  for (size_t i = 0; i < known_count; i++) {
    const struct known_entry *e = &known_entries[i];
    if ((disabled && behaviour_lists(disabled, e->rule.id)) || !e->example)
      continue;
    struct diff_ctx x = {e->example_op,
                         e->example,
                         e->example_len,
                         e->example_base,
                         e->example_base_len,
                         NULL,
                         NULL,
                         -1,
                         NULL,
                         0};
    run(&x);
    if (!x.ref)
      continue; /* an op the library lacks */
    if (behaviour_judge_rule(&e->rule, &e->predict, &x, x.ref, 0) != 2) {
      fprintf(stderr,
              "adapters/%s/behaviours.json: %s: on its example, the "
              "prediction is not the library's answer\n",
              diff_adapter, e->rule.id);
      int saved = survey;
      survey = 1;
      compare(&x, report_disagree, NULL);
      survey = saved;
      bad = 1;
    }
  }
  if (bad)
    abort();
  return 0;
}

/* The protocol op run for each value of the first octet (ops.h). */
static const char *const diff_ops[] = {
#define FUZZ_OP(id, name, diff) diff,
#include "ops.h"
#undef FUZZ_OP
};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size == 0)
    return 0;
  const char *op =
      diff_ops[(data[0] & 0x0f) % (sizeof diff_ops / sizeof *diff_ops)];
  struct diff_ctx x = {
      op, (const char *)data + 1, size - 1, NULL, 0, NULL, NULL, -1, NULL, 0};
  if (strcmp(op, "resolve") == 0) {
    const char *lf = memchr(x.in, '\n', x.len);
    if (!lf)
      return 0;
    x.base = x.in;
    x.base_len = (size_t)(lf - x.in);
    x.in = lf + 1;
    x.len = x.len - x.base_len - 1;
  }
  run(&x);
  compare(&x, report_disagree, NULL);
  return 0;
}
