/*
 * rules.c: the rules of RFC 3986 Appendix A, one function each, with the
 * ABNF quoted above it.  See grammar.h for the shape of a rule function.
 *
 * Two rules of thumb keep the error offset exact (DESIGN.md: the longest
 * prefix that can still be completed):
 * - an octet is read (rfc3986__at) only when the octets before it are a
 *   prefix that the grammar can still complete, and
 * - a rule stops without reading the next octet only where no octet could
 *   extend its match.
 */
#include <string.h>

#include "grammar.h"

#define at rfc3986__at
#define NOMATCH RFC3986__NOMATCH

/* Appendix A: pct-encoded = "%" HEXDIG HEXDIG  (2.1) */
size_t rule_pct_encoded(struct rfc3986__parser *p, size_t pos) {
  RULE_ENTER(p, RFC3986_RULE_pct_encoded, pos);
  if (at(p, pos) != '%' || !is_HEXDIG(at(p, pos + 1)) ||
      !is_HEXDIG(at(p, pos + 2)))
    RULE_LEAVE(p, pos, NOMATCH);
  RULE_LEAVE(p, pos, pos + 3);
}

/* Index (1-based) of octet C in the alternatives ALTS, or 0. */
static int octet_alternative(int c, const char *alts) {
  int k;
  for (k = 0; c > 0 && alts[k]; k++)
    if (alts[k] == c)
      return k + 1;
  return 0;
}

/* *( octets of the classes MASK / pct-encoded ), from I: the shape of
 * userinfo, reg-name and segment-nz-nc. */
/* Whether a rule may take octets in bulk: not when tracing, where every
 * rule function's match is reported, nor in the rule-coverage build. */
static int in_bulk(const struct rfc3986__parser *p) {
#ifdef RFC3986_RULE_COVERAGE
  (void)p;
  return 0;
#else
  return !p->tracing;
#endif
}

RFC3986__ALWAYS_INLINE size_t octets_or_pct_encoded(struct rfc3986__parser *p,
                                                    size_t i, unsigned mask) {
  size_t e;
  for (;;) {
    i = rfc3986__scan(p, i, mask);
    if (i >= p->len || p->s[i] != '%')
      return i;
    if (in_bulk(p) && i + 2 < p->len && is_HEXDIG(p->s[i + 1]) &&
        is_HEXDIG(p->s[i + 2]))
      i += 3; /* pct-encoded, checked in place; the scan reads past it */
    else if ((e = rule_pct_encoded(p, i)) != NOMATCH)
      i = e;
    else
      return i;
  }
}

/* 2.3: unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~" */
size_t rule_unreserved(struct rfc3986__parser *p, size_t pos) {
  int c;
  RULE_ENTER(p, RFC3986_RULE_unreserved, pos);
  c = at(p, pos);
  if (!is_unreserved(c))
    RULE_LEAVE(p, pos, NOMATCH);
  COVER_ALTERNATIVE(RFC3986_RULE_unreserved,
                    is_ALPHA(c)   ? 1
                    : is_DIGIT(c) ? 2
                                  : 2 + octet_alternative(c, "-._~"));
  RULE_LEAVE(p, pos, pos + 1);
}

/* 2.2: reserved = gen-delims / sub-delims */
size_t rule_reserved(struct rfc3986__parser *p, size_t pos) {
  int c;
  RULE_ENTER(p, RFC3986_RULE_reserved, pos);
  c = at(p, pos);
  if (!is_gen_delims(c) && !is_sub_delims(c))
    RULE_LEAVE(p, pos, NOMATCH);
  COVER_ALTERNATIVE(RFC3986_RULE_reserved, is_gen_delims(c) ? 1 : 2);
  RULE_LEAVE(p, pos, pos + 1);
}

/* 2.2: gen-delims = ":" / "/" / "?" / "#" / "[" / "]" / "@" */
size_t rule_gen_delims(struct rfc3986__parser *p, size_t pos) {
  int k;
  RULE_ENTER(p, RFC3986_RULE_gen_delims, pos);
  k = octet_alternative(at(p, pos), ":/?#[]@");
  COVER_ALTERNATIVE(RFC3986_RULE_gen_delims, k);
  RULE_LEAVE(p, pos, k ? pos + 1 : NOMATCH);
}

/* 2.2: sub-delims = "!" / "$" / "&" / "'" / "(" / ")"
 *                 / "*" / "+" / "," / ";" / "=" */
size_t rule_sub_delims(struct rfc3986__parser *p, size_t pos) {
  int k;
  RULE_ENTER(p, RFC3986_RULE_sub_delims, pos);
  k = octet_alternative(at(p, pos), "!$&'()*+,;=");
  COVER_ALTERNATIVE(RFC3986_RULE_sub_delims, k);
  RULE_LEAVE(p, pos, k ? pos + 1 : NOMATCH);
}

/* 3.3: pchar = unreserved / pct-encoded / sub-delims / ":" / "@" */
size_t rule_pchar(struct rfc3986__parser *p, size_t pos) {
  int c;
  size_t end;
  RULE_ENTER(p, RFC3986_RULE_pchar, pos);
  c = at(p, pos);
  if (is_unreserved(c) || is_sub_delims(c) || c == ':' || c == '@') {
    COVER_ALTERNATIVE(RFC3986_RULE_pchar, is_unreserved(c)   ? 1
                                          : is_sub_delims(c) ? 3
                                          : c == ':'         ? 4
                                                             : 5);
    end = pos + 1;
  } else if (c == '%' && (end = rule_pct_encoded(p, pos)) != NOMATCH) {
    COVER_ALTERNATIVE(RFC3986_RULE_pchar, 2);
  } else {
    end = NOMATCH;
  }
  RULE_LEAVE(p, pos, end);
}

/* 3.1: scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) */
size_t rule_scheme(struct rfc3986__parser *p, size_t pos) {
  RULE_ENTER(p, RFC3986_RULE_scheme, pos);
  if (!is_ALPHA(at(p, pos)))
    RULE_LEAVE(p, pos, NOMATCH);
  RULE_LEAVE(p, pos, rfc3986__scan(p, pos + 1, C_SCHEME));
}

/* 3.2.1: userinfo = *( unreserved / pct-encoded / sub-delims / ":" ) */
size_t rule_userinfo(struct rfc3986__parser *p, size_t pos) {
  RULE_ENTER(p, RFC3986_RULE_userinfo, pos);
  RULE_LEAVE(
      p, pos,
      octets_or_pct_encoded(p, pos, C_UNRESERVED | C_SUB_DELIMS | C_COLON));
}

/* 3.2.2: reg-name = *( unreserved / pct-encoded / sub-delims )
 * When authority has just matched userinfo from POS (and found no "@"
 * after it), those octets were read: userinfo = *( unreserved /
 * pct-encoded / sub-delims / ":" ), so reg-name ends at the first ":" of
 * them (no pct-encoded triplet holds one), or where userinfo ended. */
size_t rule_reg_name(struct rfc3986__parser *p, size_t pos) {
  size_t end;
  RULE_ENTER(p, RFC3986_RULE_reg_name, pos);
  if (p->userinfo_from == pos && in_bulk(p)) {
    const unsigned char *colon = memchr(p->s + pos, ':', p->userinfo_to - pos);
    end = colon ? (size_t)(colon - p->s) : p->userinfo_to;
    at(p, end); /* the octet that ends it, read before by userinfo */
  } else {
    end = octets_or_pct_encoded(p, pos, C_UNRESERVED | C_SUB_DELIMS);
  }
  RULE_LEAVE(p, pos, end);
}

/* 3.2.2: dec-octet = DIGIT                 ; 0-9
 *                  / %x31-39 DIGIT         ; 10-99
 *                  / "1" 2DIGIT            ; 100-199
 *                  / "2" %x30-34 DIGIT     ; 200-249
 *                  / "25" %x30-35          ; 250-255
 * The longest alternative that matches.  After "0", or after two digits
 * not starting with 1 or 2, no octet can extend the match, so none is read.
 */
size_t rule_dec_octet(struct rfc3986__parser *p, size_t pos) {
  int c0, c1, c2, alt;
  size_t end;
  RULE_ENTER(p, RFC3986_RULE_dec_octet, pos);
  c0 = at(p, pos);
  if (!is_DIGIT(c0))
    RULE_LEAVE(p, pos, NOMATCH);
  if (c0 == '0' || !is_DIGIT(c1 = at(p, pos + 1))) {
    COVER_ALTERNATIVE(RFC3986_RULE_dec_octet, 1);
    RULE_LEAVE(p, pos, pos + 1); /* DIGIT */
  }
  end = pos + 2; /* %x31-39 DIGIT */
  alt = 2;
  if (c0 == '1') {
    if (is_DIGIT(at(p, pos + 2)))
      end = pos + 3, alt = 3; /* "1" 2DIGIT */
  } else if (c0 == '2') {
    c2 = at(p, pos + 2);
    if (c1 >= '0' && c1 <= '4' && is_DIGIT(c2))
      end = pos + 3, alt = 4; /* "2" %x30-34 DIGIT */
    else if (c1 == '5' && c2 >= '0' && c2 <= '5')
      end = pos + 3, alt = 5; /* "25" %x30-35 */
  }
  COVER_ALTERNATIVE(RFC3986_RULE_dec_octet, alt);
  RULE_LEAVE(p, pos, end);
}

/* 3.2.2: IPv4address = dec-octet "." dec-octet "." dec-octet "." dec-octet */
size_t rule_IPv4address(struct rfc3986__parser *p, size_t pos) {
  size_t i = pos;
  int n;
  RULE_ENTER(p, RFC3986_RULE_IPv4address, pos);
  for (n = 0; n < 4; n++) {
    if (n > 0) {
      if (at(p, i) != '.')
        RULE_LEAVE(p, pos, NOMATCH);
      i++;
    }
    if ((i = rule_dec_octet(p, i)) == NOMATCH)
      RULE_LEAVE(p, pos, NOMATCH);
  }
  RULE_LEAVE(p, pos, i);
}

/* 3.2.2: h16 = 1*4HEXDIG  ; 16 bits of address represented in hexadecimal */
size_t rule_h16(struct rfc3986__parser *p, size_t pos) {
  size_t i = pos;
  RULE_ENTER(p, RFC3986_RULE_h16, pos);
  while (i - pos < 4 && is_HEXDIG(at(p, i)))
    i++;
  RULE_LEAVE(p, pos, i == pos ? NOMATCH : i);
}

/* 3.2.2: ls32 = ( h16 ":" h16 ) / IPv4address
 *        ; least-significant 32 bits of address
 * The longer alternative wins; the two part ways at the first separator. */
size_t rule_ls32(struct rfc3986__parser *p, size_t pos) {
  size_t mark = p->count, e1, e2;
  RULE_ENTER(p, RFC3986_RULE_ls32, pos);
  mark += (size_t)p->tracing;
  e1 = rule_h16(p, pos);
  if (e1 != NOMATCH)
    e1 = at(p, e1) == ':' ? rule_h16(p, e1 + 1) : NOMATCH;
  if (e1 != NOMATCH) {
    COVER_ALTERNATIVE(RFC3986_RULE_ls32, 1);
    RULE_LEAVE(p, pos, e1);
  }
  rfc3986__backtrack(p, mark);
  if ((e2 = rule_IPv4address(p, pos)) != NOMATCH)
    COVER_ALTERNATIVE(RFC3986_RULE_ls32, 2);
  RULE_LEAVE(p, pos, e2);
}

/*
 * 3.2.2, the optional head of the IPv6address alternatives 3 to 9,
 *     [ *N( h16 ":" ) h16 ] "::"
 * with at most MAX_H16 = N + 1 pieces; returns the offset after "::".
 * Pieces are taken while the octets after one are ":" and not "::".
 */
static size_t ipv6_head(struct rfc3986__parser *p, size_t pos, int max_h16) {
  size_t i = pos;
  int n;
  if (at(p, i) == ':' && at(p, i + 1) == ':')
    return i + 2;
  for (n = 1; n <= max_h16; n++) {
    if ((i = rule_h16(p, i)) == NOMATCH || at(p, i) != ':')
      return NOMATCH;
    if (at(p, i + 1) == ':')
      return i + 2;
    i++;
  }
  return NOMATCH;
}

/* N( h16 ":" ) from POS, or NOMATCH. */
static size_t ipv6_pieces(struct rfc3986__parser *p, size_t pos, int n) {
  for (; n > 0; n--) {
    if ((pos = rule_h16(p, pos)) == NOMATCH || at(p, pos) != ':')
      return NOMATCH;
    pos++;
  }
  return pos;
}

/*
 * 3.2.2: IPv6address =                            6( h16 ":" ) ls32
 *                    /                       "::" 5( h16 ":" ) ls32
 *                    / [               h16 ] "::" 4( h16 ":" ) ls32
 *                    / [ *1( h16 ":" ) h16 ] "::" 3( h16 ":" ) ls32
 *                    / [ *2( h16 ":" ) h16 ] "::" 2( h16 ":" ) ls32
 *                    / [ *3( h16 ":" ) h16 ] "::"    h16 ":"   ls32
 *                    / [ *4( h16 ":" ) h16 ] "::"              ls32
 *                    / [ *5( h16 ":" ) h16 ] "::"              h16
 *                    / [ *6( h16 ":" ) h16 ] "::"
 * Alternative K is rule_IPv6address_alt(p, pos, K); the rule is the
 * longest of the nine (inside an IP-literal only the longest can be
 * followed by "]").  Alternative 2 is alternative 3's shape with no head.
 */
static size_t rule_IPv6address_alt(struct rfc3986__parser *p, size_t pos,
                                   int k) {
  size_t i;
  if (k == 1)
    return (i = ipv6_pieces(p, pos, 6)) == NOMATCH ? NOMATCH : rule_ls32(p, i);
  if (k == 2)
    i = at(p, pos) == ':' && at(p, pos + 1) == ':' ? pos + 2 : NOMATCH;
  else
    i = ipv6_head(p, pos, k - 2);
  if (i == NOMATCH || k == 9)
    return i;
  if (k == 8)
    return rule_h16(p, i);
  if ((i = ipv6_pieces(p, i, 7 - k)) == NOMATCH)
    return NOMATCH;
  return rule_ls32(p, i);
}

size_t rule_IPv6address(struct rfc3986__parser *p, size_t pos) {
  size_t mark = p->count, best = NOMATCH, e;
  int k, best_k = 0;
  RULE_ENTER(p, RFC3986_RULE_IPv6address, pos);
  mark += (size_t)p->tracing;
  for (k = 1; k <= 9; k++) {
    rfc3986__backtrack(p, mark);
    e = rule_IPv6address_alt(p, pos, k);
    if (e != NOMATCH && (best == NOMATCH || e > best)) {
      best = e;
      best_k = k;
    }
  }
  if (best != NOMATCH)
    COVER_ALTERNATIVE(RFC3986_RULE_IPv6address, best_k);
  if (p->tracing && best != NOMATCH) { /* keep only the winner's events */
    rfc3986__backtrack(p, mark);
    rule_IPv6address_alt(p, pos, best_k);
  }
  RULE_LEAVE(p, pos, best);
}

/* 3.2.2: IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" ) */
size_t rule_IPvFuture(struct rfc3986__parser *p, size_t pos) {
  size_t i = pos + 1, start;
  int c;
  RULE_ENTER(p, RFC3986_RULE_IPvFuture, pos);
  c = at(p, pos);
  if (c != 'v' && c != 'V') /* ABNF strings are case-insensitive */
    RULE_LEAVE(p, pos, NOMATCH);
  for (start = i; is_HEXDIG(at(p, i)); i++)
    ;
  if (i == start || at(p, i) != '.')
    RULE_LEAVE(p, pos, NOMATCH);
  start = i + 1;
  i = rfc3986__scan(p, start, C_UNRESERVED | C_SUB_DELIMS | C_COLON);
  RULE_LEAVE(p, pos, i == start ? NOMATCH : i);
}

/* 3.2.2: IP-literal = "[" ( IPv6address / IPvFuture  ) "]"
 * The two alternatives part at the first octet: "v" is not a HEXDIG. */
size_t rule_IP_literal(struct rfc3986__parser *p, size_t pos) {
  size_t e;
  int c;
  RULE_ENTER(p, RFC3986_RULE_IP_literal, pos);
  if (at(p, pos) != '[')
    RULE_LEAVE(p, pos, NOMATCH);
  c = at(p, pos + 1);
  e = (c == 'v' || c == 'V') ? rule_IPvFuture(p, pos + 1)
                             : rule_IPv6address(p, pos + 1);
  if (e == NOMATCH || at(p, e) != ']')
    RULE_LEAVE(p, pos, NOMATCH);
  COVER_ALTERNATIVE(RFC3986_RULE_IP_literal, (c == 'v' || c == 'V') ? 2 : 1);
  RULE_LEAVE(p, pos, e + 1);
}

/* 3.2.2: host = IP-literal / IPv4address / reg-name
 * "If host matches the rule for IPv4address, then it should be considered
 * an IPv4 address literal and not a reg-name" (first-match-wins).  The
 * host ends where reg-name ends (its octets include IPv4address's); it is
 * an IPv4address when that rule matches all of it. */
size_t rule_host(struct rfc3986__parser *p, size_t pos) {
  size_t mark = p->count, after_v4, e4, er;
  rfc3986_host_type type;
  int c;
  RULE_ENTER(p, RFC3986_RULE_host, pos);
  mark += (size_t)p->tracing;
  if (at(p, pos) == '[' && (er = rule_IP_literal(p, pos)) != NOMATCH) {
    c = p->s[pos + 1];
    type = (c == 'v' || c == 'V') ? RFC3986_HOST_IPVFUTURE
                                  : RFC3986_HOST_IPV6ADDRESS;
  } else {
    rfc3986__backtrack(p, mark);
    /* IPv4address begins with a DIGIT: without one it cannot match (the
     * octet was read by the "[" test above; tracing and rule coverage
     * still see the failed attempt). */
    e4 = in_bulk(p) && !is_DIGIT(at(p, pos)) ? NOMATCH
                                             : rule_IPv4address(p, pos);
    after_v4 = p->count;
    er = rule_reg_name(p, pos);
    if (e4 == er) {
      type = RFC3986_HOST_IPV4ADDRESS;
      rfc3986__backtrack(p, after_v4);
    } else {
      type = RFC3986_HOST_REG_NAME;
      if (p->tracing) {
        rfc3986__backtrack(p, mark);
        rule_reg_name(p, pos);
      }
    }
  }
  COVER_ALTERNATIVE(RFC3986_RULE_host, type == RFC3986_HOST_IPV4ADDRESS ? 2
                                       : type == RFC3986_HOST_REG_NAME  ? 3
                                                                        : 1);
  p->uri->host = rfc3986__span(pos, er);
  p->uri->host_type = type;
  RULE_LEAVE(p, pos, er);
}

/* 3.2.3: port = *DIGIT */
size_t rule_port(struct rfc3986__parser *p, size_t pos) {
  RULE_ENTER(p, RFC3986_RULE_port, pos);
  RULE_LEAVE(p, pos, rfc3986__scan(p, pos, C_DIGIT));
}

/* 3.2: authority = [ userinfo "@" ] host [ ":" port ] */
size_t rule_authority(struct rfc3986__parser *p, size_t pos) {
  size_t mark = p->count, i;
  rfc3986_uri *u = p->uri;
  RULE_ENTER(p, RFC3986_RULE_authority, pos);
  mark += (size_t)p->tracing;
  i = rule_userinfo(p, pos);
  if (at(p, i) == '@') {
    u->userinfo = rfc3986__span(pos, i);
    i++;
  } else {
    rfc3986__backtrack(p, mark);
    u->userinfo = rfc3986__undefined();
    p->userinfo_from = pos; /* for rule_reg_name */
    p->userinfo_to = i;
    i = pos;
  }
  i = rule_host(p, i); /* never fails: reg-name may be empty */
  if (at(p, i) == ':') {
    size_t port = i + 1;
    i = rule_port(p, port);
    u->port = rfc3986__span(port, i);
  } else {
    u->port = rfc3986__undefined();
  }
  u->authority = rfc3986__span(pos, i);
  RULE_LEAVE(p, pos, i);
}

/*
 * *( pchar / EXTRA ) from I, EXTRA being octet classes ("/" and "?" in
 * query and fragment).  Tracing and rule coverage see one rule_pchar call
 * per pchar; otherwise the same octets are scanned in a loop, with only
 * pct-encoded checked by its rule, which is what makes parsing fast.
 */
static size_t pchars(struct rfc3986__parser *p, size_t i, unsigned extra) {
  size_t e;
  if (in_bulk(p))
    return octets_or_pct_encoded(p, i, C_PCHAR | extra);
  for (;;) {
    if (rfc3986__is(at(p, i), extra))
      i++;
    else if ((e = rule_pchar(p, i)) != NOMATCH)
      i = e;
    else
      return i;
  }
}

/* 3.3: segment = *pchar */
size_t rule_segment(struct rfc3986__parser *p, size_t pos) {
  RULE_ENTER(p, RFC3986_RULE_segment, pos);
  RULE_LEAVE(p, pos, pchars(p, pos, 0));
}

/* 3.3: segment-nz = 1*pchar */
size_t rule_segment_nz(struct rfc3986__parser *p, size_t pos) {
  size_t i;
  RULE_ENTER(p, RFC3986_RULE_segment_nz, pos);
  i = pchars(p, pos, 0);
  RULE_LEAVE(p, pos, i == pos ? NOMATCH : i);
}

/* 3.3: segment-nz-nc = 1*( unreserved / pct-encoded / sub-delims / "@" )
 *                    ; non-zero-length segment without any colon ":" */
size_t rule_segment_nz_nc(struct rfc3986__parser *p, size_t pos) {
  size_t i;
  RULE_ENTER(p, RFC3986_RULE_segment_nz_nc, pos);
  i = octets_or_pct_encoded(p, pos, C_UNRESERVED | C_SUB_DELIMS | C_AT);
  RULE_LEAVE(p, pos, i == pos ? NOMATCH : i);
}

/* *( "/" segment ), the tail of four path rules (and of their RFC 3987
 * twins, with isegment). */
size_t rfc3986__slash_segments(struct rfc3986__parser *p, size_t i,
                               const struct rfc3986__shape *g) {
  /* RFC 3986's segments are runs of single octets (and pct-encoded): in
   * bulk, "/" segment "/" segment ... is one run of pchar and "/". */
  if (g == &rfc3986__uri_shape && in_bulk(p)) {
    rfc3986_rule outer = p->rule;
    if (at(p, i) != '/')
      return i;
    p->rule = RFC3986_RULE_segment; /* what it reads after "/" is segment's */
    i = octets_or_pct_encoded(p, i + 1, C_PCHAR | C_SLASH);
    p->rule = outer;
    return i;
  }
  while (at(p, i) == '/')
    i = g->segment(p, i + 1);
  return i;
}

/* 3.3: path-abempty = *( "/" segment ) ; begins with "/" or is empty */
size_t rule_path_abempty(struct rfc3986__parser *p, size_t pos) {
  RULE_ENTER(p, RFC3986_RULE_path_abempty, pos);
  RULE_LEAVE(p, pos, rfc3986__slash_segments(p, pos, &rfc3986__uri_shape));
}

/* 3.3: path-absolute = "/" [ segment-nz *( "/" segment ) ]
 *                    ; begins with "/" but not "//" */
size_t rule_path_absolute(struct rfc3986__parser *p, size_t pos) {
  size_t e;
  RULE_ENTER(p, RFC3986_RULE_path_absolute, pos);
  if (at(p, pos) != '/')
    RULE_LEAVE(p, pos, NOMATCH);
  e = rule_segment_nz(p, pos + 1);
  RULE_LEAVE(p, pos,
             e == NOMATCH ? pos + 1
                          : rfc3986__slash_segments(p, e, &rfc3986__uri_shape));
}

/* 3.3: path-noscheme = segment-nz-nc *( "/" segment )
 *                    ; begins with a non-colon segment */
size_t rule_path_noscheme(struct rfc3986__parser *p, size_t pos) {
  size_t e;
  RULE_ENTER(p, RFC3986_RULE_path_noscheme, pos);
  e = rule_segment_nz_nc(p, pos);
  RULE_LEAVE(p, pos,
             e == NOMATCH ? NOMATCH
                          : rfc3986__slash_segments(p, e, &rfc3986__uri_shape));
}

/* 3.3: path-rootless = segment-nz *( "/" segment )
 *                    ; begins with a segment */
size_t rule_path_rootless(struct rfc3986__parser *p, size_t pos) {
  size_t e;
  RULE_ENTER(p, RFC3986_RULE_path_rootless, pos);
  e = rule_segment_nz(p, pos);
  RULE_LEAVE(p, pos,
             e == NOMATCH ? NOMATCH
                          : rfc3986__slash_segments(p, e, &rfc3986__uri_shape));
}

/* 3.3: path-empty = 0<pchar> ; zero characters */
size_t rule_path_empty(struct rfc3986__parser *p, size_t pos) {
  RULE_ENTER(p, RFC3986_RULE_path_empty, pos);
  RULE_LEAVE(p, pos, pos);
}

size_t rfc3986__path(struct rfc3986__parser *p, size_t pos,
                     const struct rfc3986__shape *g, rfc3986_rule rule) {
  const rfc3986__rule_fn alt[] = {g->path_abempty, g->path_absolute,
                                  g->path_noscheme, g->path_rootless,
                                  g->path_empty};
  size_t best = NOMATCH, e, k, best_k = 0;
  /* No trace to keep to the winner: path and ipath are reached only
   * through rfc3986_match, which does not trace. */
  for (k = 0; k < sizeof alt / sizeof alt[0]; k++) {
    e = alt[k](p, pos);
    if (e != NOMATCH && (best == NOMATCH || e > best)) {
      best = e;
      best_k = k;
    }
  }
  COVER_ALTERNATIVE(rule, (int)best_k + 1);
  return best;
}

/* 3.3: path = path-abempty    ; begins with "/" or is empty
 *           / path-absolute   ; begins with "/" but not "//"
 *           / path-noscheme   ; begins with a non-colon segment
 *           / path-rootless   ; begins with a segment
 *           / path-empty      ; zero characters
 * The longest alternative; on a tie the first, as the RFC lists them. */
size_t rule_path(struct rfc3986__parser *p, size_t pos) {
  RULE_ENTER(p, RFC3986_RULE_path, pos);
  RULE_LEAVE(p, pos,
             rfc3986__path(p, pos, &rfc3986__uri_shape, RFC3986_RULE_path));
}

/* 3.4: query = *( pchar / "/" / "?" ) */
size_t rule_query(struct rfc3986__parser *p, size_t pos) {
  RULE_ENTER(p, RFC3986_RULE_query, pos);
  RULE_LEAVE(p, pos, pchars(p, pos, C_SLASH | C_QUESTION));
}

/* 3.5: fragment = *( pchar / "/" / "?" ) */
size_t rule_fragment(struct rfc3986__parser *p, size_t pos) {
  RULE_ENTER(p, RFC3986_RULE_fragment, pos);
  RULE_LEAVE(p, pos, pchars(p, pos, C_SLASH | C_QUESTION));
}

size_t rfc3986__hier_or_relative_part(struct rfc3986__parser *p, size_t pos,
                                      const struct rfc3986__shape *g,
                                      int relative) {
  size_t i, e;
  int alt;
  rfc3986_uri *u = p->uri;
  if (at(p, pos) == '/' && at(p, pos + 1) == '/') {
    i = g->authority(p, pos + 2);
    e = g->path_abempty(p, i);
    alt = 1;
  } else {
    u->authority = u->userinfo = u->host = u->port = rfc3986__undefined();
    u->host_type = RFC3986_HOST_NONE;
    if (at(p, pos) == '/')
      e = g->path_absolute(p, pos), alt = 2;
    else if ((e = (relative ? g->path_noscheme : g->path_rootless)(p, pos)) !=
             NOMATCH)
      alt = 3;
    else
      e = g->path_empty(p, pos), alt = 4;
    i = pos;
  }
  COVER_ALTERNATIVE(relative ? g->relative_part : g->hier_part, alt);
  u->path = rfc3986__span(i, e);
  return e;
}

/* 3: hier-part = "//" authority path-abempty
 *              / path-absolute
 *              / path-rootless
 *              / path-empty
 * "//" cannot begin path-absolute, so the first alternative that applies
 * is the longest. */
size_t rule_hier_part(struct rfc3986__parser *p, size_t pos) {
  RULE_ENTER(p, RFC3986_RULE_hier_part, pos);
  RULE_LEAVE(p, pos,
             rfc3986__hier_or_relative_part(p, pos, &rfc3986__uri_shape, 0));
}

/* 4.2: relative-part = "//" authority path-abempty
 *                    / path-absolute
 *                    / path-noscheme
 *                    / path-empty */
size_t rule_relative_part(struct rfc3986__parser *p, size_t pos) {
  RULE_ENTER(p, RFC3986_RULE_relative_part, pos);
  RULE_LEAVE(p, pos,
             rfc3986__hier_or_relative_part(p, pos, &rfc3986__uri_shape, 1));
}

size_t rfc3986__query_fragment(struct rfc3986__parser *p, size_t i,
                               const struct rfc3986__shape *g, int fragment) {
  rfc3986_uri *u = p->uri;
  size_t e;
  u->query = u->fragment = rfc3986__undefined();
  if (at(p, i) == '?') {
    e = g->query(p, i + 1);
    u->query = rfc3986__span(i + 1, e);
    i = e;
  }
  if (fragment && at(p, i) == '#') {
    e = g->fragment(p, i + 1);
    u->fragment = rfc3986__span(i + 1, e);
    i = e;
  }
  return i;
}

size_t rfc3986__scheme_hier_part(struct rfc3986__parser *p, size_t pos,
                                 const struct rfc3986__shape *g) {
  size_t i = rule_scheme(p, pos);
  if (i == NOMATCH || at(p, i) != ':')
    return NOMATCH;
  p->uri->scheme = rfc3986__span(pos, i);
  p->uri->kind = RFC3986_KIND_URI;
  return g->hier_part_fn(p, i + 1);
}

/* 3: URI = scheme ":" hier-part [ "?" query ] [ "#" fragment ] */
size_t rule_URI(struct rfc3986__parser *p, size_t pos) {
  size_t i;
  RULE_ENTER(p, RFC3986_RULE_URI, pos);
  if ((i = rfc3986__scheme_hier_part(p, pos, &rfc3986__uri_shape)) != NOMATCH)
    i = rfc3986__query_fragment(p, i, &rfc3986__uri_shape, 1);
  RULE_LEAVE(p, pos, i);
}

/* 4.3: absolute-URI = scheme ":" hier-part [ "?" query ] */
size_t rule_absolute_URI(struct rfc3986__parser *p, size_t pos) {
  size_t i;
  RULE_ENTER(p, RFC3986_RULE_absolute_URI, pos);
  if ((i = rfc3986__scheme_hier_part(p, pos, &rfc3986__uri_shape)) != NOMATCH)
    i = rfc3986__query_fragment(p, i, &rfc3986__uri_shape, 0);
  RULE_LEAVE(p, pos, i);
}

size_t rfc3986__relative_ref(struct rfc3986__parser *p, size_t pos,
                             const struct rfc3986__shape *g) {
  p->uri->scheme = rfc3986__undefined();
  p->uri->kind = RFC3986_KIND_RELATIVE_REF;
  return rfc3986__query_fragment(p, g->relative_part_fn(p, pos), g, 1);
}

/* 4.2: relative-ref = relative-part [ "?" query ] [ "#" fragment ] */
size_t rule_relative_ref(struct rfc3986__parser *p, size_t pos) {
  RULE_ENTER(p, RFC3986_RULE_relative_ref, pos);
  RULE_LEAVE(p, pos, rfc3986__relative_ref(p, pos, &rfc3986__uri_shape));
}

size_t rfc3986__reference(struct rfc3986__parser *p, size_t pos,
                          const struct rfc3986__shape *g) {
  size_t mark = p->count, eu, er;
  eu = g->absolute(p, pos);
  if (eu == p->len) {
    COVER_ALTERNATIVE(g->reference, 1);
    return eu;
  }
  rfc3986__backtrack(p, mark);
  er = g->relative_ref(p, pos);
  if (eu != NOMATCH && eu > er) { /* rerun for its components and trace */
    rfc3986__backtrack(p, mark);
    er = g->absolute(p, pos);
    COVER_ALTERNATIVE(g->reference, 1);
  } else {
    COVER_ALTERNATIVE(g->reference, 2);
  }
  return er;
}

/* 4.1: URI-reference = URI / relative-ref
 * The longer match; a URI when it reaches the end of the input (the two
 * cannot both match a whole input: a relative-ref's first segment has no
 * ":" before its first "/"). */
size_t rule_URI_reference(struct rfc3986__parser *p, size_t pos) {
  RULE_ENTER(p, RFC3986_RULE_URI_reference, pos);
  RULE_LEAVE(p, pos, rfc3986__reference(p, pos, &rfc3986__uri_shape));
}

const struct rfc3986__shape rfc3986__uri_shape = {RFC3986_RULE_hier_part,
                                                  RFC3986_RULE_relative_part,
                                                  RFC3986_RULE_URI_reference,
                                                  rule_authority,
                                                  rule_path_abempty,
                                                  rule_path_absolute,
                                                  rule_path_noscheme,
                                                  rule_path_rootless,
                                                  rule_path_empty,
                                                  rule_segment,
                                                  rule_query,
                                                  rule_fragment,
                                                  rule_hier_part,
                                                  rule_relative_part,
                                                  rule_URI,
                                                  rule_relative_ref};
