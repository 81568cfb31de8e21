/* cli.h: pieces shared by the subcommands of the rfc3986 command. */
#ifndef RFC3986_CLI_H
#define RFC3986_CLI_H

#include <stdio.h>
#include <stddef.h>

#include "rfc3986.h"

/* Exit codes everywhere: 0 success, 1 a negative answer, 2 usage or I/O. */
enum { CLI_OK = 0, CLI_NEGATIVE = 1, CLI_USAGE = 2 };

/* 1 when s[0..len) is well-formed UTF-8 (RFC 3629). */
int cli_utf8_valid(const char *s, size_t len);

/* Write s[0..len) as a JSON string (quotes included), for text that is
 * UTF-8 (messages); a stray octet would be written U+FFFD: values go
 * through cli_json_value, inputs through cli_json_input.  The rfc3986
 * command builds with librfc3986 alone, so these writers are its own
 * (the harness and the adapters share adapters/common's). */
void cli_json_string(FILE *f, const char *s, size_t len);

/* Write `"KEY": "..."`, or `"KEY_hex": "..."` (hex digits of the raw
 * octets) when s is not valid UTF-8, as DESIGN.md asks for echoed inputs. */
void cli_json_input(FILE *f, const char *key, const char *s, size_t len);

/* Write a value: a JSON string when s[0..len) is UTF-8, else
 * {"hex": "..."} of its octets (adapters/PROTOCOL.md section 5). */
void cli_json_value(FILE *f, const char *s, size_t len);

/* Write a span of uri->input as a value (cli_json_value), or null when the
 * component is undefined. */
void cli_json_span(FILE *f, const rfc3986_uri *uri, rfc3986_span span);

/* The nine components of DESIGN.md as a JSON object. */
void cli_json_components(FILE *f, const rfc3986_uri *uri);

/* Write s[0..len) for people: printable ASCII as is, the rest escaped
 * (\xHH, \t, \r, \n), so control characters never reach the terminal. */
void cli_text(FILE *f, const char *s, size_t len);

/* One component for people: "  NAME      " then "(undefined)" or the
 * span of S in quotes (cli_text), without the newline. */
void cli_text_span(FILE *f, const char *name, const char *s, rfc3986_span span);

/*
 * The options of every subcommand: options may come before or after the
 * operands, "--" makes the rest operands, "--help" (or "-h") prints HELP
 * and exits 0.  Every other argument that starts with "-" (but "-", an
 * operand: standard input) goes to OPT with *I its index: OPT returns 1
 * when it took it (moving *I past a value it read), 0 when it is not one
 * of the command's ("unknown option"), -1 after a message of its own.  The
 * operands are moved to ARGV[1..] (ARGV's own storage).  Returns their
 * number, or -1 after a message (CLI_USAGE for the caller).
 */
typedef int (*cli_option_fn)(void *ctx, int argc, char **argv, int *i);
int cli_options(int argc, char **argv, const char *help, cli_option_fn opt,
                void *ctx);

/*
 * Inputs: the operands, or with the single operand "-" the lines of
 * standard input (each taken verbatim without its LF; a CR before it is
 * part of the input; an empty line is the empty reference), streamed.
 * cli_next_input returns 1 with the input in *s and *len, 0 at the end, -1 on I/O error
 * (message printed).
 */
struct cli_inputs {
  char **argv;
  int argc;
  int i;
  int from_stdin;
  char *line;
  size_t line_cap;
};
void cli_inputs_init(struct cli_inputs *in, int argc, char **argv);
int cli_next_input(struct cli_inputs *in, const char **s, size_t *len);
void cli_inputs_free(struct cli_inputs *in);

/*
 * Standard output, one answer at a time.  Every command prints into
 * cli_out, a memory stream, never into stdout; the answer built there (one
 * input's JSON line or text block; all of a one-answer command's output) is
 * written with one write(2), continued after a short write and retried on
 * EINTR, before the next input is read (cli_next_input) and at the end
 * (cli_finish).  cli_answers_open sets cli_out up (main, first thing).
 */
extern FILE *cli_out;
void cli_answers_open(void);
/* Write the answer built so far; nothing when a write failed before. */
void cli_answer_end(void);
/* 1 once a write to standard output failed (its errno kept for
 * cli_finish); the input loops stop there. */
int cli_output_failed(void);
/* The end of a command: the last answer written and checked.  A closed
 * pipe (EPIPE) is 128 + SIGPIPE without a message, as if killed by it; any
 * other error "writing standard output failed: ..." and CLI_USAGE; else
 * RC. */
int cli_finish(int rc);

/* Print "rfc3986: MESSAGE" to stderr and return CLI_USAGE. */
int cli_usage_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Subcommands of the parser (parse.c) and of the transformations
 * (transform.c).  ARGV[0] is the subcommand's name. */
int cmd_parse(int argc, char **argv);
int cmd_match(int argc, char **argv);
int cmd_explain(int argc, char **argv);
int cmd_resolve(int argc, char **argv);
int cmd_normalize(int argc, char **argv);
int cmd_equivalent(int argc, char **argv);
int cmd_iri_to_uri(int argc, char **argv);
int cmd_uri_to_iri(int argc, char **argv);
int cmd_pct_encode(int argc, char **argv);
int cmd_pct_decode(int argc, char **argv);
int cmd_split(int argc, char **argv);

#endif
