/*
 * recompose.c: RFC 3986 section 5.3, Component Recomposition.
 *
 *    result = ""
 *    if defined(scheme) then append scheme to result; append ":" to result;
 *    if defined(authority) then append "//" to result;
 *                               append authority to result;
 *    append path to result;
 *    if defined(query) then append "?" to result; append query to result;
 *    if defined(fragment) then append "#" to result;
 *                              append fragment to result;
 *    return result;
 */
#include <string.h>

#include "grammar.h"
#include "producer.h"

static void put_span(char *out, size_t cap, size_t *len, const rfc3986_uri *uri,
                     rfc3986_span span) {
  rfc3986__put(out, cap, len, uri->input + span.offset, span.length);
}

rfc3986_status rfc3986_recompose(const rfc3986_uri *uri, char *out, size_t cap,
                                 size_t *out_len) {
  size_t n = 0;
  if (uri == NULL || (out == NULL && cap > 0))
    return RFC3986_ERR_ARGUMENT;
  /* 1. result = "" */
  /* 2. if defined(scheme) then append scheme ":" */
  if (rfc3986_span_defined(uri->scheme)) {
    put_span(out, cap, &n, uri, uri->scheme);
    rfc3986__put(out, cap, &n, ":", 1);
  }
  /* 3. if defined(authority) then append "//" authority */
  if (rfc3986_span_defined(uri->authority)) {
    rfc3986__put(out, cap, &n, "//", 2);
    put_span(out, cap, &n, uri, uri->authority);
  }
  /* 4. append path */
  if (rfc3986_span_defined(uri->path))
    put_span(out, cap, &n, uri, uri->path);
  /* 5. if defined(query) then append "?" query */
  if (rfc3986_span_defined(uri->query)) {
    rfc3986__put(out, cap, &n, "?", 1);
    put_span(out, cap, &n, uri, uri->query);
  }
  /* 6. if defined(fragment) then append "#" fragment */
  if (rfc3986_span_defined(uri->fragment)) {
    rfc3986__put(out, cap, &n, "#", 1);
    put_span(out, cap, &n, uri, uri->fragment);
  }
  /* 7. return result */
  if (out_len)
    *out_len = n;
  return n > cap ? RFC3986_ERR_BUFFER : RFC3986_OK;
}
