/* session.c: the adapters of one `uritest run` or `uritest diff` (run.h):
 * their start, the accounting and writing of each result, progress, the
 * results file (--resume's included) and the end of it all. */
#define _XOPEN_SOURCE 700 /* realpath */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "behaviours.h"
#include "classify.h"
#include "files.h"
#include "pairs.h"
#include "resume.h"
#include "run.h"

int session_select_adapters(struct session *s, int is_diff) {
  struct runopts *o = s->o;
  registry_load(&s->reg);
  struct adapter_def **defs = NULL;
  size_t n = 0;
  /* diff compares against the reference: left out by default */
  int rc =
      registry_select(&s->reg, o->adapters, o->nadapters, o->cmds, o->ncmds,
                      is_diff, &defs, &n, &s->cmd_defs, &s->ncmd_defs);
  if (rc)
    return rc;
  s->n = n;
  s->ad = xcalloc(n, sizeof *s->ad);
  s->st = xcalloc(n, sizeof *s->st);
  s->bc = xcalloc(n, sizeof *s->bc);
  s->rec = xcalloc(n, sizeof *s->rec);
  adapters_init(s->ad, defs, n, o->hello_timeout, o->timeout);
  free(defs);
  return 0;
}

int session_start_adapters(struct session *s, int is_diff) {
  int rc;
  if (!s->ad && (rc = session_select_adapters(s, is_diff)))
    return rc;
  size_t n = s->n;
  long started = adapters_hello(s->ad, n);
  if (started < 0)
    return 128 + interrupted;
  for (size_t i = 0; i < n; i++) {
    s->st[i].adapter = s->ad[i].name;
    s->st[i].library = s->ad[i].library;
    s->st[i].spec = s->ad[i].spec;
    s->st[i].beh = xcalloc(1, sizeof *s->st[i].beh);
    if (behaviours_load_adapter(s->ad[i].name, s->st[i].beh) < 0)
      return EXIT_USAGE; /* session_free stops and frees all N */
    s->st[i].beh_count = xcalloc(s->st[i].beh->n + 1, sizeof(size_t));
  }
  /* no adapter to run: nothing was tested (its requests are recorded as
   * failures only beside adapters that ran) */
  if (!started) {
    warnx_("no adapter started: nothing was run");
    return EXIT_USAGE;
  }
  return adapters_distinct(s->ad, n);
}

void session_progress(struct session *s, const char *name, int final) {
  if (!s->show_progress)
    return;
  double now = now_mono();
  if (final) {
    if (s->progress_shown)
      fputs("\r\033[K", stderr);
    s->progress_shown = 0;
    return;
  }
  if (now - s->started < 1.0 || now - s->last_progress < 0.2)
    return;
  s->last_progress = now;
  s->progress_shown = 1;
  fprintf(stderr, "\r\033[K%s: %zu/%zu  %.0f/s", name, s->done, s->total,
          (double)s->done / (now - s->started));
  fflush(stderr);
}

void session_lock(struct session *s) {
  if (s->jobs > 1)
    pthread_mutex_lock(&s->lock);
}
void session_unlock(struct session *s) {
  if (s->jobs > 1)
    pthread_mutex_unlock(&s->lock);
}

/* Account one result of adapter K and write it out. */
void session_record(struct session *s, size_t k, struct result *r) {
  session_lock(s);
  struct stats *st = &s->st[k];
  r->st = st;
  const struct verdict *v = r->v;
  int failed = class_failed(v->cls) && !v->impl_defined;
  char idbuf[48];
  const char *id = r->t ? r->t->id : idbuf;
  if (!r->t)
    snprintf(idbuf, sizeof idbuf, "line:%ld", r->line);
  stats_count(st, v, r->answer || r->ans_line);
  if (failed)
    r->behaviour =
        behaviours_attribute(st->beh, r, st->beh_count, &st->unexplained);
  if (s->o->nbaselines && bcheck_result(&s->bc[k], id, v, failed)) {
    r->baseline = 1;
    st->known++;
  }
  if (s->o->write_baseline && failed)
    brecord_add(&s->rec[k], id, v);
  /* a line on the terminal: take the progress line away first */
  if (s->progress_shown && failed && !r->baseline && s->out.fmt == FMT_TEXT) {
    fputs("\r\033[K", stderr);
    s->progress_shown = 0;
    s->last_progress = 0;
  }
  if (s->pairs && r->t && s->pairs_index[r->t - s->tests] != (unsigned)-1)
    pairs_take_line(s->pairs, k, s->pairs_index[r->t - s->tests], r->answer,
                    r->ans_line, r->ans_len);
  output_result(&s->out, r);
  s->done++;
  if (s->show_progress)
    session_progress(s, s->jobs > 1 ? "adapters" : s->ad[k].name, 0);
  session_unlock(s);
}

/* 1 when the file open as FD is PATH. */
static int same_file(int fd, const char *path) {
  struct stat a, b;
  return fstat(fd, &a) == 0 && stat(path, &b) == 0 && a.st_dev == b.st_dev &&
         a.st_ino == b.st_ino;
}

/* Where the pair matrix goes: --pairs FILE; else beside a regular results
 * file open as FD at PATH, named after it (pairs_path_for); else
 * (/dev/null, a pipe, a terminal) nowhere. */
static char *pairs_path(const char *asked, int fd, const char *path) {
  struct stat st;
  if (asked)
    return xstrdup(asked);
  if (fstat(fd, &st) || !S_ISREG(st.st_mode))
    return NULL;
  return pairs_path_for(path);
}

/* --resume FILE: claimed like a results file (a regular one only). */
static int claim_resumed(struct session *s) {
  return (s->rs_fd = claim_file(s->o->resume, 0)) < 0 ? EXIT_USAGE : 0;
}

int session_claim_results(struct session *s, const char *deflt) {
  const char *path = s->o->output ? s->o->output : deflt;
  struct stat st;
  s->claimed = 1;
  s->out_fd = s->rs_fd = -1;
  if (s->o->resume && claim_resumed(s))
    return EXIT_USAGE;
  if (s->o->resume && !s->o->output)
    return s->in_place = 1, 0;
  if (!path)
    return 0;
  char *p = s->o->output ? xstrdup(path) : out_path(path);
  mkdir_parent(p); /* a folder that cannot be made shows in the open */
  if (s->rs_fd >= 0 && same_file(s->rs_fd, p)) {
    free(p);
    return s->in_place = 1, 0;
  }
  if ((s->out_fd = claim_file(p, 1)) < 0) {
    free(p);
    return EXIT_USAGE;
  }
  if (fstat(s->out_fd, &st) == 0 && S_ISREG(st.st_mode) &&
      ftruncate(s->out_fd, 0) < 0) {
    warnx_("%s: cannot write: %s", p, strerror(errno));
    free(p);
    return EXIT_USAGE;
  }
  s->pairs_path = pairs_path(s->o->pairs, s->out_fd, p);
  free(s->out.results_path);
  s->out.results_path = p;
  return 0;
}

/* The stream over the claimed descriptor *FD (which it then owns). */
static FILE *claimed_stream(int *fd, const char *mode, const char *path) {
  FILE *f = fdopen(*fd, mode);
  if (!f)
    warnx_("%s: cannot write: %s", path, strerror(errno));
  else
    *fd = -1;
  return f;
}

int session_open_results(struct session *s, const char *deflt) {
  int rc;
  if (!s->claimed && (rc = session_claim_results(s, deflt)))
    return rc;
  if (s->rs && s->in_place) {
    /* --resume in place: FILE cut after its last complete result (the
     * summary and any half line of a killed run go), then appended to */
    struct resume *rs = s->rs;
    if (ftruncate(s->rs_fd, rs->keep_end) < 0 ||
        lseek(s->rs_fd, 0, SEEK_END) < 0) {
      warnx_("%s: cannot write: %s", rs->path, strerror(errno));
      return EXIT_USAGE;
    }
    if (!(s->out.results = claimed_stream(&s->rs_fd, "a", rs->path)))
      return EXIT_USAGE;
    s->out.appending = 1;
    s->out.run_record = rs->header;
    s->out.results_path = xstrdup(rs->path);
  } else if (s->out_fd >= 0) {
    if (!(s->out.results =
              claimed_stream(&s->out_fd, "w", s->out.results_path)))
      return EXIT_USAGE;
  } else {
    return 0;
  }
  setvbuf(s->out.results, NULL, _IOFBF, 1 << 18);
  return 0;
}

void session_free(struct session *s) {
  for (size_t i = 0; i < s->n; i++) {
    adapter_free(&s->ad[i]);
    bcheck_free(&s->bc[i]);
    stats_behaviours_free(&s->st[i]);
    struct brecord *r = &s->rec[i];
    for (size_t k = 0; k < r->n; k++) {
      free(r->ids[k]);
      free(r->comps[k]);
    }
    free(r->ids);
    free(r->cls);
    free(r->comps);
  }
  for (size_t i = 0; i < s->ncmd_defs; i++)
    adapter_def_free(s->cmd_defs[i]);
  free(s->cmd_defs);
  free(s->ad);
  free(s->st);
  free(s->bc);
  free(s->rec);
  registry_free(&s->reg);
  if (s->rs)
    resume_free(s->rs);
  if (s->pairs)
    pairs_free(s->pairs);
  free(s->pairs);
  free(s->pairs_index);
  free(s->pairs_path);
  json_decref(s->selection);
  if (s->claimed && s->rs_fd >= 0)
    close(s->rs_fd);
  if (s->claimed && s->out_fd >= 0)
    close(s->out_fd);
  free(s->rs);
  kinds_free(&s->out);
  buf_free(&s->out.line);
  if (s->out.results)
    fclose(s->out.results);
  free(s->out.results_path);
  memset(s, 0, sizeof *s);
}
