/*
 * known.h: an adapter's known divergences from RFC 3986, as the diff
 * targets evaluate them.  The data is fuzz/known/<adapter>.json; the build
 * turns it into a table of struct known_entry (fuzz/known2c.py), so the
 * list stays data and the predicate language stays small:
 *
 *   op          "parse", "resolve" or "normalize"
 *   kind        "library-rejects"  the reference accepts, the library rejects
 *               "library-accepts"  the reference rejects, the library accepts
 *               "component"        both accept, a component differs
 *               "target"           both resolve, the targets differ
 *               "normalized"       both normalize (6.2.2), the outputs differ
 *   components  for kind "component": the components it may explain
 *   when        condition names, all of which must hold; each is a C
 *               function of diff.c (table `conditions`)
 *
 * A disagreement is explained when some entry of its op and kind (and, for
 * a component, listing that component) has every condition true.
 */
#ifndef URITEST_FUZZ_KNOWN_H
#define URITEST_FUZZ_KNOWN_H

#include <stddef.h>

struct known_entry {
  const char *klass;       /* "relative-reference", ... */
  const char *op;          /* "parse" | "resolve" | "normalize" */
  const char *kind;        /* see above */
  const char *components;  /* "host,host_type" or "" */
  const char *const *when; /* NULL-terminated condition names */
  /* The example that documents the class: it must disagree and be
   * explained by this entry (checked when a diff target starts). */
  const char *example;
  size_t example_len;
  const char *example_base; /* resolve: the base, else NULL */
  size_t example_base_len;
  const char *vector; /* a vector id showing it, or NULL */
};

struct glue;
extern const struct glue *const diff_glue;
extern const char diff_adapter[];
extern const struct known_entry known_entries[];
extern const size_t known_count;

#endif
