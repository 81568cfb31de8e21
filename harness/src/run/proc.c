/* proc.c: processes in sessions of their own, killed with their
 * descendants, dying with uritest; an adapter's pipes, exec error and
 * standard error (proc.h). */
#define _GNU_SOURCE /* prctl, pipe2 */
#include "proc.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "rfc3986.h"
#include "util.h"

/* The children started and not yet reaped: what is not among them and has
 * uritest for parent is an orphan left by one (uritest is the subreaper).
 * The lock is held over fork and over a scan, so a child just started is
 * never taken for an orphan. */
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pid_t *live;
static size_t nlive, caplive;

pid_t proc_fork(void) {
  static int subreaper;
  pid_t parent = getpid();
  pthread_mutex_lock(&lock);
  if (!subreaper) {
    prctl(PR_SET_CHILD_SUBREAPER, 1);
    subreaper = 1;
  }
  if (nlive == caplive) {
    caplive = caplive ? caplive * 2 : 16;
    live = xrealloc(live, caplive * sizeof *live);
  }
  pid_t pid = fork();
  if (pid == 0) {
    /* only async-signal-safe calls from here to exec */
    setsid();
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() != parent) /* uritest died before the prctl */
      _exit(126);
    return 0;
  }
  if (pid > 0)
    live[nlive++] = pid;
  pthread_mutex_unlock(&lock);
  return pid;
}

void proc_reaped(pid_t pid) {
  pthread_mutex_lock(&lock);
  for (size_t i = 0; i < nlive; i++)
    if (live[i] == pid) {
      live[i] = live[--nlive];
      break;
    }
  pthread_mutex_unlock(&lock);
}

struct pinfo {
  pid_t pid, ppid, pgrp, sid;
  int victim;
};

/* Every process of /proc with its parent, group and session. */
static struct pinfo *scan(size_t *n) {
  struct pinfo *ps = NULL;
  size_t cap = 0;
  *n = 0;
  DIR *d = opendir("/proc");
  if (!d)
    return NULL;
  struct dirent *e;
  while ((e = readdir(d))) {
    if (!isdigit((unsigned char)e->d_name[0]))
      continue;
    char path[64], line[512];
    snprintf(path, sizeof path, "/proc/%.20s/stat", e->d_name);
    FILE *f = fopen(path, "r");
    if (!f)
      continue;
    size_t got = fread(line, 1, sizeof line - 1, f);
    fclose(f);
    line[got] = 0;
    char *rp = strrchr(line, ')'); /* the command name may hold anything */
    struct pinfo p = {0};
    char state;
    p.pid = (pid_t)atol(e->d_name);
    if (!rp ||
        sscanf(rp + 1, " %c %d %d %d", &state, &p.ppid, &p.pgrp, &p.sid) != 4)
      continue;
    if (*n == cap) {
      cap = cap ? cap * 2 : 256;
      ps = xrealloc(ps, cap * sizeof *ps);
    }
    ps[(*n)++] = p;
  }
  closedir(d);
  return ps;
}

static int is_live(pid_t pid) {
  for (size_t i = 0; i < nlive; i++)
    if (live[i] == pid)
      return 1;
  return 0;
}

/* Mark PID's group, session and descendants, and the orphans; kill them.
 * Returns how many were killed. */
static size_t kill_round(pid_t pid, pid_t self) {
  size_t n, killed = 0;
  struct pinfo *ps = scan(&n);
  for (size_t i = 0; i < n; i++)
    ps[i].victim = ps[i].pid == pid || ps[i].pgrp == pid || ps[i].sid == pid ||
                   (ps[i].ppid == self && !is_live(ps[i].pid));
  for (int changed = 1; changed;) {
    changed = 0;
    for (size_t i = 0; i < n; i++)
      for (size_t k = 0; k < n && !ps[i].victim; k++)
        if (ps[k].victim && ps[i].ppid == ps[k].pid)
          ps[i].victim = changed = 1;
  }
  for (size_t i = 0; i < n; i++) {
    if (!ps[i].victim || ps[i].pid == self || ps[i].pid <= 1)
      continue;
    kill(ps[i].pid, SIGKILL);
    killed++;
    /* an orphan is ours to reap; PID is the caller's */
    if (ps[i].ppid == self && ps[i].pid != pid && !is_live(ps[i].pid))
      while (waitpid(ps[i].pid, NULL, 0) < 0 && errno == EINTR) {
      }
  }
  free(ps);
  return killed;
}

void proc_kill(pid_t pid) {
  if (pid <= 0)
    return;
  kill(-pid, SIGKILL);
  kill(pid, SIGKILL);
  pthread_mutex_lock(&lock);
  /* again while a dying process's children still appear */
  for (int round = 0; round < 3 && kill_round(pid, getpid()) > 1; round++) {
  }
  pthread_mutex_unlock(&lock);
}

/* ---- a child on three pipes ---------------------------------------------- */

void proc_child_init(struct proc_child *c) {
  memset(c, 0, sizeof *c);
  c->pid = -1;
  c->in_fd = c->out_fd = c->err_fd = -1;
  c->last_exit = -1;
}

static void close_fd(int *fd) {
  if (*fd >= 0)
    close(*fd);
  *fd = -1;
}

/* What the child sends back when it cannot run the command. */
struct exec_failure {
  int step; /* 0 chdir, 1 exec */
  int err;
};

/* In the child (async-signal-safe calls only): FROM[0..3) become its
 * standard input, output and error, first moved above 2 so that none is
 * overwritten by another (uritest's own 0, 1 or 2 may have been closed);
 * the copies dup2 makes at 0, 1 and 2 are not close-on-exec. */
static void child_streams(const int from[3]) {
  int high[3];
  for (int i = 0; i < 3; i++)
    high[i] = fcntl(from[i], F_DUPFD_CLOEXEC, 3);
  for (int i = 0; i < 3; i++)
    dup2(high[i], i);
}

static void child_exec(char *const *argv, const char *shcmd, const char *dir,
                       const int streams[3], int report_fd) {
  signal(SIGPIPE, SIG_DFL);
  signal(SIGINT, SIG_DFL);
  signal(SIGTERM, SIG_DFL);
  child_streams(streams);
  struct exec_failure f = {0, 0};
  if (dir && chdir(dir) < 0) {
    f.err = errno;
  } else {
    if (shcmd)
      execl("/bin/sh", "sh", "-c", "--", shcmd, (char *)NULL);
    else
      execvp(argv[0], argv);
    f.step = 1;
    f.err = errno;
  }
  ssize_t w = write(report_fd, &f, sizeof f);
  (void)w;
  _exit(127);
}

/* Four pipes, close-on-exec from their creation: 0 the child's standard
 * input, 1 its output, 2 its error, 3 the exec report. */
static int make_pipes(int fds[4][2]) {
  for (int i = 0; i < 4; i++) {
    if (pipe2(fds[i], O_CLOEXEC) == 0)
      continue;
    int err = errno;
    while (i-- > 0) {
      close(fds[i][0]);
      close(fds[i][1]);
    }
    errno = err;
    return -1;
  }
  return 0;
}

/* After the fork: 0 when the child's exec went through (the report pipe
 * closed without a word), else -1 with WHY and the child reaped. */
static int exec_outcome(struct proc_child *c, int report_fd, char *const *argv,
                        const char *shcmd, const char *dir, char *why,
                        size_t cap) {
  struct exec_failure f;
  ssize_t got;
  while ((got = read(report_fd, &f, sizeof f)) < 0 && errno == EINTR) {
  }
  close(report_fd);
  if (got != (ssize_t)sizeof f)
    return 0;
  if (f.step == 0)
    snprintf(why, cap, "cannot enter %s: %s", dir, strerror(f.err));
  else
    snprintf(why, cap, "cannot run %s: %s", shcmd ? "/bin/sh" : argv[0],
             strerror(f.err));
  proc_end(c, NULL, 0);
  return -1;
}

int proc_spawn(struct proc_child *c, char *const *argv, const char *shcmd,
               const char *dir, char *why, size_t cap) {
  int fds[4][2];
  if (make_pipes(fds) < 0) {
    snprintf(why, cap, "cannot start adapter: pipe: %s", strerror(errno));
    return -1;
  }
  fflush(NULL);
  pid_t pid = proc_fork(); /* its own session, dies with uritest */
  if (pid == 0) {
    int streams[3] = {fds[0][0], fds[1][1], fds[2][1]};
    child_exec(argv, shcmd, dir, streams, fds[3][1]);
  }
  int fork_err = errno;
  close(fds[0][0]);
  close(fds[1][1]);
  close(fds[2][1]);
  close(fds[3][1]);
  if (pid < 0) {
    close(fds[0][1]);
    close(fds[1][0]);
    close(fds[2][0]);
    close(fds[3][0]);
    snprintf(why, cap, "cannot start adapter: fork: %s", strerror(fork_err));
    return -1;
  }
  c->pid = pid;
  c->in_fd = fds[0][1];
  c->out_fd = fds[1][0];
  c->err_fd = fds[2][0];
  c->err_total = 0;
  int *ends[3] = {&c->in_fd, &c->out_fd, &c->err_fd};
  for (int i = 0; i < 3; i++)
    fcntl(*ends[i], F_SETFL, fcntl(*ends[i], F_GETFL) | O_NONBLOCK);
  return exec_outcome(c, fds[3][0], argv, shcmd, dir, why, cap);
}

/* OCTETS[0..N) at the end of the ring. */
static void ring_put(struct proc_child *c, const char *octets, size_t n) {
  if (n > PROC_STDERR_RING) { /* only the last ones stay */
    c->err_total += n - PROC_STDERR_RING;
    octets += n - PROC_STDERR_RING;
    n = PROC_STDERR_RING;
  }
  size_t at = c->err_total % PROC_STDERR_RING;
  size_t first = n < PROC_STDERR_RING - at ? n : PROC_STDERR_RING - at;
  memcpy(c->err_ring + at, octets, first);
  memcpy(c->err_ring, octets + first, n - first);
  c->err_total += n;
}

void proc_read_stderr(struct proc_child *c) {
  char chunk[1 << 16];
  while (c->err_fd >= 0) {
    ssize_t n = read(c->err_fd, chunk, sizeof chunk);
    if (n < 0 && errno == EINTR)
      continue;
    if (n < 0 && errno == EAGAIN)
      return;
    if (n <= 0) { /* EOF, or an error: nothing more will come */
      close_fd(&c->err_fd);
      return;
    }
    ring_put(c, chunk, (size_t)n);
  }
}

void proc_close_input(struct proc_child *c) {
  close_fd(&c->in_fd);
}

int proc_exited(const struct proc_child *c) {
  siginfo_t si;
  si.si_pid = 0;
  return c->pid > 0 &&
         waitid(P_PID, (id_t)c->pid, &si, WEXITED | WNOHANG | WNOWAIT) == 0 &&
         si.si_pid == c->pid;
}

void proc_end(struct proc_child *c, char *how, size_t cap) {
  close_fd(&c->in_fd);
  close_fd(&c->out_fd);
  if (how)
    snprintf(how, cap, "adapter ended");
  if (c->pid > 0) {
    int st = 0;
    pid_t r;
    /* the adapter and all it started; not yet waited for, its pid cannot
     * have been reused, and a status of its own (an exit) stays */
    proc_kill(c->pid);
    while ((r = waitpid(c->pid, &st, 0)) < 0 && errno == EINTR) {
    }
    c->last_exit = r == c->pid && WIFEXITED(st) ? WEXITSTATUS(st) : -1;
    proc_reaped(c->pid);
    if (how && r == c->pid) {
      if (WIFEXITED(st))
        snprintf(how, cap, "adapter exited with status %d", WEXITSTATUS(st));
      else if (WIFSIGNALED(st))
        snprintf(how, cap, "adapter killed by signal %d", WTERMSIG(st));
    }
    c->pid = -1;
  }
  /* all it started is dead: what they wrote is there to read */
  proc_read_stderr(c);
  close_fd(&c->err_fd);
}

void proc_stderr_tail(const struct proc_child *c, char *out, size_t cap) {
  size_t kept =
      c->err_total < PROC_STDERR_RING ? c->err_total : PROC_STDERR_RING;
  size_t n = kept < PROC_STDERR_TAIL ? kept : PROC_STDERR_TAIL;
  size_t from = c->err_total - n, len = 0;
  /* a tail starts on a character: skip continuation octets */
  while (n &&
         ((unsigned char)c->err_ring[from % PROC_STDERR_RING] & 0xC0) == 0x80) {
    from++;
    n--;
  }
  char text[PROC_STDERR_TAIL];
  for (size_t i = 0; i < n; i++)
    text[i] = c->err_ring[(from + i) % PROC_STDERR_RING];
  for (size_t i = 0; i < n && len + 5 < cap;) {
    size_t seq = rfc3986_utf8_sequence(text + i, n - i, NULL, NULL);
    if (seq > 1) { /* a character: as it is */
      memcpy(out + len, text + i, seq);
      len += seq;
      i += seq;
      continue;
    }
    char octet = text[i++];
    if ((unsigned char)octet < 0x20 || octet == 0x7F)
      octet = ' '; /* one line: the why is a line of text */
    if (octet == ' ' && (len == 0 || out[len - 1] == ' '))
      continue; /* runs of white space as one */
    out[len++] = octet;
  }
  while (len && out[len - 1] == ' ')
    len--;
  if (cap)
    out[len] = 0;
}
