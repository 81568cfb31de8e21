/*
 * split.c: RFC 3986 Appendix B, "Parsing a URI Reference with a Regular
 * Expression", hand-coded in one left-to-right pass:
 *
 *    ^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?
 *     12            3  4          5       6  7        8 9
 *
 *    scheme    = $2     authority = $4     path = $5
 *    query     = $7     fragment  = $9
 *
 * The expression always matches the whole string ("." and the negated
 * classes take every octet, LF and NUL included, as POSIX ERE without
 * REG_NEWLINE does), so no input is rejected.  The optional group 1 is
 * taken exactly when a non-empty run of [^:/?#] at the start is followed by
 * ":" (greedy, and a shorter run would be followed by a [^:/?#] octet, not
 * ":"), which is also the POSIX leftmost-longest reading.
 */
#include "grammar.h"

void rfc3986_split(const char *input, size_t len, rfc3986_uri *uri) {
  const unsigned char *s = (const unsigned char *)input;
  size_t i = 0, run = 0;

  uri->input = input;
  uri->input_len = len;
  uri->scheme = rfc3986__undefined();
  uri->authority = rfc3986__undefined();
  uri->userinfo = rfc3986__undefined();
  uri->host = rfc3986__undefined();
  uri->host_type = RFC3986_HOST_NONE;
  uri->port = rfc3986__undefined();
  uri->query = rfc3986__undefined();
  uri->fragment = rfc3986__undefined();

  /* (([^:/?#]+):)? */
  while (run < len && s[run] != ':' && s[run] != '/' && s[run] != '?' &&
         s[run] != '#')
    run++;
  if (run > 0 && run < len && s[run] == ':') {
    uri->scheme = rfc3986__span(0, run);
    i = run + 1;
  }
  uri->kind = rfc3986_span_defined(uri->scheme) ? RFC3986_KIND_URI
                                                : RFC3986_KIND_RELATIVE_REF;

  /* (//([^/?#]*))? */
  if (i + 1 < len && s[i] == '/' && s[i + 1] == '/') {
    size_t from = i + 2;
    i = from;
    while (i < len && s[i] != '/' && s[i] != '?' && s[i] != '#')
      i++;
    uri->authority = rfc3986__span(from, i);
  }

  /* ([^?#]*) */
  {
    size_t from = i;
    while (i < len && s[i] != '?' && s[i] != '#')
      i++;
    uri->path = rfc3986__span(from, i);
  }

  /* (\?([^#]*))? */
  if (i < len && s[i] == '?') {
    size_t from = ++i;
    while (i < len && s[i] != '#')
      i++;
    uri->query = rfc3986__span(from, i);
  }

  /* (#(.*))? */
  if (i < len && s[i] == '#')
    uri->fragment = rfc3986__span(i + 1, len);
}
