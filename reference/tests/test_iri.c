/* test_iri.c: RFC 3987: the section 2.2 rules (through rfc3986_match and
 * rfc3986_parse_iri), 3.1 IRI to URI, 3.2 URI to IRI.  Non-ASCII is
 * written as \x escapes of its UTF-8 octets.  The jsts.* cases are the
 * JSON-Schema-Test-Suite "iri" and "iri-reference" format tests (MIT,
 * github.com/json-schema-org/JSON-Schema-Test-Suite), copied with their
 * expectations; the others are worked by hand from the ABNF. */
#include <stdio.h>
#include <string.h>

#include "rfc3986.h"
#include "unit.h"

static const struct {
  const char *id;
  rfc3986_rule rule;
  const char *in;
  int valid;
} match[] = {
    /* a valid IRI with anchor tag */
    {"jsts.iri.6", RFC3986_RULE_IRI,
     "http://\xc6\x92\xc3\xb8\xc3\xb8.\xc3\x9f\xc3\xa5r/"
     "?\xe2\x88\x82\xc3\xa9\xc5\x93=\xcf\x80\xc3\xaex#"
     "\xcf\x80\xc3\xae\xc3\xbcx",
     1},
    /* a valid IRI with anchor tag and parentheses */
    {"jsts.iri.7", RFC3986_RULE_IRI,
     "http://\xc6\x92\xc3\xb8\xc3\xb8.com/blah_(w\xc3\xaek\xc3\xafp\xc3\xa9"
     "di\xc3\xa5)_blah#\xc3\x9fit\xc3\xa9-1",
     1},
    /* a valid IRI with URL-encoded stuff */
    {"jsts.iri.8", RFC3986_RULE_IRI,
     "http://\xc6\x92\xc3\xb8\xc3\xb8.\xc3\x9f\xc3\xa5r/"
     "?q=Test%20URL-encoded%20stuff",
     1},
    /* a valid IRI with many special characters */
    {"jsts.iri.9", RFC3986_RULE_IRI,
     "http://-.~_!$&'()*+,;=:%40:80%2f::::::@example.com", 1},
    /* a valid IRI based on IPv6 */
    {"jsts.iri.10", RFC3986_RULE_IRI,
     "http://[2001:0db8:85a3:0000:0000:8a2e:0370:7334]", 1},
    /* an IPv6 address without enclosing brackets is invalid */
    {"jsts.iri.11", RFC3986_RULE_IRI,
     "http://2001:0db8:85a3:0000:0000:8a2e:0370:7334", 0},
    /* an invalid relative IRI Reference */
    {"jsts.iri.12", RFC3986_RULE_IRI, "/abc", 0},
    /* an invalid IRI */
    {"jsts.iri.13", RFC3986_RULE_IRI,
     "\\\\WINDOWS\\fil\xc3\xab\xc3\x9f\xc3\xa5r\xc3\xa9", 0},
    /* an invalid IRI though valid IRI reference */
    {"jsts.iri.14", RFC3986_RULE_IRI, "\xc3\xa2\xcf\x80\xcf\x80", 0},
    /* an IPv6 host whose embedded IPv4 has a leading zero is invalid */
    {"jsts.iri.15", RFC3986_RULE_IRI, "http://[::ffff:192.168.0.01]", 0},
    /* a valid IRI with a compressed IPv6 host */
    {"jsts.iri.16", RFC3986_RULE_IRI, "http://[2001:db8::1]", 1},
    /* a trailing newline after a valid IRI is invalid */
    {"jsts.iri.17", RFC3986_RULE_IRI,
     "http://\xc6\x92\xc3\xb8\xc3\xb8.\xc3\x9f\xc3\xa5r/\x0a", 0},
    /* an IPvFuture host with an uppercase version letter is valid */
    {"jsts.iri.18", RFC3986_RULE_IRI, "http://[V1.fe]", 1},
    /* a valid IRI with an IPv4 host */
    {"jsts.iri.19", RFC3986_RULE_IRI, "http://192.168.0.1/p", 1},
    /* a valid IRI with no authority and a rootless path */
    {"jsts.iri.20", RFC3986_RULE_IRI, "urn:example:resource", 1},
    /* a valid IRI with no authority and an absolute path */
    {"jsts.iri.21", RFC3986_RULE_IRI, "file:/etc/hosts", 1},
    /* a valid IRI with a supplementary-plane character in the path */
    {"jsts.iri.22", RFC3986_RULE_IRI,
     "http://\xc6\x92\xc3\xb8\xc3\xb8.\xc3\x9f\xc3\xa5r/\xf0\x90\x8c\x80", 1},
    /* a valid IRI with a supplementary-plane private-use char in query */
    {"jsts.iri.23", RFC3986_RULE_IRI,
     "http://\xc6\x92\xc3\xb8\xc3\xb8.\xc3\x9f\xc3\xa5r/?q=\xf3\xb0\x80\x80",
     1},
    /* a valid IRI */
    {"jsts.iri-reference.6", RFC3986_RULE_IRI_reference,
     "http://\xc6\x92\xc3\xb8\xc3\xb8.\xc3\x9f\xc3\xa5r/"
     "?\xe2\x88\x82\xc3\xa9\xc5\x93=\xcf\x80\xc3\xaex#"
     "\xcf\x80\xc3\xae\xc3\xbcx",
     1},
    /* a valid protocol-relative IRI Reference */
    {"jsts.iri-reference.7", RFC3986_RULE_IRI_reference,
     "//\xc6\x92\xc3\xb8\xc3\xb8.\xc3\x9f\xc3\xa5r/"
     "?\xe2\x88\x82\xc3\xa9\xc5\x93=\xcf\x80\xc3\xaex#"
     "\xcf\x80\xc3\xae\xc3\xbcx",
     1},
    /* a valid relative IRI Reference */
    {"jsts.iri-reference.8", RFC3986_RULE_IRI_reference,
     "/\xc3\xa2\xcf\x80\xcf\x80", 1},
    /* an invalid IRI Reference */
    {"jsts.iri-reference.9", RFC3986_RULE_IRI_reference,
     "\\\\WINDOWS\\fil\xc3\xab\xc3\x9f\xc3\xa5r\xc3\xa9", 0},
    /* a valid IRI Reference */
    {"jsts.iri-reference.10", RFC3986_RULE_IRI_reference,
     "\xc3\xa2\xcf\x80\xcf\x80", 1},
    /* a valid IRI fragment */
    {"jsts.iri-reference.11", RFC3986_RULE_IRI_reference,
     "#\xc6\x92r\xc3\xa4gm\xc3\xaant", 1},
    /* an invalid IRI fragment */
    {"jsts.iri-reference.12", RFC3986_RULE_IRI_reference,
     "#\xc6\x92r\xc3\xa4g\\m\xc3\xaant", 0},
    /* ucschar and iprivate boundaries */
    {"ucschar.A0", RFC3986_RULE_ucschar, "\xc2\xa0", 1},
    {"ucschar.9F", RFC3986_RULE_ucschar, "\xc2\x9f", 0},
    {"ucschar.D7FF", RFC3986_RULE_ucschar, "\xed\x9f\xbf", 1},
    {"ucschar.D800-surrogate", RFC3986_RULE_ucschar, "\xed\xa0\x80", 0},
    {"ucschar.E000-private", RFC3986_RULE_ucschar, "\xee\x80\x80", 0},
    {"ucschar.F900", RFC3986_RULE_ucschar, "\xef\xa4\x80", 1},
    {"ucschar.FDCF", RFC3986_RULE_ucschar, "\xef\xb7\x8f", 1},
    {"ucschar.FDD0-nonchar", RFC3986_RULE_ucschar, "\xef\xb7\x90", 0},
    {"ucschar.FDF0", RFC3986_RULE_ucschar, "\xef\xb7\xb0", 1},
    {"ucschar.FFEF", RFC3986_RULE_ucschar, "\xef\xbf\xaf", 1},
    {"ucschar.FFF0", RFC3986_RULE_ucschar, "\xef\xbf\xb0", 0},
    {"ucschar.10000", RFC3986_RULE_ucschar, "\xf0\x90\x80\x80", 1},
    {"ucschar.1FFFD", RFC3986_RULE_ucschar, "\xf0\x9f\xbf\xbd", 1},
    {"ucschar.1FFFE", RFC3986_RULE_ucschar, "\xf0\x9f\xbf\xbe", 0},
    {"ucschar.E0000", RFC3986_RULE_ucschar, "\xf3\xa0\x80\x80", 0},
    {"ucschar.E1000", RFC3986_RULE_ucschar, "\xf3\xa1\x80\x80", 1},
    {"ucschar.EFFFD", RFC3986_RULE_ucschar, "\xf3\xaf\xbf\xbd", 1},
    {"ucschar.F0000", RFC3986_RULE_ucschar, "\xf3\xb0\x80\x80", 0},
    {"ucschar.overlong", RFC3986_RULE_ucschar, "\xe0\x82\xa0", 0},
    {"ucschar.overlong-C0", RFC3986_RULE_ucschar, "\xc0\xa0", 0},
    {"ucschar.truncated", RFC3986_RULE_ucschar, "\xe2\x88", 0},
    {"ucschar.continuation", RFC3986_RULE_ucschar, "\x88", 0},
    {"ucschar.two", RFC3986_RULE_ucschar, "\xc2\xa0\xc2\xa0", 0},
    {"ucschar.ascii", RFC3986_RULE_ucschar, "a", 0},
    {"ucschar.F5", RFC3986_RULE_ucschar, "\xf5\x80\x80\x80", 0},
    {"iprivate.E000", RFC3986_RULE_iprivate, "\xee\x80\x80", 1},
    {"iprivate.F8FF", RFC3986_RULE_iprivate, "\xef\xa3\xbf", 1},
    {"iprivate.F900", RFC3986_RULE_iprivate, "\xef\xa4\x80", 0},
    {"iprivate.F0000", RFC3986_RULE_iprivate, "\xf3\xb0\x80\x80", 1},
    {"iprivate.FFFFD", RFC3986_RULE_iprivate, "\xf3\xbf\xbf\xbd", 1},
    {"iprivate.FFFFE", RFC3986_RULE_iprivate, "\xf3\xbf\xbf\xbe", 0},
    {"iprivate.100000", RFC3986_RULE_iprivate, "\xf4\x80\x80\x80", 1},
    {"iprivate.10FFFD", RFC3986_RULE_iprivate, "\xf4\x8f\xbf\xbd", 1},
    {"iprivate.10FFFF", RFC3986_RULE_iprivate, "\xf4\x8f\xbf\xbf", 0},
    {"iprivate.110000", RFC3986_RULE_iprivate, "\xf4\x90\x80\x80", 0},
    /* iprivate only in iquery */
    {"iquery.private", RFC3986_RULE_IRI, "x:?\xee\x80\x80", 1},
    {"ipath.private", RFC3986_RULE_IRI, "x:/\xee\x80\x80", 0},
    {"ifragment.private", RFC3986_RULE_IRI, "x:#\xee\x80\x80", 0},
    {"ihost.private", RFC3986_RULE_IRI, "x://\xee\x80\x80", 0},
    {"iquery.rule", RFC3986_RULE_iquery, "a=\xf3\xb0\x80\x80/?\xc3\xa9", 1},
    {"ifragment.rule", RFC3986_RULE_ifragment, "\xc3\xa9/?:@", 1},
    /* the other rules, one by one (the dispatch table) */
    {"iunreserved.ascii", RFC3986_RULE_iunreserved, "~", 1},
    {"iunreserved.ucs", RFC3986_RULE_iunreserved, "\xc3\xa9", 1},
    {"iunreserved.sub-delim", RFC3986_RULE_iunreserved, "!", 0},
    {"ipchar.colon", RFC3986_RULE_ipchar, ":", 1},
    {"ipchar.pct", RFC3986_RULE_ipchar, "%C3", 1},
    {"ipchar.slash", RFC3986_RULE_ipchar, "/", 0},
    {"isegment.empty", RFC3986_RULE_isegment, "", 1},
    {"isegment.ucs", RFC3986_RULE_isegment, "a\xc3\xa9:@", 1},
    {"isegment-nz.empty", RFC3986_RULE_isegment_nz, "", 0},
    {"isegment-nz-nc.colon", RFC3986_RULE_isegment_nz_nc, "a:b", 0},
    {"isegment-nz-nc.at", RFC3986_RULE_isegment_nz_nc, "a@\xc3\xa9", 1},
    {"ipath-empty", RFC3986_RULE_ipath_empty, "", 1},
    {"ipath-abempty", RFC3986_RULE_ipath_abempty, "//\xc3\xa9/", 1},
    {"ipath-absolute", RFC3986_RULE_ipath_absolute, "/\xc3\xa9/", 1},
    {"ipath-absolute.double", RFC3986_RULE_ipath_absolute, "//a", 0},
    {"ipath-noscheme", RFC3986_RULE_ipath_noscheme, "\xc3\xa9/a:b", 1},
    {"ipath-noscheme.colon", RFC3986_RULE_ipath_noscheme, "\xc3\xa9:a", 0},
    {"ipath-rootless", RFC3986_RULE_ipath_rootless, "\xc3\xa9:a/b", 1},
    {"ipath.rootless", RFC3986_RULE_ipath, "a:b/c", 1},
    {"ipath.abempty", RFC3986_RULE_ipath, "//a", 1},
    {"ipath.empty", RFC3986_RULE_ipath, "", 1},
    {"ireg-name", RFC3986_RULE_ireg_name, "b\xc3\xbc\x63her.example", 1},
    {"ireg-name.colon", RFC3986_RULE_ireg_name, "a:b", 0},
    {"ihost.ipv6", RFC3986_RULE_ihost, "[::1]", 1},
    {"ihost.ipv4", RFC3986_RULE_ihost, "1.2.3.4", 1},
    {"ihost.bad-literal", RFC3986_RULE_ihost, "[\xc3\xa9]", 0},
    {"iuserinfo", RFC3986_RULE_iuserinfo, "\xc3\xa9:x%20", 1},
    {"iuserinfo.at", RFC3986_RULE_iuserinfo, "a@b", 0},
    {"iauthority", RFC3986_RULE_iauthority, "\xc3\xa9@\xc3\xa9:80", 1},
    {"iauthority.bad-port", RFC3986_RULE_iauthority, "h:\xd9\xa1", 0},
    {"ihier-part", RFC3986_RULE_ihier_part, "//h/\xc3\xa9", 1},
    {"irelative-part", RFC3986_RULE_irelative_part, "\xc3\xa9/x", 1},
    {"irelative-ref", RFC3986_RULE_irelative_ref, "\xc3\xa9?\xc3\xa9#\xc3\xa9",
     1},
    {"irelative-ref.scheme", RFC3986_RULE_irelative_ref, "a:b", 0},
    {"absolute-IRI", RFC3986_RULE_absolute_IRI, "x:\xc3\xa9?q", 1},
    {"absolute-IRI.fragment", RFC3986_RULE_absolute_IRI, "x:y#f", 0},
    {"IRI.scheme-ascii-only", RFC3986_RULE_IRI, "\xc3\xa9:x", 0},
    {"IRI.bidi-allowed-by-grammar", RFC3986_RULE_IRI, "x:\xe2\x80\x8f", 1},
    {"IRI.space", RFC3986_RULE_IRI, "x:a b", 0},
    {"IRI-reference.empty", RFC3986_RULE_IRI_reference, "", 1},
    {"IRI-reference.C1", RFC3986_RULE_IRI_reference, "\xc2\x85", 0},
    /* the RFC 3986 rules still reject non-ASCII */
    {"URI.non-ascii", RFC3986_RULE_URI, "x:\xc3\xa9", 0},
};

/* Error offsets: the longest prefix that can still be completed. */
static const struct {
  const char *id, *in;
  size_t offset;
} offsets[] = {
    {"offset.C1-control", "http://h/\xc2\x9f", 10},
    {"offset.overlong-lead", "http://h/a\xc0\xaf", 10},
    {"offset.surrogate", "http://h/\xed\xa0\x80", 10},
    {"offset.private-in-path", "http://h/\xee\x80\x80", 9},
    {"offset.truncated", "http://h/\xe2\x88", 11},
    {"offset.lone-continuation", "http://h/\x80", 9},
};

static const struct {
  const char *id, *in, *want;
} to_uri[] = {
    {"3.1.cyrillic",
     "http://ru.wikipedia.org/wiki/\xd0\x9a\xd0\xb8\xd1\x80\xd0\xb8\xd0\xbb"
     "\xd0\xbb\xd0\xb8\xd1\x86\xd0\xb0",
     "http://ru.wikipedia.org/wiki/%D0%9A%D0%B8%D1%80%D0%B8%D0%BB%D0%BB%D0%B8"
     "%D1%86%D0%B0"},
    /* RFC 3987 3.1's example: U+00E9 and U+10300 */
    {"3.1.example", "http://r\xc3\xa9sum\xc3\xa9.example.org",
     "http://r%C3%A9sum%C3%A9.example.org"},
    {"3.1.supplementary", "x:\xf0\x90\x8c\x80", "x:%F0%90%8C%80"},
    /* RFC 3987 3.1's example of U+10300 U+10301 U+10302 */
    {"3.1.example.old-italic",
     "http://example.com/\xf0\x90\x8c\x80\xf0\x90\x8c\x81\xf0\x90\x8c\x82",
     "http://example.com/%F0%90%8C%80%F0%90%8C%81%F0%90%8C%82"},
    {"3.1.private", "x:?\xee\x80\x80", "x:?%EE%80%80"},
    {"3.1.ascii-unchanged", "x:/a%20b?c#d", "x:/a%20b?c#d"},
    {"3.1.empty", "", ""},
};

static const struct {
  const char *id, *in, *want;
} to_iri[] = {
    {"3.2.cyrillic",
     "http://ru.wikipedia.org/wiki/%D0%9A%D0%B8%D1%80%D0%B8%D0%BB%D0%BB%D0%B8"
     "%D1%86%D0%B0",
     "http://ru.wikipedia.org/wiki/\xd0\x9a\xd0\xb8\xd1\x80\xd0\xb8\xd0\xbb"
     "\xd0\xbb\xd0\xb8\xd1\x86\xd0\xb0"},
    {"3.2.lower-hex", "x:%c3%a9", "x:\xc3\xa9"},
    /* RFC 3987 3.2's examples */
    {"3.2.example.durst", "http://www.example.org/D%C3%BCrst",
     "http://www.example.org/D\xc3\xbcrst"},
    {"3.2.example.latin1", "http://www.example.org/D%FCrst",
     "http://www.example.org/D%FCrst"},
    {"3.2.example.bidi", "http://xn--99zt52a.example.org/%e2%80%ae",
     "http://xn--99zt52a.example.org/%e2%80%ae"},
    {"3.2.ascii-kept", "x:%41%2F%25%20", "x:%41%2F%25%20"},
    {"3.2.invalid-utf8", "x:%C3%28", "x:%C3%28"},
    {"3.2.lone-lead-at-end", "x:a%C3", "x:a%C3"},
    {"3.2.overlong", "x:%C0%AF", "x:%C0%AF"},
    {"3.2.surrogate", "x:%ED%A0%80", "x:%ED%A0%80"},
    {"3.2.C1", "x:%C2%85", "x:%C2%85"},
    {"3.2.bidi.RLO", "x:%E2%80%AE", "x:%E2%80%AE"},
    {"3.2.bidi.LRM", "x:%E2%80%8E", "x:%E2%80%8E"},
    {"3.2.bidi.isolate", "x:%E2%81%A6", "x:%E2%81%A6"},
    {"3.2.private-in-query", "x:?%EE%80%80", "x:?\xee\x80\x80"},
    {"3.2.private-in-path", "x:/%EE%80%80", "x:/%EE%80%80"},
    {"3.2.private-in-fragment", "x:#%EE%80%80", "x:#%EE%80%80"},
    {"3.2.host", "http://r%C3%A9sum%C3%A9.example.org/",
     "http://r\xc3\xa9sum\xc3\xa9.example.org/"},
    {"3.2.partial-then-valid", "x:%C3%C3%A9", "x:%C3\xc3\xa9"},
    {"3.2.noncharacter", "x:%EF%BF%BE", "x:%EF%BF%BE"},
};

int main(void) {
  char out[512];
  size_t n;
  rfc3986_error err;
  for (size_t i = 0; i < sizeof match / sizeof match[0]; i++) {
    rfc3986_status st =
        rfc3986_match(match[i].rule, match[i].in, strlen(match[i].in), &err);
    unit_check((st == RFC3986_OK) == match[i].valid, match[i].id,
               "%s: %s, want %s", unit_show(match[i].in, strlen(match[i].in)),
               rfc3986_status_name(st), match[i].valid ? "valid" : "invalid");
  }
  for (size_t i = 0; i < sizeof offsets / sizeof offsets[0]; i++) {
    rfc3986_uri u;
    rfc3986_status st = rfc3986_parse_iri(offsets[i].in, strlen(offsets[i].in),
                                          RFC3986_RULE_IRI_reference, &u, &err);
    unit_check(st == RFC3986_ERR_SYNTAX && err.offset == offsets[i].offset,
               offsets[i].id, "status %s offset %zu, want %zu",
               rfc3986_status_name(st), err.offset, offsets[i].offset);
  }
  /* components, as the RFC 3986 model has them */
  {
    static const char in[] = "http://us\xc3\xa9r@b\xc3\xbc\x63her.example:8/"
                             "p\xc3\xa9?q\xee\x80\x80#f";
    rfc3986_uri u;
    rfc3986_status st = rfc3986_parse_iri(in, sizeof in - 1,
                                          RFC3986_RULE_URI_reference, &u, &err);
    unit_check(st == RFC3986_OK, "components", "status %s",
               rfc3986_status_name(st));
    unit_check_str("components.userinfo", in + u.userinfo.offset,
                   u.userinfo.length, "us\xc3\xa9r");
    unit_check_str("components.host", in + u.host.offset, u.host.length,
                   "b\xc3\xbc\x63her.example");
    unit_check(u.host_type == RFC3986_HOST_REG_NAME, "components.host_type",
               "%d", (int)u.host_type);
    unit_check_str("components.port", in + u.port.offset, u.port.length, "8");
    unit_check_str("components.path", in + u.path.offset, u.path.length,
                   "/p\xc3\xa9");
    unit_check_str("components.query", in + u.query.offset, u.query.length,
                   "q\xee\x80\x80");
    unit_check_str("components.fragment", in + u.fragment.offset,
                   u.fragment.length, "f");
    st = rfc3986_parse_iri("\xc3\xa9", 2, RFC3986_RULE_IRI_reference, &u, &err);
    unit_check(st == RFC3986_OK && u.kind == RFC3986_KIND_RELATIVE_REF &&
                   !rfc3986_span_defined(u.scheme) && u.path.length == 2,
               "components.relative", "status %s", rfc3986_status_name(st));
    st = rfc3986_parse_iri("x:y", 3, RFC3986_RULE_ipath, &u, &err);
    unit_check(st == RFC3986_ERR_UNKNOWN_RULE, "parse_iri.start-rule", "%s",
               rfc3986_status_name(st));
  }
  for (size_t i = 0; i < sizeof to_uri / sizeof to_uri[0]; i++) {
    rfc3986_status st = rfc3986_iri_to_uri(to_uri[i].in, strlen(to_uri[i].in),
                                           out, sizeof out, &n, &err);
    unit_check(st == RFC3986_OK, to_uri[i].id, "status %s",
               rfc3986_status_name(st));
    unit_check_str(to_uri[i].id, out, n, to_uri[i].want);
    if (n > 0) {
      size_t m;
      st = rfc3986_iri_to_uri(to_uri[i].in, strlen(to_uri[i].in), out, n - 1,
                              &m, NULL);
      unit_check(st == RFC3986_ERR_BUFFER && m == n, to_uri[i].id,
                 "short buffer %s %zu", rfc3986_status_name(st), m);
    }
  }
  {
    rfc3986_status st =
        rfc3986_iri_to_uri("x:\xc3\x28", 4, out, sizeof out, &n, &err);
    unit_check(st == RFC3986_ERR_UTF8 && err.offset == 3, "3.1.bad-utf8",
               "status %s offset %zu", rfc3986_status_name(st), err.offset);
    st = rfc3986_iri_to_uri("x:\xed\xa0\x80", 5, out, sizeof out, &n, &err);
    unit_check(st == RFC3986_ERR_UTF8 && err.offset == 3, "3.1.surrogate",
               "status %s offset %zu", rfc3986_status_name(st), err.offset);
    st = rfc3986_iri_to_uri("x:\xff", 3, out, sizeof out, &n, &err);
    unit_check(st == RFC3986_ERR_UTF8 && err.offset == 2, "3.1.ff",
               "status %s offset %zu", rfc3986_status_name(st), err.offset);
  }
  for (size_t i = 0; i < sizeof to_iri / sizeof to_iri[0]; i++) {
    rfc3986_status st = rfc3986_uri_to_iri(to_iri[i].in, strlen(to_iri[i].in),
                                           out, sizeof out, &n, &err);
    unit_check(st == RFC3986_OK, to_iri[i].id, "status %s",
               rfc3986_status_name(st));
    unit_check_str(to_iri[i].id, out, n, to_iri[i].want);
  }
  {
    rfc3986_status st =
        rfc3986_uri_to_iri("x:a b", 5, out, sizeof out, &n, &err);
    unit_check(st == RFC3986_ERR_SYNTAX && err.offset == 3, "3.2.not-a-uri",
               "status %s offset %zu", rfc3986_status_name(st), err.offset);
  }
  /* round trip: uri_to_iri(iri_to_uri(x)) == x for IRIs of ucschar */
  for (size_t i = 0; i < 3; i++) {
    char back[512];
    size_t m;
    rfc3986_iri_to_uri(to_uri[i].in, strlen(to_uri[i].in), out, sizeof out, &n,
                       NULL);
    rfc3986_uri_to_iri(out, n, back, sizeof back, &m, NULL);
    unit_check_str("roundtrip", back, m, to_uri[i].in);
  }
  return unit_report();
}
