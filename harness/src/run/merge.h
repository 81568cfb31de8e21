/* merge.h: what merge.c gives the other commands: summary.md's verdict,
 * the rules of `uritest check` applied to the records results_each
 * reads. */
#ifndef URITEST_MERGE_H
#define URITEST_MERGE_H

#include <stddef.h>
#include <stdio.h>

#include "results.h"

/* summary.md's verdict, first (merge.c): PASS or FAIL by the rules of
 * `uritest check` (with BASELINES) or, without, every failure the results
 * do not mark "baseline"; then the new discrepancies (input, expected,
 * got), the baseline entries now passing, the discrepancies on vectors new
 * since the baseline, each list cut once the output reaches BUDGET
 * octets, saying how many it left out.  MD writes text for Markdown
 * (CODE: a code span).  Made while the results are read, so that `uritest
 * report` reads them once: verdict_begin (RESULTS names the files, for
 * messages), verdict_record for each record, verdict_end writes it to F
 * and frees (verdict_free alone when the reading failed).  0, or
 * EXIT_USAGE with a message. */
struct verdict_acc;
int verdict_begin(struct verdict_acc **acc, char *const *results, int n,
                  char *const *baselines, int nb, size_t budget,
                  void (*md)(FILE *f, const char *s, int code));
int verdict_record(struct verdict_acc *acc, const struct rrecord *rec);
int verdict_end(struct verdict_acc *acc, FILE *f);
void verdict_free(struct verdict_acc *acc);

#endif
