/* lab.c: the fetch lab's resolver and listeners (lab.h), one thread that
 * polls every socket: UDP and TCP port 53 (DNS, on the wildcard address:
 * a TCP connection to 127.0.0.1:53 is a DNS one, to any other address a
 * fetch's), and a TCP listener on [::] (IPv4 mapped) per port opened.
 * Each fetch connection is recorded when accepted, then its first octets
 * are read (at most LAB_HEAD octets, LAB_CONN_TIMEOUT seconds) for the
 * Host header or the ClientHello's server name; an HTTP request gets
 * LAB_RESPONSE, a ClientHello is never answered (no handshake), and the
 * connection is closed after the client's side is drained.  The records
 * go to the current fetch only (a generation number per lab_begin). */
#define _GNU_SOURCE
#include "lab.h"

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "lab_wire.h"
#include "util.h"

#define LAB_HEAD 16389 /* a TLS record of 16 KiB and its header */
#define LAB_CONN_TIMEOUT 1.0
#define LAB_MAX_CONNS 256   /* open at once; more are closed at accept */
#define LAB_MAX_RECORDED 64 /* connections and questions kept per fetch */
#define LAB_MAX_LISTENERS 4096
#define LAB_PORTS_PER_INPUT 64
static const char LAB_RESPONSE[] =
    "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 3\r\n"
    "Connection: close\r\n\r\nok\n";

enum conn_state { C_READ, C_DRAIN };
struct conn {
  int fd, dns;
  enum conn_state state;
  double deadline;
  unsigned long gen;
  size_t rec;           /* index of its lab_conn in the record of GEN, or -1 */
  struct lab_conn desc; /* where it was made to (name borrowed) */
  size_t len;
  unsigned char buf[LAB_HEAD];
};

struct lab {
  pthread_t thread;
  pthread_mutex_t mu;
  int wake[2], stop, running;
  int udp53, tcp53;
  int *listeners; /* under mu: the thread polls them */
  size_t nlisteners;
  unsigned char opened[65536 / 8]; /* ports opened (main thread only) */
  struct conn *conns[LAB_MAX_CONNS];
  size_t nconns;
  char **names; /* name K is names[K-1], lower-cased (thread only) */
  size_t nnames;
  struct strmap name_map;
  unsigned long gen; /* under mu, with rec */
  struct lab_record rec;
};

static char *dup_octets(const void *p, size_t n) {
  char *s = xmalloc(n + 1);
  memcpy(s, p, n);
  s[n] = 0;
  return s;
}

/* The number of NAME (lower-cased), numbered on first sight; 0 when the
 * lab has no address left. */
static unsigned name_number(struct lab *l, const char *name, size_t n) {
  char *key = dup_octets(name, n);
  for (size_t i = 0; i < n; i++)
    key[i] = (char)wire_lower((unsigned char)key[i]);
  size_t *k = strmap_get(&l->name_map, key);
  if (k || l->nnames >= LAB_MAX_NAMES) {
    free(key);
    return k ? (unsigned)*k : 0;
  }
  l->names = xrealloc(l->names, (l->nnames + 1) * sizeof *l->names);
  l->names[l->nnames++] = key;
  strmap_add(&l->name_map, key, l->nnames);
  return (unsigned)l->nnames;
}

static void record_question(struct lab *l, const struct dns_question *q) {
  pthread_mutex_lock(&l->mu);
  struct lab_record *r = &l->rec;
  if (r->nquestions < LAB_MAX_RECORDED) {
    r->questions =
        xrealloc(r->questions, (r->nquestions + 1) * sizeof *r->questions);
    struct lab_question *x = &r->questions[r->nquestions++];
    x->name = dup_octets(q->name, q->name_len);
    x->name_len = q->name_len;
    x->type = q->type;
  }
  pthread_mutex_unlock(&l->mu);
}

/* The answer to query MSG (LEN octets) into OUT: its length, 0 for none. */
static size_t dns_serve(struct lab *l, const unsigned char *msg, size_t len,
                        unsigned char *out, size_t cap) {
  struct dns_question q;
  if (dns_read_query(msg, len, &q) != 0)
    return 0;
  record_question(l, &q);
  unsigned char addr[16];
  int ask = (q.type == 1 || q.type == 28) && q.qclass == 1;
  unsigned k = ask ? name_number(l, q.name, q.name_len) : 0;
  if (k && q.type == 1)
    lab_addr4(k, addr);
  else if (k)
    lab_addr6(k, addr);
  return dns_answer(msg, &q, k ? addr : NULL, out, cap);
}

static void serve_udp(struct lab *l) {
  unsigned char msg[4096], out[4096 + 64];
  struct sockaddr_storage from;
  socklen_t fl = sizeof from;
  ssize_t n =
      recvfrom(l->udp53, msg, sizeof msg, 0, (struct sockaddr *)&from, &fl);
  if (n <= 0)
    return;
  size_t m = dns_serve(l, msg, (size_t)n, out, sizeof out);
  if (m)
    sendto(l->udp53, out, m, 0, (struct sockaddr *)&from, fl);
}

/* The address of a socket's local end as text, and its port; IPv4-mapped
 * addresses as IPv4.  *A4 gets 4 or 16 octets of the address. */
static void local_end(int fd, char *text, size_t cap, unsigned *port,
                      unsigned char *a, size_t *alen) {
  struct sockaddr_in6 sa;
  socklen_t sl = sizeof sa;
  memset(&sa, 0, sizeof sa);
  getsockname(fd, (struct sockaddr *)&sa, &sl);
  *port = ntohs(sa.sin6_port);
  const unsigned char *b = sa.sin6_addr.s6_addr;
  static const unsigned char mapped[12] = {0, 0, 0, 0, 0,    0,
                                           0, 0, 0, 0, 0xff, 0xff};
  if (!memcmp(b, mapped, 12)) {
    memcpy(a, b + 12, 4);
    *alen = 4;
    inet_ntop(AF_INET, a, text, (socklen_t)cap);
  } else {
    memcpy(a, b, 16);
    *alen = 16;
    inet_ntop(AF_INET6, a, text, (socklen_t)cap);
  }
}

/* Record connection C (just accepted) in the current fetch: what it was
 * made to, kept in C too (a connection past the LAB_MAX_RECORDED kept may
 * still be the one that says where the fetch went). */
static void record_conn(struct lab *l, struct conn *c) {
  struct lab_conn *d = &c->desc;
  unsigned char a[16];
  size_t alen;
  local_end(c->fd, d->address, sizeof d->address, &d->port, a, &alen);
  unsigned k = lab_name_of(a, alen);
  if (k && k <= l->nnames) { /* borrowed: names live as long as the lab */
    d->name = l->names[k - 1];
    d->name_len = strlen(d->name);
  }
  pthread_mutex_lock(&l->mu);
  struct lab_record *r = &l->rec;
  c->gen = l->gen;
  c->rec = (size_t)-1;
  r->total++;
  if (r->nconns < LAB_MAX_RECORDED) {
    r->conns = xrealloc(r->conns, (r->nconns + 1) * sizeof *r->conns);
    struct lab_conn *x = &r->conns[r->nconns];
    *x = *d;
    x->name = d->name ? dup_octets(d->name, d->name_len) : NULL;
    c->rec = r->nconns++;
  }
  pthread_mutex_unlock(&l->mu);
}

/* What C's first octets (of KIND) say, into X. */
static void fill_head(struct lab_conn *x, const struct conn *c,
                      enum wire_kind kind) {
  const unsigned char *v;
  size_t vl;
  x->http = kind == WIRE_HTTP;
  x->tls = kind == WIRE_TLS;
  if (x->http && http_host(c->buf, c->len, &v, &vl) == 0) {
    x->host_header = dup_octets(v, vl);
    x->host_len = vl;
  }
  if (x->http) {
    x->request_len = http_request_line(c->buf, c->len);
    x->request_line = dup_octets(c->buf, x->request_len);
  }
  if (x->tls && tls_sni(c->buf, c->len, &v, &vl) == 0) {
    x->sni = dup_octets(v, vl);
    x->sni_len = vl;
  }
}

/* C's first octets are read: what they say goes into its record, and
 * into the fetch's first head when it is the first request head or
 * ClientHello. */
static void record_head(struct lab *l, struct conn *c, enum wire_kind kind) {
  pthread_mutex_lock(&l->mu);
  struct lab_record *r = &l->rec;
  if (c->gen == l->gen) {
    if (c->rec < r->nconns)
      fill_head(&r->conns[c->rec], c, kind);
    if ((kind == WIRE_HTTP || kind == WIRE_TLS) && !r->has_head) {
      r->head = c->desc;
      r->head.name =
          c->desc.name ? dup_octets(c->desc.name, c->desc.name_len) : NULL;
      fill_head(&r->head, c, kind);
      r->has_head = 1;
    }
  }
  pthread_mutex_unlock(&l->mu);
}

static void conn_close(struct lab *l, size_t i) {
  close(l->conns[i]->fd);
  free(l->conns[i]);
  l->conns[i] = l->conns[--l->nconns];
}

static void accept_on(struct lab *l, int lfd) {
  int fd = accept4(lfd, NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC);
  if (fd < 0)
    return;
  if (l->nconns == LAB_MAX_CONNS) {
    close(fd);
    return;
  }
  struct conn *c = xcalloc(1, sizeof *c);
  c->fd = fd;
  c->deadline = now_mono() + LAB_CONN_TIMEOUT;
  char text[64];
  unsigned port;
  unsigned char a[16];
  size_t alen;
  local_end(fd, text, sizeof text, &port, a, &alen);
  c->dns = lfd == l->tcp53 && !strcmp(text, "127.0.0.1");
  if (!c->dns)
    record_conn(l, c);
  l->conns[l->nconns++] = c;
}

/* Answer the whole DNS messages in C's buffer (TCP: a 2-octet length
 * before each). */
static void serve_dns_tcp(struct lab *l, struct conn *c) {
  unsigned char out[LAB_HEAD + 64];
  for (;;) {
    if (c->len < 2)
      return;
    size_t m = (size_t)c->buf[0] << 8 | c->buf[1];
    if (c->len < 2 + m)
      return;
    size_t n = dns_serve(l, c->buf + 2, m, out + 2, sizeof out - 2);
    if (n) {
      out[0] = (unsigned char)(n >> 8);
      out[1] = (unsigned char)n;
      if (write(c->fd, out, n + 2) < 0)
        return;
    }
    memmove(c->buf, c->buf + 2 + m, c->len - 2 - m);
    c->len -= 2 + m;
  }
}

/* The head of C is complete (or all there will be): record, answer,
 * start draining. */
static void head_done(struct lab *l, struct conn *c, enum wire_kind kind) {
  record_head(l, c, kind);
  if (kind == WIRE_HTTP &&
      write(c->fd, LAB_RESPONSE, sizeof LAB_RESPONSE - 1) < 0) {
    /* the client is gone: the record is what counts */
  }
  shutdown(c->fd, SHUT_WR);
  c->state = C_DRAIN;
  c->deadline = now_mono() + 0.5;
}

/* Read what C has; 1 when it is to be closed. */
static int conn_read(struct lab *l, struct conn *c) {
  unsigned char sink[4096];
  if (c->state == C_DRAIN) {
    ssize_t n = read(c->fd, sink, sizeof sink);
    return n == 0 || (n < 0 && errno != EAGAIN && errno != EINTR);
  }
  ssize_t n = read(c->fd, c->buf + c->len, sizeof c->buf - c->len);
  if (n < 0)
    return errno != EAGAIN && errno != EINTR;
  c->len += (size_t)n;
  if (c->dns) {
    serve_dns_tcp(l, c);
    return n == 0 || c->len == sizeof c->buf;
  }
  enum wire_kind k = wire_classify(c->buf, c->len);
  if (k == WIRE_MORE && n > 0 && c->len < sizeof c->buf)
    return 0;
  head_done(l, c, k);
  return n == 0;
}

static int listen_on(int type, unsigned port) {
  int fd = socket(AF_INET6, type | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
  if (fd < 0)
    return -1;
  int zero = 0, one = 1;
  setsockopt(fd, IPPROTO_IPV6, IPV6_V6ONLY, &zero, sizeof zero);
  setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
  struct sockaddr_in6 sa;
  memset(&sa, 0, sizeof sa);
  sa.sin6_family = AF_INET6;
  sa.sin6_port = htons((unsigned short)port);
  sa.sin6_addr = in6addr_any;
  if (bind(fd, (struct sockaddr *)&sa, sizeof sa) != 0 ||
      (type == SOCK_STREAM && listen(fd, 128) != 0)) {
    close(fd);
    return -1;
  }
  return fd;
}

/* The poll set: wake, UDP 53, TCP 53, the listeners, the connections. */
static size_t poll_set(struct lab *l, struct pollfd **pf, size_t *cap,
                       size_t *nl, int *stop) {
  pthread_mutex_lock(&l->mu);
  *stop = l->stop;
  *nl = l->nlisteners;
  size_t n = 3 + *nl + l->nconns;
  if (n > *cap || !*pf) {
    *cap = 2 * n;
    *pf = xrealloc(*pf, *cap * sizeof **pf);
  }
  int fixed[3] = {l->wake[0], l->udp53, l->tcp53};
  for (size_t i = 0; i < 3; i++)
    (*pf)[i] = (struct pollfd){fixed[i], POLLIN, 0};
  for (size_t i = 0; i < *nl; i++)
    (*pf)[3 + i] = (struct pollfd){l->listeners[i], POLLIN, 0};
  pthread_mutex_unlock(&l->mu);
  for (size_t i = 0; i < l->nconns; i++)
    (*pf)[3 + *nl + i] = (struct pollfd){l->conns[i]->fd, POLLIN, 0};
  return n;
}

static int next_timeout(const struct lab *l, double now) {
  double t = 1.0;
  for (size_t i = 0; i < l->nconns; i++)
    if (l->conns[i]->deadline - now < t)
      t = l->conns[i]->deadline - now;
  return t <= 0 ? 0 : (int)(t * 1000) + 1;
}

/* Connections readable or past their time (the highest index first:
 * closing one moves the last into its place, already seen). */
static void serve_conns(struct lab *l, const struct pollfd *pf, size_t n) {
  double now = now_mono();
  for (size_t i = n; i-- > 0;) {
    struct conn *c = l->conns[i];
    int done = 0;
    if (pf[i].revents)
      done = conn_read(l, c);
    else if (now >= c->deadline && c->state == C_READ && !c->dns)
      head_done(l, c, wire_classify(c->buf, c->len));
    else if (now >= c->deadline)
      done = 1;
    if (done)
      conn_close(l, i);
  }
}

static void *lab_main(void *arg) {
  struct lab *l = arg;
  struct pollfd *pf = NULL;
  size_t cap = 0, nl;
  int stop;
  for (;;) {
    size_t n = poll_set(l, &pf, &cap, &nl, &stop);
    if (stop)
      break;
    if (poll(pf, n, next_timeout(l, now_mono())) < 0 && errno != EINTR)
      break;
    char drain[64];
    if (pf[0].revents && read(l->wake[0], drain, sizeof drain) < 0) {
      /* woken: a listener was added, or stop */
    }
    serve_conns(l, pf + 3 + nl, l->nconns);
    if (pf[1].revents)
      serve_udp(l);
    for (size_t i = 2; i < 3 + nl; i++)
      if (pf[i].revents)
        accept_on(l, pf[i].fd);
  }
  free(pf);
  return NULL;
}

struct lab *lab_start(char *why, size_t cap) {
  struct lab *l = xcalloc(1, sizeof *l);
  pthread_mutex_init(&l->mu, NULL);
  l->udp53 = listen_on(SOCK_DGRAM, 53);
  l->tcp53 = listen_on(SOCK_STREAM, 53);
  if (pipe2(l->wake, O_NONBLOCK | O_CLOEXEC) != 0 || l->udp53 < 0 ||
      l->tcp53 < 0) {
    snprintf(why, cap, "the lab's resolver cannot listen on port 53: %s",
             strerror(errno));
    lab_stop(l);
    return NULL;
  }
  if (pthread_create(&l->thread, NULL, lab_main, l) != 0) {
    snprintf(why, cap, "cannot start the lab's thread");
    lab_stop(l);
    return NULL;
  }
  l->running = 1;
  return l;
}

static void record_clear(struct lab_record *r) {
  lab_record_free(r);
  memset(r, 0, sizeof *r);
}

void lab_stop(struct lab *l) {
  if (!l)
    return;
  if (l->running) {
    pthread_mutex_lock(&l->mu);
    l->stop = 1;
    pthread_mutex_unlock(&l->mu);
    if (write(l->wake[1], "x", 1) < 0) {
      /* the pipe is full: the thread is woken already */
    }
    pthread_join(l->thread, NULL);
  }
  while (l->nconns)
    conn_close(l, l->nconns - 1);
  int fds[] = {l->wake[0], l->wake[1], l->udp53, l->tcp53};
  for (size_t i = 0; i < 4; i++)
    if (fds[i] > 0)
      close(fds[i]);
  for (size_t i = 0; i < l->nlisteners; i++)
    close(l->listeners[i]);
  free(l->listeners);
  for (size_t i = 0; i < l->nnames; i++)
    free(l->names[i]);
  free(l->names);
  strmap_free(&l->name_map);
  record_clear(&l->rec);
  pthread_mutex_destroy(&l->mu);
  free(l);
}

static void open_port(struct lab *l, unsigned long port) {
  if (port == 0 || port == 53 || port > 65535 ||
      (l->opened[port / 8] & (1u << (port % 8))) ||
      l->nlisteners >= LAB_MAX_LISTENERS)
    return;
  l->opened[port / 8] |= (unsigned char)(1u << (port % 8));
  int fd = listen_on(SOCK_STREAM, (unsigned)port);
  if (fd < 0)
    return;
  pthread_mutex_lock(&l->mu);
  l->listeners =
      xrealloc(l->listeners, (l->nlisteners + 1) * sizeof *l->listeners);
  l->listeners[l->nlisteners++] = fd;
  pthread_mutex_unlock(&l->mu);
  if (write(l->wake[1], "x", 1) < 0) {
    /* the pipe is full: the thread is woken already */
  }
}

void lab_begin(struct lab *l, const char *in, size_t len) {
  pthread_mutex_lock(&l->mu);
  l->gen++;
  record_clear(&l->rec);
  pthread_mutex_unlock(&l->mu);
  static const unsigned usual[] = {80, 443, 8080, 8443, 21};
  for (size_t i = 0; i < sizeof usual / sizeof *usual; i++)
    open_port(l, usual[i]);
  size_t runs = 0;
  for (size_t i = 0; i < len && runs < LAB_PORTS_PER_INPUT; runs++) {
    while (i < len && (in[i] < '0' || in[i] > '9'))
      i++;
    if (i == len)
      break;
    unsigned long v = 0, mod = 0;
    for (; i < len && in[i] >= '0' && in[i] <= '9'; i++) {
      unsigned d = (unsigned)(in[i] - '0');
      v = v > 65535 ? v : v * 10 + d; /* as written, while it can be */
      mod = (mod * 10 + d) % 65536;   /* a port read into 16 bits */
    }
    open_port(l, v);
    open_port(l, mod);
  }
}

void lab_collect(struct lab *l, struct lab_record *r) {
  pthread_mutex_lock(&l->mu);
  *r = l->rec;
  memset(&l->rec, 0, sizeof l->rec);
  l->gen++; /* what comes later belongs to no fetch */
  pthread_mutex_unlock(&l->mu);
}

static void conn_free(struct lab_conn *x) {
  free(x->name);
  free(x->host_header);
  free(x->sni);
  free(x->request_line);
}

void lab_record_free(struct lab_record *r) {
  for (size_t i = 0; i < r->nconns; i++)
    conn_free(&r->conns[i]);
  if (r->has_head)
    conn_free(&r->head);
  for (size_t i = 0; i < r->nquestions; i++)
    free(r->questions[i].name);
  free(r->conns);
  free(r->questions);
}

const struct lab_conn *lab_observed(const struct lab_record *r) {
  if (r->has_head)
    return &r->head;
  return r->nconns ? &r->conns[0] : NULL;
}
