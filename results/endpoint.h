/* endpoint.h: do two readings of a URI name the same endpoint, as a
 * security reviewer would say it?  (DESIGN.md "Endpoints": scheme, host,
 * effective port and userinfo; hosts none, usable or garbled, compared in
 * canonical form.) */
#ifndef URITEST_ENDPOINT_H
#define URITEST_ENDPOINT_H

#include <stddef.h>

#include "value.h"

/* The worst part of the endpoint that differs, in increasing order. */
enum severity {
  SEV_NONE = 0,
  SEV_USERINFO,
  SEV_SCHEME,
  SEV_PORT,
  SEV_HOST,
  SEV__COUNT
};
/* NULL for SEV_NONE, then "userinfo", "scheme", "port", "host". */
extern const char *const severity_names[SEV__COUNT];
/* SEV_* for a name ("none" is SEV_NONE), -1 when unknown. */
int severity_from_name(const char *s);

/* What a library's reading does to the RFC reading's endpoint: not judged,
 * the same endpoint, the usable host lost, a different endpoint. */
enum endpoint_class { EP_UNJUDGED = 0, EP_SAME, EP_HOST_LOST, EP_DIFFERENT };
/* NULL for EP_UNJUDGED, then "same", "host-lost", "different". */
extern const char *const endpoint_class_names[4];
/* EP_* for a name, EP_UNJUDGED when unknown or NULL. */
int endpoint_class_from_name(const char *s);

/* The host kinds of DESIGN.md. */
enum host_kind { HOST_NONE, HOST_USABLE, HOST_GARBLED };

/* The parts of a reading that make its endpoint: each a value of the
 * component model (VALUE_ABSENT when the reading does not say). */
struct endpoint {
  struct value scheme, userinfo, host, port;
};

/* The endpoint parts of nine components (RFC3986_COMPONENTS order). */
void endpoint_of(struct endpoint *e, const struct value *comps);

/* The endpoint of a connection the fetch lab observed (DESIGN.md "The
 * fetch lab"): HOST (HLEN octets) the name it resolved, else the address
 * it connected to (an IPv6 address without brackets reads as one); PORT
 * the port it connected to, written into PORTBUF (CAP octets); SCHEME the
 * protocol its first octets spoke ("http", "https"), NULL when they said
 * none; userinfo is never seen (VALUE_ABSENT).  HOST NULL: nothing
 * connected, no host. */
void endpoint_observed(struct endpoint *e, const char *scheme, const char *host,
                       size_t hlen, unsigned port, char *portbuf, size_t cap);

/* The lenient reading of any string, for inputs RFC 3986 rejects: blanks
 * and controls at either end dropped (as URL parsers do), then the
 * Appendix B split, the authority's userinfo ending
 * at its last "@", the port after the first ":" that follows (after "]"
 * for an IP literal).  BUF (LEN octets) holds the string read, and the values point
 * into it; returns its length. */
size_t endpoint_lenient(struct endpoint *e, const char *in, size_t len,
                        char *buf);

/* The reading a library's is judged against: RFC 3986's reading of IN
 * (1), or where RFC 3986 rejects IN its lenient reading (0), into BUF
 * (LEN octets) as endpoint_lenient does. */
int endpoint_reference(struct endpoint *e, const char *in, size_t len,
                       char *buf);

/* The kind of a host value. */
int endpoint_host_kind(const struct value *host);

/* E's port is written and is no port a client can connect to (not
 * digits, 0, above 65535): 1, else 0. */
int endpoint_port_unusable(const struct endpoint *e);

/* The judgement of a library's reading LIB against a reference reading
 * REF (the RFC's, or a validator's): class (EP_*), the worst differing
 * part when EP_DIFFERENT (SEV_*), and per part whether both readings name
 * it the same once canonical (same[SEV_HOST] only for usable hosts). */
struct endpoint_judgement {
  int cls, severity;
  int same[SEV__COUNT];
};
void endpoint_judge(const struct endpoint *ref, const struct endpoint *lib,
                    struct endpoint_judgement *j);

#endif
