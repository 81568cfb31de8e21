/*
 * test_rules.c: whole-input matches of every RFC 3986 Appendix A rule,
 * accepting and rejecting, with the verdicts read off the ABNF by hand.
 */
#include <stdio.h>
#include <string.h>

#include "rfc3986.h"
#include "unit.h"

static const struct {
  const char *rule, *input;
  int valid;
  const char *why; /* the RFC's reason, for the failure message */
} cases[] = {
    /* 3: URI = scheme ":" hier-part [ "?" query ] [ "#" fragment ] */
    {"URI", "http://a/b?c#d", 1, "3"},
    {"URI", "a:", 1, "path-empty"},
    {"URI", "mailto:a@b@c", 1, "@ is a pchar"},
    {"URI", "//a/b", 0, "no scheme"},
    {"URI", "a:b#c#d", 0, "second #"},
    {"URI", "", 0, "empty"},
    /* 3: hier-part */
    {"hier-part", "//a/b", 1, "authority path-abempty"},
    {"hier-part", "/a//b", 1, "path-absolute"},
    {"hier-part", "a:b", 1, "path-rootless"},
    {"hier-part", "", 1, "path-empty"},
    {"hier-part", "a?b", 0, "? not in path"},
    /* 4.1: URI-reference = URI / relative-ref */
    {"URI-reference", "", 1, "empty relative-ref"},
    {"URI-reference", "//", 1, "empty authority"},
    {"URI-reference", "./this:that", 1, "4.2"},
    {"URI-reference", "this:that", 1, "a URI"},
    {"URI-reference", "1this:that", 0, "colon in first segment"},
    {"URI-reference", "#a#b", 0, "second #"},
    {"URI-reference", "a[b]", 0, "[ outside IP-literal"},
    {"URI-reference", "//a@b@c", 0, "second @ in authority"},
    {"URI-reference", "//[::1]:80", 1, "IP-literal and port"},
    /* 4.3: absolute-URI = scheme ":" hier-part [ "?" query ] */
    {"absolute-URI", "a:b?c", 1, "4.3"},
    {"absolute-URI", "a:b?c#d", 0, "fragment"},
    {"absolute-URI", "b?c", 0, "no scheme"},
    /* 4.2: relative-ref = relative-part [ "?" query ] [ "#" fragment ] */
    {"relative-ref", "../g?q#f", 1, "4.2"},
    {"relative-ref", "", 1, "empty"},
    {"relative-ref", "a:b", 0, "colon in first segment"},
    {"relative-ref", "?", 1, "empty query"},
    /* 4.2: relative-part */
    {"relative-part", "//h", 1, "authority"},
    {"relative-part", "a/b:c", 1, "colon after first segment"},
    {"relative-part", "a:b", 0, "path-noscheme"},
    {"relative-part", "", 1, "path-empty"},
    /* 3.1: scheme */
    {"scheme", "a", 1, "ALPHA"},
    {"scheme", "A+b-c.d9", 1, "later characters"},
    {"scheme", "1a", 0, "DIGIT first"},
    {"scheme", "", 0, "empty"},
    {"scheme", "a_b", 0, "_ not allowed"},
    /* 3.2: authority */
    {"authority", "", 1, "empty reg-name"},
    {"authority", "u:p@h:80", 1, "all parts"},
    {"authority", "@", 1, "empty userinfo and host"},
    {"authority", ":", 1, "empty host and port"},
    {"authority", "a@b@c", 0, "second @"},
    {"authority", "h:80:90", 0, "second colon"},
    {"authority", "[::1]x", 0, "after IP-literal"},
    /* 3.2.1: userinfo */
    {"userinfo", "a:b:c", 1, "colons"},
    {"userinfo", "%41!", 1, "pct-encoded, sub-delims"},
    {"userinfo", "a@b", 0, "@"},
    {"userinfo", "", 1, "empty"},
    /* 3.2.2: host */
    {"host", "example.com", 1, "reg-name"},
    {"host", "[v1.x]", 1, "IPvFuture"},
    {"host", "1.2.3.4", 1, "IPv4address"},
    {"host", "[1.2.3.4]", 0, "IPv4 in brackets"},
    {"host", "a:b", 0, "colon"},
    {"host", "", 1, "empty reg-name"},
    /* 3.2.3: port */
    {"port", "", 1, "empty"},
    {"port", "0080", 1, "leading zeros"},
    {"port", "99999", 1, "above 65535 is valid syntax"},
    {"port", "8a", 0, "not a digit"},
    {"port", "-1", 0, "sign"},
    /* 3.2.2: IP-literal */
    {"IP-literal", "[::]", 1, "IPv6"},
    {"IP-literal", "[v1.a]", 1, "IPvFuture"},
    {"IP-literal", "[]", 0, "empty"},
    {"IP-literal", "[::1", 0, "unclosed"},
    {"IP-literal", "::1", 0, "no brackets"},
    /* 3.2.2: IPvFuture */
    {"IPvFuture", "v1.a", 1, "v"},
    {"IPvFuture", "V1.a", 1, "case-insensitive v"},
    {"IPvFuture", "vFe.a:b!~", 1, "tail set"},
    {"IPvFuture", "v.a", 0, "missing hex"},
    {"IPvFuture", "v1a", 0, "missing dot"},
    {"IPvFuture", "v1.", 0, "empty tail"},
    {"IPvFuture", "v1.a/b", 0, "/ in tail"},
    {"IPvFuture", "vg.a", 0, "g not HEXDIG"},
    {"IPvFuture", "1.a", 0, "no v"},
    /* 3.2.2: the nine IPv6address alternatives, with each legal count of
     * h16 and one too many */
    /* 1: 6( h16 ":" ) ls32 */
    {"IPv6address", "1:2:3:4:5:6:7:8", 1, "alt 1"},
    {"IPv6address", "1:2:3:4:5:6:1.2.3.4", 1, "alt 1 with IPv4"},
    {"IPv6address", "1:2:3:4:5:6:7:8:9", 0, "alt 1 + 1"},
    {"IPv6address", "1:2:3:4:5:6:7", 0, "alt 1 - 1"},
    {"IPv6address", "1:2:3:4:5:6:7:1.2.3.4", 0, "alt 1 + 1 with IPv4"},
    /* 2: "::" 5( h16 ":" ) ls32 */
    {"IPv6address", "::2:3:4:5:6:7:8", 1, "alt 2"},
    {"IPv6address", "::2:3:4:5:6:1.2.3.4", 1, "alt 2 with IPv4"},
    {"IPv6address", "::2:3:4:5:6:7:8:9", 0, "alt 2 + 1"},
    /* 3: [ h16 ] "::" 4( h16 ":" ) ls32 */
    {"IPv6address", "1::3:4:5:6:7:8", 1, "alt 3"},
    {"IPv6address", "::3:4:5:6:7:8", 1, "alt 3 no head"},
    {"IPv6address", "1::3:4:5:6:7:8:9", 0, "alt 3 + 1"},
    /* 4: [ *1( h16 ":" ) h16 ] "::" 3( h16 ":" ) ls32 */
    {"IPv6address", "1:2::4:5:6:7:8", 1, "alt 4"},
    {"IPv6address", "1:2::4:5:6:1.2.3.4", 1, "alt 4 with IPv4"},
    {"IPv6address", "1:2::4:5:6:7:8:9", 0, "alt 4 + 1"},
    /* 5: [ *2( h16 ":" ) h16 ] "::" 2( h16 ":" ) ls32 */
    {"IPv6address", "1:2:3::5:6:7:8", 1, "alt 5"},
    {"IPv6address", "1:2:3::5:6:7:8:9", 0, "alt 5 + 1"},
    /* 6: [ *3( h16 ":" ) h16 ] "::" h16 ":" ls32 */
    {"IPv6address", "1:2:3:4::6:7:8", 1, "alt 6"},
    {"IPv6address", "1:2:3:4::6:7:8:9", 0, "alt 6 + 1"},
    /* 7: [ *4( h16 ":" ) h16 ] "::" ls32 */
    {"IPv6address", "1:2:3:4:5::7:8", 1, "alt 7"},
    {"IPv6address", "1:2:3:4:5::1.2.3.4", 1, "alt 7 with IPv4"},
    {"IPv6address", "1:2:3:4:5::7:8:9", 0, "alt 7 + 1"},
    /* 8: [ *5( h16 ":" ) h16 ] "::" h16 */
    {"IPv6address", "1:2:3:4:5:6::8", 1, "alt 8"},
    {"IPv6address", "::8", 1, "alt 8 no head"},
    {"IPv6address", "1:2:3:4:5:6::8:9", 0, "alt 8 + 1"},
    {"IPv6address", "1:2:3:4:5:6::1.2.3.4", 0, "alt 8 cannot end in IPv4"},
    /* 9: [ *6( h16 ":" ) h16 ] "::" */
    {"IPv6address", "1:2:3:4:5:6:7::", 1, "alt 9"},
    {"IPv6address", "::", 1, "alt 9 no head"},
    {"IPv6address", "1:2:3:4:5:6:7:8::", 0, "alt 9 + 1"},
    /* and the neighbours */
    {"IPv6address", "1::2::3", 0, "two ::"},
    {"IPv6address", ":1:2:3:4:5:6:7", 0, "single leading colon"},
    {"IPv6address", "1:2:3:4:5:6:7:", 0, "single trailing colon"},
    {"IPv6address", ":::", 0, "three colons"},
    {"IPv6address", "12345::", 0, "five hex digits"},
    {"IPv6address", "ABCD:ef01::", 1, "both cases"},
    {"IPv6address", "g::", 0, "g not HEXDIG"},
    {"IPv6address", "::1.2.3", 0, "short IPv4"},
    {"IPv6address", "::1.2.3.256", 0, "dec-octet 256"},
    {"IPv6address", "::01.2.3.4", 0, "leading zero in IPv4"},
    {"IPv6address", "1.2.3.4", 0, "IPv4 alone"},
    {"IPv6address", "", 0, "empty"},
    /* 3.2.2: h16 = 1*4HEXDIG */
    {"h16", "0", 1, "1"},
    {"h16", "ffff", 1, "4"},
    {"h16", "fffff", 0, "5"},
    {"h16", "", 0, "0"},
    /* 3.2.2: ls32 = ( h16 ":" h16 ) / IPv4address */
    {"ls32", "1:2", 1, "h16:h16"},
    {"ls32", "1.2.3.4", 1, "IPv4"},
    {"ls32", "1:2:3", 0, "three"},
    {"ls32", "1", 0, "one"},
    /* 3.2.2: IPv4address */
    {"IPv4address", "0.0.0.0", 1, "zeros"},
    {"IPv4address", "255.255.255.255", 1, "max"},
    {"IPv4address", "1.2.3", 0, "three octets"},
    {"IPv4address", "1.2.3.4.5", 0, "five octets"},
    {"IPv4address", "01.2.3.4", 0, "leading zero"},
    {"IPv4address", "1.2.3.4.", 0, "trailing dot"},
    {"IPv4address", "0x7f.0.0.1", 0, "hex"},
    /* 3.2.2: dec-octet boundaries and leading zeros */
    {"dec-octet", "0", 1, "0"},
    {"dec-octet", "9", 1, "9"},
    {"dec-octet", "10", 1, "10"},
    {"dec-octet", "99", 1, "99"},
    {"dec-octet", "100", 1, "100"},
    {"dec-octet", "199", 1, "199"},
    {"dec-octet", "200", 1, "200"},
    {"dec-octet", "249", 1, "249"},
    {"dec-octet", "250", 1, "250"},
    {"dec-octet", "255", 1, "255"},
    {"dec-octet", "256", 0, "256"},
    {"dec-octet", "260", 0, "260"},
    {"dec-octet", "300", 0, "300"},
    {"dec-octet", "1000", 0, "four digits"},
    {"dec-octet", "00", 0, "leading zero"},
    {"dec-octet", "01", 0, "leading zero"},
    {"dec-octet", "001", 0, "leading zeros"},
    {"dec-octet", "099", 0, "leading zero"},
    {"dec-octet", "", 0, "empty"},
    {"dec-octet", "a", 0, "not a digit"},
    /* 3.2.2: reg-name */
    {"reg-name", "www.example.com", 1, "dots"},
    {"reg-name", "%7Eu!$&'()*+,;=", 1, "pct and sub-delims"},
    {"reg-name", "", 1, "empty"},
    {"reg-name", "a:b", 0, "colon"},
    {"reg-name", "a@b", 0, "@"},
    {"reg-name", "a b", 0, "space"},
    /* 3.3: path */
    {"path", "/a/b", 1, "abempty"},
    {"path", "a/b", 1, "noscheme"},
    {"path", "a:b", 1, "rootless"},
    {"path", "//a", 1, "abempty with empty segment"},
    {"path", "", 1, "empty"},
    {"path", "a?b", 0, "?"},
    /* path-abempty = *( "/" segment ) */
    {"path-abempty", "", 1, "empty"},
    {"path-abempty", "//", 1, "empty segments"},
    {"path-abempty", "a", 0, "no leading /"},
    /* path-absolute = "/" [ segment-nz *( "/" segment ) ] */
    {"path-absolute", "/", 1, "root"},
    {"path-absolute", "/a//", 1, "segments"},
    {"path-absolute", "//a", 0, "begins with //"},
    {"path-absolute", "", 0, "empty"},
    /* path-noscheme = segment-nz-nc *( "/" segment ) */
    {"path-noscheme", "a/b:c", 1, "colon later"},
    {"path-noscheme", "a:b", 0, "colon first"},
    {"path-noscheme", "/a", 0, "leading /"},
    /* path-rootless = segment-nz *( "/" segment ) */
    {"path-rootless", "a:b/c", 1, "colon first ok"},
    {"path-rootless", "/a", 0, "leading /"},
    {"path-rootless", "", 0, "empty"},
    /* path-empty = 0<pchar> */
    {"path-empty", "", 1, "empty"},
    {"path-empty", "a", 0, "not empty"},
    /* segment, segment-nz, segment-nz-nc */
    {"segment", "", 1, "empty"},
    {"segment", "a:@!%20", 1, "pchars"},
    {"segment", "a/b", 0, "slash"},
    {"segment-nz", "a", 1, "one"},
    {"segment-nz", "", 0, "empty"},
    {"segment-nz", ":", 1, "colon"},
    {"segment-nz-nc", "a@b", 1, "@"},
    {"segment-nz-nc", "a:b", 0, "colon"},
    {"segment-nz-nc", "", 0, "empty"},
    /* 3.3: pchar */
    {"pchar", "a", 1, "unreserved"},
    {"pchar", "%aF", 1, "pct-encoded, any case"},
    {"pchar", ":", 1, "colon"},
    {"pchar", "@", 1, "at"},
    {"pchar", "/", 0, "slash"},
    {"pchar", "ab", 0, "two"},
    /* 3.4, 3.5: query, fragment */
    {"query", "a/?b", 1, "/ and ?"},
    {"query", "a#b", 0, "#"},
    {"query", "", 1, "empty"},
    {"fragment", "a/?b:@", 1, "/ ? : @"},
    {"fragment", "a#b", 0, "second #"},
    {"fragment", "[", 0, "["},
    /* 2.1: pct-encoded = "%" HEXDIG HEXDIG */
    {"pct-encoded", "%4a", 1, "lower hex"},
    {"pct-encoded", "%4A", 1, "upper hex"},
    {"pct-encoded", "%zz", 0, "not hex"},
    {"pct-encoded", "%4", 0, "one digit"},
    {"pct-encoded", "%", 0, "% at end"},
    {"pct-encoded", "%41a", 0, "extra"},
    /* 2.2, 2.3: single-octet classes */
    {"unreserved", "~", 1, "tilde"},
    {"unreserved", "!", 0, "sub-delim"},
    {"reserved", "[", 1, "gen-delim"},
    {"reserved", "=", 1, "sub-delim"},
    {"reserved", "a", 0, "unreserved"},
    {"gen-delims", "@", 1, "at"},
    {"gen-delims", "!", 0, "sub-delim"},
    {"sub-delims", "'", 1, "apostrophe"},
    {"sub-delims", "%", 0, "percent"},
    {"sub-delims", "", 0, "empty"},
};

int main(void) {
  size_t i;
  unsigned seen[RFC3986_RULE_sub_delims + 1][2] = {{0}};
  int r;
  for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    char id[128];
    rfc3986_rule rule =
        rfc3986_rule_from_name(cases[i].rule, strlen(cases[i].rule));
    rfc3986_error err;
    int got = rfc3986_match(rule, cases[i].input, strlen(cases[i].input),
                            &err) == RFC3986_OK;
    snprintf(id, sizeof id, "match.%s.%zu", cases[i].rule, i);
    unit_check(rule != RFC3986_RULE_NONE, id, "unknown rule name %s",
               cases[i].rule);
    unit_check(got == cases[i].valid, id, "%s \"%s\" (%s): want %s, got %s",
               cases[i].rule, unit_show(cases[i].input, strlen(cases[i].input)),
               cases[i].why, cases[i].valid ? "match" : "no match",
               got ? "match" : "no match");
    if (rule <= RFC3986_RULE_sub_delims)
      seen[rule][cases[i].valid]++;
  }
  /* Every Appendix A rule is tested both ways. */
  for (r = RFC3986_RULE_URI; r <= RFC3986_RULE_sub_delims; r++) {
    char id[128];
    snprintf(id, sizeof id, "coverage.%s", rfc3986_rule_name((rfc3986_rule)r));
    unit_check((seen[r][0] > 0 && seen[r][1] > 0), id,
               "rule %s lacks an accepting or a rejecting case",
               rfc3986_rule_name((rfc3986_rule)r));
  }
  unit_check(RFC3986_RULE_sub_delims - RFC3986_RULE_URI + 1 ==
                 RFC3986_APPENDIX_A_RULES,
             "rules.count", "Appendix A has 36 rules");
  return unit_report();
}
