/*
 * pct.c: RFC 3986 section 2, percent-encoding.
 *
 *   2.1  pct-encoded = "%" HEXDIG HEXDIG
 *        "For consistency, URI producers and normalizers should use
 *        uppercase hexadecimal digits for all percent-encodings."
 *   2.4  "the only time when octets within a URI are percent-encoded is
 *        during the process of producing the URI from its component parts"
 */
#include "grammar.h"

const char rfc3986__upper_hex[16] = {'0', '1', '2', '3', '4', '5', '6', '7',
                                     '8', '9', 'A', 'B', 'C', 'D', 'E', 'F'};

/* 2.1, 2.4: encode every octet that ALLOWED rejects (unreserved by default). */
rfc3986_status rfc3986_pct_encode(const char *in, size_t len,
                                  int (*allowed)(unsigned char octet),
                                  char *out, size_t cap, size_t *out_len) {
  size_t n = 0;
  if ((in == NULL && len > 0) || (out == NULL && cap > 0))
    return RFC3986_ERR_ARGUMENT;
  for (size_t i = 0; i < len; i++) {
    unsigned char c = (unsigned char)in[i];
    int keep = allowed ? allowed(c) : is_unreserved(c);
    if (keep) {
      if (n < cap)
        out[n] = (char)c;
      n++;
    } else {
      /* pct-encoded = "%" HEXDIG HEXDIG, upper case (2.1) */
      if (n + 3 <= cap) {
        out[n] = '%';
        out[n + 1] = rfc3986__upper_hex[c >> 4];
        out[n + 2] = rfc3986__upper_hex[c & 15];
      }
      n += 3;
    }
  }
  if (out_len)
    *out_len = n;
  return n > cap ? RFC3986_ERR_BUFFER : RFC3986_OK;
}

/* 2.1: decode every pct-encoded triplet; a lone "%" is an error. */
rfc3986_status rfc3986_pct_decode(const char *in, size_t len, char *out,
                                  size_t cap, size_t *out_len,
                                  rfc3986_error *err) {
  size_t n = 0;
  if ((in == NULL && len > 0) || (out == NULL && cap > 0))
    return RFC3986_ERR_ARGUMENT;
  for (size_t i = 0; i < len; i++) {
    unsigned char c = (unsigned char)in[i];
    if (c == '%') {
      /* pct-encoded = "%" HEXDIG HEXDIG */
      if (i + 2 >= len || !is_HEXDIG((unsigned char)in[i + 1]) ||
          !is_HEXDIG((unsigned char)in[i + 2])) {
        if (out_len)
          *out_len = n;
        if (err) {
          err->status = RFC3986_ERR_PCT_MALFORMED;
          err->offset = i;
          err->rule = RFC3986_RULE_pct_encoded;
        }
        return RFC3986_ERR_PCT_MALFORMED;
      }
      c = (unsigned char)(rfc3986__hex_value((unsigned char)in[i + 1]) << 4 |
                          rfc3986__hex_value((unsigned char)in[i + 2]));
      i += 2;
    }
    if (n < cap)
      out[n] = (char)c;
    n++;
  }
  if (out_len)
    *out_len = n;
  if (err) {
    err->status = n > cap ? RFC3986_ERR_BUFFER : RFC3986_OK;
    err->offset = 0;
    err->rule = RFC3986_RULE_NONE;
  }
  return n > cap ? RFC3986_ERR_BUFFER : RFC3986_OK;
}
