/*
 * conditions.c: the condition vocabulary of behaviours.json
 * (adapters/NAME/behaviours.json, adapters/BEHAVIOURS.md): named predicates
 * over one disagreement between the reference's reading and a library's
 * (behaviour.c holds the rule that combines them into a behaviour).  The
 * one implementation: the harness (attributing results) and the
 * differential fuzz targets (explaining findings) both evaluate it.  The
 * conditions that compare the library's reading with the reference's are
 * in conditions_lib.c; what both files use, in conditions_impl.h.
 */
#include "conditions_impl.h"

#include "codec.h"

#include <arpa/inet.h>
#include <stdlib.h>
#include <string.h>

#include "rfc3986.h"

/* ---- values --------------------------------------------------------- */

static int value_is(const struct adapter_reading *r, int c, const char *s) {
  return is_defined(r, c) && val(r, c)->len == strlen(s) &&
         memcmp(vptr(r, c), s, val(r, c)->len) == 0;
}
static int has_octet(const char *s, size_t n, int (*pred)(unsigned char)) {
  for (size_t i = 0; i < n; i++)
    if (pred((unsigned char)s[i]))
      return 1;
  return 0;
}

/* the reference reads a relative-ref (no scheme) */
COND(c_ref_relative) {
  return !is_defined(x->ref, RFC3986_COMPONENT_SCHEME);
}
/* the reference reads a URI with no authority ("a:b", "a:/b") */
COND(c_ref_no_authority) {
  return is_defined(x->ref, RFC3986_COMPONENT_SCHEME) &&
         !is_defined(x->ref, RFC3986_COMPONENT_AUTHORITY);
}
COND(c_ref_has_authority) {
  return is_defined(x->ref, RFC3986_COMPONENT_AUTHORITY);
}
/* the component in question: defined and empty / undefined, per side */
COND(c_ref_empty) {
  return x->comp >= 0 && is_defined(x->ref, x->comp) &&
         val(x->ref, x->comp)->len == 0;
}
COND(c_ref_undefined) {
  return x->comp >= 0 && val(x->ref, x->comp)->state == VALUE_NULL;
}
COND(c_lib_undefined) {
  return x->comp >= 0 && val(x->lib, x->comp)->state == VALUE_NULL;
}
COND(c_lib_empty) {
  return x->comp >= 0 && is_defined(x->lib, x->comp) &&
         val(x->lib, x->comp)->len == 0;
}
COND(c_lib_slash) {
  return x->comp >= 0 && value_is(x->lib, x->comp, "/");
}
/* the library's value is the reference's, ASCII lower-cased */
COND(c_lib_lowercased) {
  const struct value *a, *b;
  if (!both_defined(x, &a, &b))
    return 0;
  if (a->len != b->len)
    return 0;
  const char *p = vptr(x->ref, x->comp), *q = vptr(x->lib, x->comp);
  for (size_t i = 0; i < a->len; i++)
    if (lc((unsigned char)p[i]) != (unsigned char)q[i])
      return 0;
  return 1;
}
/* 3.2.2 reg-name that the library reads as a numeric IPv4 address */
COND(c_numeric_ipv4_form) {
  return value_is(x->ref, RFC3986_COMPONENT_HOST_TYPE, "reg-name") &&
         value_is(x->lib, RFC3986_COMPONENT_HOST_TYPE, "IPv4address");
}
COND(c_ref_ipv6) {
  return value_is(x->ref, RFC3986_COMPONENT_HOST_TYPE, "IPv6address");
}
COND(c_ref_ipvfuture) {
  return value_is(x->ref, RFC3986_COMPONENT_HOST_TYPE, "IPvFuture");
}
COND(c_ref_ipv4) {
  return value_is(x->ref, RFC3986_COMPONENT_HOST_TYPE, "IPv4address");
}
COND(c_ref_reg_name) {
  return value_is(x->ref, RFC3986_COMPONENT_HOST_TYPE, "reg-name");
}
/* the port as written does not fit 16 bits */
COND(c_ref_port_above_65535) {
  if (!is_defined(x->ref, RFC3986_COMPONENT_PORT))
    return 0;
  const char *p = vptr(x->ref, RFC3986_COMPONENT_PORT);
  size_t n = val(x->ref, RFC3986_COMPONENT_PORT)->len, v = 0;
  for (size_t i = 0; i < n; i++) {
    v = v * 10 + (size_t)(p[i] - '0');
    if (v > 65535)
      return 1;
  }
  return 0;
}
COND(c_ref_port_empty) {
  return is_defined(x->ref, RFC3986_COMPONENT_PORT) &&
         val(x->ref, RFC3986_COMPONENT_PORT)->len == 0;
}
COND(c_ref_host_empty) {
  return is_defined(x->ref, RFC3986_COMPONENT_HOST) &&
         val(x->ref, RFC3986_COMPONENT_HOST)->len == 0;
}
COND(c_ref_userinfo_defined) {
  return is_defined(x->ref, RFC3986_COMPONENT_USERINFO);
}
COND(c_ref_path_empty) {
  return is_defined(x->ref, RFC3986_COMPONENT_PATH) &&
         val(x->ref, RFC3986_COMPONENT_PATH)->len == 0;
}
static int o_non_ascii(unsigned char c) {
  return c >= 0x80;
}
static int o_control_or_space(unsigned char c) {
  return c <= 0x20 || c == 0x7f;
}
static int o_pct(unsigned char c) {
  return c == '%';
}
static int o_not_uri_char(unsigned char c) {
  /* not unreserved, reserved or "%" (RFC 3986 2) */
  if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
      (c >= '0' && c <= '9'))
    return 0;
  return !strchr("-._~:/?#[]@!$&'()*+,;=%", c) || c == 0;
}
static int o_backslash(unsigned char c) {
  return c == '\\';
}
COND(c_input_non_ascii) {
  return has_octet(x->in, x->len, o_non_ascii);
}
/* ... and they are well-formed UTF-8 (codec_utf8_valid) */
COND(c_input_utf8_non_ascii) {
  return c_input_non_ascii(x) && codec_utf8_valid(x->in, x->len);
}
/* RFC 3986 rejects the input: it is no URI-reference */
COND(c_input_rejected) {
  rfc3986_uri u;
  return rfc3986_parse(x->in, x->len, RFC3986_RULE_URI_reference, &u, NULL) !=
         RFC3986_OK;
}
/* the input is well-formed UTF-8, ASCII only or not */
COND(c_input_utf8) {
  return codec_utf8_valid(x->in, x->len);
}
/* the input, each "%XX" decoded (a "%" that starts none kept), is
 * well-formed UTF-8 without a NUL octet */
COND(c_input_pct_decoded_utf8) {
  char *d = malloc(x->len + 1);
  if (!d)
    return 0;
  size_t n = pct_decoded(x->in, x->len, d);
  int ok = !memchr(d, 0, n) && codec_utf8_valid(d, n);
  free(d);
  return ok;
}
COND(c_input_control_or_space) {
  return has_octet(x->in, x->len, o_control_or_space);
}
COND(c_input_not_uri_char) {
  return has_octet(x->in, x->len, o_not_uri_char);
}
COND(c_input_backslash) {
  return has_octet(x->in, x->len, o_backslash);
}
COND(c_input_pct) {
  return has_octet(x->in, x->len, o_pct);
}
/* 1 when S holds a "%" not followed by two HEXDIG (2.1) */
static int has_bad_pct(const char *s, size_t n) {
  for (size_t i = 0; i < n; i++)
    if (s[i] == '%' && (i + 2 >= n || !is_hex((unsigned char)s[i + 1]) ||
                        !is_hex((unsigned char)s[i + 2])))
      return 1;
  return 0;
}
COND(c_input_bad_pct) {
  return has_bad_pct(x->in, x->len);
}
static int o_sub_delim(unsigned char c) {
  return c && strchr("!$&'()*+,;=", c) != NULL;
}
static int o_bracket(unsigned char c) {
  return c == '[' || c == ']';
}
/* the reference's host holds a sub-delim ("a!b", "a;b") */
COND(c_ref_host_sub_delim) {
  return is_defined(x->ref, RFC3986_COMPONENT_HOST) &&
         has_octet(vptr(x->ref, RFC3986_COMPONENT_HOST),
                   val(x->ref, RFC3986_COMPONENT_HOST)->len, o_sub_delim);
}
COND(c_ref_host_has_pct) {
  return is_defined(x->ref, RFC3986_COMPONENT_HOST) &&
         memchr(vptr(x->ref, RFC3986_COMPONENT_HOST), '%',
                val(x->ref, RFC3986_COMPONENT_HOST)->len);
}
COND(c_input_bracket) {
  return has_octet(x->in, x->len, o_bracket);
}
COND(c_ref_scheme_file) {
  if (!is_defined(x->ref, RFC3986_COMPONENT_SCHEME) ||
      val(x->ref, RFC3986_COMPONENT_SCHEME)->len != 4)
    return 0;
  const char *p = vptr(x->ref, RFC3986_COMPONENT_SCHEME);
  return lc((unsigned char)p[0]) == 'f' && lc((unsigned char)p[1]) == 'i' &&
         lc((unsigned char)p[2]) == 'l' && lc((unsigned char)p[3]) == 'e';
}
/* the reading has a scheme, and it is none of the WHATWG URL Standard's
 * special schemes (ftp, file, http, https, ws, wss): the schemes web
 * validators restrict URLs to */
COND(c_ref_scheme_not_special) {
  static const char *const special[] = {"ftp",   "file", "http",
                                        "https", "ws",   "wss"};
  if (!is_defined(x->ref, RFC3986_COMPONENT_SCHEME))
    return 0;
  const struct value *v = val(x->ref, RFC3986_COMPONENT_SCHEME);
  const char *p = vptr(x->ref, RFC3986_COMPONENT_SCHEME);
  for (size_t i = 0; i < sizeof special / sizeof special[0]; i++) {
    size_t k = 0, n = strlen(special[i]);
    while (k < n && k < v->len && lc((unsigned char)p[k]) == special[i][k])
      k++;
    if (k == n && n == v->len)
      return 0;
  }
  return 1;
}
/* a second "#" (fragment holding "#") */
/* S (N octets) holds a second "#" (fragment has none, 3.5) */
static int has_second_hash(const char *s, size_t n) {
  const char *h = memchr(s, '#', n);
  return h && memchr(h + 1, '#', n - (size_t)(h - s) - 1);
}
COND(c_input_second_hash) {
  return has_second_hash(x->in, x->len);
}
/* Whatever RFC 3986 rejects in the input is in its authority or its
 * fragment, or a "%" that starts no percent-encoding: it reads the input
 * once the authority Appendix B splits off is written "h", the fragment is
 * dropped and each such "%" written "%25" (neon checks scheme, path and
 * query only, "%" among their octets). */
COND(c_input_scheme_path_query_valid) {
  rfc3986_uri u;
  rfc3986_split(x->in, x->len, &u);
  size_t a = u.authority.offset, e = a + u.authority.length, n = 0;
  size_t end =
      rfc3986_span_defined(u.fragment) ? u.fragment.offset - 1 : x->len;
  if (!rfc3986_span_defined(u.authority))
    a = e = 0;
  char *t = malloc(3 * x->len + 2);
  if (!t)
    abort();
  for (size_t i = 0; i < end; i++) {
    if (i == a && a < e) {
      t[n++] = 'h';
      i = e - 1;
    } else if (x->in[i] == '%' &&
               !(i + 2 < end && is_hex((unsigned char)x->in[i + 1]) &&
                 is_hex((unsigned char)x->in[i + 2]))) {
      memcpy(t + n, "%25", 3);
      n += 3;
    } else {
      t[n++] = x->in[i];
    }
  }
  int ok =
      rfc3986_parse(t, n, RFC3986_RULE_URI_reference, &u, NULL) == RFC3986_OK;
  free(t);
  return ok;
}
/* Whatever RFC 3986 rejects in the input is in its path, query or
 * fragment: it reads the scheme and authority Appendix B splits off,
 * without them (libevent's EVHTTP_URI_NONCONFORMANT checks no more) */
COND(c_input_scheme_authority_valid) {
  rfc3986_uri u;
  rfc3986_split(x->in, x->len, &u);
  size_t n = u.path.offset;
  return rfc3986_parse(x->in, n, RFC3986_RULE_URI_reference, &u, NULL) ==
         RFC3986_OK;
}
COND(c_input_starts_with_digit) {
  return x->len > 0 && x->in[0] >= '0' && x->in[0] <= '9';
}
/* the port as written has a leading zero ("080") */
COND(c_ref_port_leading_zero) {
  return is_defined(x->ref, RFC3986_COMPONENT_PORT) &&
         val(x->ref, RFC3986_COMPONENT_PORT)->len > 1 &&
         vptr(x->ref, RFC3986_COMPONENT_PORT)[0] == '0';
}
/* the component holds a pct-encoded octet (or "%") on the reference side */
COND(c_ref_comp_has_pct) {
  return x->comp >= 0 && is_defined(x->ref, x->comp) &&
         memchr(vptr(x->ref, x->comp), '%', val(x->ref, x->comp)->len);
}
/* the reference's path has a dot segment ("." or ".." between slashes) */
COND(c_ref_path_dot_segment) {
  return is_defined(x->ref, RFC3986_COMPONENT_PATH) &&
         has_dot_segment(vptr(x->ref, RFC3986_COMPONENT_PATH),
                         val(x->ref, RFC3986_COMPONENT_PATH)->len);
}
COND(c_input_dot_segment) {
  return has_dot_segment(x->in, x->len);
}
COND(c_input_empty) {
  return x->len == 0;
}
/* a same-document reference: empty or only a fragment (4.4) */
COND(c_input_same_document) {
  return x->len == 0 || x->in[0] == '#';
}
COND(c_input_double_slash) {
  for (size_t i = 0; i + 1 < x->len; i++)
    if (x->in[i] == '/' && x->in[i + 1] == '/')
      return 1;
  return 0;
}
/* a ":" before any "/", "?" or "#" whose prefix is not a scheme ("1http:",
 * "-h:", "://x"): neither a URI nor a relative-ref (path-noscheme) */
COND(c_input_invalid_scheme_prefix) {
  for (size_t i = 0; i < x->len; i++) {
    char c = x->in[i];
    if (c == '/' || c == '?' || c == '#')
      return 0;
    if (c == ':') {
      if (i == 0)
        return 1;
      char f = x->in[0];
      if (!((f >= 'A' && f <= 'Z') || (f >= 'a' && f <= 'z')))
        return 1;
      for (size_t j = 1; j < i; j++) {
        char d = x->in[j];
        if (!((d >= 'A' && d <= 'Z') || (d >= 'a' && d <= 'z') ||
              (d >= '0' && d <= '9') || d == '+' || d == '-' || d == '.'))
          return 1;
      }
      return 0;
    }
  }
  return 0;
}
/* resolve: the library's target is the reference's without its empty
 * query ("?" right before "#" or at the end) */
COND(c_lib_target_drops_empty_query) {
  const struct value *a = &x->ref->output, *b = &x->lib->output;
  if (a->state != VALUE_OCTETS || b->state != VALUE_OCTETS ||
      a->len != b->len + 1)
    return 0;
  const char *p = a->s, *q = b->s;
  const char *h = memchr(p, '#', a->len);
  size_t qm = (h ? (size_t)(h - p) : a->len);
  if (qm == 0 || p[qm - 1] != '?')
    return 0;
  qm--;
  return memcmp(p, q, qm) == 0 &&
         memcmp(p + qm + 1, q + qm, a->len - qm - 1) == 0;
}
/* resolve: the reference's target has scheme "file" */
COND(c_target_scheme_file) {
  const struct value *a = &x->ref->output;
  if (a->state != VALUE_OCTETS || a->len < 5)
    return 0;
  const char *p = a->s;
  return lc((unsigned char)p[0]) == 'f' && lc((unsigned char)p[1]) == 'i' &&
         lc((unsigned char)p[2]) == 'l' && lc((unsigned char)p[3]) == 'e' &&
         p[4] == ':';
}
COND(c_input_query_or_fragment) {
  return memchr(x->in, '?', x->len) || memchr(x->in, '#', x->len);
}
/* The oracle's hazard bits for this resolution (or, without a base, this
 * syntax-based normalization). */
static unsigned oracle_hazard(const struct cond_ctx *x) {
  size_t n = 0;
  unsigned hazard = 0;
  size_t cap = x->base ? RFC3986_RESOLVE_MAX(x->base_len, x->len) : x->len + 1;
  char *out = malloc(cap ? cap : 1);
  if (!out)
    abort();
  if (x->base)
    (void)rfc3986_resolve(x->base, x->base_len, x->in, x->len,
                          RFC3986_RESOLVE_STRIP_BASE_FRAGMENT, out, cap, &n,
                          &hazard, NULL);
  else
    (void)rfc3986_normalize(x->in, x->len, RFC3986_LEVEL_SYNTAX, out, cap, &n,
                            &hazard, NULL);
  free(out);
  return hazard;
}
/* the oracle reports a hazard: its output would reparse differently, or
 * (normalize) no longer means what the input did */
COND(c_reference_hazard) {
  return oracle_hazard(x) != 0;
}
/* the oracle's output has a first segment that would read as a scheme */
COND(c_reference_hazard_scheme_like) {
  return (oracle_hazard(x) & RFC3986_HAZARD_SEGMENT_LOOKS_LIKE_SCHEME) != 0;
}
/* The reference's target, parsed into U (its octets in *P); 0 when there is
 * none or it does not parse. */
static int ref_target(const struct cond_ctx *x, rfc3986_uri *u,
                      const char **p) {
  const struct value *a = &x->ref->output;
  if (a->state != VALUE_OCTETS)
    return 0;
  *p = a->s;
  return rfc3986_parse(*p, a->len, RFC3986_RULE_URI_reference, u, NULL) ==
         RFC3986_OK;
}
/* The number of empty segments the target's path begins with (0, 1 for
 * "/x", 2 for "//x", 3 for "///"...): how many "/" it begins with. */
static size_t target_leading_slashes(const struct cond_ctx *x) {
  rfc3986_uri u;
  const char *p;
  size_t n = 0;
  if (ref_target(x, &u, &p))
    while (n < u.path.length && p[u.path.offset + n] == '/')
      n++;
  return n;
}
/* resolve: the reference's target has a path that begins with "//" */
COND(c_target_path_double_slash) {
  return target_leading_slashes(x) >= 2;
}
/* resolve: the reference's target path begins with two empty segments:
 * it is "//" or begins with "///" */
COND(c_target_path_two_empty_segments) {
  rfc3986_uri u;
  const char *p;
  size_t n = target_leading_slashes(x);
  return n >= 3 || (n == 2 && ref_target(x, &u, &p) && u.path.length == 2);
}
/* resolve: the reference's target has the path "/" */
COND(c_target_path_root) {
  rfc3986_uri u;
  const char *p;
  return ref_target(x, &u, &p) && u.path.length == 1;
}
/* resolve: the reference's target has an IPv6 literal host */
COND(c_target_host_ipv6) {
  rfc3986_uri u;
  const char *p;
  return ref_target(x, &u, &p) && u.host_type == RFC3986_HOST_IPV6ADDRESS;
}
/* resolve: the reference's target has an authority with an empty host
 * ("p:///.6": a base "p://") */
COND(c_target_host_empty) {
  rfc3986_uri u;
  const char *p;
  return ref_target(x, &u, &p) && rfc3986_span_defined(u.host) &&
         u.host.length == 0;
}
/* resolve: the reference's target has a host with a "%" in it (a
 * pct-encoded octet: "http://%255c/d") */
COND(c_target_host_has_pct) {
  rfc3986_uri u;
  const char *p;
  return ref_target(x, &u, &p) && rfc3986_span_defined(u.host) &&
         memchr(p + u.host.offset, '%', u.host.length) != NULL;
}
/* resolve: the base has a dot segment */
COND(c_base_dot_segment) {
  return x->base && uri_has_dot_segment(x->base, x->base_len);
}
/* resolve: the base has a dot segment written with "%2E" ("/%2E/", "/.%2e/"),
 * which 5.2.4 leaves (it matches the dots as written) */
COND(c_base_pct_dot_segment) {
  return x->base && has_dot_segment_of(x->base, x->base_len, 1);
}
/* resolve: the base has a fragment (5.1 strips it before use) */
COND(c_base_has_fragment) {
  return x->base && memchr(x->base, '#', x->base_len) != NULL;
}
/* the input begins with a scheme of more than 40 octets, then ":" */
COND(c_input_scheme_long) {
  const char *c = memchr(x->in, ':', x->len);
  return c && c - x->in > 40 && !c_input_invalid_scheme_prefix(x);
}
/* the scheme is longer than 40 octets (curl's MAX_SCHEME_LEN) */
COND(c_ref_scheme_long) {
  return is_defined(x->ref, RFC3986_COMPONENT_SCHEME) &&
         val(x->ref, RFC3986_COMPONENT_SCHEME)->len > 40;
}
/* resolve: an empty segment ("//") in the base's or the reference's path */
COND(c_empty_segment) {
  return path_has_empty_segment(x->in, x->len) ||
         (x->base && path_has_empty_segment(x->base, x->base_len));
}
/* Output B is output A with one "/" added at the end of A's path (before
 * its "?" or "#"). */
static int output_plus_slash(const struct value *a, const struct value *b) {
  if (a->state != VALUE_OCTETS || b->state != VALUE_OCTETS ||
      b->len != a->len + 1)
    return 0;
  const char *p = a->s, *q = b->s;
  size_t n = a->len, cut = n; /* before "?" or "#" of A */
  for (size_t i = 0; i < n; i++)
    if (p[i] == '?' || p[i] == '#') {
      cut = i;
      break;
    }
  return memcmp(p, q, cut) == 0 && q[cut] == '/' &&
         memcmp(p + cut, q + cut + 1, n - cut) == 0;
}
/* resolve: the library's target is the reference's plus "/" */
COND(c_lib_target_adds_slash) {
  return output_plus_slash(&x->ref->output, &x->lib->output);
}
/* resolve, normalize: the library's output is the reference's without the
 * "/" that ends its path */
COND(c_lib_target_drops_slash) {
  return output_plus_slash(&x->lib->output, &x->ref->output);
}
/* the input begins with a scheme of one letter, then ":" ("s://h", "C:/x":
 * what a library that needs two letters, or reads a drive letter, refuses) */
COND(c_input_scheme_one_letter) {
  return scheme_len(x->in, x->len) == 1;
}
/* resolve: the reference (second string) has a scheme */
COND(c_ref_string_absolute) {
  return scheme_len(x->in, x->len) > 0;
}
/* resolve: the base has no scheme (a relative reference, where RFC 3986
 * 5.1 wants an absolute URI) */
COND(c_base_relative) {
  return x->base && scheme_len(x->base, x->base_len) == 0;
}
/* resolve: the library's target is the reference's without its port: the
 * ":" and the digits after the host, an empty port ("h:") included */
COND(c_lib_target_drops_port) {
  const struct value *a = &x->ref->output, *b = &x->lib->output;
  if (a->state != VALUE_OCTETS || b->state != VALUE_OCTETS || a->len <= b->len)
    return 0;
  const char *p = a->s, *q = b->s;
  size_t n = a->len, i = scheme_len(p, n);
  if (i == 0 || n < i + 3 || p[i + 1] != '/' || p[i + 2] != '/')
    return 0;
  size_t end = i + 3;
  while (end < n && p[end] != '/' && p[end] != '?' && p[end] != '#')
    end++;
  size_t colon = end;
  while (colon > i + 3 && p[colon - 1] >= '0' && p[colon - 1] <= '9')
    colon--;
  if (colon == i + 3 || p[--colon] != ':')
    return 0;
  return b->len == n - (end - colon) && memcmp(p, q, colon) == 0 &&
         memcmp(p + end, q + colon, n - end) == 0;
}
/* resolve: the base's authority begins with "@" (an empty userinfo) */
COND(c_base_userinfo_empty) {
  const char *b = x->base;
  size_t i = b ? scheme_len(b, x->base_len) : 0;
  i += i > 0; /* past the ":" */
  return b && i + 2 < x->base_len && b[i] == '/' && b[i + 1] == '/' &&
         b[i + 2] == '@';
}
/* the input (for resolve: the reference) has no scheme */
static int c_ref_string_absolute(const struct cond_ctx *x);
COND(c_reference_relative) {
  return !c_ref_string_absolute(x);
}
/* resolve: the base (or target) has no authority ("a:b") */
COND(c_base_no_authority) {
  const char *c = x->base ? memchr(x->base, ':', x->base_len) : NULL;
  if (!c)
    return 0;
  size_t rest = x->base_len - (size_t)(c - x->base) - 1;
  return !(rest >= 2 && c[1] == '/' && c[2] == '/');
}
/* resolve: the base (or target) has an authority ("a://h/b") */
COND(c_base_has_authority) {
  return x->base && memchr(x->base, ':', x->base_len) &&
         !c_base_no_authority(x);
}
/* resolve: the base's path is rootless or empty ("a:b/c", "a:", "a:?q") */
COND(c_base_path_rootless) {
  const char *c = x->base ? memchr(x->base, ':', x->base_len) : NULL;
  if (!c)
    return 0;
  size_t i = (size_t)(c - x->base) + 1;
  return i >= x->base_len || x->base[i] != '/';
}
/* resolve: the reference has a scheme and a rootless or empty path ("E:../b") */
COND(c_reference_path_rootless) {
  if (!c_ref_string_absolute(x))
    return 0;
  size_t i = (size_t)((const char *)memchr(x->in, ':', x->len) - x->in) + 1;
  return i >= x->len || x->in[i] != '/';
}
/* resolve: the targets differ only in ASCII case somewhere */
COND(c_target_differs_in_case) {
  if (!x->ref->output.state || !x->lib->output.state ||
      x->ref->output.len != x->lib->output.len)
    return 0;
  const char *p = x->ref->output.s;
  const char *q = x->lib->output.s;
  for (size_t i = 0; i < x->ref->output.len; i++)
    if (lc((unsigned char)p[i]) != lc((unsigned char)q[i]))
      return 0;
  return memcmp(p, q, x->ref->output.len) != 0; /* and they differ */
}

/* resolve: the library's reading of the base alone diverges, as listed */
COND(c_base_parse_divergence_known) {
  return x->base && x->parse_known && x->parse_known(x->base, x->base_len);
}
/* resolve: the reference's target, parsed by the library, diverges as
 * listed (curl re-serializes what it parses: case, IPv6, pct in hosts) */
COND(c_target_parse_divergence_known) {
  if (x->ref->output.state != VALUE_OCTETS)
    return 0;
  /* copy: parse_divergence_known reuses the aux readings only */
  return x->parse_known && x->parse_known(x->ref->output.s, x->ref->output.len);
}
/* resolve: the reference string, parsed alone by the library, diverges as
 * listed */
COND(c_input_parse_divergence_known) {
  return x->parse_known && x->parse_known(x->in, x->len);
}

/* resolve: the input or the base holds an octet that is in no rule of
 * Appendix A (input-not-uri-char, on either string) */
COND(c_input_or_base_not_uri_char) {
  return has_octet(x->in, x->len, o_not_uri_char) ||
         (x->base && has_octet(x->base, x->base_len, o_not_uri_char));
}
/* resolve: the input or the base holds a "%" not followed by two HEXDIG */
COND(c_input_or_base_bad_pct) {
  return has_bad_pct(x->in, x->len) ||
         (x->base && has_bad_pct(x->base, x->base_len));
}
/* resolve: the input or the base holds "%00" or "%2F" (an encoded NUL or
 * "/": a library that decodes the path into a C string cuts it there, or
 * takes a delimiter) */
static int has_pct_delim(const char *s, size_t n) {
  for (size_t i = 0; i + 2 < n; i++)
    if (s[i] == '%' &&
        ((s[i + 1] == '0' && s[i + 2] == '0') ||
         (s[i + 1] == '2' && lc((unsigned char)s[i + 2]) == 'f')))
      return 1;
  return 0;
}
COND(c_input_or_base_pct_delim) {
  return has_pct_delim(x->in, x->len) ||
         (x->base && has_pct_delim(x->base, x->base_len));
}
/* resolve: the base is no URI for the reference (5.2.1 has no base) */
COND(c_base_invalid) {
  rfc3986_uri u;
  return x->base && rfc3986_parse(x->base, x->base_len, RFC3986_RULE_URI, &u,
                                  NULL) != RFC3986_OK;
}
/* resolve: the input or the base holds a second "#" */
COND(c_input_or_base_second_hash) {
  return has_second_hash(x->in, x->len) ||
         (x->base && has_second_hash(x->base, x->base_len));
}
/* resolve: the input or the base holds "[" or "]" */
COND(c_input_or_base_bracket) {
  return has_octet(x->in, x->len, o_bracket) ||
         (x->base && has_octet(x->base, x->base_len, o_bracket));
}

/* no base: a parse of the input alone (not against a base, as WHATWG's
 * tests parse), or a normalize */
COND(c_no_base) {
  return !x->base && !x->parse_base;
}

int condition_reads_answer(const char *name) {
  static const char *const answer[] = {"numeric-ipv4-form", "ref-empty",
                                       "ref-undefined",
                                       "ref-component-has-pct"};
  size_t n = strlen(name), k = strlen("-parse-divergence-known");
  if (!strncmp(name, "lib-", 4) ||
      (n > k && !strcmp(name + n - k, "-parse-divergence-known")))
    return 1;
  for (size_t i = 0; i < sizeof answer / sizeof *answer; i++)
    if (!strcmp(name, answer[i]))
      return 1;
  return 0;
}

static const struct cond_entry conditions[] = {
    {"base-parse-divergence-known", c_base_parse_divergence_known},
    {"target-parse-divergence-known", c_target_parse_divergence_known},
    {"reference-parse-divergence-known", c_input_parse_divergence_known},
    {"ref-relative", c_ref_relative},
    {"ref-no-authority", c_ref_no_authority},
    {"ref-has-authority", c_ref_has_authority},
    {"ref-empty", c_ref_empty},
    {"ref-undefined", c_ref_undefined},
    {"lib-undefined", c_lib_undefined},
    {"lib-empty", c_lib_empty},
    {"lib-slash", c_lib_slash},
    {"lib-lowercased", c_lib_lowercased},
    {"numeric-ipv4-form", c_numeric_ipv4_form},
    {"ref-ipv6", c_ref_ipv6},
    {"ref-ipvfuture", c_ref_ipvfuture},
    {"ref-ipv4", c_ref_ipv4},
    {"ref-reg-name", c_ref_reg_name},
    {"ref-port-above-65535", c_ref_port_above_65535},
    {"ref-port-empty", c_ref_port_empty},
    {"ref-host-empty", c_ref_host_empty},
    {"ref-userinfo-defined", c_ref_userinfo_defined},
    {"ref-path-empty", c_ref_path_empty},
    {"ref-path-dot-segment", c_ref_path_dot_segment},
    {"ref-component-has-pct", c_ref_comp_has_pct},
    {"input-non-ascii", c_input_non_ascii},
    {"input-control-or-space", c_input_control_or_space},
    {"input-not-uri-char", c_input_not_uri_char},
    {"input-backslash", c_input_backslash},
    {"input-pct", c_input_pct},
    {"input-bad-pct", c_input_bad_pct},
    {"input-bracket", c_input_bracket},
    {"input-dot-segment", c_input_dot_segment},
    {"input-empty", c_input_empty},
    {"target-host-ipv6", c_target_host_ipv6},
    {"target-host-empty", c_target_host_empty},
    {"target-host-has-pct", c_target_host_has_pct},
    {"target-path-root", c_target_path_root},
    {"reference-hazard", c_reference_hazard},
    {"reference-hazard-scheme-like", c_reference_hazard_scheme_like},
    {"target-path-double-slash", c_target_path_double_slash},
    {"target-path-two-empty-segments", c_target_path_two_empty_segments},
    {"input-query-or-fragment", c_input_query_or_fragment},
    {"target-scheme-file", c_target_scheme_file},
    {"input-scheme-long", c_input_scheme_long},
    {"input-scheme-one-letter", c_input_scheme_one_letter},
    {"lib-target-drops-empty-query", c_lib_target_drops_empty_query},
    {"base-dot-segment", c_base_dot_segment},
    {"base-pct-dot-segment", c_base_pct_dot_segment},
    {"base-has-fragment", c_base_has_fragment},
    {"input-invalid-scheme-prefix", c_input_invalid_scheme_prefix},
    {"ref-scheme-long", c_ref_scheme_long},
    {"empty-segment", c_empty_segment},
    {"input-same-document", c_input_same_document},
    {"input-double-slash", c_input_double_slash},
    {"lib-target-adds-slash", c_lib_target_adds_slash},
    {"lib-target-drops-slash", c_lib_target_drops_slash},
    {"input-second-hash", c_input_second_hash},
    {"input-starts-with-digit", c_input_starts_with_digit},
    {"input-scheme-path-query-valid", c_input_scheme_path_query_valid},
    {"input-scheme-authority-valid", c_input_scheme_authority_valid},
    {"ref-host-sub-delim", c_ref_host_sub_delim},
    {"ref-host-has-pct", c_ref_host_has_pct},
    {"ref-scheme-file", c_ref_scheme_file},
    {"ref-scheme-not-special", c_ref_scheme_not_special},
    {"ref-port-leading-zero", c_ref_port_leading_zero},
    {"reference-absolute", c_ref_string_absolute},
    {"base-relative", c_base_relative},
    {"lib-target-drops-port", c_lib_target_drops_port},
    {"base-no-authority", c_base_no_authority},
    {"base-has-authority", c_base_has_authority},
    {"reference-relative", c_reference_relative},
    {"base-path-rootless", c_base_path_rootless},
    {"reference-path-rootless", c_reference_path_rootless},
    {"target-differs-in-case", c_target_differs_in_case},
    {"input-or-base-not-uri-char", c_input_or_base_not_uri_char},
    {"input-or-base-bracket", c_input_or_base_bracket},
    {"input-or-base-bad-pct", c_input_or_base_bad_pct},
    {"input-or-base-second-hash", c_input_or_base_second_hash},
    {"input-utf8-non-ascii", c_input_utf8_non_ascii},
    {"input-pct-decoded-utf8", c_input_pct_decoded_utf8},
    {"base-userinfo-empty", c_base_userinfo_empty},
    {"input-or-base-pct-delim", c_input_or_base_pct_delim},
    {"base-invalid", c_base_invalid},
    {"no-base", c_no_base},
    {"input-utf8", c_input_utf8},
    {"input-rejected", c_input_rejected},
};

cond_fn condition_named(const char *name) {
  cond_fn f =
      cond_lookup(conditions, sizeof conditions / sizeof conditions[0], name);
  return f ? f : condition_named_lib(name);
}

cond_fn cond_lookup(const struct cond_entry *t, size_t n, const char *name) {
  for (size_t i = 0; i < n; i++)
    if (strcmp(t[i].name, name) == 0)
      return t[i].fn;
  return NULL;
}

const char *condition_nth(size_t i) {
  return i < sizeof conditions / sizeof *conditions ? conditions[i].name : NULL;
}
