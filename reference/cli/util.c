/* util.c: JSON and text output, and input reading for the rfc3986 command. */
#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

void cli_inputs_init(struct cli_inputs *in, int argc, char **argv) {
  memset(in, 0, sizeof *in);
  in->argc = argc;
  in->argv = argv;
  in->from_stdin = argc == 1 && strcmp(argv[0], "-") == 0;
}

static int out_errno; /* of the first failed write to standard output */

int cli_output_failed(void) {
  /* glibc leaves errno as the failed write(2) set it, and the commands
   * make no other failing call between two inputs */
  if (!out_errno && ferror(stdout))
    out_errno = errno ? errno : EIO;
  return out_errno != 0;
}

int cli_finish(int rc) {
  errno = 0;
  if (fflush(stdout) != 0 && !out_errno)
    out_errno = errno ? errno : EIO;
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
