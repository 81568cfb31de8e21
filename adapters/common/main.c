/*
 * main.c: the executable of one C adapter.  Compiled once per adapter with
 * -DADAPTER_GLUE=glue_<name> (adapters/adapters.mk).
 */
#include "glue.h"

#include <stdio.h>

#ifndef ADAPTER_GLUE
#error "compile with -DADAPTER_GLUE=glue_<name>"
#endif

/* Declared here too, so a glue needs no line in glue.h to get an executable. */
extern const struct glue ADAPTER_GLUE;

int main(void) {
  return adapter_serve(&ADAPTER_GLUE, 0, stdout);
}
