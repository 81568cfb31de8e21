/*
 * fast.c: rfc3986_parse_fast, the generated parser's entry point.  The
 * matching itself is parse_fast.c, generated from the grammar file (see
 * README.md); this file picks the start rule's matcher (the SSSE3 one when
 * the processor has it) and fills the error.
 */
#include <string.h>

#include "fast.h"

/* The coarse error rule: the component of the Appendix B split that holds
 * the octet at OFFSET (the last octet when OFFSET is the input's end), or
 * START when none does (an empty input). */
static rfc3986_rule error_rule(const char *input, size_t len, size_t offset,
                               rfc3986_rule start) {
  static const rfc3986_rule rules[] = {
      RFC3986_RULE_scheme, RFC3986_RULE_authority, RFC3986_RULE_path,
      RFC3986_RULE_query, RFC3986_RULE_fragment};
  rfc3986_uri split;
  rfc3986_span spans[5];
  size_t k, at = offset < len ? offset : offset - 1;
  if (len == 0)
    return start;
  rfc3986_split(input, len, &split);
  spans[0] = split.scheme;
  spans[1] = split.authority;
  spans[2] = split.path;
  spans[3] = split.query;
  spans[4] = split.fragment;
  for (k = 0; k < 5; k++)
    if (rfc3986_span_defined(spans[k]) && spans[k].offset <= at &&
        at < spans[k].offset + spans[k].length)
      return rules[k];
  return start; /* a delimiter: ":" after the scheme, "//", "?" or "#" */
}

/* Whether the processor has SSSE3 (the matchers compiled for it run). */
static int has_ssse3(void) {
#ifdef RFC3986_FAST_SSSE3
  return __builtin_cpu_supports("ssse3");
#else
  return 0;
#endif
}

/* The matcher of start rule NAME that rfc3986_parse_fast calls. */
#ifdef RFC3986_FAST_SSSE3
#define MATCH(NAME)                                                            \
  (has_ssse3() ? rfc3986_fast__match_##NAME##_ssse3                            \
               : rfc3986_fast__match_##NAME)
#else
#define MATCH(NAME) rfc3986_fast__match_##NAME
#endif

rfc3986_fast__match_fn rfc3986_fast__matcher(rfc3986_rule start, int vector) {
  switch (start) {
#define RFC3986_FAST__CASE(NAME)                                               \
  case RFC3986_RULE_##NAME:                                                    \
    return vector ? MATCH(NAME) : rfc3986_fast__match_##NAME;
    RFC3986_FAST__START(RFC3986_FAST__CASE)
#undef RFC3986_FAST__CASE
  default:
    return NULL;
  }
}

/* The error offset's automaton of START (one of the four start rules). */
static size_t (*viable_of(rfc3986_rule start))(const char *, size_t) {
  switch (start) {
#define RFC3986_FAST__CASE(NAME)                                               \
  case RFC3986_RULE_##NAME:                                                    \
    return rfc3986_fast__viable_##NAME;
    RFC3986_FAST__START(RFC3986_FAST__CASE)
#undef RFC3986_FAST__CASE
  default:
    return NULL;
  }
}

/* The error of a rejected input (status ST) in *err: for a syntax error,
 * its offset and coarse rule. */
static void set_error(rfc3986_error *err, rfc3986_status st, const char *input,
                      size_t len, rfc3986_rule start) {
  err->status = st;
  err->offset = 0;
  err->rule = RFC3986_RULE_NONE;
  if (st == RFC3986_ERR_SYNTAX) {
    err->offset = viable_of(start)(input, len);
    err->rule = error_rule(input, len, err->offset, start);
  }
}

/* rfc3986_parse_fast when it has more to do than run the matcher: arguments
 * to check, a result to clear, or an error to fill.  Out of line, so that
 * the call that only matches keeps no frame. */
#ifdef __GNUC__
__attribute__((noinline))
#endif
static rfc3986_status
parse_checked(const char *input, size_t len, rfc3986_rule start,
              rfc3986_uri *uri, rfc3986_error *err) {
  rfc3986_uri scratch;
  rfc3986_status st;
  if (input == NULL && len > 0)
    st = RFC3986_ERR_ARGUMENT;
  else if (rfc3986_fast__matcher(start, 0) == NULL)
    st = RFC3986_ERR_UNKNOWN_RULE;
  else /* the matcher fills *uri, or clears it (fast.h) */
    st = rfc3986_parse_fast(input, len, start, uri ? uri : &scratch, NULL);
  if (uri && st != RFC3986_OK && st != RFC3986_ERR_SYNTAX)
    rfc3986__uri_clear(uri, input, 0);
  if (err)
    set_error(err, st, input, len, start);
  return st;
}

rfc3986_status rfc3986_parse_fast(const char *input, size_t len,
                                  rfc3986_rule start, rfc3986_uri *uri,
                                  rfc3986_error *err) {
  if (err == NULL && uri != NULL && (input != NULL || len == 0)) {
    if (start == RFC3986_RULE_URI_reference) /* the common call, first */
      return MATCH(URI_reference)(input, len, uri);
    switch (start) {
#define RFC3986_FAST__CASE(NAME)                                               \
  case RFC3986_RULE_##NAME:                                                    \
    return MATCH(NAME)(input, len, uri);
      RFC3986_FAST__START(RFC3986_FAST__CASE)
#undef RFC3986_FAST__CASE
    default:
      break;
    }
  }
  return parse_checked(input, len, start, uri, err);
}
