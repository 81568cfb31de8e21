/*
 * test_observer.c: rfc3986_observer (rfc3986.h).  Observing changes
 * nothing; rule calls nest; the alternative a rule reports is the one the
 * ABNF says matched (worked by hand from RFC 3986 Appendix A and RFC 3987
 * 2.2, alternatives numbered in the RFC's order); what a rule abandons is
 * not in the trace; the producers count their steps.
 */
#include <stdio.h>
#include <string.h>

#include "rfc3986.h"
#include "unit.h"

/* Everything an observer can see, for one rule of interest. */
struct seen {
  rfc3986_rule rule;     /* the rule whose alternatives are recorded */
  int alternative;       /* its last reported alternative, 0 if none */
  unsigned depth, worst; /* nesting now, and its deepest */
  int unbalanced;        /* a leave without its enter */
  unsigned long enters, leaves, backtracks, steps;
};

static void on_enter(void *data, rfc3986_rule rule, size_t offset) {
  struct seen *s = data;
  (void)rule;
  (void)offset;
  s->enters++;
  if (++s->depth > s->worst)
    s->worst = s->depth;
}
static void on_leave(void *data, rfc3986_rule rule, size_t offset, size_t end) {
  struct seen *s = data;
  (void)rule;
  if (s->depth == 0 || (end != RFC3986_UNDEFINED && end < offset))
    s->unbalanced = 1;
  else
    s->depth--;
  s->leaves++;
}
static void on_alternative(void *data, rfc3986_rule rule, int alternative) {
  struct seen *s = data;
  if (rule == s->rule)
    s->alternative = alternative;
}
static void on_backtrack(void *data, rfc3986_rule rule) {
  (void)rule;
  ((struct seen *)data)->backtracks++;
}
static void on_step(void *data) {
  ((struct seen *)data)->steps++;
}

static const struct {
  const char *in;
  rfc3986_rule start, rule;
  int alternative;
} alternatives[] = {
    /* URI-reference = URI / relative-ref */
    {"http://a/b", RFC3986_RULE_URI_reference, RFC3986_RULE_URI_reference, 1},
    {"a/b", RFC3986_RULE_URI_reference, RFC3986_RULE_URI_reference, 2},
    /* hier-part = "//" authority path-abempty / path-absolute
     *           / path-rootless / path-empty */
    {"s://h", RFC3986_RULE_URI, RFC3986_RULE_hier_part, 1},
    {"s:/p", RFC3986_RULE_URI, RFC3986_RULE_hier_part, 2},
    {"s:p", RFC3986_RULE_URI, RFC3986_RULE_hier_part, 3},
    {"s:", RFC3986_RULE_URI, RFC3986_RULE_hier_part, 4},
    /* relative-part = ... / path-noscheme / path-empty */
    {"p", RFC3986_RULE_relative_ref, RFC3986_RULE_relative_part, 3},
    {"?q", RFC3986_RULE_relative_ref, RFC3986_RULE_relative_part, 4},
    /* host = IP-literal / IPv4address / reg-name (first-match-wins) */
    {"//[::1]", RFC3986_RULE_URI_reference, RFC3986_RULE_host, 1},
    {"//1.2.3.4", RFC3986_RULE_URI_reference, RFC3986_RULE_host, 2},
    {"//1.2.3.4.5", RFC3986_RULE_URI_reference, RFC3986_RULE_host, 3},
    {"//h", RFC3986_RULE_URI_reference, RFC3986_RULE_host, 3},
    /* IP-literal = "[" ( IPv6address / IPvFuture  ) "]" */
    {"//[v1.x]", RFC3986_RULE_URI_reference, RFC3986_RULE_IP_literal, 2},
    /* IPv6address: the longest of its nine alternatives */
    {"//[1:2:3:4:5:6:7:8]", RFC3986_RULE_URI_reference,
     RFC3986_RULE_IPv6address, 1},
    {"//[::2:3:4:5:6:7:8]", RFC3986_RULE_URI_reference,
     RFC3986_RULE_IPv6address, 2},
    {"//[1::]", RFC3986_RULE_URI_reference, RFC3986_RULE_IPv6address, 9},
    /* ls32 = ( h16 ":" h16 ) / IPv4address */
    {"//[::1.2.3.4]", RFC3986_RULE_URI_reference, RFC3986_RULE_ls32, 2},
    /* dec-octet, its five ranges */
    {"//250.1.10.199", RFC3986_RULE_URI_reference, RFC3986_RULE_dec_octet, 3},
    /* pchar = unreserved / pct-encoded / sub-delims / ":" / "@" */
    {"/%41", RFC3986_RULE_URI_reference, RFC3986_RULE_pchar, 2},
    {"/@", RFC3986_RULE_URI_reference, RFC3986_RULE_pchar, 5},
    /* unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~" and sub-delims =
     * "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "=",
     * octet classes of pchar, userinfo, reg-name, IPvFuture and
     * segment-nz-nc: the alternative of the last octet of the class */
    {"/a", RFC3986_RULE_URI_reference, RFC3986_RULE_unreserved, 1},
    {"s:0", RFC3986_RULE_URI_reference, RFC3986_RULE_unreserved, 2},
    {"//h-", RFC3986_RULE_URI_reference, RFC3986_RULE_unreserved, 3},
    {"//.@", RFC3986_RULE_URI_reference, RFC3986_RULE_unreserved, 4},
    {"//[v1._]", RFC3986_RULE_URI_reference, RFC3986_RULE_unreserved, 5},
    {"~", RFC3986_RULE_URI_reference, RFC3986_RULE_unreserved, 6},
    {"//!", RFC3986_RULE_URI_reference, RFC3986_RULE_sub_delims, 1},
    {"/$", RFC3986_RULE_URI_reference, RFC3986_RULE_sub_delims, 2},
    {"//&@h", RFC3986_RULE_URI_reference, RFC3986_RULE_sub_delims, 3},
    {"//[v1.']", RFC3986_RULE_URI_reference, RFC3986_RULE_sub_delims, 4},
    {"(", RFC3986_RULE_URI_reference, RFC3986_RULE_sub_delims, 5},
    {"?)", RFC3986_RULE_URI_reference, RFC3986_RULE_sub_delims, 6},
    {"#*", RFC3986_RULE_URI_reference, RFC3986_RULE_sub_delims, 7},
    {"s:+", RFC3986_RULE_URI_reference, RFC3986_RULE_sub_delims, 8},
    {"//h/,", RFC3986_RULE_URI_reference, RFC3986_RULE_sub_delims, 9},
    {";", RFC3986_RULE_URI_reference, RFC3986_RULE_sub_delims, 10},
    {"//=:1", RFC3986_RULE_URI_reference, RFC3986_RULE_sub_delims, 11},
    /* RFC 3987: ihost = IP-literal / IPv4address / ireg-name */
    {"//1.2.3.4", RFC3986_RULE_IRI_reference, RFC3986_RULE_ihost, 2},
    {"//1.2.3.4.\xc3\xa9", RFC3986_RULE_IRI_reference, RFC3986_RULE_ihost, 3},
    {"//[::1]", RFC3986_RULE_IRI_reference, RFC3986_RULE_ihost, 1},
    /* IRI-reference = IRI / irelative-ref */
    {"s:\xc3\xa9", RFC3986_RULE_IRI_reference, RFC3986_RULE_IRI_reference, 1},
    {"\xc3\xa9", RFC3986_RULE_IRI_reference, RFC3986_RULE_IRI_reference, 2},
};

static void check_alternatives(void) {
  size_t i;
  for (i = 0; i < sizeof alternatives / sizeof alternatives[0]; i++) {
    struct seen s;
    rfc3986_observer obs = {&s,           on_enter, on_leave, on_alternative,
                            on_backtrack, on_step};
    rfc3986_uri u, plain;
    rfc3986_error e;
    char id[96];
    size_t len = strlen(alternatives[i].in);
    rfc3986_status st;
    memset(&s, 0, sizeof s);
    s.rule = alternatives[i].rule;
    st = rfc3986_parse_observed(alternatives[i].in, len, alternatives[i].start,
                                &u, &e, &obs);
    snprintf(id, sizeof id, "observer.alternative.%s.%zu",
             rfc3986_rule_name(alternatives[i].rule), i);
    unit_check(st == RFC3986_OK, id, "\"%s\": not valid",
               unit_show(alternatives[i].in, len));
    unit_check(s.alternative == alternatives[i].alternative, id,
               "\"%s\": %s chose alternative %d, want %d",
               unit_show(alternatives[i].in, len),
               rfc3986_rule_name(alternatives[i].rule), s.alternative,
               alternatives[i].alternative);
    unit_check(s.enters == s.leaves && s.depth == 0 && !s.unbalanced &&
                   s.steps > 0,
               id, "\"%s\": %lu enters, %lu leaves, %lu steps",
               unit_show(alternatives[i].in, len), s.enters, s.leaves, s.steps);
    /* observing changes nothing */
    rfc3986_parse(alternatives[i].in, len, alternatives[i].start, &plain, NULL);
    unit_check(unit_same_uri(&plain, &u), id,
               "\"%s\": the observed parse differs",
               unit_show(alternatives[i].in, len));
  }
}

/* An observer with no callbacks, and one with only some, sees nothing and
 * changes nothing. */
static void check_partial(void) {
  rfc3986_observer none = {NULL, NULL, NULL, NULL, NULL, NULL};
  struct seen s;
  rfc3986_observer steps = {&s, NULL, NULL, NULL, NULL, on_step};
  rfc3986_error e1, e2;
  const char *bad = "http://h/a b";
  rfc3986_status st;
  memset(&s, 0, sizeof s);
  st = rfc3986_parse_observed(bad, strlen(bad), RFC3986_RULE_URI_reference,
                              NULL, &e1, &none);
  unit_check(st == RFC3986_ERR_SYNTAX && e1.offset == 10, "observer.none",
             "want a syntax error at 10, got %zu", e1.offset);
  st = rfc3986_match_observed(RFC3986_RULE_path, bad, strlen(bad), &e2, &steps);
  unit_check(st == RFC3986_ERR_SYNTAX && s.steps > 0, "observer.steps-only",
             "%lu steps", s.steps);
}

/* The trace keeps only what matched in the end: an IPv4address prefix of a
 * reg-name, the h16 ":" of an ls32 that is an IPv4address. */
static void check_trace(void) {
  static const struct {
    const char *in;
    rfc3986_rule start, absent, present;
  } cases[] = {
      {"//1.2.3.4.5", RFC3986_RULE_URI_reference, RFC3986_RULE_IPv4address,
       RFC3986_RULE_reg_name},
      {"//1.2.3.4", RFC3986_RULE_URI_reference, RFC3986_RULE_reg_name,
       RFC3986_RULE_IPv4address},
      {"//1.2.3.4.5", RFC3986_RULE_IRI_reference, RFC3986_RULE_IPv4address,
       RFC3986_RULE_ireg_name},
      {"//1.2.3.4", RFC3986_RULE_IRI_reference, RFC3986_RULE_ireg_name,
       RFC3986_RULE_IPv4address},
      {"//[::1.2.3.4]", RFC3986_RULE_URI_reference, RFC3986_RULE_h16,
       RFC3986_RULE_IPv4address},
      {"//u@h", RFC3986_RULE_URI_reference, RFC3986_RULE_NONE,
       RFC3986_RULE_userinfo},
      {"//h:1", RFC3986_RULE_URI_reference, RFC3986_RULE_userinfo,
       RFC3986_RULE_port},
  };
  size_t i, k;
  for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    rfc3986_trace_event ev[64];
    size_t n = 0, len = strlen(cases[i].in);
    int absent = 1, present = 0;
    char id[64];
    rfc3986_parse_traced(cases[i].in, len, cases[i].start, NULL, NULL, ev, 64,
                         &n);
    for (k = 0; k < n && k < 64; k++) {
      if (ev[k].rule == cases[i].absent)
        absent = 0;
      if (ev[k].rule == cases[i].present)
        present = 1;
    }
    snprintf(id, sizeof id, "observer.trace.%zu", i);
    unit_check(
        absent && present, id, "\"%s\": %s %s, %s %s",
        unit_show(cases[i].in, len),
        rfc3986_rule_name(cases[i].absent) ? rfc3986_rule_name(cases[i].absent)
                                           : "-",
        absent ? "absent" : "traced", rfc3986_rule_name(cases[i].present),
        present ? "traced" : "absent");
  }
  /* bad arguments, and a trace nobody counts */
  unit_check(rfc3986_parse_traced("a", 1, RFC3986_RULE_URI_reference, NULL,
                                  NULL, NULL, 1, &i) == RFC3986_ERR_ARGUMENT,
             "observer.trace.no-events", "want argument");
  unit_check(rfc3986_parse_traced("a", 1, RFC3986_RULE_path, NULL, NULL, NULL,
                                  1, NULL) == RFC3986_ERR_UNKNOWN_RULE,
             "observer.trace.not-a-start-rule", "want unknown-rule");
  unit_check(rfc3986_parse_traced("a", 1, RFC3986_RULE_URI_reference, NULL,
                                  NULL, NULL, 0, NULL) == RFC3986_OK,
             "observer.trace.uncounted", "want ok");
}

/* The h16 of an IPv6address in the trace are the winner's alone (worked by
 * hand): alternative 1 has 6 pieces and ls32's 2; "1::2" is alternative 8,
 * one piece before "::" and one after; "::1.2.3.4" is alternative 7, whose
 * ls32 is an IPv4address; "1:2:3:4:5:6::7" is alternative 8 too (6
 * pieces, then h16). */
static void check_trace_h16(void) {
  static const struct {
    const char *in;
    size_t h16;
  } cases[] = {{"//[1:2:3:4:5:6:7:8]", 8},
               {"//[1:2:3:4:5:6:1.2.3.4]", 6},
               {"//[1::2]", 2},
               {"//[::1.2.3.4]", 0},
               {"//[1:2:3:4:5:6::7]", 7},
               {"//[1::]", 1}};
  size_t i, k;
  for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    rfc3986_trace_event ev[128];
    size_t n = 0, len = strlen(cases[i].in), h16 = 0;
    char id[64];
    rfc3986_parse_traced(cases[i].in, len, RFC3986_RULE_URI_reference, NULL,
                         NULL, ev, 128, &n);
    for (k = 0; k < n && k < 128; k++)
      h16 += ev[k].rule == RFC3986_RULE_h16;
    snprintf(id, sizeof id, "observer.trace.h16.%zu", i);
    unit_check(n <= 128 && h16 == cases[i].h16, id, "\"%s\": %zu h16, want %zu",
               unit_show(cases[i].in, len), h16, cases[i].h16);
  }
}

/* Resolution and normalization count the steps of their loops; the output
 * is the unobserved one. */
static void check_producers(void) {
  struct seen s1, s2;
  rfc3986_observer o1 = {&s1, NULL, NULL, NULL, NULL, on_step},
                   o2 = {&s2, NULL, NULL, NULL, NULL, on_step};
  char a[64], b[64];
  size_t na, nb;
  memset(&s1, 0, sizeof s1);
  memset(&s2, 0, sizeof s2);
  rfc3986_resolve_observed("http://a/b/c/d;p?q", 18, "../../g", 7, 0, a,
                           sizeof a, &na, NULL, NULL, &o1);
  rfc3986_resolve("http://a/b/c/d;p?q", 18, "../../g", 7, 0, b, sizeof b, &nb,
                  NULL, NULL);
  unit_check(na == nb && memcmp(a, b, na) == 0 && s1.steps > 25,
             "observer.resolve", "\"%.*s\" in %lu steps", (int)na, a, s1.steps);
  rfc3986_normalize_observed("HTTP://A/%7e/./x", 16, RFC3986_LEVEL_SYNTAX, a,
                             sizeof a, &na, NULL, NULL, &o2);
  rfc3986_normalize("HTTP://A/%7e/./x", 16, RFC3986_LEVEL_SYNTAX, b, sizeof b,
                    &nb, NULL, NULL);
  unit_check(na == nb && memcmp(a, b, na) == 0 && s2.steps > 16,
             "observer.normalize", "\"%.*s\" in %lu steps", (int)na, a,
             s2.steps);
}

int main(void) {
  check_alternatives();
  check_partial();
  check_trace();
  check_trace_h16();
  check_producers();
  return unit_report();
}
