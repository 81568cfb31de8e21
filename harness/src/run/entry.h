/* entry.h: what an adapter's parser accepts, its entry point (adapter.json
 * or the hello's "entry", adapters/PROTOCOL.md): a parse vector outside it
 * is UNSUPPORTED, not a failure. */
#ifndef URITEST_ENTRY_H
#define URITEST_ENTRY_H

#include "vectors.h"

enum entry {
  ENTRY_URI_REFERENCE = 0, /* the default: every parse vector */
  ENTRY_URI,               /* RFC 3986 4.3's URI: a scheme, no relative-ref */
  ENTRY_ABSOLUTE_URI,      /* RFC 3986 4.3's absolute-URI: no fragment */
  ENTRY_REQUEST_TARGET,    /* RFC 9112 3.2: origin-form, absolute-form,
                              authority-form (an absolute-URI), "*" */
  ENTRY__COUNT
};
extern const char *const entry_names[ENTRY__COUNT];
/* The why of an UNSUPPORTED result outside entry E. */
extern const char *const entry_whys[ENTRY__COUNT];

/* The entry named NAME, or -1. */
int entry_from_name(const char *name);
/* Whether a parser whose entry is E takes test T: non-parse ops and
 * rejected inputs always; an accepted input when it is of E's language (by
 * the RFC 3986 reading, which librfc3986 gives); a vector with a start rule
 * of its own when the rule is E. */
int entry_covers(int e, const struct test *t);

#endif
