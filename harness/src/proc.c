/* proc.c: processes in sessions of their own, killed with their
 * descendants, dying with uritest (proc.h). */
#define _GNU_SOURCE /* prctl */
#include "proc.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

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
