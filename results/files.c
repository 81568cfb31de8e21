/* files.c: replacement by rename, checked streams, safe names and labels
 * (files.h). */
#define _GNU_SOURCE /* fopencookie; fchmod, mkstemp */
#include "files.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "rfc3986.h"
#include "util.h"

/* A stream over a file descriptor that keeps the errno of its first failed
 * write.  stdio drops what it could not write and keeps only the error
 * flag, so a closed pipe (quiet) and a full disk (an error) could not be
 * told apart later, nor a full disk named. */
struct wstream {
  int fd, err;
};
static struct wstream stdout_w = {1, 0};

static ssize_t w_write(void *cookie, const char *p, size_t n) {
  struct wstream *w = cookie;
  size_t done = 0;
  while (done < n) {
    ssize_t k = write(w->fd, p + done, n - done);
    if (k < 0 && errno == EINTR)
      continue;
    if (k <= 0) {
      if (!w->err)
        w->err = k < 0 ? errno : EIO;
      return done ? (ssize_t)done : -1;
    }
    done += (size_t)k;
  }
  return (ssize_t)n;
}

static int w_close(void *cookie) {
  struct wstream *w = cookie;
  return w->fd == 1 ? 0 : close(w->fd);
}

static FILE *w_open(struct wstream *w) {
  cookie_io_functions_t io = {.write = w_write, .close = w_close};
  FILE *f = fopencookie(w, "w", io);
  if (f)
    setvbuf(f, NULL, isatty(w->fd) ? _IOLBF : _IOFBF, 1 << 16);
  return f;
}

void stdout_watch(void) {
  FILE *f = w_open(&stdout_w);
  if (f)
    stdout = f;
}

static int error_of(FILE *f, const struct wstream *w) {
  errno = 0;
  int rc = fflush(f);
  if (w && w->err)
    return w->err;
  if (rc == EOF)
    return errno ? errno : EIO;
  return ferror(f) ? EIO : 0;
}

int ofile_open(struct ofile *o, const char *path) {
  struct stat st;
  memset(o, 0, sizeof *o);
  o->path = xstrdup(path);
  int exists = stat(path, &st) == 0, fd;
  if (exists && !S_ISREG(st.st_mode)) {
    fd = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC); /* /dev/null, a pipe */
  } else {
    size_t n = strlen(path);
    o->tmp = xmalloc(n + 16);
    memcpy(o->tmp, path, n);
    memcpy(o->tmp + n, ".tmp.XXXXXX", 12);
    fd = mkstemp(o->tmp);
    mode_t um = umask(0);
    umask(um);
    if (fd >= 0 && fchmod(fd, exists ? st.st_mode & 07777 : 0666 & ~um) < 0) {
      int e = errno;
      close(fd);
      unlink(o->tmp);
      errno = e;
      fd = -1;
    }
  }
  if (fd >= 0) {
    o->w = xcalloc(1, sizeof *o->w);
    o->w->fd = fd;
    if (!(o->f = w_open(o->w))) {
      close(fd);
      if (o->tmp)
        unlink(o->tmp);
    }
  }
  if (!o->f) {
    warnx_("%s: cannot write: %s", path, strerror(errno));
    free(o->w);
    free(o->tmp);
    free(o->path);
    memset(o, 0, sizeof *o);
    return -1;
  }
  return 0;
}

/* Close what is open, remove the temporary when UNLINK, free O. */
static void ofile_abort_(struct ofile *o, int unlink_tmp) {
  if (o->f)
    fclose(o->f);
  if (o->tmp && unlink_tmp)
    unlink(o->tmp);
  free(o->w);
  free(o->tmp);
  free(o->path);
  memset(o, 0, sizeof *o);
}

int ofile_close(struct ofile *o) {
  int e = error_of(o->f, o->w);
  if (!e && o->tmp && fsync(o->w->fd) < 0)
    e = errno;
  if (fclose(o->f) != 0 && !e)
    e = errno;
  o->f = NULL;
  if (!e && o->tmp && rename(o->tmp, o->path) < 0)
    e = errno;
  if (e)
    warnx_("%s: cannot write: %s", o->path, strerror(e));
  ofile_abort_(o, e != 0); /* after a failure the temporary goes */
  return e ? -1 : 0;
}

FILE *fopen_regular(const char *path, const char **why) {
  int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  struct stat st;
  *why = NULL;
  if (fd < 0 || fstat(fd, &st) < 0)
    *why = strerror(errno);
  else if (!S_ISREG(st.st_mode))
    *why = S_ISDIR(st.st_mode) ? "a folder" : "not a regular file";
  FILE *f = NULL;
  if (!*why) {
    fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
    if (!(f = fdopen(fd, "rb")))
      *why = strerror(errno);
  }
  if (!f && fd >= 0)
    close(fd);
  return f;
}

/* jansson's reader over a stream, a block at a time. */
static size_t read_block(void *buffer, size_t n, void *data) {
  FILE *f = data;
  size_t k = fread(buffer, 1, n, f);
  return k ? k : ferror(f) ? (size_t)-1 : 0;
}

json_t *json_load_regular(const char *path, size_t max, size_t flags,
                          json_error_t *err) {
  const char *why;
  FILE *f = fopen_regular(path, &why);
  struct stat st;
  if (f && max && fstat(fileno(f), &st) == 0 && (size_t)st.st_size > max) {
    fclose(f);
    f = NULL;
    why = "larger than the size limit";
  }
  if (!f) {
    memset(err, 0, sizeof *err);
    snprintf(err->text, sizeof err->text, "%s", why);
    snprintf(err->source, sizeof err->source, "%s", path);
    err->line = err->column = -1;
    return NULL;
  }
  json_t *doc = json_load_callback(read_block, f, flags, err);
  fclose(f);
  return doc;
}

int claim_file(const char *path, int create) {
  struct stat st;
  /* an output that is there and not a regular file (/dev/null, a FIFO, a
   * terminal) is written as it is, opened once for writing: opening a FIFO
   * for reading too and closing it again would end its reader's input */
  if (create && stat(path, &st) == 0 && !S_ISREG(st.st_mode) &&
      !S_ISDIR(st.st_mode)) {
    int w = open(path, O_WRONLY | O_CLOEXEC);
    if (w < 0)
      warnx_("%s: cannot write: %s", path, strerror(errno));
    return w;
  }
  int fd = open(path,
                O_RDWR | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC |
                    (create ? O_CREAT : 0),
                0666);
  if (fd < 0 && errno == ELOOP && stat(path, &st) == 0 &&
      !S_ISREG(st.st_mode) && create)
    fd = open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC); /* /dev/stdout */
  if (fd >= 0 && fstat(fd, &st) == 0 && !S_ISREG(st.st_mode)) {
    close(fd); /* /dev/null, a FIFO, a terminal: written as they are */
    if (!create) {
      warnx_("%s: not a regular file", path);
      return -1;
    }
    if ((fd = open(path, O_WRONLY | O_CLOEXEC)) < 0)
      warnx_("%s: cannot write: %s", path, strerror(errno));
    return fd;
  }
  if (fd < 0) {
    warnx_("%s: cannot %s: %s", path, create ? "write" : "read",
           errno == ELOOP ? "a symbolic link" : strerror(errno));
    return -1;
  }
  if (flock(fd, LOCK_EX | LOCK_NB) < 0) {
    if (errno == EWOULDBLOCK)
      warnx_("%s: in use by another uritest", path);
    else
      warnx_("%s: cannot lock: %s", path, strerror(errno));
    close(fd);
    return -1;
  }
  fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
  return fd;
}

int json_write_file(json_t *doc, const char *path, size_t flags) {
  struct ofile of;
  if (ofile_open(&of, path) < 0)
    return -1;
  if (json_dumpf(doc, of.f, flags) < 0 || fputc('\n', of.f) == EOF) {
    ofile_abort(&of);
    warnx_("%s: cannot write", path);
    return -1;
  }
  return ofile_close(&of);
}

void ofile_abort(struct ofile *o) {
  ofile_abort_(o, 1);
}

int stream_error(FILE *f) {
  return error_of(f, f == stdout ? &stdout_w : NULL);
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

int invisible_char(uint32_t cp) {
  return (cp >= 0x80 && cp < 0xa0) || cp == 0xad || cp == 0x61c ||
         (cp >= 0x600 && cp <= 0x605) || cp == 0x6dd || cp == 0x70f ||
         cp == 0x180e || (cp >= 0x200b && cp <= 0x200f) ||
         (cp >= 0x2028 && cp <= 0x202e) || (cp >= 0x2060 && cp <= 0x206f) ||
         cp == 0xfeff || (cp >= 0xfff9 && cp <= 0xfffb) ||
         (cp >= 0xe0000 && cp <= 0xe007f);
}

void put_label(FILE *f, const char *s, size_t n) {
  const unsigned char *p = (const unsigned char *)s;
  for (size_t i = 0; i < n; i++) {
    unsigned char c = p[i];
    if (c >= 0x20 && c < 0x7f && c != '#' && c != '\\') {
      fputc(c, f);
      continue;
    }
    uint32_t cp = 0;
    size_t k = c >= 0x80 ? rfc3986_utf8_sequence(s + i, n - i, &cp, NULL) : 0;
    if (k > 1 && !invisible_char(cp)) {
      fwrite(p + i, 1, k, f);
      i += k - 1;
    } else if (k > 1) { /* C1, bidi, format, separators: seen, not obeyed */
      fprintf(f, "\\u{%04X}", (unsigned)cp);
      i += k - 1;
    } else {
      fprintf(f, "\\x%02x", c);
    }
  }
}

void put_labels(FILE *f, const char *s) {
  put_label(f, s, strlen(s));
}

void vput_labelf(FILE *f, const char *fmt, va_list ap) {
  struct buf b = {0};
  va_list again;
  va_copy(again, ap);
  int n = vsnprintf(NULL, 0, fmt, ap);
  if (n > 0) {
    buf_reserve(&b, (size_t)n + 1);
    vsnprintf(b.p, (size_t)n + 1, fmt, again);
    put_label(f, b.p, (size_t)n);
  }
  va_end(again);
  fputc('\n', f);
  buf_free(&b);
}

void put_labelf(FILE *f, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vput_labelf(f, fmt, ap);
  va_end(ap);
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

int mkdir_p(const char *dir) {
  char *p = xstrdup(dir);
  for (char *q = strchr(p + 1, '/'); q; q = strchr(q + 1, '/')) {
    *q = 0;
    mkdir(p, 0777); /* an error shows in the last one */
    *q = '/';
  }
  struct stat st;
  int rc = mkdir(p, 0777) == 0 ||
                   (errno == EEXIST && stat(p, &st) == 0 && S_ISDIR(st.st_mode))
               ? 0
               : -1;
  int err = errno;
  free(p);
  errno = err;
  return rc;
}

int mkdir_parent(const char *path) {
  const char *slash = strrchr(path, '/');
  if (!slash || slash == path)
    return 0;
  char *dir = xstrndup(path, (size_t)(slash - path));
  int rc = mkdir_p(dir);
  free(dir);
  return rc;
}
