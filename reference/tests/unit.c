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
