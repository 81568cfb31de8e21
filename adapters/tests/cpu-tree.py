#!/usr/bin/python3
"""cpu-tree.py FILE CMD...: run CMD and write to FILE "ELAPSED TOTAL SELF":
seconds elapsed, CPU seconds (user + system) of CMD and everything it
started, and of CMD's own process alone.

A process killed with its parent still alive is reaped by that parent, but
one whose parent went first (a browser's helpers, when the harness kills an
adapter's process group) is reparented; /usr/bin/time then never counts it.
Here this process is a child subreaper (prctl PR_SET_CHILD_SUBREAPER): every
orphan of the tree is reparented to it and reaped by it, so its children's
usage covers the whole tree.  CMD's own usage is read from /proc while it is
a zombie (waitid WNOWAIT), before it is reaped.  Exit status: CMD's."""
import ctypes
import os
import resource
import sys
import time

PR_SET_CHILD_SUBREAPER = 36


def cpu_of_zombie(pid):
    f = open("/proc/%d/stat" % pid).read()
    f = f[f.rindex(")") + 2:].split()
    return (int(f[11]) + int(f[12])) / os.sysconf("SC_CLK_TCK")


def main():
    out, cmd = sys.argv[1], sys.argv[2:]
    if ctypes.CDLL(None, use_errno=True).prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) != 0:
        sys.exit("cpu-tree.py: prctl(PR_SET_CHILD_SUBREAPER) failed")
    t0 = time.monotonic()
    pid = os.fork()
    if pid == 0:
        try:
            os.execvp(cmd[0], cmd)
        finally:
            os._exit(127)
    os.waitid(os.P_PID, pid, os.WEXITED | os.WNOWAIT)
    elapsed = time.monotonic() - t0
    own = cpu_of_zombie(pid)
    _, status = os.waitpid(pid, 0)
    while True:  # the orphans the tree left: reaped as they end
        try:
            os.waitpid(-1, 0)
        except ChildProcessError:
            break
    ru = resource.getrusage(resource.RUSAGE_CHILDREN)
    with open(out, "w") as f:
        f.write("%.3f %.3f %.3f\n" % (elapsed, ru.ru_utime + ru.ru_stime, own))
    sys.exit(os.waitstatus_to_exitcode(status) if status else 0)


main()
