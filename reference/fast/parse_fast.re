/* GENERATED FILE: do not edit.  Written by reference/fast/generate.py from
 * reference/grammar/rfc3986.abnf, and turned into parse_fast.c by re2c;
 * `make generate` writes both again, `make test-generated` checks them.
 * See reference/fast/README.md. */
#include <stddef.h>

#include "fast.h"

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
  prefix_reg_name = ((unreserved | pct_encoded | sub_delims))* (prefix_unreserved | prefix_pct_encoded | prefix_sub_delims);
  prefix_pchar = (prefix_unreserved | prefix_pct_encoded | prefix_sub_delims | (":" "")? | ("@" "")?);
  prefix_segment = (pchar)* prefix_pchar;
  prefix_segment_nz = (pchar)* prefix_pchar;
  prefix_segment_nz_nc = ((unreserved | pct_encoded | sub_delims | "@"))* (prefix_unreserved | prefix_pct_encoded | prefix_sub_delims | ("@" "")?);
*/

/* URI-reference, whole input; 1 when it matches, with *uri filled. */
int rfc3986_fast__match_URI_reference(const char *input, size_t len,
  rfc3986_uri *uri) {
  const unsigned char *s = (const unsigned char *)input;
  size_t cur = 0, mar = 0;
  size_t t0s = NONE, t1e = NONE, t2s = NONE, t3e = NONE, t4h = NONE, t5h = NONE, t6h = NONE, t7h = NONE, t8s = NONE, t9e = NONE, t10s = NONE, t11e = NONE, t12s = NONE, t13e = NONE, t14s = NONE, t15e = NONE, t16s = NONE, t17e = NONE, t18s = NONE, t19e = NONE, t20s = NONE, t21e = NONE, t22s = NONE, t23e = NONE, t24s = NONE, t25e = NONE, t26s = NONE, t27e = NONE, t28h = NONE, t29h = NONE, t30h = NONE, t31h = NONE, t32s = NONE, t33e = NONE, t34s = NONE, t35e = NONE, t36s = NONE, t37e = NONE, t38s = NONE, t39e = NONE, t40s = NONE, t41e = NONE, t42s = NONE, t43e = NONE, t44s = NONE, t45e = NONE, t46s = NONE, t47e = NONE, t48s = NONE, t49e = NONE;
  /*!stags:re2c:match_URI_reference format = "size_t @@ = NONE;\n"; */
  (void)mar;
  /*!local:re2c:match_URI_reference
    (@t0s ALPHA ((ALPHA | DIGIT | "+" | "-" | "."))* @t1e ":" ("//" @t12s (@t2s ((unreserved | pct_encoded | sub_delims | ":"))* @t3e "@")? @t8s ("[" (IPv6address @t4h | IPvFuture @t5h) "]" | IPv4address @t6h | reg_name @t7h) @t9e (":" @t10s (DIGIT)* @t11e)? @t13e @t14s ("/" segment)* @t15e | @t16s "/" (segment_nz ("/" segment)*)? @t17e | @t18s segment_nz ("/" segment)* @t19e | @t20s "" @t21e) ("?" @t22s ((pchar | "/" | "?"))* @t23e)? ("#" @t24s ((pchar | "/" | "?"))* @t25e)? | ("//" @t36s (@t26s ((unreserved | pct_encoded | sub_delims | ":"))* @t27e "@")? @t32s ("[" (IPv6address @t28h | IPvFuture @t29h) "]" | IPv4address @t30h | reg_name @t31h) @t33e (":" @t34s (DIGIT)* @t35e)? @t37e @t38s ("/" segment)* @t39e | @t40s "/" (segment_nz ("/" segment)*)? @t41e | @t42s segment_nz_nc ("/" segment)* @t43e | @t44s "" @t45e) ("?" @t46s ((pchar | "/" | "?"))* @t47e)? ("#" @t48s ((pchar | "/" | "?"))* @t49e)?) [\x00] {
      if (cur != len + 1)
        return 0;
      goto matched;
    }
    * { return 0; }
  */
matched:
  if (t0s != NONE) {
    uri->scheme.offset = t0s;
    uri->scheme.length = t1e - t0s;
  }
  if (t12s != NONE) {
    uri->authority.offset = t12s;
    uri->authority.length = t13e - t12s;
  }
  if (t36s != NONE) {
    uri->authority.offset = t36s;
    uri->authority.length = t37e - t36s;
  }
  if (t2s != NONE) {
    uri->userinfo.offset = t2s;
    uri->userinfo.length = t3e - t2s;
  }
  if (t26s != NONE) {
    uri->userinfo.offset = t26s;
    uri->userinfo.length = t27e - t26s;
  }
  if (t8s != NONE) {
    uri->host.offset = t8s;
    uri->host.length = t9e - t8s;
  }
  if (t32s != NONE) {
    uri->host.offset = t32s;
    uri->host.length = t33e - t32s;
  }
  if (t10s != NONE) {
    uri->port.offset = t10s;
    uri->port.length = t11e - t10s;
  }
  if (t34s != NONE) {
    uri->port.offset = t34s;
    uri->port.length = t35e - t34s;
  }
  if (t14s != NONE) {
    uri->path.offset = t14s;
    uri->path.length = t15e - t14s;
  }
  if (t16s != NONE) {
    uri->path.offset = t16s;
    uri->path.length = t17e - t16s;
  }
  if (t18s != NONE) {
    uri->path.offset = t18s;
    uri->path.length = t19e - t18s;
  }
  if (t20s != NONE) {
    uri->path.offset = t20s;
    uri->path.length = t21e - t20s;
  }
  if (t38s != NONE) {
    uri->path.offset = t38s;
    uri->path.length = t39e - t38s;
  }
  if (t40s != NONE) {
    uri->path.offset = t40s;
    uri->path.length = t41e - t40s;
  }
  if (t42s != NONE) {
    uri->path.offset = t42s;
    uri->path.length = t43e - t42s;
  }
  if (t44s != NONE) {
    uri->path.offset = t44s;
    uri->path.length = t45e - t44s;
  }
  if (t22s != NONE) {
    uri->query.offset = t22s;
    uri->query.length = t23e - t22s;
  }
  if (t46s != NONE) {
    uri->query.offset = t46s;
    uri->query.length = t47e - t46s;
  }
  if (t24s != NONE) {
    uri->fragment.offset = t24s;
    uri->fragment.length = t25e - t24s;
  }
  if (t48s != NONE) {
    uri->fragment.offset = t48s;
    uri->fragment.length = t49e - t48s;
  }
  if (t4h != NONE)
    uri->host_type = RFC3986_HOST_IPV6ADDRESS;
  if (t5h != NONE)
    uri->host_type = RFC3986_HOST_IPVFUTURE;
  if (t6h != NONE)
    uri->host_type = RFC3986_HOST_IPV4ADDRESS;
  if (t7h != NONE)
    uri->host_type = RFC3986_HOST_REG_NAME;
  if (t28h != NONE)
    uri->host_type = RFC3986_HOST_IPV6ADDRESS;
  if (t29h != NONE)
    uri->host_type = RFC3986_HOST_IPVFUTURE;
  if (t30h != NONE)
    uri->host_type = RFC3986_HOST_IPV4ADDRESS;
  if (t31h != NONE)
    uri->host_type = RFC3986_HOST_REG_NAME;
  uri->kind = uri->scheme.offset == RFC3986_UNDEFINED
                  ? RFC3986_KIND_RELATIVE_REF
                  : RFC3986_KIND_URI;
  return 1;
}

/* URI-reference: the length of the longest prefix of the input that can
 * still be completed into a match (DESIGN.md, "Error offset"). */
size_t rfc3986_fast__viable_URI_reference(const char *input, size_t len) {
  const unsigned char *s = (const unsigned char *)input;
  size_t cur = 0, mar = 0;
  (void)mar;
  /*!local:re2c
    re2c:flags:tags = 0;
    ((("" | "" (prefix_ALPHA | ALPHA ((ALPHA | DIGIT | "+" | "-" | "."))* (prefix_ALPHA | prefix_DIGIT | ("+" "")? | ("-" "")? | ("." "")?)) | "" ALPHA ((ALPHA | DIGIT | "+" | "-" | "."))* "") | "" ALPHA ((ALPHA | DIGIT | "+" | "-" | "."))* "" (":" "")? | "" ALPHA ((ALPHA | DIGIT | "+" | "-" | "."))* "" ":" ((("/" ("/" "")?)? | "//" ("" | "" (("" ((unreserved | pct_encoded | sub_delims | ":"))* "" "@"){0} (("" | "" ((unreserved | pct_encoded | sub_delims | ":"))* (prefix_unreserved | prefix_pct_encoded | prefix_sub_delims | (":" "")?) | "" ((unreserved | pct_encoded | sub_delims | ":"))* "") | "" ((unreserved | pct_encoded | sub_delims | ":"))* "" ("@" "")?) | ("" ((unreserved | pct_encoded | sub_delims | ":"))* "" "@")? ("" | "" ((("[" "")? | "[" ((prefix_IPv6address | IPv6address "") | (prefix_IPvFuture | IPvFuture "")) | "[" (IPv6address "" | IPvFuture "") ("]" "")?) | (prefix_IPv4address | IPv4address "") | (prefix_reg_name | reg_name "")) | "" ("[" (IPv6address "" | IPvFuture "") "]" | IPv4address "" | reg_name "") "") | ("" ((unreserved | pct_encoded | sub_delims | ":"))* "" "@")? "" ("[" (IPv6address "" | IPvFuture "") "]" | IPv4address "" | reg_name "") "" (":" "" (DIGIT)* ""){0} ((":" "")? | ":" ("" | "" (DIGIT)* prefix_DIGIT | "" (DIGIT)* ""))) | "" ("" ((unreserved | pct_encoded | sub_delims | ":"))* "" "@")? "" ("[" (IPv6address "" | IPvFuture "") "]" | IPv4address "" | reg_name "") "" (":" "" (DIGIT)* "")? "") | "//" "" ("" ((unreserved | pct_encoded | sub_delims | ":"))* "" "@")? "" ("[" (IPv6address "" | IPvFuture "") "]" | IPv4address "" | reg_name "") "" (":" "" (DIGIT)* "")? "" ("" | "" ("/" segment)* (("/" "")? | "/" prefix_segment) | "" ("/" segment)* "")) | ("" | "" (("/" "")? | "/" (segment_nz ("/" segment)*){0} (prefix_segment_nz | segment_nz ("/" segment)* (("/" "")? | "/" prefix_segment))) | "" "/" (segment_nz ("/" segment)*)? "") | ("" | "" (prefix_segment_nz | segment_nz ("/" segment)* (("/" "")? | "/" prefix_segment)) | "" segment_nz ("/" segment)* "") | ("" | "" "" | "" "" "")) | "" ALPHA ((ALPHA | DIGIT | "+" | "-" | "."))* "" ":" ("//" "" ("" ((unreserved | pct_encoded | sub_delims | ":"))* "" "@")? "" ("[" (IPv6address "" | IPvFuture "") "]" | IPv4address "" | reg_name "") "" (":" "" (DIGIT)* "")? "" "" ("/" segment)* "" | "" "/" (segment_nz ("/" segment)*)? "" | "" segment_nz ("/" segment)* "" | "" "" "") ("?" "" ((pchar | "/" | "?"))* ""){0} (("?" "")? | "?" ("" | "" ((pchar | "/" | "?"))* (prefix_pchar | ("/" "")? | ("?" "")?) | "" ((pchar | "/" | "?"))* "")) | "" ALPHA ((ALPHA | DIGIT | "+" | "-" | "."))* "" ":" ("//" "" ("" ((unreserved | pct_encoded | sub_delims | ":"))* "" "@")? "" ("[" (IPv6address "" | IPvFuture "") "]" | IPv4address "" | reg_name "") "" (":" "" (DIGIT)* "")? "" "" ("/" segment)* "" | "" "/" (segment_nz ("/" segment)*)? "" | "" segment_nz ("/" segment)* "" | "" "" "") ("?" "" ((pchar | "/" | "?"))* "")? ("#" "" ((pchar | "/" | "?"))* ""){0} (("#" "")? | "#" ("" | "" ((pchar | "/" | "?"))* (prefix_pchar | ("/" "")? | ("?" "")?) | "" ((pchar | "/" | "?"))* ""))) | (((("/" ("/" "")?)? | "//" ("" | "" (("" ((unreserved | pct_encoded | sub_delims | ":"))* "" "@"){0} (("" | "" ((unreserved | pct_encoded | sub_delims | ":"))* (prefix_unreserved | prefix_pct_encoded | prefix_sub_delims | (":" "")?) | "" ((unreserved | pct_encoded | sub_delims | ":"))* "") | "" ((unreserved | pct_encoded | sub_delims | ":"))* "" ("@" "")?) | ("" ((unreserved | pct_encoded | sub_delims | ":"))* "" "@")? ("" | "" ((("[" "")? | "[" ((prefix_IPv6address | IPv6address "") | (prefix_IPvFuture | IPvFuture "")) | "[" (IPv6address "" | IPvFuture "") ("]" "")?) | (prefix_IPv4address | IPv4address "") | (prefix_reg_name | reg_name "")) | "" ("[" (IPv6address "" | IPvFuture "") "]" | IPv4address "" | reg_name "") "") | ("" ((unreserved | pct_encoded | sub_delims | ":"))* "" "@")? "" ("[" (IPv6address "" | IPvFuture "") "]" | IPv4address "" | reg_name "") "" (":" "" (DIGIT)* ""){0} ((":" "")? | ":" ("" | "" (DIGIT)* prefix_DIGIT | "" (DIGIT)* ""))) | "" ("" ((unreserved | pct_encoded | sub_delims | ":"))* "" "@")? "" ("[" (IPv6address "" | IPvFuture "") "]" | IPv4address "" | reg_name "") "" (":" "" (DIGIT)* "")? "") | "//" "" ("" ((unreserved | pct_encoded | sub_delims | ":"))* "" "@")? "" ("[" (IPv6address "" | IPvFuture "") "]" | IPv4address "" | reg_name "") "" (":" "" (DIGIT)* "")? "" ("" | "" ("/" segment)* (("/" "")? | "/" prefix_segment) | "" ("/" segment)* "")) | ("" | "" (("/" "")? | "/" (segment_nz ("/" segment)*){0} (prefix_segment_nz | segment_nz ("/" segment)* (("/" "")? | "/" prefix_segment))) | "" "/" (segment_nz ("/" segment)*)? "") | ("" | "" (prefix_segment_nz_nc | segment_nz_nc ("/" segment)* (("/" "")? | "/" prefix_segment)) | "" segment_nz_nc ("/" segment)* "") | ("" | "" "" | "" "" "")) | ("//" "" ("" ((unreserved | pct_encoded | sub_delims | ":"))* "" "@")? "" ("[" (IPv6address "" | IPvFuture "") "]" | IPv4address "" | reg_name "") "" (":" "" (DIGIT)* "")? "" "" ("/" segment)* "" | "" "/" (segment_nz ("/" segment)*)? "" | "" segment_nz_nc ("/" segment)* "" | "" "" "") ("?" "" ((pchar | "/" | "?"))* ""){0} (("?" "")? | "?" ("" | "" ((pchar | "/" | "?"))* (prefix_pchar | ("/" "")? | ("?" "")?) | "" ((pchar | "/" | "?"))* "")) | ("//" "" ("" ((unreserved | pct_encoded | sub_delims | ":"))* "" "@")? "" ("[" (IPv6address "" | IPvFuture "") "]" | IPv4address "" | reg_name "") "" (":" "" (DIGIT)* "")? "" "" ("/" segment)* "" | "" "/" (segment_nz ("/" segment)*)? "" | "" segment_nz_nc ("/" segment)* "" | "" "" "") ("?" "" ((pchar | "/" | "?"))* "")? ("#" "" ((pchar | "/" | "?"))* ""){0} (("#" "")? | "#" ("" | "" ((pchar | "/" | "?"))* (prefix_pchar | ("/" "")? | ("?" "")?) | "" ((pchar | "/" | "?"))* "")))) { return cur; }
    * { return 0; }
  */
}

/* URI, whole input; 1 when it matches, with *uri filled. */
int rfc3986_fast__match_URI(const char *input, size_t len,
  rfc3986_uri *uri) {
  const unsigned char *s = (const unsigned char *)input;
  size_t cur = 0, mar = 0;
  size_t t0s = NONE, t1e = NONE, t2s = NONE, t3e = NONE, t4h = NONE, t5h = NONE, t6h = NONE, t7h = NONE, t8s = NONE, t9e = NONE, t10s = NONE, t11e = NONE, t12s = NONE, t13e = NONE, t14s = NONE, t15e = NONE, t16s = NONE, t17e = NONE, t18s = NONE, t19e = NONE, t20s = NONE, t21e = NONE, t22s = NONE, t23e = NONE, t24s = NONE, t25e = NONE;
  /*!stags:re2c:match_URI format = "size_t @@ = NONE;\n"; */
  (void)mar;
  /*!local:re2c:match_URI
    @t0s ALPHA ((ALPHA | DIGIT | "+" | "-" | "."))* @t1e ":" ("//" @t12s (@t2s ((unreserved | pct_encoded | sub_delims | ":"))* @t3e "@")? @t8s ("[" (IPv6address @t4h | IPvFuture @t5h) "]" | IPv4address @t6h | reg_name @t7h) @t9e (":" @t10s (DIGIT)* @t11e)? @t13e @t14s ("/" segment)* @t15e | @t16s "/" (segment_nz ("/" segment)*)? @t17e | @t18s segment_nz ("/" segment)* @t19e | @t20s "" @t21e) ("?" @t22s ((pchar | "/" | "?"))* @t23e)? ("#" @t24s ((pchar | "/" | "?"))* @t25e)? [\x00] {
      if (cur != len + 1)
        return 0;
      goto matched;
    }
    * { return 0; }
  */
matched:
  if (t0s != NONE) {
    uri->scheme.offset = t0s;
    uri->scheme.length = t1e - t0s;
  }
  if (t12s != NONE) {
    uri->authority.offset = t12s;
    uri->authority.length = t13e - t12s;
  }
  if (t2s != NONE) {
    uri->userinfo.offset = t2s;
    uri->userinfo.length = t3e - t2s;
  }
  if (t8s != NONE) {
    uri->host.offset = t8s;
    uri->host.length = t9e - t8s;
  }
  if (t10s != NONE) {
    uri->port.offset = t10s;
    uri->port.length = t11e - t10s;
  }
  if (t14s != NONE) {
    uri->path.offset = t14s;
    uri->path.length = t15e - t14s;
  }
  if (t16s != NONE) {
    uri->path.offset = t16s;
    uri->path.length = t17e - t16s;
  }
  if (t18s != NONE) {
    uri->path.offset = t18s;
    uri->path.length = t19e - t18s;
  }
  if (t20s != NONE) {
    uri->path.offset = t20s;
    uri->path.length = t21e - t20s;
  }
  if (t22s != NONE) {
    uri->query.offset = t22s;
    uri->query.length = t23e - t22s;
  }
  if (t24s != NONE) {
    uri->fragment.offset = t24s;
    uri->fragment.length = t25e - t24s;
  }
  if (t4h != NONE)
    uri->host_type = RFC3986_HOST_IPV6ADDRESS;
  if (t5h != NONE)
    uri->host_type = RFC3986_HOST_IPVFUTURE;
  if (t6h != NONE)
    uri->host_type = RFC3986_HOST_IPV4ADDRESS;
  if (t7h != NONE)
    uri->host_type = RFC3986_HOST_REG_NAME;
  uri->kind = RFC3986_KIND_URI;
  return 1;
}

/* URI: the length of the longest prefix of the input that can
 * still be completed into a match (DESIGN.md, "Error offset"). */
size_t rfc3986_fast__viable_URI(const char *input, size_t len) {
  const unsigned char *s = (const unsigned char *)input;
  size_t cur = 0, mar = 0;
  (void)mar;
  /*!local:re2c
    re2c:flags:tags = 0;
    (("" | "" (prefix_ALPHA | ALPHA ((ALPHA | DIGIT | "+" | "-" | "."))* (prefix_ALPHA | prefix_DIGIT | ("+" "")? | ("-" "")? | ("." "")?)) | "" ALPHA ((ALPHA | DIGIT | "+" | "-" | "."))* "") | "" ALPHA ((ALPHA | DIGIT | "+" | "-" | "."))* "" (":" "")? | "" ALPHA ((ALPHA | DIGIT | "+" | "-" | "."))* "" ":" ((("/" ("/" "")?)? | "//" ("" | "" (("" ((unreserved | pct_encoded | sub_delims | ":"))* "" "@"){0} (("" | "" ((unreserved | pct_encoded | sub_delims | ":"))* (prefix_unreserved | prefix_pct_encoded | prefix_sub_delims | (":" "")?) | "" ((unreserved | pct_encoded | sub_delims | ":"))* "") | "" ((unreserved | pct_encoded | sub_delims | ":"))* "" ("@" "")?) | ("" ((unreserved | pct_encoded | sub_delims | ":"))* "" "@")? ("" | "" ((("[" "")? | "[" ((prefix_IPv6address | IPv6address "") | (prefix_IPvFuture | IPvFuture "")) | "[" (IPv6address "" | IPvFuture "") ("]" "")?) | (prefix_IPv4address | IPv4address "") | (prefix_reg_name | reg_name "")) | "" ("[" (IPv6address "" | IPvFuture "") "]" | IPv4address "" | reg_name "") "") | ("" ((unreserved | pct_encoded | sub_delims | ":"))* "" "@")? "" ("[" (IPv6address "" | IPvFuture "") "]" | IPv4address "" | reg_name "") "" (":" "" (DIGIT)* ""){0} ((":" "")? | ":" ("" | "" (DIGIT)* prefix_DIGIT | "" (DIGIT)* ""))) | "" ("" ((unreserved | pct_encoded | sub_delims | ":"))* "" "@")? "" ("[" (IPv6address "" | IPvFuture "") "]" | IPv4address "" | reg_name "") "" (":" "" (DIGIT)* "")? "") | "//" "" ("" ((unreserved | pct_encoded | sub_delims | ":"))* "" "@")? "" ("[" (IPv6address "" | IPvFuture "") "]" | IPv4address "" | reg_name "") "" (":" "" (DIGIT)* "")? "" ("" | "" ("/" segment)* (("/" "")? | "/" prefix_segment) | "" ("/" segment)* "")) | ("" | "" (("/" "")? | "/" (segment_nz ("/" segment)*){0} (prefix_segment_nz | segment_nz ("/" segment)* (("/" "")? | "/" prefix_segment))) | "" "/" (segment_nz ("/" segment)*)? "") | ("" | "" (prefix_segment_nz | segment_nz ("/" segment)* (("/" "")? | "/" prefix_segment)) | "" segment_nz ("/" segment)* "") | ("" | "" "" | "" "" "")) | "" ALPHA ((ALPHA | DIGIT | "+" | "-" | "."))* "" ":" ("//" "" ("" ((unreserved | pct_encoded | sub_delims | ":"))* "" "@")? "" ("[" (IPv6address "" | IPvFuture "") "]" | IPv4address "" | reg_name "") "" (":" "" (DIGIT)* "")? "" "" ("/" segment)* "" | "" "/" (segment_nz ("/" segment)*)? "" | "" segment_nz ("/" segment)* "" | "" "" "") ("?" "" ((pchar | "/" | "?"))* ""){0} (("?" "")? | "?" ("" | "" ((pchar | "/" | "?"))* (prefix_pchar | ("/" "")? | ("?" "")?) | "" ((pchar | "/" | "?"))* "")) | "" ALPHA ((ALPHA | DIGIT | "+" | "-" | "."))* "" ":" ("//" "" ("" ((unreserved | pct_encoded | sub_delims | ":"))* "" "@")? "" ("[" (IPv6address "" | IPvFuture "") "]" | IPv4address "" | reg_name "") "" (":" "" (DIGIT)* "")? "" "" ("/" segment)* "" | "" "/" (segment_nz ("/" segment)*)? "" | "" segment_nz ("/" segment)* "" | "" "" "") ("?" "" ((pchar | "/" | "?"))* "")? ("#" "" ((pchar | "/" | "?"))* ""){0} (("#" "")? | "#" ("" | "" ((pchar | "/" | "?"))* (prefix_pchar | ("/" "")? | ("?" "")?) | "" ((pchar | "/" | "?"))* ""))) { return cur; }
    * { return 0; }
  */
}

/* absolute-URI, whole input; 1 when it matches, with *uri filled. */
int rfc3986_fast__match_absolute_URI(const char *input, size_t len,
  rfc3986_uri *uri) {
  const unsigned char *s = (const unsigned char *)input;
  size_t cur = 0, mar = 0;
  size_t t0s = NONE, t1e = NONE, t2s = NONE, t3e = NONE, t4h = NONE, t5h = NONE, t6h = NONE, t7h = NONE, t8s = NONE, t9e = NONE, t10s = NONE, t11e = NONE, t12s = NONE, t13e = NONE, t14s = NONE, t15e = NONE, t16s = NONE, t17e = NONE, t18s = NONE, t19e = NONE, t20s = NONE, t21e = NONE, t22s = NONE, t23e = NONE;
  /*!stags:re2c:match_absolute_URI format = "size_t @@ = NONE;\n"; */
  (void)mar;
  /*!local:re2c:match_absolute_URI
    @t0s ALPHA ((ALPHA | DIGIT | "+" | "-" | "."))* @t1e ":" ("//" @t12s (@t2s ((unreserved | pct_encoded | sub_delims | ":"))* @t3e "@")? @t8s ("[" (IPv6address @t4h | IPvFuture @t5h) "]" | IPv4address @t6h | reg_name @t7h) @t9e (":" @t10s (DIGIT)* @t11e)? @t13e @t14s ("/" segment)* @t15e | @t16s "/" (segment_nz ("/" segment)*)? @t17e | @t18s segment_nz ("/" segment)* @t19e | @t20s "" @t21e) ("?" @t22s ((pchar | "/" | "?"))* @t23e)? [\x00] {
      if (cur != len + 1)
        return 0;
      goto matched;
    }
    * { return 0; }
  */
matched:
  if (t0s != NONE) {
    uri->scheme.offset = t0s;
    uri->scheme.length = t1e - t0s;
  }
  if (t12s != NONE) {
    uri->authority.offset = t12s;
    uri->authority.length = t13e - t12s;
  }
  if (t2s != NONE) {
    uri->userinfo.offset = t2s;
    uri->userinfo.length = t3e - t2s;
  }
  if (t8s != NONE) {
    uri->host.offset = t8s;
    uri->host.length = t9e - t8s;
  }
  if (t10s != NONE) {
    uri->port.offset = t10s;
    uri->port.length = t11e - t10s;
  }
  if (t14s != NONE) {
    uri->path.offset = t14s;
    uri->path.length = t15e - t14s;
  }
  if (t16s != NONE) {
    uri->path.offset = t16s;
    uri->path.length = t17e - t16s;
  }
  if (t18s != NONE) {
    uri->path.offset = t18s;
    uri->path.length = t19e - t18s;
  }
  if (t20s != NONE) {
    uri->path.offset = t20s;
    uri->path.length = t21e - t20s;
  }
  if (t22s != NONE) {
    uri->query.offset = t22s;
    uri->query.length = t23e - t22s;
  }
  if (t4h != NONE)
    uri->host_type = RFC3986_HOST_IPV6ADDRESS;
  if (t5h != NONE)
    uri->host_type = RFC3986_HOST_IPVFUTURE;
  if (t6h != NONE)
    uri->host_type = RFC3986_HOST_IPV4ADDRESS;
  if (t7h != NONE)
    uri->host_type = RFC3986_HOST_REG_NAME;
  uri->kind = RFC3986_KIND_URI;
  return 1;
}

/* absolute-URI: the length of the longest prefix of the input that can
 * still be completed into a match (DESIGN.md, "Error offset"). */
size_t rfc3986_fast__viable_absolute_URI(const char *input, size_t len) {
  const unsigned char *s = (const unsigned char *)input;
  size_t cur = 0, mar = 0;
  (void)mar;
  /*!local:re2c
    re2c:flags:tags = 0;
    (("" | "" (prefix_ALPHA | ALPHA ((ALPHA | DIGIT | "+" | "-" | "."))* (prefix_ALPHA | prefix_DIGIT | ("+" "")? | ("-" "")? | ("." "")?)) | "" ALPHA ((ALPHA | DIGIT | "+" | "-" | "."))* "") | "" ALPHA ((ALPHA | DIGIT | "+" | "-" | "."))* "" (":" "")? | "" ALPHA ((ALPHA | DIGIT | "+" | "-" | "."))* "" ":" ((("/" ("/" "")?)? | "//" ("" | "" (("" ((unreserved | pct_encoded | sub_delims | ":"))* "" "@"){0} (("" | "" ((unreserved | pct_encoded | sub_delims | ":"))* (prefix_unreserved | prefix_pct_encoded | prefix_sub_delims | (":" "")?) | "" ((unreserved | pct_encoded | sub_delims | ":"))* "") | "" ((unreserved | pct_encoded | sub_delims | ":"))* "" ("@" "")?) | ("" ((unreserved | pct_encoded | sub_delims | ":"))* "" "@")? ("" | "" ((("[" "")? | "[" ((prefix_IPv6address | IPv6address "") | (prefix_IPvFuture | IPvFuture "")) | "[" (IPv6address "" | IPvFuture "") ("]" "")?) | (prefix_IPv4address | IPv4address "") | (prefix_reg_name | reg_name "")) | "" ("[" (IPv6address "" | IPvFuture "") "]" | IPv4address "" | reg_name "") "") | ("" ((unreserved | pct_encoded | sub_delims | ":"))* "" "@")? "" ("[" (IPv6address "" | IPvFuture "") "]" | IPv4address "" | reg_name "") "" (":" "" (DIGIT)* ""){0} ((":" "")? | ":" ("" | "" (DIGIT)* prefix_DIGIT | "" (DIGIT)* ""))) | "" ("" ((unreserved | pct_encoded | sub_delims | ":"))* "" "@")? "" ("[" (IPv6address "" | IPvFuture "") "]" | IPv4address "" | reg_name "") "" (":" "" (DIGIT)* "")? "") | "//" "" ("" ((unreserved | pct_encoded | sub_delims | ":"))* "" "@")? "" ("[" (IPv6address "" | IPvFuture "") "]" | IPv4address "" | reg_name "") "" (":" "" (DIGIT)* "")? "" ("" | "" ("/" segment)* (("/" "")? | "/" prefix_segment) | "" ("/" segment)* "")) | ("" | "" (("/" "")? | "/" (segment_nz ("/" segment)*){0} (prefix_segment_nz | segment_nz ("/" segment)* (("/" "")? | "/" prefix_segment))) | "" "/" (segment_nz ("/" segment)*)? "") | ("" | "" (prefix_segment_nz | segment_nz ("/" segment)* (("/" "")? | "/" prefix_segment)) | "" segment_nz ("/" segment)* "") | ("" | "" "" | "" "" "")) | "" ALPHA ((ALPHA | DIGIT | "+" | "-" | "."))* "" ":" ("//" "" ("" ((unreserved | pct_encoded | sub_delims | ":"))* "" "@")? "" ("[" (IPv6address "" | IPvFuture "") "]" | IPv4address "" | reg_name "") "" (":" "" (DIGIT)* "")? "" "" ("/" segment)* "" | "" "/" (segment_nz ("/" segment)*)? "" | "" segment_nz ("/" segment)* "" | "" "" "") ("?" "" ((pchar | "/" | "?"))* ""){0} (("?" "")? | "?" ("" | "" ((pchar | "/" | "?"))* (prefix_pchar | ("/" "")? | ("?" "")?) | "" ((pchar | "/" | "?"))* ""))) { return cur; }
    * { return 0; }
  */
}

/* relative-ref, whole input; 1 when it matches, with *uri filled. */
int rfc3986_fast__match_relative_ref(const char *input, size_t len,
  rfc3986_uri *uri) {
  const unsigned char *s = (const unsigned char *)input;
  size_t cur = 0, mar = 0;
  size_t t0s = NONE, t1e = NONE, t2h = NONE, t3h = NONE, t4h = NONE, t5h = NONE, t6s = NONE, t7e = NONE, t8s = NONE, t9e = NONE, t10s = NONE, t11e = NONE, t12s = NONE, t13e = NONE, t14s = NONE, t15e = NONE, t16s = NONE, t17e = NONE, t18s = NONE, t19e = NONE, t20s = NONE, t21e = NONE, t22s = NONE, t23e = NONE;
  /*!stags:re2c:match_relative_ref format = "size_t @@ = NONE;\n"; */
  (void)mar;
  /*!local:re2c:match_relative_ref
    ("//" @t10s (@t0s ((unreserved | pct_encoded | sub_delims | ":"))* @t1e "@")? @t6s ("[" (IPv6address @t2h | IPvFuture @t3h) "]" | IPv4address @t4h | reg_name @t5h) @t7e (":" @t8s (DIGIT)* @t9e)? @t11e @t12s ("/" segment)* @t13e | @t14s "/" (segment_nz ("/" segment)*)? @t15e | @t16s segment_nz_nc ("/" segment)* @t17e | @t18s "" @t19e) ("?" @t20s ((pchar | "/" | "?"))* @t21e)? ("#" @t22s ((pchar | "/" | "?"))* @t23e)? [\x00] {
      if (cur != len + 1)
        return 0;
      goto matched;
    }
    * { return 0; }
  */
matched:
  if (t10s != NONE) {
    uri->authority.offset = t10s;
    uri->authority.length = t11e - t10s;
  }
  if (t0s != NONE) {
    uri->userinfo.offset = t0s;
    uri->userinfo.length = t1e - t0s;
  }
  if (t6s != NONE) {
    uri->host.offset = t6s;
    uri->host.length = t7e - t6s;
  }
  if (t8s != NONE) {
    uri->port.offset = t8s;
    uri->port.length = t9e - t8s;
  }
  if (t12s != NONE) {
    uri->path.offset = t12s;
    uri->path.length = t13e - t12s;
  }
  if (t14s != NONE) {
    uri->path.offset = t14s;
    uri->path.length = t15e - t14s;
  }
  if (t16s != NONE) {
    uri->path.offset = t16s;
    uri->path.length = t17e - t16s;
  }
  if (t18s != NONE) {
    uri->path.offset = t18s;
    uri->path.length = t19e - t18s;
  }
  if (t20s != NONE) {
    uri->query.offset = t20s;
    uri->query.length = t21e - t20s;
  }
  if (t22s != NONE) {
    uri->fragment.offset = t22s;
    uri->fragment.length = t23e - t22s;
  }
  if (t2h != NONE)
    uri->host_type = RFC3986_HOST_IPV6ADDRESS;
  if (t3h != NONE)
    uri->host_type = RFC3986_HOST_IPVFUTURE;
  if (t4h != NONE)
    uri->host_type = RFC3986_HOST_IPV4ADDRESS;
  if (t5h != NONE)
    uri->host_type = RFC3986_HOST_REG_NAME;
  uri->kind = RFC3986_KIND_RELATIVE_REF;
  return 1;
}

/* relative-ref: the length of the longest prefix of the input that can
 * still be completed into a match (DESIGN.md, "Error offset"). */
size_t rfc3986_fast__viable_relative_ref(const char *input, size_t len) {
  const unsigned char *s = (const unsigned char *)input;
  size_t cur = 0, mar = 0;
  (void)mar;
  /*!local:re2c
    re2c:flags:tags = 0;
    (((("/" ("/" "")?)? | "//" ("" | "" (("" ((unreserved | pct_encoded | sub_delims | ":"))* "" "@"){0} (("" | "" ((unreserved | pct_encoded | sub_delims | ":"))* (prefix_unreserved | prefix_pct_encoded | prefix_sub_delims | (":" "")?) | "" ((unreserved | pct_encoded | sub_delims | ":"))* "") | "" ((unreserved | pct_encoded | sub_delims | ":"))* "" ("@" "")?) | ("" ((unreserved | pct_encoded | sub_delims | ":"))* "" "@")? ("" | "" ((("[" "")? | "[" ((prefix_IPv6address | IPv6address "") | (prefix_IPvFuture | IPvFuture "")) | "[" (IPv6address "" | IPvFuture "") ("]" "")?) | (prefix_IPv4address | IPv4address "") | (prefix_reg_name | reg_name "")) | "" ("[" (IPv6address "" | IPvFuture "") "]" | IPv4address "" | reg_name "") "") | ("" ((unreserved | pct_encoded | sub_delims | ":"))* "" "@")? "" ("[" (IPv6address "" | IPvFuture "") "]" | IPv4address "" | reg_name "") "" (":" "" (DIGIT)* ""){0} ((":" "")? | ":" ("" | "" (DIGIT)* prefix_DIGIT | "" (DIGIT)* ""))) | "" ("" ((unreserved | pct_encoded | sub_delims | ":"))* "" "@")? "" ("[" (IPv6address "" | IPvFuture "") "]" | IPv4address "" | reg_name "") "" (":" "" (DIGIT)* "")? "") | "//" "" ("" ((unreserved | pct_encoded | sub_delims | ":"))* "" "@")? "" ("[" (IPv6address "" | IPvFuture "") "]" | IPv4address "" | reg_name "") "" (":" "" (DIGIT)* "")? "" ("" | "" ("/" segment)* (("/" "")? | "/" prefix_segment) | "" ("/" segment)* "")) | ("" | "" (("/" "")? | "/" (segment_nz ("/" segment)*){0} (prefix_segment_nz | segment_nz ("/" segment)* (("/" "")? | "/" prefix_segment))) | "" "/" (segment_nz ("/" segment)*)? "") | ("" | "" (prefix_segment_nz_nc | segment_nz_nc ("/" segment)* (("/" "")? | "/" prefix_segment)) | "" segment_nz_nc ("/" segment)* "") | ("" | "" "" | "" "" "")) | ("//" "" ("" ((unreserved | pct_encoded | sub_delims | ":"))* "" "@")? "" ("[" (IPv6address "" | IPvFuture "") "]" | IPv4address "" | reg_name "") "" (":" "" (DIGIT)* "")? "" "" ("/" segment)* "" | "" "/" (segment_nz ("/" segment)*)? "" | "" segment_nz_nc ("/" segment)* "" | "" "" "") ("?" "" ((pchar | "/" | "?"))* ""){0} (("?" "")? | "?" ("" | "" ((pchar | "/" | "?"))* (prefix_pchar | ("/" "")? | ("?" "")?) | "" ((pchar | "/" | "?"))* "")) | ("//" "" ("" ((unreserved | pct_encoded | sub_delims | ":"))* "" "@")? "" ("[" (IPv6address "" | IPvFuture "") "]" | IPv4address "" | reg_name "") "" (":" "" (DIGIT)* "")? "" "" ("/" segment)* "" | "" "/" (segment_nz ("/" segment)*)? "" | "" segment_nz_nc ("/" segment)* "" | "" "" "") ("?" "" ((pchar | "/" | "?"))* "")? ("#" "" ((pchar | "/" | "?"))* ""){0} (("#" "")? | "#" ("" | "" ((pchar | "/" | "?"))* (prefix_pchar | ("/" "")? | ("?" "")?) | "" ((pchar | "/" | "?"))* ""))) { return cur; }
    * { return 0; }
  */
}
