/*
 * test_parse.c: rfc3986_parse on whole references: the components of the
 * examples from RFC 3986 and from the URI articles the project started
 * from, and the error offsets of rejected inputs (DESIGN.md: the length of
 * the longest prefix that can still be extended into a valid string).
 * Every expectation was worked out by hand from the ABNF.
 */
#include <stdio.h>
#include <string.h>

#include "rfc3986.h"
#include "unit.h"

#define U NULL /* an undefined component */

static const struct {
  const char *input;
  const char *kind;
  const char *scheme, *authority, *userinfo, *host, *host_type, *port, *path,
      *query, *fragment;
} valid[] = {
    /* The URI articles' examples */
    {"http://ru.wikipedia.org/wiki/URI", "URI", "http", "ru.wikipedia.org", U,
     "ru.wikipedia.org", "reg-name", U, "/wiki/URI", U, U},
    {"ftp://ftp.is.co.za/rfc/rfc1808.txt", "URI", "ftp", "ftp.is.co.za", U,
     "ftp.is.co.za", "reg-name", U, "/rfc/rfc1808.txt", U, U},
    {"ldap://[2001:db8::7]/c=GB?objectClass?one", "URI", "ldap",
     "[2001:db8::7]", U, "[2001:db8::7]", "IPv6address", U, "/c=GB",
     "objectClass?one", U},
    {"mailto:John.Doe@example.com", "URI", "mailto", U, U, U, U, U,
     "John.Doe@example.com", U, U},
    {"sip:911@pbx.mycompany.com", "URI", "sip", U, U, U, U, U,
     "911@pbx.mycompany.com", U, U},
    {"news:comp.infosystems.www.servers.unix", "URI", "news", U, U, U, U, U,
     "comp.infosystems.www.servers.unix", U, U},
    {"data:text/plain;charset=iso-8859-7,%be%fe%be", "URI", "data", U, U, U, U,
     U, "text/plain;charset=iso-8859-7,%be%fe%be", U, U},
    {"tel:+1-816-555-1212", "URI", "tel", U, U, U, U, U, "+1-816-555-1212", U,
     U},
    {"telnet://192.0.2.16:80/", "URI", "telnet", "192.0.2.16:80", U,
     "192.0.2.16", "IPv4address", "80", "/", U, U},
    {"urn:oasis:names:specification:docbook:dtd:xml:4.1.2", "URI", "urn", U, U,
     U, U, U, "oasis:names:specification:docbook:dtd:xml:4.1.2", U, U},
    {"urn:isbn:0-486-27557-4", "URI", "urn", U, U, U, U, U,
     "isbn:0-486-27557-4", U, U},
    {"https://john.doe@www.example.com:123/forum/questions/"
     "?tag=networking&order=newest#top",
     "URI", "https", "john.doe@www.example.com:123", "john.doe",
     "www.example.com", "reg-name", "123", "/forum/questions/",
     "tag=networking&order=newest", "top"},
    /* Appendix B's example */
    {"http://www.ics.uci.edu/pub/ietf/uri/#Related", "URI", "http",
     "www.ics.uci.edu", U, "www.ics.uci.edu", "reg-name", U, "/pub/ietf/uri/",
     U, "Related"},
    {"//example.com/path/resource.txt", "relative-ref", U, "example.com", U,
     "example.com", "reg-name", U, "/path/resource.txt", U, U},
    {"/path/resource.txt", "relative-ref", U, U, U, U, U, U,
     "/path/resource.txt", U, U},
    {"path/resource.txt", "relative-ref", U, U, U, U, U, U, "path/resource.txt",
     U, U},
    {"../resource.txt", "relative-ref", U, U, U, U, U, U, "../resource.txt", U,
     U},
    {"./resource.txt", "relative-ref", U, U, U, U, U, U, "./resource.txt", U,
     U},
    {"resource.txt", "relative-ref", U, U, U, U, U, U, "resource.txt", U, U},
    {"#fragment", "relative-ref", U, U, U, U, U, U, "", U, "fragment"},
    {"./foo:bar", "relative-ref", U, U, U, U, U, U, "./foo:bar", U, U},
    /* RFC 3986 1.1.2 */
    {"ftp://ftp.is.co.za/rfc/rfc1808.txt", "URI", "ftp", "ftp.is.co.za", U,
     "ftp.is.co.za", "reg-name", U, "/rfc/rfc1808.txt", U, U},
    {"http://www.ietf.org/rfc/rfc2396.txt", "URI", "http", "www.ietf.org", U,
     "www.ietf.org", "reg-name", U, "/rfc/rfc2396.txt", U, U},
    {"foo://example.com:8042/over/there?name=ferret#nose", "URI", "foo",
     "example.com:8042", U, "example.com", "reg-name", "8042", "/over/there",
     "name=ferret", "nose"},
    {"urn:example:animal:ferret:nose", "URI", "urn", U, U, U, U, U,
     "example:animal:ferret:nose", U, U},
    /* 7.6: the userinfo that looks like a host */
    {"ftp://cnn.example.com&story=breaking_news@10.0.0.1/top_story.htm", "URI",
     "ftp", "cnn.example.com&story=breaking_news@10.0.0.1",
     "cnn.example.com&story=breaking_news", "10.0.0.1", "IPv4address", U,
     "/top_story.htm", U, U},
    /* undefined versus empty, everywhere */
    {"", "relative-ref", U, U, U, U, U, U, "", U, U},
    {"//", "relative-ref", U, "", U, "", "reg-name", U, "", U, U},
    {"?", "relative-ref", U, U, U, U, U, U, "", "", U},
    {"#", "relative-ref", U, U, U, U, U, U, "", U, ""},
    {"s://@:?#", "URI", "s", "@:", "", "", "reg-name", "", "", "", ""},
    {"a:", "URI", "a", U, U, U, U, U, "", U, U},
    {"mailto:a@b@c", "URI", "mailto", U, U, U, U, U, "a@b@c", U, U},
    /* host types, 3.2.2 */
    {"http://1.2.3.4/", "URI", "http", "1.2.3.4", U, "1.2.3.4", "IPv4address",
     U, "/", U, U},
    {"http://1.2.3.256/", "URI", "http", "1.2.3.256", U, "1.2.3.256",
     "reg-name", U, "/", U, U},
    {"http://01.2.3.4/", "URI", "http", "01.2.3.4", U, "01.2.3.4", "reg-name",
     U, "/", U, U},
    {"http://0x7f.1/", "URI", "http", "0x7f.1", U, "0x7f.1", "reg-name", U, "/",
     U, U},
    {"http://2130706433/", "URI", "http", "2130706433", U, "2130706433",
     "reg-name", U, "/", U, U},
    {"//[V7.Fe:80]:0008", "relative-ref", U, "[V7.Fe:80]:0008", U, "[V7.Fe:80]",
     "IPvFuture", "0008", "", U, U},
    {"//[::ffff:1.2.3.4]", "relative-ref", U, "[::ffff:1.2.3.4]", U,
     "[::ffff:1.2.3.4]", "IPv6address", U, "", U, U},
    {"http://%67oogle.com", "URI", "http", "%67oogle.com", U, "%67oogle.com",
     "reg-name", U, "", U, U},
    {"http://google.com%23@evil.com/", "URI", "http", "google.com%23@evil.com",
     "google.com%23", "evil.com", "reg-name", U, "/", U, U},
    {"ldap://127.0.0.1#.evilhost.com:1389/a", "URI", "ldap", "127.0.0.1", U,
     "127.0.0.1", "IPv4address", U, "", U, ".evilhost.com:1389/a"},
    {"http://google.com#@evil.com/", "URI", "http", "google.com", U,
     "google.com", "reg-name", U, "", U, "@evil.com/"},
    {"http:///google.com", "URI", "http", "", U, "", "reg-name", U,
     "/google.com", U, U},
    {"http:/google.com", "URI", "http", U, U, U, U, U, "/google.com", U, U},
    {"google.com/abc", "relative-ref", U, U, U, U, U, U, "google.com/abc", U,
     U},
    {"http://u:p:q@h:/", "URI", "http", "u:p:q@h:", "u:p:q", "h", "reg-name",
     "", "/", U, U},
};

static const struct {
  const char *input;
  size_t len; /* 0: strlen */
  size_t offset;
} invalid[] = {
    {"s:h/\xc2\xa1", 0, 4}, /* read by segment (rule checked below) */
    {"http://u@ ", 0, 9},   /* read first by host (its "[" test) */
    {"http://h/a b", 0, 10},
    {"http://h:80:90", 0, 14}, /* "@x" could still make it userinfo */
    {"http://[::1", 0, 11},
    {"1a:", 0, 2},
    {"a b", 0, 1},
    {" ", 0, 0},
    {"%", 0, 1},
    {"%zz", 0, 1},
    {"%4", 0, 2},
    {"%4g", 0, 2},
    {"http://a@b@c", 0, 10},
    {"a:b#c#d", 0, 5},
    {"#a#b", 0, 2},
    {"a[b]", 0, 1},
    {"http://[1.2.3.4]/", 0, 9},
    {"http://[v1]", 0, 10},
    {"http://[v.x]", 0, 9},
    {"http://[v1.]", 0, 11},
    {"http://[::1]x", 0, 12},
    {"http://[::1]:8x", 0, 14},
    {"http://host:port", 0, 16},
    {"http://h:80/x y", 0, 13},
    {"http://exa mple.com", 0, 10},
    {"file://C:\\UserName.HostName\\Projects\\Wikipedia_Articles\\URI.xml", 0,
     9},
    {"http://ru.wikipedia.org/wiki/\xd0\x9a\xd0\xb8\xd1\x80\xd0\xb8\xd0\xbb"
     "\xd0\xbb\xd0\xb8\xd1\x86\xd0\xb0",
     0, 29},
    {"http://google.com\\@evil.com/", 0, 17},
    {"http:\\\\google.com", 0, 5},
    {"http://1.1.1.1 &@2.2.2.2# @3.3.3.3/", 0, 14},
    {"http://[127.0.0.1]:11211:80", 0, 11},
    {"http://127.0.0.1:11211:80/", 0, 25},
    {"http://foo@evil.com:80@google.com/", 0, 22},
    {"//a@b@c", 0, 5},
    {"a:b c", 0, 3},
    {"?a b", 0, 2},
    {"#a b", 0, 2},
    {"http://a b", 0, 8},
    {"[", 0, 0},
    {"a]", 0, 1},
    {"http://[::1]]", 0, 12},
    {"http://[:1]", 0, 9},
    {"http://[1:2:3:4:5:6:7:8:9]", 0, 23},
    {"http://[::1.2.3.256]", 0, 18},
    {"http://[::01.2.3.4]", 0, 12},
    {"http://[12345::]", 0, 12},
    {"http://[g::]", 0, 8},
    {"s://[v1.a/b]", 0, 9},
    {"http://h/%", 0, 10},
    {"http://h/%4", 0, 11},
    {"http://h/%4g", 0, 11},
    {"http://h?%zz", 0, 10},
    {"http://h#a#b", 0, 10},
    {"http://h/a\0b", 12, 10},
    {"a\tb", 0, 1},
    {"http://h\r\n", 0, 8},
    {"HTTP://EXAMPLE.COM/\xff", 0, 19},
    {"s:/a b", 0, 4},
    {"://a", 0, 0},
    {"1://a", 0, 1},
    {"a+b-c.d:x y", 0, 9},
    {"http://u@[::1]@h", 0, 14},
    {"http://h:8080x", 0, 14}, /* still a userinfo waiting for "@" */
    {"http://a%2", 0, 10},
    {"http://a%2g", 0, 10},
    {"mailto:John Doe", 0, 11},
    {"\0", 1, 0},
};

static void check_span(const char *id, const char *name, const rfc3986_uri *u,
                       rfc3986_span s, const char *want) {
  char cid[160];
  snprintf(cid, sizeof cid, "%s.%s", id, name);
  if (want == NULL) {
    unit_check(!rfc3986_span_defined(s), cid, "want undefined, got \"%s\"",
               rfc3986_span_defined(s)
                   ? unit_show(u->input + s.offset, s.length)
                   : "");
    return;
  }
  unit_check(rfc3986_span_defined(s) && s.length == strlen(want) &&
                 memcmp(u->input + s.offset, want, s.length) == 0,
             cid, "want \"%s\", got %s%s%s", want,
             rfc3986_span_defined(s) ? "\"" : "",
             rfc3986_span_defined(s) ? unit_show(u->input + s.offset, s.length)
                                     : "undefined",
             rfc3986_span_defined(s) ? "\"" : "");
}

int main(void) {
  size_t i;
  for (i = 0; i < sizeof valid / sizeof valid[0]; i++) {
    char id[64];
    rfc3986_uri u;
    rfc3986_error err;
    const char *ht;
    rfc3986_status st = rfc3986_parse(valid[i].input, strlen(valid[i].input),
                                      RFC3986_RULE_URI_reference, &u, &err);
    snprintf(id, sizeof id, "parse.valid.%zu", i);
    unit_check(st == RFC3986_OK, id, "\"%s\" rejected at %zu (%s)",
               valid[i].input, err.offset, rfc3986_rule_name(err.rule));
    if (st != RFC3986_OK)
      continue;
    unit_check(strcmp(valid[i].kind,
                      u.kind == RFC3986_KIND_URI ? "URI" : "relative-ref") == 0,
               id, "\"%s\": kind", valid[i].input);
    check_span(id, "scheme", &u, u.scheme, valid[i].scheme);
    check_span(id, "authority", &u, u.authority, valid[i].authority);
    check_span(id, "userinfo", &u, u.userinfo, valid[i].userinfo);
    check_span(id, "host", &u, u.host, valid[i].host);
    check_span(id, "port", &u, u.port, valid[i].port);
    check_span(id, "path", &u, u.path, valid[i].path);
    check_span(id, "query", &u, u.query, valid[i].query);
    check_span(id, "fragment", &u, u.fragment, valid[i].fragment);
    ht = rfc3986_host_type_name(u.host_type);
    unit_check(
        valid[i].host_type == NULL ? ht == NULL
                                   : ht && strcmp(ht, valid[i].host_type) == 0,
        id, "\"%s\": host_type want %s, got %s", valid[i].input,
        valid[i].host_type ? valid[i].host_type : "null", ht ? ht : "null");
  }
  for (i = 0; i < sizeof invalid / sizeof invalid[0]; i++) {
    char id[64];
    rfc3986_uri u;
    rfc3986_error err;
    size_t len = invalid[i].len ? invalid[i].len : strlen(invalid[i].input);
    rfc3986_status st = rfc3986_parse(invalid[i].input, len,
                                      RFC3986_RULE_URI_reference, &u, &err);
    snprintf(id, sizeof id, "parse.invalid.%zu", i);
    unit_check(st == RFC3986_ERR_SYNTAX && err.status == RFC3986_ERR_SYNTAX, id,
               "\"%s\" accepted", unit_show(invalid[i].input, len));
    unit_check(st != RFC3986_OK && err.offset == invalid[i].offset, id,
               "\"%s\": offset want %zu, got %zu (rule %s)",
               unit_show(invalid[i].input, len), invalid[i].offset, err.offset,
               rfc3986_rule_name(err.rule));
    unit_check(st != RFC3986_OK && rfc3986_rule_name(err.rule) != NULL, id,
               "\"%s\": no rule named", unit_show(invalid[i].input, len));
    /* Traced (an observer of the same parse): the same offset and the
     * same rule. */
    rfc3986_error terr;
    size_t count;
    st = rfc3986_parse_traced(invalid[i].input, len, RFC3986_RULE_URI_reference,
                              &u, &terr, NULL, 0, &count);
    unit_check(
        st == RFC3986_ERR_SYNTAX && terr.offset == err.offset &&
            terr.rule == err.rule,
        id,
        "\"%s\": traced, offset %zu rule %s; not traced, offset %zu rule %s",
        unit_show(invalid[i].input, len), terr.offset,
        rfc3986_rule_name(terr.rule), err.offset, rfc3986_rule_name(err.rule));
  }
  {
    rfc3986_error err;
    rfc3986_parse("s:h/\xc2\xa1", 6, RFC3986_RULE_URI_reference, NULL, &err);
    unit_check(err.rule == RFC3986_RULE_segment, "parse.invalid.rule.segment",
               "want segment, got %s", rfc3986_rule_name(err.rule));
    rfc3986_parse("http://u@ ", 10, RFC3986_RULE_URI_reference, NULL, &err);
    unit_check(err.rule == RFC3986_RULE_host, "parse.invalid.rule.host",
               "want host, got %s", rfc3986_rule_name(err.rule));
  }
  return unit_report();
}
