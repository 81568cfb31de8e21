/* lab.h: the fetch lab (DESIGN.md "The fetch lab"): a private network and
 * mount namespace where every address is local, a resolver of its own
 * answers every name with an address of the lab and records the question,
 * and listeners on every port an input can name record each connection
 * (address, port, Host header, TLS server name), answer a small fixed
 * response and close.  Nothing a client does there leaves the machine. */
#ifndef URITEST_LAB_H
#define URITEST_LAB_H

#include <stddef.h>

/* Move this process into a private network and mount namespace
 * (unshare(2) CLONE_NEWNET | CLONE_NEWNS, which needs root), bring up
 * loopback, make every IPv4 and IPv6 address local and bind-mount the
 * lab's resolv.conf, hosts and nsswitch.conf over the real ones (seen from
 * inside only).  Must come before any thread is started.  Returns 0; 1
 * when the lab cannot be made here (not root, no unshare: WHY says so and
 * nothing changed); -1 when it failed half-way (WHY; the process is then
 * in a namespace with no network at all and must not fetch). */
int lab_enter(char *why, size_t cap);

struct lab;

/* The lab's resolver and listeners, served by a thread of their own:
 * NULL with WHY when a socket cannot be had. */
struct lab *lab_start(char *why, size_t cap);
void lab_stop(struct lab *l);

/* A new fetch of IN (LEN octets) begins: what is recorded from now on is
 * its; listeners are opened on the ports IN can name (every run of
 * digits, as written and modulo 65536) besides the usual ones. */
void lab_begin(struct lab *l, const char *in, size_t len);

/* One connection a client made. */
struct lab_conn {
  char *name; /* the name resolved to its address, or NULL */
  size_t name_len;
  char address[64]; /* as text: dotted decimal, or IPv6 without brackets */
  unsigned port;
  int http, tls;     /* it sent an HTTP request head, a ClientHello */
  char *host_header; /* or NULL */
  size_t host_len;
  char *sni; /* or NULL */
  size_t sni_len;
  char *request_line; /* or NULL */
  size_t request_len;
};
struct lab_question {
  char *name;
  size_t name_len;
  unsigned type;
};
/* What the current fetch did so far: owned by the caller (lab_record_free). */
struct lab_record {
  struct lab_conn *conns; /* the first LAB_MAX_RECORDED (64) */
  size_t nconns;
  size_t total;         /* connections made, recorded or not */
  struct lab_conn head; /* the first that sent a request head or a */
  int has_head;         /* ClientHello, when one did */
  struct lab_question *questions;
  size_t nquestions;
};
void lab_collect(struct lab *l, struct lab_record *r);
void lab_record_free(struct lab_record *r);
/* The connection that shows where the fetch went: the first that sent a
 * request head or a ClientHello (HEAD), else the first; NULL when none. */
const struct lab_conn *lab_observed(const struct lab_record *r);

#endif
