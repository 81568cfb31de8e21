/* proc.h: the processes uritest starts (adapters, registry checks): each
 * in a session of its own, dying with uritest, killed with every one of its
 * descendants (a setsid() grandchild included); an adapter's process with
 * its three pipes, its exec error and the end of its standard error. */
#ifndef URITEST_PROC_H
#define URITEST_PROC_H

#include <stddef.h>
#include <sys/types.h>

/* fork(2) for a child that will exec: in the child, a new session and
 * PR_SET_PDEATHSIG (SIGKILL when the forking thread or uritest dies); in
 * uritest, the first call makes it the subreaper of what its children
 * leave behind.  The child is known to proc_kill until proc_reaped. */
pid_t proc_fork(void);
/* SIGKILL PID, its process group and session, every descendant of it and
 * every orphan an earlier child left (reparented to uritest), found in
 * /proc; orphans are reaped here, PID is not. */
void proc_kill(pid_t pid);
/* PID was waited for: no longer one of ours. */
void proc_reaped(pid_t pid);

#define PROC_STDERR_RING 4096 /* the last octets of standard error kept */
#define PROC_STDERR_TAIL 300  /* at most this many of them in a why */

/* A child on three pipes, close-on-exec from their creation (pipe2), so an
 * adapter that a --jobs sibling thread forks never inherits them. */
struct proc_child {
  pid_t pid; /* -1 when none */
  int in_fd, out_fd, err_fd;
  int last_exit; /* exit status of the last process reaped, or -1 */
  char err_ring[PROC_STDERR_RING];
  size_t err_total; /* octets read from its standard error since the start */
};

void proc_child_init(struct proc_child *c);
/* Start ARGV (execvp, in folder DIR) or, when SHCMD is not NULL,
 * /bin/sh -c SHCMD (in DIR too when not NULL) by proc_fork.  Returns 0; or
 * -1 with WHY ("cannot run CMD: No such file or directory": exec's errno,
 * sent back over a close-on-exec pipe of its own) and nothing left
 * running.  The parent's ends of the pipes are non-blocking. */
int proc_spawn(struct proc_child *c, char *const *argv, const char *shcmd,
               const char *dir, char *why, size_t cap);
/* Read what is there on its standard error (never blocks) into the ring. */
void proc_read_stderr(struct proc_child *c);
/* Close its standard input (EOF: a polite adapter exits). */
void proc_close_input(struct proc_child *c);
/* Whether it has ended (not waited for yet). */
int proc_exited(const struct proc_child *c);
/* Kill it with all it started (proc_kill), reap it, read the rest of its
 * standard error, close the pipes.  HOW (may be NULL) says how it ended. */
void proc_end(struct proc_child *c, char *how, size_t cap);
/* The end of what it wrote on standard error as one line (control octets
 * as one space each run, at most PROC_STDERR_TAIL octets, starting on a
 * UTF-8 boundary; other octets as they are, for the outputs to escape)
 * into OUT; "" when it wrote nothing. */
void proc_stderr_tail(const struct proc_child *c, char *out, size_t cap);

#endif
