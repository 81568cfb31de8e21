/* transform.c: rfc3986 resolve, normalize, equivalent, iri-to-uri,
 * uri-to-iri, pct-encode, pct-decode and split (DESIGN.md, "rfc3986
 * command"). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

/* Options of the transformations; each command accepts its own subset.
 * Options may come before or after the operands; "--" ends them. */
enum {
  OPT_JSON = 1 << 0,
  OPT_NON_STRICT = 1 << 1,
  OPT_STRIP_FRAGMENT = 1 << 2,
  OPT_LEVEL = 1 << 3
};

struct opts {
  int json;
  unsigned flags;
  rfc3986_level level;
  int level_given;
  int argc; /* the operands */
  char **argv;
};

/* What parse_opts accepts, while cli_options reads the arguments. */
struct opts_want {
  struct opts *o;
  unsigned allowed;
  int simple_ok;
};

/* --level's value V into O; 1, or -1 after a message. */
static int take_level(const struct opts_want *w, const char *cmd,
                      const char *v) {
  if (v == NULL) {
    cli_usage_error("%s: --level needs a value", cmd);
    return -1;
  }
  if (w->simple_ok && strcmp(v, "simple") == 0)
    w->o->level = RFC3986_LEVEL_SIMPLE;
  else if (strcmp(v, "syntax") == 0)
    w->o->level = RFC3986_LEVEL_SYNTAX;
  else if (strcmp(v, "scheme") == 0)
    w->o->level = RFC3986_LEVEL_SCHEME;
  else {
    cli_usage_error(
        "%s: --level must be %s, not '%s'", cmd,
        w->simple_ok ? "simple, syntax or scheme" : "syntax or scheme", v);
    return -1;
  }
  w->o->level_given = 1;
  return 1;
}

/* One option of a transformation (cli_options), when it is allowed. */
static int take_opt(void *ctx, int argc, char **argv, int *i) {
  const struct opts_want *w = ctx;
  struct opts *o = w->o;
  const char *a = argv[*i];
  if ((w->allowed & OPT_JSON) && strcmp(a, "--json") == 0)
    o->json = 1;
  else if ((w->allowed & OPT_NON_STRICT) && strcmp(a, "--non-strict") == 0)
    o->flags |= RFC3986_RESOLVE_NON_STRICT;
  else if ((w->allowed & OPT_NON_STRICT) && strcmp(a, "--strict") == 0)
    o->flags &= ~(unsigned)RFC3986_RESOLVE_NON_STRICT;
  else if ((w->allowed & OPT_STRIP_FRAGMENT) &&
           strcmp(a, "--strip-fragment") == 0)
    o->flags |= RFC3986_RESOLVE_STRIP_BASE_FRAGMENT;
  else if ((w->allowed & OPT_LEVEL) && strncmp(a, "--level=", 8) == 0)
    return take_level(w, argv[0], a + 8);
  else if ((w->allowed & OPT_LEVEL) && strcmp(a, "--level") == 0)
    return take_level(w, argv[0], *i + 1 < argc ? argv[++*i] : NULL);
  else
    return 0;
  return 1;
}

/* Parse ARGV[1..] into *o (cli_options), the operands then o->argv
 * (reusing ARGV's storage).  Returns CLI_OK, or CLI_USAGE after printing
 * why. */
static int parse_opts(int argc, char **argv, unsigned allowed, int simple_ok,
                      const char *help, struct opts *o) {
  struct opts_want w = {o, allowed, simple_ok};
  int n;
  memset(o, 0, sizeof *o);
  o->level = RFC3986_LEVEL_SYNTAX;
  n = cli_options(argc, argv, help, take_opt, &w);
  if (n < 0)
    return CLI_USAGE;
  o->argv = argv + 1;
  o->argc = n;
  return CLI_OK;
}

static const char *level_name(rfc3986_level level) {
  switch (level) {
  case RFC3986_LEVEL_SIMPLE:
    return "simple";
  case RFC3986_LEVEL_SYNTAX:
    return "syntax";
  case RFC3986_LEVEL_SCHEME:
    return "scheme";
  }
  return "?";
}

/* "error": {...} for JSON (without the leading ", "). */
static void json_error(const rfc3986_error *err, const char *which) {
  fprintf(cli_out, "\"error\": {");
  if (which)
    fprintf(cli_out, "\"in\": \"%s\", ", which);
  fprintf(cli_out, "\"status\": \"%s\", \"offset\": %zu, \"rule\": ",
          rfc3986_status_name(err->status), err->offset);
  if (rfc3986_rule_name(err->rule))
    fprintf(cli_out, "\"%s\"", rfc3986_rule_name(err->rule));
  else
    fputs("null", cli_out);
  fputs(", \"message\": ", cli_out);
  cli_json_string(cli_out, rfc3986_error_message(err),
                  strlen(rfc3986_error_message(err)));
  putc('}', cli_out);
}

/* One line for people: what, where, which rule. */
static void text_error(const char *what, const char *s, size_t len,
                       const rfc3986_error *err) {
  fprintf(cli_out, "invalid %s: ", what);
  cli_text(cli_out, s, len);
  fprintf(cli_out, "\n  %s, at offset %zu", rfc3986_error_message(err),
          err->offset);
  if (rfc3986_rule_name(err->rule))
    fprintf(cli_out, ", in rule %s", rfc3986_rule_name(err->rule));
  putc('\n', cli_out);
}

/* The names of the hazard bits set in HAZARD, joined by ",". */
static void print_hazards(unsigned hazard) {
  unsigned bit;
  const char *sep = "";
  for (bit = 1; bit != 0 && bit <= hazard; bit <<= 1)
    if (hazard & bit) {
      fprintf(cli_out, "%s%s", sep, rfc3986_hazard_name(bit));
      sep = ",";
    }
}

static void json_hazard(unsigned hazard) {
  if (hazard != RFC3986_HAZARD_NONE) {
    fputs(", \"hazard\": \"", cli_out);
    print_hazards(hazard);
    putc('"', cli_out);
  }
}

static void text_hazard(unsigned hazard) {
  if (hazard != RFC3986_HAZARD_NONE) {
    fputs("  hazard: ", cli_out);
    print_hazards(hazard);
    fputs(" (the result does not mean what its components did)\n", cli_out);
  }
}

static void *xmalloc(size_t n) {
  void *p = malloc(n ? n : 1);
  if (p == NULL) {
    fputs("rfc3986: out of memory\n", stderr);
    exit(CLI_USAGE);
  }
  return p;
}

/* ---- resolve ----------------------------------------------------------- */

static const char resolve_help[] =
    "usage: rfc3986 resolve [--json] [--non-strict] [--strip-fragment] BASE "
    "REF\n"
    "Resolve REF against BASE (RFC 3986 section 5.2): strict 5.2.2 unless\n"
    "--non-strict (a scheme equal to the base's is ignored).  BASE must be an\n"
    "absolute-URI; a base with a fragment is an error unless "
    "--strip-fragment.\n"
    "A target that would reparse differently adds \"hazard\".\n"
    "Exit 0 on success, 1 for an invalid base or reference, 2 on usage "
    "error.\n";

int cmd_resolve(int argc, char **argv) {
  struct opts o;
  const char *base, *ref;
  size_t blen, rlen, n = 0, cap;
  char *out;
  unsigned hazard = 0;
  rfc3986_error err;
  rfc3986_status st;
  if (parse_opts(argc, argv, OPT_JSON | OPT_NON_STRICT | OPT_STRIP_FRAGMENT, 0,
                 resolve_help, &o) != CLI_OK)
    return CLI_USAGE;
  if (o.argc != 2)
    return cli_usage_error("resolve: needs BASE and REF (see --help)");
  base = o.argv[0];
  ref = o.argv[1];
  blen = strlen(base);
  rlen = strlen(ref);
  cap = RFC3986_RESOLVE_MAX(blen, rlen);
  out = xmalloc(cap);
  st = rfc3986_resolve(base, blen, ref, rlen, o.flags, out, cap, &n, &hazard,
                       &err);
  if (o.json) {
    putc('{', cli_out);
    cli_json_input(cli_out, "base", base, blen);
    fputs(", ", cli_out);
    cli_json_input(cli_out, "ref", ref, rlen);
    fputs(", ", cli_out);
    if (st == RFC3986_OK) {
      fputs("\"target\": ", cli_out);
      cli_json_string(cli_out, out, n);
      json_hazard(hazard);
    } else {
      json_error(&err, err.rule == RFC3986_RULE_URI_reference ? "ref" : "base");
    }
    fputs("}\n", cli_out);
  } else if (st == RFC3986_OK) {
    cli_text(cli_out, out, n);
    putc('\n', cli_out);
    text_hazard(hazard);
  } else if (err.rule == RFC3986_RULE_URI_reference) {
    text_error("reference", ref, rlen, &err);
  } else {
    text_error("base", base, blen, &err);
  }
  free(out);
  return st == RFC3986_OK ? CLI_OK : CLI_NEGATIVE;
}

/* ---- normalize ----------------------------------------------------------- */

static const char normalize_help[] =
    "usage: rfc3986 normalize [--json] [--level syntax|scheme] URI...|-\n"
    "Normalize each URI-reference (RFC 3986 6.2.2: percent-encoding, case,\n"
    "dot segments; --level scheme adds 6.2.3 for http, https, ws, wss, ftp\n"
    "and mailto).  A result that would reparse differently adds \"hazard\".\n"
    "Exit 0 when all inputs are valid, 1 when any is invalid, 2 on usage "
    "error.\n";

int cmd_normalize(int argc, char **argv) {
  struct opts o;
  struct cli_inputs in;
  const char *s;
  size_t len, cap = 256;
  char *out;
  int rc = CLI_OK, got;
  if (parse_opts(argc, argv, OPT_JSON | OPT_LEVEL, 0, normalize_help, &o) !=
      CLI_OK)
    return CLI_USAGE;
  if (o.argc < 1)
    return cli_usage_error(
        "normalize: no input (give URIs, or - for standard input)");
  out = xmalloc(cap);
  cli_inputs_init(&in, o.argc, o.argv);
  while ((got = cli_next_input(&in, &s, &len)) > 0) {
    size_t n = 0;
    unsigned hazard = 0;
    rfc3986_error err;
    rfc3986_status st;
    if (cap < RFC3986_NORMALIZE_MAX(len)) {
      /* room for the published bound: one call, never a second */
      free(out);
      cap = RFC3986_NORMALIZE_MAX(len);
      out = xmalloc(cap);
    }
    st = rfc3986_normalize(s, len, o.level, out, cap, &n, &hazard, &err);
    if (st != RFC3986_OK)
      rc = CLI_NEGATIVE;
    if (o.json) {
      putc('{', cli_out);
      cli_json_input(cli_out, "input", s, len);
      fputs(", ", cli_out);
      if (st == RFC3986_OK) {
        fputs("\"normalized\": ", cli_out);
        cli_json_string(cli_out, out, n);
        json_hazard(hazard);
      } else {
        json_error(&err, NULL);
      }
      fputs("}\n", cli_out);
    } else if (st == RFC3986_OK) {
      cli_text(cli_out, out, n);
      putc('\n', cli_out);
      text_hazard(hazard);
    } else {
      text_error("URI-reference", s, len, &err);
    }
  }
  cli_inputs_free(&in);
  free(out);
  return got < 0 ? CLI_USAGE : rc;
}

/* ---- equivalent ---------------------------------------------------------- */

static const char equivalent_help[] =
    "usage: rfc3986 equivalent [--json] [--level simple|syntax|scheme] A B\n"
    "Are A and B equivalent (RFC 3986 6.2)?  simple: the same string (6.2.1);\n"
    "syntax (default): the same after 6.2.2 normalization; scheme: after "
    "6.2.2\n"
    "and 6.2.3.  Exit 0 when equivalent, 1 when not or when an input is\n"
    "invalid, 2 on usage error.\n";

int cmd_equivalent(int argc, char **argv) {
  struct opts o;
  const char *a, *b;
  size_t alen, blen;
  int eq = 0;
  rfc3986_error err;
  rfc3986_status st;
  const char *which = NULL;
  if (parse_opts(argc, argv, OPT_JSON | OPT_LEVEL, 1, equivalent_help, &o) !=
      CLI_OK)
    return CLI_USAGE;
  if (o.argc != 2)
    return cli_usage_error("equivalent: needs A and B (see --help)");
  a = o.argv[0];
  b = o.argv[1];
  alen = strlen(a);
  blen = strlen(b);
  st = rfc3986_equivalent(a, alen, b, blen, o.level, &eq, &err);
  if (st != RFC3986_OK) /* which one: A is checked first */
    which = rfc3986_parse(a, alen, RFC3986_RULE_URI_reference, NULL, NULL) ==
                    RFC3986_OK
                ? "b"
                : "a";
  if (o.json) {
    putc('{', cli_out);
    cli_json_input(cli_out, "a", a, alen);
    fputs(", ", cli_out);
    cli_json_input(cli_out, "b", b, blen);
    fprintf(cli_out, ", \"level\": \"%s\", ", level_name(o.level));
    if (st == RFC3986_OK)
      fprintf(cli_out, "\"equivalent\": %s", eq ? "true" : "false");
    else
      json_error(&err, which);
    fputs("}\n", cli_out);
  } else if (st == RFC3986_OK) {
    fprintf(cli_out, "%s (%s level)\n", eq ? "equivalent" : "not equivalent",
            level_name(o.level));
  } else {
    text_error(which[0] == 'a' ? "A" : "B", which[0] == 'a' ? a : b,
               which[0] == 'a' ? alen : blen, &err);
  }
  return st == RFC3986_OK && eq ? CLI_OK : CLI_NEGATIVE;
}

/* ---- one input, one output: IRI mappings, pct-encoding ------------------- */

typedef rfc3986_status (*mapping_fn)(const char *in, size_t len, char *out,
                                     size_t cap, size_t *out_len,
                                     rfc3986_error *err);

static rfc3986_status pct_encode_unreserved(const char *in, size_t len,
                                            char *out, size_t cap,
                                            size_t *out_len,
                                            rfc3986_error *err) {
  (void)err;
  return rfc3986_pct_encode(in, len, NULL, out, cap, out_len);
}

/* Print s raw when it is valid UTF-8 with no control characters (C0, DEL,
 * C1), else escaped as cli_text does. */
static void text_utf8(const char *s, size_t len) {
  int ok = cli_utf8_valid(s, len);
  for (size_t i = 0; ok && i < len; i++) {
    unsigned char c = (unsigned char)s[i];
    if (c < 0x20 || c == 0x7f ||
        (c == 0xc2 && i + 1 < len && (unsigned char)s[i + 1] < 0xa0))
      ok = 0;
  }
  if (ok)
    fwrite(s, 1, len, cli_out);
  else
    cli_text(cli_out, s, len);
}

static int run_mapping(int argc, char **argv, const char *help, mapping_fn fn,
                       const char *what, int raw_utf8) {
  struct opts o;
  struct cli_inputs in;
  const char *s;
  size_t len, cap = 256;
  char *out;
  int rc = CLI_OK, got;
  if (parse_opts(argc, argv, OPT_JSON, 0, help, &o) != CLI_OK)
    return CLI_USAGE;
  if (o.argc < 1)
    return cli_usage_error(
        "%s: no input (give strings, or - for standard input)", argv[0]);
  out = xmalloc(cap);
  cli_inputs_init(&in, o.argc, o.argv);
  while ((got = cli_next_input(&in, &s, &len)) > 0) {
    size_t n = 0;
    rfc3986_error err;
    rfc3986_status st;
    memset(&err, 0, sizeof err);
    st = fn(s, len, out, cap, &n, &err);
    if (st == RFC3986_ERR_BUFFER) {
      free(out);
      cap = n;
      out = xmalloc(cap);
      st = fn(s, len, out, cap, &n, &err);
    }
    if (st != RFC3986_OK) {
      rc = CLI_NEGATIVE;
      err.status = st;
    }
    if (o.json) {
      putc('{', cli_out);
      cli_json_input(cli_out, "input", s, len);
      fputs(", ", cli_out);
      if (st == RFC3986_OK)
        cli_json_input(cli_out, "output", out, n);
      else
        json_error(&err, NULL);
      fputs("}\n", cli_out);
    } else if (st == RFC3986_OK) {
      if (raw_utf8)
        text_utf8(out, n);
      else
        cli_text(cli_out, out, n);
      putc('\n', cli_out);
    } else {
      text_error(what, s, len, &err);
    }
  }
  cli_inputs_free(&in);
  free(out);
  return got < 0 ? CLI_USAGE : rc;
}

static const char iri_to_uri_help[] =
    "usage: rfc3986 iri-to-uri [--json] IRI...|-\n"
    "Map each IRI to a URI (RFC 3987 3.1): every non-ASCII character is\n"
    "percent-encoded as its UTF-8 octets; ASCII is unchanged.\n"
    "Exit 0 on success, 1 when an input is not well-formed UTF-8.\n";

int cmd_iri_to_uri(int argc, char **argv) {
  return run_mapping(argc, argv, iri_to_uri_help, rfc3986_iri_to_uri, "IRI", 0);
}

static const char uri_to_iri_help[] =
    "usage: rfc3986 uri-to-iri [--json] URI...|-\n"
    "Map each URI-reference to an IRI (RFC 3987 3.2), decoding only\n"
    "percent-encoded UTF-8 of characters safe to show (ucschar; iprivate in\n"
    "the query), never ASCII, never bidi formatting characters.\n"
    "Exit 0 on success, 1 when an input is not a URI-reference.\n";

int cmd_uri_to_iri(int argc, char **argv) {
  return run_mapping(argc, argv, uri_to_iri_help, rfc3986_uri_to_iri,
                     "URI-reference", 1);
}

static const char pct_encode_help[] =
    "usage: rfc3986 pct-encode [--json] STRING...|-\n"
    "Percent-encode every octet but unreserved (RFC 3986 2.1, 2.3), with\n"
    "upper-case hex.\n";

int cmd_pct_encode(int argc, char **argv) {
  return run_mapping(argc, argv, pct_encode_help, pct_encode_unreserved,
                     "string", 0);
}

static const char pct_decode_help[] =
    "usage: rfc3986 pct-decode [--json] STRING...|-\n"
    "Decode every pct-encoded triplet (RFC 3986 2.1).  With --json an output\n"
    "that is not UTF-8 is given as \"output_hex\".  Exit 1 when a \"%\" is "
    "not\n"
    "followed by two hex digits.\n";

int cmd_pct_decode(int argc, char **argv) {
  return run_mapping(argc, argv, pct_decode_help, rfc3986_pct_decode, "string",
                     0);
}

/* ---- split ------------------------------------------------------------- */

static const char split_help[] =
    "usage: rfc3986 split [--json] INPUT...|-\n"
    "Split any string with RFC 3986 Appendix B's regular expression\n"
    "  ^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\\?([^#]*))?(#(.*))?\n"
    "into scheme, authority, path, query, fragment (null: group not matched).\n"
    "Never fails: exit 0.\n";

int cmd_split(int argc, char **argv) {
  struct opts o;
  struct cli_inputs in;
  const char *s;
  size_t len;
  int got;
  if (parse_opts(argc, argv, OPT_JSON, 0, split_help, &o) != CLI_OK)
    return CLI_USAGE;
  if (o.argc < 1)
    return cli_usage_error(
        "split: no input (give strings, or - for standard input)");
  cli_inputs_init(&in, o.argc, o.argv);
  while ((got = cli_next_input(&in, &s, &len)) > 0) {
    static const char *const names[] = {"scheme", "authority", "path", "query",
                                        "fragment"};
    rfc3986_uri u;
    rfc3986_span spans[5];
    size_t k;
    rfc3986_split(s, len, &u);
    spans[0] = u.scheme;
    spans[1] = u.authority;
    spans[2] = u.path;
    spans[3] = u.query;
    spans[4] = u.fragment;
    if (o.json) {
      putc('{', cli_out);
      cli_json_input(cli_out, "input", s, len);
      for (k = 0; k < 5; k++) {
        fprintf(cli_out, ", \"%s\": ", names[k]);
        cli_json_span(cli_out, &u, spans[k]);
      }
      fputs("}\n", cli_out);
    } else {
      cli_text(cli_out, s, len);
      putc('\n', cli_out);
      for (k = 0; k < 5; k++) {
        cli_text_span(cli_out, names[k], s, spans[k]);
        putc('\n', cli_out);
      }
    }
  }
  cli_inputs_free(&in);
  return got < 0 ? CLI_USAGE : CLI_OK;
}
