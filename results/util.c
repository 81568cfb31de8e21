/* util.c: buffers, arena, JSON strings, UTF-8, hex, clocks, paths. */
#define _XOPEN_SOURCE 700 /* realpath */
#include <ctype.h>
#include "util.h"
#include "files.h"

#include "rfc3986.h"

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

const char *progname = "uritest";

static void oom(void) {
  fputs("uritest: out of memory\n", stderr);
  exit(EXIT_USAGE);
}
void *xmalloc(size_t n) {
  void *p = malloc(n ? n : 1);
  if (!p)
    oom();
  return p;
}
void *xcalloc(size_t n, size_t size) {
  void *p = calloc(n ? n : 1, size ? size : 1);
  if (!p)
    oom();
  return p;
}
void *xrealloc(void *p, size_t n) {
  p = realloc(p, n ? n : 1);
  if (!p)
    oom();
  return p;
}
char *xstrdup(const char *s) {
  return xstrndup(s, strlen(s));
}
char *xstrndup(const char *s, size_t n) {
  char *p = xmalloc(n + 1);
  memcpy(p, s, n);
  p[n] = 0;
  return p;
}

/* The message is one line whatever its values hold: adapter names, paths,
 * reasons and inputs come from hello lines, files and the command line, so
 * it is written as a label (put_label: controls and stray octets as \xNN). */
void warnx_(const char *fmt, ...) {
  va_list ap;
  fprintf(stderr, "%s: ", progname);
  va_start(ap, fmt);
  vput_labelf(stderr, fmt, ap);
  va_end(ap);
}

void buf_reserve(struct buf *b, size_t extra) {
  if (b->len + extra + 1 <= b->cap)
    return;
  size_t cap = b->cap ? b->cap : 256;
  while (cap < b->len + extra + 1)
    cap *= 2;
  b->p = xrealloc(b->p, cap);
  b->cap = cap;
}
void buf_put(struct buf *b, const void *s, size_t n) {
  buf_reserve(b, n);
  if (n) /* S may be NULL when N is 0 (an empty span) */
    memcpy(b->p + b->len, s, n);
  b->len += n;
  b->p[b->len] = 0;
}
void buf_puts(struct buf *b, const char *s) {
  buf_put(b, s, strlen(s));
}
void buf_putc(struct buf *b, char c) {
  buf_reserve(b, 1);
  b->p[b->len++] = c;
  b->p[b->len] = 0;
}
void buf_putl(struct buf *b, long v) {
  char tmp[24];
  int i = 24;
  unsigned long u = v < 0 ? 0UL - (unsigned long)v : (unsigned long)v;
  do {
    tmp[--i] = (char)('0' + u % 10);
    u /= 10;
  } while (u);
  if (v < 0)
    tmp[--i] = '-';
  buf_put(b, tmp + i, (size_t)(24 - i));
}

void buf_printf(struct buf *b, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(NULL, 0, fmt, ap);
  va_end(ap);
  if (n < 0)
    return;
  buf_reserve(b, (size_t)n);
  va_start(ap, fmt);
  vsnprintf(b->p + b->len, (size_t)n + 1, fmt, ap);
  va_end(ap);
  b->len += (size_t)n;
}
void buf_free(struct buf *b) {
  free(b->p);
  b->p = NULL;
  b->len = b->cap = 0;
}

/* The codec's writers (adapters/common/codec.h) appending to a buf. */
static void buf_write(void *ctx, const char *s, size_t n) {
  buf_put(ctx, s, n);
}
struct codec_out buf_codec(struct buf *b) {
  struct codec_out o = {buf_write, b};
  return o;
}

void buf_json_str(struct buf *b, const char *s, size_t n) {
  struct codec_out o = buf_codec(b);
  buf_reserve(b, n + 2);
  codec_string(&o, s, n);
}

void buf_json_input(struct buf *b, const char *key, const char *s, size_t n) {
  struct codec_out o = buf_codec(b);
  buf_reserve(b, n + strlen(key) + 8);
  codec_field(&o, key, s, n);
}

struct arena_block {
  struct arena_block *next;
  size_t used, cap;
  max_align_t data[];
};
static void *arena_take(struct arena *a, size_t n, size_t align) {
  struct arena_block *h = a->head;
  size_t at = h ? (h->used + align - 1) & ~(align - 1) : 0;
  if (!h || at > h->cap || h->cap - at < n) {
    size_t cap = n > 60000 ? n : 64 * 1024 - sizeof *h;
    h = xmalloc(sizeof *h + cap);
    h->cap = cap;
    h->used = 0;
    h->next = a->head;
    a->head = h;
    at = 0;
  }
  void *p = (char *)h->data + at;
  h->used = at + n;
  return p;
}
void *arena_alloc(struct arena *a, size_t n) {
  return arena_take(a, (n + 15) & ~(size_t)15, 16);
}
/* strings need no alignment: packed, they take a third less room */
char *arena_strndup(struct arena *a, const char *s, size_t n) {
  char *p = arena_take(a, n + 1, 1);
  memcpy(p, s, n);
  p[n] = 0;
  return p;
}
char *arena_str(struct arena *a, size_t n) {
  return arena_take(a, n + 1, 1);
}
void arena_free(struct arena *a) {
  while (a->head) {
    struct arena_block *n = a->head->next;
    free(a->head);
    a->head = n;
  }
}

uint64_t fnv1a(uint64_t h, const void *s, size_t n) {
  const unsigned char *p = s;
  for (size_t i = 0; i < n; i++)
    h = (h ^ p[i]) * 1099511628211u;
  return h;
}

size_t hash_str(const char *s) {
  return (size_t)fnv1a(FNV_OFFSET_BASIS, s, strlen(s));
}

/* The slot of KEY, or of the empty slot where it would go. */
static size_t strmap_slot(const struct strmap *m, const char *key) {
  size_t slot = hash_str(key) & (m->cap - 1);
  while (m->keys[slot] && strcmp(m->keys[slot], key))
    slot = (slot + 1) & (m->cap - 1);
  return slot;
}

size_t *strmap_get(const struct strmap *m, const char *key) {
  if (!m->cap)
    return NULL;
  size_t slot = strmap_slot(m, key);
  return m->keys[slot] ? &m->values[slot] : NULL;
}

size_t *strmap_add(struct strmap *m, const char *key, size_t value) {
  if (m->n * 2 >= m->cap) {
    struct strmap bigger = {NULL, NULL, m->cap ? m->cap * 2 : 64, 0};
    bigger.keys = xcalloc(bigger.cap, sizeof *bigger.keys);
    bigger.values = xcalloc(bigger.cap, sizeof *bigger.values);
    for (size_t i = 0; i < m->cap; i++)
      if (m->keys[i])
        strmap_add(&bigger, m->keys[i], m->values[i]);
    strmap_free(m);
    *m = bigger;
  }
  size_t slot = strmap_slot(m, key);
  if (m->keys[slot])
    return &m->values[slot];
  m->keys[slot] = key;
  m->values[slot] = value;
  m->n++;
  return NULL;
}

void strmap_free(struct strmap *m) {
  free(m->keys);
  free(m->values);
  memset(m, 0, sizeof *m);
}

double now_mono(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

const char *run_date(void) {
  static char date[32];
  if (date[0])
    return date;
  time_t t = time(NULL);
  const char *sde = getenv("SOURCE_DATE_EPOCH");
  if (sde && *sde)
    t = (time_t)strtoll(sde, NULL, 10);
  struct tm tm;
  gmtime_r(&t, &tm);
  strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return date;
}

static char *argv0_path;
void set_argv0(const char *argv0) {
  argv0_path = argv0 ? xstrdup(argv0) : NULL;
}

static int is_dir(const char *p) {
  struct stat st;
  return stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

static int root_installed;
const char *repo_root(void) {
  static char *root;
  if (root)
    return root;
  const char *env = getenv("URITEST_ROOT");
  if (env && *env) {
    char real[PATH_MAX];
    return root = xstrdup(realpath(env, real) ? real : env);
  }
  char exe[PATH_MAX];
  ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
  if (n <= 0 && argv0_path && strchr(argv0_path, '/')) {
    if (realpath(argv0_path, exe))
      n = (ssize_t)strlen(exe);
  }
  if (n > 0) {
    exe[n] = 0;
    /* BUILD may be build/asan: climb until a folder with vectors/ and
     * harness/ appears, at most four levels above the bin folder. */
    for (int up = 0; up < 5; up++) {
      char *slash = strrchr(exe, '/');
      if (!slash || slash == exe)
        break;
      *slash = 0;
      if (up == 1) { /* installed: PREFIX/bin/uritest, PREFIX/share/uritest */
        char probe[PATH_MAX + 32];
        snprintf(probe, sizeof probe, "%s/share/uritest/vectors", exe);
        if (is_dir(probe)) {
          snprintf(probe, sizeof probe, "%s/share/uritest", exe);
          root_installed = 1;
          return root = xstrdup(probe);
        }
      }
      if (up >= 2) {
        char probe[PATH_MAX + 16];
        snprintf(probe, sizeof probe, "%s/harness", exe);
        if (is_dir(probe))
          return root = xstrdup(exe);
      }
    }
  }
  return root = xstrdup(".");
}

char *root_path(const char *rel) {
  if (rel[0] == '/')
    return xstrdup(rel);
  const char *r = repo_root();
  size_t n = strlen(r) + strlen(rel) + 2;
  char *p = xmalloc(n);
  snprintf(p, n, "%s/%s", r, rel);
  return p;
}

char *out_path(const char *rel) {
  repo_root();
  return root_installed ? xstrdup(rel) : root_path(rel);
}

const char *vectors_version(void) {
  static char v[64];
  if (v[0])
    return v;
  char *path = root_path("vectors/VERSION");
  FILE *f = fopen(path, "r");
  free(path);
  if (!f || !fgets(v, sizeof v, f)) {
    snprintf(v, sizeof v, "unknown");
  } else {
    size_t n = strlen(v);
    while (n && (v[n - 1] == '\n' || v[n - 1] == '\r' || v[n - 1] == ' '))
      v[--n] = 0;
    if (!n)
      snprintf(v, sizeof v, "unknown");
    /* a token, as every output writes it unescaped: [0-9A-Za-z.+_-] */
    if (v[strspn(v, "0123456789abcdefghijklmnopqrstuvwxyz"
                    "ABCDEFGHIJKLMNOPQRSTUVWXYZ.+_-")])
      snprintf(v, sizeof v, "invalid");
  }
  if (f)
    fclose(f);
  return v;
}

double parse_seconds(const char *s) {
  char *end;
  errno = 0;
  double d = strtod(s, &end);
  if (errno || end == s || *end || !(d > 0) || d > 86400)
    return -1;
  return d;
}

int version_cmp(const char *a, const char *b) {
  while (*a || *b) {
    if (isdigit((unsigned char)*a) && isdigit((unsigned char)*b)) {
      unsigned long x = strtoul(a, (char **)&a, 10),
                    y = strtoul(b, (char **)&b, 10);
      if (x != y)
        return x < y ? -1 : 1;
      continue;
    }
    if (*a != *b)
      return (unsigned char)*a < (unsigned char)*b ? -1 : 1;
    a++;
    b++;
  }
  return 0;
}
