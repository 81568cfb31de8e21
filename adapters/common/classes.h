/*
 * classes.h: the result classes (DESIGN.md "Comparing and classifying"),
 * one table.  Every output (text, TAP, JSON, JUnit, Markdown, the page's
 * data), the behaviour matcher and the differential fuzz targets read the
 * class vocabulary from here; the comparison that gives a class lives in
 * harness/src/classify.c.  A new class is one row below plus its
 * comparison there.
 *
 * A row is X(ID, VERDICT, ANSWER, VECTOR, KIND):
 *   ID       CLASS_ID in C, "ID" in every output
 *   VERDICT  CV_PASS, CV_FAIL (counts as failed), or CV_NONE (nothing was
 *            compared: counted apart, fails nothing)
 *   ANSWER   the answer member the class compares (adapters/PROTOCOL.md
 *            section 4): "components" is compared component by component
 *            (the result names each that differs); NULL when none
 *   VECTOR   the vector member it is held to ("expect" for the validity),
 *            NULL when the expectation is not a vector's member
 *   KIND     the differential fuzz targets' name for such a disagreement
 *            (fuzz/README.md), NULL when they have none
 * The rows' order is every output's order of classes (class codes are
 * row indexes: the page packs four outcomes per class in 64 characters).
 */
#ifndef URITEST_CLASSES_H
#define URITEST_CLASSES_H

#include <stddef.h>

enum class_verdict { CV_PASS, CV_FAIL, CV_NONE };
/* "pass", "fail", "none": the verdicts as the report page reads them. */
extern const char *const class_verdict_names[3];

/* clang-format off */
#define RESULT_CLASSES(X)                                                             \
  X(PASS,                 CV_PASS, NULL,         NULL,         NULL)                  \
  X(SHOULD_HAVE_ACCEPTED, CV_FAIL, "valid",      "expect",     "library-rejects")     \
  X(SHOULD_HAVE_REJECTED, CV_FAIL, "valid",      "expect",     "library-accepts")     \
  X(COMPONENT_MISMATCH,   CV_FAIL, "components", "components", "component")           \
  X(RESOLVE_MISMATCH,     CV_FAIL, "target",     "target",     "target")              \
  X(NORMALIZE_MISMATCH,   CV_FAIL, "normalized", "normalized", "normalized")          \
  X(EQUIVALENT_MISMATCH,  CV_FAIL, "equivalent", "equivalent", NULL)                  \
  X(OUTPUT_MISMATCH,      CV_FAIL, "output",     "output",     NULL)                  \
  X(ROUNDTRIP_MISMATCH,   CV_FAIL, "output",     NULL,         NULL)                  \
  X(UNSUPPORTED,          CV_NONE, NULL,         NULL,         NULL)                  \
  X(CRASH,                CV_FAIL, NULL,         NULL,         NULL)                  \
  X(TIMEOUT,              CV_FAIL, NULL,         NULL,         NULL)                  \
  X(PROTOCOL_ERROR,       CV_FAIL, NULL,         NULL,         NULL)
/* clang-format on */

enum cls {
#define CLASS_ENUM(id, verdict, answer, vector, kind) CLASS_##id,
  RESULT_CLASSES(CLASS_ENUM)
#undef CLASS_ENUM
      CLASS__COUNT
};

struct result_class {
  enum class_verdict verdict;
  const char *answer, *vector, *kind;
};
extern const struct result_class result_classes[CLASS__COUNT];
/* The classes' names, by class. */
extern const char *const class_names[CLASS__COUNT];

/* The class named S, or -1. */
int class_from_name(const char *s);
/* Whether class CLS counts as failed (a class that is not one too). */
int class_failed(int cls);

#endif
