/* lab_ns.c: lab_enter (lab.h): the private namespaces of the fetch lab.
 * As root: unshare(CLONE_NEWNET | CLONE_NEWNS) (what `unshare -n -m`
 * does), mounts made private so nothing propagates back, loopback up,
 * `ip route add local 0.0.0.0/0 dev lo table local` and its IPv6 twin
 * (every address is this machine's own), then the lab's resolv.conf
 * (nameserver 127.0.0.1), an empty hosts and "hosts: files dns" bind-mounted
 * over /etc's: the host's files are untouched, only this process and its
 * children see the lab's. */
#define _GNU_SOURCE
#include "lab.h"

#include <errno.h>
#include <fcntl.h>
#include <net/if.h>
#include <sched.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mount.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

static int say(char *why, size_t cap, int rc, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static int say(char *why, size_t cap, int rc, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(why, cap, fmt, ap);
  va_end(ap);
  return rc;
}

static int loopback_up(void) {
  int s = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
  if (s < 0)
    return -1;
  struct ifreq ifr;
  memset(&ifr, 0, sizeof ifr);
  strcpy(ifr.ifr_name, "lo");
  int rc = ioctl(s, SIOCGIFFLAGS, &ifr);
  if (rc == 0) {
    ifr.ifr_flags |= IFF_UP | IFF_RUNNING;
    rc = ioctl(s, SIOCSIFFLAGS, &ifr);
  }
  close(s);
  return rc;
}

/* Run ip(8) with ARGV (ARGV[0] is "ip"), its output dropped: 0 when it
 * succeeded. */
static int run_ip(char *const *argv) {
  pid_t pid = fork();
  if (pid < 0)
    return -1;
  if (pid == 0) {
    int null = open("/dev/null", O_RDWR);
    if (null >= 0) {
      dup2(null, 1);
      dup2(null, 2);
    }
    execvp("ip", argv);
    execv("/usr/sbin/ip", argv);
    execv("/sbin/ip", argv);
    _exit(127);
  }
  int st;
  while (waitpid(pid, &st, 0) < 0)
    if (errno != EINTR)
      return -1;
  return WIFEXITED(st) && WEXITSTATUS(st) == 0 ? 0 : -1;
}

/* Bind-mount a file holding TEXT over TARGET (when TARGET exists, or
 * MUST). */
static int mount_over(const char *target, const char *text, int must, char *why,
                      size_t cap) {
  struct stat st;
  if (stat(target, &st) != 0)
    return must ? say(why, cap, -1, "%s: %s", target, strerror(errno)) : 0;
  char tmp[] = "/tmp/uritest-lab.XXXXXX";
  int fd = mkstemp(tmp);
  if (fd < 0)
    return say(why, cap, -1, "a file in /tmp: %s", strerror(errno));
  size_t n = strlen(text);
  int ok = write(fd, text, n) == (ssize_t)n && fchmod(fd, 0644) == 0;
  close(fd);
  int rc = ok && mount(tmp, target, NULL, MS_BIND, NULL) == 0 ? 0 : -1;
  int err = errno;
  unlink(tmp); /* the mount keeps the file */
  if (rc)
    return say(why, cap, -1, "bind-mount over %s: %s", target, strerror(err));
  return 0;
}

static char ip_route[] = "route", ip_add[] = "add", ip_local[] = "local",
            ip_dev[] = "dev", ip_lo[] = "lo", ip_table[] = "table",
            ip_name[] = "ip", ip_v4[] = "0.0.0.0/0", ip_v6[] = "::/0",
            ip_6[] = "-6";

int lab_enter(char *why, size_t cap) {
  if (geteuid() != 0)
    return say(why, cap, 1,
               "needs root: the lab is a private network namespace "
               "(unshare -n -m)");
  if (unshare(CLONE_NEWNET | CLONE_NEWNS) != 0)
    return say(why, cap, 1, "unshare -n -m: %s", strerror(errno));
  if (mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) != 0)
    return say(why, cap, -1, "mount --make-rprivate /: %s", strerror(errno));
  if (loopback_up() != 0)
    return say(why, cap, -1, "ip link set lo up: %s", strerror(errno));
  char *v4[] = {ip_name, ip_route, ip_add,   ip_local, ip_v4,
                ip_dev,  ip_lo,    ip_table, ip_local, NULL};
  char *v6[] = {ip_name, ip_6,  ip_route, ip_add,   ip_local, ip_v6,
                ip_dev,  ip_lo, ip_table, ip_local, NULL};
  if (run_ip(v4) != 0)
    return say(why, cap, -1,
               "ip route add local 0.0.0.0/0 dev lo table local failed "
               "(iproute2 missing? make deps)");
  if (run_ip(v6) != 0)
    return say(why, cap, -1,
               "ip -6 route add local ::/0 dev lo table local failed");
  /* ndots:0: a name is asked as written first, never with a search
   * suffix the host's resolv.conf would have added */
  if (mount_over("/etc/resolv.conf",
                 "nameserver 127.0.0.1\noptions ndots:0 timeout:1 "
                 "attempts:1\n",
                 1, why, cap) ||
      mount_over("/etc/hosts", "# uritest fetch lab: every name is asked\n", 1,
                 why, cap) ||
      mount_over("/etc/nsswitch.conf", "hosts: files dns\n", 0, why, cap))
    return -1;
  static const char *const proxies[] = {
      "http_proxy", "https_proxy", "HTTP_PROXY", "HTTPS_PROXY", "all_proxy",
      "ALL_PROXY",  "no_proxy",    "NO_PROXY",   "ftp_proxy",   "FTP_PROXY"};
  for (size_t i = 0; i < sizeof proxies / sizeof *proxies; i++)
    unsetenv(proxies[i]); /* clients connect straight */
  return 0;
}
