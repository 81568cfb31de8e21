/*
 * known.h: an adapter's known behaviours (adapters/<adapter>/behaviours.json,
 * adapters/BEHAVIOURS.md) as the diff targets evaluate them.  The build
 * has the harness's reader print the file as a table of struct known_entry
 * (uritest behaviours --c-table); the condition of each is a struct
 * behaviour_rule of adapters/common/conditions.h, its prediction a struct
 * prediction of adapters/common/predict.h, judged by the code the harness
 * uses (behaviour_judge_rule).
 *
 * A disagreement is explained when some behaviour's condition holds on the
 * input and its prediction is the library's whole answer.
 */
#ifndef URITEST_FUZZ_KNOWN_H
#define URITEST_FUZZ_KNOWN_H

#include <regex.h>
#include <stddef.h>

#include "adapters/common/conditions.h"
#include "adapters/common/predict.h"

struct known_entry {
  struct behaviour_rule rule; /* input_re set at start from the strings */
  struct prediction predict;
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
