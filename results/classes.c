/* classes.c: the names of result classes and mismatch kinds
 * (classes.h). */
#include "classes.h"

#include <string.h>

const char *const class_names[CLASS__COUNT] = {"PASS",
                                               "SHOULD_HAVE_ACCEPTED",
                                               "SHOULD_HAVE_REJECTED",
                                               "COMPONENT_MISMATCH",
                                               "RESOLVE_MISMATCH",
                                               "NORMALIZE_MISMATCH",
                                               "EQUIVALENT_MISMATCH",
                                               "OUTPUT_MISMATCH",
                                               "ROUNDTRIP_MISMATCH",
                                               "UNSUPPORTED",
                                               "CRASH",
                                               "TIMEOUT",
                                               "PROTOCOL_ERROR"};

int class_from_name(const char *s) {
  for (int i = 0; i < CLASS__COUNT; i++)
    if (!strcmp(class_names[i], s))
      return i;
  return -1;
}

int class_failed(int cls) {
  return cls != CLASS_PASS && cls != CLASS_UNSUPPORTED;
}

const char *const mismatch_kind_names[3] = {"semantic", "normalization",
                                            "same-endpoint"};

int mismatch_kind_from_name(const char *s) {
  for (int i = 0; i < 3; i++)
    if (!strcmp(mismatch_kind_names[i], s))
      return i;
  return -1;
}
