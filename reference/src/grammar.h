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
 * rfc3986__at(), which remembers the furthest offset read (or looked at
 * with rfc3986__peek() by a repetition, which reads the octet it stops at):
 * that is the error offset, the longest prefix that a rule could still
 * extend.  Rule
 * entry and exit, the alternative a rule took, what it abandons and each
 * octet read are told to the parse's observer, if any (rfc3986_observer);
 * the parse is the same with or without one.
 */
#ifndef RFC3986_GRAMMAR_H
#define RFC3986_GRAMMAR_H

#include "rfc3986.h"

#define RFC3986__NOMATCH ((size_t)-1)
#define RFC3986__EOF (-1)

struct rfc3986__parser {
  const unsigned char *s;
  size_t len;
  size_t reached;              /* 1 + the furthest offset read, 0 before any */
  rfc3986_rule furthest_rule;  /* the rule that read it first */
  const rfc3986_observer *obs; /* NULL: not observed */
  /* Components, written by the rules that own them (never NULL). */
  rfc3986_uri *uri;
};

void rfc3986__parser_init(struct rfc3986__parser *p, const char *s, size_t len,
                          const rfc3986_observer *obs);

/* One unit of work (rfc3986_observer.on_step). */
static inline void rfc3986__step(const rfc3986_observer *obs) {
  if (obs && obs->on_step)
    obs->on_step(obs->data);
}

/* The octet at POS, or RFC3986__EOF, read without remembering it: for the
 * loop of a repetition, which remembers with rfc3986__at the octet it stops
 * at, the furthest it reads. */
static inline int rfc3986__peek(const struct rfc3986__parser *p, size_t pos) {
  rfc3986__step(p->obs);
  return pos < p->len ? p->s[pos] : RFC3986__EOF;
}

/* The octet at POS, or RFC3986__EOF, read by RULE; remembers how far the
 * input was read, and by which rule first. */
static inline int rfc3986__at(struct rfc3986__parser *p, size_t pos,
                              rfc3986_rule rule) {
  if (pos >= p->reached) {
    p->reached = pos + 1;
    p->furthest_rule = rule;
  }
  return rfc3986__peek(p, pos);
}

/* Rule entry and exit, told to the observer.  RULE_ENTER names the running
 * rule rule_self_, which the rule passes to what reads octets for it
 * (rfc3986__at) and to what it tells the observer. */
static inline void rfc3986__enter(struct rfc3986__parser *p, rfc3986_rule rule,
                                  size_t pos) {
  if (p->obs && p->obs->on_enter)
    p->obs->on_enter(p->obs->data, rule, pos);
}

static inline size_t rfc3986__leave(struct rfc3986__parser *p,
                                    rfc3986_rule rule, size_t pos, size_t end) {
  if (p->obs && p->obs->on_leave)
    p->obs->on_leave(p->obs->data, rule, pos,
                     end == RFC3986__NOMATCH ? RFC3986_UNDEFINED : end);
  return end;
}

#define RULE_ENTER(p, rule, pos)                                               \
  const rfc3986_rule rule_self_ = (rule);                                      \
  rfc3986__enter((p), rule_self_, (pos))
#define RULE_LEAVE(p, pos, end)                                                \
  return rfc3986__leave((p), rule_self_, (pos), (end))

/* The running rule RULE matched with its alternative K (1-based, RFC
 * order). */
static inline void rfc3986__alternative(struct rfc3986__parser *p,
                                        rfc3986_rule rule, int k) {
  if (p->obs && p->obs->on_alternative)
    p->obs->on_alternative(p->obs->data, rule, k);
}

/*
 * Octet C, which the running rule (pchar, userinfo, reg-name, IPvFuture,
 * segment-nz-nc) tests against the classes unreserved and sub-delims of its
 * ABNF without calling their rule functions, matched: tell the observer the
 * class's alternative, the one rule_unreserved or rule_sub_delims would
 * report (rules.c).  Octets in neither class (":", "@") report nothing.
 */
void rfc3986__class_alternative_(struct rfc3986__parser *p, int c);
static inline void rfc3986__class_alternative(struct rfc3986__parser *p,
                                              int c) {
  if (p->obs && p->obs->on_alternative)
    rfc3986__class_alternative_(p, c);
}

/* The running rule RULE abandons what the rules it called so far matched. */
static inline void rfc3986__backtrack(struct rfc3986__parser *p,
                                      rfc3986_rule rule) {
  if (p->obs && p->obs->on_backtrack)
    p->obs->on_backtrack(p->obs->data, rule);
}

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
  C_CAPITAL = 1 << 6, /* "A" to "Z", which 6.2.2.1 lower-cases (normalize.c) */
  C_PERCENT = 1 << 7, /* "%", which begins a pct-encoded triplet */
  C_UNRESERVED = C_ALPHA | C_DIGIT | C_MARK
};
extern const unsigned char rfc3986__octet_class[257];

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
/* unreserved / sub-delims, the octets that reg-name, userinfo and pchar
 * take as they are (one test of the table) */
static inline int is_unreserved_or_sub_delims(int c) {
  return rfc3986__is(c, C_UNRESERVED | C_SUB_DELIMS);
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

/* The rule functions of RFC 3986 (rules.c) and RFC 3987 (iri.c). */
#define RFC3986__RULE_DECLARE(id, name, rfc, alternatives)                     \
  size_t rule_##id(struct rfc3986__parser *p, size_t pos);
RFC3986_RULES(RFC3986__RULE_DECLARE)
#undef RFC3986__RULE_DECLARE

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

#endif
