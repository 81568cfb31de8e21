/* vectors_fs.c: vector files found and read for vectors.c: folders walked
 * each real folder once, regular files only, a size limit, and reads that
 * end at SIGINT or SIGTERM. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "adapter.h" /* interrupted */
#include "vectors.h"

/* The whole of PATH, NUL-terminated, in one read (jansson's file reader
 * goes octet by octet).  -1 with a message when it cannot be read. */
int vectors_read_text(const char *path, size_t max, struct buf *text) {
  int fd = open(path, O_RDONLY);
  struct stat st;
  if (fd < 0 || fstat(fd, &st) < 0) {
    if (!interrupted) /* a FIFO's open, ended by SIGINT: no message */
      fprintf(stderr, "%s: cannot open: %s\n", path, strerror(errno));
    if (fd >= 0)
      close(fd);
    return -1;
  }
  if (S_ISREG(st.st_mode) && (unsigned long long)st.st_size > max) {
    fprintf(stderr, "%s: %lld bytes, more than --max-vector-bytes %zu\n", path,
            (long long)st.st_size, max);
    close(fd);
    return -1;
  }
  buf_reserve(text, S_ISREG(st.st_mode) ? (size_t)st.st_size + 1 : 1 << 16);
  int rerr = 0;
  for (;;) {
    if (text->cap - text->len < 2)
      buf_reserve(text, text->cap);
    size_t room = text->cap - text->len - 1;
    /* a pipe or a device (/dev/zero) is read up to the limit, no further */
    if (room > max + 1 - text->len)
      room = max + 1 - text->len;
    ssize_t got = read(fd, text->p + text->len, room);
    if (interrupted) /* SIGINT, SIGTERM: the caller exits 128 + it */
      rerr = -1;
    else if (got < 0 && errno == EINTR)
      continue;
    else if (got < 0)
      rerr = errno;
    if (got <= 0 || rerr)
      break;
    text->len += (size_t)got;
    if (text->len > max) {
      fprintf(stderr, "%s: more than --max-vector-bytes %zu bytes\n", path,
              max);
      rerr = -1;
      break;
    }
  }
  close(fd);
  if (rerr > 0)
    fprintf(stderr, "%s: read error: %s\n", path, strerror(rerr));
  if (rerr)
    return -1;
  text->p[text->len] = 0;
  return 0;
}

static int cmp_str(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Append P to the list of N (grown by doubling). */
void vectors_push(char ***list, size_t *n, char *p) {
  if (!(*n & (*n - 1))) /* 0, 1, 2, 4...: full */
    *list = xrealloc(*list, sizeof **list * (*n ? *n * 2 : 1));
  (*list)[(*n)++] = p;
}

/* Collect *.json below DIR, sorted, into *list: regular files only (a
 * FIFO or a device named *.json is an error, never opened). */
int vectors_walk(const char *dir, char ***list, size_t *n, struct walked *w) {
  struct stat self;
  if (stat(dir, &self) == 0) {
    for (size_t i = 0; i < w->n; i++)
      if (w->dirs[i].st_dev == self.st_dev && w->dirs[i].st_ino == self.st_ino)
        return 0;
    w->dirs = xrealloc(w->dirs, sizeof *w->dirs * (w->n + 1));
    w->dirs[w->n++] = self;
  }
  DIR *d = opendir(dir);
  if (!d) {
    warnx_("%s: cannot open folder", dir);
    return -1;
  }
  char **names = NULL;
  size_t nn = 0;
  struct dirent *e;
  while ((e = readdir(d)) && !interrupted) {
    if (e->d_name[0] == '.')
      continue;
    vectors_push(&names, &nn, xstrdup(e->d_name));
  }
  closedir(d);
  if (nn)
    qsort(names, nn, sizeof *names, cmp_str);
  int rc = interrupted ? -1 : 0;
  for (size_t i = 0; i < nn; i++) {
    size_t len = strlen(dir) + strlen(names[i]) + 2;
    char *p = xmalloc(len);
    snprintf(p, len, "%s/%s", dir, names[i]);
    struct stat st;
    int json = strlen(names[i]) > 5 &&
               !strcmp(names[i] + strlen(names[i]) - 5, ".json");
    if (rc < 0) {
      free(p);
    } else if (stat(p, &st) == 0 && S_ISDIR(st.st_mode)) {
      if (vectors_walk(p, list, n, w) < 0)
        rc = -1;
      free(p);
    } else if (json && stat(p, &st) == 0 && !S_ISREG(st.st_mode)) {
      warnx_("%s: not a regular file (a FIFO, device or socket in a vectors "
             "folder is not read)",
             p);
      rc = -1;
      free(p);
    } else if (json) {
      vectors_push(list, n, p);
    } else {
      free(p);
    }
    free(names[i]);
  }
  free(names);
  return rc;
}
