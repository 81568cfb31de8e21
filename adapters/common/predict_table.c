/*
 * predict_table.c: the one table of the transforms a behaviour's
 * prediction names (predict.h, adapters/BEHAVIOURS.md "Transforms"): each
 * one's name, stage, section, what it does (adapters/TRANSFORMS.md is
 * generated from it) and its rewrite, if it has one of its own.  Within a
 * stage, transforms apply in the table's order; predict.c computes the
 * answer.
 */
#include "predict_impl.h"

#include <string.h>

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
    {"invalid-utf8-read-empty", TS_INPUT, "2.5",
     "an input that is no well-formed UTF-8 is read as the empty string "
     "(a UTF-8 regular expression fails on it)",
     pt_in_invalid_utf8_empty, NULL},
    {"network-path-implied", TS_INPUT, "4.2",
     "a reference that starts with neither \"/\" nor a scheme of letters, "
     "digits, \"+\" and \"-\" (no \".\") is read with \"//\" before it "
     "(\"p/q\": host \"p\", path \"/q\")",
     pt_in_network_path_implied, NULL},
    {"authority-form", TS_INPUT, "4.2",
     "an input that neither starts with \"/\" nor with a scheme and "
     "\"//\" is read as an authority alone (\"a:b\" read \"//a:b\")",
     pt_in_authority_form, NULL},
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
    {"root-popped-by-dot-dot", TS_OUTPUT, "5.2.4",
     "resolve and normalize remove dot segments as a split at every "
     "\"/\" does: a \"..\" removes the segment before it, the empty one "
     "before the root too, which is then written back without a \"/\" "
     "after a last dot segment (\"/../a/.\" becomes \"/a\", \"/..//b\" "
     "\"/b\")",
     NULL, NULL},
    {"host-lowercased-as-string", TS_OUTPUT, "6.2.2",
     "normalize lower-cases the host as a string, the hex digits of its "
     "percent-encodings too, and decodes none of them (\"A%4AB\" becomes "
     "\"a%4ab\")",
     NULL, NULL},
    {"dot-segments-by-part-list", TS_OUTPUT, "5.2.4",
     "resolve and normalize remove dot segments from the path's list of "
     "parts: \".\" is dropped, \"..\" drops the part before it unless "
     "that is the root's alone, a last dot segment leaves a \"/\" "
     "(\"..//b\" becomes \"/b\", \"/../a/.\" \"/a/\")",
     NULL, NULL},
    {"dot-segments-by-split", TS_OUTPUT, "5.2.4",
     "resolve and normalize remove dot segments from the path split at "
     "\"/\": \".\" is dropped, \"..\" drops the part before it, the "
     "root's too, which is put back only before a part that is not empty "
     "(\"/../\" becomes \"\", \"/./..//b\" \"/b\")",
     NULL, NULL},
    {"root-dot-dot-drops-empty-segment", TS_OUTPUT, "5.2.4",
     "resolve and normalize drop an empty segment that follows a \"..\" "
     "with no segment before it to remove (\"/..//a\" becomes \"/a\", "
     "\"/a/..//b\" stays \"//b\")",
     NULL, NULL},
    {"path-segments-rejoined", TS_OUTPUT, "5.2.4",
     "resolve and normalize split the path at \"/\", drop empty and "
     "\".\" segments, let \"..\" remove the segment before it (none "
     "at the root) and join what is left: \"/\" before it when the path "
     "began with one, after it when it ended with one (\"/a/.\" becomes "
     "\"/a\", \"/a//b/\" \"/a/b/\", \"/.\" \"\")",
     NULL, NULL},
    {"last-dot-dot-slash-dropped", TS_OUTPUT, "5.2.4",
     "resolve and normalize remove a last \"..\" segment with the slash "
     "before it (\"/a/b/..\" becomes \"/a\"); a last \".\" leaves its "
     "slash",
     NULL, NULL},
    {"leading-double-slash-collapsed", TS_OUTPUT, "5.2.4",
     "resolve and normalize drop one \"/\" of a path that starts with "
     "\"//\" before they remove its dot segments (\"//a\" becomes "
     "\"/a\", \"///a\" \"//a\"; \"/.//a\" stays \"//a\")",
     NULL, NULL},
    {"last-dot-dot-pops-kept-dot-dot", TS_OUTPUT, "5.2.4",
     "with dot-dot-above-root-kept, a last \"..\" segment removes the "
     "segment before it even when that is a kept \"..\" (\"/../../..\" "
     "becomes \"/../\", \"/../..\" becomes \"/\")",
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
    {"port-after-last-colon", TS_READING, "3.2.3",
     "the port is what follows the authority's last \":\", brackets or "
     "not (\"//[::1]\": host \"[:\", port \"1]\")",
     NULL, pt_rw_port_after_last_colon},
    {"port-digits-only", TS_READING, "3.2.3",
     "the port starts at the first \":\" after the host and holds only "
     "the digits after it; the rest of the authority starts the path "
     "(\"h:1a:2/p\": port \"1\", path \"a:2/p\")",
     NULL, pt_rw_port_digits_only},
    {"authority-ends-at-bad-octet", TS_READING, "3.2",
     "the authority ends at the first octet that cannot continue it: the "
     "userinfo at the first \"@\" (none when an octet before it is no "
     "userinfo character), the host at an octet outside the "
     "reg-name characters (after \"]\" for an IP literal), the port at "
     "its first non-digit; the rest starts the path (\"//a@b@c/p\": "
     "host \"b\", path \"@c/p\"; \"//h:1a/p\": port \"1\", path "
     "\"a/p\")",
     NULL, pt_rw_authority_bad_octet},
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
    {"host-lowercased-to-first-pct", TS_READING, "3.2.2",
     "the host is lower-cased up to its first \"%\", what follows kept as "
     "written (\"A%4aB\" read \"a%4aB\")",
     NULL, pt_rw_host_lower_to_pct},
    {"path-pct-bad-utf8-replaced", TS_READING, "2.5",
     "in the path, percent-encoded octets that are no well-formed UTF-8 "
     "are written \"%EF%BF%BD\" (U+FFFD), one for each maximal "
     "ill-formed part (\"%E9\" read \"%EF%BF%BD\", \"%C3%A9\" kept)",
     NULL, pt_rw_path_bad_utf8_replaced},
    {"rootless-path-rooted", TS_READING, "3.3",
     "a rootless path is read with \"/\" before it (\"s:p\": path "
     "\"/p\"); an empty one stays empty",
     NULL, pt_rw_rootless_path_rooted},
    {"latin1-as-utf8-pct-encoded", TS_READING, "2.5",
     "in the path and query an octet outside the URI characters is "
     "percent-encoded, a non-ASCII one as the UTF-8 of the Latin-1 code "
     "point it names (0xE9 written \"%C3%A9\", 0xC3 0xA9 "
     "\"%C3%83%C2%A9\")",
     NULL, pt_rw_latin1_utf8_pct},
    {"pct-decoded-as-text", TS_READING, "2.1",
     "the path, query and fragment are percent-decoded, but for \"/\", "
     "\"?\" and \"#\" (\"&\" and \"=\" in the query), and read as "
     "UTF-8, U+FFFD for each ill-formed part (\"/%41%2F%E9\" read "
     "\"/A%2F\" and U+FFFD)",
     NULL, pt_rw_pct_decoded_as_text},
    {"port-not-u16-unset", TS_READING, "3.2.3",
     "a port that is no number from 0 to 65535 (empty, a non-digit, "
     "\"65536\") is read as none; the authority stays as written",
     NULL, pt_rw_port_not_u16_unset},
    {"userinfo-pct-decoded", TS_READING, "3.2.1",
     "the userinfo is percent-decoded", NULL, pt_rw_userinfo_decode},
    {"ipv6-canonical-if-shorter", TS_READING, "3.2.2",
     "an IPv6 literal is written in its RFC 5952 form when that is shorter "
     "than the literal as written (\"[1:0:0::0]\" read \"[1::]\", "
     "\"[1:2:3:4:5:6:7:AB]\" kept)",
     NULL, pt_rw_ipv6_canonical_shorter},
    {"ip-literal-starts-path", TS_READING, "3.2.2",
     "an IP literal is no host: the host is empty, and the literal as "
     "written, with the port after it and the path, is the path "
     "(\"//[v1.x]/p\": path \"[v1.x]/p\")",
     NULL, pt_rw_ip_literal_raw_path},
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
