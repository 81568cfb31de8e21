/* adapter.c: adapter processes: start, hello, pipelined requests with
 * poll(2), per-request timeouts, kill of the process group, restarts and
 * give-up (DESIGN.md "Adapters"). */
#define _GNU_SOURCE /* pipe2 */
#include "adapter.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <stdarg.h>
#include <time.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "classify.h"
#include "proc.h"
#include "vectors.h"

#define MAX_LINE_DEFAULT (8u << 20) /* answers longer than this are errors */
/* requests in flight (PROTOCOL.md section 6): the size of adapter.sent_at */
#define WINDOW (sizeof((struct adapter *)0)->sent_at / sizeof(double))
#define WBUF_HIGH (256u << 10) /* encode ahead at most this much */

volatile int interrupted;

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
  a->pid = -1;
  a->last_exit = -1;
  a->in_fd = a->out_fd = -1;
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
  a->last_class = CLASS_CRASH;
}

static void set_why(struct adapter *a, int cls, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void set_why(struct adapter *a, int cls, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(a->last_why, sizeof a->last_why, fmt, ap);
  va_end(ap);
  a->last_class = cls;
}

/* Kill the process group and reap the adapter; describe how it ended. */
static void reap(struct adapter *a, char *how, size_t cap) {
  if (a->in_fd >= 0)
    close(a->in_fd);
  if (a->out_fd >= 0)
    close(a->out_fd);
  a->in_fd = a->out_fd = -1;
  if (how)
    snprintf(how, cap, "adapter ended");
  if (a->pid <= 0)
    return;
  int st = 0;
  pid_t r;
  /* the adapter and all it started; not yet waited for, its pid cannot
   * have been reused, and a status of its own (an exit) stays */
  proc_kill(a->pid);
  while ((r = waitpid(a->pid, &st, 0)) < 0 && errno == EINTR) {
  }
  a->last_exit = r == a->pid && WIFEXITED(st) ? WEXITSTATUS(st) : -1;
  proc_reaped(a->pid);
  if (how && r == a->pid) {
    if (WIFEXITED(st))
      snprintf(how, cap, "adapter exited with status %d", WEXITSTATUS(st));
    else if (WIFSIGNALED(st))
      snprintf(how, cap, "adapter killed by signal %d", WTERMSIG(st));
  }
  a->pid = -1;
}

/* Whether the adapter process has ended (not waited for yet). */
static int exited(struct adapter *a) {
  siginfo_t si;
  si.si_pid = 0;
  return a->pid > 0 &&
         waitid(P_PID, (id_t)a->pid, &si, WEXITED | WNOHANG | WNOWAIT) == 0 &&
         si.si_pid == a->pid;
}

void adapter_stop(struct adapter *a) {
  if (a->in_fd >= 0) {
    close(a->in_fd); /* EOF: a polite adapter exits */
    a->in_fd = -1;
  }
  if (a->pid > 0) {
    /* give it a moment to exit on EOF before the kill */
    for (int i = 0; i < 20; i++) {
      if (exited(a))
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

static int spawn(struct adapter *a) {
  int in[2], out[2];
  /* close-on-exec from their creation: an adapter that a --jobs sibling
   * thread forks meanwhile never inherits them (the child's own ends
   * become 0 and 1 by dup2, which clears the flag) */
  if (pipe2(in, O_CLOEXEC) < 0)
    return -1;
  if (pipe2(out, O_CLOEXEC) < 0) {
    close(in[0]);
    close(in[1]);
    return -1;
  }
  fflush(NULL);
  pid_t pid = proc_fork(); /* its own session, dies with uritest */
  if (pid < 0) {
    close(in[0]);
    close(in[1]);
    close(out[0]);
    close(out[1]);
    return -1;
  }
  if (pid == 0) {
    signal(SIGPIPE, SIG_DFL);
    signal(SIGINT, SIG_DFL);
    signal(SIGTERM, SIG_DFL);
    dup2(in[0], 0);
    dup2(out[1], 1);
    close(in[0]);
    close(in[1]);
    close(out[0]);
    close(out[1]);
    /* registry commands are relative to the repository root */
    if (!a->def->shcmd && chdir(repo_root()) < 0)
      _exit(126);
    if (a->def->shcmd)
      execl("/bin/sh", "sh", "-c", a->def->shcmd, (char *)NULL);
    else
      execvp(a->def->argv[0], a->def->argv);
    fprintf(stderr, "uritest: cannot run %s: %s\n",
            a->def->shcmd ? "/bin/sh" : a->def->argv[0], strerror(errno));
    _exit(127);
  }
  close(in[0]);
  close(out[1]);
  a->pid = pid;
  a->in_fd = in[1];
  a->out_fd = out[0];
  fcntl(a->in_fd, F_SETFL, fcntl(a->in_fd, F_GETFL) | O_NONBLOCK);
  fcntl(a->out_fd, F_SETFL, fcntl(a->out_fd, F_GETFL) | O_NONBLOCK);
  a->rbuf.len = 0;
  a->wbuf.len = a->wpos = 0;
  a->answers_since_start = 0;
  return 0;
}

/* Read what is there into rbuf.  Returns bytes read, 0 on EOF, -1 when
 * nothing was available (EAGAIN), -2 on error. */
static long fill(struct adapter *a) {
  buf_reserve(&a->rbuf, 256 * 1024);
  ssize_t n =
      read(a->out_fd, a->rbuf.p + a->rbuf.len, a->rbuf.cap - a->rbuf.len - 1);
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
  json_t *h = json_loadb(line, len, 0, &err);
  if (!h || !json_is_object(h)) {
    set_why(a, CLASS_PROTOCOL_ERROR, "hello line is not a JSON object: %s",
            h ? "wrong type" : err.text);
    json_decref(h);
    return -1;
  }
  json_t *name = json_object_get(h, "adapter"),
         *lib = json_object_get(h, "library"),
         *spec = json_object_get(h, "spec"), *ops = json_object_get(h, "ops"),
         *proto = json_object_get(h, "protocol");
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
  unsigned bits = 0;
  size_t i;
  json_t *o;
  json_array_foreach(ops, i, o) {
    int k = json_is_string(o) ? op_from_name(json_string_value(o)) : -1;
    if (k >= 0)
      bits |= 1u << k;
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
  if (!a->first_hello)
    a->first_hello = id.p;
  else
    buf_free(&id);
  if (!a->def->name)
    replace_str(a, &a->name, json_string_value(name));
  replace_str(a, &a->library, json_string_value(lib));
  replace_str(a, &a->spec, json_string_value(spec));
  a->whatwg = !strcmp(a->spec, "whatwg");
  a->ops = bits;
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
    struct pollfd p = {a->out_fd, POLLIN, 0};
    if (poll(&p, 1, (int)((deadline - now_mono()) * 1000) + 1) <= 0)
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
  char how[128];
  if (spawn(a) < 0) {
    set_why(a, CLASS_CRASH, "cannot start adapter: %s", strerror(errno));
    return -1;
  }
  switch (wait_line(a, now_mono() + a->hello_timeout, how, sizeof how)) {
  case W_LINE:
    break;
  case W_ENDED:
    /* /bin/sh -c: 127 the command was not found, 126 it cannot be run;
     * starting it again cannot help */
    if (a->last_exit == 127 || a->last_exit == 126) {
      set_why(a, CLASS_CRASH, "%s (/bin/sh exit status %d)",
              a->last_exit == 127 ? "command not found"
                                  : "command cannot be executed",
              a->last_exit);
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
  ssize_t w = write(a->in_fd, req, sizeof req - 1);
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

int adapter_run(struct adapter *a, struct job *job) {
  size_t done = 0, sent = 0;
  double *sent_at = a->sent_at;
  size_t window = WINDOW;
  const char *wenv = getenv("URITEST_WINDOW");
  if (wenv && atol(wenv) > 0 && (size_t)atol(wenv) <= WINDOW)
    window = (size_t)atol(wenv);
  double progress_at = now_mono();
  long base = a->id_base;
  a->id_base += (long)job->n;
  while (done < job->n) {
    if (interrupted)
      return -1;
    if (a->pid <= 0) {
      sent = done;
      if (a->given_up || adapter_start(a) < 0) {
        if (interrupted)
          return -1;
        /* given up: the rest carry the class of the last failure */
        char why[300];
        snprintf(why, sizeof why,
                 "adapter given up after three failed starts: %s", a->last_why);
        for (; done < job->n; done++)
          job->fail(job->ctx, done, a->last_class, why);
        if (job->flush)
          job->flush(job->ctx);
        return 0;
      }
      progress_at = now_mono();
    }
    /* encode ahead */
    while (sent < job->n && sent - done < window &&
           a->wbuf.len - a->wpos < WBUF_HIGH) {
      if (a->wpos == a->wbuf.len)
        a->wbuf.len = a->wpos = 0;
      size_t before = a->wbuf.len;
      job->encode(job->ctx, sent, base + (long)sent, &a->wbuf);
      /* an answer may echo a long input a few times (components,
       * normalized...): the line cap grows with the requests */
      if (a->wbuf.len - before > a->max_req)
        a->max_req = a->wbuf.len - before;
      sent_at[sent % WINDOW] = now_mono();
      sent++;
    }
    struct pollfd p[2] = {{a->out_fd, POLLIN, 0}, {a->in_fd, POLLOUT, 0}};
    int np = (a->in_fd >= 0 && a->wpos < a->wbuf.len) ? 2 : 1;
    double head_deadline =
        (sent_at[done % WINDOW] > progress_at ? sent_at[done % WINDOW]
                                              : progress_at) +
        a->timeout;
    double left = sent > done ? head_deadline - now_mono() : a->timeout;
    int pr = 0;
    if (left > 0) {
      pr = poll(p, (nfds_t)np, (int)(left * 1000) + 1);
      if (pr < 0 && errno != EINTR) {
        set_why(a, CLASS_CRASH, "poll: %s", strerror(errno));
        pr = 0;
      }
    }
    if (pr <= 0) {
      if (interrupted)
        return -1;
      if (sent > done && now_mono() >= head_deadline) {
        /* an adapter that exited while a child of its holds its output
         * open crashed; it did not time out */
        int cls = exited(a) ? CLASS_CRASH : CLASS_TIMEOUT;
        char why[128];
        snprintf(why, sizeof why, "no answer within %gs", a->timeout);
        reap(a, why, sizeof why);
        if (cls == CLASS_TIMEOUT)
          snprintf(why, sizeof why, "no answer within %gs", a->timeout);
        set_why(a, cls, "%s", why);
        job->fail(job->ctx, done++, cls, why);
        after_failure(a);
        if (job->flush)
          job->flush(job->ctx);
      }
      continue;
    }
    /* write */
    if (np == 2 && (p[1].revents & (POLLOUT | POLLERR | POLLHUP))) {
      ssize_t w = write(a->in_fd, a->wbuf.p + a->wpos, a->wbuf.len - a->wpos);
      if (w > 0) {
        a->wpos += (size_t)w;
      } else if (w < 0 && errno != EAGAIN && errno != EINTR) {
        /* the adapter closed its input: stop writing, read what is left */
        close(a->in_fd);
        a->in_fd = -1;
      }
    }
    if (!(p[0].revents & (POLLIN | POLLHUP | POLLERR)))
      continue;
    long r = fill(a);
    if (r == -1)
      continue;
    /* answers, one per complete line */
    int failed = 0;
    char *start = a->rbuf.p;
    size_t avail = a->rbuf.len;
    while (avail && done < job->n) {
      char *nl = memchr(start, '\n', avail);
      if (!nl)
        break;
      size_t len = (size_t)(nl - start);
      if (done >= sent) {
        reap(a, NULL, 0);
        set_why(a, CLASS_PROTOCOL_ERROR, "a line with no request pending");
        failed = 1;
        break;
      }
      if (len > line_cap(a)) {
        set_why(a, CLASS_PROTOCOL_ERROR, "answer line longer than %zu bytes",
                line_cap(a));
        failed = 2;
        break;
      }
      json_error_t err;
      long want = base + (long)done;
      json_t *ans = json_loadb(start, len, JSON_ALLOW_NUL, &err);
      json_t *id =
          ans && json_is_object(ans) ? json_object_get(ans, "id") : NULL;
      if (!ans || !json_is_object(ans)) {
        set_why(a, CLASS_PROTOCOL_ERROR,
                "answer is not a JSON object (%s): %.*s%s",
                ans ? "wrong type" : err.text, len > 80 ? 80 : (int)len, start,
                len > 80 ? "..." : "");
        json_decref(ans);
        failed = 2;
        break;
      }
      if (!id || !json_is_integer(id) || json_integer_value(id) != want) {
        char got[64];
        if (!id)
          snprintf(got, sizeof got, "no id");
        else if (json_is_integer(id))
          snprintf(got, sizeof got, "id %lld",
                   (long long)json_integer_value(id));
        else
          snprintf(got, sizeof got, "an id of another type");
        set_why(a, CLASS_PROTOCOL_ERROR, "answer with %s, expected id %ld", got,
                want);
        json_decref(ans);
        failed = 2;
        break;
      }
      job->answer(job->ctx, done, ans, start, len);
      json_decref(ans);
      done++;
      progress_at = answered(a);
      start = nl + 1;
      avail -= len + 1;
    }
    if (failed == 2) {
      job->fail(job->ctx, done++, CLASS_PROTOCOL_ERROR, a->last_why);
      reap(a, NULL, 0);
      after_failure(a);
    } else if (failed == 1) {
      after_failure(a);
    } else {
      if (start != a->rbuf.p) {
        memmove(a->rbuf.p, start, avail);
        a->rbuf.len = avail;
      }
      if (a->rbuf.len > line_cap(a) && done < sent) {
        set_why(a, CLASS_PROTOCOL_ERROR, "answer line longer than %zu bytes",
                line_cap(a));
        job->fail(job->ctx, done++, CLASS_PROTOCOL_ERROR, a->last_why);
        reap(a, NULL, 0);
        after_failure(a);
      } else if (r == 0 || r == -2) {
        /* EOF: the adapter exited (or closed its output) */
        char how[128];
        reap(a, how, sizeof how);
        if (done < sent) {
          set_why(a, CLASS_CRASH, "%s", how);
          job->fail(job->ctx, done++, CLASS_CRASH, how);
        } else {
          set_why(a, CLASS_CRASH, "%s between requests", how);
        }
        after_failure(a);
      }
    }
    if (job->flush)
      job->flush(job->ctx);
  }
  return 0;
}
