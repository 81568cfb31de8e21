/* line_arena.h: jansson's memory for a line of a results file.
 *
 * results.c reads a results file a line at a time, and the JSON of each
 * line is made, read and freed whole before the next (the report's
 * vector files, reports/render/model_finish.c, a file at a time).  While a line is
 * parsed, jansson's allocations come from an arena, and when the line is
 * done the arena is emptied as one: malloc and free were about a sixth of
 * the parse.  An object someone keeps past its line (json_incref) keeps
 * its chunk of the arena alive until it is freed: nothing is reused under
 * it.
 *
 * jansson's allocation functions are the process's: line_arena.c sets
 * them before main (jansson has allocated nothing then).  Outside an
 * arena they are malloc and free, so what jansson returns to be freed
 * with free() (json_dumps) still is.  Objects made in an arena are freed
 * in the thread that made them. */
#ifndef URITEST_LINE_ARENA_H
#define URITEST_LINE_ARENA_H

struct line_arena;

struct line_arena *line_arena_new(void);
/* jansson's allocations in this thread come from A (NULL: from malloc)
 * until the next call. */
void line_arena_use(struct line_arena *a);
/* The line is done: its memory is reused for the next line, but for a
 * chunk an object still alive holds, which is let go with the last of
 * them. */
void line_arena_reset(struct line_arena *a);
void line_arena_free(struct line_arena *a);

#endif
