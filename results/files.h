/* files.h: writes that cannot fail quietly or leave a half-written file:
 * replacement by rename (ofile), checked streams and standard output,
 * names made safe for paths, labels made safe for text and TAP lines. */
#ifndef URITEST_FILES_H
#define URITEST_FILES_H

#include <stddef.h>
#include <stdint.h>
#include <stdarg.h>
#include <stdio.h>

#include <jansson.h>

/* A file being replaced. */
struct wstream;
struct ofile {
  FILE *f;
  struct wstream *w; /* what f writes to, and why a write failed */
  char *path;        /* the target */
  char *tmp; /* the temporary name renamed over it, or NULL (in place) */
};

/* Open PATH for writing: a temporary name in the same folder when PATH is
 * absent or a regular file (ofile_close renames it over PATH), PATH itself
 * otherwise (/dev/null, a FIFO, a terminal).  0, or -1 with a message
 * naming PATH. */
int ofile_open(struct ofile *o, const char *path);
/* Flush, fsync, close and rename.  0, or -1 with a message naming the
 * target and strerror (the target is then as it was before). */
int ofile_close(struct ofile *o);
/* Give up: the temporary goes, the target is untouched. */
void ofile_abort(struct ofile *o);
/* DOC (json_dumpf FLAGS, then a newline) written to PATH through an ofile:
 * replaced whole by rename (a symbolic link is replaced, never followed),
 * or left as it was.  0, or -1 after a message with the reason. */
int json_write_file(json_t *doc, const char *path, size_t flags);

/* PATH for reading when it is a regular file: opened without blocking (a
 * FIFO without a writer, a device), then fstat.  The stream, or NULL with
 * *WHY: strerror, "a folder" or "not a regular file". */
FILE *fopen_regular(const char *path, const char **why);
/* The largest vector file read (--max-vector-bytes by default): 1 GB
 * (GiB). */
#define VECTORS_MAX_BYTES ((size_t)1 << 30)
/* json_load_file of a regular file of at most MAX octets (0: any size),
 * read a block at a time; else NULL with ERR's text saying why (and its
 * line -1 when the file was not read). */
json_t *json_load_regular(const char *path, size_t max, size_t flags,
                          json_error_t *err);

/* PATH opened for reading and writing and locked (flock, exclusive) for
 * as long as the descriptor is open: the claim of a writer that works in
 * place (a results file, a report folder's lock file).  Created when
 * absent and CREATE, never through a symbolic link (but /dev/stdout, a
 * link to what is not a regular file), never truncated.  When CREATE, a
 * file that is not regular (/dev/null, a FIFO, a terminal) is opened for
 * writing only, unlocked; else it is refused, never waited on.  The
 * descriptor (close-on-exec), or -1 after a message: "PATH: in use by
 * another uritest" when another holds it. */
int claim_file(const char *path, int create);

/* 0 when every write to F and its flush succeeded, else the errno of the
 * failure (EIO when it is not known). */
int stream_error(FILE *f);
/* Standard output through a stream that remembers why a write failed
 * (called first thing in main). */
void stdout_watch(void);
/* The end of a command: standard output flushed and checked.  A closed
 * pipe (EPIPE) is 128 + SIGPIPE without a message, as if killed by it;
 * any other error "writing standard output failed: ..." and 2; else RC. */
int stdout_finish(int rc);

/* mkdir -p DIR: DIR and each folder above it that is missing.  0, or -1
 * with errno when DIR is not a folder at the end. */
int mkdir_p(const char *dir);
/* mkdir -p of the folder that holds the file PATH ("" and "/" need none). */
int mkdir_parent(const char *path);

/* 1 for a character a terminal or a log viewer obeys rather than shows:
 * C1 controls, bidi controls (U+061C, U+200E/F, U+202A..202E,
 * U+2066..2069), the other format characters (Cf: U+00AD, U+200B..200D,
 * U+2060..2064, U+FEFF, ...) and the line and paragraph separators
 * (U+2028, U+2029). */
int invisible_char(uint32_t cp);
/* The one escaping rule of terminal text and TAP: S[0..N) as a label of a
 * line (ids, names, libraries, versions, paths, reasons, tags, sections):
 * printable ASCII and well-formed UTF-8 as they are; control octets, DEL,
 * stray octets, '#' and '\' as \xNN, every invisible_char as \u{XXXX},
 * so a label can neither end its line, start a TAP directive, nor move
 * or hide text. */
void put_label(FILE *f, const char *s, size_t n);
void put_labels(FILE *f, const char *s); /* a NUL-terminated S */
/* printf(FMT, ...) through put_label, then a newline: a line of a text
 * report whose values come from files and adapters. */
void put_labelf(FILE *f, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* put_labelf with its values as a va_list (warnx_ writes through it). */
void vput_labelf(FILE *f, const char *fmt, va_list ap)
    __attribute__((format(printf, 2, 0)));

/* NAME as one file name: [A-Za-z0-9_@+-] and '.' (not first) as they are,
 * every other octet %XX; never empty, ".", ".." or hidden.  Free it. */
char *safe_file_name(const char *name);

#endif
