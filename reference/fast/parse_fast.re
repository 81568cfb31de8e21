/* GENERATED FILE: do not edit.  Written by reference/fast/generate.py from
 * reference/grammar/rfc3986.abnf, and turned into parse_fast.c by re2c
 * and generate.py's run-scan pass; `make generate` writes both again,
 * `make test-generated` checks them.  See reference/fast/README.md. */
#include <stddef.h>
#include <stdint.h>

#include "fast.h"
#ifdef RFC3986_FAST_SSSE3
#include <tmmintrin.h>
#endif

/* Positions are offsets into the input; a tag that did not match is NONE.
 * Past the input's end the matchers read a NUL, which no rule of RFC 3986
 * accepts: a whole-input match is the start rule followed by that NUL (an
 * embedded NUL is rejected where it stands, like any octet outside the
 * grammar, and ends a match short of the end). */
#define NONE ((size_t)-1)
/*!re2c
  re2c:api = custom;
  re2c:api:style = free-form;
  re2c:define:YYCTYPE = "unsigned char";
  re2c:define:YYPEEK = "(cur < len ? s[cur] : 0)";
  re2c:define:YYSKIP = "++cur;";
  re2c:define:YYBACKUP = "mar = cur;";
  re2c:define:YYRESTORE = "cur = mar;";
  re2c:define:YYSTAGP = "@@{tag} = cur;";
  re2c:define:YYSTAGN = "@@{tag} = NONE;";
  re2c:define:YYSHIFTSTAG = "@@{tag} += @@{shift};";
  re2c:yyfill:enable = 0;
  re2c:flags:tags = 1;
  re2c:indent:string = "  ";
*/

/*!re2c
  // RFC 3986 Appendix A, rule by rule (below the components)
  ALPHA = ([\x41-\x5A] | [\x61-\x7A]);
  DIGIT = [\x30-\x39];
  unreserved = (ALPHA | DIGIT | "-" | "." | "_" | "~");
  HEXDIG = (DIGIT | 'A' | 'B' | 'C' | 'D' | 'E' | 'F');
  pct_encoded = "%" HEXDIG HEXDIG;
  sub_delims = ("!" | "$" | "&" | "'" | "(" | ")" | "*" | "+" | "," | ";" | "=");
  h16 = (HEXDIG){1,4};
  dec_octet = (DIGIT | [\x31-\x39] DIGIT | "1" (DIGIT){2} | "2" [\x30-\x34] DIGIT | "25" [\x30-\x35]);
  IPv4address = dec_octet "." dec_octet "." dec_octet "." dec_octet;
  ls32 = (h16 ":" h16 | IPv4address);
  IPv6address = ((h16 ":"){6} ls32 | "::" (h16 ":"){5} ls32 | (h16)? "::" (h16 ":"){4} ls32 | ((h16 ":")? h16)? "::" (h16 ":"){3} ls32 | ((h16 ":"){0,2} h16)? "::" (h16 ":"){2} ls32 | ((h16 ":"){0,3} h16)? "::" h16 ":" ls32 | ((h16 ":"){0,4} h16)? "::" ls32 | ((h16 ":"){0,5} h16)? "::" h16 | ((h16 ":"){0,6} h16)? "::");
  IPvFuture = 'v' (HEXDIG)+ "." ((unreserved | sub_delims | ":"))+;
  IP_literal = "[" (IPv6address | IPvFuture) "]";
  reg_name = ((unreserved | pct_encoded | sub_delims))*;
  pchar = (unreserved | pct_encoded | sub_delims | ":" | "@");
  segment = (pchar)*;
  segment_nz = (pchar)+;
  segment_nz_nc = ((unreserved | pct_encoded | sub_delims | "@"))+;
  // their prefix closures (every prefix of every match)
  prefix_ALPHA = (([\x41-\x5A])? | ([\x61-\x7A])?);
  prefix_DIGIT = ([\x30-\x39])?;
  prefix_unreserved = (prefix_ALPHA | prefix_DIGIT | ("-" "")? | ("." "")? | ("_" "")? | ("~" "")?);
  prefix_HEXDIG = (prefix_DIGIT | ('A' "")? | ('B' "")? | ('C' "")? | ('D' "")? | ('E' "")? | ('F' "")?);
  prefix_pct_encoded = (("%" "")? | "%" prefix_HEXDIG | "%" HEXDIG prefix_HEXDIG);
  prefix_sub_delims = (("!" "")? | ("$" "")? | ("&" "")? | ("'" "")? | ("(" "")? | (")" "")? | ("*" "")? | ("+" "")? | ("," "")? | (";" "")? | ("=" "")?);
  prefix_h16 = (HEXDIG){0,3} prefix_HEXDIG;
  prefix_dec_octet = (prefix_DIGIT | (([\x31-\x39])? | [\x31-\x39] prefix_DIGIT) | (("1" "")? | "1" (DIGIT)? prefix_DIGIT) | (("2" "")? | "2" ([\x30-\x34])? | "2" [\x30-\x34] prefix_DIGIT) | (("2" ("5" "")?)? | "25" ([\x30-\x35])?));
  prefix_IPv4address = (prefix_dec_octet | dec_octet ("." "")? | dec_octet "." prefix_dec_octet | dec_octet "." dec_octet ("." "")? | dec_octet "." dec_octet "." prefix_dec_octet | dec_octet "." dec_octet "." dec_octet ("." "")? | dec_octet "." dec_octet "." dec_octet "." prefix_dec_octet);
  prefix_ls32 = ((prefix_h16 | h16 (":" "")? | h16 ":" prefix_h16) | prefix_IPv4address);
  prefix_IPv6address = (((h16 ":"){0,5} (prefix_h16 | h16 (":" "")?) | (h16 ":"){6} prefix_ls32) | ((":" (":" "")?)? | "::" (h16 ":"){0,4} (prefix_h16 | h16 (":" "")?) | "::" (h16 ":"){5} prefix_ls32) | ((h16){0} prefix_h16 | (h16)? (":" (":" "")?)? | (h16)? "::" (h16 ":"){0,3} (prefix_h16 | h16 (":" "")?) | (h16)? "::" (h16 ":"){4} prefix_ls32) | (((h16 ":")? h16){0} ((h16 ":"){0} (prefix_h16 | h16 (":" "")?) | (h16 ":")? prefix_h16) | ((h16 ":")? h16)? (":" (":" "")?)? | ((h16 ":")? h16)? "::" (h16 ":"){0,2} (prefix_h16 | h16 (":" "")?) | ((h16 ":")? h16)? "::" (h16 ":"){3} prefix_ls32) | (((h16 ":"){0,2} h16){0} ((h16 ":")? (prefix_h16 | h16 (":" "")?) | (h16 ":"){0,2} prefix_h16) | ((h16 ":"){0,2} h16)? (":" (":" "")?)? | ((h16 ":"){0,2} h16)? "::" (h16 ":")? (prefix_h16 | h16 (":" "")?) | ((h16 ":"){0,2} h16)? "::" (h16 ":"){2} prefix_ls32) | (((h16 ":"){0,3} h16){0} ((h16 ":"){0,2} (prefix_h16 | h16 (":" "")?) | (h16 ":"){0,3} prefix_h16) | ((h16 ":"){0,3} h16)? (":" (":" "")?)? | ((h16 ":"){0,3} h16)? "::" prefix_h16 | ((h16 ":"){0,3} h16)? "::" h16 (":" "")? | ((h16 ":"){0,3} h16)? "::" h16 ":" prefix_ls32) | (((h16 ":"){0,4} h16){0} ((h16 ":"){0,3} (prefix_h16 | h16 (":" "")?) | (h16 ":"){0,4} prefix_h16) | ((h16 ":"){0,4} h16)? (":" (":" "")?)? | ((h16 ":"){0,4} h16)? "::" prefix_ls32) | (((h16 ":"){0,5} h16){0} ((h16 ":"){0,4} (prefix_h16 | h16 (":" "")?) | (h16 ":"){0,5} prefix_h16) | ((h16 ":"){0,5} h16)? (":" (":" "")?)? | ((h16 ":"){0,5} h16)? "::" prefix_h16) | (((h16 ":"){0,6} h16){0} ((h16 ":"){0,5} (prefix_h16 | h16 (":" "")?) | (h16 ":"){0,6} prefix_h16) | ((h16 ":"){0,6} h16)? (":" (":" "")?)?));
  prefix_IPvFuture = (('v' "")? | 'v' (HEXDIG)* prefix_HEXDIG | 'v' (HEXDIG)+ ("." "")? | 'v' (HEXDIG)+ "." ((unreserved | sub_delims | ":"))* (prefix_unreserved | prefix_sub_delims | (":" "")?));
  prefix_IP_literal = (("[" "")? | "[" (prefix_IPv6address | prefix_IPvFuture) | "[" (IPv6address | IPvFuture) ("]" "")?);
  prefix_reg_name = ((unreserved | pct_encoded | sub_delims))* (prefix_unreserved | prefix_pct_encoded | prefix_sub_delims);
  prefix_pchar = (prefix_unreserved | prefix_pct_encoded | prefix_sub_delims | (":" "")? | ("@" "")?);
  prefix_segment = (pchar)* prefix_pchar;
  prefix_segment_nz = (pchar)* prefix_pchar;
  prefix_segment_nz_nc = ((unreserved | pct_encoded | sub_delims | "@"))* (prefix_unreserved | prefix_pct_encoded | prefix_sub_delims | ("@" "")?);
*/

/* 3.2.2: 1 when the LEN octets at S are an IPv4address. */
static int is_IPv4address(const unsigned char *s, size_t len) {
  size_t cur = 0, mar = 0;
  (void)mar;
  /*!local:re2c
    re2c:flags:tags = 0;
    IPv4address [\x00] { return cur == len + 1; }
    * { return 0; }
  */
}

/* 3.2.2: the type of the host s[from..to) of a match: IP-literal = "["
 * ( IPv6address / IPvFuture ) "]", and IPvFuture begins with "v"; else "a host identifier that matches the
 * rule for IPv4address ... should be considered an IPv4 address literal
 * and not a reg-name" (an IPv4address begins with a dec-octet's DIGIT). */
static rfc3986_host_type host_type(const unsigned char *s, size_t from,
                                   size_t to) {
  if (from == to)
    return RFC3986_HOST_REG_NAME;
  if (s[from] == '[')
    return s[from + 1] == 'v' || s[from + 1] == 'V' ? RFC3986_HOST_IPVFUTURE
                                                    : RFC3986_HOST_IPV6ADDRESS;
  return s[from] >= '0' && s[from] <= '9' && is_IPv4address(s + from, to - from)
             ? RFC3986_HOST_IPV4ADDRESS
             : RFC3986_HOST_REG_NAME;
}


/* URI-reference, whole input: RFC3986_OK when it matches, with *uri filled;
 * else RFC3986_ERR_SYNTAX, with *uri cleared. */
rfc3986_status rfc3986_fast__match_URI_reference(const char *input, size_t len,
  rfc3986_uri *uri) {
  const unsigned char *s = (const unsigned char *)input;
  size_t cur = 0, mar = 0;
  size_t t0e = NONE, t1e = NONE, t2e = NONE, t3s = NONE, t4s = NONE, t5s = NONE, t6e = NONE, t7e = NONE, t8s = NONE, t9s = NONE, t10s = NONE;
  /*!stags:re2c:match_URI_reference format = "size_t @@ = NONE;\n"; */
  (void)mar;
  /*!local:re2c:match_URI_reference
    ("" ALPHA ((ALPHA | DIGIT | "+" | "-" | "."))* @t0e ":" ("//" "" ("" ((unreserved | pct_encoded | sub_delims | ":"))* @t1e "@")? "" (IP_literal | IPv4address | reg_name) @t2e (":" "" (DIGIT)* "")? "" @t3s ("/" segment)* "" | "/" (segment_nz ("/" segment)*)? | segment_nz ("/" segment)* | "") ("?" @t4s ((pchar | "/" | "?"))* "")? ("#" @t5s ((pchar | "/" | "?"))* "")? | ("//" "" ("" ((unreserved | pct_encoded | sub_delims | ":"))* @t6e "@")? "" (IP_literal | IPv4address | reg_name) @t7e (":" "" (DIGIT)* "")? "" @t8s ("/" segment)* "" | "/" (segment_nz ("/" segment)*)? | segment_nz_nc ("/" segment)* | "") ("?" @t9s ((pchar | "/" | "?"))* "")? ("#" @t10s ((pchar | "/" | "?"))* "")?) [\x00] {
      if (cur != len + 1)
        goto rejected;
      goto matched;
    }
    * { goto rejected; }
  */
matched:;
  const size_t scheme_e = t0e;
  const size_t userinfo_e = t1e != NONE ? t1e : t6e;
  const size_t host_e = t2e != NONE ? t2e : t7e;
  const size_t path_abempty_s = t3s != NONE ? t3s : t8s;
  const size_t query_s = t4s != NONE ? t4s : t9s;
  const size_t fragment_s = t5s != NONE ? t5s : t10s;
  const rfc3986_span undefined = {NONE, 0};
  size_t path_s = 0, path_e = len;
  uri->input = input;
  uri->input_len = len;
  uri->scheme = undefined;
  if (scheme_e != NONE) {
    uri->scheme.offset = 0;
    uri->scheme.length = scheme_e;
    path_s = scheme_e + 1;
  }
  uri->authority = uri->userinfo = uri->host = uri->port = undefined;
  uri->host_type = RFC3986_HOST_NONE;
  if (host_e != NONE) { /* an authority, from after "//" */
    const size_t authority_s = path_s + 2;
    size_t host_s = authority_s;
    uri->authority.offset = authority_s;
    uri->authority.length = path_abempty_s - authority_s;
    if (userinfo_e != NONE) {
      uri->userinfo.offset = authority_s;
      uri->userinfo.length = userinfo_e - authority_s;
      host_s = userinfo_e + 1;
    }
    uri->host.offset = host_s;
    uri->host.length = host_e - host_s;
    if (host_e < path_abempty_s) {
      uri->port.offset = host_e + 1;
      uri->port.length = path_abempty_s - host_e - 1;
    }
    uri->host_type = host_type(s, host_s, host_e);
    path_s = path_abempty_s;
  }
  uri->fragment = undefined;
  if (fragment_s != NONE) {
    uri->fragment.offset = fragment_s;
    uri->fragment.length = len - fragment_s;
    path_e = fragment_s - 1;
  }
  uri->query = undefined;
  if (query_s != NONE) {
    uri->query.offset = query_s;
    uri->query.length = path_e - query_s;
    path_e = query_s - 1;
  }
  uri->path.offset = path_s;
  uri->path.length = path_e - path_s;
  uri->kind = scheme_e == NONE ? RFC3986_KIND_RELATIVE_REF
                                : RFC3986_KIND_URI;
  return RFC3986_OK;
rejected:
  rfc3986__uri_clear(uri, input, len);
  return RFC3986_ERR_SYNTAX;
}

/* URI-reference: the length of the longest prefix of the input that can
 * still be completed into a match (DESIGN.md, "Error offset"). */
size_t rfc3986_fast__viable_URI_reference(const char *input, size_t len) {
  const unsigned char *s = (const unsigned char *)input;
  size_t cur = 0, mar = 0;
  (void)mar;
  /*!local:re2c
    re2c:flags:tags = 0;
    ((("" | "" (prefix_ALPHA | ALPHA ((ALPHA | DIGIT | "+" | "-" | "."))* (prefix_ALPHA | prefix_DIGIT | ("+" "")? | ("-" "")? | ("." "")?)) | "" ALPHA ((ALPHA | DIGIT | "+" | "-" | "."))* "") | "" ALPHA ((ALPHA | DIGIT | "+" | "-" | "."))* "" (":" "")? | "" ALPHA ((ALPHA | DIGIT | "+" | "-" | "."))* "" ":" ((("/" ("/" "")?)? | "//" ("" | "" (("" ((unreserved | pct_encoded | sub_delims | ":"))* "" "@"){0} (("" | "" ((unreserved | pct_encoded | sub_delims | ":"))* (prefix_unreserved | prefix_pct_encoded | prefix_sub_delims | (":" "")?) | "" ((unreserved | pct_encoded | sub_delims | ":"))* "") | "" ((unreserved | pct_encoded | sub_delims | ":"))* "" ("@" "")?) | ("" ((unreserved | pct_encoded | sub_delims | ":"))* "" "@")? ("" | "" (prefix_IP_literal | prefix_IPv4address | prefix_reg_name) | "" (IP_literal | IPv4address | reg_name) "") | ("" ((unreserved | pct_encoded | sub_delims | ":"))* "" "@")? "" (IP_literal | IPv4address | reg_name) "" (":" "" (DIGIT)* ""){0} ((":" "")? | ":" ("" | "" (DIGIT)* prefix_DIGIT | "" (DIGIT)* ""))) | "" ("" ((unreserved | pct_encoded | sub_delims | ":"))* "" "@")? "" (IP_literal | IPv4address | reg_name) "" (":" "" (DIGIT)* "")? "") | "//" "" ("" ((unreserved | pct_encoded | sub_delims | ":"))* "" "@")? "" (IP_literal | IPv4address | reg_name) "" (":" "" (DIGIT)* "")? "" ("" | "" ("/" segment)* (("/" "")? | "/" prefix_segment) | "" ("/" segment)* "")) | (("/" "")? | "/" (segment_nz ("/" segment)*){0} (prefix_segment_nz | segment_nz ("/" segment)* (("/" "")? | "/" prefix_segment))) | (prefix_segment_nz | segment_nz ("/" segment)* (("/" "")? | "/" prefix_segment)) | "") | "" ALPHA ((ALPHA | DIGIT | "+" | "-" | "."))* "" ":" ("//" "" ("" ((unreserved | pct_encoded | sub_delims | ":"))* "" "@")? "" (IP_literal | IPv4address | reg_name) "" (":" "" (DIGIT)* "")? "" "" ("/" segment)* "" | "/" (segment_nz ("/" segment)*)? | segment_nz ("/" segment)* | "") ("?" "" ((pchar | "/" | "?"))* ""){0} (("?" "")? | "?" ("" | "" ((pchar | "/" | "?"))* (prefix_pchar | ("/" "")? | ("?" "")?) | "" ((pchar | "/" | "?"))* "")) | "" ALPHA ((ALPHA | DIGIT | "+" | "-" | "."))* "" ":" ("//" "" ("" ((unreserved | pct_encoded | sub_delims | ":"))* "" "@")? "" (IP_literal | IPv4address | reg_name) "" (":" "" (DIGIT)* "")? "" "" ("/" segment)* "" | "/" (segment_nz ("/" segment)*)? | segment_nz ("/" segment)* | "") ("?" "" ((pchar | "/" | "?"))* "")? ("#" "" ((pchar | "/" | "?"))* ""){0} (("#" "")? | "#" ("" | "" ((pchar | "/" | "?"))* (prefix_pchar | ("/" "")? | ("?" "")?) | "" ((pchar | "/" | "?"))* ""))) | (((("/" ("/" "")?)? | "//" ("" | "" (("" ((unreserved | pct_encoded | sub_delims | ":"))* "" "@"){0} (("" | "" ((unreserved | pct_encoded | sub_delims | ":"))* (prefix_unreserved | prefix_pct_encoded | prefix_sub_delims | (":" "")?) | "" ((unreserved | pct_encoded | sub_delims | ":"))* "") | "" ((unreserved | pct_encoded | sub_delims | ":"))* "" ("@" "")?) | ("" ((unreserved | pct_encoded | sub_delims | ":"))* "" "@")? ("" | "" (prefix_IP_literal | prefix_IPv4address | prefix_reg_name) | "" (IP_literal | IPv4address | reg_name) "") | ("" ((unreserved | pct_encoded | sub_delims | ":"))* "" "@")? "" (IP_literal | IPv4address | reg_name) "" (":" "" (DIGIT)* ""){0} ((":" "")? | ":" ("" | "" (DIGIT)* prefix_DIGIT | "" (DIGIT)* ""))) | "" ("" ((unreserved | pct_encoded | sub_delims | ":"))* "" "@")? "" (IP_literal | IPv4address | reg_name) "" (":" "" (DIGIT)* "")? "") | "//" "" ("" ((unreserved | pct_encoded | sub_delims | ":"))* "" "@")? "" (IP_literal | IPv4address | reg_name) "" (":" "" (DIGIT)* "")? "" ("" | "" ("/" segment)* (("/" "")? | "/" prefix_segment) | "" ("/" segment)* "")) | (("/" "")? | "/" (segment_nz ("/" segment)*){0} (prefix_segment_nz | segment_nz ("/" segment)* (("/" "")? | "/" prefix_segment))) | (prefix_segment_nz_nc | segment_nz_nc ("/" segment)* (("/" "")? | "/" prefix_segment)) | "") | ("//" "" ("" ((unreserved | pct_encoded | sub_delims | ":"))* "" "@")? "" (IP_literal | IPv4address | reg_name) "" (":" "" (DIGIT)* "")? "" "" ("/" segment)* "" | "/" (segment_nz ("/" segment)*)? | segment_nz_nc ("/" segment)* | "") ("?" "" ((pchar | "/" | "?"))* ""){0} (("?" "")? | "?" ("" | "" ((pchar | "/" | "?"))* (prefix_pchar | ("/" "")? | ("?" "")?) | "" ((pchar | "/" | "?"))* "")) | ("//" "" ("" ((unreserved | pct_encoded | sub_delims | ":"))* "" "@")? "" (IP_literal | IPv4address | reg_name) "" (":" "" (DIGIT)* "")? "" "" ("/" segment)* "" | "/" (segment_nz ("/" segment)*)? | segment_nz_nc ("/" segment)* | "") ("?" "" ((pchar | "/" | "?"))* "")? ("#" "" ((pchar | "/" | "?"))* ""){0} (("#" "")? | "#" ("" | "" ((pchar | "/" | "?"))* (prefix_pchar | ("/" "")? | ("?" "")?) | "" ((pchar | "/" | "?"))* "")))) { return cur; }
    * { return 0; }
  */
}

/* URI, whole input: RFC3986_OK when it matches, with *uri filled;
 * else RFC3986_ERR_SYNTAX, with *uri cleared. */
rfc3986_status rfc3986_fast__match_URI(const char *input, size_t len,
  rfc3986_uri *uri) {
  const unsigned char *s = (const unsigned char *)input;
  size_t cur = 0, mar = 0;
  size_t t0e = NONE, t1e = NONE, t2e = NONE, t3s = NONE, t4s = NONE, t5s = NONE;
  /*!stags:re2c:match_URI format = "size_t @@ = NONE;\n"; */
  (void)mar;
  /*!local:re2c:match_URI
    "" ALPHA ((ALPHA | DIGIT | "+" | "-" | "."))* @t0e ":" ("//" "" ("" ((unreserved | pct_encoded | sub_delims | ":"))* @t1e "@")? "" (IP_literal | IPv4address | reg_name) @t2e (":" "" (DIGIT)* "")? "" @t3s ("/" segment)* "" | "/" (segment_nz ("/" segment)*)? | segment_nz ("/" segment)* | "") ("?" @t4s ((pchar | "/" | "?"))* "")? ("#" @t5s ((pchar | "/" | "?"))* "")? [\x00] {
      if (cur != len + 1)
        goto rejected;
      goto matched;
    }
    * { goto rejected; }
  */
matched:;
  const size_t scheme_e = t0e;
  const size_t userinfo_e = t1e;
  const size_t host_e = t2e;
  const size_t path_abempty_s = t3s;
  const size_t query_s = t4s;
  const size_t fragment_s = t5s;
  const rfc3986_span undefined = {NONE, 0};
  size_t path_s = 0, path_e = len;
  uri->input = input;
  uri->input_len = len;
  uri->scheme = undefined;
  if (scheme_e != NONE) {
    uri->scheme.offset = 0;
    uri->scheme.length = scheme_e;
    path_s = scheme_e + 1;
  }
  uri->authority = uri->userinfo = uri->host = uri->port = undefined;
  uri->host_type = RFC3986_HOST_NONE;
  if (host_e != NONE) { /* an authority, from after "//" */
    const size_t authority_s = path_s + 2;
    size_t host_s = authority_s;
    uri->authority.offset = authority_s;
    uri->authority.length = path_abempty_s - authority_s;
    if (userinfo_e != NONE) {
      uri->userinfo.offset = authority_s;
      uri->userinfo.length = userinfo_e - authority_s;
      host_s = userinfo_e + 1;
    }
    uri->host.offset = host_s;
    uri->host.length = host_e - host_s;
    if (host_e < path_abempty_s) {
      uri->port.offset = host_e + 1;
      uri->port.length = path_abempty_s - host_e - 1;
    }
    uri->host_type = host_type(s, host_s, host_e);
    path_s = path_abempty_s;
  }
  uri->fragment = undefined;
  if (fragment_s != NONE) {
    uri->fragment.offset = fragment_s;
    uri->fragment.length = len - fragment_s;
    path_e = fragment_s - 1;
  }
  uri->query = undefined;
  if (query_s != NONE) {
    uri->query.offset = query_s;
    uri->query.length = path_e - query_s;
    path_e = query_s - 1;
  }
  uri->path.offset = path_s;
  uri->path.length = path_e - path_s;
  uri->kind = RFC3986_KIND_URI;
  return RFC3986_OK;
rejected:
  rfc3986__uri_clear(uri, input, len);
  return RFC3986_ERR_SYNTAX;
}

/* URI: the length of the longest prefix of the input that can
 * still be completed into a match (DESIGN.md, "Error offset"). */
size_t rfc3986_fast__viable_URI(const char *input, size_t len) {
  const unsigned char *s = (const unsigned char *)input;
  size_t cur = 0, mar = 0;
  (void)mar;
  /*!local:re2c
    re2c:flags:tags = 0;
    (("" | "" (prefix_ALPHA | ALPHA ((ALPHA | DIGIT | "+" | "-" | "."))* (prefix_ALPHA | prefix_DIGIT | ("+" "")? | ("-" "")? | ("." "")?)) | "" ALPHA ((ALPHA | DIGIT | "+" | "-" | "."))* "") | "" ALPHA ((ALPHA | DIGIT | "+" | "-" | "."))* "" (":" "")? | "" ALPHA ((ALPHA | DIGIT | "+" | "-" | "."))* "" ":" ((("/" ("/" "")?)? | "//" ("" | "" (("" ((unreserved | pct_encoded | sub_delims | ":"))* "" "@"){0} (("" | "" ((unreserved | pct_encoded | sub_delims | ":"))* (prefix_unreserved | prefix_pct_encoded | prefix_sub_delims | (":" "")?) | "" ((unreserved | pct_encoded | sub_delims | ":"))* "") | "" ((unreserved | pct_encoded | sub_delims | ":"))* "" ("@" "")?) | ("" ((unreserved | pct_encoded | sub_delims | ":"))* "" "@")? ("" | "" (prefix_IP_literal | prefix_IPv4address | prefix_reg_name) | "" (IP_literal | IPv4address | reg_name) "") | ("" ((unreserved | pct_encoded | sub_delims | ":"))* "" "@")? "" (IP_literal | IPv4address | reg_name) "" (":" "" (DIGIT)* ""){0} ((":" "")? | ":" ("" | "" (DIGIT)* prefix_DIGIT | "" (DIGIT)* ""))) | "" ("" ((unreserved | pct_encoded | sub_delims | ":"))* "" "@")? "" (IP_literal | IPv4address | reg_name) "" (":" "" (DIGIT)* "")? "") | "//" "" ("" ((unreserved | pct_encoded | sub_delims | ":"))* "" "@")? "" (IP_literal | IPv4address | reg_name) "" (":" "" (DIGIT)* "")? "" ("" | "" ("/" segment)* (("/" "")? | "/" prefix_segment) | "" ("/" segment)* "")) | (("/" "")? | "/" (segment_nz ("/" segment)*){0} (prefix_segment_nz | segment_nz ("/" segment)* (("/" "")? | "/" prefix_segment))) | (prefix_segment_nz | segment_nz ("/" segment)* (("/" "")? | "/" prefix_segment)) | "") | "" ALPHA ((ALPHA | DIGIT | "+" | "-" | "."))* "" ":" ("//" "" ("" ((unreserved | pct_encoded | sub_delims | ":"))* "" "@")? "" (IP_literal | IPv4address | reg_name) "" (":" "" (DIGIT)* "")? "" "" ("/" segment)* "" | "/" (segment_nz ("/" segment)*)? | segment_nz ("/" segment)* | "") ("?" "" ((pchar | "/" | "?"))* ""){0} (("?" "")? | "?" ("" | "" ((pchar | "/" | "?"))* (prefix_pchar | ("/" "")? | ("?" "")?) | "" ((pchar | "/" | "?"))* "")) | "" ALPHA ((ALPHA | DIGIT | "+" | "-" | "."))* "" ":" ("//" "" ("" ((unreserved | pct_encoded | sub_delims | ":"))* "" "@")? "" (IP_literal | IPv4address | reg_name) "" (":" "" (DIGIT)* "")? "" "" ("/" segment)* "" | "/" (segment_nz ("/" segment)*)? | segment_nz ("/" segment)* | "") ("?" "" ((pchar | "/" | "?"))* "")? ("#" "" ((pchar | "/" | "?"))* ""){0} (("#" "")? | "#" ("" | "" ((pchar | "/" | "?"))* (prefix_pchar | ("/" "")? | ("?" "")?) | "" ((pchar | "/" | "?"))* ""))) { return cur; }
    * { return 0; }
  */
}

/* absolute-URI, whole input: RFC3986_OK when it matches, with *uri filled;
 * else RFC3986_ERR_SYNTAX, with *uri cleared. */
rfc3986_status rfc3986_fast__match_absolute_URI(const char *input, size_t len,
  rfc3986_uri *uri) {
  const unsigned char *s = (const unsigned char *)input;
  size_t cur = 0, mar = 0;
  size_t t0e = NONE, t1e = NONE, t2e = NONE, t3s = NONE, t4s = NONE;
  /*!stags:re2c:match_absolute_URI format = "size_t @@ = NONE;\n"; */
  (void)mar;
  /*!local:re2c:match_absolute_URI
    "" ALPHA ((ALPHA | DIGIT | "+" | "-" | "."))* @t0e ":" ("//" "" ("" ((unreserved | pct_encoded | sub_delims | ":"))* @t1e "@")? "" (IP_literal | IPv4address | reg_name) @t2e (":" "" (DIGIT)* "")? "" @t3s ("/" segment)* "" | "/" (segment_nz ("/" segment)*)? | segment_nz ("/" segment)* | "") ("?" @t4s ((pchar | "/" | "?"))* "")? [\x00] {
      if (cur != len + 1)
        goto rejected;
      goto matched;
    }
    * { goto rejected; }
  */
matched:;
  const size_t scheme_e = t0e;
  const size_t userinfo_e = t1e;
  const size_t host_e = t2e;
  const size_t path_abempty_s = t3s;
  const size_t query_s = t4s;
  const size_t fragment_s = NONE;
  const rfc3986_span undefined = {NONE, 0};
  size_t path_s = 0, path_e = len;
  uri->input = input;
  uri->input_len = len;
  uri->scheme = undefined;
  if (scheme_e != NONE) {
    uri->scheme.offset = 0;
    uri->scheme.length = scheme_e;
    path_s = scheme_e + 1;
  }
  uri->authority = uri->userinfo = uri->host = uri->port = undefined;
  uri->host_type = RFC3986_HOST_NONE;
  if (host_e != NONE) { /* an authority, from after "//" */
    const size_t authority_s = path_s + 2;
    size_t host_s = authority_s;
    uri->authority.offset = authority_s;
    uri->authority.length = path_abempty_s - authority_s;
    if (userinfo_e != NONE) {
      uri->userinfo.offset = authority_s;
      uri->userinfo.length = userinfo_e - authority_s;
      host_s = userinfo_e + 1;
    }
    uri->host.offset = host_s;
    uri->host.length = host_e - host_s;
    if (host_e < path_abempty_s) {
      uri->port.offset = host_e + 1;
      uri->port.length = path_abempty_s - host_e - 1;
    }
    uri->host_type = host_type(s, host_s, host_e);
    path_s = path_abempty_s;
  }
  uri->fragment = undefined;
  if (fragment_s != NONE) {
    uri->fragment.offset = fragment_s;
    uri->fragment.length = len - fragment_s;
    path_e = fragment_s - 1;
  }
  uri->query = undefined;
  if (query_s != NONE) {
    uri->query.offset = query_s;
    uri->query.length = path_e - query_s;
    path_e = query_s - 1;
  }
  uri->path.offset = path_s;
  uri->path.length = path_e - path_s;
  uri->kind = RFC3986_KIND_URI;
  return RFC3986_OK;
rejected:
  rfc3986__uri_clear(uri, input, len);
  return RFC3986_ERR_SYNTAX;
}

/* absolute-URI: the length of the longest prefix of the input that can
 * still be completed into a match (DESIGN.md, "Error offset"). */
size_t rfc3986_fast__viable_absolute_URI(const char *input, size_t len) {
  const unsigned char *s = (const unsigned char *)input;
  size_t cur = 0, mar = 0;
  (void)mar;
  /*!local:re2c
    re2c:flags:tags = 0;
    (("" | "" (prefix_ALPHA | ALPHA ((ALPHA | DIGIT | "+" | "-" | "."))* (prefix_ALPHA | prefix_DIGIT | ("+" "")? | ("-" "")? | ("." "")?)) | "" ALPHA ((ALPHA | DIGIT | "+" | "-" | "."))* "") | "" ALPHA ((ALPHA | DIGIT | "+" | "-" | "."))* "" (":" "")? | "" ALPHA ((ALPHA | DIGIT | "+" | "-" | "."))* "" ":" ((("/" ("/" "")?)? | "//" ("" | "" (("" ((unreserved | pct_encoded | sub_delims | ":"))* "" "@"){0} (("" | "" ((unreserved | pct_encoded | sub_delims | ":"))* (prefix_unreserved | prefix_pct_encoded | prefix_sub_delims | (":" "")?) | "" ((unreserved | pct_encoded | sub_delims | ":"))* "") | "" ((unreserved | pct_encoded | sub_delims | ":"))* "" ("@" "")?) | ("" ((unreserved | pct_encoded | sub_delims | ":"))* "" "@")? ("" | "" (prefix_IP_literal | prefix_IPv4address | prefix_reg_name) | "" (IP_literal | IPv4address | reg_name) "") | ("" ((unreserved | pct_encoded | sub_delims | ":"))* "" "@")? "" (IP_literal | IPv4address | reg_name) "" (":" "" (DIGIT)* ""){0} ((":" "")? | ":" ("" | "" (DIGIT)* prefix_DIGIT | "" (DIGIT)* ""))) | "" ("" ((unreserved | pct_encoded | sub_delims | ":"))* "" "@")? "" (IP_literal | IPv4address | reg_name) "" (":" "" (DIGIT)* "")? "") | "//" "" ("" ((unreserved | pct_encoded | sub_delims | ":"))* "" "@")? "" (IP_literal | IPv4address | reg_name) "" (":" "" (DIGIT)* "")? "" ("" | "" ("/" segment)* (("/" "")? | "/" prefix_segment) | "" ("/" segment)* "")) | (("/" "")? | "/" (segment_nz ("/" segment)*){0} (prefix_segment_nz | segment_nz ("/" segment)* (("/" "")? | "/" prefix_segment))) | (prefix_segment_nz | segment_nz ("/" segment)* (("/" "")? | "/" prefix_segment)) | "") | "" ALPHA ((ALPHA | DIGIT | "+" | "-" | "."))* "" ":" ("//" "" ("" ((unreserved | pct_encoded | sub_delims | ":"))* "" "@")? "" (IP_literal | IPv4address | reg_name) "" (":" "" (DIGIT)* "")? "" "" ("/" segment)* "" | "/" (segment_nz ("/" segment)*)? | segment_nz ("/" segment)* | "") ("?" "" ((pchar | "/" | "?"))* ""){0} (("?" "")? | "?" ("" | "" ((pchar | "/" | "?"))* (prefix_pchar | ("/" "")? | ("?" "")?) | "" ((pchar | "/" | "?"))* ""))) { return cur; }
    * { return 0; }
  */
}

/* relative-ref, whole input: RFC3986_OK when it matches, with *uri filled;
 * else RFC3986_ERR_SYNTAX, with *uri cleared. */
rfc3986_status rfc3986_fast__match_relative_ref(const char *input, size_t len,
  rfc3986_uri *uri) {
  const unsigned char *s = (const unsigned char *)input;
  size_t cur = 0, mar = 0;
  size_t t0e = NONE, t1e = NONE, t2s = NONE, t3s = NONE, t4s = NONE;
  /*!stags:re2c:match_relative_ref format = "size_t @@ = NONE;\n"; */
  (void)mar;
  /*!local:re2c:match_relative_ref
    ("//" "" ("" ((unreserved | pct_encoded | sub_delims | ":"))* @t0e "@")? "" (IP_literal | IPv4address | reg_name) @t1e (":" "" (DIGIT)* "")? "" @t2s ("/" segment)* "" | "/" (segment_nz ("/" segment)*)? | segment_nz_nc ("/" segment)* | "") ("?" @t3s ((pchar | "/" | "?"))* "")? ("#" @t4s ((pchar | "/" | "?"))* "")? [\x00] {
      if (cur != len + 1)
        goto rejected;
      goto matched;
    }
    * { goto rejected; }
  */
matched:;
  const size_t scheme_e = NONE;
  const size_t userinfo_e = t0e;
  const size_t host_e = t1e;
  const size_t path_abempty_s = t2s;
  const size_t query_s = t3s;
  const size_t fragment_s = t4s;
  const rfc3986_span undefined = {NONE, 0};
  size_t path_s = 0, path_e = len;
  uri->input = input;
  uri->input_len = len;
  uri->scheme = undefined;
  if (scheme_e != NONE) {
    uri->scheme.offset = 0;
    uri->scheme.length = scheme_e;
    path_s = scheme_e + 1;
  }
  uri->authority = uri->userinfo = uri->host = uri->port = undefined;
  uri->host_type = RFC3986_HOST_NONE;
  if (host_e != NONE) { /* an authority, from after "//" */
    const size_t authority_s = path_s + 2;
    size_t host_s = authority_s;
    uri->authority.offset = authority_s;
    uri->authority.length = path_abempty_s - authority_s;
    if (userinfo_e != NONE) {
      uri->userinfo.offset = authority_s;
      uri->userinfo.length = userinfo_e - authority_s;
      host_s = userinfo_e + 1;
    }
    uri->host.offset = host_s;
    uri->host.length = host_e - host_s;
    if (host_e < path_abempty_s) {
      uri->port.offset = host_e + 1;
      uri->port.length = path_abempty_s - host_e - 1;
    }
    uri->host_type = host_type(s, host_s, host_e);
    path_s = path_abempty_s;
  }
  uri->fragment = undefined;
  if (fragment_s != NONE) {
    uri->fragment.offset = fragment_s;
    uri->fragment.length = len - fragment_s;
    path_e = fragment_s - 1;
  }
  uri->query = undefined;
  if (query_s != NONE) {
    uri->query.offset = query_s;
    uri->query.length = path_e - query_s;
    path_e = query_s - 1;
  }
  uri->path.offset = path_s;
  uri->path.length = path_e - path_s;
  uri->kind = RFC3986_KIND_RELATIVE_REF;
  return RFC3986_OK;
rejected:
  rfc3986__uri_clear(uri, input, len);
  return RFC3986_ERR_SYNTAX;
}

/* relative-ref: the length of the longest prefix of the input that can
 * still be completed into a match (DESIGN.md, "Error offset"). */
size_t rfc3986_fast__viable_relative_ref(const char *input, size_t len) {
  const unsigned char *s = (const unsigned char *)input;
  size_t cur = 0, mar = 0;
  (void)mar;
  /*!local:re2c
    re2c:flags:tags = 0;
    (((("/" ("/" "")?)? | "//" ("" | "" (("" ((unreserved | pct_encoded | sub_delims | ":"))* "" "@"){0} (("" | "" ((unreserved | pct_encoded | sub_delims | ":"))* (prefix_unreserved | prefix_pct_encoded | prefix_sub_delims | (":" "")?) | "" ((unreserved | pct_encoded | sub_delims | ":"))* "") | "" ((unreserved | pct_encoded | sub_delims | ":"))* "" ("@" "")?) | ("" ((unreserved | pct_encoded | sub_delims | ":"))* "" "@")? ("" | "" (prefix_IP_literal | prefix_IPv4address | prefix_reg_name) | "" (IP_literal | IPv4address | reg_name) "") | ("" ((unreserved | pct_encoded | sub_delims | ":"))* "" "@")? "" (IP_literal | IPv4address | reg_name) "" (":" "" (DIGIT)* ""){0} ((":" "")? | ":" ("" | "" (DIGIT)* prefix_DIGIT | "" (DIGIT)* ""))) | "" ("" ((unreserved | pct_encoded | sub_delims | ":"))* "" "@")? "" (IP_literal | IPv4address | reg_name) "" (":" "" (DIGIT)* "")? "") | "//" "" ("" ((unreserved | pct_encoded | sub_delims | ":"))* "" "@")? "" (IP_literal | IPv4address | reg_name) "" (":" "" (DIGIT)* "")? "" ("" | "" ("/" segment)* (("/" "")? | "/" prefix_segment) | "" ("/" segment)* "")) | (("/" "")? | "/" (segment_nz ("/" segment)*){0} (prefix_segment_nz | segment_nz ("/" segment)* (("/" "")? | "/" prefix_segment))) | (prefix_segment_nz_nc | segment_nz_nc ("/" segment)* (("/" "")? | "/" prefix_segment)) | "") | ("//" "" ("" ((unreserved | pct_encoded | sub_delims | ":"))* "" "@")? "" (IP_literal | IPv4address | reg_name) "" (":" "" (DIGIT)* "")? "" "" ("/" segment)* "" | "/" (segment_nz ("/" segment)*)? | segment_nz_nc ("/" segment)* | "") ("?" "" ((pchar | "/" | "?"))* ""){0} (("?" "")? | "?" ("" | "" ((pchar | "/" | "?"))* (prefix_pchar | ("/" "")? | ("?" "")?) | "" ((pchar | "/" | "?"))* "")) | ("//" "" ("" ((unreserved | pct_encoded | sub_delims | ":"))* "" "@")? "" (IP_literal | IPv4address | reg_name) "" (":" "" (DIGIT)* "")? "" "" ("/" segment)* "" | "/" (segment_nz ("/" segment)*)? | segment_nz_nc ("/" segment)* | "") ("?" "" ((pchar | "/" | "?"))* "")? ("#" "" ((pchar | "/" | "?"))* ""){0} (("#" "")? | "#" ("" | "" ((pchar | "/" | "?"))* (prefix_pchar | ("/" "")? | ("?" "")?) | "" ((pchar | "/" | "?"))* ""))) { return cur; }
    * { return 0; }
  */
}
