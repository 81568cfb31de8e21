/*
 * known.h: an adapter's known behaviours (adapters/<adapter>/behaviours.json,
 * adapters/BEHAVIOURS.md) as the diff targets evaluate them.  The build
 * turns the file into a table of struct known_entry (fuzz/known2c.py); the
 * condition of each is a struct behaviour_rule of
 * adapters/common/conditions.h, evaluated by the code the harness uses.
 *
 * A disagreement is explained when some behaviour holds on it: its op, the
 * harness class of the disagreement's kind (library-rejects is
 * SHOULD_HAVE_ACCEPTED, library-accepts SHOULD_HAVE_REJECTED, component
 * COMPONENT_MISMATCH, target RESOLVE_MISMATCH, normalized
 * NORMALIZE_MISMATCH), the component in question listed, every condition
 * in `when` true and the input matching its regular expressions.
 */
#ifndef URITEST_FUZZ_KNOWN_H
#define URITEST_FUZZ_KNOWN_H

#include <regex.h>
#include <stddef.h>

#include "adapters/common/conditions.h"

struct known_entry {
  struct behaviour_rule rule; /* input_re set at start from the strings */
  const char *input_re, *input_not_re; /* POSIX ERE, or NULL */
  regex_t re, not_re;
  /* The example that documents it (its vector's input), run with
   * example_op (the behaviour's op, or its vector's when the behaviour
   * has none): it must disagree and be explained by this behaviour
   * (checked when a diff target starts).  NULL: an example of an op no
   * diff target runs (a behaviour of every op shown by an equivalence
   * vector, say), not checked. */
  const char *example_op;
  const char *example;
  size_t example_len;
  const char *example_base; /* resolve: the base, else NULL */
  size_t example_base_len;
  const char *vector; /* the example's vector id */
};

struct glue;
extern const struct glue *const diff_glue;
extern const char diff_adapter[];
extern struct known_entry known_entries[];
extern const size_t known_count;

#endif
