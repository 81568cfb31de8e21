/*
 * predict.c: the transforms a behaviour's prediction names (predict.h,
 * adapters/BEHAVIOURS.md "Transforms"), one table, and the answer they
 * compute: the input rewritten, read by librfc3986 when RFC 3986 accepts
 * it (by Appendix B's split under appendix-b-split), resolved (5.2.2) or
 * normalized (6.2.2) but for the steps left out, and the reading
 * rewritten.  The rewrites themselves are predict_rewrite.c's.
 */
#include "predict_impl.h"

#include <arpa/inet.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "rfc3986.h"

/* ---- the table ---------------------------------------------------------- */

const struct transform transform_table[] = {
    {"strip-c0-and-space", TS_INPUT, "2",
     "leading and trailing C0 controls and spaces are removed", pt_in_strip_c0,
     NULL},
    {"tab-newline-removed", TS_INPUT, "2", "every TAB, LF and CR is removed",
     pt_in_tab_newline, NULL},
    {"controls-as-underscore", TS_INPUT, "2",
     "every C0 control and DEL is replaced by \"_\"", pt_in_controls_underscore,
     NULL},
    {"relative-as-http", TS_INPUT, "4.2",
     "a reference without a scheme is read as \"http:\" and it, with "
     "\"//\" before it unless it starts so (\"p/q\" read \"http://p/q\")",
     pt_in_relative_http, NULL},
    {"relative-as-file", TS_INPUT, "4.2",
     "a reference without a scheme is read with the scheme \"file\" "
     "(\"p/q\" read \"file:p/q\")",
     pt_in_relative_file, NULL},
    {"backslash-as-slash", TS_INPUT, "3.3", "a backslash is read as a slash",
     pt_in_backslash, NULL},
    {"scheme-slashes-as-two", TS_INPUT, "3.2",
     "one slash or three and more after the scheme (\"s:/h\", "
     "\"s:///h\") are read as two: an authority follows",
     pt_in_scheme_slashes, NULL},
    {"authority-implied-after-scheme", TS_INPUT, "3.2",
     "after a scheme other than http, https, ftp, gopher, file and "
     "javascript an authority follows, \"//\" or not (\"s:h/p\" read "
     "\"s://h/p\", \"s:/p\" read \"s:///p\")",
     pt_in_authority_implied, NULL},
    {"authority-after-any-scheme", TS_INPUT, "3.2",
     "after every scheme an authority follows, whatever slashes are "
     "written (\"s:h\", \"s:/h\", \"s:///h\" read \"s://h\")",
     pt_in_authority_after_scheme, NULL},
    {"empty-segments-collapsed", TS_INPUT, "3.3",
     "a run of slashes in the path is read as one slash", pt_in_collapse, NULL},
    {"lone-percent-encoded", TS_INPUT, "2.1",
     "a \"%\" that starts no percent-encoding (\"%g\", \"%4\") is "
     "written \"%25\"",
     pt_in_lone_percent, NULL},
    {"non-uri-octets-pct-encoded", TS_INPUT, "2.1",
     "an octet outside the URI characters (space, controls, non-ASCII, "
     "\"<>\\\"{}|^`\") is percent-encoded",
     pt_in_pct_encode, NULL},
    {"whitespace-trimmed", TS_INPUT, "2",
     "leading and trailing ASCII whitespace (space, TAB, LF, VT, FF, CR) "
     "is removed",
     pt_in_whitespace_trimmed, NULL},
    {"appendix-b-split", TS_SPLIT, "Appendix B",
     "an input RFC 3986 rejects is accepted, split by Appendix B's regular "
     "expression, the userinfo ending at the last \"@\" of the authority "
     "and the port after its last \":\"",
     NULL, NULL},
    {"bad-scheme-as-path", TS_SPLIT, "3.1",
     "an input RFC 3986 rejects is split as appendix-b-split says, except "
     "that a prefix before \":\" that is no scheme (\"1a:b\", \"a!b:c\") "
     "is read as the start of a relative path",
     NULL, NULL},
    {"bad-scheme-dropped", TS_SPLIT, "3.1",
     "an input RFC 3986 rejects is split as appendix-b-split says, except "
     "that a prefix before \":\" that is no scheme (\"{a:b\") is dropped: "
     "neither scheme nor path",
     NULL, NULL},
    {"userinfo-ends-at-first-at", TS_SPLIT, "3.2.1",
     "the userinfo ends at the first \"@\" of the authority, not the last",
     NULL, NULL},
    {"authority-ends-at-slash", TS_SPLIT, "3.2",
     "the authority ends at the first \"/\" only: a \"?\" or \"#\" "
     "before it is part of the authority (\"//h?q/p\": authority "
     "\"h?q\")",
     NULL, NULL},
    {"fragment-not-split", TS_SPLIT, "3.5",
     "a \"#\" starts no fragment: it and what follows are part of the "
     "query, or of the path when there is none, written \"%23\" there "
     "(\"/p#f\": path \"/p%23f\")",
     NULL, NULL},
    {"dot-segments-kept", TS_OUTPUT, "5.2.4",
     "resolve and normalize keep dot segments (no remove_dot_segments)", NULL,
     NULL},
    {"dot-dot-above-root-kept", TS_OUTPUT, "5.2.4",
     "resolve and normalize keep a \"..\" segment that has no segment "
     "before it to remove (\"/../b\" stays)",
     NULL, NULL},
    {"last-dot-dot-kept", TS_OUTPUT, "5.2.4",
     "resolve and normalize drop \".\" segments (a last one leaves its "
     "slash) and remove a \"..\" with the segment before it only when "
     "that is neither empty nor \"..\" and the \"..\" is not the last "
     "segment; a \"..\" right after the root is dropped (\"/b/a/..\" "
     "stays, \"/../a\" becomes \"/a\")",
     NULL, NULL},
    {"empty-base-path-merged-bare", TS_OUTPUT, "5.2.3",
     "resolve: a base with an authority and an empty path is merged with "
     "no \"/\" before the reference's path; dot segments are removed "
     "from that, and a \"/\" written before what is left (\"..\" "
     "on \"http://a\" is \"http://a\")",
     NULL, NULL},
    {"empty-first-segment-dot-prefixed", TS_OUTPUT, "5.2.4",
     "resolve: a merged path that remove_dot_segments leaves starting with "
     "empty segments gets a \".\" segment before them: after an "
     "authority two (\"//\", \"///x\" written \"/.//\", \"/.///x\"), "
     "without one the first (\"//x\" written \"/.//x\", \"/\" left "
     "of a last empty segment \"/./\")",
     NULL, NULL},
    {"final-dot-segment-slash-dropped", TS_OUTPUT, "5.2.4",
     "resolve and normalize remove a last \".\" or \"..\" segment with the "
     "slash before it (\"/a/b/..\" becomes \"/a\", not \"/a/\")",
     NULL, NULL},
    {"final-dot-segment-root-dropped", TS_OUTPUT, "5.2.4",
     "with final-dot-segment-slash-dropped, a path that a last \".\" or "
     "\"..\" segment leaves \"/\" is written empty (\"http://a\" and "
     "\"/b/..\" resolve to \"http://a\")",
     NULL, NULL},
    {"reference-not-resolved", TS_OUTPUT, "5.2",
     "resolve: the target is the reference as it reads, not resolved "
     "against the base",
     NULL, NULL},
    {"case-kept", TS_OUTPUT, "6.2.2.1",
     "normalize leaves the case of the scheme, host and percent-encodings "
     "as written",
     NULL, NULL},
    {"host-case-kept", TS_OUTPUT, "6.2.2.1",
     "normalize leaves the case of the host's letters as written; its "
     "percent-encodings are upper-cased",
     NULL, NULL},
    {"host-lowercased-before-pct-decoded", TS_OUTPUT, "6.2.2",
     "normalize lower-cases the host before it decodes percent-encoded "
     "unreserved octets, so a decoded letter keeps its case (\"A%41B\" "
     "becomes \"aAb\")",
     NULL, NULL},
    {"unreserved-pct-kept", TS_OUTPUT, "6.2.2.2",
     "normalize leaves percent-encoded unreserved octets encoded", NULL, NULL},
    {"no-authority-base-merged-at-root", TS_OUTPUT, "5.2.3",
     "resolve: a base without an authority gives no directory: a relative "
     "path is merged onto \"/\" (\"a\" on \"s:/b/c\" is \"s:/a\")",
     NULL, NULL},
    {"dot-segments-spliced", TS_OUTPUT, "5.2.4",
     "resolve and normalize split the path at \"/\", remove \".\" "
     "and remove each \"..\" with the nearest element before it, an "
     "empty one too; the path is rooted again, and ends in \"/\" when "
     "it ended in a dot segment (\"/b//.\" becomes \"/b/\", "
     "\"/..//a\" becomes \"/a\")",
     NULL, NULL},
    {"base-without-authority-not-merged", TS_OUTPUT, "5.2.2",
     "resolve: a reference with neither scheme nor authority on a base "
     "without an authority takes only the base's scheme: the target is it "
     "and the reference as it reads (\"./a\" on \"s:/b/c\" is "
     "\"s:./a\")",
     NULL, NULL},
    {"dot-segments-paired", TS_OUTPUT, "5.2.4",
     "resolve removes from a path that starts with \"/\" its \"./\" "
     "segments and a last \".\" (not of \"/.\"), then each \"seg/../\" "
     "from the start, an empty seg never (\"/a//../b\" stays), a last "
     "\"seg/..\" and leading \"/..\"s; other paths as 5.2.4 says",
     NULL, NULL},
    {"host-cut-at-non-hostname-octet", TS_READING, "3.2.2",
     "the host ends at its first octet of %/?;#'{}|\\^`<> \" CR LF TAB, "
     "the port is the digits after its last \":\", and a host not in "
     "brackets ends at its first octet other than a letter, digit, "
     "non-ASCII, +_-. or the 64th of a label; what is cut off starts the "
     "path, \"/\" before a hostname's part (\"s://a]b:8/p\": host "
     "\"a\", port \"8\", path \"/]b/p\")",
     NULL, pt_rw_host_cut_legacy},
    {"host-cut-at-colon", TS_READING, "3.2.2",
     "as host-cut-at-non-hostname-octet, but a host not in brackets ends "
     "at its first \":\" only (\"s://a]b:1x/p\": host \"a]b\", "
     "path \"/:1x/p\")",
     NULL, pt_rw_host_cut_colon},
    {"port-digits-only", TS_READING, "3.2.3",
     "the port starts at the first \":\" after the host and holds only "
     "the digits after it; the rest of the authority starts the path "
     "(\"h:1a:2/p\": port \"1\", path \"a:2/p\")",
     NULL, pt_rw_port_digits_only},
    {"scheme-lowercased", TS_READING, "3.1", "the scheme is lower-cased", NULL,
     pt_rw_scheme_lower},
    {"host-pct-decoded", TS_READING, "3.2.2", "the host is percent-decoded",
     NULL, pt_rw_host_decode},
    {"host-lowercased", TS_READING, "3.2.2", "the host is lower-cased", NULL,
     pt_rw_host_lower},
    {"host-punycode", TS_READING, "3.2.2",
     "a host label holding non-ASCII octets is written \"xn--\" and the "
     "Punycode (RFC 3492) of its octets, each one code point (Latin-1)",
     NULL, pt_rw_host_punycode},
    {"numeric-ipv4-to-dotted", TS_READING, "3.2.2",
     "a reg-name of inet_aton's numeric forms (\"0x7f.1\", \"127.1\") is "
     "read as the IPv4address it names",
     NULL, pt_rw_numeric_ipv4},
    {"ipv4-leading-zeros-accepted", TS_READING, "3.2.2",
     "a dotted-decimal host with leading zeros (\"01.1.1.1\") is read as "
     "an IPv4address, as written",
     NULL, pt_rw_ipv4_zeros},
    {"ipv4-leading-zeros-dropped", TS_READING, "3.2.2",
     "a dotted-decimal host with leading zeros (\"060.1.1.1\") is read as "
     "the IPv4address of its decimal numbers (\"60.1.1.1\")",
     NULL, pt_rw_ipv4_zeros_dropped},
    {"ipv4-like-host-dropped", TS_READING, "3.2.2",
     "a host of four dot-separated numbers that is no IPv4address "
     "(\"489.1.1.1\") is read as no host",
     NULL, pt_rw_ipv4_like_dropped},
    {"ip-literal-read-as-path", TS_READING, "3.2.2",
     "an IP literal is no host: the host is empty, and the literal, its "
     "brackets written \"%5B\" and \"%5D\", with the port after it and "
     "the path is the path (\"//[::1]:8/p\": path \"%5B::1%5D:8/p\")",
     NULL, pt_rw_ip_literal_path},
    {"ipv6-canonical", TS_READING, "3.2.2",
     "an IPv6 literal is written in its RFC 5952 form", NULL,
     pt_rw_ipv6_canonical},
    {"ipv6-brackets-dropped", TS_READING, "3.2.2",
     "the host of an IP literal is given without its brackets", NULL,
     pt_rw_ipv6_brackets},
    {"ip-literal-not-ipv6-unbracketed", TS_READING, "3.2.2",
     "an IP literal that holds no IPv6 address (\"[v1.x]\", \"[1:ab]\") "
     "is read as a reg-name, without its brackets",
     NULL, pt_rw_ip_literal_not_ipv6_unbracketed},
    {"empty-userinfo-dropped", TS_READING, "3.2.1",
     "an empty userinfo (\"//@h\") is read as none", NULL,
     pt_rw_empty_userinfo},
    {"port-leading-zeros-dropped", TS_READING, "3.2.3",
     "the port's leading zeros are dropped", NULL, pt_rw_port_zeros},
    {"port-leading-digits-only", TS_READING, "3.2.3",
     "the port is read up to its first non-digit, the rest dropped "
     "(\"h:1a\" port \"1\", \"h:a\" port \"\"); the authority stays "
     "as written",
     NULL, pt_rw_port_leading_digits},
    {"port-non-digit-starts-path", TS_READING, "3.2.3",
     "the port ends at its first non-digit, which with the rest of the "
     "port starts the path (\"h:1a/p\": port \"1\", path \"a/p\")",
     NULL, pt_rw_port_non_digit_path},
    {"default-port-dropped", TS_READING, "3.2.3",
     "the scheme's default port (http 80, https 443, ws 80, wss 443, ftp "
     "21) is read as none",
     NULL, pt_rw_default_port},
    {"empty-host-dropped", TS_READING, "3.2.2",
     "an empty host (\"//@/p\", \"s:///p\") is read as none", NULL,
     pt_rw_empty_host_dropped},
    {"empty-host-no-authority", TS_READING, "3.2.2",
     "an empty host is read as none, and so is the authority (its "
     "userinfo and port kept)",
     NULL, pt_rw_empty_host_no_authority},
    {"empty-host-authority-dropped", TS_READING, "3.2.2",
     "an empty host is read as no authority at all: its userinfo and port "
     "are dropped with it (\"//u@:8/p\": path \"/p\" only)",
     NULL, pt_rw_empty_host_authority_dropped},
    {"empty-authority-dropped", TS_READING, "3.2",
     "an empty authority (\"//\", \"s:///p\") is read as none", NULL,
     pt_rw_empty_authority},
    {"hostless-authority-dropped", TS_READING, "3.2",
     "an authority with an empty host and no userinfo (\"//\", "
     "\"//:8\") is read as none, its port with it",
     NULL, pt_rw_hostless_authority},
    {"empty-userinfo-in-host", TS_READING, "3.2.1",
     "an empty userinfo's \"@\" is read as part of the host (\"@h\" a "
     "reg-name), no userinfo",
     NULL, pt_rw_empty_userinfo_in_host},
    {"empty-port-in-host", TS_READING, "3.2.3",
     "an empty port's \":\" is read as part of the host (\"h:\" a "
     "reg-name), no port",
     NULL, pt_rw_empty_port_in_host},
    {"non-digit-port-in-host", TS_READING, "3.2.3",
     "a port that is empty or holds a non-digit is read, with its \":\", "
     "as part of the host (\"h:1a\" a reg-name), no port",
     NULL, pt_rw_non_digit_port_in_host},
    {"bad-userinfo-in-host", TS_READING, "3.2.1",
     "a userinfo holding an octet outside the userinfo characters is "
     "read, with its \"@\", as part of the host (\"a b@h\" a "
     "reg-name), no userinfo",
     NULL, pt_rw_bad_userinfo_in_host},
    {"port-of-empty-host-in-host", TS_READING, "3.2.3",
     "after an empty host the port is read, with its \":\", as the host "
     "(\"//:8/p\": host \":8\", a reg-name), no port",
     NULL, pt_rw_port_of_empty_host_in_host},
    {"port-cut-at-non-digit", TS_READING, "3.2.3",
     "the port is read as its leading digits, none when it has none, and "
     "the authority written so (\"h:1a2\" port \"1\", authority "
     "\"h:1\"; \"h:a\" no port)",
     NULL, pt_rw_port_cut_at_non_digit},
    {"empty-port-dropped", TS_READING, "3.2.3",
     "an empty port (\"h:\") is read as none", NULL, pt_rw_empty_port},
    {"empty-port-unset", TS_READING, "3.2.3",
     "an empty port (\"h:\") is read as none; the authority stays as "
     "written (\"h:\")",
     NULL, pt_rw_empty_port_unset},
    {"registry-authority", TS_READING, "3.2",
     "the authority is read whole, as a registry name (RFC 2396 3.2): "
     "userinfo, host and port are read as none",
     NULL, pt_rw_registry_authority},
    {"empty-authority-parts-dropped", TS_READING, "3.2",
     "an empty userinfo, host or port is read as none; the authority "
     "stays as written",
     NULL, pt_rw_empty_authority_parts},
    {"empty-authority-written", TS_READING, "5.3",
     "a URI with a scheme and an absolute path but no authority is written "
     "with an empty one (\"a:/p\" written \"a:///p\")",
     NULL, pt_rw_empty_authority_written},
    {"scheme-and-authority-dropped", TS_READING, "5.3",
     "only the path, query and fragment are given: the scheme and the "
     "authority are read as none (\"a://h/p?q\" read \"/p?q\")",
     NULL, pt_rw_scheme_and_authority},
    {"network-path-as-path", TS_READING, "4.2",
     "a network-path reference (\"//h/p\") is read as a path", NULL,
     pt_rw_network_path},
    {"pct-hex-uppercased", TS_READING, "2.1",
     "the hex digits of a percent-encoding are upper-cased (\"%a0\" read "
     "\"%A0\")",
     NULL, pt_rw_pct_upper},
    {"unreserved-pct-decoded", TS_READING, "2.3",
     "in the path, query and fragment a percent-encoded unreserved octet "
     "is decoded (\"%41\" read \"A\")",
     NULL, pt_rw_unreserved_decode},
    {"non-graphic-pct-encoded", TS_READING, "2.1",
     "in the path, query and fragment an octet that is no graphic ASCII "
     "(controls, space, DEL, non-ASCII) is percent-encoded; the userinfo "
     "and host keep it as written",
     NULL, pt_rw_non_graphic_encode},
    {"path-pchar-pct-decoded", TS_READING, "3.3",
     "in the path a percent-encoded pchar octet (unreserved, sub-delims, "
     "\":\", \"@\") is decoded, the hex digits of any other are "
     "upper-cased (\"%2a\" read \"*\", \"%2f\" read \"%2F\")",
     NULL, pt_rw_path_pchar_decode},
    {"pct-encode-sets-by-component", TS_READING, "2.1",
     "each component percent-encodes its set (the URL Standard's): C0 "
     "controls, DEL and non-ASCII everywhere; also space and \"<>` in "
     "the fragment; space and \"#<> in the query (and ' after a special "
     "scheme: ftp, file, http, https, ws, wss); these and ?^`{} in a "
     "path that starts with \"/\" or follows an authority; these and "
     "/:;=@[\\]| in the user and the password; nothing more in a host "
     "after no special scheme or a path right after the scheme (\"s:p\")",
     NULL, pt_rw_pct_encode_sets},
    {"path-pct-decoded", TS_READING, "2.1", "the path is percent-decoded", NULL,
     pt_rw_path_decode},
    {"path-pct-recoded", TS_READING, "2.1",
     "the path is percent-decoded and encoded again: an octet a path "
     "allows (pchar or \"/\") is written as itself, any other as an "
     "upper-case percent-encoding (\"/%2f%41%ff\" read \"//A%FF\")",
     NULL, pt_rw_path_recoded},
    {"all-pct-decoded", TS_READING, "2.1",
     "userinfo, host, path, query and fragment are percent-decoded", NULL,
     pt_rw_all_decode},
    {"all-pct-decoded-where-utf8", TS_READING, "2.1",
     "userinfo, host, path, query and fragment are percent-decoded where a "
     "run of percent-encodings is well-formed UTF-8 (decodeURIComponent); "
     "a run that is not keeps its first \"%XX\" and the rest is tried "
     "again",
     NULL, pt_rw_all_decode_utf8},
    {"path-dot-segments-removed", TS_READING, "5.2.4",
     "the path's dot segments are removed (5.2.4) while parsing", NULL,
     pt_rw_dot_segments},
    {"empty-path-as-slash", TS_READING, "3.3",
     "an empty path after an authority is read as \"/\"", NULL,
     pt_rw_empty_path_slash},
    {"path-rooted", TS_READING, "3.3",
     "the path begins with \"/\": an empty one is read \"/\", a "
     "rootless one with \"/\" before it",
     NULL, pt_rw_path_rooted},
    {"empty-query-dropped", TS_READING, "3.4",
     "an empty query (\"?\") is read as none", NULL, pt_rw_empty_query},
    {"empty-fragment-dropped", TS_READING, "3.5",
     "an empty fragment (\"#\") is read as none", NULL, pt_rw_empty_fragment},
    {"fragment-cut-at-bad-octet", TS_READING, "3.5",
     "the fragment ends before its first octet outside the fragment "
     "characters, \"%\" among them (\"#a b\" read \"a\")",
     NULL, pt_rw_fragment_cut_at_bad_octet},
    {"network-path-as-path-host-empty", TS_READING, "4.2",
     "a network-path reference (\"//h/p\") is read as a path beside an "
     "empty host: host \"\", path \"//h/p\"",
     NULL, pt_rw_network_path_host_empty},
    {"userinfo-uri-component-recoded", TS_READING, "3.2.1",
     "the user and the password are each percent-decoded and encoded again "
     "as encodeURIComponent does (all but ALPHA, DIGIT and -_.!~*'()); "
     "an empty password is dropped with its \":\" (\"a,b:\" read "
     "\"a%2Cb\")",
     NULL, pt_rw_userinfo_recoded},
    {"autoescape-set-pct-encoded", TS_READING, "2.1",
     "in the path, query and fragment the octets '{}|\\^`<> \" CR LF "
     "TAB are percent-encoded; other controls and non-ASCII are kept",
     NULL, pt_rw_autoescape},
    {"pct-encode-outside-component-rule", TS_READING, "2.1",
     "each component percent-encodes the octets its rule does not allow, "
     "\"%\" kept: the userinfo all but unreserved, sub-delims and "
     "\":\"; the host also \"[\" and \"]\"; the path \"/\", "
     "\"@\" and, after a scheme, \":\"; the query and fragment "
     "\":\", \"@\", \"/\" and \"?\" (\":a b\" read "
     "\"%3Aa%20b\")",
     NULL, pt_rw_pct_encode_rfc_sets},
    {"scheme-non-scheme-octets-removed", TS_READING, "3.1",
     "the octets of the scheme other than letters, digits, \"+\", "
     "\"-\" and \".\" are removed (\"a$b:c\" scheme \"ab\")",
     NULL, pt_rw_scheme_cleaned},
    {"ipv6-first-zero-run-compressed", TS_READING, "3.2.2",
     "an IPv6 literal's fields are lower-cased and stripped of leading "
     "zeros, and its first longest run of two or more zero fields is "
     "written \"::\"; an embedded IPv4 address stays, and so does a "
     "literal that is no IPv6 address (\"[1:0:0:2:0:0:0:3]\" read "
     "\"[1:0:0:2::3]\")",
     NULL, pt_rw_ipv6_urijs},
    {"absent-as-empty", TS_READING, "5.3",
     "an absent component is read as empty (\"\", not null)", NULL,
     pt_rw_absent_as_empty},
    {"ipv6-url-serialized", TS_READING, "3.2.2",
     "an IPv6 literal is written as the URL Standard serializes it, an "
     "embedded IPv4 address in hex too (\"[::FFFF:1.2.3.4]\" read "
     "\"[::ffff:102:304]\")",
     NULL, pt_rw_ipv6_url},
};
const size_t transform_count = sizeof transform_table / sizeof *transform_table;
_Static_assert(sizeof transform_table / sizeof *transform_table <= TMASK_BITS,
               "more transforms than a struct tmask holds: raise TMASK_WORDS");

int transform_named(const char *name) {
  for (size_t i = 0; i < transform_count; i++)
    if (!strcmp(transform_table[i].name, name))
      return (int)i;
  return -1;
}

#define HAS(p, name) tmask_has((p)->mask, (size_t)transform_named(name))

/* ---- reading ------------------------------------------------------------ */

static void rewrite_input(const struct prediction *p, const char *s, size_t n,
                          struct pstr *out) {
  pstr_set(out, s, n);
  for (size_t i = 0; i < transform_count; i++)
    if (tmask_has(p->mask, i) && transform_table[i].input)
      transform_table[i].input(out);
}

static void set_span(struct prd *r, int c, const char *s, rfc3986_span sp) {
  if (rfc3986_span_defined(sp))
    pstr_set(&r->c[c], s + sp.offset, sp.length);
}

/* host_type of a host read by the lenient split: what "//HOST" reads */
void lenient_host_type(struct prd *r) {
  struct pstr *h = &r->c[C_HOST];
  char *t = malloc(h->n + 3);
  rfc3986_uri u;
  if (!t)
    abort();
  memcpy(t, "//", 2);
  memcpy(t + 2, h->p, h->n);
  const char *name = "reg-name";
  if (!memchr(h->p, '/', h->n) && !memchr(h->p, '?', h->n) &&
      !memchr(h->p, '#', h->n) && !memchr(h->p, '@', h->n) &&
      rfc3986_parse(t, h->n + 2, RFC3986_RULE_URI_reference, &u, NULL) ==
          RFC3986_OK &&
      u.port.offset == RFC3986_UNDEFINED)
    name = rfc3986_host_type_name(u.host_type);
  else if (h->n > 1 && h->p[0] == '[' && (h->p[1] | 0x20) == 'v')
    name = "IPvFuture";
  else if (h->n && h->p[0] == '[')
    name = "IPv6address";
  pstr_set(&r->c[C_TYPE], name, strlen(name));
  free(t);
}

/* The authority AUTH (N octets) split: userinfo before the last "@" (the
 * first, FIRST_AT), port after the last ":" outside brackets. */
static void split_authority(struct prd *r, const char *a, size_t n,
                            int first_at) {
  size_t h = 0, e = n;
  for (size_t i = 0; i < n; i++)
    if (a[i] == '@') {
      h = i + 1;
      if (first_at)
        break;
    }
  if (h)
    pstr_set(&r->c[C_USER], a, h - 1);
  for (size_t i = n; i > h; i--) {
    if (a[i - 1] == ']')
      break;
    if (a[i - 1] == ':') {
      e = i - 1;
      pstr_set(&r->c[C_PORT], a + i, n - i);
      break;
    }
  }
  pstr_set(&r->c[C_HOST], a + h, e - h);
  lenient_host_type(r);
}

/* Whether the span SP of S is a scheme: ALPHA *( ALPHA / DIGIT / "+" /
 * "-" / "." ) (3.1); an undefined one is. */
static int scheme_ok(const char *s, rfc3986_span sp) {
  if (!rfc3986_span_defined(sp))
    return 1;
  for (size_t i = 0; i < sp.length; i++) {
    unsigned char c = (unsigned char)s[sp.offset + i];
    int alpha = (c | 0x20) >= 'a' && (c | 0x20) <= 'z';
    if (!alpha &&
        (!i || !((c >= '0' && c <= '9') || c == '+' || c == '-' || c == '.')))
      return 0;
  }
  return sp.length > 0;
}

/* U's split with its scheme read as the start of a relative path: no
 * authority (the input does not start "//"), the path up to the first "?"
 * or "#" (where Appendix B's path ends). */
static void as_relative_path(rfc3986_uri *u) {
  rfc3986_span none = {RFC3986_UNDEFINED, 0};
  size_t end = u->path.offset + u->path.length;
  u->path.offset = 0;
  u->path.length = end;
  u->scheme = u->authority = u->userinfo = u->host = u->port = none;
}

/* LuaSocket's split: U as Appendix B's, but the authority running to the
 * first "/" after "//"; 1 when that authority holds a "?" or "#" (so
 * differs from Appendix B's), else 0 and U untouched. */
static int authority_to_slash(const struct pstr *s, rfc3986_uri *u) {
  rfc3986_split(s->p, s->n, u);
  size_t a = u->authority.offset, e = a;
  if (!rfc3986_span_defined(u->authority))
    return 0;
  while (e < s->n && s->p[e] != '/')
    e++;
  if (e == a + u->authority.length)
    return 0;
  rfc3986_uri rest;
  rfc3986_split(s->p + e, s->n - e, &rest);
  u->authority.length = e - a;
  u->path.offset = e + rest.path.offset;
  u->path.length = rest.path.length;
  u->query = rest.query;
  u->fragment = rest.fragment;
  if (rfc3986_span_defined(u->query))
    u->query.offset += e;
  if (rfc3986_span_defined(u->fragment))
    u->fragment.offset += e;
  return 1;
}

/* R's fragment put back where it was read from: after the query's "#",
 * or after the path's as "%23" */
static void fragment_unsplit(struct prd *r) {
  int q = r->c[C_QUERY].def;
  struct pstr *to = &r->c[q ? C_QUERY : C_PATH], *f = &r->c[C_FRAG];
  char *o = malloc(to->n + f->n + 4);
  if (!o)
    abort();
  memcpy(o, to->p, to->n);
  memcpy(o + to->n, q ? "#" : "%23", q ? 1 : 3);
  memcpy(o + to->n + (q ? 1 : 3), f->p, f->n);
  pstr_set(to, o, to->n + (q ? 1 : 3) + f->n);
  free(o);
  pstr_undef(f);
}

/* S read: librfc3986's reading when RFC 3986 accepts it; else, with
 * appendix-b-split, Appendix B's split, the authority split as
 * split_authority says (-1 without). */
static int read_input(const struct prediction *p, const struct pstr *s,
                      struct prd *r) {
  rfc3986_uri u;
  int to_slash = HAS(p, "authority-ends-at-slash") && authority_to_slash(s, &u);
  int ok = !to_slash && rfc3986_parse(s->p, s->n, RFC3986_RULE_URI_reference,
                                      &u, NULL) == RFC3986_OK;
  if (!ok && !to_slash && !HAS(p, "appendix-b-split") &&
      !HAS(p, "bad-scheme-as-path") && !HAS(p, "bad-scheme-dropped"))
    return -1;
  if (!ok && !to_slash)
    rfc3986_split(s->p, s->n, &u);
  if (!ok && HAS(p, "bad-scheme-as-path") && !scheme_ok(s->p, u.scheme))
    as_relative_path(&u);
  if (!ok && HAS(p, "bad-scheme-dropped") && !scheme_ok(s->p, u.scheme))
    u.scheme.offset = RFC3986_UNDEFINED;
  set_span(r, C_SCHEME, s->p, u.scheme);
  set_span(r, C_AUTH, s->p, u.authority);
  set_span(r, C_PATH, s->p, u.path);
  set_span(r, C_QUERY, s->p, u.query);
  set_span(r, C_FRAG, s->p, u.fragment);
  if (HAS(p, "fragment-not-split") && r->c[C_FRAG].def)
    fragment_unsplit(r);
  if (!ok && r->c[C_AUTH].def) {
    split_authority(r, s->p + u.authority.offset, u.authority.length,
                    HAS(p, "userinfo-ends-at-first-at") != 0);
  } else if (ok) {
    set_span(r, C_USER, s->p, u.userinfo);
    set_span(r, C_HOST, s->p, u.host);
    set_span(r, C_PORT, s->p, u.port);
    const char *t = rfc3986_host_type_name(u.host_type);
    if (t)
      pstr_set(&r->c[C_TYPE], t, strlen(t));
  }
  return 0;
}

static void rewrite_reading(const struct prediction *p, struct prd *r) {
  for (size_t i = 0; i < transform_count; i++)
    if (tmask_has(p->mask, i) && transform_table[i].reading)
      transform_table[i].reading(r);
}

static void rd_to_reading(const struct prd *r, struct adapter_reading *out) {
  out->valid = 1;
  for (int c = 0; c < NC; c++)
    if (r->c[c].def)
      reading_set(out, (rfc3986_component)c, r->c[c].p, r->c[c].n);
    else
      reading_set_null(out, (rfc3986_component)c);
}

/* 5.3: the reading recomposed into OUT's output */
static void recompose(const struct prd *r, struct adapter_reading *out) {
  static const char *const pre[NC] = {"", "//", "", "", "", "", "", "?", "#"};
  size_t n = 0;
  for (int c = 0; c < NC; c++)
    n += r->c[c].n + 2;
  char *o = malloc(n + 1), *q = o;
  if (!o)
    abort();
  for (int c = 0; c < NC; c++) {
    if (!r->c[c].def || c == C_USER || c == C_HOST || c == C_TYPE ||
        c == C_PORT)
      continue;
    memcpy(q, pre[c], strlen(pre[c]));
    q += strlen(pre[c]);
    memcpy(q, r->c[c].p, r->c[c].n);
    q += r->c[c].n;
    if (c == C_SCHEME)
      *q++ = ':';
  }
  reading_set_output(out, o, (size_t)(q - o));
  free(o);
}

/* ---- resolve and normalize ---------------------------------------------- */

static void copy_str(struct pstr *d, const struct pstr *s) {
  if (s->def)
    pstr_set(d, s->p, s->n);
  else
    pstr_undef(d);
}
static void copy_authority(struct prd *t, const struct prd *r) {
  for (int c = C_AUTH; c <= C_PORT; c++)
    copy_str(&t->c[c], &r->c[c]);
}
static void remove_dots_as_named(const struct prediction *p, struct pstr *path);
static void remove_dots(const struct prediction *p, struct pstr *path) {
  int last_dot = HAS(p, "final-dot-segment-slash-dropped") &&
                 !HAS(p, "dot-segments-kept") && pt_dots_ends_in_dot(path);
  remove_dots_as_named(p, path);
  if (last_dot && path->n > 1 && path->p[path->n - 1] == '/')
    path->n--;
  else if (last_dot && pstr_is(path, "/") &&
           HAS(p, "final-dot-segment-root-dropped"))
    path->n = 0;
}
static void remove_dots_as_named(const struct prediction *p,
                                 struct pstr *path) {
  if (HAS(p, "last-dot-dot-kept")) {
    pt_dots_last_dot_dot_kept(path);
  } else if (HAS(p, "dot-segments-spliced")) {
    pt_dots_spliced(path);
  } else if (HAS(p, "dot-segments-paired") && path->n && path->p[0] == '/') {
    pt_dots_paired(path);
  } else if (HAS(p, "dot-dot-above-root-kept")) {
    pt_dots_keep_above_root(path);
  } else if (!HAS(p, "dot-segments-kept")) {
    struct prd r;
    memset(&r, 0, sizeof r);
    r.c[C_PATH] = *path;
    pt_rw_dot_segments(&r);
    *path = r.c[C_PATH];
  }
}
/* 5.2.3 merge (no "/" before the reference with
 * empty-base-path-merged-bare) */
static void merge(const struct prediction *p, const struct prd *b,
                  const struct pstr *ref, struct pstr *out) {
  const struct pstr *bp = &b->c[C_PATH];
  size_t keep = 0;
  for (size_t i = 0; i < bp->n; i++)
    if (bp->p[i] == '/')
      keep = i + 1;
  int root = (b->c[C_AUTH].def && bp->n == 0 &&
              !HAS(p, "empty-base-path-merged-bare")) ||
             (!b->c[C_AUTH].def && HAS(p, "no-authority-base-merged-at-root"));
  char *m = malloc(keep + ref->n + 2);
  if (!m)
    abort();
  memcpy(m, root ? "/" : bp->p, root ? 1 : keep);
  memcpy(m + (root ? 1 : keep), ref->p, ref->n);
  pstr_set(out, m, (root ? 1 : keep) + ref->n);
  free(m);
}
/* Whether uriparser's segment list for the merged path M, left "/" by
 * remove_dot_segments, keeps a last empty segment: unless M's last
 * segment is a dot segment that nothing before it is left for. */
static int keeps_empty_segment(const struct pstr *m) {
  size_t l = m->n;
  while (l && m->p[l - 1] != '/')
    l--;
  const char *last = m->p + l;
  size_t ln = m->n - l;
  if (!(ln == 1 && *last == '.') && !(ln == 2 && !memcmp(last, "..", 2)))
    return 1;
  struct pstr x = {0};
  char *q = malloc(l + 2);
  if (!q)
    abort();
  memcpy(q, m->p, l);
  q[l] = 'x';
  pstr_set(&x, q, l + 1);
  free(q);
  struct prediction none = {0, {{0}}};
  remove_dots(&none, &x);
  int kept = !pstr_is(&x, "/x");
  pstr_undef(&x);
  return kept;
}
/* remove_dot_segments on the merged path PATH, and, with
 * empty-first-segment-dot-prefixed, a "." segment before an empty first
 * segment, as uriparser's resolution writes it (FixAmbiguity): with an
 * authority (AUTH) where the first two segments are empty ("//", "///x"
 * become "/.//", "/.///x"); without one where the first is ("//x" becomes
 * "/.//x", and "/" that keeps a last empty segment "/./").  A rootless merged path
 * (a base "s:b/c") is left as remove_dot_segments writes it. */
static void remove_dots_merged(const struct prediction *p, int auth,
                               struct pstr *path) {
  struct pstr m = {0};
  copy_str(&m, path);
  remove_dots(p, path);
  int abs = m.n && m.p[0] == '/';
  int dd = path->n >= 2 && path->p[0] == '/' && path->p[1] == '/' &&
           (!auth || path->n == 2 || path->p[2] == '/');
  int root = !auth && pstr_is(path, "/") && keeps_empty_segment(&m);
  if (HAS(p, "empty-first-segment-dot-prefixed") && abs && (dd || root)) {
    char *q = malloc(path->n + 3);
    if (!q)
      abort();
    memcpy(q, "/.", 2);
    memcpy(q + 2, path->p, path->n);
    pstr_set(path, q, path->n + 2);
    free(q);
  }
  pstr_undef(&m);
}
/* 5.2.2 (strict), T from base B and reference R */
static void resolve_rd(const struct prediction *p, const struct prd *b,
                       const struct prd *r, struct prd *t) {
  const struct pstr *rp = &r->c[C_PATH];
  if (HAS(p, "base-without-authority-not-merged") && !b->c[C_AUTH].def &&
      !r->c[C_SCHEME].def && !r->c[C_AUTH].def) {
    for (int c = 0; c < NC; c++)
      copy_str(&t->c[c], &r->c[c]);
    copy_str(&t->c[C_SCHEME], &b->c[C_SCHEME]);
    return;
  }
  if (r->c[C_SCHEME].def || r->c[C_AUTH].def) {
    copy_str(&t->c[C_SCHEME], &r->c[r->c[C_SCHEME].def ? C_SCHEME : C_FRAG]);
    copy_authority(t, r);
    copy_str(&t->c[C_PATH], rp);
    remove_dots(p, &t->c[C_PATH]);
    copy_str(&t->c[C_QUERY], &r->c[C_QUERY]);
  } else {
    if (rp->n == 0) {
      copy_str(&t->c[C_PATH], &b->c[C_PATH]);
      copy_str(&t->c[C_QUERY], &r->c[r->c[C_QUERY].def ? C_QUERY : C_FRAG]);
      if (!r->c[C_QUERY].def)
        copy_str(&t->c[C_QUERY], &b->c[C_QUERY]);
    } else {
      if (rp->p[0] == '/') {
        copy_str(&t->c[C_PATH], rp);
        remove_dots(p, &t->c[C_PATH]);
      } else {
        merge(p, b, rp, &t->c[C_PATH]);
        remove_dots_merged(p, b->c[C_AUTH].def, &t->c[C_PATH]);
        if (HAS(p, "empty-base-path-merged-bare") && b->c[C_AUTH].def &&
            t->c[C_PATH].n)
          pt_rw_path_rooted(t);
      }
      copy_str(&t->c[C_QUERY], &r->c[C_QUERY]);
    }
    copy_authority(t, b);
  }
  if (!r->c[C_SCHEME].def)
    copy_str(&t->c[C_SCHEME], &b->c[C_SCHEME]);
  copy_str(&t->c[C_FRAG], &r->c[C_FRAG]);
}

/* 6.2.2 syntax-based normalization, but for the steps P keeps out */
/* H's letters lower-cased, the hex digits of its percent-encodings not */
static void host_lower(struct pstr *h) {
  for (size_t i = 0; i < h->n; i++)
    if (h->p[i] == '%')
      i += 2; /* its hex digits stay upper-case */
    else if (h->p[i] >= 'A' && h->p[i] <= 'Z')
      h->p[i] = (char)(h->p[i] + 32);
}

static void normalize_rd(const struct prediction *p, struct prd *r) {
  int kase = !HAS(p, "case-kept"), dec = !HAS(p, "unreserved-pct-kept");
  int hkase = kase && !HAS(p, "host-case-kept");
  int early = hkase && HAS(p, "host-lowercased-before-pct-decoded");
  static const int cs[] = {C_USER, C_HOST, C_PATH, C_QUERY, C_FRAG};
  if (early)
    host_lower(&r->c[C_HOST]);
  for (size_t i = 0; i < sizeof cs / sizeof *cs; i++)
    pct_normalize(&r->c[cs[i]], kase, dec);
  if (hkase && !early)
    host_lower(&r->c[C_HOST]);
  if (kase)
    pstr_lower(&r->c[C_SCHEME]);
  remove_dots(p, &r->c[C_PATH]);
  prd_rebuild_authority(r);
}

/* A resolve's target or a normal form, by the algorithms above on the
 * rewritten inputs read, then the reading rewrites on it.  -1 when an
 * input cannot be read (RFC 3986 rejects it, no appendix-b-split) or the
 * base has no scheme (5.1). */
static int predict_output(const struct prediction *p, int resolve,
                          const struct pstr *in, const struct pstr *base,
                          struct adapter_reading *out) {
  struct prd r, b, t;
  memset(&r, 0, sizeof r);
  memset(&b, 0, sizeof b);
  memset(&t, 0, sizeof t);
  int rc = read_input(p, in, &r);
  if (rc == 0 && resolve) {
    rc = read_input(p, base, &b);
    if (rc == 0 && b.c[C_SCHEME].def && HAS(p, "reference-not-resolved"))
      for (int c = 0; c < NC; c++)
        copy_str(&t.c[c], &r.c[c]);
    else if (rc == 0 && b.c[C_SCHEME].def)
      resolve_rd(p, &b, &r, &t);
    else
      rc = -1;
  } else if (rc == 0) {
    normalize_rd(p, &r);
  }
  if (rc == 0) {
    rewrite_reading(p, resolve ? &t : &r);
    out->valid = 1;
    recompose(resolve ? &t : &r, out);
  }
  prd_free(&r);
  prd_free(&b);
  prd_free(&t);
  return rc;
}

int predict_answer(const struct prediction *p, const char *op, const char *in,
                   size_t len, const char *base, size_t base_len,
                   struct adapter_reading *out) {
  out->valid = 0;
  if (p->reject)
    return 0;
  int parse = !strcmp(op, "parse"), resolve = !strcmp(op, "resolve");
  if (!parse && !resolve && strcmp(op, "normalize")) {
    /* match, ...: the answer is a validity: accepted */
    struct tmask only = {{0}};
    tmask_add(&only, (size_t)transform_named("appendix-b-split"));
    out->valid = !tmask_cmp(p->mask, only);
    return out->valid ? 0 : -1;
  }
  if (resolve && !base)
    return -1;
  struct pstr s = {0}, b = {0};
  int rc = 0;
  rewrite_input(p, in, len, &s);
  if (parse) {
    struct prd r;
    memset(&r, 0, sizeof r);
    rc = read_input(p, &s, &r);
    rewrite_reading(p, &r);
    if (rc == 0)
      rd_to_reading(&r, out);
    prd_free(&r);
  } else {
    if (resolve)
      rewrite_input(p, base, base_len, &b);
    rc = predict_output(p, resolve, &s, &b, out);
  }
  pstr_undef(&s);
  pstr_undef(&b);
  return rc;
}

/* A value the answer leaves out agrees with any prediction. */
static int value_equal(const struct value *pv, const struct value *av) {
  return av->state == VALUE_ABSENT || value_same(pv, av);
}

int predict_equals(const struct adapter_reading *p,
                   const struct adapter_reading *a, int only_validity) {
  if (!p->valid || !a->valid)
    return p->valid == a->valid;
  if (only_validity)
    return 0;
  for (int c = 0; c < NC; c++)
    if (!value_equal(&p->comp[c], &a->comp[c]))
      return 0;
  return value_equal(&p->output, &a->output);
}
