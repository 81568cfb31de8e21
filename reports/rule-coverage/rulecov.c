/*
 * rulecov.c: ABNF rule coverage of the vectors, measured by observing the
 * reference's rule functions as they run (rfc3986_observer, in the library
 * as it ships).
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

#include "codec.h"
#include "rfc3986.h"

#define NRULES RFC3986_RULE__COUNT
#define MAXALT 11

/* The number of alternatives of each rule (rfc3986_rules.h), and those that
 * an earlier alternative always beats (the rule's longest match goes to the
 * earliest alternative on a tie), as 1-based indices '1'..'9'. */
static const int alternatives[NRULES] = {
#define RULE_ALTERNATIVES(id, name, rfc, n) [RFC3986_RULE_##id] = n,
    RFC3986_RULES(RULE_ALTERNATIVES)
#undef RULE_ALTERNATIVES
};
static const char *shadowed(rfc3986_rule rule) {
  /* path-absolute and path-empty match only strings that path-abempty,
   * listed first, matches too */
  return rule == RFC3986_RULE_path ? "25" : "";
}

static unsigned char seen_match[NRULES], seen_fail[NRULES];
static unsigned char seen_alt[NRULES][MAXALT + 1];
static unsigned long accept_n[NRULES], reject_n[NRULES];
static unsigned long alt_n[NRULES][MAXALT + 1];

static void on_leave(void *data, rfc3986_rule rule, size_t offset, size_t end) {
  (void)data;
  (void)offset;
  if (end != RFC3986_UNDEFINED)
    seen_match[rule] = 1;
  else
    seen_fail[rule] = 1;
}

static void on_alternative(void *data, rfc3986_rule rule, int alternative) {
  (void)data;
  if (alternative >= 1 && alternative <= MAXALT)
    seen_alt[rule][alternative] = 1;
}

int main(void) {
  char *line = NULL, *input = NULL;
  size_t cap = 0, incap = 0, lineno = 0;
  ssize_t n;
  int r, k;
  const rfc3986_observer obs = {NULL,           NULL, on_leave,
                                on_alternative, NULL, NULL};
  while ((n = getline(&line, &cap, stdin)) > 0) {
    char *op = strtok(line, " \n"), *rule = strtok(NULL, " \n"),
         *hex = strtok(NULL, " \n");
    rfc3986_rule start;
    size_t len = 0;
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
      char *bigger = realloc(input, incap);
      if (bigger == NULL) {
        fprintf(stderr, "rulecov: out of memory\n");
        free(input);
        return 2;
      }
      input = bigger;
    }
    long decoded = codec_hex_decode(hex, strlen(hex), input);
    if (decoded < 0) {
      fprintf(stderr, "rulecov: line %zu: bad hex\n", lineno);
      return 2;
    }
    len = (size_t)decoded;
    memset(seen_match, 0, sizeof seen_match);
    memset(seen_fail, 0, sizeof seen_fail);
    memset(seen_alt, 0, sizeof seen_alt);
    if (strcmp(op, "parse") == 0)
      whole = rfc3986_parse_observed(input, len, start, NULL, NULL, &obs) ==
              RFC3986_OK;
    else if (strcmp(op, "match") == 0)
      whole =
          rfc3986_match_observed(start, input, len, NULL, &obs) == RFC3986_OK;
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
  for (r = RFC3986_RULE_URI; r < RFC3986_RULE_URI + RFC3986_APPENDIX_A_RULES;
       r++) {
    printf(
        "%s\n  \"%s\": {\"accept\": %lu, \"reject\": %lu, \"alternatives\": [",
        r == RFC3986_RULE_URI ? "" : ",", rfc3986_rule_name((rfc3986_rule)r),
        accept_n[r], reject_n[r]);
    for (k = 1; alternatives[r] > 1 && k <= alternatives[r]; k++)
      printf("%s{\"accept\": %lu, \"shadowed\": %s}", k > 1 ? ", " : "",
             alt_n[r][k],
             strchr(shadowed((rfc3986_rule)r), '0' + k) ? "true" : "false");
    printf("]}");
  }
  printf("\n}}\n");
  return 0;
}
