/*
 * value.h: a value that is absent, null or octets: the one type for a
 * component, a getter or a result string wherever it is held (the vectors'
 * expectations, an adapter's answer as the harness reads it, a glue's
 * reading).  Undefined and empty differ everywhere (DESIGN.md "The
 * component model"), so a value is
 *   VALUE_ABSENT  not given: the vector leaves it out, the adapter cannot
 *                 express it (left out of its answer)
 *   VALUE_NULL    undefined: JSON null
 *   VALUE_OCTETS  defined: S[0..LEN), possibly empty, may hold NUL
 * The octets belong to whatever made the value (a JSON value, a reading's
 * buffer, a vector file's strings).
 */
#ifndef URITEST_VALUE_H
#define URITEST_VALUE_H

#include <stddef.h>
#include <string.h>

enum value_state { VALUE_ABSENT = 0, VALUE_NULL, VALUE_OCTETS };

struct value {
  const char *s;
  size_t len;
  enum value_state state;
};

/* 1 when A and B are the same value: the same state and, defined, the same
 * octets. */
static inline int value_same(const struct value *a, const struct value *b) {
  return a->state == b->state &&
         (a->state != VALUE_OCTETS ||
          (a->len == b->len && !memcmp(a->s, b->s, a->len)));
}

#endif
