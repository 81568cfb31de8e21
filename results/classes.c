/* classes.c: the names of the result classes (classes.h). */
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
