/*
 * test_transforms.c: the rows of the transforms (adapters/common/
 * predict_table.c), part of test_conditions.c's TAP: the reading a
 * prediction computes, written out by hand.
 */
#include "test_transforms.h"

#include <stdio.h>
#include <string.h>

#include "glue.h"
#include "predict.h"

#define OUT (-1) /* a row's comp: the output of a resolve or normalize */
/* A transform's rows: the prediction of the transforms named (comma
 * separated) on the op's input, and one component (OUT: the output) of
 * it, written out by hand; NULL: undefined, or no output. */
struct prow {
  const char *transforms, *op, *in, *base;
  int comp;
  const char *want;
};
#define SCHEME RFC3986_COMPONENT_SCHEME
#define AUTH RFC3986_COMPONENT_AUTHORITY
#define USER RFC3986_COMPONENT_USERINFO
#define HOST RFC3986_COMPONENT_HOST
#define PORT RFC3986_COMPONENT_PORT
#define PATH RFC3986_COMPONENT_PATH
#define QUERY RFC3986_COMPONENT_QUERY
#define FRAG RFC3986_COMPONENT_FRAGMENT
#define DOT "empty-first-segment-dot-prefixed"
#define UTF8 "all-pct-decoded-where-utf8"
#define AIS "authority-implied-after-scheme"
#define FDS "final-dot-segment-slash-dropped"
#define FDR "final-dot-segment-root-dropped"
#define PLD "appendix-b-split,port-leading-digits-only"
#define PSETS "appendix-b-split,pct-encode-sets-by-component"
#define PORTD "appendix-b-split,port-digits-only"
#define DDPOP "dot-dot-above-root-kept,last-dot-dot-pops-kept-dot-dot"
#define ABAD "appendix-b-split,authority-ends-at-bad-octet"
#define RDD "root-dot-dot-drops-empty-segment"
#define IPV4Z "ipv4-leading-zeros-dropped"
#define NPHE "appendix-b-split,network-path-as-path-host-empty"
#define BWANM "base-without-authority-not-merged"
#define UIRC "userinfo-uri-component-recoded"
#define PEOR "appendix-b-split,pct-encode-outside-component-rule"
#define HCUT "appendix-b-split,host-cut-at-non-hostname-octet"
static const struct prow prows[] = {
    /* relative-as-http: tcllib's uri::split */
    {"relative-as-http", "parse", "awb/c", NULL, SCHEME, "http"},
    {"relative-as-http", "parse", "awb/c", NULL, HOST, "awb"},
    {"relative-as-http", "parse", "awb/c", NULL, PATH, "/c"},
    {"relative-as-http", "parse", "//h/p", NULL, HOST, "h"},
    {"relative-as-http", "parse", "/p", NULL, HOST, ""},
    {"relative-as-http", "parse", "a:b", NULL, HOST, NULL},
    /* authority-ends-at-slash: LuaSocket's url.parse */
    {"authority-ends-at-slash", "parse", "//h?q/p", NULL, AUTH, "h?q"},
    {"authority-ends-at-slash", "parse", "//h?q/p", NULL, PATH, "/p"},
    {"authority-ends-at-slash", "parse", "//h?q/p", NULL, QUERY, NULL},
    {"authority-ends-at-slash", "parse", "s://h:1?2/p", NULL, PORT, "1?2"},
    {"authority-ends-at-slash", "parse", "s://u@h#f", NULL, HOST, "h#f"},
    {"authority-ends-at-slash", "parse", "//h/p?q#f", NULL, QUERY, "q"},
    /* relative-as-file, path-rooted, all-pct-decoded-where-utf8 (UTF8):
     * vscode-uri's URI.parse */
    {"relative-as-file", "parse", "p/q", NULL, SCHEME, "file"},
    {"relative-as-file", "parse", "//h/p", NULL, HOST, "h"},
    {"relative-as-file,path-rooted", "parse", "p/q", NULL, PATH, "/p/q"},
    {"path-rooted", "parse", "http://h", NULL, PATH, "/"},
    {"path-rooted", "parse", "s:/p", NULL, PATH, "/p"},
    {UTF8, "parse", "s://h/%C3%A9%41", NULL, PATH,
     "/\xc3\xa9"
     "A"},
    {UTF8, "parse", "s://h/%C3%A9%FF", NULL, PATH, "/%C3%A9%FF"},
    {UTF8, "parse", "s://h/%81%41", NULL, PATH, "/%81A"},
    {UTF8, "parse", "s://%41@h%2e/", NULL, USER, "A"},
    {UTF8, "parse", "s://%41@h%2e/", NULL, HOST, "h."},
    /* authority-implied-after-scheme (AIS): Node's legacy url.parse */
    {AIS, "parse", "s:h/p", NULL, HOST, "h"},
    {AIS, "parse", "s:/p", NULL, HOST, ""},
    {AIS, "parse", "s:/p", NULL, PATH, "/p"},
    {AIS, "parse", "s://h/p", NULL, PATH, "/p"},
    {AIS, "parse", "HTTP:h/p", NULL, PATH, "h/p"},
    {AIS, "parse", "javascript:x", NULL, HOST, NULL},
    /* empty-userinfo-in-host, non-digit-port-in-host: Mojo::URL */
    {"empty-userinfo-in-host", "parse", "//@h/p", NULL, HOST, "@h"},
    {"empty-userinfo-in-host", "parse", "//@h/p", NULL, USER, NULL},
    {"empty-userinfo-in-host", "parse", "//u@h/p", NULL, HOST, "h"},
    {"non-digit-port-in-host", "parse", "//h:/p", NULL, HOST, "h:"},
    {"non-digit-port-in-host", "parse", "//h:/p", NULL, PORT, NULL},
    {"appendix-b-split,non-digit-port-in-host", "parse", "//h:1a/p", NULL, HOST,
     "h:1a"},
    {"non-digit-port-in-host", "parse", "//h:08/p", NULL, PORT, "08"},
    {"non-digit-port-in-host", "parse", "//[::1]:/p", NULL,
     RFC3986_COMPONENT_HOST_TYPE, "IPv6address"},
    /* registry-authority: java.net.URI (RFC 2396 3.2) */
    {"registry-authority", "parse", "//u@:8/p", NULL, AUTH, "u@:8"},
    {"registry-authority", "parse", "//u@:8/p", NULL, HOST, NULL},
    {"registry-authority", "parse", "//u@:8/p", NULL, USER, NULL},
    {"registry-authority", "parse", "//u@:8/p", NULL, PORT, NULL},
    {"registry-authority", "parse", "s:p", NULL, HOST, NULL},
    /* empty-authority-parts-dropped: Elixir's URI struct */
    {"empty-authority-parts-dropped", "parse", "//@:/p", NULL, USER, NULL},
    {"empty-authority-parts-dropped", "parse", "//@:/p", NULL, HOST, NULL},
    {"empty-authority-parts-dropped", "parse", "//@:/p", NULL, PORT, NULL},
    {"empty-authority-parts-dropped", "parse", "//@:/p", NULL, AUTH, "@:"},
    {"empty-authority-parts-dropped", "parse", "//u@h:8", NULL, PORT, "8"},
    /* final-dot-segment-slash-dropped: Elixir's URI.merge */
    {"final-dot-segment-slash-dropped", "resolve", "a/b/..", "http://a", OUT,
     "http://a/a"},
    {"final-dot-segment-slash-dropped", "resolve", "/b//.", "http://a", OUT,
     "http://a/b/"},
    {"final-dot-segment-slash-dropped", "resolve", "a/b/", "http://a", OUT,
     "http://a/a/b/"},
    {"final-dot-segment-slash-dropped", "resolve", "..", "http://a/b", OUT,
     "http://a/"},
    /* final-dot-segment-root-dropped (FDR), port-leading-digits-only:
     * Elixir's URI.merge and URI.new */
    {FDS "," FDR, "resolve", "a/..", "http://a", OUT, "http://a"},
    {FDS "," FDR, "resolve", "/b/.", "http://a", OUT, "http://a/b"},
    {FDS "," FDR, "resolve", "..//.", "http://a", OUT, "http://a/"},
    {FDS "," FDR, "resolve", "/", "http://a/b", OUT, "http://a/"},
    {PLD, "parse", "s://h:1a2/p", NULL, PORT, "1"},
    {PLD, "parse", "s://h:1a2/p", NULL, AUTH, "h:1a2"},
    {PLD, "parse", "s://h:a/p", NULL, PORT, ""},
    {"port-leading-digits-only", "parse", "s://h:08/p", NULL, PORT, "08"},
    /* port-non-digit-starts-path: Spring's UriComponentsBuilder */
    {"appendix-b-split,port-non-digit-starts-path", "parse", "s://h:1a2/p",
     NULL, PORT, "1"},
    {"appendix-b-split,port-non-digit-starts-path", "parse", "s://h:1a2/p",
     NULL, PATH, "a2/p"},
    {"appendix-b-split,port-non-digit-starts-path", "parse", "s://h:x", NULL,
     PATH, "x"},
    {"port-non-digit-starts-path", "parse", "s://h:8/p", NULL, PATH, "/p"},
    /* ip-literal-read-as-path: ocaml-uri */
    {"ip-literal-read-as-path", "parse", "//u@[::1]:8/p", NULL, PATH,
     "%5B::1%5D:8/p"},
    {"ip-literal-read-as-path", "parse", "//u@[::1]:8/p", NULL, HOST, ""},
    {"ip-literal-read-as-path", "parse", "//u@[::1]:8/p", NULL, PORT, NULL},
    {"ip-literal-read-as-path", "parse", "//u@[::1]:8/p", NULL, AUTH, "u@"},
    {"ip-literal-read-as-path", "parse", "//[v1.x]", NULL, PATH, "%5Bv1.x%5D"},
    {"ip-literal-read-as-path", "parse", "//h:8/p", NULL, PATH, "/p"},
    /* empty-host-authority-dropped: Jetty's HttpURI */
    {"empty-host-authority-dropped", "parse", "//u@:8/p", NULL, AUTH, NULL},
    {"empty-host-authority-dropped", "parse", "//u@:8/p", NULL, USER, NULL},
    {"empty-host-authority-dropped", "parse", "//u@:8/p", NULL, PORT, NULL},
    {"empty-host-authority-dropped", "parse", "//u@:8/p", NULL, PATH, "/p"},
    {"empty-host-authority-dropped", "parse", "//u@h:8/p", NULL, PORT, "8"},
    /* path-pct-recoded: ocaml-uri */
    {"path-pct-recoded", "parse", "s://h/%2f%41%ff%3F%25", NULL, PATH,
     "//A%FF%3F%25"},
    {"path-pct-recoded", "parse", "s:a%3a@%7e", NULL, PATH, "a:@~"},
    /* reference-not-resolved: Python's urljoin against an unknown scheme */
    {"reference-not-resolved", "resolve", "b/../c", "a:/b/c/d", OUT, "b/../c"},
    {"reference-not-resolved", "resolve", "//h/p", "a:/b", OUT, "//h/p"},
    /* host-case-kept: network-uri's normalizeCase */
    {"host-case-kept", "normalize", "HTTP://A%41b%2e/", NULL, OUT,
     "http://AAb./"},
    {"host-case-kept", "normalize", "http://Ex%c3%a9/%7eA", NULL, OUT,
     "http://Ex%C3%A9/~A"},
    /* host-lowercased-before-pct-decoded: Erlang's uri_string:normalize */
    {"host-lowercased-before-pct-decoded", "normalize", "HTTP://A%41%2eB/%41",
     NULL, OUT, "http://aA.b/A"},
    /* empty-authority-written: Go's URL.String */
    {"empty-authority-written", "resolve", "g", "a:/b/c", OUT, "a:///b/g"},
    {"empty-authority-written", "resolve", "g", "a:b", OUT, "a:g"},
    {"empty-authority-written", "parse", "s:/p", NULL, HOST, ""},
    {"empty-authority-written", "parse", "//h/p", NULL, SCHEME, NULL},
    /* bad-scheme-dropped: perl URI's path method */
    {"bad-scheme-dropped", "parse", "{a:b", NULL, PATH, "b"},
    {"bad-scheme-dropped", "parse", "{a:b", NULL, SCHEME, NULL},
    {"bad-scheme-dropped", "parse", "a:b", NULL, SCHEME, "a"},
    /* fragment-not-split: Go's ParseRequestURI */
    {"fragment-not-split", "parse", "s://h/p?q#f", NULL, QUERY, "q#f"},
    {"fragment-not-split", "parse", "s://h/p?q#f", NULL, FRAG, NULL},
    {"fragment-not-split", "parse", "s://h/p#f", NULL, PATH, "/p%23f"},
    {"fragment-not-split", "parse", "s://h/p", NULL, PATH, "/p"},
    /* empty-first-segment-dot-prefixed (DOT): uriparser's FixAmbiguity */
    {DOT, "resolve", "..//", "http://a", OUT, "http://a/.//"},
    {DOT, "resolve", "..///b", "http://a", OUT, "http://a/.///b"},
    {DOT, "resolve", "..//b", "http://a", OUT, "http://a//b"},
    {DOT, "resolve", "..//x", "a:/b", OUT, "a:/.//x"},
    {DOT, "resolve", "../", "a:/b/c", OUT, "a:/./"},
    {DOT, "resolve", "../..", "a:/b/c/d", OUT, "a:/./"},
    {DOT, "resolve", "..", "a:/b", OUT, "a:/"},
    {DOT, "resolve", "./.", "a:/b", OUT, "a:/"},
    {DOT, "resolve", "../..", "a:/b/c", OUT, "a:/"},
    {DOT, "resolve", "/.//", "a:/b", OUT, "a://"},
    /* host-punycode: RFC 3492's "bücher", a Latin-1 octet */
    {"host-pct-decoded,host-punycode", "parse", "http://b%FCcher.de/", NULL,
     HOST, "xn--bcher-kva.de"},
    {"host-pct-decoded,host-punycode", "parse", "http://A%D5B/", NULL, HOST,
     "xn--AB-lha"},
    {"host-pct-decoded,host-punycode", "parse", "http://a%2Ab/", NULL, HOST,
     "a*b"},
    {"host-pct-decoded,host-punycode", "normalize", "http://A%D5B/", NULL, OUT,
     "http://xn--ab-lha/"},
    /* unreserved-pct-decoded, non-graphic-pct-encoded: libsoup's
     * uri_normalized_copy */
    {"unreserved-pct-decoded", "parse", "http://h%41/%41%2F?%7e#%61", NULL,
     PATH, "/A%2F"},
    {"unreserved-pct-decoded", "parse", "http://h%41/%41%2F?%7e#%61", NULL,
     QUERY, "~"},
    {"unreserved-pct-decoded", "parse", "http://h%41/%41%2F?%7e#%61", NULL,
     HOST, "h%41"},
    {"appendix-b-split,non-graphic-pct-encoded", "parse",
     "s://a b@h/p q?r\x7fs#\xc3", NULL, USER, "a b"},
    {"appendix-b-split,non-graphic-pct-encoded", "parse",
     "s://a b@h/p q?r\x7fs#\xc3", NULL, PATH, "/p%20q"},
    {"appendix-b-split,non-graphic-pct-encoded", "parse",
     "s://a b@h/p q?r\x7fs#\xc3", NULL, QUERY, "r%7Fs"},
    {"appendix-b-split,non-graphic-pct-encoded", "parse",
     "s://a b@h/p q?r\x7fs#\xc3", NULL, FRAG, "%C3"},
    /* authority-after-any-scheme, port-cut-at-non-digit,
     * ip-literal-not-ipv6-unbracketed: wget_iri_parse */
    {"authority-after-any-scheme", "parse", "http:h/p", NULL, HOST, "h"},
    {"authority-after-any-scheme", "parse", "http:h/p", NULL, PATH, "/p"},
    {"authority-after-any-scheme", "parse", "s:/h", NULL, HOST, "h"},
    {"authority-after-any-scheme", "parse", "s:///h/p", NULL, PATH, "/p"},
    {"authority-after-any-scheme", "parse", "s://h/p", NULL, PATH, "/p"},
    {"authority-after-any-scheme", "parse", "p/q", NULL, HOST, NULL},
    {"appendix-b-split,port-cut-at-non-digit", "parse", "//h:1a2/p", NULL, PORT,
     "1"},
    {"appendix-b-split,port-cut-at-non-digit", "parse", "//h:1a2/p", NULL, AUTH,
     "h:1"},
    {"appendix-b-split,port-cut-at-non-digit", "parse", "//h:a/p", NULL, PORT,
     NULL},
    {"port-cut-at-non-digit", "parse", "//h:08/p", NULL, PORT, "08"},
    {"port-cut-at-non-digit", "parse", "//h:/p", NULL, PORT, ""},
    {"appendix-b-split,ip-literal-not-ipv6-unbracketed", "parse", "//[1:ab]/p",
     NULL, HOST, "1:ab"},
    {"appendix-b-split,ip-literal-not-ipv6-unbracketed", "parse", "//[1:ab]/p",
     NULL, RFC3986_COMPONENT_HOST_TYPE, "reg-name"},
    {"ip-literal-not-ipv6-unbracketed", "parse", "//[v1.x]/p", NULL, HOST,
     "v1.x"},
    {"ip-literal-not-ipv6-unbracketed", "parse", "//[::1]/p", NULL, HOST,
     "[::1]"},
    /* bad-userinfo-in-host, port-of-empty-host-in-host,
     * fragment-cut-at-bad-octet: neon */
    {"appendix-b-split,bad-userinfo-in-host", "parse", "//a b@h/p", NULL, HOST,
     "a b@h"},
    {"appendix-b-split,bad-userinfo-in-host", "parse", "//a b@h/p", NULL, USER,
     NULL},
    {"bad-userinfo-in-host", "parse", "//a:%41@h/p", NULL, USER, "a:%41"},
    {"port-of-empty-host-in-host", "parse", "//u@:8/p", NULL, HOST, ":8"},
    {"port-of-empty-host-in-host", "parse", "//u@:8/p", NULL, PORT, NULL},
    {"port-of-empty-host-in-host", "parse", "//u@:8/p", NULL, AUTH, "u@:8"},
    {"port-of-empty-host-in-host", "parse", "//h:8/p", NULL, PORT, "8"},
    {"appendix-b-split,fragment-cut-at-bad-octet", "parse", "/p#a/?@%b c", NULL,
     FRAG, "a/?@%b"},
    {"appendix-b-split,fragment-cut-at-bad-octet", "parse", "/p#a#b", NULL,
     FRAG, "a"},
    /* empty-host-authority-dropped: libxml2 */
    {"empty-host-authority-dropped", "parse", "//u@:8/p", NULL, AUTH, NULL},
    {"empty-host-authority-dropped", "parse", "//u@:8/p", NULL, USER, NULL},
    {"empty-host-authority-dropped", "parse", "//u@:8/p", NULL, PORT, NULL},
    {"empty-host-authority-dropped", "parse", "//u@:8/p", NULL, PATH, "/p"},
    {"empty-host-authority-dropped", "parse", "//u@h:8/p", NULL, PORT, "8"},
    /* hostless-authority-dropped: yarl.URL; scheme-and-authority-dropped:
     * httpx's URL.join on a base without a host */
    {"hostless-authority-dropped", "parse", "//:8/p", NULL, AUTH, NULL},
    {"empty-authority-dropped", "parse", "s:///p", NULL, HOST, NULL},
    {"empty-authority-dropped", "parse", "//:/p", NULL, AUTH, ":"},
    {"hostless-authority-dropped", "parse", "//:8/p", NULL, PORT, NULL},
    {"hostless-authority-dropped", "parse", "s://u@:8/p", NULL, PORT, "8"},
    {"scheme-and-authority-dropped", "parse", "a://h/p", NULL, SCHEME, NULL},
    {"scheme-and-authority-dropped", "resolve", "//h/p?q", "a:/b", OUT, "/p?q"},
    {"empty-port-unset", "parse", "//h:/p", NULL, PORT, NULL},
    {"empty-port-unset", "parse", "//h:/p", NULL, AUTH, "h:"},
    /* last-dot-dot-kept, empty-base-path-merged-bare: werkzeug's url_join */
    {"last-dot-dot-kept", "resolve", "a/..", "http://a/b/c/d;p?q", OUT,
     "http://a/b/c/a/.."},
    {"last-dot-dot-kept", "resolve", "/../a", "http://h/", OUT, "http://h/a"},
    {"last-dot-dot-kept", "resolve", "b/./../x", "http://h/", OUT,
     "http://h/x"},
    {"empty-base-path-merged-bare", "resolve", "..", "http://a", OUT,
     "http://a"},
    {"empty-base-path-merged-bare", "resolve", "a/b", "http://a", OUT,
     "http://a/a/b"},
    /* controls-as-underscore: PHP's parse_url */
    {"controls-as-underscore,bad-scheme-as-path", "parse",
     "\x01"
     "a:b",
     NULL, PATH, "_a:b"},
    {"controls-as-underscore", "parse", "s://h/p#a\x7f\tb", NULL, FRAG, "a__b"},
    /* path-pchar-pct-decoded: furl's path, decoded and quoted again */
    {"path-pchar-pct-decoded", "parse", "http://h/%2a%2f%41%e9?%2a", NULL, PATH,
     "/*%2FA%E9"},
    {"path-pchar-pct-decoded", "parse", "http://h/%2a%2f%41%e9?%2a", NULL,
     QUERY, "%2a"},
    /* pct-encode-sets-by-component (PSETS): the URL Standard's sets */
    {PSETS, "parse", "s://a^b:c:d@h/p^{}|?q'^`#f`^", NULL, USER, "a%5Eb:c%3Ad"},
    {PSETS, "parse", "s://a^b:c:d@h/p^{}|?q'^`#f`^", NULL, PATH,
     "/p%5E%7B%7D|"},
    {PSETS, "parse", "s://a^b:c:d@h/p^{}|?q'^`#f`^", NULL, QUERY, "q'^`"},
    {PSETS, "parse", "s://a^b:c:d@h/p^{}|?q'^`#f`^", NULL, FRAG, "f%60^"},
    {PSETS, "parse", "http://h/?q'<", NULL, QUERY, "q%27%3C"},
    {PSETS, "parse", "s:a^b\x01 \xc3", NULL, PATH, "a^b%01 %C3"},
    /* port-digits-only (PORTD): a port cut at its first non-digit */
    {PORTD, "parse", "s://u:v@h:1a:2/p", NULL, PORT, "1"},
    {PORTD, "parse", "s://u:v@h:1a:2/p", NULL, HOST, "h"},
    {PORTD, "parse", "s://u:v@h:1a:2/p", NULL, USER, "u:v"},
    {PORTD, "parse", "s://u:v@h:1a:2/p", NULL, PATH, "a:2/p"},
    {PORTD, "parse", "s://[::1]:8x", NULL, PORT, "8"},
    {PORTD, "parse", "s://[::1]:8x", NULL, PATH, "x"},
    {PORTD, "parse", "s://h:x/p", NULL, PORT, ""},
    {PORTD, "parse", "s://h:12/p", NULL, PORT, "12"},
    /* ipv4-leading-zeros-dropped: decimal, not octal */
    {IPV4Z, "parse", "http://060.01.1.001/", NULL, HOST, "60.1.1.1"},
    {IPV4Z, "parse", "http://060.1.1/", NULL, HOST, "060.1.1"},
    {IPV4Z, "parse", "http://060.1.1.256/", NULL, HOST, "060.1.1.256"},
    {PSETS, "parse",
     "s://a\x02"
     "b\x7f/",
     NULL, HOST, "a%02b%7F"},
    {PSETS, "parse",
     "http://a\x02"
     "b/",
     NULL, HOST,
     "a\x02"
     "b"},
    /* url-parse: network-path-as-path-host-empty (NPHE),
     * base-without-authority-not-merged (BWANM),
     * userinfo-uri-component-recoded (UIRC) */
    {NPHE, "parse", "//h/p?q", NULL, PATH, "//h/p"},
    {NPHE, "parse", "//h/p?q", NULL, HOST, ""},
    {NPHE, "parse", "//h/p?q", NULL, QUERY, "q"},
    {NPHE, "parse", "s://h/p", NULL, HOST, "h"},
    {BWANM, "resolve", "./a?q", "s:/b/c?x", OUT, "s:./a?q"},
    {BWANM, "resolve", "", "s:/b/c?x", OUT, "s:"},
    {BWANM, "resolve", "./a", "s://h/b/c", OUT, "s://h/b/a"},
    {BWANM, "resolve", "t:./a", "s:/b/c", OUT, "t:a"},
    {UIRC, "parse", "s://a,b:@h/", NULL, USER, "a%2Cb"},
    {UIRC, "parse", "s://a%41(:%7e$@h/", NULL, USER, "aA(:~%24"},
    {UIRC, "parse", "s://:p@h/", NULL, USER, ":p"},
    /* uri-js: pct-encode-outside-component-rule (PEOR),
     * scheme-non-scheme-octets-removed, ipv6-first-zero-run-compressed */
    {PEOR, "parse", ":a b[?x[#]", NULL, PATH, "%3Aa%20b%5B"},
    {PEOR, "parse", "s:a:b[?x[#]", NULL, PATH, "a:b%5B"},
    {PEOR, "parse", "s://u[@h/?x[#]", NULL, USER, "u%5B"},
    {PEOR, "parse", ":a b[?x[#]", NULL, QUERY, "x%5B"},
    {"appendix-b-split,scheme-non-scheme-octets-removed", "parse", "a$(b:c",
     NULL, SCHEME, "ab"},
    {"ipv6-first-zero-run-compressed", "parse", "s://[1:0:0:2:0:0:0:3]/", NULL,
     HOST, "[1:0:0:2::3]"},
    {"ipv6-first-zero-run-compressed", "parse", "s://[1:AB::0]/", NULL, HOST,
     "[1:ab::]"},
    {"ipv6-first-zero-run-compressed", "parse", "s://[::1:2:3:4:5:6:7]/", NULL,
     HOST, "[:1:2:3:4:5:6:7]"},
    /* URI.js: no-authority-base-merged-at-root */
    {"no-authority-base-merged-at-root", "resolve", "a/./b", "s:/c/d", OUT,
     "s:/a/b"},
    {"no-authority-base-merged-at-root", "resolve", "a", "s://h/c/d", OUT,
     "s://h/c/a"},
    /* Node's legacy url.parse and url.resolve: host-cut-at-non-hostname-
     * octet (HCUT), autoescape-set-pct-encoded, dot-segments-spliced */
    {"dot-segments-spliced", "resolve", "../../d", "a:b/c", OUT, "a:d"},
    {HCUT, "parse", "s://a]b:8/p", NULL, HOST, "a"},
    {HCUT, "parse", "s://a]b:8/p", NULL, PORT, "8"},
    {HCUT, "parse", "s://a]b:8/p", NULL, PATH, "/]b/p"},
    {"appendix-b-split,autoescape-set-pct-encoded", "parse", "/a'b\x01?{#|",
     NULL, PATH, "/a%27b\x01"},
    {HCUT, "parse", "s://A%2DB/", NULL, PATH, "%2DB/"},
    {HCUT, "parse", "s://u@[::1]", NULL, PATH, "/"},
    {HCUT, "parse", "s://h:1*2/p", NULL, PATH, "/:1*2/p"},
    {HCUT, "parse", "s://h:1*2/p", NULL, PORT, NULL},
    {"appendix-b-split,autoescape-set-pct-encoded", "parse", "/a'b\x01?{#|",
     NULL, FRAG, "%7C"},
    {"appendix-b-split,host-cut-at-colon", "parse", "s://a]b:1x/p", NULL, HOST,
     "a]b"},
    {"appendix-b-split,host-cut-at-colon", "parse", "s://a]b:1x/p", NULL, PATH,
     "/:1x/p"},
    {"dot-segments-spliced", "resolve", "a//.", "http://a/b/c", OUT,
     "http://a/b/a/"},
    {"dot-segments-spliced", "resolve", "/..//b", "http://a/b/c", OUT,
     "http://a/b"},
    /* host-lowercased-to-first-pct: Python's urllib hostname */
    {"host-lowercased-to-first-pct", "parse", "//U@A%4aB:8/", NULL, HOST,
     "a%4aB"},
    {"host-lowercased-to-first-pct", "parse", "//U@A%4aB:8/", NULL, AUTH,
     "U@a%4aB:8"},
    {"host-lowercased-to-first-pct", "parse", "//AB/", NULL, HOST, "ab"},
    /* invalid-utf8-read-empty, root-popped-by-dot-dot,
     * host-lowercased-as-string, port-after-last-colon: Guzzle's Uri */
    {"invalid-utf8-read-empty", "resolve", "c\xe9", "http://a/b", OUT,
     "http://a/b"},
    {"invalid-utf8-read-empty", "parse", "s://h/a\xe9", NULL, SCHEME, NULL},
    {"invalid-utf8-read-empty,appendix-b-split", "parse", "s://h/\xc3\xa9",
     NULL, HOST, "h"},
    {"root-popped-by-dot-dot", "normalize", "http://h/../a/.", NULL, OUT,
     "http://h/a"},
    {"root-popped-by-dot-dot", "normalize", "http://h/a/b/..", NULL, OUT,
     "http://h/a/"},
    {"root-popped-by-dot-dot", "resolve", "..//b", "http://a", OUT,
     "http://a/b"},
    {"host-lowercased-as-string", "normalize", "HTTP://A%4AB/%7e", NULL, OUT,
     "http://a%4ab/~"},
    {"port-after-last-colon", "parse", "//u@[::1]/p", NULL, HOST, "[:"},
    {"port-after-last-colon", "parse", "//u@[::1]/p", NULL, PORT, "1]"},
    {"port-after-last-colon,port-cut-at-non-digit", "parse", "//[::1]/p", NULL,
     AUTH, "[::1"},
    {"port-after-last-colon", "parse", "//h/p", NULL, PORT, NULL},
    /* path-pct-bad-utf8-replaced: furl's path, unquoted as UTF-8 */
    {"path-pct-bad-utf8-replaced", "parse", "s:/%E9%C3%A9%E9%80", NULL, PATH,
     "/%EF%BF%BD%C3%A9%EF%BF%BD"},
    {"path-pct-bad-utf8-replaced", "parse", "s:/%E2%82%AC%41", NULL, PATH,
     "/%E2%82%AC%41"},
    /* network-path-implied, rootless-path-rooted: urllib3's parse_url */
    {"network-path-implied", "parse", "p/q", NULL, HOST, "p"},
    {"network-path-implied", "parse", "p/q", NULL, PATH, "/q"},
    {"network-path-implied", "parse", "a.b:8/q", NULL, PORT, "8"},
    {"network-path-implied", "parse", "a+b:8/q", NULL, HOST, NULL},
    {"network-path-implied", "parse", "/q", NULL, HOST, NULL},
    {"rootless-path-rooted", "parse", "s:p", NULL, PATH, "/p"},
    {"rootless-path-rooted", "parse", "//h?q", NULL, PATH, ""},
    /* dot-segments-by-part-list, pct-decoded-as-text: boltons' URL */
    {"dot-segments-by-part-list", "normalize", "http://h/../a/.", NULL, OUT,
     "http://h/a/"},
    {"dot-segments-by-part-list,empty-base-path-merged-bare", "resolve",
     "..//b", "http://a", OUT, "http://a/b"},
    {"dot-segments-by-part-list,empty-base-path-merged-bare", "resolve", "a/..",
     "http://a", OUT, "http://a"},
    {"pct-decoded-as-text", "parse", "s:/%41%2F%e9%C3%A9?%26%20#%23", NULL,
     PATH, "/A%2F\xef\xbf\xbd\xc3\xa9"},
    {"pct-decoded-as-text", "parse", "s:/%41%2F%e9%C3%A9?%26%20#%23", NULL,
     QUERY, "%26 "},
    {"pct-decoded-as-text", "parse", "s:/%41%2F%e9%C3%A9?%26%20#%23", NULL,
     FRAG, "%23"},
    /* dot-segments-by-split: rfc3986's remove_dot_segments */
    {"dot-segments-by-split", "resolve", "/../", "http://a/b", OUT, "http://a"},
    {"dot-segments-by-split", "resolve", "./..//b", "http://a", OUT,
     "http://a/b"},
    {"dot-segments-by-split", "normalize", "http://h/a/b/..", NULL, OUT,
     "http://h/a/"},
    /* latin1-as-utf8-pct-encoded: Mojo::Path's to_string */
    {"appendix-b-split,latin1-as-utf8-pct-encoded", "parse",
     "s://h\xe9/a\x95 \xc3\xa9?\xe9", NULL, PATH, "/a%C2%95%20%C3%83%C2%A9"},
    {"appendix-b-split,latin1-as-utf8-pct-encoded", "parse", "s://h\xe9/?\xe9",
     NULL, QUERY, "%C3%A9"},
    {"appendix-b-split,latin1-as-utf8-pct-encoded", "parse", "s://h\xe9/", NULL,
     HOST, "h\xe9"},
    /* last-dot-dot-pops-kept-dot-dot (DDPOP): Boost.URL's remove_dot_segments */
    {DDPOP, "resolve", "/../../..", "http://a/b", OUT, "http://a/../"},
    {DDPOP, "resolve", "/../..", "http://a/b", OUT, "http://a/"},
    {DDPOP, "normalize", "http://h/../a/..", NULL, OUT, "http://h/../"},
    {"dot-dot-above-root-kept", "resolve", "/../../..", "http://a/b", OUT,
     "http://a/../../.."},
    /* authority-ends-at-bad-octet (ABAD): Boost.URL's authority grammar */
    {ABAD, "parse", "http://a@b@c/p", NULL, USER, "a"},
    {ABAD, "parse", "http://a@b@c/p", NULL, HOST, "b"},
    {ABAD, "parse", "http://a@b@c/p", NULL, PATH, "@c/p"},
    {ABAD, "parse", "s://h:1a:2/p", NULL, PORT, "1"},
    {ABAD, "parse", "s://h:1a:2/p", NULL, PATH, "a:2/p"},
    {ABAD, "parse", "http://u@@h/", NULL, HOST, ""},
    {ABAD, "parse", "http://1.2.3.4:5:6/", NULL, RFC3986_COMPONENT_HOST_TYPE,
     "IPv4address"},
    {ABAD, "parse", "s://u:v@h:8/p", NULL, AUTH, "u:v@h:8"},
    {ABAD, "parse", "s://a^b@h/p", NULL, HOST, "a"},
    {ABAD, "parse", "s://a^b@h/p", NULL, PATH, "^b@h/p"},
    /* authority-form, port-not-u16-unset: http::Uri */
    {"authority-form", "parse", "h:80", NULL, HOST, "h"},
    {"authority-form", "parse", "h:80", NULL, PORT, "80"},
    {"authority-form", "parse", "s://h/p", NULL, HOST, "h"},
    {"authority-form", "parse", "/p", NULL, AUTH, NULL},
    {"authority-form,appendix-b-split,port-not-u16-unset", "parse", "a:b", NULL,
     AUTH, "a:b"},
    {"authority-form,appendix-b-split,port-not-u16-unset", "parse", "a:b", NULL,
     PORT, NULL},
    {"port-not-u16-unset", "parse", "//h:65536/", NULL, PORT, NULL},
    {"port-not-u16-unset", "parse", "//h:/", NULL, AUTH, "h:"},
    {"port-not-u16-unset", "parse", "//h:065535/", NULL, PORT, "065535"},
    /* root-dot-dot-drops-empty-segment (RDD): Go's resolvePath */
    {RDD, "resolve", "/..//a", "http://h/b", OUT, "http://h/a"},
    {RDD, "resolve", "/a/..//b", "http://h/b", OUT, "http://h//b"},
    {RDD, "resolve", "..//a", "http://h", OUT, "http://h/a"},
    {RDD, "resolve", "a/./b/..", "http://h/c", OUT, "http://h/a/"},
    {RDD, "resolve", "../../g", "http://h/b/c/d", OUT, "http://h/g"},
    {"userinfo-pct-decoded", "parse", "//a%3Ab@h/", NULL, USER, "a:b"},
    {"userinfo-pct-decoded", "parse", "//a%3Ab@h%41/", NULL, HOST, "h%41"},
    /* ipv6-canonical-if-shorter: curl's ipv6_parse */
    {"ipv6-canonical-if-shorter", "parse", "//[1:0:0::0]/", NULL, HOST,
     "[1::]"},
    {"ipv6-canonical-if-shorter", "parse", "//[1:2:3:4:5:6:7:AB]/", NULL, HOST,
     "[1:2:3:4:5:6:7:AB]"},
    /* ip-literal-starts-path: Spring's URI_PATTERN */
    {"appendix-b-split,ip-literal-starts-path", "parse", "s://[v1.x]:8/p", NULL,
     PATH, "[v1.x]:8/p"},
    {"appendix-b-split,ip-literal-starts-path", "parse", "s://[v1.x]:8/p", NULL,
     HOST, ""},
    /* last-dot-dot-slash-dropped, leading-double-slash-collapsed: QUrl */
    {"last-dot-dot-slash-dropped", "normalize", "http://h/a/b/..", NULL, OUT,
     "http://h/a"},
    {"last-dot-dot-slash-dropped", "normalize", "http://h/a/b/.", NULL, OUT,
     "http://h/a/b/"},
    {"leading-double-slash-collapsed", "normalize", "http://h///a", NULL, OUT,
     "http://h//a"},
    {"leading-double-slash-collapsed", "normalize", "http://h/.//a", NULL, OUT,
     "http://h//a"},
    /* path-segments-rejoined: Poco::URI::removeDotSegments */
    {"path-segments-rejoined", "normalize", "http://h/a//.", NULL, OUT,
     "http://h/a"},
    {"path-segments-rejoined", "normalize", "http://h/.", NULL, OUT,
     "http://h"},
    {"path-segments-rejoined", "normalize", "http://h//a/../b/", NULL, OUT,
     "http://h/b/"},
    {"path-segments-rejoined", "normalize", "http://h////", NULL, OUT,
     "http://h/"},
    /* dot-segments-paired: libsoup 2's remove_dot_segments */
    {"dot-segments-paired", "resolve", "..//../..", "http://a/b/c/d;p?q", OUT,
     "http://a/b//../.."},
    {"dot-segments-paired", "resolve", "/.", "http://a/b", OUT, "http://a/."},
    {"dot-segments-paired", "resolve", "../../g", "http://a/b/c/d", OUT,
     "http://a/g"},
    /* ipv6-url-serialized: the URL Standard's IPv6 serializer */
    {"ipv6-url-serialized", "parse", "http://[::FFFF:1.2.3.4]/", NULL, HOST,
     "[::ffff:102:304]"},
    {"ipv6-url-serialized", "parse", "http://[1:0:0:2:0:0:0:3]/", NULL, HOST,
     "[1:0:0:2::3]"},
    {"ipv6-url-serialized", "parse", "http://[::ab:FFF]/", NULL, HOST,
     "[::ab:fff]"},
    /* whitespace-trimmed: GLib's and libsoup's clean-up */
    {"whitespace-trimmed", "parse", " \x0bs://h/a\n\f", NULL, PATH, "/a"},
    {"whitespace-trimmed,appendix-b-split,bad-scheme-as-path", "parse",
     " \x01a:b", NULL, PATH, "\x01a:b"},
};

/* The prediction of the transforms named in NAMES (comma separated) */
static int prediction_of(const char *names, struct prediction *p) {
  char buf[256];
  p->reject = 0;
  p->mask = (struct tmask){{0}};
  snprintf(buf, sizeof buf, "%s", names);
  for (char *t = strtok(buf, ","); t; t = strtok(NULL, ",")) {
    int i = transform_named(t);
    if (i < 0)
      return -1;
    tmask_add(&p->mask, i);
  }
  return 0;
}

static int prow_check(const struct prow *t, size_t k) {
  struct prediction p;
  struct adapter_reading got;
  reading_init(&got);
  int rc = prediction_of(t->transforms, &p);
  if (rc == 0)
    rc = predict_answer(&p, t->op, t->in, strlen(t->in), t->base,
                        t->base ? strlen(t->base) : 0, &got);
  const struct value *v = t->comp == OUT ? &got.output : &got.comp[t->comp];
  const char *g = v->state == VALUE_OCTETS ? v->s : NULL;
  size_t gn = v->state == VALUE_OCTETS ? v->len : 0;
  int ok =
      rc == 0 && got.valid &&
      (t->want ? g && gn == strlen(t->want) && !memcmp(g, t->want, gn) : !g);
  printf("%s %zu - %s on %s%s%s: %.*s\n", ok ? "ok" : "not ok", k,
         t->transforms, t->in, t->base ? " against " : "",
         t->base ? t->base : "", g ? (int)gn : 4, g ? g : "null");
  reading_free(&got);
  return !ok;
}

size_t transform_rows(void) {
  return sizeof prows / sizeof prows[0];
}

int transform_rows_check(size_t first) {
  int failed = 0;
  for (size_t i = 0; i < transform_rows(); i++)
    failed += prow_check(&prows[i], first + i);
  return failed;
}
