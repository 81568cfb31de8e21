/* line_arena.c: jansson's memory for a line of a results file
 * (line_arena.h).
 *
 * The arenas share one pool: a region of NCHUNKS chunks of CHUNK octets,
 * reserved once (pages are only touched as used), so that the free
 * function tells an arena's pointer from malloc's by its address alone and
 * finds its chunk by division.  An arena holds one chunk at a time and
 * hands out its octets in order; each chunk counts the allocations alive
 * in it.  A chunk whose arena has moved on (it filled up, or its line was
 * done with objects still alive) is retired, and goes back to the pool
 * with the last of them.  Allocations above LARGE, and any when the pool
 * is spent, are malloc's. */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS, MAP_NORESERVE */
#include "line_arena.h"

#include <jansson.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>

#include "util.h"

#if defined(__SANITIZE_ADDRESS__)
#define LA_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define LA_ASAN 1
#endif
#endif
#ifdef LA_ASAN /* an octet of a chunk not handed out is poisoned */
#include <sanitizer/asan_interface.h>
#define POISON(p, n) ASAN_POISON_MEMORY_REGION(p, n)
#define UNPOISON(p, n) ASAN_UNPOISON_MEMORY_REGION(p, n)
#else
#define POISON(p, n) ((void)(p), (void)(n))
#define UNPOISON(p, n) ((void)(p), (void)(n))
#endif

enum { CHUNK = 64 * 1024, NCHUNKS = 1024, LARGE = CHUNK / 8, ALIGN = 16 };

struct chunk {
  uint32_t live; /* allocations not yet freed */
  uint32_t used; /* octets handed out */
  int retired;   /* its arena has moved on */
};

static struct {
  pthread_mutex_t lock; /* for base, failed and the free list */
  unsigned char *base;  /* NCHUNKS * CHUNK octets, or NULL */
  int failed;           /* the region could not be reserved */
  struct chunk meta[NCHUNKS];
  uint32_t free_list[NCHUNKS];
  size_t nfree;
} pool = {.lock = PTHREAD_MUTEX_INITIALIZER};

struct line_arena {
  int chunk; /* its chunk, or -1 */
};

static _Thread_local struct line_arena *current;

static unsigned char *chunk_at(int i) {
  return pool.base + (size_t)i * CHUNK;
}

static void pool_reserve(void) {
  void *p = mmap(NULL, (size_t)NCHUNKS * CHUNK, PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (p == MAP_FAILED) {
    pool.failed = 1;
    return;
  }
  POISON(p, (size_t)NCHUNKS * CHUNK);
  for (size_t i = 0; i < NCHUNKS; i++)
    pool.free_list[i] = (uint32_t)(NCHUNKS - 1 - i);
  pool.nfree = NCHUNKS;
  __atomic_store_n(&pool.base, (unsigned char *)p, __ATOMIC_RELEASE);
}

/* A chunk of the pool, emptied, or -1. */
static int pool_get(void) {
  pthread_mutex_lock(&pool.lock);
  if (!pool.base && !pool.failed)
    pool_reserve();
  int i = pool.nfree ? (int)pool.free_list[--pool.nfree] : -1;
  pthread_mutex_unlock(&pool.lock);
  if (i >= 0)
    pool.meta[i] = (struct chunk){0, 0, 0};
  return i;
}

static void pool_put(int i) {
  POISON(chunk_at(i), CHUNK);
  pthread_mutex_lock(&pool.lock);
  pool.free_list[pool.nfree++] = (uint32_t)i;
  pthread_mutex_unlock(&pool.lock);
}

/* A's chunk goes back to the pool, or is retired when something in it is
 * alive. */
static void retire(struct line_arena *a) {
  struct chunk *c = &pool.meta[a->chunk];
  if (c->live)
    c->retired = 1;
  else
    pool_put(a->chunk);
  a->chunk = -1;
}

static void *jansson_malloc(size_t n) {
  struct line_arena *a = current;
  if (!a || n > LARGE)
    return malloc(n);
  size_t need = (n + ALIGN - 1) & ~(size_t)(ALIGN - 1);
  if (a->chunk >= 0 && pool.meta[a->chunk].used + need > CHUNK)
    retire(a);
  if (a->chunk < 0 && (a->chunk = pool_get()) < 0)
    return malloc(n);
  struct chunk *c = &pool.meta[a->chunk];
  unsigned char *p = chunk_at(a->chunk) + c->used;
  c->used += (uint32_t)need;
  c->live++;
  UNPOISON(p, need);
  return p;
}

static void jansson_free(void *ptr) {
  unsigned char *p = ptr, *base = __atomic_load_n(&pool.base, __ATOMIC_ACQUIRE);
  if (!base || p < base || p >= base + (size_t)NCHUNKS * CHUNK) {
    free(ptr);
    return;
  }
  int i = (int)((size_t)(p - base) / CHUNK);
  struct chunk *c = &pool.meta[i];
  if (--c->live == 0 && c->retired)
    pool_put(i);
}

/* Before main: jansson has allocated nothing yet. */
__attribute__((constructor)) static void line_arena_install(void) {
  json_set_alloc_funcs(jansson_malloc, jansson_free);
}

struct line_arena *line_arena_new(void) {
  struct line_arena *a = xmalloc(sizeof *a);
  a->chunk = -1;
  return a;
}

void line_arena_use(struct line_arena *a) {
  current = a;
}

void line_arena_reset(struct line_arena *a) {
  if (a->chunk < 0)
    return;
  struct chunk *c = &pool.meta[a->chunk];
  if (c->live) {
    retire(a);
    return;
  }
  POISON(chunk_at(a->chunk), c->used);
  c->used = 0;
}

void line_arena_free(struct line_arena *a) {
  if (!a)
    return;
  if (a->chunk >= 0)
    retire(a);
  if (current == a)
    current = NULL;
  free(a);
}
