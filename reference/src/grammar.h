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
  size_t furthest;            /* furthest offset read */
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
};

void rfc3986__parser_init(struct rfc3986__parser *p, const char *s,
                          size_t len);

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
  if (pos >= p->furthest) {
    if (pos > p->furthest || p->furthest_rule == RFC3986_RULE_NONE) {
      p->furthest = pos;
      p->furthest_rule = p->rule;
    }
  }
  return pos < p->len ? p->s[pos] : RFC3986__EOF;
}

/* Rule entry and exit: keep p->rule current and, when tracing, record the
 * match (events of abandoned alternatives are dropped on failure). */
struct rfc3986__frame {
  rfc3986_rule outer;
  size_t event;
};

static inline struct rfc3986__frame rfc3986__enter(struct rfc3986__parser *p,
                                                   rfc3986_rule rule,
                                                   size_t pos) {
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

#define RULE_ENTER(p, rule, pos) \
  struct rfc3986__frame rule_frame_ = rfc3986__enter((p), (rule), (pos))
#define RULE_LEAVE(p, pos, end) return rfc3986__leave((p), rule_frame_, (pos), (end))

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
static inline int is_ALPHA(int c) { return rfc3986__is(c, C_ALPHA); }
static inline int is_DIGIT(int c) { return rfc3986__is(c, C_DIGIT); }
static inline int is_HEXDIG(int c) { return rfc3986__is(c, C_HEXDIG); }
/* unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~" */
static inline int is_unreserved(int c) { return rfc3986__is(c, C_UNRESERVED); }
/* gen-delims = ":" / "/" / "?" / "#" / "[" / "]" / "@" */
static inline int is_gen_delims(int c) { return rfc3986__is(c, C_GEN_DELIMS); }
/* sub-delims = "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "=" */
static inline int is_sub_delims(int c) { return rfc3986__is(c, C_SUB_DELIMS); }

/* 2.1: the value of the HEXDIG octet C (which must be one: callers read
 * pct-encoded triplets of parsed references, or have checked). */
static inline int rfc3986__hex_value(int c) {
  return c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10;
}
/* 2.1: "URI producers ... should use uppercase hexadecimal digits" (pct.c). */
extern const char rfc3986__upper_hex[16];

/*
 * The offset of the first octet at or after POS that is not in the classes
 * of MASK.  It reads the octets as rfc3986__at would: only the last one
 * read, the octet that stopped the scan, can be the furthest.
 */
static inline size_t rfc3986__scan(struct rfc3986__parser *p, size_t pos,
                                   unsigned mask) {
  const unsigned short *cls = rfc3986__octet_class + 1;
  const unsigned char *s = p->s;
  for (; pos + 4 <= p->len; pos += 4) { /* four at a time, then one */
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
#define RFC3986__RULE(name) \
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
