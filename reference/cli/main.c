/* main.c: the rfc3986 command, the oracle's face (DESIGN.md). */
#include <stdio.h>
#include <string.h>

#include "cli.h"

static const char usage[] =
    "usage: rfc3986 COMMAND [OPTIONS] ARGS...\n"
    "\n"
    "A literal RFC 3986 / RFC 3987 implementation (the uritest oracle).\n"
    "\n"
    "Parsing (RFC 3986 sections 3, 4, Appendix A):\n"
    "  parse [--json] [--rule R] [--iri] URI...|-  parse URI-references (or "
    "R:\n"
    "                                       URI, absolute-URI, relative-ref)\n"
    "  match [--json] RULE INPUT...|-       whole-input match of any Appendix "
    "A\n"
    "                                       or RFC 3987 rule\n"
    "  explain [--all] [--iri] URI          which ABNF rule matched which "
    "span\n"
    "  split [--json] INPUT...|-            the Appendix B regular-expression "
    "split\n"
    "\n"
    "Resolution and normalization (sections 5, 6):\n"
    "  resolve [--json] [--non-strict] [--strip-fragment] BASE REF\n"
    "  normalize [--json] [--level syntax|scheme] URI\n"
    "  equivalent [--json] [--level simple|syntax|scheme] A B\n"
    "\n"
    "Encodings (section 2, RFC 3987 section 3):\n"
    "  pct-encode [--json] STRING           pct-decode [--json] STRING\n"
    "  iri-to-uri [--json] IRI              uri-to-iri [--json] URI\n"
    "\n"
    "With the single operand '-', inputs are read from standard input, one "
    "per\n"
    "line, verbatim without the LF (a CR stays part of the input; an empty "
    "line\n"
    "is the empty reference), streamed in constant memory.\n"
    "--json prints one JSON object per input line; an input that is not valid\n"
    "UTF-8 is echoed as \"input_hex\".\n"
    "\n"
    "Exit status: 0 all inputs valid (or the answer is yes), 1 an invalid "
    "input\n"
    "or a negative answer, 2 usage or I/O error.\n"
    "  --help      this text      --version   the version\n";

static const struct {
  const char *name;
  int (*run)(int argc, char **argv);
} commands[] = {
    {"parse", cmd_parse},           {"match", cmd_match},
    {"explain", cmd_explain},       {"split", cmd_split},
    {"resolve", cmd_resolve},       {"normalize", cmd_normalize},
    {"equivalent", cmd_equivalent}, {"pct-encode", cmd_pct_encode},
    {"pct-decode", cmd_pct_decode}, {"iri-to-uri", cmd_iri_to_uri},
    {"uri-to-iri", cmd_uri_to_iri},
};

int main(int argc, char **argv) {
  size_t i;
  int rc;
  cli_answers_open();
  if (argc < 2)
    return cli_usage_error("a command is needed");
  if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 ||
      strcmp(argv[1], "help") == 0) {
    fputs(usage, cli_out);
    return cli_finish(CLI_OK);
  }
  if (strcmp(argv[1], "--version") == 0) {
    fprintf(cli_out, "rfc3986 %s\n", RFC3986_VERSION);
    return cli_finish(CLI_OK);
  }
  for (i = 0; i < sizeof commands / sizeof commands[0]; i++) {
    if (strcmp(argv[1], commands[i].name) == 0) {
      rc = commands[i].run(argc - 1, argv + 1);
      return cli_finish(rc);
    }
  }
  return cli_usage_error("unknown command '%s'", argv[1]);
}
