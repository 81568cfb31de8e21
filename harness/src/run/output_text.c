/* output_text.c: the text pieces of the reports (output.c): values for
 * people, a verdict described, what was expected and what came, XML text. */
#include <stdlib.h>
#include <string.h>

#include "adapter.h"
#include "files.h"
#include "output.h"
#include "codec_json.h"

void out_xml_text(FILE *f, const char *s, size_t n) {
  for (size_t i = 0; i < n; i++) {
    unsigned char c = (unsigned char)s[i];
    switch (c) {
    case '<':
      fputs("&lt;", f);
      break;
    case '>':
      fputs("&gt;", f);
      break;
    case '&':
      fputs("&amp;", f);
      break;
    case '"':
      fputs("&quot;", f);
      break;
    default:
      if (c < 0x20 && c != '\t' && c != '\n')
        fprintf(f, "\\x%02x", c);
      else if (c >= 0x80 && !codec_utf8_valid(s + i, 1)) {
        /* keep well-formed UTF-8, escape stray octets */
        size_t k = i;
        while (k < n && (unsigned char)s[k] >= 0x80)
          k++;
        if (codec_utf8_valid(s + i, k - i)) {
          fwrite(s + i, 1, k - i, f);
        } else {
          for (size_t m = i; m < k; m++)
            fprintf(f, "\\x%02x", (unsigned char)s[m]);
        }
        i = k - 1;
      } else {
        fputc(c, f);
      }
    }
  }
}

/* Printable text for people: control octets and non-ASCII escaped. */
void out_human(FILE *f, const char *s, size_t n) {
  fputc('"', f);
  for (size_t i = 0; i < n; i++) {
    unsigned char c = (unsigned char)s[i];
    if (c == '"' || c == '\\')
      fprintf(f, "\\%c", c);
    else if (c >= 0x20 && c < 0x7f)
      fputc(c, f);
    else
      fprintf(f, "\\x%02x", c);
    if (i == 200 && n > 240) {
      fprintf(f, "...(%zu octets)", n);
      break;
    }
  }
  fputc('"', f);
}

void out_describe(FILE *f, const struct verdict *v) {
  fputs(class_names[v->cls], f);
  for (int i = 0; i < v->nmis; i++) {
    fputs(i ? ", " : " ", f);
    put_labels(f, v->mis[i].name);
    fprintf(f, " (%s)", mismatch_kind_names[v->mis[i].kind]);
  }
  if (v->security_relevant)
    fprintf(f, " [security-relevant: %s]", severity_names[v->severity]);
  else if (v->endpoint == EP_HOST_LOST)
    fputs(" [host-lost]", f);
  if (v->why) {
    fputs(": ", f);
    put_labels(f, v->why);
  }
}

/* A value for people: "..." or null, or "(not given)". */
static void out_human_sv(FILE *f, const struct value *v) {
  if (v->state == VALUE_OCTETS)
    out_human(f, v->s, v->len);
  else
    fputs(v->state == VALUE_NULL ? "null" : "(not given)", f);
}

static void out_human_json(FILE *f, json_t *j) {
  struct value v;
  char *own;
  int st = codec_json_value(j, &v, &own);
  if (st == VALUE_OCTETS) {
    out_human(f, v.s, v.len);
  } else if (st == VALUE_ABSENT) {
    fputs("(absent)", f);
  } else {
    char *t = json_dumps(j, JSON_ENCODE_ANY | JSON_COMPACT);
    fputs(t ? t : "?", f);
    free(t);
  }
  free(own);
}

/* Text output of a COMPONENT_MISMATCH: each component's expected value
 * and the answer's. */
static void explain_components(FILE *f, const struct result *r, json_t *ans) {
  const struct verdict *v = r->v;
  int whatwg = r->t && r->t->spec == SPEC_WHATWG;
  json_t *got = json_object_get(ans, whatwg ? "whatwg" : "components");
  json_t *ref = r->t ? NULL : reference_parse_json(r->input, r->input_len);
  for (int i = 0; i < v->nmis; i++) {
    const char *name = v->mis[i].name;
    fprintf(f, "    %s: expected ", name);
    if (ref) {
      out_human_json(f,
                     json_object_get(json_object_get(ref, "components"), name));
    } else if (r->t) { /* no reference reading: a vector's result */
      for (int c = 0; c < (whatwg ? G__COUNT : RFC3986_COMPONENT_COUNT); c++)
        if (!strcmp(whatwg ? getter_names[c] : rfc3986_component_name(c), name))
          out_human_sv(f, whatwg ? &r->t->getters[c] : &r->t->comps[c]);
    }
    fputs(", got ", f);
    out_human_json(f, json_object_get(got, name));
    fputc('\n', f);
  }
  json_decref(ref);
}

/* Text output: what was expected and what came, for each difference: the
 * answer member the class compares (classes.h), held to the vector's. */
void out_explain(FILE *f, const struct result *r) {
  const struct verdict *v = r->v;
  json_t *ans = r->answer;
  const struct result_class *rc = &result_classes[v->cls];
  const char *key = rc->answer;
  if (!ans || !key || !strcmp(key, "valid"))
    return;
  if (!strcmp(key, "components")) {
    explain_components(f, r, ans);
    return;
  }
  if (!rc->vector) { /* no expected string: the why says */
    fputs("    written back: ", f);
    out_human_json(f, json_object_get(ans, key));
    fputc('\n', f);
    return;
  }
  if (!strcmp(key, "equivalent")) {
    if (r->t)
      fprintf(f, "    equivalent: expected %s, got ",
              r->t->equivalent ? "true" : "false");
    out_human_json(f, json_object_get(ans, key));
    fputc('\n', f);
    return;
  }
  const struct value *want = r->t ? class_expected(r->t, v->cls) : NULL;
  if (!want)
    return;
  fprintf(f, "    %s: expected ", key);
  out_human_sv(f, want);
  fputs(", got ", f);
  out_human_json(f, json_object_get(ans, key));
  fputc('\n', f);
}
