/*
 * test_alloc.c: parsing and matching allocate nothing.  Linked with
 * -Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc (see the Makefile), so
 * every allocation in the process goes through the counters below.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rfc3986.h"
#include "unit.h"

void *__real_malloc(size_t n);
void *__real_calloc(size_t n, size_t m);
void *__real_realloc(void *p, size_t n);
void *__wrap_malloc(size_t n);
void *__wrap_calloc(size_t n, size_t m);
void *__wrap_realloc(void *p, size_t n);

static volatile unsigned long
    allocations; /* volatile: the compiler assumes malloc leaves it alone */

void *__wrap_malloc(size_t n) {
  allocations++;
  return __real_malloc(n);
}
void *__wrap_calloc(size_t n, size_t m) {
  allocations++;
  return __real_calloc(n, m);
}
void *__wrap_realloc(void *p, size_t n) {
  allocations++;
  return __real_realloc(p, n);
}

static const char *const inputs[] = {
    "http://ru.wikipedia.org/wiki/URI",
    "ldap://[2001:db8::7]/c=GB?objectClass?one",
    "https://john.doe@www.example.com:123/forum/questions/"
    "?tag=networking&order=newest#top",
    "//[v7.fe:80]/%41?#",
    "../resource.txt",
    "http://h/a b",
    "http://[::1.2.3.256]/",
    "%zz",
    "",
};

int main(void) {
  static char big[1 << 20];
  size_t i, n = sizeof inputs / sizeof inputs[0];
  unsigned long before;
  rfc3986_uri uri;
  rfc3986_error err;
  int r;
  /* Touch stdio first: its buffers are allocated on first use. */
  printf("checking %zu inputs and a 1 MB input for allocations\n", n);
  before = allocations;
  for (i = 0; i < n; i++) {
    rfc3986_parse(inputs[i], strlen(inputs[i]), RFC3986_RULE_URI_reference,
                  &uri, &err);
    for (r = RFC3986_RULE_URI; r <= RFC3986_RULE_sub_delims; r++)
      rfc3986_match((rfc3986_rule)r, inputs[i], strlen(inputs[i]), &err);
  }
  memset(big, 'a', sizeof big);
  memcpy(big, "http://", 7);
  rfc3986_parse(big, sizeof big, RFC3986_RULE_URI_reference, &uri, &err);
  unit_check(allocations == before, "alloc.parse",
             "parse and match made %lu allocations", allocations - before);
  /* The counter itself works: a real malloc is seen. */
  before = allocations;
  {
    void *volatile probe = malloc(16);
    free(probe);
  }
  unit_check(allocations == before + 1, "alloc.counter-works",
             "the wrapped malloc was not counted");
  return unit_report();
}
