/*
 * predict_impl.h: what the files of the transforms share (predict_table.c:
 * the table; predict.c: the reading; predict_*.c: the rewrites).  Not for
 * other users: they take predict.h.
 */
#ifndef URITEST_PREDICT_IMPL_H
#define URITEST_PREDICT_IMPL_H

#include <stddef.h>

#include "predict.h"
#include "rfc3986.h"

#define NC RFC3986_COMPONENT_COUNT
#define C_SCHEME RFC3986_COMPONENT_SCHEME
#define C_AUTH RFC3986_COMPONENT_AUTHORITY
#define C_USER RFC3986_COMPONENT_USERINFO
#define C_HOST RFC3986_COMPONENT_HOST
#define C_TYPE RFC3986_COMPONENT_HOST_TYPE
#define C_PORT RFC3986_COMPONENT_PORT
#define C_PATH RFC3986_COMPONENT_PATH
#define C_QUERY RFC3986_COMPONENT_QUERY
#define C_FRAG RFC3986_COMPONENT_FRAGMENT

/* A string being rewritten, or one component (def 0: undefined). */
struct pstr {
  char *p;
  size_t n;
  int def;
};
/* A reading being rewritten. */
struct prd {
  struct pstr c[NC];
};

void pstr_set(struct pstr *s, const char *p, size_t n);
void pstr_undef(struct pstr *s);
int pstr_is(const struct pstr *s, const char *v);
/* S with the N octets PRE before it */
void pstr_prepend(struct pstr *s, const char *pre, size_t n);
/* S without the octets STRIP holds for at its start and its end */
void pstr_trim(struct pstr *s, int (*strip)(unsigned char));
void prd_free(struct prd *r);
void pt_in_strip_c0(struct pstr *s);
void pt_in_tab_newline(struct pstr *s);
void pt_in_collapse(struct pstr *s);
void pt_in_scheme_slashes(struct pstr *s);
void pt_in_backslash(struct pstr *s);
void pt_in_relative_http(struct pstr *s);
void pt_in_relative_file(struct pstr *s);
void pt_in_authority_form(struct pstr *s);
void pt_rw_port_not_u16_unset(struct prd *r);
void pt_in_authority_implied(struct pstr *s);
void pt_in_pct_encode(struct pstr *s);
void pt_in_lone_percent(struct pstr *s);
void prd_rebuild_authority(struct prd *r);
void pstr_lower(struct pstr *s);
void pt_rw_scheme_lower(struct prd *r);
void pt_rw_host_lower(struct prd *r);
int pct_hexval(char c);
/* S's percent-encodings decoded */
void pct_decode(struct pstr *s);
void pt_rw_host_decode(struct prd *r);
void pt_rw_userinfo_decode(struct prd *r);
void pt_rw_path_decode(struct prd *r);
void pt_rw_all_decode(struct prd *r);
void pt_rw_all_decode_utf8(struct prd *r);
void pt_rw_host_punycode(struct prd *r);
void pt_rw_unreserved_decode(struct prd *r);
void pt_rw_non_graphic_encode(struct prd *r);
void pt_rw_numeric_ipv4(struct prd *r);
void pt_rw_ipv4_zeros(struct prd *r);
void pt_rw_ipv4_like_dropped(struct prd *r);
void pt_rw_empty_host_dropped(struct prd *r);
void pt_rw_empty_host_no_authority(struct prd *r);
void pt_rw_empty_port_in_host(struct prd *r);
void pt_rw_empty_userinfo_in_host(struct prd *r);
void pt_rw_non_digit_port_in_host(struct prd *r);
void pt_rw_pct_upper(struct prd *r);
void pt_rw_ipv6_canonical(struct prd *r);
void pt_rw_ipv6_canonical_shorter(struct prd *r);
void pt_rw_ipv6_brackets(struct prd *r);
void pt_rw_empty_port(struct prd *r);
void pt_rw_port_zeros(struct prd *r);
void pt_rw_port_leading_digits(struct prd *r);
void pt_rw_port_non_digit_path(struct prd *r);
void pt_rw_ip_literal_path(struct prd *r);
void pt_rw_ip_literal_raw_path(struct prd *r);
void pt_rw_empty_host_authority_dropped(struct prd *r);
void pt_rw_path_recoded(struct prd *r);
void pt_rw_default_port(struct prd *r);
void pt_rw_empty_userinfo(struct prd *r);
void pt_rw_empty_query(struct prd *r);
void pt_rw_empty_fragment(struct prd *r);
void pt_rw_absent_as_empty(struct prd *r);
void pt_rw_network_path(struct prd *r);
void pt_rw_registry_authority(struct prd *r);
void pt_rw_empty_authority_written(struct prd *r);
void pt_rw_empty_authority_parts(struct prd *r);
void pt_rw_dot_segments(struct prd *r);
void pt_rw_empty_path_slash(struct prd *r);
void pt_rw_path_rooted(struct prd *r);
void pt_rw_hostless_authority(struct prd *r);
void pt_rw_scheme_and_authority(struct prd *r);
void pt_rw_empty_port_unset(struct prd *r);
void pt_rw_empty_authority(struct prd *r);
void pt_dots_last_dot_dot_kept(struct pstr *path);
void pt_dots_spliced(struct pstr *path);
void pt_dots_root_popped(struct pstr *path);
void pt_dots_part_list(struct pstr *path);
void pt_dots_split(struct pstr *path);
/* with LAST_POPS, a last ".." pops a kept ".." too */
void pt_dots_keep_above_root(struct pstr *path, int last_pops);
/* whether PATH's last segment is ".." (or, with DOT, ".") */
int pt_dots_ends_in(const struct pstr *path, int dot);
void pt_dots_root_dot_dot_drops_empty(struct pstr *path);
void pt_dots_segments_rejoined(struct pstr *path);
void pt_in_controls_underscore(struct pstr *s);
void pt_in_invalid_utf8_empty(struct pstr *s);
void pt_dots_paired(struct pstr *path);
void pt_in_whitespace_trimmed(struct pstr *s);
void pt_rw_path_pchar_decode(struct prd *r);
void pct_normalize(struct pstr *s, int upper, int decode);
/* the host read with PRE before it and POST after it, a reg-name */
void host_widened(struct prd *r, const char *pre, const char *post);
/* the host_type of R's host as "//HOST" reads (reg-name when it fails) */
void lenient_host_type(struct prd *r);
void pt_rw_authority_bad_octet(struct prd *r);
/* the number of digits port P starts with (0 when it is undefined) */
size_t port_digits(const struct pstr *p);
/* the port read, with its ":", as part of the host; no port */
void port_in_host(struct prd *r);
/* predict_authority.c */
void pt_in_authority_after_scheme(struct pstr *s);
void pt_rw_port_cut_at_non_digit(struct prd *r);
void pt_rw_ip_literal_not_ipv6_unbracketed(struct prd *r);
void pt_rw_bad_userinfo_in_host(struct prd *r);
void pt_rw_port_of_empty_host_in_host(struct prd *r);
void pt_rw_fragment_cut_at_bad_octet(struct prd *r);
void pct_encode_where(struct pstr *s, int (*keep)(unsigned char));
void pt_rw_pct_encode_sets(struct prd *r);
void pt_rw_port_digits_only(struct prd *r);
void pt_rw_port_after_last_colon(struct prd *r);
void pt_rw_ipv4_zeros_dropped(struct prd *r);
/* predict_path.c */
void pt_rw_network_path_host_empty(struct prd *r);
void pt_rw_userinfo_recoded(struct prd *r);
void pt_rw_pct_encode_rfc_sets(struct prd *r);
void pt_rw_scheme_cleaned(struct prd *r);
/* predict_ipv6.c */
void pt_rw_ipv6_url(struct prd *r);
void pt_rw_ipv6_urijs(struct prd *r);
/* predict_legacy.c */
void pt_rw_host_cut_legacy(struct prd *r);
void pt_rw_host_cut_colon(struct prd *r);
void pt_rw_autoescape(struct prd *r);
/* predict_split.c: AUTH (N octets) split into R; the userinfo ends at the
 * first "@" with FIRST_AT */
void pt_split_authority(struct prd *r, const char *a, size_t n, int first_at);
/* the host type of the host R reads leniently: what "//HOST" reads */
void lenient_host_type(struct prd *r);
/* predict_case.c */
void pt_rw_host_lower_to_pct(struct prd *r);
/* predict_utf8.c */
void pt_rw_path_bad_utf8_replaced(struct prd *r);
void pt_rw_latin1_utf8_pct(struct prd *r);
void pt_rw_pct_decoded_as_text(struct prd *r);
/* predict_root.c */
void pt_in_network_path_implied(struct pstr *s);
void pt_rw_rootless_path_rooted(struct prd *r);

#endif
