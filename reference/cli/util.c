/* util.c: JSON and text output, and input reading for the rfc3986 command. */
#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

/* Length of the well-formed UTF-8 sequence at s[0..len) (RFC 3629 table
 * 3-7), or 0 when it is not one. */
static size_t utf8_sequence(const unsigned char *s, size_t len) {
  unsigned char c = s[0];
  size_t n, i;
  unsigned char lo = 0x80, hi = 0xBF;
  if (c < 0x80)
    return 1;
  if (c >= 0xC2 && c <= 0xDF)
    n = 2;
  else if (c >= 0xE0 && c <= 0xEF) {
    n = 3;
    if (c == 0xE0)
      lo = 0xA0;
    else if (c == 0xED)
      hi = 0x9F;
  } else if (c >= 0xF0 && c <= 0xF4) {
    n = 4;
    if (c == 0xF0)
      lo = 0x90;
    else if (c == 0xF4)
      hi = 0x8F;
  } else
    return 0;
  if (len < n)
    return 0;
  for (i = 1; i < n; i++) {
    if (s[i] < lo || s[i] > hi)
      return 0;
    lo = 0x80;
    hi = 0xBF;
  }
  return n;
}

int cli_utf8_valid(const char *s, size_t len) {
  const unsigned char *u = (const unsigned char *)s;
  size_t i = 0, n;
  while (i < len) {
    if (u[i] < 0x80) {
      i++;
      continue;
    }
    if ((n = utf8_sequence(u + i, len - i)) == 0)
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
      } else if ((n = utf8_sequence(u + i, len - i)) > 0) {
        fwrite(s + i, 1, n, f);
        i += n;
        continue;
      } else {
        fprintf(f, "\\u%04x", c); /* Latin-1 reading of a stray octet */
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

void cli_json_span(FILE *f, const rfc3986_uri *uri, rfc3986_span span) {
  if (!rfc3986_span_defined(span))
    fputs("null", f);
  else
    cli_json_string(f, uri->input + span.offset, span.length);
}

void cli_json_components(FILE *f, const rfc3986_uri *uri) {
  const char *ht = rfc3986_host_type_name(uri->host_type);
  fputs("{\"scheme\": ", f);
  cli_json_span(f, uri, uri->scheme);
  fputs(", \"authority\": ", f);
  cli_json_span(f, uri, uri->authority);
  fputs(", \"userinfo\": ", f);
  cli_json_span(f, uri, uri->userinfo);
  fputs(", \"host\": ", f);
  cli_json_span(f, uri, uri->host);
  fputs(", \"host_type\": ", f);
  if (ht)
    fprintf(f, "\"%s\"", ht);
  else
    fputs("null", f);
  fputs(", \"port\": ", f);
  cli_json_span(f, uri, uri->port);
  fputs(", \"path\": ", f);
  cli_json_span(f, uri, uri->path);
  fputs(", \"query\": ", f);
  cli_json_span(f, uri, uri->query);
  fputs(", \"fragment\": ", f);
  cli_json_span(f, uri, uri->fragment);
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
