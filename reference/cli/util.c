/* util.c: JSON and text output, and input reading for the rfc3986 command. */
#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

int cli_utf8_valid(const char *s, size_t len) {
  const unsigned char *u = (const unsigned char *)s;
  size_t i = 0, n;
  while (i < len) {
    if (u[i] < 0x80) {
      i++;
      continue;
    }
    if ((n = rfc3986_utf8_sequence(s + i, len - i, NULL, NULL)) == 0)
      return 0;
    i += n;
  }
  return 1;
}

void cli_json_string(FILE *f, const char *s, size_t len) {
  const unsigned char *u = (const unsigned char *)s;
  size_t i = 0, n, run;
  putc('"', f);
  while (i < len) {
    unsigned char c = u[i];
    if (c >= 0x20 && c < 0x7f && c != '"' && c != '\\') {
      for (run = i + 1; run < len && u[run] >= 0x20 && u[run] < 0x7f &&
                        u[run] != '"' && u[run] != '\\';
           run++)
        ;
      fwrite(s + i, 1, run - i, f);
      i = run;
      continue;
    }
    switch (c) {
    case '"':
      fputs("\\\"", f);
      break;
    case '\\':
      fputs("\\\\", f);
      break;
    case '\n':
      fputs("\\n", f);
      break;
    case '\r':
      fputs("\\r", f);
      break;
    case '\t':
      fputs("\\t", f);
      break;
    default:
      if (c < 0x80) {
        fprintf(f, "\\u%04x", c);
      } else if ((n = rfc3986_utf8_sequence(s + i, len - i, NULL, NULL)) > 0) {
        fwrite(s + i, 1, n, f);
        i += n;
        continue;
      } else {
        fputs("\\ufffd", f); /* a stray octet: values go by cli_json_value */
      }
    }
    i++;
  }
  putc('"', f);
}

void cli_json_input(FILE *f, const char *key, const char *s, size_t len) {
  size_t i;
  if (cli_utf8_valid(s, len)) {
    fprintf(f, "\"%s\": ", key);
    cli_json_string(f, s, len);
    return;
  }
  fprintf(f, "\"%s_hex\": \"", key);
  for (i = 0; i < len; i++)
    fprintf(f, "%02x", (unsigned char)s[i]);
  putc('"', f);
}

/* A value (a component, an output): a JSON string when it is UTF-8, else
 * {"hex": "..."} of its octets, the one form adapters/PROTOCOL.md section 5
 * gives a value that is not UTF-8. */
void cli_json_value(FILE *f, const char *s, size_t len) {
  size_t i;
  if (cli_utf8_valid(s, len)) {
    cli_json_string(f, s, len);
    return;
  }
  fputs("{\"hex\": \"", f);
  for (i = 0; i < len; i++)
    fprintf(f, "%02x", (unsigned char)s[i]);
  fputs("\"}", f);
}

void cli_json_span(FILE *f, const rfc3986_uri *uri, rfc3986_span span) {
  if (!rfc3986_span_defined(span))
    fputs("null", f);
  else
    cli_json_value(f, uri->input + span.offset, span.length);
}

void cli_json_components(FILE *f, const rfc3986_uri *uri) {
  int c;
  putc('{', f);
  for (c = 0; c < RFC3986_COMPONENT_COUNT; c++) {
    const char *value;
    size_t len;
    fprintf(f, "%s\"%s\": ", c ? ", " : "",
            rfc3986_component_name((rfc3986_component)c));
    if (rfc3986_uri_get(uri, (rfc3986_component)c, &value, &len))
      cli_json_value(f, value, len);
    else
      fputs("null", f);
  }
  putc('}', f);
}

void cli_text(FILE *f, const char *s, size_t len) {
  size_t i;
  for (i = 0; i < len; i++) {
    unsigned char c = (unsigned char)s[i];
    if (c >= 0x20 && c < 0x7f && c != '\\')
      putc(c, f);
    else if (c == '\\')
      fputs("\\\\", f);
    else if (c == '\n')
      fputs("\\n", f);
    else if (c == '\r')
      fputs("\\r", f);
    else if (c == '\t')
      fputs("\\t", f);
    else
      fprintf(f, "\\x%02x", c);
  }
}

void cli_text_span(FILE *f, const char *name, const char *s,
                   rfc3986_span span) {
  fprintf(f, "  %-10s", name);
  if (!rfc3986_span_defined(span)) {
    fputs("(undefined)", f);
    return;
  }
  putc('"', f);
  cli_text(f, s + span.offset, span.length);
  putc('"', f);
}

int cli_options(int argc, char **argv, const char *help, cli_option_fn opt,
                void *ctx) {
  int i, n = 0, only_operands = 0;
  for (i = 1; i < argc; i++) {
    const char *a = argv[i];
    int took;
    if (only_operands || a[0] != '-' || strcmp(a, "-") == 0) {
      argv[1 + n++] = argv[i];
      continue;
    }
    if (strcmp(a, "--") == 0) {
      only_operands = 1;
      continue;
    }
    if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
      fputs(help, cli_out);
      exit(cli_finish(CLI_OK));
    }
    took = opt(ctx, argc, argv, &i);
    if (took < 0)
      return -1;
    if (took == 0) {
      cli_usage_error("%s: unknown option '%s'", argv[0], a);
      return -1;
    }
  }
  return n;
}

void cli_inputs_init(struct cli_inputs *in, int argc, char **argv) {
  memset(in, 0, sizeof *in);
  in->argc = argc;
  in->argv = argv;
  in->from_stdin = argc == 1 && strcmp(argv[0], "-") == 0;
}

FILE *cli_out;
static char *answer; /* cli_out's buffer, as of its last fflush */
static size_t answer_len;
static int out_errno; /* of the first failed write to standard output */

void cli_answers_open(void) {
  cli_out = open_memstream(&answer, &answer_len);
  if (cli_out == NULL) {
    fprintf(stderr, "rfc3986: out of memory\n");
    exit(CLI_USAGE);
  }
}

/* write(2) all of p[0..n) to standard output: 0, or the errno. */
static int write_all(const char *p, size_t n) {
  while (n > 0) {
    ssize_t k = write(STDOUT_FILENO, p, n);
    if (k < 0 && errno == EINTR)
      continue;
    if (k < 0)
      return errno ? errno : EIO;
    p += k;
    n -= (size_t)k;
  }
  return 0;
}

void cli_answer_end(void) {
  /* after the fflush, answer[0..answer_len) is what was printed since the
   * last rewind (POSIX: the smaller of the stream's length and position) */
  if (fflush(cli_out) != 0 || ferror(cli_out)) {
    if (!out_errno)
      out_errno = errno ? errno : ENOMEM;
  } else if (!out_errno && answer_len > 0) {
    out_errno = write_all(answer, answer_len);
  }
  rewind(cli_out);
}

int cli_output_failed(void) {
  return out_errno != 0;
}

int cli_finish(int rc) {
  cli_answer_end();
  fclose(cli_out); /* nothing is printed after the end */
  free(answer);
  if (!cli_output_failed())
    return rc;
  if (out_errno == EPIPE)
    return 128 + SIGPIPE;
  fprintf(stderr, "rfc3986: writing standard output failed: %s\n",
          strerror(out_errno));
  return CLI_USAGE;
}

int cli_next_input(struct cli_inputs *in, const char **s, size_t *len) {
  ssize_t n;
  cli_answer_end();        /* the previous input's, before this one is read */
  if (cli_output_failed()) /* nobody reads what comes next */
    return -1;
  if (!in->from_stdin) {
    if (in->i >= in->argc)
      return 0;
    *s = in->argv[in->i];
    *len = strlen(in->argv[in->i]);
    in->i++;
    return 1;
  }
  errno = 0;
  n = getline(&in->line, &in->line_cap, stdin);
  if (n < 0) {
    if (ferror(stdin)) {
      fprintf(stderr, "rfc3986: reading standard input: %s\n",
              strerror(errno ? errno : EIO));
      return -1;
    }
    return 0;
  }
  if (n > 0 && in->line[n - 1] == '\n')
    n--;
  *s = in->line;
  *len = (size_t)n;
  return 1;
}

void cli_inputs_free(struct cli_inputs *in) {
  free(in->line);
  in->line = NULL;
}

int cli_usage_error(const char *fmt, ...) {
  va_list ap;
  fputs("rfc3986: ", stderr);
  va_start(ap, fmt);
  vfprintf(stderr, fmt, ap);
  va_end(ap);
  fputs("\n(see 'rfc3986 --help')\n", stderr);
  return CLI_USAGE;
}
