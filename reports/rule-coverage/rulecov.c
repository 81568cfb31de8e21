/*
 * rulecov.c: ABNF rule coverage of the vectors, measured by instrumenting
 * the reference's rule functions (librfc3986 built with
 * -DRFC3986_RULE_COVERAGE, whose hooks are defined here).
 *
 * Reads lines "OP RULE HEX" (OP: parse or match; RULE: the start rule or
 * the rule matched; HEX: the input's octets) and writes the JSON of
 * DESIGN.md "Reports":
 *   {"rules": {"RULE": {"accept": N, "reject": N,
 *                       "alternatives": [{"accept": N, "shadowed": bool}]}}}
 * A vector counts once per rule: in accept when the rule's function matched
 * at least once while it ran, in reject when it failed at least once; the
 * rule a match vector names (and a parse vector's start rule) counts by the
 * whole-input verdict instead.  Alternatives count the vectors in which
 * that alternative won.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rfc3986.h"

#define NRULES RFC3986_RULE__COUNT
#define MAXALT 11

/* Alternatives of each rule whose ABNF is a top-level alternation, in RFC
 * order; SHADOWED lists those that an earlier alternative always beats
 * (the rule's longest match goes to the earliest alternative on a tie). */
static const struct {
  rfc3986_rule rule;
  int count;
  const char *shadowed; /* 1-based indices, as characters '1'..'9' */
} alternation[] = {
    {RFC3986_RULE_URI_reference, 2, ""},
    {RFC3986_RULE_hier_part, 4, ""},
    {RFC3986_RULE_relative_part, 4, ""},
    {RFC3986_RULE_host, 3, ""},
    {RFC3986_RULE_IP_literal, 2, ""},
    {RFC3986_RULE_IPv6address, 9, ""},
    {RFC3986_RULE_ls32, 2, ""},
    {RFC3986_RULE_dec_octet, 5, ""},
    /* path-absolute and path-empty match only strings that path-abempty,
     * listed first, matches too */
    {RFC3986_RULE_path, 5, "25"},
    {RFC3986_RULE_pchar, 5, ""},
    {RFC3986_RULE_unreserved, 6, ""},
    {RFC3986_RULE_reserved, 2, ""},
    {RFC3986_RULE_gen_delims, 7, ""},
    {RFC3986_RULE_sub_delims, 11, ""},
};

static unsigned char seen_match[NRULES], seen_fail[NRULES];
static unsigned char seen_alt[NRULES][MAXALT + 1];
static unsigned long accept_n[NRULES], reject_n[NRULES];
static unsigned long alt_n[NRULES][MAXALT + 1];

void rfc3986__cover_rule(rfc3986_rule rule, int matched);
void rfc3986__cover_alternative(rfc3986_rule rule, int alternative);
void rfc3986__cover_read(void);

void rfc3986__cover_rule(rfc3986_rule rule, int matched) {
  if ((unsigned)rule < NRULES) {
    if (matched)
      seen_match[rule] = 1;
    else
      seen_fail[rule] = 1;
  }
}

void rfc3986__cover_alternative(rfc3986_rule rule, int alternative) {
  if ((unsigned)rule < NRULES && alternative >= 1 && alternative <= MAXALT)
    seen_alt[rule][alternative] = 1;
}

static int hexval(int c) {
  if (c >= '0' && c <= '9')
    return c - '0';
  if (c >= 'a' && c <= 'f')
    return c - 'a' + 10;
  if (c >= 'A' && c <= 'F')
    return c - 'A' + 10;
  return -1;
}

int main(void) {
  char *line = NULL, *input = NULL;
  size_t cap = 0, incap = 0, lineno = 0;
  ssize_t n;
  int r, k;
  while ((n = getline(&line, &cap, stdin)) > 0) {
    char *op = strtok(line, " \n"), *rule = strtok(NULL, " \n"),
         *hex = strtok(NULL, " \n");
    rfc3986_rule start;
    size_t len = 0, i;
    int whole;
    lineno++;
    if (hex == NULL)
      hex = (char *)"";
    if (op == NULL || rule == NULL ||
        (start = rfc3986_rule_from_name(rule, strlen(rule))) ==
            RFC3986_RULE_NONE ||
        strlen(hex) % 2) {
      fprintf(stderr, "rulecov: line %zu: want \"parse|match RULE HEX\"\n",
              lineno);
      return 2;
    }
    if (incap < strlen(hex) / 2 + 1) {
      incap = strlen(hex) / 2 + 1;
      if ((input = realloc(input, incap)) == NULL) {
        fprintf(stderr, "rulecov: out of memory\n");
        return 2;
      }
    }
    for (i = 0; hex[i]; i += 2) {
      int hi = hexval(hex[i]), lo = hexval(hex[i + 1]);
      if (hi < 0 || lo < 0) {
        fprintf(stderr, "rulecov: line %zu: bad hex\n", lineno);
        return 2;
      }
      input[len++] = (char)(hi * 16 + lo);
    }
    memset(seen_match, 0, sizeof seen_match);
    memset(seen_fail, 0, sizeof seen_fail);
    memset(seen_alt, 0, sizeof seen_alt);
    if (strcmp(op, "parse") == 0)
      whole = rfc3986_parse(input, len, start, NULL, NULL) == RFC3986_OK;
    else if (strcmp(op, "match") == 0)
      whole = rfc3986_match(start, input, len, NULL) == RFC3986_OK;
    else {
      fprintf(stderr, "rulecov: line %zu: unknown op '%s'\n", lineno, op);
      return 2;
    }
    seen_match[start] = (unsigned char)whole;
    seen_fail[start] = (unsigned char)!whole;
    for (r = 1; r < NRULES; r++) {
      accept_n[r] += seen_match[r];
      reject_n[r] += seen_fail[r];
      for (k = 1; k <= MAXALT; k++)
        alt_n[r][k] += seen_alt[r][k];
    }
  }
  free(line);
  free(input);
  printf("{\"vectors\": %zu, \"rules\": {", lineno);
  for (r = RFC3986_RULE_URI; r <= RFC3986_RULE_sub_delims; r++) {
    size_t a;
    printf(
        "%s\n  \"%s\": {\"accept\": %lu, \"reject\": %lu, \"alternatives\": [",
        r == RFC3986_RULE_URI ? "" : ",", rfc3986_rule_name((rfc3986_rule)r),
        accept_n[r], reject_n[r]);
    for (a = 0; a < sizeof alternation / sizeof alternation[0]; a++) {
      if (alternation[a].rule != (rfc3986_rule)r)
        continue;
      for (k = 1; k <= alternation[a].count; k++)
        printf("%s{\"accept\": %lu, \"shadowed\": %s}", k > 1 ? ", " : "",
               alt_n[r][k],
               strchr(alternation[a].shadowed, '0' + k) ? "true" : "false");
    }
    printf("]}");
  }
  printf("\n}}\n");
  return 0;
}

/* Octet reads are not counted here (see reference/tests/work_linear.c). */
void rfc3986__cover_read(void) {
}
