/* proc.h: the processes uritest starts (adapters, registry checks): each
 * in a session of its own, dying with uritest, killed with every one of its
 * descendants (a setsid() grandchild included). */
#ifndef URITEST_PROC_H
#define URITEST_PROC_H

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

#endif
