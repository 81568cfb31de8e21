/*
 * rfc3986.h: librfc3986, a deliberately literal implementation of
 * RFC 3986 (URI Generic Syntax) and RFC 3987 (IRIs), the oracle of uritest.
 *
 * Conventions
 * - Input is pointer + length; never NUL-terminated.  An embedded NUL is an
 *   invalid octet like any other, not the end of the input.
 * - Parsing allocates nothing.  Results are spans (offset + length) into the
 *   caller's input; an undefined component has offset RFC3986_UNDEFINED,
 *   which is distinct from a defined, empty one (length 0).
 * - Producers (recompose, resolve, normalize, pct-encode, IRI mapping) write
 *   into a caller buffer, snprintf style: they always report the length
 *   needed in *out_len, write at most cap octets, never NUL-terminate, and
 *   return RFC3986_ERR_BUFFER when cap was too small.
 * - No globals, no static mutable state: every function is reentrant.
 * - Errors are a stable status plus {offset, rule}; see rfc3986_error.
 */
#ifndef RFC3986_H
#define RFC3986_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define RFC3986_VERSION "0.2.0"

/* Status codes.  Numeric values and names (rfc3986_status_name) are stable. */
typedef enum {
  RFC3986_OK = 0,
  RFC3986_ERR_SYNTAX = 1, /* input does not match the start rule */
  RFC3986_ERR_BUFFER = 2, /* output buffer too small; *out_len has the need */
  RFC3986_ERR_BASE_NOT_ABSOLUTE = 3, /* 5.1: base must match absolute-URI */
  RFC3986_ERR_BASE_HAS_FRAGMENT = 4, /* 5.1: base has a fragment (see flags) */
  RFC3986_ERR_PCT_MALFORMED = 5,     /* 2.1: "%" not followed by two HEXDIG */
  RFC3986_ERR_UTF8 = 6,              /* RFC 3987: not well-formed UTF-8 */
  RFC3986_ERR_UNKNOWN_RULE = 7,      /* rule name not known */
  RFC3986_ERR_ARGUMENT = 8 /* invalid argument (NULL where not allowed) */
} rfc3986_status;

/* Stable name of a status: "ok", "syntax", "buffer", ... */
const char *rfc3986_status_name(rfc3986_status status);

/*
 * The rules of RFC 3986 Appendix A (all 36), then the RFC 3987 section 2.2
 * rules, as rfc3986_rules.h lists them (generated from the grammar files):
 * RFC3986_RULE_URI, RFC3986_RULE_hier_part, ... RFC3986_RULE_iprivate.
 * rfc3986_rule_name() gives the ABNF spelling ("IPv6address",
 * "path-abempty", "IRI-reference"); rfc3986_rule_from_name() the converse.
 */
#include "rfc3986_rules.h"

typedef enum {
  RFC3986_RULE_NONE = 0,
#define RFC3986_RULE_ENUM_(id, name, rfc, alternatives) RFC3986_RULE_##id,
  RFC3986_RULES(RFC3986_RULE_ENUM_)
#undef RFC3986_RULE_ENUM_
      RFC3986_RULE__COUNT
} rfc3986_rule;

const char *rfc3986_rule_name(rfc3986_rule rule);
/* NAME is pointer + length; returns RFC3986_RULE_NONE when unknown. */
rfc3986_rule rfc3986_rule_from_name(const char *name, size_t len);

/* A component: offset and length into the parsed input. */
#define RFC3986_UNDEFINED ((size_t)-1)
typedef struct {
  size_t offset; /* RFC3986_UNDEFINED when the component is undefined */
  size_t length;
} rfc3986_span;

#define rfc3986_span_defined(s) ((s).offset != RFC3986_UNDEFINED)

/* Section 3.2.2: which alternative of "host" matched (first-match-wins). */
typedef enum {
  RFC3986_HOST_NONE = 0, /* no authority */
  RFC3986_HOST_IPV6ADDRESS,
  RFC3986_HOST_IPVFUTURE,
  RFC3986_HOST_IPV4ADDRESS,
  RFC3986_HOST_REG_NAME
} rfc3986_host_type;

/* "IPv6address", "IPvFuture", "IPv4address", "reg-name", or NULL for NONE. */
const char *rfc3986_host_type_name(rfc3986_host_type type);

typedef enum {
  RFC3986_KIND_URI = 0,         /* matched URI (or absolute-URI) */
  RFC3986_KIND_RELATIVE_REF = 1 /* matched relative-ref */
} rfc3986_kind;

/*
 * A parsed URI-reference (the component model of uritest's DESIGN.md,
 * restated here).  The spans
 * point into `input`, which the caller keeps alive.  `path` is always
 * defined (possibly empty).  `authority` spans userinfo "@" host ":" port;
 * `host` keeps the brackets of an IP-literal; `port` is the *DIGIT string.
 */
typedef struct {
  const char *input;
  size_t input_len;
  rfc3986_kind kind;
  rfc3986_span scheme;
  rfc3986_span authority;
  rfc3986_span userinfo;
  rfc3986_span host;
  rfc3986_host_type host_type;
  rfc3986_span port;
  rfc3986_span path;
  rfc3986_span query;
  rfc3986_span fragment;
} rfc3986_uri;

/*
 * Why an input was rejected.  `offset` is the length of the longest prefix
 * of the input that can still be extended into a valid string of the start
 * rule; `rule` is the Appendix A rule the parser was in when it read the
 * octet at `offset` (informative: stable for a release, not a contract).
 */
typedef struct {
  rfc3986_status status;
  size_t offset;
  rfc3986_rule rule;
} rfc3986_error;

/* Human-readable one-line message for an error (static string). */
const char *rfc3986_error_message(const rfc3986_error *err);

/*
 * Section 4.1 / Appendix A: parse INPUT against START (one of
 * RFC3986_RULE_URI_reference, _URI, _absolute_URI, _relative_ref; for the
 * RFC 3987 start rules, IRI_reference, IRI, absolute_IRI, irelative_ref, see
 * rfc3986_parse_iri).  On success fills *uri and returns RFC3986_OK; on
 * failure returns RFC3986_ERR_SYNTAX, fills *err (if non-NULL) and leaves
 * *uri zeroed.  A URI-reference that begins with scheme ":" is a URI,
 * otherwise a relative-ref.  Allocates nothing; O(len).
 */
rfc3986_status rfc3986_parse(const char *input, size_t len, rfc3986_rule start,
                             rfc3986_uri *uri, rfc3986_error *err);

/*
 * The same as rfc3986_parse for the RFC 3986 start rules (URI-reference,
 * URI, absolute-URI, relative-ref), by a deterministic automaton generated
 * from the grammar file reference/grammar/rfc3986.abnf (reference/fast/).
 * It gives the same status, *uri (kind, every span, host_type) and
 * err->offset as rfc3986_parse; the fuzz target and `make test` check that
 * on every input they see.  err->rule is coarser: the component of the
 * Appendix B split (rfc3986_split) that holds the octet at err->offset, or
 * the last octet when err->offset is the input's length
 * (RFC3986_RULE_scheme, _authority, _path, _query or _fragment), else
 * START (the octet is a delimiter of the split, or the input is empty).
 * The RFC 3987 start rules give RFC3986_ERR_UNKNOWN_RULE; a NULL INPUT
 * with a length, RFC3986_ERR_ARGUMENT.  INPUT need not be NUL-terminated;
 * the spans point into it (the caller keeps it alive).  URI and ERR may be
 * NULL.  Allocates nothing, reads nothing outside INPUT, thread-safe;
 * O(len).  On x86 a vector scan of octet runs is picked at run time when
 * the processor has SSSE3, a table otherwise, with the same answers.
 * Example: librfc3986(3) (man/librfc3986.3), which the tests compile and
 * run.
 */
rfc3986_status rfc3986_parse_fast(const char *input, size_t len,
                                  rfc3986_rule start, rfc3986_uri *uri,
                                  rfc3986_error *err);

/* RFC 3987 section 2.2: the same over the IRI grammar (input is UTF-8). */
rfc3986_status rfc3986_parse_iri(const char *input, size_t len,
                                 rfc3986_rule start, rfc3986_uri *uri,
                                 rfc3986_error *err);

/*
 * Whole-input match of any rule of Appendix A or RFC 3987 2.2: returns
 * RFC3986_OK when all LEN octets match RULE, RFC3986_ERR_SYNTAX (with *err)
 * otherwise, RFC3986_ERR_UNKNOWN_RULE for RFC3986_RULE_NONE.
 */
rfc3986_status rfc3986_match(rfc3986_rule rule, const char *input, size_t len,
                             rfc3986_error *err);

/*
 * Observing a parse (llhttp's settings struct is the model): a struct of
 * callbacks and a user pointer, passed to the _observed functions; a NULL
 * observer, or a NULL callback, observes nothing.  The parse is the same
 * with or without one: the callbacks see the rule functions of the one
 * parser as they run (rule coverage, `rfc3986 explain`, work counts).
 * - on_enter: the rule function of RULE starts at OFFSET;
 * - on_leave: it returns, with END the offset after its match, or
 *   RFC3986_UNDEFINED when it did not match (whatever the rules called
 *   inside it matched is then abandoned too);
 * - on_alternative: RULE, whose ABNF is an alternation, matched with its
 *   ALTERNATIVE-th alternative (1-based, in the RFC's order; the
 *   ALTERNATIVES column of rfc3986_rules.h counts them); an octet that
 *   pchar, userinfo, reg-name, IPvFuture or segment-nz-nc tests as the
 *   class unreserved or sub-delims reports that class's alternative too,
 *   though the class's rule function does not run (no on_enter/on_leave);
 * - on_backtrack: RULE, running now, abandons what the rules it called so
 *   far matched (an alternative it did not take; what it keeps it calls
 *   again);
 * - on_step: one unit of work: an octet read by a rule, or one step of the
 *   loops of sections 5.2.4 and 6.2.2 (rfc3986_resolve_observed,
 *   rfc3986_normalize_observed).  Counting these measures work without a
 *   clock.
 * Callbacks must not call back into the parse.
 */
typedef struct rfc3986_observer {
  void *data; /* passed to every callback */
  void (*on_enter)(void *data, rfc3986_rule rule, size_t offset);
  void (*on_leave)(void *data, rfc3986_rule rule, size_t offset, size_t end);
  void (*on_alternative)(void *data, rfc3986_rule rule, int alternative);
  void (*on_backtrack)(void *data, rfc3986_rule rule);
  void (*on_step)(void *data);
} rfc3986_observer;

/* rfc3986_parse (or rfc3986_parse_iri's start rules) under OBSERVER. */
rfc3986_status rfc3986_parse_observed(const char *input, size_t len,
                                      rfc3986_rule start, rfc3986_uri *uri,
                                      rfc3986_error *err,
                                      const rfc3986_observer *observer);

/* rfc3986_match under OBSERVER. */
rfc3986_status rfc3986_match_observed(rfc3986_rule rule, const char *input,
                                      size_t len, rfc3986_error *err,
                                      const rfc3986_observer *observer);

/*
 * Parse trace, for `rfc3986 explain`: every rule that matched on the final
 * parse, with its span and nesting depth, in pre-order (a parent before its
 * children).  Alternatives abandoned by backtracking are not reported.
 * EVENTS may be NULL when CAP is 0; *count receives the number of events of
 * the whole parse even when more than CAP.  An observer of
 * rfc3986_parse_observed that records what it sees.
 */
typedef struct {
  rfc3986_rule rule;
  size_t offset;
  size_t length;
  unsigned depth;
} rfc3986_trace_event;

rfc3986_status rfc3986_parse_traced(const char *input, size_t len,
                                    rfc3986_rule start, rfc3986_uri *uri,
                                    rfc3986_error *err,
                                    rfc3986_trace_event *events, size_t cap,
                                    size_t *count);

/* ---- Section 5.3: recomposition --------------------------------------- */

/*
 * Section 5.3: recompose the components of URI (taken from uri->input)
 * into OUT.  The result is never longer than uri->input_len.
 */
rfc3986_status rfc3986_recompose(const rfc3986_uri *uri, char *out, size_t cap,
                                 size_t *out_len);

/* ---- Section 5.2: reference resolution -------------------------------- */

enum {
  RFC3986_RESOLVE_STRICT = 0,
  /* 5.2.2: "if (R.scheme == Base.scheme) then undefine R.scheme" */
  RFC3986_RESOLVE_NON_STRICT = 1 << 0,
  /* 5.1: strip a fragment from the base instead of rejecting it */
  RFC3986_RESOLVE_STRIP_BASE_FRAGMENT = 1 << 1
};

/* Published bound: the target is at most base_len + ref_len + 1 octets. */
#define RFC3986_RESOLVE_MAX(base_len, ref_len) ((base_len) + (ref_len) + 1)

/*
 * Hazards: a produced string that would reparse differently from the
 * components that produced it, or that no longer means what the input did
 * (bit set, 0 for none).  rfc3986_hazard_name names one bit.
 */
enum {
  RFC3986_HAZARD_NONE = 0,
  /* no authority, path begins with "//": reparses with an authority */
  RFC3986_HAZARD_PATH_LOOKS_LIKE_AUTHORITY = 1 << 0,
  /* no scheme, first segment has ":": reparses as a scheme */
  RFC3986_HAZARD_SEGMENT_LOOKS_LIKE_SCHEME = 1 << 1,
  /* 6.2.2.3 on a relative-path reference changed what it resolves to:
   * remove_dot_segments made it absolute ("a/.." gives "/"), dropped a
   * leading ".." ("../a" gives "a") or emptied it ("." gives "") */
  RFC3986_HAZARD_RELATIVE_PATH_CHANGED = 1 << 2
};
/* Stable name of one hazard bit ("path-looks-like-authority", ...). */
const char *rfc3986_hazard_name(unsigned hazard);

/*
 * Section 5.2.2 (with 5.2.3 merge, 5.2.4 remove_dot_segments, 5.3): resolve
 * REF against BASE.  BASE must match absolute-URI (5.1); REF must match
 * URI-reference.  On an invalid base/ref returns RFC3986_ERR_SYNTAX or
 * RFC3986_ERR_BASE_* with *err (offset into the offending string; err->rule
 * tells which start rule).  *hazard (may be NULL) receives RFC3986_HAZARD_*
 * bits.  No allocation; O(base_len + ref_len).
 */
rfc3986_status rfc3986_resolve(const char *base, size_t base_len,
                               const char *ref, size_t ref_len, unsigned flags,
                               char *out, size_t cap, size_t *out_len,
                               unsigned *hazard, rfc3986_error *err);

/*
 * Section 5.2 (5.2.2 with 5.2.3 and 5.2.4, 5.3): the same as
 * rfc3986_resolve, with a base already parsed, so that many references
 * can be resolved against one base without parsing it each time.
 *   BASE: from rfc3986_parse or rfc3986_parse_fast (start rule URI or
 *     absolute-URI); BASE->kind must be RFC3986_KIND_URI (5.1: a base is
 *     absolute), else RFC3986_ERR_BASE_NOT_ABSOLUTE.  Borrowed and only
 *     read: its spans point into BASE->input, which the caller keeps alive
 *     and unchanged for the call; one parsed base may serve several
 *     threads at once.  A base with a fragment is RFC3986_ERR_BASE_HAS_
 *     FRAGMENT unless FLAGS has RFC3986_RESOLVE_STRIP_BASE_FRAGMENT.
 *   REF, REF_LEN: must match URI-reference, else RFC3986_ERR_SYNTAX with
 *     *err (err->rule = RFC3986_RULE_URI_reference, the offset into REF).
 *   OUT, CAP: the caller's buffer; the target is written snprintf style
 *     (*out_len gets its length; RFC3986_ERR_BUFFER when it does not fit,
 *     with *out_len the room needed, at most
 *     RFC3986_RESOLVE_MAX(BASE->input_len, REF_LEN)); not NUL-terminated.
 *   *hazard (may be NULL): RFC3986_HAZARD_* bits of the target.
 * A NULL BASE, or a NULL REF or OUT with a length, is RFC3986_ERR_ARGUMENT.
 * No allocation; O(base length + REF_LEN).
 */
rfc3986_status rfc3986_resolve_parsed(const rfc3986_uri *base, const char *ref,
                                      size_t ref_len, unsigned flags, char *out,
                                      size_t cap, size_t *out_len,
                                      unsigned *hazard, rfc3986_error *err);

/* rfc3986_resolve under OBSERVER (its parses, and the steps of 5.2.4). */
rfc3986_status rfc3986_resolve_observed(const char *base, size_t base_len,
                                        const char *ref, size_t ref_len,
                                        unsigned flags, char *out, size_t cap,
                                        size_t *out_len, unsigned *hazard,
                                        rfc3986_error *err,
                                        const rfc3986_observer *observer);

/*
 * Section 5.2.4 remove_dot_segments over IN (a path), written into OUT.
 * The output is never longer than the input.
 */
rfc3986_status rfc3986_remove_dot_segments(const char *in, size_t len,
                                           char *out, size_t cap,
                                           size_t *out_len);

/* ---- Section 6: normalization and comparison -------------------------- */

typedef enum {
  RFC3986_LEVEL_SIMPLE = 0, /* 6.2.1 simple string comparison */
  RFC3986_LEVEL_SYNTAX = 1, /* 6.2.2 syntax-based normalization */
  RFC3986_LEVEL_SCHEME = 2  /* 6.2.2 + 6.2.3 scheme-based normalization */
} rfc3986_level;

/* Published bound: a normalized reference is at most len + 1 octets
 * (6.2.3 turns an empty path with an authority into "/"). */
#define RFC3986_NORMALIZE_MAX(len) ((len) + 1)

/*
 * Section 6.2.2 (and 6.2.3 at RFC3986_LEVEL_SCHEME): normalize a
 * URI-reference idempotently.  The output is at most
 * RFC3986_NORMALIZE_MAX(len) octets (len at RFC3986_LEVEL_SYNTAX).
 */
rfc3986_status rfc3986_normalize(const char *input, size_t len,
                                 rfc3986_level level, char *out, size_t cap,
                                 size_t *out_len, unsigned *hazard,
                                 rfc3986_error *err);

/* rfc3986_normalize under OBSERVER (its parse, 6.2.2 and 5.2.4 steps). */
rfc3986_status rfc3986_normalize_observed(const char *input, size_t len,
                                          rfc3986_level level, char *out,
                                          size_t cap, size_t *out_len,
                                          unsigned *hazard, rfc3986_error *err,
                                          const rfc3986_observer *observer);

/* Section 6.2: *equivalent = 1 when A and B are equivalent at LEVEL. */
rfc3986_status rfc3986_equivalent(const char *a, size_t a_len, const char *b,
                                  size_t b_len, rfc3986_level level,
                                  int *equivalent, rfc3986_error *err);

/* ---- Section 2: percent-encoding -------------------------------------- */

/*
 * 2.1, 2.4: percent-encode every octet of IN for which allowed(octet) is 0
 * (upper-case hex).  ALLOWED NULL means: only unreserved is kept.
 * Output is at most 3 * len octets.
 */
rfc3986_status rfc3986_pct_encode(const char *in, size_t len,
                                  int (*allowed)(unsigned char octet),
                                  char *out, size_t cap, size_t *out_len);

/*
 * 2.1: decode every pct-encoded triplet.  A "%" not followed by two HEXDIG
 * gives RFC3986_ERR_PCT_MALFORMED with err->offset at the "%".
 */
rfc3986_status rfc3986_pct_decode(const char *in, size_t len, char *out,
                                  size_t cap, size_t *out_len,
                                  rfc3986_error *err);

/* ---- RFC 3987: IRIs --------------------------------------------------- */

/* 3.1: map an IRI (UTF-8) to a URI; output at most 3 * len octets. */
rfc3986_status rfc3986_iri_to_uri(const char *in, size_t len, char *out,
                                  size_t cap, size_t *out_len,
                                  rfc3986_error *err);

/* 3.2: map a URI to an IRI, decoding only what is safe to show. */
rfc3986_status rfc3986_uri_to_iri(const char *in, size_t len, char *out,
                                  size_t cap, size_t *out_len,
                                  rfc3986_error *err);

/* ---- Appendix B: regular-expression split ----------------------------- */

/*
 * Appendix B: split any string (valid or not) as the RFC's regular
 * expression  ^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?
 * does; fills scheme, authority, path, query, fragment of *uri (the others
 * undefined).  Never fails; O(len).
 */
void rfc3986_split(const char *input, size_t len, rfc3986_uri *uri);

/* ---- The component model, by name; UTF-8 ------------------------------ */

/*
 * The nine components of a parsed URI-reference (DESIGN.md "The component
 * model"), in that order, as one list: X(ID, name).  It yields the enum
 * below, rfc3986_component_name() and rfc3986_uri_get(), the way curl names
 * URL parts with CURLUPart; every tool around the library (the harness, the
 * adapters, the fuzz targets, the rfc3986 command) takes the list from here.
 */
#define RFC3986_COMPONENTS(X)                                                  \
  X(SCHEME, "scheme")                                                          \
  X(AUTHORITY, "authority")                                                    \
  X(USERINFO, "userinfo")                                                      \
  X(HOST, "host")                                                              \
  X(HOST_TYPE, "host_type")                                                    \
  X(PORT, "port")                                                              \
  X(PATH, "path")                                                              \
  X(QUERY, "query")                                                            \
  X(FRAGMENT, "fragment")

typedef enum {
#define RFC3986__COMPONENT_ENUM(id, name) RFC3986_COMPONENT_##id,
  RFC3986_COMPONENTS(RFC3986__COMPONENT_ENUM)
#undef RFC3986__COMPONENT_ENUM
      RFC3986_COMPONENT_COUNT
} rfc3986_component;

/* "scheme", ..., "fragment"; NULL for a value out of range. */
const char *rfc3986_component_name(rfc3986_component component);
/* NAME is pointer + length; RFC3986_COMPONENT_COUNT when it names none. */
rfc3986_component rfc3986_component_from_name(const char *name, size_t len);

/*
 * Component COMPONENT of URI: 1 when it is defined, with its octets in
 * *value (pointing into uri->input; for host_type, the static name of
 * rfc3986_host_type_name) and their number in *len; 0 when it is undefined
 * (then *value is NULL and *len 0) or COMPONENT is out of range.
 */
int rfc3986_uri_get(const rfc3986_uri *uri, rfc3986_component component,
                    const char **value, size_t *len);

/*
 * RFC 3629: the length (1 to 4) of the well-formed UTF-8 sequence at
 * s[0..len), its code point in *code_point (may be NULL); 0 when the octets
 * there are not one (an overlong form, a surrogate, above U+10FFFF, cut
 * short), with *bad (may be NULL) the offset from s of the first octet that
 * cannot continue a well-formed sequence.  LEN must be at least 1.
 */
size_t rfc3986_utf8_sequence(const char *s, size_t len, uint32_t *code_point,
                             size_t *bad);

#ifdef __cplusplus
}
#endif
#endif /* RFC3986_H */
