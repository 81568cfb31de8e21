/*
 * test_octets.c: every one of the 256 octet values in every component
 * position, with the verdict taken from the ABNF character sets written out
 * here by hand (RFC 3986 2.2, 2.3, 3.1-3.5, Appendix A), not from the
 * library's own classes.
 *
 * Each position is a template "PREFIX c SUFFIX" parsed as a URI-reference;
 * the octet is accepted in that position when the parse is valid and the
 * component holds exactly the text the template put there.  That rules out
 * the octet being read as a delimiter of some other component.
 */
#include <stdio.h>
#include <string.h>

#include "rfc3986.h"
#include "unit.h"

#define ALPHA "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
#define DIGIT "0123456789"
#define UNRESERVED ALPHA DIGIT "-._~"
#define SUB_DELIMS "!$&'()*+,;="
#define PCHAR UNRESERVED SUB_DELIMS ":@"

enum component { SCHEME, USERINFO, HOST, PORT, PATH, QUERY, FRAGMENT };

static const struct {
  const char *position;
  const char *prefix, *suffix; /* the octet goes between them */
  enum component component;
  const char *want_prefix, *want_suffix; /* the component's text around it */
  const char *allowed;                   /* octets the ABNF allows there */
} positions[] = {
    /* 3.1 scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) */
    {"scheme-first", "", "a://h/", SCHEME, "", "a", ALPHA},
    {"scheme-later", "a", "b://h/", SCHEME, "a", "b", ALPHA DIGIT "+-."},
    /* 3.2.1 userinfo = *( unreserved / pct-encoded / sub-delims / ":" ) */
    {"userinfo", "s://u", "v@h/", USERINFO, "u", "v",
     UNRESERVED SUB_DELIMS ":"},
    /* 3.2.2 reg-name = *( unreserved / pct-encoded / sub-delims ) */
    {"reg-name", "s://a", "b/", HOST, "a", "b", UNRESERVED SUB_DELIMS},
    /* 3.2.3 port = *DIGIT */
    {"port", "s://h:1", "2/", PORT, "1", "2", DIGIT},
    /* 3.3 path-abempty = *( "/" segment ), segment = *pchar */
    {"segment", "s://h/a", "b", PATH, "/a", "b", PCHAR "/"},
    /* 3.3 path-rootless = segment-nz *( "/" segment ) */
    {"segment-nz", "s:a", "b", PATH, "a", "b", PCHAR "/"},
    /* 4.2 path-noscheme: segment-nz-nc =
     *   1*( unreserved / pct-encoded / sub-delims / "@" ), then "/" */
    {"segment-nz-nc", "a", "b/c", PATH, "a", "b/c", UNRESERVED SUB_DELIMS "@/"},
    /* 3.4 query = *( pchar / "/" / "?" ) */
    {"query", "s://h/?a", "b", QUERY, "a", "b", PCHAR "/?"},
    /* 3.5 fragment = *( pchar / "/" / "?" ) */
    {"fragment", "s://h/#a", "b", FRAGMENT, "a", "b", PCHAR "/?"},
    /* 3.2.2 IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" ) */
    {"IPvFuture-tail", "s://[v1.a", "b]/", HOST, "[v1.a", "b]",
     UNRESERVED SUB_DELIMS ":"},
};

static rfc3986_span component(const rfc3986_uri *u, enum component c) {
  switch (c) {
  case SCHEME:
    return u->scheme;
  case USERINFO:
    return u->userinfo;
  case HOST:
    return u->host;
  case PORT:
    return u->port;
  case PATH:
    return u->path;
  case QUERY:
    return u->query;
  case FRAGMENT:
    return u->fragment;
  }
  return u->path;
}

/*
 * "%" is in no set but pct-encoded = "%" HEXDIG HEXDIG (2.1, 2.4), so at
 * every position a malformed triplet is rejected, where the input goes on
 * and where it ends; a well-formed one is accepted where the component
 * takes pct-encoded (all but scheme and port) and, at the end of the input,
 * in the components that run to the end.  Parsed as is and traced (the
 * library's octet-at-a-time path), with the same verdicts.
 */
static void pct_positions(void) {
  static const struct {
    const char *text;
    int valid;
  } triplets[] = {{"%41", 1}, {"%4f", 1}, {"%4", 0},
                  {"%", 0},   {"%4z", 0}, {"%z4", 0}};
  size_t k, t, end, traced;
  for (k = 0; k < sizeof positions / sizeof positions[0]; k++) {
    enum component c = positions[k].component;
    int takes_pct = c != SCHEME && c != PORT &&
                    strcmp(positions[k].position, "IPvFuture-tail") != 0;
    int runs_to_end = c == PATH || c == QUERY || c == FRAGMENT;
    for (t = 0; t < sizeof triplets / sizeof triplets[0]; t++) {
      for (end = 0; end < 2; end++) {
        for (traced = 0; traced < 2; traced++) {
          char in[128], id[128];
          size_t len, count;
          rfc3986_trace_event ev[64];
          int accepted, want;
          len = (size_t)snprintf(in, sizeof in, "%s%s%s", positions[k].prefix,
                                 triplets[t].text, end ? "" : "z");
          if (!end)
            len += (size_t)snprintf(in + len, sizeof in - len, "%s",
                                    positions[k].suffix);
          accepted =
              (traced
                   ? rfc3986_parse_traced(in, len, RFC3986_RULE_URI_reference,
                                          NULL, NULL, ev, 64, &count)
                   : rfc3986_parse(in, len, RFC3986_RULE_URI_reference, NULL,
                                   NULL)) == RFC3986_OK;
          want = triplets[t].valid && takes_pct && (!end || runs_to_end);
          snprintf(id, sizeof id, "pct.%s.%s%s%s", positions[k].position,
                   triplets[t].text, end ? ".at-end" : "",
                   traced ? ".traced" : "");
          if (!want && triplets[t].valid && (end || takes_pct))
            continue; /* the verdict is the template's, not the triplet's */
          unit_check(accepted == want, id, "input \"%s\": want %s, got %s",
                     unit_show(in, len), want ? "accepted" : "rejected",
                     accepted ? "accepted" : "rejected");
        }
      }
    }
  }
}

/*
 * Each template is also run with PAD octets (valid around the octet in
 * that component) before and after the octet, NB before it for NB = 0..16
 * (0 only for the first octet of a scheme) and 20 after, so that the octet is read at every position of a 16-octet
 * block of the library's vectorized scan as well as by its octet-at-a-time
 * tail.
 */
int main(void) {
  size_t k;
  for (k = 0; k < sizeof positions / sizeof positions[0]; k++) {
    unsigned octet;
    char pad = positions[k].component == PORT ? '1' : 'z'; /* not a HEXDIG */
    size_t variants = positions[k].prefix[0] == '\0'
                          ? 2
                          : 18; /* scheme-first: no pad before */
    for (octet = 0; octet < 256; octet++) {
      size_t v;
      for (v = 0; v < variants; v++) { /* v = 0: as written; else NB = v - 1 */
        char in[128], want[128], id[96];
        size_t len, wlen, nb = v == 0 ? 0 : v - 1, na = v == 0 ? 0 : 20;
        rfc3986_uri uri;
        rfc3986_span s;
        int allowed = octet != 0 && strchr(positions[k].allowed, (int)octet);
        int accepted;
        len = (size_t)snprintf(in, sizeof in, "%s", positions[k].prefix);
        wlen =
            (size_t)snprintf(want, sizeof want, "%s", positions[k].want_prefix);
        memset(in + len, pad, nb);
        memset(want + wlen, pad, nb);
        len += nb;
        wlen += nb;
        in[len++] = (char)octet;
        want[wlen++] = (char)octet;
        memset(in + len, pad, na);
        memset(want + wlen, pad, na);
        len += na;
        wlen += na;
        len += (size_t)snprintf(in + len, sizeof in - len, "%s",
                                positions[k].suffix);
        wlen += (size_t)snprintf(want + wlen, sizeof want - wlen, "%s",
                                 positions[k].want_suffix);
        accepted = rfc3986_parse(in, len, RFC3986_RULE_URI_reference, &uri,
                                 NULL) == RFC3986_OK;
        if (accepted) {
          s = component(&uri, positions[k].component);
          accepted = rfc3986_span_defined(s) && s.length == wlen &&
                     memcmp(in + s.offset, want, wlen) == 0;
        }
        if (v == 0)
          snprintf(id, sizeof id, "octet.%s.0x%02x", positions[k].position,
                   octet);
        else
          snprintf(id, sizeof id, "octet.%s.0x%02x.pad%zu",
                   positions[k].position, octet, nb);
        unit_check(accepted == allowed, id, "input \"%s\": want %s, got %s",
                   unit_show(in, len), allowed ? "accepted" : "rejected",
                   accepted ? "accepted" : "rejected");
      }
    }
  }
  pct_positions();
  return unit_report();
}
