/* value.h: a string value of a vector or a reading, as the harness and
 * the reports hold it. */
#ifndef URITEST_VALUE_H
#define URITEST_VALUE_H

/* A string value that may be absent (not given), null, or a string. */
enum { SV_ABSENT = 0, SV_NULL, SV_STR };
struct sv {
  const char *s;
  unsigned len;
  unsigned char state;
};

#endif
