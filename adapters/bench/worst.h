/* worst.h: the worst-case part of `uritest bench` (worst.c). */
#ifndef URITEST_BENCH_WORST_H
#define URITEST_BENCH_WORST_H

/* The thread's CPU time in seconds (uritest-bench.c). */
double bench_now(void);

/* --worst-cases: times of one call on 1, 4 and 16 MB inputs of each worst
 * shape, for each op; prints a table (or JSON).  Returns the exit status. */
int worst_cases(int json);

/* --worst-case SHAPE MB OP: one call, for instruction counts under
 * callgrind (make bench-instructions).  Returns the exit status. */
int worst_case_one(const char *shape, const char *mb, const char *op);

/* The names of the shapes and ops, for --help and the scripts. */
void worst_list(void);

#endif
