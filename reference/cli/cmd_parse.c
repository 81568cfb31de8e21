/* cmd_parse.c: rfc3986 parse, match and explain. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

/* Options shared by parse, match and explain. */
struct opts {
  int json, iri, all, fast;
  const char *rule;
  int first; /* index of the first operand */
};

/* One option of parse, match or explain (cli_options). */
static int take_opt(void *ctx, int argc, char **argv, int *i) {
  struct opts *o = ctx;
  const char *a = argv[*i];
  if (strcmp(a, "--json") == 0)
    o->json = 1;
  else if (strcmp(a, "--iri") == 0)
    o->iri = 1;
  else if (strcmp(a, "--all") == 0)
    o->all = 1;
  else if (strcmp(a, "--fast") == 0)
    o->fast = 1;
  else if (strcmp(a, "--rule") == 0) {
    if (++*i == argc) {
      cli_usage_error("--rule needs a rule name");
      return -1;
    }
    o->rule = argv[*i];
  } else
    return 0;
  return 1;
}

/* The options into *O (cli_options); the operands are then ARGV[1..]
 * and *ARGC becomes 1 + their number. */
static int parse_opts(int *argc, char **argv, struct opts *o,
                      const char *help) {
  int n;
  memset(o, 0, sizeof *o);
  n = cli_options(*argc, argv, help, take_opt, o);
  if (n < 0)
    return CLI_USAGE;
  o->first = 1;
  *argc = 1 + n;
  return CLI_OK;
}

static void print_error_json(const rfc3986_error *err) {
  const char *msg = rfc3986_error_message(err);
  fprintf(cli_out,
          "\"error\": {\"offset\": %zu, \"rule\": \"%s\", \"message\": ",
          err->offset, rfc3986_rule_name(err->rule));
  cli_json_string(cli_out, msg, strlen(msg));
  putc('}', cli_out);
}

static void print_error_text(const char *s, size_t len,
                             const rfc3986_error *err) {
  size_t show = err->offset < len ? err->offset : len;
  fputs("invalid: ", cli_out);
  cli_text(cli_out, s, len);
  fprintf(cli_out, "\n  at offset %zu, in rule %s: ", err->offset,
          rfc3986_rule_name(err->rule));
  if (err->offset >= len)
    fputs("the input ends too early", cli_out);
  else {
    fputs("unexpected octet ", cli_out);
    cli_text(cli_out, s + show, 1);
    fprintf(cli_out, " after \"");
    cli_text(cli_out, s, show);
    putc('"', cli_out);
  }
  putc('\n', cli_out);
}

static const char parse_help[] =
    "usage: rfc3986 parse [--json] [--rule RULE] [--iri|--fast] URI...|-\n"
    "Parse each input as a URI-reference (RFC 3986 4.1), or against RULE:\n"
    "URI, absolute-URI, relative-ref (with --iri: the RFC 3987 grammar, where\n"
    "RULE is IRI-reference, IRI, absolute-IRI or irelative-ref).\n"
    "--fast parses with rfc3986_parse_fast, the automaton generated from the\n"
    "grammar (same answers; its error rule is the Appendix B component).\n"
    "Exit 0 when all inputs are valid, 1 when any is invalid, 2 on usage "
    "error.\n";

int cmd_parse(int argc, char **argv) {
  struct opts o;
  struct cli_inputs in;
  rfc3986_rule start;
  const char *s;
  size_t len;
  int rc = CLI_OK, got;
  if (parse_opts(&argc, argv, &o, parse_help) != CLI_OK)
    return CLI_USAGE;
  start = o.iri ? RFC3986_RULE_IRI_reference : RFC3986_RULE_URI_reference;
  if (o.iri && o.fast)
    return cli_usage_error("parse: --fast has no RFC 3987 grammar (--iri)");
  if (o.rule) {
    start = rfc3986_rule_from_name(o.rule, strlen(o.rule));
    if (o.iri ? !(start == RFC3986_RULE_IRI_reference ||
                  start == RFC3986_RULE_IRI ||
                  start == RFC3986_RULE_absolute_IRI ||
                  start == RFC3986_RULE_irelative_ref)
              : !(start == RFC3986_RULE_URI_reference ||
                  start == RFC3986_RULE_URI ||
                  start == RFC3986_RULE_absolute_URI ||
                  start == RFC3986_RULE_relative_ref))
      return cli_usage_error(
          "parse: --rule must be one of %s, not '%s'",
          o.iri ? "IRI-reference, IRI, absolute-IRI, irelative-ref"
                : "URI-reference, URI, absolute-URI, relative-ref",
          o.rule);
  }
  if (o.first >= argc)
    return cli_usage_error(
        "parse: no input (give URIs, or - for standard input)");
  cli_inputs_init(&in, argc - o.first, argv + o.first);
  while ((got = cli_next_input(&in, &s, &len)) > 0) {
    rfc3986_uri uri;
    rfc3986_error err;
    rfc3986_status st = o.iri    ? rfc3986_parse_iri(s, len, start, &uri, &err)
                        : o.fast ? rfc3986_parse_fast(s, len, start, &uri, &err)
                                 : rfc3986_parse(s, len, start, &uri, &err);
    if (st != RFC3986_OK)
      rc = CLI_NEGATIVE;
    if (o.json) {
      putc('{', cli_out);
      cli_json_input(cli_out, "input", s, len);
      if (st == RFC3986_OK) {
        fprintf(cli_out,
                ", \"valid\": true, \"kind\": \"%s\", \"components\": ",
                uri.kind == RFC3986_KIND_URI ? "URI" : "relative-ref");
        cli_json_components(cli_out, &uri);
      } else {
        fputs(", \"valid\": false, ", cli_out);
        print_error_json(&err);
      }
      fputs("}\n", cli_out);
    } else if (st == RFC3986_OK) {
      static const char *const names[] = {"scheme", "authority", "userinfo",
                                          "host",   "port",      "path",
                                          "query",  "fragment"};
      const rfc3986_span spans[] = {uri.scheme, uri.authority, uri.userinfo,
                                    uri.host,   uri.port,      uri.path,
                                    uri.query,  uri.fragment};
      size_t k;
      fputs("valid ", cli_out);
      fputs(uri.kind == RFC3986_KIND_URI ? "URI: " : "relative-ref: ", cli_out);
      cli_text(cli_out, s, len);
      putc('\n', cli_out);
      for (k = 0; k < sizeof spans / sizeof spans[0]; k++) {
        cli_text_span(cli_out, names[k], s, spans[k]);
        if (k == 3 && rfc3986_span_defined(spans[k]))
          fprintf(cli_out, " (%s)", rfc3986_host_type_name(uri.host_type));
        putc('\n', cli_out);
      }
    } else {
      print_error_text(s, len, &err);
    }
  }
  cli_inputs_free(&in);
  return got < 0 ? CLI_USAGE : rc;
}

static const char match_help[] =
    "usage: rfc3986 match [--json] RULE INPUT...|-\n"
    "Whole-input match of RULE: any rule of RFC 3986 Appendix A (URI,\n"
    "IPv6address, dec-octet, segment-nz-nc, ...) or of RFC 3987 2.2 (IRI,\n"
    "IRI-reference, ihost, ucschar, ...).\n"
    "Exit 0 when every input matches, 1 when any does not, 2 on usage error.\n";

int cmd_match(int argc, char **argv) {
  struct opts o;
  struct cli_inputs in;
  rfc3986_rule rule;
  const char *s;
  size_t len;
  int rc = CLI_OK, got;
  if (parse_opts(&argc, argv, &o, match_help) != CLI_OK)
    return CLI_USAGE;
  if (o.fast)
    return cli_usage_error("match: --fast is for parse only");
  if (o.first >= argc)
    return cli_usage_error("match: a rule name is needed");
  rule = rfc3986_rule_from_name(argv[o.first], strlen(argv[o.first]));
  if (rule == RFC3986_RULE_NONE)
    return cli_usage_error("match: unknown rule '%s'", argv[o.first]);
  if (o.first + 1 >= argc)
    return cli_usage_error(
        "match: no input (give inputs, or - for standard input)");
  cli_inputs_init(&in, argc - o.first - 1, argv + o.first + 1);
  while ((got = cli_next_input(&in, &s, &len)) > 0) {
    rfc3986_error err;
    rfc3986_status st = rfc3986_match(rule, s, len, &err);
    if (st != RFC3986_OK)
      rc = CLI_NEGATIVE;
    if (o.json) {
      putc('{', cli_out);
      cli_json_input(cli_out, "input", s, len);
      fprintf(cli_out, ", \"rule\": \"%s\", \"valid\": %s",
              rfc3986_rule_name(rule), st == RFC3986_OK ? "true" : "false");
      if (st != RFC3986_OK) {
        fputs(", ", cli_out);
        print_error_json(&err);
      }
      fputs("}\n", cli_out);
    } else if (st == RFC3986_OK) {
      fprintf(cli_out, "%s matches: ", rfc3986_rule_name(rule));
      cli_text(cli_out, s, len);
      putc('\n', cli_out);
    } else {
      print_error_text(s, len, &err);
    }
  }
  cli_inputs_free(&in);
  return got < 0 ? CLI_USAGE : rc;
}

static const char explain_help[] =
    "usage: rfc3986 explain [--all] [--iri] URI\n"
    "Show the parse tree of a URI-reference: which ABNF rule matched which\n"
    "span, indented by nesting.  Single-octet rules (pchar, ipchar) are left\n"
    "out unless --all is given.  Exit 1 (with the error) when invalid.\n";

/* Whether a rule is shown without --all. */
static int explain_shows(rfc3986_rule r) {
  return r != RFC3986_RULE_pchar && r != RFC3986_RULE_ipchar &&
         r != RFC3986_RULE_unreserved && r != RFC3986_RULE_iunreserved &&
         r != RFC3986_RULE_sub_delims && r != RFC3986_RULE_ucschar;
}

int cmd_explain(int argc, char **argv) {
  struct opts o;
  rfc3986_uri uri;
  rfc3986_error err;
  rfc3986_trace_event *ev;
  rfc3986_status st;
  size_t n = 0, cap, i, len;
  const char *s;
  if (parse_opts(&argc, argv, &o, explain_help) != CLI_OK)
    return CLI_USAGE;
  if (o.fast)
    return cli_usage_error("explain: --fast is for parse only");
  if (o.first != argc - 1)
    return cli_usage_error("explain: exactly one URI is needed");
  s = argv[o.first];
  len = strlen(s);
  /* A first pass counts the events, a second records them. */
  rfc3986_parse_traced(
      s, len, o.iri ? RFC3986_RULE_IRI_reference : RFC3986_RULE_URI_reference,
      &uri, &err, NULL, 0, &n);
  cap = n;
  ev = calloc(cap ? cap : 1, sizeof *ev);
  if (ev == NULL) {
    fprintf(stderr, "rfc3986: out of memory\n");
    return CLI_USAGE;
  }
  st = rfc3986_parse_traced(
      s, len, o.iri ? RFC3986_RULE_IRI_reference : RFC3986_RULE_URI_reference,
      &uri, &err, ev, cap, &n);
  if (st != RFC3986_OK) {
    print_error_text(s, len, &err);
    free(ev);
    return CLI_NEGATIVE;
  }
  for (i = 0; i < n && i < cap; i++) {
    if (!o.all && !explain_shows(ev[i].rule))
      continue;
    fprintf(cli_out, "%*s%-*s [%zu, %zu) \"", (int)ev[i].depth * 2, "",
            28 - (int)ev[i].depth * 2 > 0 ? 28 - (int)ev[i].depth * 2 : 1,
            rfc3986_rule_name(ev[i].rule), ev[i].offset,
            ev[i].offset + ev[i].length);
    cli_text(cli_out, s + ev[i].offset, ev[i].length);
    fputs("\"\n", cli_out);
  }
  if (uri.host_type != RFC3986_HOST_NONE)
    fprintf(cli_out, "host type: %s (section 3.2.2, first-match-wins)\n",
            rfc3986_host_type_name(uri.host_type));
  free(ev);
  return CLI_OK;
}
