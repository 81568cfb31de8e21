/* lab_wire.h: what the fetch lab reads off the wire (DESIGN.md "The fetch
 * lab"): a DNS question and its answer, an HTTP request head's Host header,
 * a TLS ClientHello's server name.  Pure functions over octets, every
 * length checked: a client's bytes are untrusted input. */
#ifndef URITEST_LAB_WIRE_H
#define URITEST_LAB_WIRE_H

#include <stddef.h>

/* The lab's address ranges: name number K (1, 2, ...) resolves to
 * 198.18.0.0/15 + K (RFC 2544's benchmarking range) for A and to
 * 2001:2::K (RFC 5180's) for AAAA. */
#define LAB_MAX_NAMES 131070u
void lab_addr4(unsigned k, unsigned char out[4]);
void lab_addr6(unsigned k, unsigned char out[16]);
/* The name number of address A (4 or 16 octets), 0 when not a lab one. */
unsigned lab_name_of(const unsigned char *a, size_t n);

/* A DNS question: the name (labels joined by dots, octets as sent, at
 * most 255), its type and class. */
struct dns_question {
  char name[256];
  size_t name_len;
  unsigned type, qclass;
  size_t end; /* offset after the question in the message */
};
/* Read the one question of query MSG (LEN octets): 0, or -1 when MSG is
 * not a query of one question the lab can answer (malformed, a response,
 * several questions, a compressed name). */
int dns_read_query(const unsigned char *msg, size_t len,
                   struct dns_question *q);
/* The answer to query MSG (already read into Q) into OUT (room for CAP,
 * at least LEN + 28 octets): ADDR (4 octets for type A, 16 for AAAA) as
 * its one record, or no record (NODATA) when ADDR is NULL.  Returns the
 * answer's length, or 0 when CAP is too small. */
size_t dns_answer(const unsigned char *msg, const struct dns_question *q,
                  const unsigned char *addr, unsigned char *out, size_t cap);

/* What a connection's first octets are. */
enum wire_kind { WIRE_MORE, WIRE_HTTP, WIRE_TLS, WIRE_OTHER };
/* Whether P (LEN octets so far) is a whole HTTP request head (up to its
 * blank line), a whole TLS ClientHello record, other octets, or not yet
 * known (WIRE_MORE: read more). */
enum wire_kind wire_classify(const unsigned char *p, size_t len);
/* The value of the first Host header of the request head P (LEN octets),
 * blanks around it trimmed: *VAL and *VLEN; 0, or -1 when none. */
int http_host(const unsigned char *p, size_t len, const unsigned char **val,
              size_t *vlen);
/* The request line (up to its CR LF) of P: its length. */
size_t http_request_line(const unsigned char *p, size_t len);
/* The server_name (host_name type) of the TLS ClientHello record P (LEN
 * octets): *VAL, *VLEN; 0, or -1 when it has none or is malformed. */
int tls_sni(const unsigned char *p, size_t len, const unsigned char **val,
            size_t *vlen);

/* C lower-cased if an ASCII letter (names and header names: octets
 * beyond ASCII are kept as they are). */
int wire_lower(int c);

#endif
