/*
 * conditions.c: the condition vocabulary of behaviours.json
 * (adapters/NAME/behaviours.json, adapters/BEHAVIOURS.md): named predicates
 * over one disagreement between the reference's reading and a library's,
 * and the rule that says whether a behaviour explains a disagreement.  The
 * one implementation: the harness (attributing results) and the
 * differential fuzz targets (explaining findings) both evaluate it.
 */
#include "conditions.h"

#include <arpa/inet.h>
#include <regex.h>
#include <stdlib.h>
#include <string.h>

#include "rfc3986.h"

/* ---- values --------------------------------------------------------- */

static const struct adapter_value *val(const struct adapter_reading *r, int c) {
  return &r->comp[c];
}
static const char *vptr(const struct adapter_reading *r, int c) {
  return reading_value(r, val(r, c));
}
static int is_defined(const struct adapter_reading *r, int c) {
  return val(r, c)->state == AV_DEFINED;
}
static int value_is(const struct adapter_reading *r, int c, const char *s) {
  return is_defined(r, c) && val(r, c)->length == strlen(s) &&
         memcmp(vptr(r, c), s, val(r, c)->length) == 0;
}
static int has_octet(const char *s, size_t n, int (*pred)(unsigned char)) {
  for (size_t i = 0; i < n; i++)
    if (pred((unsigned char)s[i]))
      return 1;
  return 0;
}
static int lc(unsigned char c) {
  return c >= 'A' && c <= 'Z' ? c + 32 : c;
}

#define COND(name) static int name(const struct cond_ctx *x)

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
         val(x->ref, x->comp)->length == 0;
}
COND(c_ref_undefined) {
  return x->comp >= 0 && val(x->ref, x->comp)->state == AV_UNDEFINED;
}
COND(c_lib_undefined) {
  return x->comp >= 0 && val(x->lib, x->comp)->state == AV_UNDEFINED;
}
COND(c_lib_empty) {
  return x->comp >= 0 && is_defined(x->lib, x->comp) &&
         val(x->lib, x->comp)->length == 0;
}
COND(c_lib_slash) {
  return x->comp >= 0 && value_is(x->lib, x->comp, "/");
}
/* the library's value is the reference's, ASCII lower-cased */
COND(c_lib_lowercased) {
  if (x->comp < 0 || !is_defined(x->ref, x->comp) ||
      !is_defined(x->lib, x->comp))
    return 0;
  const struct adapter_value *a = val(x->ref, x->comp),
                             *b = val(x->lib, x->comp);
  if (a->length != b->length)
    return 0;
  const char *p = vptr(x->ref, x->comp), *q = vptr(x->lib, x->comp);
  for (size_t i = 0; i < a->length; i++)
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
  size_t n = val(x->ref, RFC3986_COMPONENT_PORT)->length, v = 0;
  for (size_t i = 0; i < n; i++) {
    v = v * 10 + (size_t)(p[i] - '0');
    if (v > 65535)
      return 1;
  }
  return 0;
}
COND(c_ref_port_empty) {
  return is_defined(x->ref, RFC3986_COMPONENT_PORT) &&
         val(x->ref, RFC3986_COMPONENT_PORT)->length == 0;
}
COND(c_ref_host_empty) {
  return is_defined(x->ref, RFC3986_COMPONENT_HOST) &&
         val(x->ref, RFC3986_COMPONENT_HOST)->length == 0;
}
COND(c_ref_userinfo_defined) {
  return is_defined(x->ref, RFC3986_COMPONENT_USERINFO);
}
COND(c_ref_path_empty) {
  return is_defined(x->ref, RFC3986_COMPONENT_PATH) &&
         val(x->ref, RFC3986_COMPONENT_PATH)->length == 0;
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
static int is_hex(unsigned char c) {
  return (c >= '0' && c <= '9') || (c >= 'A' && c <= 'F') ||
         (c >= 'a' && c <= 'f');
}
static int o_backslash(unsigned char c) {
  return c == '\\';
}
COND(c_input_non_ascii) {
  return has_octet(x->in, x->len, o_non_ascii);
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
/* a "%" not followed by two HEXDIG (2.1) */
COND(c_input_bad_pct) {
  for (size_t i = 0; i < x->len; i++)
    if (x->in[i] == '%' &&
        (i + 2 >= x->len || !is_hex((unsigned char)x->in[i + 1]) ||
         !is_hex((unsigned char)x->in[i + 2])))
      return 1;
  return 0;
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
                   val(x->ref, RFC3986_COMPONENT_HOST)->length, o_sub_delim);
}
COND(c_ref_host_has_pct) {
  return is_defined(x->ref, RFC3986_COMPONENT_HOST) &&
         memchr(vptr(x->ref, RFC3986_COMPONENT_HOST), '%',
                val(x->ref, RFC3986_COMPONENT_HOST)->length);
}
COND(c_input_bracket) {
  return has_octet(x->in, x->len, o_bracket);
}
COND(c_ref_scheme_file) {
  if (!is_defined(x->ref, RFC3986_COMPONENT_SCHEME) ||
      val(x->ref, RFC3986_COMPONENT_SCHEME)->length != 4)
    return 0;
  const char *p = vptr(x->ref, RFC3986_COMPONENT_SCHEME);
  return lc((unsigned char)p[0]) == 'f' && lc((unsigned char)p[1]) == 'i' &&
         lc((unsigned char)p[2]) == 'l' && lc((unsigned char)p[3]) == 'e';
}
/* a second "#" (fragment holding "#") */
COND(c_input_second_hash) {
  const char *h = memchr(x->in, '#', x->len);
  return h && memchr(h + 1, '#', x->len - (size_t)(h - x->in) - 1);
}
COND(c_input_starts_with_digit) {
  return x->len > 0 && x->in[0] >= '0' && x->in[0] <= '9';
}
/* the port as written has a leading zero ("080") */
COND(c_ref_port_leading_zero) {
  return is_defined(x->ref, RFC3986_COMPONENT_PORT) &&
         val(x->ref, RFC3986_COMPONENT_PORT)->length > 1 &&
         vptr(x->ref, RFC3986_COMPONENT_PORT)[0] == '0';
}
/* the component holds a pct-encoded octet (or "%") on the reference side */
COND(c_ref_comp_has_pct) {
  return x->comp >= 0 && is_defined(x->ref, x->comp) &&
         memchr(vptr(x->ref, x->comp), '%', val(x->ref, x->comp)->length);
}
/* A "." or ".." segment in P, the dots possibly written "%2E" (6.2.2.2
 * decodes them before 6.2.2.3 removes the segment). */
static size_t dot_at(const char *p, size_t n, size_t j) {
  if (j < n && p[j] == '.')
    return 1;
  if (j + 2 < n && p[j] == '%' && p[j + 1] == '2' &&
      (p[j + 2] == 'E' || p[j + 2] == 'e'))
    return 3;
  return 0;
}
static int has_dot_segment(const char *p, size_t n) {
  for (size_t i = 0; i < n; i++) {
    if (i > 0 && p[i - 1] != '/')
      continue;
    size_t j = i, dots = 0, w;
    while ((w = dot_at(p, n, j)) != 0)
      j += w, dots++;
    if ((dots == 1 || dots == 2) &&
        (j == n || p[j] == '/' || p[j] == '?' || p[j] == '#'))
      return 1;
  }
  return 0;
}
/* the reference's path has a dot segment ("." or ".." between slashes) */
COND(c_ref_path_dot_segment) {
  return is_defined(x->ref, RFC3986_COMPONENT_PATH) &&
         has_dot_segment(vptr(x->ref, RFC3986_COMPONENT_PATH),
                         val(x->ref, RFC3986_COMPONENT_PATH)->length);
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
  const struct adapter_value *a = &x->ref->output, *b = &x->lib->output;
  if (a->state != AV_DEFINED || b->state != AV_DEFINED ||
      a->length != b->length + 1)
    return 0;
  const char *p = reading_value(x->ref, a), *q = reading_value(x->lib, b);
  const char *h = memchr(p, '#', a->length);
  size_t qm = (h ? (size_t)(h - p) : a->length);
  if (qm == 0 || p[qm - 1] != '?')
    return 0;
  qm--;
  return memcmp(p, q, qm) == 0 &&
         memcmp(p + qm + 1, q + qm, a->length - qm - 1) == 0;
}
/* resolve: the reference's target has scheme "file" */
COND(c_target_scheme_file) {
  const struct adapter_value *a = &x->ref->output;
  if (a->state != AV_DEFINED || a->length < 5)
    return 0;
  const char *p = reading_value(x->ref, a);
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
  const struct adapter_value *a = &x->ref->output;
  if (a->state != AV_DEFINED)
    return 0;
  *p = reading_value(x->ref, a);
  return rfc3986_parse(*p, a->length, RFC3986_RULE_URI_reference, u, NULL) ==
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
/* resolve: the base has a dot segment */
COND(c_base_dot_segment) {
  return x->base && has_dot_segment(x->base, x->base_len);
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
         val(x->ref, RFC3986_COMPONENT_SCHEME)->length > 40;
}
/* "//" in the path part of S (after "scheme:" and "//authority") */
static int path_has_empty_segment(const char *s, size_t n) {
  size_t i = 0;
  const char *c = memchr(s, ':', n);
  const char *sl = memchr(s, '/', n);
  if (c && (!sl || c < sl))
    i = (size_t)(c - s) + 1;
  if (i + 1 < n && s[i] == '/' && s[i + 1] == '/') {
    i += 2;
    while (i < n && s[i] != '/' && s[i] != '?' && s[i] != '#')
      i++;
  }
  for (; i + 1 < n && s[i] != '?' && s[i] != '#'; i++)
    if (s[i] == '/' && s[i + 1] == '/')
      return 1;
  return 0;
}
/* resolve: an empty segment ("//") in the base's or the reference's path */
COND(c_empty_segment) {
  return path_has_empty_segment(x->in, x->len) ||
         (x->base && path_has_empty_segment(x->base, x->base_len));
}
/* Output B is output A with one "/" added at the end of A's path (before
 * its "?" or "#"). */
static int output_plus_slash(const struct adapter_reading *ra,
                             const struct adapter_value *a,
                             const struct adapter_reading *rb,
                             const struct adapter_value *b) {
  if (a->state != AV_DEFINED || b->state != AV_DEFINED ||
      b->length != a->length + 1)
    return 0;
  const char *p = reading_value(ra, a), *q = reading_value(rb, b);
  size_t n = a->length, cut = n; /* before "?" or "#" of A */
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
  return output_plus_slash(x->ref, &x->ref->output, x->lib, &x->lib->output);
}
/* resolve, normalize: the library's output is the reference's without the
 * "/" that ends its path */
COND(c_lib_target_drops_slash) {
  return output_plus_slash(x->lib, &x->lib->output, x->ref, &x->ref->output);
}
/* resolve: the reference (second string) has a scheme */
COND(c_ref_string_absolute) {
  for (size_t i = 0; i < x->len; i++) {
    char c = x->in[i];
    if (c == ':')
      return i > 0;
    if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
          (i > 0 &&
           ((c >= '0' && c <= '9') || c == '+' || c == '-' || c == '.'))))
      return 0;
  }
  return 0;
}
/* the input (for resolve: the reference) has no scheme */
static int c_ref_string_absolute(const struct cond_ctx *x);
COND(c_reference_relative) {
  return !c_ref_string_absolute(x);
}
/* resolve: the base (or target) has no authority ("a:b") */
COND(c_base_no_authority) {
  const char *c = memchr(x->base, ':', x->base_len);
  if (!c)
    return 0;
  size_t rest = x->base_len - (size_t)(c - x->base) - 1;
  return !(rest >= 2 && c[1] == '/' && c[2] == '/');
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
      x->ref->output.length != x->lib->output.length)
    return 0;
  const char *p = reading_value(x->ref, &x->ref->output);
  const char *q = reading_value(x->lib, &x->lib->output);
  for (size_t i = 0; i < x->ref->output.length; i++)
    if (lc((unsigned char)p[i]) != lc((unsigned char)q[i]))
      return 0;
  return memcmp(p, q, x->ref->output.length) != 0; /* and they differ */
}

/* resolve: the library's reading of the base alone diverges, as listed */
COND(c_base_parse_divergence_known) {
  return x->base && x->parse_known && x->parse_known(x->base, x->base_len);
}
/* resolve: the reference's target, parsed by the library, diverges as
 * listed (curl re-serializes what it parses: case, IPv6, pct in hosts) */
COND(c_target_parse_divergence_known) {
  if (x->ref->output.state != AV_DEFINED)
    return 0;
  /* copy: parse_divergence_known reuses the aux readings only */
  return x->parse_known &&
         x->parse_known(reading_value(x->ref, &x->ref->output),
                        x->ref->output.length);
}
/* resolve: the reference string, parsed alone by the library, diverges as
 * listed */
COND(c_input_parse_divergence_known) {
  return x->parse_known && x->parse_known(x->in, x->len);
}

/* the library's output (resolve, normalize) has a "." or ".." segment */
COND(c_lib_output_dot_segment) {
  const struct adapter_value *b = &x->lib->output;
  return b->state == AV_DEFINED &&
         has_dot_segment(reading_value(x->lib, b), b->length);
}
/* The value of S (N octets) with every "%XX" decoded into OUT (room for
 * N); its length. */
static size_t pct_decoded(const char *s, size_t n, char *out) {
  size_t k = 0;
  for (size_t i = 0; i < n; i++) {
    if (s[i] == '%' && i + 2 < n && is_hex((unsigned char)s[i + 1]) &&
        is_hex((unsigned char)s[i + 2])) {
      char h[3] = {s[i + 1], s[i + 2], 0};
      out[k++] = (char)strtol(h, NULL, 16);
      i += 2;
    } else {
      out[k++] = s[i];
    }
  }
  return k;
}
/* the component differs as written but not once percent-decoded */
COND(c_lib_same_decoded) {
  if (x->comp < 0 || !is_defined(x->ref, x->comp) ||
      !is_defined(x->lib, x->comp))
    return 0;
  const struct adapter_value *a = val(x->ref, x->comp),
                             *b = val(x->lib, x->comp);
  const char *p = vptr(x->ref, x->comp), *q = vptr(x->lib, x->comp);
  if (a->length == b->length && !memcmp(p, q, a->length))
    return 0;
  char *da = malloc(a->length + 1), *db = malloc(b->length + 1);
  if (!da || !db)
    abort();
  size_t na = pct_decoded(p, a->length, da), nb = pct_decoded(q, b->length, db);
  int same = na == nb && !memcmp(da, db, na);
  free(da);
  free(db);
  return same;
}
/* the component differs only in ASCII case */
COND(c_lib_case_differs) {
  if (x->comp < 0 || !is_defined(x->ref, x->comp) ||
      !is_defined(x->lib, x->comp))
    return 0;
  const struct adapter_value *a = val(x->ref, x->comp),
                             *b = val(x->lib, x->comp);
  const char *p = vptr(x->ref, x->comp), *q = vptr(x->lib, x->comp);
  if (a->length != b->length || !memcmp(p, q, a->length))
    return 0;
  for (size_t i = 0; i < a->length; i++)
    if (lc((unsigned char)p[i]) != lc((unsigned char)q[i]))
      return 0;
  return 1;
}
/* the library's component is the reference's with a delimiter before or
 * after it ("?q" for "q", "#f", ":80", "u@", "/p") */
COND(c_lib_adds_delimiter) {
  if (x->comp < 0 || !is_defined(x->ref, x->comp) ||
      !is_defined(x->lib, x->comp))
    return 0;
  const struct adapter_value *a = val(x->ref, x->comp),
                             *b = val(x->lib, x->comp);
  const char *p = vptr(x->ref, x->comp), *q = vptr(x->lib, x->comp);
  if (b->length != a->length + 1)
    return 0;
  if (strchr("?#:@/", q[0]) && !memcmp(q + 1, p, a->length))
    return 1;
  return strchr(":@/", q[a->length]) && !memcmp(q, p, a->length);
}

/* "//" in the path of a target or normal form S (after its authority) */
static int output_has_empty_segment(const char *s, size_t n) {
  return path_has_empty_segment(s, n);
}
/* the reference's output keeps an empty segment ("//") in its path, the
 * library's has none: the library collapsed it */
COND(c_lib_collapses_empty_segment) {
  const struct adapter_value *a = &x->ref->output, *b = &x->lib->output;
  return a->state == AV_DEFINED && b->state == AV_DEFINED &&
         output_has_empty_segment(reading_value(x->ref, a), a->length) &&
         !output_has_empty_segment(reading_value(x->lib, b), b->length);
}

/* the library's output (resolve, normalize) is the reference's with one or
 * more "/" left out and nothing else changed (empty segments collapsed) */
COND(c_lib_drops_slashes) {
  const struct adapter_value *a = &x->ref->output, *b = &x->lib->output;
  if (a->state != AV_DEFINED || b->state != AV_DEFINED ||
      b->length >= a->length)
    return 0;
  const char *p = reading_value(x->ref, a), *q = reading_value(x->lib, b);
  size_t j = 0;
  for (size_t i = 0; i < a->length; i++) {
    if (j < b->length && p[i] == q[j])
      j++;
    else if (p[i] != '/')
      return 0;
  }
  return j == b->length;
}
/* The 128 bits of the IPv6 literal "[...]" S (N octets; a zone ID after
 * "%" is left out) into OUT: 1, or 0 when S is not one. */
static int ipv6_literal(const char *s, size_t n, unsigned char out[16]) {
  char t[64];
  if (n < 2 || s[0] != '[' || s[n - 1] != ']' || n - 2 >= sizeof t)
    return 0;
  memcpy(t, s + 1, n - 2);
  t[n - 2] = 0;
  char *zone = strchr(t, '%');
  if (zone)
    *zone = 0;
  return inet_pton(AF_INET6, t, out) == 1;
}
/* the host is an IPv6 literal on both sides, written otherwise but naming
 * the same address ("[1::]" for "[1:0::]", RFC 4291 2.2 text forms) */
COND(c_lib_ipv6_same_address) {
  const int h = RFC3986_COMPONENT_HOST;
  unsigned char a[16], b[16];
  if (!is_defined(x->ref, h) || !is_defined(x->lib, h))
    return 0;
  size_t na = val(x->ref, h)->length, nb = val(x->lib, h)->length;
  const char *p = vptr(x->ref, h), *q = vptr(x->lib, h);
  return (na != nb || memcmp(p, q, na) != 0) && ipv6_literal(p, na, a) &&
         ipv6_literal(q, nb, b) && memcmp(a, b, 16) == 0;
}

static const struct {
  const char *name;
  int (*fn)(const struct cond_ctx *);
} conditions[] = {
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
    {"target-path-root", c_target_path_root},
    {"reference-hazard", c_reference_hazard},
    {"reference-hazard-scheme-like", c_reference_hazard_scheme_like},
    {"target-path-double-slash", c_target_path_double_slash},
    {"target-path-two-empty-segments", c_target_path_two_empty_segments},
    {"input-query-or-fragment", c_input_query_or_fragment},
    {"target-scheme-file", c_target_scheme_file},
    {"input-scheme-long", c_input_scheme_long},
    {"lib-target-drops-empty-query", c_lib_target_drops_empty_query},
    {"base-dot-segment", c_base_dot_segment},
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
    {"ref-host-sub-delim", c_ref_host_sub_delim},
    {"ref-host-has-pct", c_ref_host_has_pct},
    {"ref-scheme-file", c_ref_scheme_file},
    {"ref-port-leading-zero", c_ref_port_leading_zero},
    {"reference-absolute", c_ref_string_absolute},
    {"base-no-authority", c_base_no_authority},
    {"reference-relative", c_reference_relative},
    {"base-path-rootless", c_base_path_rootless},
    {"reference-path-rootless", c_reference_path_rootless},
    {"target-differs-in-case", c_target_differs_in_case},
    {"lib-output-dot-segment", c_lib_output_dot_segment},
    {"lib-same-decoded", c_lib_same_decoded},
    {"lib-case-differs", c_lib_case_differs},
    {"lib-adds-delimiter", c_lib_adds_delimiter},
    {"lib-collapses-empty-segment", c_lib_collapses_empty_segment},
    {"lib-ipv6-same-address", c_lib_ipv6_same_address},
    {"lib-drops-slashes", c_lib_drops_slashes},
};

cond_fn condition_named(const char *name) {
  for (size_t i = 0; i < sizeof conditions / sizeof conditions[0]; i++)
    if (strcmp(conditions[i].name, name) == 0)
      return conditions[i].fn;
  return NULL;
}

/* ---- behaviours ------------------------------------------------------- */

const char *behaviour_class_of_kind(const char *kind) {
  static const char *const map[][2] = {
      {"library-rejects", "SHOULD_HAVE_ACCEPTED"},
      {"library-accepts", "SHOULD_HAVE_REJECTED"},
      {"component", "COMPONENT_MISMATCH"},
      {"target", "RESOLVE_MISMATCH"},
      {"normalized", "NORMALIZE_MISMATCH"}};
  for (size_t i = 0; i < sizeof map / sizeof map[0]; i++)
    if (!strcmp(map[i][0], kind))
      return map[i][1];
  return kind;
}

/* 1 when NAME is in the comma-separated CSV. */
int behaviour_lists(const char *csv, const char *name) {
  size_t n = strlen(name);
  for (const char *p = csv; *p;) {
    const char *e = strchr(p, ',');
    size_t l = e ? (size_t)(e - p) : strlen(p);
    if (l == n && memcmp(p, name, n) == 0)
      return 1;
    p += l + (e != NULL);
  }
  return 0;
}

/* The input regular expression: a NUL octet ends the subject. */
static int input_matches(const regex_t *re, const char *s, size_t n) {
  char *t = malloc(n + 1);
  if (!t)
    abort();
  memcpy(t, s, n);
  t[n] = 0;
  int m = regexec(re, t, 0, NULL, 0) == 0;
  free(t);
  return m;
}

int behaviour_holds(const struct behaviour_rule *b, const struct cond_ctx *x,
                    const char *cls, const char *component) {
  if (b->op && strcmp(b->op, x->op))
    return 0;
  if (cls && b->classes && !behaviour_lists(b->classes, cls))
    return 0;
  if (component && !behaviour_lists(b->components, component))
    return 0;
  if (b->input_re && !input_matches(b->input_re, x->in, x->len))
    return 0;
  if (b->input_not_re && input_matches(b->input_not_re, x->in, x->len))
    return 0;
  for (const char *const *w = b->when; w && *w; w++) {
    cond_fn f = condition_named(*w);
    if (!f || !f(x))
      return 0;
  }
  return 1;
}
