/* adapter.c: adapters in a run: start, hello, pipelined requests with
 * poll(2), per-request timeouts, kills, restarts and give-up (DESIGN.md
 * "Adapters").  The process itself (pipes, exec, its standard error, the
 * kill of all it started) is proc.c. */
#include "adapter.h"
#include "entry.h"

#include <errno.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "classify.h"
#include "vectors.h"

#define MAX_LINE_DEFAULT (8u << 20) /* answers longer than this are errors */
/* requests in flight (PROTOCOL.md section 6): the size of adapter.sent_at */
#define WINDOW (sizeof((struct adapter *)0)->sent_at / sizeof(double))
#define WBUF_HIGH (256u << 10) /* encode ahead at most this much */

volatile int interrupted;
double adapter_deadline;

static void on_signal(int sig) {
  interrupted = sig;
}

void install_signal_handlers(void) {
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_signal;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGINT, &sa, NULL);
  sigaction(SIGTERM, &sa, NULL);
  signal(SIGPIPE, SIG_IGN);
}

void adapter_init(struct adapter *a, struct adapter_def *def,
                  double hello_timeout, double timeout) {
  memset(a, 0, sizeof *a);
  a->def = def;
  a->roles = def->roles ? def->roles : ROLE_VALIDATOR | ROLE_FETCHER;
  proc_child_init(&a->proc);
  /* an adapter that starts slowly (a browser) asks for more in its
   * adapter.json ("hello_timeout"); --hello-timeout can only add to that */
  a->hello_timeout =
      def->hello_timeout > hello_timeout ? def->hello_timeout : hello_timeout;
  /* likewise "timeout", for a library known to be slow on some inputs */
  a->timeout = def->timeout > timeout ? def->timeout : timeout;
  a->max_line = MAX_LINE_DEFAULT;
  const char *ml = getenv("URITEST_MAX_LINE");
  if (ml && atol(ml) > 0)
    a->max_line = (size_t)atol(ml);
  /* an --adapter-cmd is named by its hello line, by its command until then */
  a->name = xstrdup(def->name    ? def->name
                    : def->shcmd ? def->shcmd
                                 : "adapter");
  a->library = xstrdup("unknown");
  a->spec = xstrdup(def->spec ? def->spec : "other");
  a->ops = ~0u;
  a->entry = def->entry;
  a->last_class = CLASS_CRASH;
}

/* The failure of class CLS and why, ending with the end of what the
 * adapter wrote on standard error (a traceback, a library's complaint). */
static void set_why(struct adapter *a, int cls, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void set_why(struct adapter *a, int cls, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(a->last_why, sizeof a->last_why - PROC_STDERR_TAIL - 16, fmt, ap);
  va_end(ap);
  a->last_class = cls;
  char tail[PROC_STDERR_TAIL + 8];
  proc_read_stderr(&a->proc);
  proc_stderr_tail(&a->proc, tail, sizeof tail);
  size_t len = strlen(a->last_why);
  if (tail[0])
    snprintf(a->last_why + len, sizeof a->last_why - len, " (stderr: %s)",
             tail);
}

/* End the adapter and all it started; describe how it ended. */
static void reap(struct adapter *a, char *how, size_t cap) {
  proc_end(&a->proc, how, cap);
}

void adapter_stop(struct adapter *a) {
  proc_close_input(&a->proc); /* EOF: a polite adapter exits */
  if (a->proc.pid > 0) {
    /* give it a moment to exit on EOF before the kill */
    for (int i = 0; i < 20; i++) {
      if (proc_exited(&a->proc))
        break; /* reap() kills what it left and waits for it */
      struct timespec ts = {0, 5 * 1000 * 1000};
      nanosleep(&ts, NULL);
    }
  }
  reap(a, NULL, 0);
  a->rbuf.len = 0;
  a->wbuf.len = a->wpos = 0;
}

void adapter_free(struct adapter *a) {
  adapter_stop(a);
  buf_free(&a->rbuf);
  buf_free(&a->wbuf);
  free(a->name);
  free(a->library);
  free(a->spec);
  free(a->first_hello);
  for (size_t i = 0; i < a->nretired; i++)
    free(a->retired[i]);
  free(a->retired);
}

/* Start the process: registry commands in the repository root (their
 * paths are relative to it), --adapter-cmd in the caller's folder. */
static int spawn(struct adapter *a, char *why, size_t cap) {
  const struct adapter_def *d = a->def;
  if (proc_spawn(&a->proc, d->argv, d->shcmd, d->shcmd ? NULL : repo_root(),
                 why, cap) < 0)
    return -1;
  a->rbuf.len = 0;
  a->wbuf.len = a->wpos = 0;
  a->answers_since_start = 0;
  return 0;
}

/* Read what is there into rbuf.  Returns bytes read, 0 on EOF, -1 when
 * nothing was available (EAGAIN), -2 on error. */
static long fill(struct adapter *a) {
  buf_reserve(&a->rbuf, 256 * 1024);
  ssize_t n = read(a->proc.out_fd, a->rbuf.p + a->rbuf.len,
                   a->rbuf.cap - a->rbuf.len - 1);
  if (n > 0) {
    a->rbuf.len += (size_t)n;
    return (long)n;
  }
  if (n == 0)
    return 0;
  if (errno == EAGAIN || errno == EINTR)
    return -1;
  return -2;
}

/* Set *FIELD to VALUE.  Results and counts already point at the old
 * string, so a changed one is kept until adapter_free. */
static void replace_str(struct adapter *a, char **field, const char *value) {
  if (!strcmp(*field, value))
    return;
  a->retired = xrealloc(a->retired, sizeof *a->retired * (a->nretired + 1));
  a->retired[a->nretired++] = *field;
  *field = xstrdup(value);
}

static int parse_hello(struct adapter *a, const char *line, size_t len) {
  json_error_t err;
  json_t *h = json_loadb(line, len, JSON_REJECT_DUPLICATES, &err);
  if (!h || !json_is_object(h)) {
    set_why(a, CLASS_PROTOCOL_ERROR, "hello line is not a JSON object: %s",
            h ? "wrong type" : err.text);
    json_decref(h);
    return -1;
  }
  json_t *name = json_object_get(h, "adapter"),
         *lib = json_object_get(h, "library"),
         *spec = json_object_get(h, "spec"), *ops = json_object_get(h, "ops"),
         *proto = json_object_get(h, "protocol"),
         *entry = json_object_get(h, "entry");
  /* PROTOCOL.md section 2: adapter, library, spec and ops are required */
  const char *missing = !json_is_string(name)   ? "adapter"
                        : !json_is_string(lib)  ? "library"
                        : !json_is_string(spec) ? "spec"
                        : !json_is_array(ops)   ? "ops"
                                                : NULL;
  if (missing) {
    set_why(a, CLASS_PROTOCOL_ERROR, "hello line without \"%s\" (%s)", missing,
            !strcmp(missing, "ops") ? "an array" : "a string");
    json_decref(h);
    return -1;
  }
  if (proto && !(json_is_integer(proto) && json_integer_value(proto) == 1)) {
    set_why(a, CLASS_PROTOCOL_ERROR,
            "hello line asks for a protocol other than 1");
    json_decref(h);
    return -1;
  }
  int e = entry && json_is_string(entry)
              ? entry_from_name(json_string_value(entry))
          : entry ? -1
                  : a->def->entry;
  if (e < 0) {
    set_why(a, CLASS_PROTOCOL_ERROR,
            "hello line's \"entry\" is not \"URI-reference\", \"URI\", "
            "\"absolute-URI\" or \"request-target\"");
    json_decref(h);
    return -1;
  }
  a->entry = e;
  unsigned bits = 0;
  int fetch = 0;
  size_t i;
  json_t *o;
  json_array_foreach(ops, i, o) {
    int k = json_is_string(o) ? op_from_name(json_string_value(o)) : -1;
    if (k >= 0)
      bits |= 1u << k;
    if (json_is_string(o) && !strcmp(json_string_value(o), "fetch"))
      fetch = 1;
  }
  /* the first hello of a run names the adapter for all of it: a restart
   * that says another name or library would mix two adapters' results */
  struct buf id = {0};
  buf_json_str(&id, json_string_value(name), json_string_length(name));
  buf_putc(&id, ' ');
  buf_json_str(&id, json_string_value(lib), json_string_length(lib));
  buf_putc(&id, ' ');
  buf_json_str(&id, json_string_value(spec), json_string_length(spec));
  buf_printf(&id, " %x", bits);
  if (a->first_hello && strcmp(a->first_hello, id.p)) {
    set_why(a, CLASS_PROTOCOL_ERROR,
            "hello changed at a restart: %.90s, the first said %.90s", id.p,
            a->first_hello);
    buf_free(&id);
    json_decref(h);
    return -1;
  }
  if (!a->first_hello) {
    a->first_hello = id.p;
    /* adapters/PROTOCOL.md section 8: the registry's name and the hello's
     * are equal; the registry's names the results, the other is said */
    if (a->def->name && strcmp(a->def->name, json_string_value(name)))
      warnx_("adapter %s: its hello names it %s (adapters/PROTOCOL.md "
             "section 8: the two are equal); its results are recorded as %s",
             a->def->name, json_string_value(name), a->def->name);
  } else {
    buf_free(&id);
  }
  if (!a->def->name)
    replace_str(a, &a->name, json_string_value(name));
  replace_str(a, &a->library, json_string_value(lib));
  replace_str(a, &a->spec, json_string_value(spec));
  a->whatwg = !strcmp(a->spec, "whatwg");
  a->ops = bits;
  a->fetch = fetch;
  a->roles = roles_from_json(json_object_get(h, "roles"),
                             a->def->roles ? a->def->roles
                                           : ROLE_VALIDATOR | ROLE_FETCHER);
  json_decref(h);
  return 0;
}

/* How waiting for a line from the adapter ended (wait_line). */
enum waited { W_LINE, W_ENDED, W_TOO_LONG, W_TIMEOUT, W_INTERRUPTED };

/* Read until rbuf holds a complete line or DEADLINE passes.  On anything
 * but W_LINE the process is ended; for W_ENDED, HOW says how it ended. */
static enum waited wait_line(struct adapter *a, double deadline, char *how,
                             size_t cap) {
  for (;;) {
    if (a->rbuf.len && memchr(a->rbuf.p, '\n', a->rbuf.len))
      return W_LINE;
    enum waited w = a->rbuf.len > a->max_line ? W_TOO_LONG
                    : interrupted             ? W_INTERRUPTED
                    : deadline <= now_mono()  ? W_TIMEOUT
                                              : W_LINE;
    if (w != W_LINE) {
      reap(a, NULL, 0);
      return w;
    }
    /* standard error too: an adapter that fills it is never blocked */
    struct pollfd p[2] = {{a->proc.out_fd, POLLIN, 0},
                          {a->proc.err_fd, POLLIN, 0}};
    if (poll(p, 2, (int)((deadline - now_mono()) * 1000) + 1) <= 0)
      continue;
    if (p[1].revents)
      proc_read_stderr(&a->proc);
    if (!p[0].revents)
      continue;
    long r = fill(a);
    if (r == 0 || r == -2) {
      reap(a, how, cap);
      return W_ENDED;
    }
  }
}

/* One start: spawn and read the hello line within hello_timeout. */
static int start_once(struct adapter *a) {
  char how[256];
  if (a->spawned_ahead)
    a->spawned_ahead = 0; /* adapter_spawn_ahead started it: read its hello */
  else if (spawn(a, how, sizeof how) < 0) {
    /* the command cannot run (exec's errno): starting again cannot help */
    set_why(a, CLASS_CRASH, "%s", how);
    a->failed_starts = 2;
    return -1;
  }
  switch (wait_line(a, now_mono() + a->hello_timeout, how, sizeof how)) {
  case W_LINE:
    break;
  case W_ENDED:
    /* /bin/sh -c: 127 the command was not found, 126 it cannot be run;
     * starting it again cannot help */
    if (a->proc.last_exit == 127 || a->proc.last_exit == 126) {
      set_why(a, CLASS_CRASH, "%s (/bin/sh exit status %d)",
              a->proc.last_exit == 127 ? "command not found"
                                       : "command cannot be executed",
              a->proc.last_exit);
      a->failed_starts = 2;
      return -1;
    }
    set_why(a, CLASS_CRASH, "%s before its hello line", how);
    return -1;
  case W_TOO_LONG:
    set_why(a, CLASS_PROTOCOL_ERROR, "hello line longer than %zu bytes",
            a->max_line);
    return -1;
  case W_TIMEOUT:
    set_why(a, CLASS_TIMEOUT, "no hello line within %gs", a->hello_timeout);
    return -1;
  case W_INTERRUPTED:
    return -1;
  }
  char *nl = memchr(a->rbuf.p, '\n', a->rbuf.len);
  size_t len = (size_t)(nl - a->rbuf.p);
  int rc = parse_hello(a, a->rbuf.p, len);
  memmove(a->rbuf.p, nl + 1, a->rbuf.len - len - 1);
  a->rbuf.len -= len + 1;
  if (rc < 0) {
    reap(a, NULL, 0);
    return -1;
  }
  return 0;
}

void adapter_spawn_ahead(struct adapter *a) {
  char how[256];
  if (!a->given_up && !a->spawned_ahead && a->proc.pid < 0 &&
      spawn(a, how, sizeof how) == 0)
    a->spawned_ahead = 1;
}

void adapters_init(struct adapter *ad, struct adapter_def *const *defs,
                   size_t n, double hello_timeout, double timeout) {
  for (size_t k = 0; k < n; k++)
    adapter_init(&ad[k], defs[k], hello_timeout, timeout);
  if (n)
    adapter_spawn_ahead(&ad[0]);
}

long adapters_hello(struct adapter *ad, size_t n) {
  long started = 0;
  for (size_t k = 0; k < n; k++) {
    /* the next one starts while this one's hello is awaited: at most two
     * start-ups at once, each hello timed from when it is awaited */
    if (k + 1 < n)
      adapter_spawn_ahead(&ad[k + 1]);
    if (adapter_start(&ad[k]) == 0)
      started++;
    else if (interrupted)
      return -1;
    else
      warnx_("adapter %s: cannot start: %s", ad[k].name, ad[k].last_why);
  }
  return started;
}

long adapters_start(struct adapter *ad, struct adapter_def *const *defs,
                    size_t n, double hello_timeout, double timeout) {
  adapters_init(ad, defs, n, hello_timeout, timeout);
  return adapters_hello(ad, n);
}

int adapters_distinct(const struct adapter *ad, size_t n) {
  for (size_t i = 0; i < n; i++)
    for (size_t k = 0; k < i; k++)
      if (!strcmp(ad[i].name, ad[k].name)) {
        warnx_("two adapters are named %s", ad[i].name);
        return EXIT_USAGE;
      }
  return 0;
}

int adapter_start(struct adapter *a) {
  if (a->given_up)
    return -1;
  while (a->failed_starts < 3) {
    if (start_once(a) == 0)
      return 0;
    if (interrupted)
      return -1;
    a->failed_starts++;
  }
  a->given_up = 1;
  return -1;
}

/*
 * A start that is asked one request, {"id": "probe", "op": "parse",
 * "input": "a:"}, and must answer it (any line) within the timeout.  0 when
 * it did; else -1 with the failure's class and why.  The process is ended
 * either way.
 */
static int probe(struct adapter *a) {
  static const char req[] =
      "{\"id\": \"probe\", \"op\": \"parse\", \"input\": \"a:\"}\n";
  char how[128];
  if (adapter_start(a) < 0)
    return -1;
  /* a write that fails (the adapter closed its input) shows as its end */
  ssize_t w = write(a->proc.in_fd, req, sizeof req - 1);
  (void)w;
  switch (wait_line(a, now_mono() + a->timeout, how, sizeof how)) {
  case W_LINE:
    reap(a, NULL, 0);
    return 0;
  case W_ENDED:
    set_why(a, CLASS_CRASH, "%s on a probe request too", how);
    return -1;
  case W_TOO_LONG:
    set_why(a, CLASS_PROTOCOL_ERROR,
            "an answer to a probe request longer than %zu bytes", a->max_line);
    return -1;
  case W_TIMEOUT:
    set_why(a, CLASS_TIMEOUT, "no answer to a probe request within %gs",
            a->timeout);
    return -1;
  case W_INTERRUPTED:
    return -1;
  }
  return -1;
}

/*
 * After a failure with the process gone.  A start that ended without one
 * answer may be a library failing on several inputs in a row, each of which
 * is recorded, or an adapter that cannot work at all, which would otherwise
 * be restarted once per request.  After three such starts in a row a probe
 * (above) tells which: answered, the run goes on; not, the adapter has
 * failed to start three times and is given up (DESIGN.md).
 */
static void after_failure(struct adapter *a) {
  a->restarts++;
  if (a->answers_since_start > 0 || ++a->quiet_deaths < 3)
    return;
  a->quiet_deaths = 0;
  if (probe(a) < 0)
    a->given_up = 1;
}

/* An answer was taken: the adapter works, its failure counts start again.
 * Returns the time, the new start of the head request's timeout. */
static double answered(struct adapter *a) {
  a->answers_since_start++;
  a->failed_starts = a->quiet_deaths = 0;
  return now_mono();
}

/* The longest answer line taken: URITEST_MAX_LINE (8 MiB), or four times
 * the longest request sent and 64 KiB, whichever is more. */
static size_t line_cap(const struct adapter *a) {
  size_t c = a->max_req * 4 + (64u << 10);
  return c > a->max_line ? c : a->max_line;
}

static void request_op(struct buf *b, long id, const char *op, const char *in,
                       size_t len, const char *tail) {
  buf_puts(b, "{\"id\": ");
  buf_putl(b, id);
  buf_printf(b, ", \"op\": \"%s\", ", op);
  buf_json_input(b, "input", in, len);
  buf_puts(b, tail);
}

void request_parse(struct buf *b, long id, const char *in, size_t len,
                   int null_base) {
  request_op(b, id, "parse", in, len,
             null_base ? ", \"base\": null}\n" : "}\n");
}

void request_fetch(struct buf *b, long id, const char *in, size_t len) {
  request_op(b, id, "fetch", in, len, "}\n");
}

/* ---- one pipelined run of a job ------------------------------------------ */

/* Where adapter_run is in its job. */
struct run_state {
  struct job *job;
  size_t done;        /* requests answered or failed */
  size_t sent;        /* requests encoded (written or waiting in wbuf) */
  size_t window;      /* requests in flight at most */
  double progress_at; /* the head request's timeout counts from here, or
                         from when it was written, whichever is later */
  long base;          /* the protocol id of request 0 */
};

static void flush_job(const struct run_state *st) {
  if (st->job->flush)
    st->job->flush(st->job->ctx);
}

/* The head request ended as CLS, a->last_why saying why; the process is
 * gone. */
static void fail_head(struct adapter *a, struct run_state *st, int cls) {
  st->job->fail(st->job->ctx, st->done++, cls, a->last_why);
  after_failure(a);
}

/* A process to send to: started when there is none.  1 when there is one;
 * 0 when the adapter is given up (the rest of the job failed with the
 * class of its last failure); -1 when interrupted. */
static int ensure_started(struct adapter *a, struct run_state *st) {
  if (a->proc.pid > 0)
    return 1;
  st->sent = st->done; /* what was in flight is sent again */
  if (!a->given_up && adapter_start(a) == 0) {
    st->progress_at = now_mono();
    return 1;
  }
  if (interrupted)
    return -1;
  char why[sizeof a->last_why + 64];
  snprintf(why, sizeof why, "adapter given up after three failed starts: %s",
           a->last_why);
  for (; st->done < st->job->n; st->done++)
    st->job->fail(st->job->ctx, st->done, a->last_class, why);
  flush_job(st);
  return 0;
}

/* Encode requests into wbuf while the window and wbuf have room. */
static void encode_ahead(struct adapter *a, struct run_state *st) {
  struct job *job = st->job;
  while (st->sent < job->n && st->sent - st->done < st->window &&
         a->wbuf.len - a->wpos < WBUF_HIGH) {
    if (a->wpos == a->wbuf.len)
      a->wbuf.len = a->wpos = 0;
    size_t before = a->wbuf.len;
    job->encode(job->ctx, st->sent, st->base + (long)st->sent, &a->wbuf);
    /* an answer may echo a long input a few times (components,
     * normalized...): the line cap grows with the requests */
    if (a->wbuf.len - before > a->max_req)
      a->max_req = a->wbuf.len - before;
    a->sent_at[st->sent % WINDOW] = now_mono();
    st->sent++;
  }
}

/* When the head request's time is up. */
static double head_deadline(const struct adapter *a,
                            const struct run_state *st) {
  double written = a->sent_at[st->done % WINDOW];
  return (written > st->progress_at ? written : st->progress_at) + a->timeout;
}

/* The head request's time is up: TIMEOUT, or CRASH when the adapter has
 * exited while a child of its holds its output open; the process ended. */
static void on_deadline(struct adapter *a, struct run_state *st) {
  int cls = proc_exited(&a->proc) ? CLASS_CRASH : CLASS_TIMEOUT;
  char how[128];
  reap(a, how, sizeof how);
  if (cls == CLASS_TIMEOUT)
    set_why(a, cls, "no answer within %gs", a->timeout);
  else
    set_why(a, cls, "%s", how);
  fail_head(a, st, cls);
  flush_job(st);
}

/* Write what wbuf holds, as much as the pipe takes. */
static void write_requests(struct adapter *a) {
  ssize_t w = write(a->proc.in_fd, a->wbuf.p + a->wpos, a->wbuf.len - a->wpos);
  if (w > 0) {
    a->wpos += (size_t)w;
  } else if (w < 0 && errno != EAGAIN && errno != EINTR) {
    /* the adapter closed its input: stop writing, read what is left */
    proc_close_input(&a->proc);
  }
}

/* How reading the complete lines of rbuf ended (take_answers). */
enum answers_end {
  ANSWERS_TAKEN,      /* every complete line was an answer */
  ANSWERS_STRAY_LINE, /* a line with no request pending: process ended */
  ANSWERS_BAD         /* the head's answer is a PROTOCOL_ERROR: ended */
};

/* Why the answer ANS to the head request (WANT its id) is not one, or
 * NULL when it is; into WHY. */
static const char *answer_fault(json_t *ans, long want, char *why, size_t cap) {
  json_t *id = json_object_get(ans, "id");
  if (id && json_is_integer(id) && json_integer_value(id) == want)
    return NULL;
  char got[64];
  if (!id)
    snprintf(got, sizeof got, "no id");
  else if (json_is_integer(id))
    snprintf(got, sizeof got, "id %lld", (long long)json_integer_value(id));
  else
    snprintf(got, sizeof got, "an id of another type");
  snprintf(why, cap, "answer with %s, expected id %ld", got, want);
  return why;
}

/* The answer LINE[0..LEN) to the head request: 0 when given to the job;
 * else -1, the process ended and a->last_why set (a PROTOCOL_ERROR). */
static int take_answer(struct adapter *a, struct run_state *st,
                       const char *line, size_t len) {
  json_error_t err;
  char why[128];
  json_t *ans =
      json_loadb(line, len, JSON_ALLOW_NUL | JSON_REJECT_DUPLICATES, &err);
  if (!ans || !json_is_object(ans)) {
    reap(a, NULL, 0); /* rbuf, and LINE in it, stay */
    set_why(a, CLASS_PROTOCOL_ERROR, "answer is not a JSON object (%s): %.*s%s",
            ans ? "wrong type" : err.text, len > 80 ? 80 : (int)len, line,
            len > 80 ? "..." : "");
    json_decref(ans);
    return -1;
  }
  if (answer_fault(ans, st->base + (long)st->done, why, sizeof why)) {
    reap(a, NULL, 0);
    set_why(a, CLASS_PROTOCOL_ERROR, "%s", why);
    json_decref(ans);
    return -1;
  }
  st->job->answer(st->job->ctx, st->done, ans, line, len);
  json_decref(ans);
  st->done++;
  st->progress_at = answered(a);
  return 0;
}

/* Every complete line of rbuf as an answer, in order; what is left of
 * rbuf is moved to its start when all went well. */
static enum answers_end take_answers(struct adapter *a, struct run_state *st) {
  char *start = a->rbuf.p;
  size_t avail = a->rbuf.len;
  while (avail && st->done < st->job->n) {
    char *nl = memchr(start, '\n', avail);
    if (!nl)
      break;
    size_t len = (size_t)(nl - start);
    if (st->done >= st->sent) {
      reap(a, NULL, 0);
      set_why(a, CLASS_PROTOCOL_ERROR, "a line with no request pending");
      return ANSWERS_STRAY_LINE;
    }
    if (len > line_cap(a)) {
      reap(a, NULL, 0);
      set_why(a, CLASS_PROTOCOL_ERROR, "answer line longer than %zu bytes",
              line_cap(a));
      return ANSWERS_BAD;
    }
    if (take_answer(a, st, start, len) < 0)
      return ANSWERS_BAD;
    start = nl + 1;
    avail -= len + 1;
  }
  if (start != a->rbuf.p) {
    memmove(a->rbuf.p, start, avail);
    a->rbuf.len = avail;
  }
  return ANSWERS_TAKEN;
}

/* The adapter closed its output (it exited, most often): the head
 * request, if one is in flight, is a CRASH. */
static void on_eof(struct adapter *a, struct run_state *st) {
  char how[128];
  reap(a, how, sizeof how);
  if (st->done < st->sent) {
    set_why(a, CLASS_CRASH, "%s", how);
    fail_head(a, st, CLASS_CRASH);
  } else {
    set_why(a, CLASS_CRASH, "%s between requests", how);
    after_failure(a);
  }
}

/* Output was readable: read it, take the answers, handle what ended.
 * Returns 0 when there was nothing to read after all. */
static int on_output(struct adapter *a, struct run_state *st) {
  long r = fill(a);
  if (r == -1)
    return 0;
  switch (take_answers(a, st)) {
  case ANSWERS_STRAY_LINE:
    after_failure(a);
    return 1;
  case ANSWERS_BAD:
    fail_head(a, st, CLASS_PROTOCOL_ERROR);
    return 1;
  case ANSWERS_TAKEN:
    break;
  }
  if (a->rbuf.len > line_cap(a) && st->done < st->sent) {
    reap(a, NULL, 0);
    set_why(a, CLASS_PROTOCOL_ERROR, "answer line longer than %zu bytes",
            line_cap(a));
    fail_head(a, st, CLASS_PROTOCOL_ERROR);
  } else if (r == 0 || r == -2) {
    on_eof(a, st);
  }
  return 1;
}

/* Wait for the adapter (its output, its standard error, its input when
 * there is something to write) until the head request's deadline; then
 * read, write, or time out.  -1 when interrupted. */
static int step(struct adapter *a, struct run_state *st) {
  struct pollfd p[3] = {{a->proc.out_fd, POLLIN, 0},
                        {a->proc.err_fd, POLLIN, 0},
                        {a->proc.in_fd, POLLOUT, 0}};
  int writing = a->proc.in_fd >= 0 && a->wpos < a->wbuf.len;
  double deadline = head_deadline(a, st);
  double left = st->sent > st->done ? deadline - now_mono() : a->timeout;
  int ready = 0;
  if (left > 0) {
    ready = poll(p, writing ? 3 : 2, (int)(left * 1000) + 1);
    if (ready < 0 && errno != EINTR) {
      set_why(a, CLASS_CRASH, "poll: %s", strerror(errno));
      ready = 0;
    }
  }
  if (ready <= 0) {
    if (interrupted)
      return -1;
    if (st->sent > st->done && now_mono() >= deadline)
      on_deadline(a, st);
    return 0;
  }
  if (p[1].revents) /* drained as it comes: a full pipe would block it */
    proc_read_stderr(&a->proc);
  if (writing && (p[2].revents & (POLLOUT | POLLERR | POLLHUP)))
    write_requests(a);
  if ((p[0].revents & (POLLIN | POLLHUP | POLLERR)) && on_output(a, st))
    flush_job(st);
  return 0;
}

int adapter_run(struct adapter *a, struct job *job) {
  struct run_state st = {job, 0, 0, WINDOW, now_mono(), a->id_base};
  const char *wenv = getenv("URITEST_WINDOW");
  if (wenv && atol(wenv) > 0 && (size_t)atol(wenv) <= WINDOW)
    st.window = (size_t)atol(wenv);
  if (job->window && job->window < st.window)
    st.window = job->window;
  a->id_base += (long)job->n;
  while (st.done < job->n) {
    if (interrupted || (adapter_deadline > 0 && now_mono() >= adapter_deadline))
      return -1;
    int go = ensure_started(a, &st);
    if (go <= 0)
      return go;
    encode_ahead(a, &st);
    if (step(a, &st) < 0)
      return -1;
  }
  return 0;
}
