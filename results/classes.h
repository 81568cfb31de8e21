/* classes.h: the result classes (DESIGN.md "Comparing and
 * classifying"). */
#ifndef URITEST_CLASSES_H
#define URITEST_CLASSES_H

enum cls {
  CLASS_PASS,
  CLASS_SHOULD_HAVE_ACCEPTED,
  CLASS_SHOULD_HAVE_REJECTED,
  CLASS_COMPONENT_MISMATCH,
  CLASS_RESOLVE_MISMATCH,
  CLASS_NORMALIZE_MISMATCH,
  CLASS_EQUIVALENT_MISMATCH,
  CLASS_OUTPUT_MISMATCH,
  CLASS_ROUNDTRIP_MISMATCH,
  CLASS_UNSUPPORTED,
  CLASS_CRASH,
  CLASS_TIMEOUT,
  CLASS_PROTOCOL_ERROR,
  CLASS__COUNT
};
extern const char *const class_names[CLASS__COUNT];
int class_from_name(const char *s);
/* Whether a class counts as failed (UNSUPPORTED does not). */
int class_failed(int cls);

#endif
