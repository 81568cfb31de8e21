/* cmd_fetch.c: `uritest fetch` (DESIGN.md "The fetch lab"): every input
 * through the fetchers' HTTP clients inside the lab (lab.h), one fetch at a
 * time per client, each result carrying where the client connected and
 * that endpoint judged (endpoint.h) against the RFC 3986 reading and
 * against the fetcher's own parse when it has one. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adapter.h"
#include "classify.h"
#include "codec_json.h"
#include "commands.h"
#include "endpoint.h"
#include "files.h"
#include "lab.h"
#include "output.h"
#include "pairs.h"
#include "rfc3986.h"

static const char usage_text[] =
    "usage: uritest fetch [--adapter NAME]... [--adapter-cmd CMD]...\n"
    "                     [--vectors PATH]... [FILE|-] [--format text|json]\n"
    "                     [--timeout S]\n"
    "Fetch every input with every fetcher's HTTP client inside a private\n"
    "network namespace where every name resolves to an address of the lab\n"
    "and every connection lands on the lab's listeners: where each client\n"
    "connected (name, address, port, Host header, TLS server name), judged\n"
    "against the RFC 3986 reading (its lenient reading where RFC 3986\n"
    "rejects the input) and, when the fetcher parses too, its own parse.\n"
    "Needs root (unshare -n -m); without it the fetches are skipped, said\n"
    "once.  Inputs: the parse vectors (default all of vectors/v1), or one\n"
    "per line from FILE or standard input.  Exit 0 when every connection\n"
    "went where RFC 3986 says, 1 when one went elsewhere (endpoint\n"
    "\"different\"), 2 on usage or input error.\n"
    "  --adapter NAME     a registered adapter (several; default: every\n"
    "                     available one whose adapter.json says \"fetch\")\n"
    "  --adapter-cmd CMD  an adapter's command line (several; default: "
    "none)\n"
    "  --vectors PATH     vector file or folder (several; default: "
    "vectors/v1)\n"
    "  --format FORMAT    text or json (default: text)\n"
    "  --timeout S        seconds for each fetch (default: 5)\n"
    "  --help             this text\n"
    "example: uritest fetch --adapter curl --format json confusions.txt\n";

/* ---- judging an observed connection ------------------------------------ */

/* The protocol connection O spoke ("http", "https"), NULL: none said. */
static const char *conn_scheme(const struct lab_conn *o) {
  return o->tls ? "https" : o->http ? "http" : NULL;
}

/* The endpoint of the connection O (endpoint_observed); O NULL: no host. */
static void observed_endpoint(const struct lab_conn *o, char *port, size_t cap,
                              struct endpoint *e) {
  if (!o) {
    endpoint_observed(e, NULL, NULL, 0, 0, port, cap);
    return;
  }
  endpoint_observed(e, conn_scheme(o), o->name ? o->name : o->address,
                    o->name ? o->name_len : strlen(o->address), o->port, port,
                    cap);
}

/* The observed connection O (NULL: none) judged against REF (endpoint.h):
 * its class name, *SEV the worst differing part. */
static const char *judge(const struct endpoint *ref, const struct lab_conn *o,
                         int *sev) {
  struct endpoint obs;
  struct endpoint_judgement jd;
  char port[16];
  observed_endpoint(o, port, sizeof port, &obs);
  endpoint_judge(ref, &obs, &jd);
  /* a written port that is no port names none: any port is another */
  if (o && jd.cls == EP_SAME && jd.same[SEV_HOST] &&
      endpoint_port_unusable(ref)) {
    jd.cls = EP_DIFFERENT;
    jd.severity = SEV_PORT;
  }
  *sev = jd.cls == EP_DIFFERENT ? jd.severity : SEV_NONE;
  return endpoint_class_names[jd.cls];
}

/* "same", "different" or "host-lost" for input IN fetched with observed
 * connection O, against RFC 3986's reading of IN (its lenient reading
 * where RFC 3986 rejects IN, as for any result). */
static const char *judge_rfc(const char *in, size_t len,
                             const struct lab_conn *o, int *sev) {
  struct endpoint rfc;
  char *buf = xmalloc(len + 1);
  endpoint_reference(&rfc, in, len, buf);
  const char *v = judge(&rfc, o, sev);
  free(buf);
  return v;
}

/* The connection O against the fetcher's own parse PARSED ({"valid",
 * "components"}): does the client connect where its parser reads the
 * endpoint?  NULL when it has no parse or its parse rejects the input. */
static const char *judge_own(json_t *parsed, const struct lab_conn *o) {
  if (!json_is_true(json_object_get(parsed, "valid")))
    return NULL;
  json_t *comps = json_object_get(parsed, "components");
  struct value c[RFC3986_COMPONENT_COUNT];
  char *own[RFC3986_COMPONENT_COUNT];
  for (int k = 0; k < RFC3986_COMPONENT_COUNT; k++)
    c[k] = answer_comp(comps, k, &own[k]);
  struct endpoint e;
  endpoint_of(&e, c);
  int sev;
  const char *v = judge(&e, o, &sev);
  for (int k = 0; k < RFC3986_COMPONENT_COUNT; k++)
    free(own[k]);
  return v;
}

/* ---- results ------------------------------------------------------------ */

static json_t *octets_json(const char *s, size_t n) {
  return s ? codec_json_from(s, n) : json_null();
}

static json_t *conn_json(const struct lab_conn *c) {
  json_t *o = json_object();
  const char *scheme = conn_scheme(c);
  json_object_set_new(o, "scheme", scheme ? json_string(scheme) : json_null());
  json_object_set_new(o, "name", octets_json(c->name, c->name_len));
  json_object_set_new(o, "address", json_string(c->address));
  json_object_set_new(o, "port", json_integer(c->port));
  json_object_set_new(o, "host_header",
                      octets_json(c->host_header, c->host_len));
  json_object_set_new(o, "sni", octets_json(c->sni, c->sni_len));
  json_object_set_new(o, "request_line",
                      octets_json(c->request_line, c->request_len));
  return o;
}

static const char *qtype_name(unsigned t, char *tmp, size_t cap) {
  if (t == 1 || t == 28 || t == 65)
    return t == 1 ? "A" : t == 28 ? "AAAA" : "HTTPS";
  snprintf(tmp, cap, "TYPE%u", t);
  return tmp;
}

static json_t *asked_json(const struct lab_record *r) {
  json_t *a = json_array();
  char tmp[16];
  for (size_t i = 0; i < r->nquestions; i++) {
    const struct lab_question *q = &r->questions[i];
    json_array_append_new(
        a, json_pack("{s:o,s:s}", "name", codec_json_from(q->name, q->name_len),
                     "type", qtype_name(q->type, tmp, sizeof tmp)));
  }
  return a;
}

struct fjob {
  struct lab *lab;
  char **in;
  size_t *len;
  const char *adapter, *library;
  json_t *results;
  json_t *timing;   /* per fetcher: fetches, seconds (start-up excluded) */
  json_t **parsed;  /* per input, the current fetcher's parse, or NULL */
  size_t *input_of; /* per result, its input */
  int differ;
};

/* The result of fetch I: CLS (CLASS_PASS when the client answered),
 * REFUSED, the client's ERROR (may be NULL). */
static void take(struct fjob *j, size_t i, int cls, int refused,
                 const char *error) {
  struct lab_record r;
  lab_collect(j->lab, &r);
  const struct lab_conn *o = lab_observed(&r);
  int sev;
  const char *verdict = judge_rfc(j->in[i], j->len[i], o, &sev);
  json_t *x = json_object();
  json_object_set_new(x, "adapter", json_string(j->adapter));
  json_object_set_new(x, "library", json_string(j->library));
  json_object_set_new(x, "input", codec_json_from(j->in[i], j->len[i]));
  json_object_set_new(x, "class",
                      cls == CLASS_PASS ? json_null()
                                        : json_string(class_names[cls]));
  json_object_set_new(x, "refused", json_boolean(refused));
  if (error)
    json_object_set_new(x, "error", codec_json_from(error, strlen(error)));
  json_object_set_new(x, "observed", o ? conn_json(o) : json_null());
  json_object_set_new(x, "connections", json_integer((json_int_t)r.total));
  json_object_set_new(x, "asked", asked_json(&r));
  json_object_set_new(x, "endpoint", json_string(verdict));
  json_object_set_new(x, "severity",
                      sev ? json_string(severity_names[sev]) : json_null());
  if (j->parsed && j->parsed[i]) {
    const char *own = judge_own(j->parsed[i], o);
    json_object_set(x, "parsed", j->parsed[i]);
    json_object_set_new(x, "parse_endpoint",
                        own ? json_string(own) : json_null());
  }
  j->differ |= sev != SEV_NONE;
  size_t k = json_array_size(j->results);
  j->input_of = xrealloc(j->input_of, (k + 1) * sizeof *j->input_of);
  j->input_of[k] = i;
  json_array_append_new(j->results, x);
  lab_record_free(&r);
}

static void encode(void *ctx, size_t i, long id, struct buf *b) {
  struct fjob *j = ctx;
  lab_begin(j->lab, j->in[i], j->len[i]);
  request_fetch(b, id, j->in[i], j->len[i]);
}

static void answer(void *ctx, size_t i, json_t *ans, const char *line,
                   size_t len) {
  struct fjob *j = ctx;
  (void)line;
  (void)len;
  json_t *valid = json_object_get(ans, "valid");
  const char *err = json_string_value(json_object_get(ans, "error"));
  if (json_is_string(json_object_get(ans, "unsupported")))
    take(j, i, CLASS_UNSUPPORTED, 0,
         json_string_value(json_object_get(ans, "unsupported")));
  else if (!json_is_boolean(valid))
    take(j, i, CLASS_PROTOCOL_ERROR, 0,
         err ? err : "answer field valid: not true or false");
  else
    take(j, i, CLASS_PASS, json_is_false(valid), err);
}

static void fail(void *ctx, size_t i, int cls, const char *why) {
  take(ctx, i, cls, 0, why);
}

/* ---- output -------------------------------------------------------------- */

static void text_octets(FILE *f, json_t *v) {
  json_t *hex = json_object_get(v, "hex"); /* octets that are not UTF-8 */
  if (json_is_string(v))
    out_human(f, json_string_value(v), json_string_length(v));
  else if (json_is_string(hex)) {
    fputs("hex:", f);
    put_labels(f, json_string_value(hex));
  } else
    fputs("-", f);
}

/* HOST and PORT of reading R as text. */
static void text_host_port(json_t *r) {
  fputs("host ", stdout);
  text_octets(stdout, json_object_get(r, "host"));
  fputs(" port ", stdout);
  text_octets(stdout, json_object_get(r, "port"));
}

static void text_sv(const struct value *v) {
  if (v->state == VALUE_OCTETS)
    out_human(stdout, v->s, v->len);
  else
    fputs("-", stdout);
}

/* The reading the connections are judged against, as text: RFC 3986's
 * host and port of IN, or its lenient reading where RFC 3986 rejects IN. */
static void text_rfc(const char *in, size_t len) {
  struct endpoint e;
  char *buf = xmalloc(len + 1);
  fputs(endpoint_reference(&e, in, len, buf)
            ? "  RFC 3986: host "
            : "  RFC 3986 rejects it, read leniently: host ",
        stdout);
  text_sv(&e.host);
  fputs(" port ", stdout);
  text_sv(&e.port);
  putchar('\n');
  free(buf);
}

/* One fetcher's line: how it parses the input, where it connected. */
static void text_result(json_t *x) {
  json_t *o = json_object_get(x, "observed"), *p = json_object_get(x, "parsed");
  const char *name = json_string_value(json_object_get(x, "adapter"));
  size_t w = name ? strlen(name) : 1;
  fputs("  ", stdout); /* a name from a hello: the terminal escape */
  put_labels(stdout, name ? name : "?");
  printf("%*s ", w < 18 ? (int)(18 - w) : 0, "");
  if (json_is_object(p) && json_is_true(json_object_get(p, "valid"))) {
    fputs("parses ", stdout);
    text_host_port(json_object_get(p, "components"));
    fputs("; ", stdout);
  } else if (json_is_object(p)) {
    fputs("parse rejects; ", stdout);
  }
  if (json_is_object(o)) {
    fputs("connects to ", stdout);
    text_octets(stdout, json_object_get(o, "name"));
    printf(" %s port %lld Host: ",
           json_string_value(json_object_get(o, "address")),
           (long long)json_integer_value(json_object_get(o, "port")));
    text_octets(stdout, json_object_get(o, "host_header"));
    fputs(" SNI: ", stdout);
    text_octets(stdout, json_object_get(o, "sni"));
  } else {
    fputs(json_is_true(json_object_get(x, "refused")) ? "refused"
                                                      : "no connection",
          stdout);
  }
  json_t *cls = json_object_get(x, "class");
  if (json_is_string(cls))
    printf(" %s", json_string_value(cls));
  json_t *sev = json_object_get(x, "severity");
  printf(" [%s%s%s]", json_string_value(json_object_get(x, "endpoint")),
         json_is_string(sev) ? " " : "",
         json_is_string(sev) ? json_string_value(sev) : "");
  json_t *own = json_object_get(x, "parse_endpoint");
  if (json_is_string(own))
    printf(" [own parse: %s]", json_string_value(own));
  putchar('\n');
}

/* Where requests go: per input, the RFC 3986 reading, then each
 * fetcher's own parse beside where it connected. */
static void print_view(const struct fjob *j, size_t n) {
  size_t nres = json_array_size(j->results);
  for (size_t i = 0; i < n; i++) {
    out_human(stdout, j->in[i], j->len[i]);
    putchar('\n');
    text_rfc(j->in[i], j->len[i]);
    for (size_t k = 0; k < nres; k++)
      if (j->input_of[k] == i)
        text_result(json_array_get(j->results, k));
  }
}

static void print_skipped(const struct input_opts *o, const char *why) {
  fprintf(stderr, "uritest fetch: skipped: %s\n", why);
  if (o->json) {
    json_t *doc = json_pack("{s:s,s:[]}", "skipped", why, "results");
    json_dumpf(doc, stdout, JSON_INDENT(1) | JSON_ENSURE_ASCII);
    putchar('\n');
    json_decref(doc);
  }
}

/* The fetchers: those named, else every available one saying "fetch". */
static int select_fetchers(struct registry *reg, const struct input_opts *o,
                           struct adapter_def ***defs, size_t *n,
                           struct adapter_def ***cmd_defs, size_t *ncmd) {
  if (o->nnames || o->ncmds)
    return registry_select(reg, o->names, o->nnames, o->cmds, o->ncmds, 1, defs,
                           n, cmd_defs, ncmd);
  for (size_t i = 0; i < reg->n; i++) {
    struct adapter_def *d = &reg->defs[i];
    if (!d->fetch)
      continue;
    adapter_def_check(d);
    if (!d->available) {
      warnx_("fetcher %s is not available: %s", d->name, d->why ? d->why : "?");
      continue;
    }
    *defs = xrealloc(*defs, sizeof **defs * (*n + 1));
    (*defs)[(*n)++] = d;
  }
  if (!*n) {
    warnx_("no fetcher available (adapter.json \"fetch\": true)");
    return EXIT_USAGE;
  }
  return 0;
}

/* ---- the fetcher's own parse of each input ------------------------------ */

static void parse_encode(void *ctx, size_t i, long id, struct buf *b) {
  struct fjob *j = ctx;
  request_parse(b, id, j->in[i], j->len[i], 0);
}

/* {"valid", "components"} of a parse answer, the endpoint's components
 * alone (one the library does not express is left out). */
static void parse_answer(void *ctx, size_t i, json_t *ans, const char *line,
                         size_t len) {
  struct fjob *j = ctx;
  (void)line;
  (void)len;
  json_t *valid = json_object_get(ans, "valid");
  if (!json_is_boolean(valid))
    return;
  json_t *c = json_object_get(ans, "components"), *kept = json_object();
  static const char *const keys[] = {"scheme", "userinfo", "host", "port"};
  for (size_t k = 0; k < 4; k++)
    if (json_object_get(c, keys[k]))
      json_object_set_new(kept, keys[k],
                          json_deep_copy(json_object_get(c, keys[k])));
  j->parsed[i] = json_pack("{s:O,s:o}", "valid", valid, "components", kept);
}

static void parse_fail(void *ctx, size_t i, int cls, const char *why) {
  (void)ctx;
  (void)i;
  (void)cls;
  (void)why;
}

/* Every input through fetcher AD's parse, when it has one: its reading
 * goes beside its connection. */
static void parse_all(struct adapter *ad, struct fjob *j, size_t n) {
  for (size_t i = 0; i < n; i++) {
    json_decref(j->parsed[i]);
    j->parsed[i] = NULL;
  }
  if (!(ad->ops & (1u << OP_PARSE)))
    return;
  struct job job = {j, n, parse_encode, parse_answer, parse_fail, NULL, 0};
  adapter_run(ad, &job);
}

/* Every input through fetcher AD (started), one fetch at a time. */
static void run_fetcher(struct adapter *ad, struct fjob *j, size_t n) {
  if (!ad->fetch) {
    warnx_("adapter %s does not answer the op fetch: left out", ad->name);
    return;
  }
  j->adapter = ad->name;
  j->library = ad->library;
  parse_all(ad, j, n);
  struct job job = {j, n, encode, answer, fail, NULL, 1};
  double t0 = now_mono();
  adapter_run(ad, &job);
  double secs = now_mono() - t0;
  json_array_append_new(j->timing,
                        json_pack("{s:s,s:s,s:I,s:f,s:f}", "adapter", ad->name,
                                  "library", ad->library, "fetches",
                                  (json_int_t)n, "seconds", secs, "per_second",
                                  secs > 0 ? n / secs : 0.0));
}

static int fetch_all(const struct input_opts *o, struct adapter_def **defs,
                     size_t nad, struct fjob *j, size_t n) {
  char why[256];
  j->lab = lab_start(why, sizeof why);
  if (!j->lab) {
    warnx_("fetch: %s", why);
    return EXIT_USAGE;
  }
  install_signal_handlers();
  for (size_t k = 0; k < nad && !interrupted; k++) {
    struct adapter ad;
    adapter_init(&ad, defs[k], 10, o->timeout);
    if (adapter_start(&ad) == 0)
      run_fetcher(&ad, j, n);
    else
      warnx_("adapter %s: given up: %s", ad.name ? ad.name : defs[k]->name,
             ad.last_why);
    adapter_stop(&ad);
    adapter_free(&ad);
  }
  lab_stop(j->lab);
  return interrupted ? 128 + interrupted : 0;
}

int cmd_fetch(int argc, char **argv) {
  struct input_opts o;
  memset(&o, 0, sizeof o);
  o.timeout = 5;
  struct vectors vec;
  memset(&vec, 0, sizeof vec);
  struct registry reg;
  memset(&reg, 0, sizeof reg);
  struct arena a = {0};
  struct fjob j;
  memset(&j, 0, sizeof j);
  size_t n = 0, nad = 0, ncmd = 0;
  struct adapter_def **defs = NULL, **cmd_defs = NULL;
  char why[512];
  int rc = input_opts_parse(argc, argv, &o, "fetch", usage_text, 0), entered;
  if (rc)
    goto out;
  if ((entered = lab_enter(why, sizeof why)) != 0) {
    if (entered > 0)
      print_skipped(&o, why);
    else
      warnx_("fetch: the lab cannot be made: %s", why);
    rc = entered > 0 ? EXIT_OK : EXIT_USAGE;
    goto out;
  }
  if ((rc = inputs_load(o.file, o.vpaths, o.nv, &vec, &a, &j.in, &j.len, &n)))
    goto out;
  registry_load(&reg);
  if ((rc = select_fetchers(&reg, &o, &defs, &nad, &cmd_defs, &ncmd)))
    goto out;
  j.results = json_array();
  j.timing = json_array();
  j.parsed = xcalloc(n + 1, sizeof *j.parsed);
  if ((rc = fetch_all(&o, defs, nad, &j, n)))
    goto out;
  if (o.json) {
    json_t *doc =
        json_pack("{s:O,s:O}", "fetchers", j.timing, "results", j.results);
    json_dumpf(doc, stdout, JSON_INDENT(1) | JSON_ENSURE_ASCII);
    putchar('\n');
    json_decref(doc);
  } else {
    print_view(&j, n);
  }
  rc = j.differ ? EXIT_NEGATIVE : EXIT_OK;
out:
  json_decref(j.results);
  json_decref(j.timing);
  for (size_t i = 0; j.parsed && i < n; i++)
    json_decref(j.parsed[i]);
  free(j.parsed);
  free(j.input_of);
  for (size_t i = 0; i < ncmd; i++)
    adapter_def_free(cmd_defs[i]);
  free(cmd_defs);
  free(defs);
  registry_free(&reg);
  free(j.in);
  free(j.len);
  arena_free(&a);
  vectors_free(&vec);
  free(o.names);
  free(o.cmds);
  free(o.vpaths);
  return rc < 0 ? 0 : rc;
}
