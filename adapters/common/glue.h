/*
 * glue.h: the in-process interface of a C adapter (adapters/PROTOCOL.md).
 *
 * Every C adapter keeps its whole library mapping in one file,
 * adapters/<name>/glue.c, which defines one `const struct glue
 * glue_<name>` (name with "-" written "_").  Three programs use it:
 * - the adapter executable (adapters/common/main.c + protocol.c), which
 *   speaks the JSON Lines protocol on stdin/stdout;
 * - the fuzz targets (differential: several glues in one process);
 * - the benchmark (`uritest bench`), which times glue->parse.
 * In-process users link adapters/<name>/glue.c and adapters/common/reading.c
 * only (no jansson, no main), plus the library.
 *
 * Results go into a struct adapter_reading, which owns a growable byte
 * buffer: glue functions copy every string they report into it
 * (reading_set), so nothing the library allocated outlives the call and a
 * reading can be reused across calls without allocating (reading_reset).
 */
#ifndef URITEST_GLUE_H
#define URITEST_GLUE_H

#include <stddef.h>

/* The component model of DESIGN.md comes from librfc3986: the
 * rfc3986_component enum (RFC3986_COMPONENT_SCHEME ... _FRAGMENT,
 * RFC3986_COMPONENT_COUNT) and rfc3986_component_name(). */
#include "rfc3986.h"
/* What the library said about one component (value.h): VALUE_ABSENT when
 * it cannot say (left out of the answer), VALUE_NULL when undefined,
 * VALUE_OCTETS when defined, possibly empty; the octets are in the
 * reading's buffer, valid until the next reading_* call. */
#include "value.h"

/* Requests: the glue functions below each fill a reading. */
struct adapter_reading {
  /* parse, match, resolve, normalize: did the library accept the input? */
  int valid;
  /* parse */
  struct value comp[RFC3986_COMPONENT_COUNT];
  int has_error_offset;
  size_t error_offset;
  /* resolve (target), normalize (normalized), iri-to-uri (output) */
  struct value output;
  /* equivalent */
  int equivalent;
  /* Set (to a static string) when the library cannot do this request:
   * the answer is {"id": ..., "unsupported": why}. */
  const char *unsupported;
  /* Storage for the strings; owned by the reading. */
  char *buf;
  size_t buf_len, buf_cap;
  /* Set when an allocation failed: the answer is an error. */
  int oom;
};

/* Zero a new reading (no allocation). */
void reading_init(struct adapter_reading *r);
/* Forget the previous result, keep the buffer. */
void reading_reset(struct adapter_reading *r);
void reading_free(struct adapter_reading *r);
/* Copy S (LEN octets, may hold NUL) as the value of component C. */
void reading_set(struct adapter_reading *r, rfc3986_component c, const char *s,
                 size_t len);
/* Component C is undefined (null). */
void reading_set_null(struct adapter_reading *r, rfc3986_component c);
/* Component C is the NUL-terminated V, or undefined when V is NULL. */
void reading_set_cstr(struct adapter_reading *r, rfc3986_component c,
                      const char *v);
/* No authority: authority, userinfo, host, host_type and port undefined. */
void reading_set_no_authority(struct adapter_reading *r);
/* Append to component C (which becomes defined): for values assembled in
 * pieces, such as an authority.  Pieces must be appended consecutively. */
void reading_append(struct adapter_reading *r, rfc3986_component c,
                    const char *s, size_t len);
/* The output string of resolve/normalize/iri-to-uri/recompose. */
void reading_set_output(struct adapter_reading *r, const char *s, size_t len);
/* Write the output in place: reading_output_space returns room for CAP
 * octets (NULL on OOM), reading_output_done takes the first LEN of them
 * as the output. */
char *reading_output_space(struct adapter_reading *r, size_t cap);
void reading_output_done(struct adapter_reading *r, size_t len);
/* S (LEN octets) as a NUL-terminated copy, to free(), for a library that
 * takes NUL-terminated strings; NULL when S holds a NUL octet (then R is
 * answered unsupported: the library cannot be given it, and a truncated
 * copy would be another input) or when memory ran out (R->oom). */
char *reading_cstring(struct adapter_reading *r, const char *s, size_t len);
/* Both A and B as reading_cstring copies (*CA, *CB), 0; or neither, -1. */
int reading_cstring_pair(struct adapter_reading *r, const char *a, size_t alen,
                         const char *b, size_t blen, char **ca, char **cb);
/* 1 when the NUL-terminated HOST is an RFC 3986 IPv4address (four
 * dec-octets without leading zeros), for glues that infer host_type from
 * the host string their library returns. */
int reading_is_ipv4address(const char *host);

/* Bits of glue.ops: what the adapter answers (hello line "ops"). */
enum {
  GLUE_OP_PARSE = 1 << 0,
  GLUE_OP_MATCH = 1 << 1,
  GLUE_OP_RESOLVE = 1 << 2,
  GLUE_OP_NORMALIZE = 1 << 3,
  GLUE_OP_EQUIVALENT = 1 << 4,
  GLUE_OP_IRI_TO_URI = 1 << 5,
  GLUE_OP_RECOMPOSE = 1 << 6,
  GLUE_OP_FETCH = 1 << 7
};

/* normalize/equivalent levels (DESIGN.md: simple, syntax, scheme). */
enum glue_level { GLUE_LEVEL_SIMPLE = 0, GLUE_LEVEL_SYNTAX, GLUE_LEVEL_SCHEME };

/*
 * One adapter.  Every string argument is pointer + length (never NULL, even
 * when the length is 0) and may hold NUL octets: a glue whose library takes NUL-terminated strings must answer
 * such an input as unsupported, never truncate it.  RULE arguments are ABNF
 * rule names (NUL-terminated, e.g. "URI", "IRI-reference"); rule NULL means
 * the default start rule, URI-reference.  Every function returns 0 when it
 * filled OUT (valid, invalid or unsupported) and -1 on an internal failure
 * (out of memory).  Functions the library cannot do are NULL.
 */
struct glue {
  const char *name; /* adapter name, as in adapters/<name>/ */
  const char *spec; /* "rfc3986", "whatwg", "rfc2396", "other" */
  unsigned ops;     /* GLUE_OP_* bits; must match the non-NULL functions */
  /* "uriparser 0.9.7": library name and the version seen at run time. */
  const char *(*library_version)(void);
  int (*parse)(const char *s, size_t len, const char *rule,
               struct adapter_reading *out);
  int (*match)(const char *rule, const char *s, size_t len,
               struct adapter_reading *out);
  /* strict: 1 for RFC 3986 5.2.2 strict, 0 for its non-strict mode. */
  int (*resolve)(const char *base, size_t base_len, const char *ref,
                 size_t ref_len, int strict, struct adapter_reading *out);
  int (*normalize)(const char *s, size_t len, enum glue_level level,
                   struct adapter_reading *out);
  int (*equivalent)(const char *a, size_t a_len, const char *b, size_t b_len,
                    enum glue_level level, struct adapter_reading *out);
  int (*iri_to_uri)(const char *s, size_t len, struct adapter_reading *out);
  /* Optional, for the benchmark: the library's parse of a URI-reference as
   * its users pay for it (the call and its cleanup, no mapping to the
   * component model).  S is NUL-terminated at S[LEN].  Returns 1 when the
   * library accepts S, 0 when it rejects it, -1 when it cannot take it. */
  int (*accepts)(const char *s, size_t len);
  /* The library's parse of S written back as a string (its toString, the
   * URL it would request): valid and the output, or not valid when it
   * rejects S. */
  int (*recompose)(const char *s, size_t len, struct adapter_reading *out);
  /* Optional, for the benchmark: resolution against one base that the
   * library parsed once.  base_parse parses BASE (NUL-terminated at
   * BASE[LEN], alive as long as the state) into a state of the glue's
   * own, NULL when the library rejects it or memory runs out;
   * resolve_parsed resolves REF (5.2.2 strict) against it into memory the
   * state holds, as the library's users pay for it (no mapping into a
   * reading): 1 resolved, 0 rejected, -1 out of memory; base_free frees
   * the state.  All three or none. */
  void *(*base_parse)(const char *base, size_t len);
  int (*resolve_parsed)(void *base, const char *ref, size_t len);
  void (*base_free)(void *base);
  /* Optional, for `uritest fetch` (DESIGN.md "The fetch lab"): fetch S
   * with the library's HTTP client as an application would.  OUT->valid 0
   * when the client refused the URL before connecting (OUT's output the
   * client's message), else 1, whatever the connection then did. */
  int (*fetch)(const char *s, size_t len, struct adapter_reading *out);
};

/* Every glue built here, in folder order, NULL-terminated, and their count:
 * the glue table that adapters/adapters.mk generates from the
 * adapters/<name>/adapter.mk files (in-process users link it). */
extern const struct glue *const glue_all[];
extern const size_t glue_count;
/* The name of the glue `uritest bench` gives its ratios against (x_NAME),
 * from the adapter.mk that sets ADAPTER_BENCH_PEER; NULL when none is built. */
extern const char *const glue_bench_peer;

/* The oracle's own glue (adapters/reference/glue.c), the judge the fuzz
 * targets compare the others with. */
extern const struct glue glue_reference;

/* The protocol loop (protocol.c): hello line, then one answer per request
 * line of IN, written to OUT.  Returns the process exit status. */
int adapter_serve(const struct glue *g, int in_fd, void *out_file);

#endif /* URITEST_GLUE_H */
