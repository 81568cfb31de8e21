/* files.c: replacement by rename, checked streams, safe names and labels
 * (files.h). */
#define _GNU_SOURCE /* fopencookie; fchmod, mkstemp */
#include "files.h"

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util.h"

int ofile_open(struct ofile *o, const char *path) {
  struct stat st;
  memset(o, 0, sizeof *o);
  o->path = xstrdup(path);
  int exists = stat(path, &st) == 0;
  if (exists && !S_ISREG(st.st_mode)) {
    o->f = fopen(path, "w"); /* /dev/null, a pipe: written in place */
  } else {
    size_t n = strlen(path);
    o->tmp = xmalloc(n + 16);
    memcpy(o->tmp, path, n);
    memcpy(o->tmp + n, ".tmp.XXXXXX", 12);
    int fd = mkstemp(o->tmp);
    if (fd >= 0) {
      mode_t um = umask(0);
      umask(um);
      if (fchmod(fd, exists ? st.st_mode & 07777 : 0666 & ~um) < 0 ||
          !(o->f = fdopen(fd, "w"))) {
        int e = errno;
        close(fd);
        unlink(o->tmp);
        errno = e;
      }
    }
  }
  if (!o->f) {
    warnx_("%s: cannot write: %s", path, strerror(errno));
    free(o->tmp);
    free(o->path);
    memset(o, 0, sizeof *o);
    return -1;
  }
  return 0;
}

int ofile_close(struct ofile *o) {
  int e = stream_error(o->f);
  if (!e && o->tmp && fsync(fileno(o->f)) < 0)
    e = errno;
  if (fclose(o->f) != 0 && !e)
    e = errno;
  o->f = NULL;
  if (!e && o->tmp && rename(o->tmp, o->path) < 0)
    e = errno;
  if (e) {
    warnx_("%s: cannot write: %s", o->path, strerror(e));
    if (o->tmp)
      unlink(o->tmp);
  }
  free(o->tmp);
  free(o->path);
  o->tmp = o->path = NULL;
  return e ? -1 : 0;
}

void ofile_abort(struct ofile *o) {
  if (o->f)
    fclose(o->f);
  if (o->tmp)
    unlink(o->tmp);
  free(o->tmp);
  free(o->path);
  memset(o, 0, sizeof *o);
}

/* The errno of the first failed write to standard output.  stdio drops
 * what it could not write and keeps only the error flag, so a closed pipe
 * (quiet) and a full disk (an error) could not be told apart later. */
static int stdout_errno;

static ssize_t stdout_write(void *cookie, const char *p, size_t n) {
  (void)cookie;
  size_t done = 0;
  while (done < n) {
    ssize_t w = write(1, p + done, n - done);
    if (w < 0 && errno == EINTR)
      continue;
    if (w <= 0) {
      if (!stdout_errno)
        stdout_errno = w < 0 ? errno : EIO;
      return done ? (ssize_t)done : -1;
    }
    done += (size_t)w;
  }
  return (ssize_t)n;
}

void stdout_watch(void) {
  cookie_io_functions_t io = {.write = stdout_write};
  FILE *f = fopencookie(NULL, "w", io);
  if (!f)
    return;
  setvbuf(f, NULL, isatty(1) ? _IOLBF : _IOFBF, 1 << 16);
  stdout = f;
}

int stream_error(FILE *f) {
  errno = 0;
  int rc = fflush(f);
  if (f == stdout && stdout_errno)
    return stdout_errno;
  if (rc == EOF)
    return errno ? errno : EIO;
  return ferror(f) ? EIO : 0;
}

int stdout_finish(int rc) {
  int e = stream_error(stdout);
  if (!e)
    return rc;
  if (e == EPIPE)
    return 128 + SIGPIPE;
  warnx_("writing standard output failed: %s", strerror(e));
  return EXIT_USAGE;
}

void put_label(FILE *f, const char *s, size_t n) {
  const unsigned char *p = (const unsigned char *)s;
  for (size_t i = 0; i < n; i++) {
    unsigned char c = p[i];
    if (c >= 0x20 && c < 0x7f && c != '#' && c != '\\') {
      fputc(c, f);
      continue;
    }
    size_t k = c >= 0x80 ? utf8_seq(p + i, n - i) : 0;
    /* C1 controls (U+0080..U+009F, C2 80..C2 9F) act as escapes too */
    if (k > 1 && !(c == 0xc2 && p[i + 1] < 0xa0)) {
      fwrite(p + i, 1, k, f);
      i += k - 1;
    } else {
      fprintf(f, "\\x%02x", c);
    }
  }
}

void put_labels(FILE *f, const char *s) {
  put_label(f, s, strlen(s));
}

char *safe_file_name(const char *name) {
  struct buf b = {0};
  for (const unsigned char *p = (const unsigned char *)name; *p; p++) {
    int keep = (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
               (*p >= '0' && *p <= '9') || strchr("_@+-", *p) ||
               (*p == '.' && p != (const unsigned char *)name);
    if (keep)
      buf_putc(&b, (char)*p);
    else
      buf_printf(&b, "%%%02X", *p);
  }
  if (!b.len)
    buf_puts(&b, "%00");
  return b.p;
}
