/* verdict.c: the names of the kinds of a mismatch (verdict.h). */
#include "verdict.h"

#include <string.h>

const char *const mismatch_kind_names[3] = {"semantic", "normalization",
                                            "same-endpoint"};

int mismatch_kind_from_name(const char *s) {
  for (int i = 0; i < 3; i++)
    if (!strcmp(mismatch_kind_names[i], s))
      return i;
  return -1;
}
