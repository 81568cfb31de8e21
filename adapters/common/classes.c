/* classes.c: the result classes' table (classes.h) and its lookups. */
#include "classes.h"

#include <string.h>

const char *const class_verdict_names[3] = {"pass", "fail", "none"};

const struct result_class result_classes[CLASS__COUNT] = {
#define CLASS_ROW(id, verdict, answer, vector, kind)                           \
  {verdict, answer, vector, kind},
    RESULT_CLASSES(CLASS_ROW)
#undef CLASS_ROW
};

const char *const class_names[CLASS__COUNT] = {
#define CLASS_NAME(id, verdict, answer, vector, kind) #id,
    RESULT_CLASSES(CLASS_NAME)
#undef CLASS_NAME
};

int class_from_name(const char *s) {
  for (int i = 0; i < CLASS__COUNT; i++)
    if (!strcmp(class_names[i], s))
      return i;
  return -1;
}

int class_failed(int cls) {
  return cls < 0 || cls >= CLASS__COUNT ||
         result_classes[cls].verdict == CV_FAIL;
}
