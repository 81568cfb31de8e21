/* unit.c: see unit.h. */
#include "unit.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

unsigned unit_passed, unit_failed;

void unit_check(int ok, const char *id, const char *fmt, ...) {
  va_list ap;
  if (ok) {
    unit_passed++;
    return;
  }
  unit_failed++;
  printf("FAIL %s: ", id);
  va_start(ap, fmt);
  vprintf(fmt, ap);
  va_end(ap);
  putchar('\n');
}

const char *unit_show(const char *s, size_t len) {
  static char buf[1024];
  size_t o = 0;
  for (size_t i = 0; i < len && o < sizeof buf - 8; i++) {
    unsigned char c = (unsigned char)s[i];
    if (i == 200) {
      o += (size_t)snprintf(buf + o, sizeof buf - o, "...");
      break;
    }
    if (c >= 0x20 && c < 0x7f && c != '\\')
      buf[o++] = (char)c;
    else
      o += (size_t)snprintf(buf + o, sizeof buf - o, "\\x%02x", c);
  }
  buf[o] = '\0';
  return buf;
}

void unit_check_str(const char *id, const char *got, size_t got_len,
                    const char *want) {
  int ok =
      got != NULL && strlen(want) == got_len && memcmp(got, want, got_len) == 0;
  unit_check(ok, id, "want \"%s\", got \"%s\"", want,
             got ? unit_show(got, got_len) : "(null)");
}

int unit_report(void) {
  printf("%u passed, %u failed\n", unit_passed, unit_failed);
  return unit_failed ? 1 : 0;
}

static int same_span(rfc3986_span a, rfc3986_span b) {
  return a.offset == b.offset && a.length == b.length;
}

int unit_same_uri(const rfc3986_uri *a, const rfc3986_uri *b) {
  return a->input == b->input && a->input_len == b->input_len &&
         a->kind == b->kind && a->host_type == b->host_type &&
         same_span(a->scheme, b->scheme) &&
         same_span(a->authority, b->authority) &&
         same_span(a->userinfo, b->userinfo) && same_span(a->host, b->host) &&
         same_span(a->port, b->port) && same_span(a->path, b->path) &&
         same_span(a->query, b->query) && same_span(a->fragment, b->fragment);
}
