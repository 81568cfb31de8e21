/*
 * grammar.h: internals shared by the rule functions of RFC 3986 Appendix A
 * (rules.c) and RFC 3987 section 2.2 (iri.c).  Not installed.
 *
 * Every rule function has the shape
 *
 *     size_t rule_NAME(struct rfc3986__parser *p, size_t pos);
 *
 * It matches the ABNF rule NAME starting at offset POS of p->s and returns
 * the offset just past the match, or RFC3986__NOMATCH.  Repetitions are
 * greedy and alternatives return the longest match, which is what a
 * whole-input match needs for this grammar.  Every octet is read through
 * rfc3986__at(), which remembers the furthest offset read: that is the
 * error offset, the longest prefix that a rule could still extend.
 */
#ifndef RFC3986_GRAMMAR_H
#define RFC3986_GRAMMAR_H

#include "rfc3986.h"

#define RFC3986__NOMATCH ((size_t)-1)
#define RFC3986__EOF (-1)

struct rfc3986__parser {
  const unsigned char *s;
  size_t len;
  size_t reached;             /* 1 + the furthest offset read, 0 before any */
  rfc3986_rule furthest_rule; /* the rule that read it first */
  rfc3986_rule rule;          /* the rule running now */
  /* Tracing (rfc3986_parse_traced), off when `tracing` is 0. */
  int tracing;
  rfc3986_trace_event *events;
  size_t cap;
  size_t count;
  unsigned depth;
  /* Components, written by the rules that own them (never NULL). */
  rfc3986_uri *uri;
  /* What authority's userinfo attempt learnt: from userinfo_from, userinfo
   * matched to userinfo_to (RFC3986__NOMATCH: nothing known).  reg-name's
   * octets are userinfo's but ":", so reg-name from the same offset ends
   * at the first ":" before userinfo_to, or there (rule_reg_name). */
  size_t userinfo_from, userinfo_to;
};

void rfc3986__parser_init(struct rfc3986__parser *p, const char *s, size_t len);

/*
 * Rule coverage (make rule-coverage): a build with RFC3986_RULE_COVERAGE
 * reports every rule function's outcome, and which alternative of a rule
 * won, and every octet read, to hooks the coverage tools define.  Other
 * builds compile to nothing.
 */
#ifdef RFC3986_RULE_COVERAGE
void rfc3986__cover_rule(rfc3986_rule rule, int matched);
void rfc3986__cover_alternative(rfc3986_rule rule, int alternative);
void rfc3986__cover_read(void); /* one octet read, or one step of a loop
                                  over octets: the unit of work */
#define COVER_ALTERNATIVE(rule, k) rfc3986__cover_alternative((rule), (k))
#else
#define rfc3986__cover_rule(rule, matched) ((void)0)
#define rfc3986__cover_read() ((void)0)
#define COVER_ALTERNATIVE(rule, k) ((void)(rule), (void)(k))
#endif

/* The octet at POS, or RFC3986__EOF; remembers how far the input was read. */
static inline int rfc3986__at(struct rfc3986__parser *p, size_t pos) {
  rfc3986__cover_read();
  if (pos >= p->reached) {
    p->reached = pos + 1;
    p->furthest_rule = p->rule;
  }
  return pos < p->len ? p->s[pos] : RFC3986__EOF;
}

/* Rule entry and exit: keep p->rule current and, when tracing, record the
 * match (events of abandoned alternatives are dropped on failure). */
struct rfc3986__frame {
  rfc3986_rule outer;
  size_t event;
};

static inline struct rfc3986__frame
rfc3986__enter(struct rfc3986__parser *p, rfc3986_rule rule, size_t pos) {
  struct rfc3986__frame f;
  f.outer = p->rule;
  f.event = p->count;
  p->rule = rule;
  if (p->tracing) {
    if (p->count < p->cap) {
      p->events[p->count].rule = rule;
      p->events[p->count].offset = pos;
      p->events[p->count].length = 0;
      p->events[p->count].depth = p->depth;
    }
    p->count++;
    p->depth++;
  }
  return f;
}

static inline size_t rfc3986__leave(struct rfc3986__parser *p,
                                    struct rfc3986__frame f, size_t pos,
                                    size_t end) {
  rfc3986__cover_rule(p->rule, end != RFC3986__NOMATCH);
  p->rule = f.outer;
  if (p->tracing) {
    p->depth--;
    if (end == RFC3986__NOMATCH)
      p->count = f.event;
    else if (f.event < p->cap)
      p->events[f.event].length = end - pos;
  }
  return end;
}

/* Forget the trace events recorded since MARK (a backtracked alternative). */
static inline void rfc3986__backtrack(struct rfc3986__parser *p, size_t mark) {
  if (p->tracing)
    p->count = mark;
}

#define RULE_ENTER(p, rule, pos)                                               \
  struct rfc3986__frame rule_frame_ = rfc3986__enter((p), (rule), (pos))
#define RULE_LEAVE(p, pos, end)                                                \
  return rfc3986__leave((p), rule_frame_, (pos), (end))

/*
 * Single-octet classes (section 2, Appendix A), as bits of one table
 * indexed by octet + 1 (index 0 is the end of the input, in no class).
 */
enum {
  C_ALPHA = 1 << 0,
  C_DIGIT = 1 << 1,
  C_HEXDIG = 1 << 2,
  C_MARK = 1 << 3, /* "-" / "." / "_" / "~", the rest of unreserved */
  C_SUB_DELIMS = 1 << 4,
  C_GEN_DELIMS = 1 << 5,
  C_COLON = 1 << 6,
  C_AT = 1 << 7,
  C_SLASH = 1 << 8,
  C_QUESTION = 1 << 9,
  C_SCHEME = 1 << 10, /* ALPHA / DIGIT / "+" / "-" / "." */
  C_UNRESERVED = C_ALPHA | C_DIGIT | C_MARK,
  /* the octets of pchar = unreserved / pct-encoded / sub-delims / ":" / "@"
   * other than pct-encoded's */
  C_PCHAR = C_UNRESERVED | C_SUB_DELIMS | C_COLON | C_AT
};
extern const unsigned short rfc3986__octet_class[257];

static inline int rfc3986__is(int c, unsigned mask) {
  return (rfc3986__octet_class[c + 1] & mask) != 0;
}
static inline int is_ALPHA(int c) {
  return rfc3986__is(c, C_ALPHA);
}
static inline int is_DIGIT(int c) {
  return rfc3986__is(c, C_DIGIT);
}
static inline int is_HEXDIG(int c) {
  return rfc3986__is(c, C_HEXDIG);
}
/* unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~" */
static inline int is_unreserved(int c) {
  return rfc3986__is(c, C_UNRESERVED);
}
/* gen-delims = ":" / "/" / "?" / "#" / "[" / "]" / "@" */
static inline int is_gen_delims(int c) {
  return rfc3986__is(c, C_GEN_DELIMS);
}
/* sub-delims = "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "=" */
static inline int is_sub_delims(int c) {
  return rfc3986__is(c, C_SUB_DELIMS);
}

/* 2.1: the value of the HEXDIG octet C (which must be one: callers read
 * pct-encoded triplets of parsed references, or have checked). */
static inline int rfc3986__hex_value(int c) {
  return c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10;
}
/* 2.1: "URI producers ... should use uppercase hexadecimal digits" (pct.c). */
extern const char rfc3986__upper_hex[16];

/* Inlined where it is called, so that a constant class mask folds away
 * (in optimized builds: an unoptimized one, such as make coverage's, keeps
 * one copy, whose branches are counted once). */
#if defined(__GNUC__) && defined(__OPTIMIZE__)
#define RFC3986__ALWAYS_INLINE static inline __attribute__((always_inline))
#else
#define RFC3986__ALWAYS_INLINE static inline
#endif

#if defined(__SSE2__) && !defined(RFC3986_NO_SIMD)
#include <emmintrin.h>
#define RFC3986__SIMD 1

/* Lanes of V (unsigned octets) in [LO, HI]. */
static inline __m128i rfc3986__in_range(__m128i v, int lo, int hi) {
  __m128i t = _mm_sub_epi8(v, _mm_set1_epi8((char)lo));
  return _mm_cmpeq_epi8(_mm_min_epu8(t, _mm_set1_epi8((char)(hi - lo))), t);
}
static inline __m128i rfc3986__eq(__m128i v, int c) {
  return _mm_cmpeq_epi8(v, _mm_set1_epi8((char)c));
}

/*
 * The octet-class table above, written as comparisons over 16 octets at a
 * time: lane k is all ones when octet k is in a class of MASK.  Each class
 * is spelled as its ABNF lists it.  Only the classes that rule functions
 * scan for are here (not HEXDIG or gen-delims); test_octets checks every
 * octet at every position of a block in every scanned component.
 */
/* All lanes set when MASK has one of the classes BITS, else none (no
 * branch: the same instructions for every mask). */
static inline __m128i rfc3986__when(unsigned mask, unsigned bits) {
  return _mm_set1_epi8((char)-(int)((mask & bits) != 0));
}

RFC3986__ALWAYS_INLINE __m128i rfc3986__class16(__m128i v, unsigned mask) {
  __m128i lower = _mm_or_si128(v, _mm_set1_epi8(0x20)); /* A-Z to a-z */
  /* ALPHA = %x41-5A / %x61-7A; DIGIT = %x30-39 */
  __m128i alpha = rfc3986__in_range(lower, 'a', 'z');
  __m128i digit = rfc3986__in_range(v, '0', '9');
  /* "-" / "." (unreserved and scheme), "_" / "~" (unreserved), "+" */
  __m128i dash_dot = rfc3986__in_range(v, '-', '.');
  __m128i low_tilde = _mm_or_si128(rfc3986__eq(v, '_'), rfc3986__eq(v, '~'));
  __m128i plus = rfc3986__eq(v, '+');
  /* sub-delims = "!" / "$" / "&" - "," / ";" / "=" */
  __m128i sub_delims = _mm_or_si128(
      _mm_or_si128(rfc3986__in_range(v, '&', ','), rfc3986__eq(v, '!')),
      _mm_or_si128(_mm_or_si128(rfc3986__eq(v, '$'), rfc3986__eq(v, ';')),
                   rfc3986__eq(v, '=')));
  __m128i m = _mm_and_si128(alpha, rfc3986__when(mask, C_ALPHA | C_SCHEME));
  m = _mm_or_si128(
      m, _mm_and_si128(digit, rfc3986__when(mask, C_DIGIT | C_SCHEME)));
  m = _mm_or_si128(
      m, _mm_and_si128(dash_dot, rfc3986__when(mask, C_MARK | C_SCHEME)));
  m = _mm_or_si128(m, _mm_and_si128(low_tilde, rfc3986__when(mask, C_MARK)));
  m = _mm_or_si128(m, _mm_and_si128(plus, rfc3986__when(mask, C_SCHEME)));
  m = _mm_or_si128(
      m, _mm_and_si128(sub_delims, rfc3986__when(mask, C_SUB_DELIMS)));
  m = _mm_or_si128(
      m, _mm_and_si128(rfc3986__eq(v, ':'), rfc3986__when(mask, C_COLON)));
  m = _mm_or_si128(
      m, _mm_and_si128(rfc3986__eq(v, '@'), rfc3986__when(mask, C_AT)));
  m = _mm_or_si128(
      m, _mm_and_si128(rfc3986__eq(v, '/'), rfc3986__when(mask, C_SLASH)));
  m = _mm_or_si128(
      m, _mm_and_si128(rfc3986__eq(v, '?'), rfc3986__when(mask, C_QUESTION)));
  return m;
}
#endif

/*
 * The offset of the first octet at or after POS that is not in the classes
 * of MASK.  It reads the octets as rfc3986__at would: only the last one
 * read, the octet that stopped the scan, can be the furthest.  Sixteen
 * octets at a time where the input has them (never past its end), then
 * four, then one.
 */
RFC3986__ALWAYS_INLINE size_t rfc3986__scan(struct rfc3986__parser *p,
                                            size_t pos, unsigned mask) {
  const unsigned short *cls = rfc3986__octet_class + 1;
  const unsigned char *s = p->s;
#ifdef RFC3986__SIMD
  for (; pos + 16 <= p->len; pos += 16) {
    __m128i v = _mm_loadu_si128((const __m128i *)(const void *)(s + pos));
    unsigned out =
        ~(unsigned)_mm_movemask_epi8(rfc3986__class16(v, mask)) & 0xFFFFu;
    if (out) {
      pos += (size_t)__builtin_ctz(out);
      goto stop;
    }
  }
#endif
  for (; pos + 4 <= p->len; pos += 4) {
    if (!(cls[s[pos]] & mask))
      goto stop;
    if (!(cls[s[pos + 1]] & mask)) {
      pos += 1;
      goto stop;
    }
    if (!(cls[s[pos + 2]] & mask)) {
      pos += 2;
      goto stop;
    }
    if (!(cls[s[pos + 3]] & mask)) {
      pos += 3;
      goto stop;
    }
  }
  while (pos < p->len && (cls[s[pos]] & mask))
    pos++;
stop:
  rfc3986__at(p, pos);
  return pos;
}

/* RFC 3986 Appendix A rule functions (rules.c). */
#define RFC3986__RULE(name)                                                    \
  size_t rule_##name(struct rfc3986__parser *p, size_t pos)
RFC3986__RULE(URI);
RFC3986__RULE(hier_part);
RFC3986__RULE(URI_reference);
RFC3986__RULE(absolute_URI);
RFC3986__RULE(relative_ref);
RFC3986__RULE(relative_part);
RFC3986__RULE(scheme);
RFC3986__RULE(authority);
RFC3986__RULE(userinfo);
RFC3986__RULE(host);
RFC3986__RULE(port);
RFC3986__RULE(IP_literal);
RFC3986__RULE(IPvFuture);
RFC3986__RULE(IPv6address);
RFC3986__RULE(h16);
RFC3986__RULE(ls32);
RFC3986__RULE(IPv4address);
RFC3986__RULE(dec_octet);
RFC3986__RULE(reg_name);
RFC3986__RULE(path);
RFC3986__RULE(path_abempty);
RFC3986__RULE(path_absolute);
RFC3986__RULE(path_noscheme);
RFC3986__RULE(path_rootless);
RFC3986__RULE(path_empty);
RFC3986__RULE(segment);
RFC3986__RULE(segment_nz);
RFC3986__RULE(segment_nz_nc);
RFC3986__RULE(pchar);
RFC3986__RULE(query);
RFC3986__RULE(fragment);
RFC3986__RULE(pct_encoded);
RFC3986__RULE(unreserved);
RFC3986__RULE(reserved);
RFC3986__RULE(gen_delims);
RFC3986__RULE(sub_delims);

/* RFC 3987 section 2.2 rule functions (iri.c). */
RFC3986__RULE(IRI);
RFC3986__RULE(ihier_part);
RFC3986__RULE(IRI_reference);
RFC3986__RULE(absolute_IRI);
RFC3986__RULE(irelative_ref);
RFC3986__RULE(irelative_part);
RFC3986__RULE(iauthority);
RFC3986__RULE(iuserinfo);
RFC3986__RULE(ihost);
RFC3986__RULE(ireg_name);
RFC3986__RULE(ipath);
RFC3986__RULE(ipath_abempty);
RFC3986__RULE(ipath_absolute);
RFC3986__RULE(ipath_noscheme);
RFC3986__RULE(ipath_rootless);
RFC3986__RULE(ipath_empty);
RFC3986__RULE(isegment);
RFC3986__RULE(isegment_nz);
RFC3986__RULE(isegment_nz_nc);
RFC3986__RULE(ipchar);
RFC3986__RULE(iquery);
RFC3986__RULE(ifragment);
RFC3986__RULE(iunreserved);
RFC3986__RULE(ucschar);
RFC3986__RULE(iprivate);

/* An undefined span, and the span [from, to). */
static inline rfc3986_span rfc3986__undefined(void) {
  rfc3986_span s = {RFC3986_UNDEFINED, 0};
  return s;
}
static inline rfc3986_span rfc3986__span(size_t from, size_t to) {
  rfc3986_span s = {from, to - from};
  return s;
}
/* Reset *uri to "nothing parsed": every component undefined, path empty. */
void rfc3986__uri_clear(rfc3986_uri *uri, const char *input, size_t len);

/* The rule function of RULE (RFC 3986 or 3987), or NULL. */
typedef size_t (*rfc3986__rule_fn)(struct rfc3986__parser *p, size_t pos);
rfc3986__rule_fn rfc3986__rule_function(rfc3986_rule rule);
/* The RFC 3987 part of that table (iri.c). */
rfc3986__rule_fn rfc3986__iri_rule_function(rfc3986_rule rule);

/*
 * RFC 3987 section 2.2 restates RFC 3986's URI rules over other pieces
 * (iauthority for authority, isegment for segment, ...).  What the two
 * grammars share is that shape; rules.c writes it once, taking the pieces
 * of one grammar from a table: rfc3986__uri_shape (rules.c) and
 * rfc3986__iri_shape (iri.c).
 */
struct rfc3986__shape {
  rfc3986_rule hier_part, relative_part, reference; /* their rule names */
  rfc3986__rule_fn authority, path_abempty, path_absolute, path_noscheme,
      path_rootless, path_empty, segment, query, fragment, hier_part_fn,
      relative_part_fn, absolute, relative_ref;
};
extern const struct rfc3986__shape rfc3986__uri_shape;
extern const struct rfc3986__shape rfc3986__iri_shape;

/* *( "/" segment ) from I. */
size_t rfc3986__slash_segments(struct rfc3986__parser *p, size_t i,
                               const struct rfc3986__shape *g);
/* hier-part (RELATIVE 0) or relative-part (1) after RULE_ENTER; records
 * authority and path. */
size_t rfc3986__hier_or_relative_part(struct rfc3986__parser *p, size_t pos,
                                      const struct rfc3986__shape *g,
                                      int relative);
/* [ "?" query ] [ "#" fragment ] from I (no fragment when FRAGMENT is 0);
 * records both. */
size_t rfc3986__query_fragment(struct rfc3986__parser *p, size_t i,
                               const struct rfc3986__shape *g, int fragment);
/* scheme ":" hier-part; records scheme. */
size_t rfc3986__scheme_hier_part(struct rfc3986__parser *p, size_t pos,
                                 const struct rfc3986__shape *g);
/* relative-part [ "?" query ] [ "#" fragment ], after RULE_ENTER. */
size_t rfc3986__relative_ref(struct rfc3986__parser *p, size_t pos,
                             const struct rfc3986__shape *g);
/* URI / relative-ref, after RULE_ENTER: the longer match. */
size_t rfc3986__reference(struct rfc3986__parser *p, size_t pos,
                          const struct rfc3986__shape *g);
/* path = path-abempty / path-absolute / path-noscheme / path-rootless /
 * path-empty, after RULE_ENTER of RULE: the longest alternative. */
size_t rfc3986__path(struct rfc3986__parser *p, size_t pos,
                     const struct rfc3986__shape *g, rfc3986_rule rule);

#endif
