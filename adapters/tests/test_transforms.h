/*
 * test_transforms.h: the transforms' rows of test_conditions.c's TAP
 * (test_transforms.c).
 */
#ifndef URITEST_TEST_TRANSFORMS_H
#define URITEST_TEST_TRANSFORMS_H

#include <stddef.h>

/* how many rows there are */
size_t transform_rows(void);
/* each row checked and printed as TAP, numbered from FIRST on; the
 * number of rows that failed */
int transform_rows_check(size_t first);

#endif
