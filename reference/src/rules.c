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
 * The loop of a repetition looks at its octets with rfc3986__peek and reads
 * the one it stops at with rfc3986__at: the furthest it went.
 */

#include "grammar.h"

/* a read by the running rule (RULE_ENTER) */
#define at(p, pos) rfc3986__at((p), (pos), rule_self_)
#define peek rfc3986__peek
#define NOMATCH RFC3986__NOMATCH

/* pct_encoded and pchar are the rules' bodies, inlined into the loops of
 * this file that repeat them (a call for each octet of a path or a query
 * costs as much as the octet's work); rule_pct_encoded and rule_pchar are
 * the same rules as functions. */
#if defined(__GNUC__)
#define RULE_INLINE __attribute__((always_inline)) static inline
#else
#define RULE_INLINE static inline
#endif

/* The body of rule_pct_encoded, given C, the octet at POS, which the loop
 * that calls it has read already. */
RULE_INLINE size_t pct_encoded(struct rfc3986__parser *p, size_t pos, int c) {
  RULE_ENTER(p, RFC3986_RULE_pct_encoded, pos);
  if (c != '%' || !is_HEXDIG(at(p, pos + 1)) || !is_HEXDIG(at(p, pos + 2)))
    RULE_LEAVE(p, pos, NOMATCH);
  RULE_LEAVE(p, pos, pos + 3);
}
/* 2.1: pct-encoded = "%" HEXDIG HEXDIG */
size_t rule_pct_encoded(struct rfc3986__parser *p, size_t pos) {
  return pct_encoded(p, pos, rfc3986__at(p, pos, RFC3986_RULE_pct_encoded));
}

/* Index (1-based) of octet C in the alternatives ALTS, or 0. */
static int octet_alternative(int c, const char *alts) {
  int k;
  for (k = 0; c > 0 && alts[k]; k++)
    if (alts[k] == c)
      return k + 1;
  return 0;
}

/* The alternatives of unreserved and sub-delims that octet C is. */
static int unreserved_alternative(int c) {
  return is_ALPHA(c) ? 1 : is_DIGIT(c) ? 2 : 2 + octet_alternative(c, "-._~");
}
static int sub_delims_alternative(int c) {
  return octet_alternative(c, "!$&'()*+,;=");
}

void rfc3986__class_alternative_(struct rfc3986__parser *p, int c) {
  if (is_unreserved(c))
    p->obs->on_alternative(p->obs->data, RFC3986_RULE_unreserved,
                           unreserved_alternative(c));
  else if (is_sub_delims(c))
    p->obs->on_alternative(p->obs->data, RFC3986_RULE_sub_delims,
                           sub_delims_alternative(c));
}

/* 2.3: unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~" */
size_t rule_unreserved(struct rfc3986__parser *p, size_t pos) {
  int c;
  RULE_ENTER(p, RFC3986_RULE_unreserved, pos);
  c = at(p, pos);
  if (!is_unreserved(c))
    RULE_LEAVE(p, pos, NOMATCH);
  rfc3986__alternative(p, rule_self_, unreserved_alternative(c));
  RULE_LEAVE(p, pos, pos + 1);
}

/* 2.2: reserved = gen-delims / sub-delims */
size_t rule_reserved(struct rfc3986__parser *p, size_t pos) {
  int c;
  RULE_ENTER(p, RFC3986_RULE_reserved, pos);
  c = at(p, pos);
  if (!is_gen_delims(c) && !is_sub_delims(c))
    RULE_LEAVE(p, pos, NOMATCH);
  rfc3986__alternative(p, rule_self_, is_gen_delims(c) ? 1 : 2);
  RULE_LEAVE(p, pos, pos + 1);
}

/* 2.2: gen-delims = ":" / "/" / "?" / "#" / "[" / "]" / "@" */
size_t rule_gen_delims(struct rfc3986__parser *p, size_t pos) {
  int k;
  RULE_ENTER(p, RFC3986_RULE_gen_delims, pos);
  k = octet_alternative(at(p, pos), ":/?#[]@");
  if (k == 0)
    RULE_LEAVE(p, pos, NOMATCH);
  rfc3986__alternative(p, rule_self_, k);
  RULE_LEAVE(p, pos, pos + 1);
}

/* 2.2: sub-delims = "!" / "$" / "&" / "'" / "(" / ")"
 *                 / "*" / "+" / "," / ";" / "=" */
size_t rule_sub_delims(struct rfc3986__parser *p, size_t pos) {
  int k;
  RULE_ENTER(p, RFC3986_RULE_sub_delims, pos);
  k = sub_delims_alternative(at(p, pos));
  if (k == 0)
    RULE_LEAVE(p, pos, NOMATCH);
  rfc3986__alternative(p, rule_self_, k);
  RULE_LEAVE(p, pos, pos + 1);
}

/* The body of rule_pchar, given C, the octet at POS, which the loop of
 * segment or the like that calls it has read already. */
RULE_INLINE size_t pchar(struct rfc3986__parser *p, size_t pos, int c) {
  size_t end;
  RULE_ENTER(p, RFC3986_RULE_pchar, pos);
  if (is_unreserved_or_sub_delims(c) || c == ':' || c == '@') {
    rfc3986__class_alternative(p, c);
    rfc3986__alternative(p, rule_self_,
                         is_unreserved(c)   ? 1
                         : is_sub_delims(c) ? 3
                         : c == ':'         ? 4
                                            : 5);
    end = pos + 1;
  } else if (c == '%' && (end = pct_encoded(p, pos, c)) != NOMATCH) {
    rfc3986__alternative(p, rule_self_, 2);
  } else {
    end = NOMATCH;
  }
  RULE_LEAVE(p, pos, end);
}
/* 3.3: pchar = unreserved / pct-encoded / sub-delims / ":" / "@" */
size_t rule_pchar(struct rfc3986__parser *p, size_t pos) {
  return pchar(p, pos, rfc3986__at(p, pos, RFC3986_RULE_pchar));
}

/* 3.1: scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) */
size_t rule_scheme(struct rfc3986__parser *p, size_t pos) {
  size_t i = pos + 1;
  int c;
  RULE_ENTER(p, RFC3986_RULE_scheme, pos);
  if (!is_ALPHA(at(p, pos)))
    RULE_LEAVE(p, pos, NOMATCH);
  while (c = peek(p, i),
         is_ALPHA(c) || is_DIGIT(c) || c == '+' || c == '-' || c == '.')
    i++;
  at(p, i);
  RULE_LEAVE(p, pos, i);
}

/* 3.2.1: userinfo = *( unreserved / pct-encoded / sub-delims / ":" ) */
size_t rule_userinfo(struct rfc3986__parser *p, size_t pos) {
  size_t i = pos, e;
  int c;
  RULE_ENTER(p, RFC3986_RULE_userinfo, pos);
  for (;;) {
    c = peek(p, i);
    if (is_unreserved_or_sub_delims(c) || c == ':') {
      rfc3986__class_alternative(p, c);
      i++;
    } else if (c == '%' && (e = pct_encoded(p, i, c)) != NOMATCH)
      i = e;
    else
      break;
  }
  at(p, i);
  RULE_LEAVE(p, pos, i);
}

/* 3.2.2: reg-name = *( unreserved / pct-encoded / sub-delims ) */
size_t rule_reg_name(struct rfc3986__parser *p, size_t pos) {
  size_t i = pos, e;
  int c;
  RULE_ENTER(p, RFC3986_RULE_reg_name, pos);
  for (;;) {
    c = peek(p, i);
    if (is_unreserved_or_sub_delims(c)) {
      rfc3986__class_alternative(p, c);
      i++;
    } else if (c == '%' && (e = pct_encoded(p, i, c)) != NOMATCH)
      i = e;
    else
      break;
  }
  at(p, i);
  RULE_LEAVE(p, pos, i);
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
    rfc3986__alternative(p, rule_self_, 1);
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
  rfc3986__alternative(p, rule_self_, alt);
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
  size_t e;
  RULE_ENTER(p, RFC3986_RULE_ls32, pos);
  e = rule_h16(p, pos);
  if (e != NOMATCH)
    e = at(p, e) == ':' ? rule_h16(p, e + 1) : NOMATCH;
  if (e != NOMATCH) {
    rfc3986__alternative(p, rule_self_, 1);
    RULE_LEAVE(p, pos, e);
  }
  rfc3986__backtrack(p, rule_self_);
  if ((e = rule_IPv4address(p, pos)) != NOMATCH)
    rfc3986__alternative(p, rule_self_, 2);
  RULE_LEAVE(p, pos, e);
}

/*
 * Alternatives 2 to 9 of IPv6address (below) begin with the same head,
 *     [ *N( h16 ":" ) h16 ] "::"
 * which is read here once: where it ends, just after its "::", and in
 * *PIECES its h16 pieces (NOMATCH when there is no such head).  The pieces
 * are taken while the octets after one are ":" and not "::", up to seven,
 * the most any alternative allows; alternative K takes the head when its
 * pieces are at most K - 2 (none for K = 2, whose head is "::" alone).
 */
static size_t IPv6address_head(struct rfc3986__parser *p, size_t pos,
                               int *pieces) {
  const rfc3986_rule rule_self_ = RFC3986_RULE_IPv6address; /* it reads */
  size_t i = pos;
  *pieces = 0;
  if (at(p, i) == ':' && at(p, i + 1) == ':')
    return i + 2; /* "::" with an empty head */
  for (;;) {
    if (*pieces == 7 || (i = rule_h16(p, i)) == NOMATCH || at(p, i) != ':')
      return NOMATCH;
    ++*pieces;
    if (at(p, i + 1) == ':')
      return i + 2;
    i++;
  }
}

/* The tails of alternatives 1 to 7 begin with N( h16 ":" ): up to CAP (at
 * most 6) such pieces from POS, read once; AFTER[J] is where J of them end.
 * The number read. */
static int h16_colon_run(struct rfc3986__parser *p, size_t pos, int cap,
                         size_t after[7]) {
  const rfc3986_rule rule_self_ = RFC3986_RULE_IPv6address; /* it reads */
  int m = 0;
  size_t e;
  after[0] = pos;
  while (m < cap && (e = rule_h16(p, after[m])) != NOMATCH && at(p, e) == ':')
    after[++m] = e + 1;
  return m;
}

/* ls32 after J of the M pieces h16_colon_run read into AFTER, or NOMATCH
 * when it read fewer. */
static size_t tail_ls32(struct rfc3986__parser *p, const size_t after[7], int m,
                        int j) {
  return j >= 0 && j < 7 && j <= m ? rule_ls32(p, after[j]) : NOMATCH;
}

/* N( h16 ":" ) from POS, or NOMATCH. */
static size_t h16_colons(struct rfc3986__parser *p, size_t pos, int n) {
  size_t after[7];
  return h16_colon_run(p, pos, n, after) == n ? after[n] : NOMATCH;
}

/* N( h16 ":" ) ls32 from POS, or NOMATCH: alternative 1 of IPv6address
 * (N = 6), and the tail of alternatives 2 to 7 (N = 7 - K). */
static size_t h16_colons_ls32(struct rfc3986__parser *p, size_t pos, int n) {
  size_t i = h16_colons(p, pos, n);
  return i == NOMATCH ? NOMATCH : rule_ls32(p, i);
}

/* Alternative K of IPv6address, which matched from POS, read again. */
static void IPv6address_again(struct rfc3986__parser *p, size_t pos, int k) {
  int n;
  size_t i;
  if (k == 1) {
    h16_colons_ls32(p, pos, 6);
    return;
  }
  i = IPv6address_head(p, pos, &n);
  if (k == 8) /* "::" h16 */
    rule_h16(p, i);
  else if (k < 8) /* "::" (7 - K)( h16 ":" ) ls32 */
    h16_colons_ls32(p, i, 7 - k);
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
 * The longest of the nine (inside an IP-literal only the longest can be
 * followed by "]").  Alternatives 2 to 9 share their head, which is read
 * once; alternatives 2 to 7 then share their tail's ( h16 ":" ) pieces,
 * read once too, as many as the first of them that takes the head can use
 * (5 - the head's pieces), and each tries its ls32 after its own number of
 * pieces.  The winner runs again for what it matched.
 */
size_t rule_IPv6address(struct rfc3986__parser *p, size_t pos) {
  size_t best, head, e, after[7];
  int k, best_k = 1, n, m = 0;
  RULE_ENTER(p, RFC3986_RULE_IPv6address, pos);
  best = h16_colons_ls32(p, pos, 6); /* 6( h16 ":" ) ls32 */
  rfc3986__backtrack(p, rule_self_);
  head = IPv6address_head(p, pos, &n);
  if (head != NOMATCH)
    m = h16_colon_run(p, head, 5 - n, after);
  rfc3986__backtrack(p, rule_self_); /* the winner reads them again */
  /* alternative K takes a head of at most K - 2 pieces (2: none) */
  for (k = n + 2; head != NOMATCH && k <= 9; k++) {
    if (k == 9) /* "::" */
      e = head;
    else if (k == 8) /* "::" h16 */
      e = rule_h16(p, head);
    else /* "::" (7 - K)( h16 ":" ) ls32 */
      e = tail_ls32(p, after, m, 7 - k);
    rfc3986__backtrack(p, rule_self_);
    if (e != NOMATCH && (best == NOMATCH || e > best)) {
      best = e;
      best_k = k;
    }
  }
  if (best == NOMATCH)
    RULE_LEAVE(p, pos, NOMATCH);
  if (p->obs) /* the winner's trace, for the observer only */
    IPv6address_again(p, pos, best_k);
  rfc3986__alternative(p, rule_self_, best_k);
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
  for (start = i; is_HEXDIG(peek(p, i)); i++)
    ;
  if (at(p, i) != '.' || i == start)
    RULE_LEAVE(p, pos, NOMATCH);
  for (start = ++i; c = peek(p, i), is_unreserved_or_sub_delims(c) || c == ':';
       i++)
    rfc3986__class_alternative(p, c);
  at(p, i);
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
  rfc3986__alternative(p, rule_self_, (c == 'v' || c == 'V') ? 2 : 1);
  RULE_LEAVE(p, pos, e + 1);
}

/* 3.2.2: host = IP-literal / IPv4address / reg-name
 * "If host matches the rule for IPv4address, then it should be considered
 * an IPv4 address literal and not a reg-name" (first-match-wins).  The
 * host ends where reg-name ends (its octets include IPv4address's); it is
 * an IPv4address when that rule matches all of it.  What was abandoned
 * runs again when it matched something. */
size_t rule_host(struct rfc3986__parser *p, size_t pos) {
  size_t e4, er;
  rfc3986_uri *u = p->uri;
  int c;
  RULE_ENTER(p, RFC3986_RULE_host, pos);
  u->host_type = RFC3986_HOST_REG_NAME;
  if (at(p, pos) == '[' && (er = rule_IP_literal(p, pos)) != NOMATCH) {
    c = p->s[pos + 1];
    u->host_type = (c == 'v' || c == 'V') ? RFC3986_HOST_IPVFUTURE
                                          : RFC3986_HOST_IPV6ADDRESS;
    rfc3986__alternative(p, rule_self_, 1);
  } else {
    e4 = rule_IPv4address(p, pos);
    er = rule_reg_name(p, pos);
    if (e4 == er) {
      rfc3986__backtrack(p, rule_self_);
      if (p->obs) /* its trace, for the observer only */
        rule_IPv4address(p, pos);
      u->host_type = RFC3986_HOST_IPV4ADDRESS;
    } else if (e4 != NOMATCH) {
      rfc3986__backtrack(p, rule_self_);
      rule_reg_name(p, pos);
    }
    rfc3986__alternative(p, rule_self_,
                         u->host_type == RFC3986_HOST_IPV4ADDRESS ? 2 : 3);
  }
  u->host = rfc3986__span(pos, er);
  RULE_LEAVE(p, pos, er);
}

/* 3.2.3: port = *DIGIT */
size_t rule_port(struct rfc3986__parser *p, size_t pos) {
  size_t i = pos;
  RULE_ENTER(p, RFC3986_RULE_port, pos);
  while (is_DIGIT(peek(p, i)))
    i++;
  at(p, i);
  RULE_LEAVE(p, pos, i);
}

/* 3.2: authority = [ userinfo "@" ] host [ ":" port ] */
size_t rule_authority(struct rfc3986__parser *p, size_t pos) {
  size_t i;
  rfc3986_uri *u = p->uri;
  RULE_ENTER(p, RFC3986_RULE_authority, pos);
  i = rule_userinfo(p, pos);
  if (at(p, i) == '@') {
    u->userinfo = rfc3986__span(pos, i);
    i++;
  } else {
    rfc3986__backtrack(p, rule_self_);
    u->userinfo = rfc3986__undefined();
    i = pos;
  }
  i = rule_host(p, i); /* never fails: reg-name may be empty */
  if (at(p, i) == ':') {
    u->port = rfc3986__span(i + 1, rule_port(p, i + 1));
    i = u->port.offset + u->port.length;
  } else {
    u->port = rfc3986__undefined();
  }
  u->authority = rfc3986__span(pos, i);
  RULE_LEAVE(p, pos, i);
}

/* 3.3: segment = *pchar
 * The octet where the repetition stops is read here, so that the error
 * names segment (the rule that cannot go on). */
size_t rule_segment(struct rfc3986__parser *p, size_t pos) {
  size_t i = pos, e;
  int c;
  RULE_ENTER(p, RFC3986_RULE_segment, pos);
  while ((c = peek(p, i)) != RFC3986__EOF && (e = pchar(p, i, c)) != NOMATCH)
    i = e;
  at(p, i);
  RULE_LEAVE(p, pos, i);
}

/* 3.3: segment-nz = 1*pchar
 * As segment. */
size_t rule_segment_nz(struct rfc3986__parser *p, size_t pos) {
  size_t i = pos, e;
  int c;
  RULE_ENTER(p, RFC3986_RULE_segment_nz, pos);
  while ((c = peek(p, i)) != RFC3986__EOF && (e = pchar(p, i, c)) != NOMATCH)
    i = e;
  at(p, i);
  RULE_LEAVE(p, pos, i == pos ? NOMATCH : i);
}

/* 3.3: segment-nz-nc = 1*( unreserved / pct-encoded / sub-delims / "@" )
 *                    ; non-zero-length segment without any colon ":" */
size_t rule_segment_nz_nc(struct rfc3986__parser *p, size_t pos) {
  size_t i = pos, e;
  int c;
  RULE_ENTER(p, RFC3986_RULE_segment_nz_nc, pos);
  for (;;) {
    c = peek(p, i);
    if (is_unreserved_or_sub_delims(c) || c == '@') {
      rfc3986__class_alternative(p, c);
      i++;
    } else if (c == '%' && (e = pct_encoded(p, i, c)) != NOMATCH)
      i = e;
    else
      break;
  }
  at(p, i);
  RULE_LEAVE(p, pos, i == pos ? NOMATCH : i);
}

/* 3.3: path-abempty = *( "/" segment ) ; begins with "/" or is empty */
size_t rule_path_abempty(struct rfc3986__parser *p, size_t pos) {
  size_t i = pos;
  RULE_ENTER(p, RFC3986_RULE_path_abempty, pos);
  while (at(p, i) == '/')
    i = rule_segment(p, i + 1);
  RULE_LEAVE(p, pos, i);
}

/* 3.3: path-absolute = "/" [ segment-nz *( "/" segment ) ]
 *                    ; begins with "/" but not "//" */
size_t rule_path_absolute(struct rfc3986__parser *p, size_t pos) {
  size_t i;
  RULE_ENTER(p, RFC3986_RULE_path_absolute, pos);
  if (at(p, pos) != '/')
    RULE_LEAVE(p, pos, NOMATCH);
  if ((i = rule_segment_nz(p, pos + 1)) == NOMATCH)
    RULE_LEAVE(p, pos, pos + 1);
  while (at(p, i) == '/')
    i = rule_segment(p, i + 1);
  RULE_LEAVE(p, pos, i);
}

/* 3.3: path-noscheme = segment-nz-nc *( "/" segment )
 *                    ; begins with a non-colon segment */
size_t rule_path_noscheme(struct rfc3986__parser *p, size_t pos) {
  size_t i;
  RULE_ENTER(p, RFC3986_RULE_path_noscheme, pos);
  if ((i = rule_segment_nz_nc(p, pos)) == NOMATCH)
    RULE_LEAVE(p, pos, NOMATCH);
  while (at(p, i) == '/')
    i = rule_segment(p, i + 1);
  RULE_LEAVE(p, pos, i);
}

/* 3.3: path-rootless = segment-nz *( "/" segment )
 *                    ; begins with a segment */
size_t rule_path_rootless(struct rfc3986__parser *p, size_t pos) {
  size_t i;
  RULE_ENTER(p, RFC3986_RULE_path_rootless, pos);
  if ((i = rule_segment_nz(p, pos)) == NOMATCH)
    RULE_LEAVE(p, pos, NOMATCH);
  while (at(p, i) == '/')
    i = rule_segment(p, i + 1);
  RULE_LEAVE(p, pos, i);
}

/* 3.3: path-empty = 0<pchar> ; zero characters */
size_t rule_path_empty(struct rfc3986__parser *p, size_t pos) {
  RULE_ENTER(p, RFC3986_RULE_path_empty, pos);
  RULE_LEAVE(p, pos, pos);
}

/* 3.3: path = path-abempty    ; begins with "/" or is empty
 *           / path-absolute   ; begins with "/" but not "//"
 *           / path-noscheme   ; begins with a non-colon segment
 *           / path-rootless   ; begins with a segment
 *           / path-empty      ; zero characters
 * The longest alternative; on a tie the first, as the RFC lists them; the
 * winner runs again for what it matched. */
size_t rule_path(struct rfc3986__parser *p, size_t pos) {
  const rfc3986__rule_fn alt[] = {rule_path_abempty, rule_path_absolute,
                                  rule_path_noscheme, rule_path_rootless,
                                  rule_path_empty};
  size_t best = NOMATCH, e, k, best_k = 0;
  RULE_ENTER(p, RFC3986_RULE_path, pos);
  for (k = 0; k < sizeof alt / sizeof alt[0]; k++) {
    e = alt[k](p, pos);
    rfc3986__backtrack(p, rule_self_);
    if (e != NOMATCH && (best == NOMATCH || e > best)) {
      best = e;
      best_k = k;
    }
  }
  alt[best_k](p, pos); /* path-empty always matches */
  rfc3986__alternative(p, rule_self_, (int)best_k + 1);
  RULE_LEAVE(p, pos, best);
}

/* 3.4: query = *( pchar / "/" / "?" ) */
size_t rule_query(struct rfc3986__parser *p, size_t pos) {
  size_t i = pos, e;
  int c;
  RULE_ENTER(p, RFC3986_RULE_query, pos);
  for (;;) {
    c = peek(p, i);
    if (c == '/' || c == '?')
      i++;
    else if ((e = pchar(p, i, c)) != NOMATCH)
      i = e;
    else
      break;
  }
  at(p, i);
  RULE_LEAVE(p, pos, i);
}

/* 3.5: fragment = *( pchar / "/" / "?" ) */
size_t rule_fragment(struct rfc3986__parser *p, size_t pos) {
  size_t i = pos, e;
  int c;
  RULE_ENTER(p, RFC3986_RULE_fragment, pos);
  for (;;) {
    c = peek(p, i);
    if (c == '/' || c == '?')
      i++;
    else if ((e = pchar(p, i, c)) != NOMATCH)
      i = e;
    else
      break;
  }
  at(p, i);
  RULE_LEAVE(p, pos, i);
}

/* 3: hier-part = "//" authority path-abempty
 *              / path-absolute
 *              / path-rootless
 *              / path-empty
 * "//" cannot begin path-absolute, so the first alternative that applies
 * is the longest.  Records authority (undefined but by the first) and
 * path. */
size_t rule_hier_part(struct rfc3986__parser *p, size_t pos) {
  size_t i = pos, e;
  int alt;
  rfc3986_uri *u = p->uri;
  RULE_ENTER(p, RFC3986_RULE_hier_part, pos);
  u->authority = u->userinfo = u->host = u->port = rfc3986__undefined();
  u->host_type = RFC3986_HOST_NONE;
  if (at(p, pos) == '/' && at(p, pos + 1) == '/') {
    i = rule_authority(p, pos + 2);
    e = rule_path_abempty(p, i), alt = 1;
  } else if ((e = rule_path_absolute(p, pos)) != NOMATCH) {
    alt = 2;
  } else if ((e = rule_path_rootless(p, pos)) != NOMATCH) {
    alt = 3;
  } else {
    e = rule_path_empty(p, pos), alt = 4;
  }
  rfc3986__alternative(p, rule_self_, alt);
  u->path = rfc3986__span(i, e);
  RULE_LEAVE(p, pos, e);
}

/* 4.2: relative-part = "//" authority path-abempty
 *                    / path-absolute
 *                    / path-noscheme
 *                    / path-empty
 * As hier-part, with path-noscheme. */
size_t rule_relative_part(struct rfc3986__parser *p, size_t pos) {
  size_t i = pos, e;
  int alt;
  rfc3986_uri *u = p->uri;
  RULE_ENTER(p, RFC3986_RULE_relative_part, pos);
  u->authority = u->userinfo = u->host = u->port = rfc3986__undefined();
  u->host_type = RFC3986_HOST_NONE;
  if (at(p, pos) == '/' && at(p, pos + 1) == '/') {
    i = rule_authority(p, pos + 2);
    e = rule_path_abempty(p, i), alt = 1;
  } else if ((e = rule_path_absolute(p, pos)) != NOMATCH) {
    alt = 2;
  } else if ((e = rule_path_noscheme(p, pos)) != NOMATCH) {
    alt = 3;
  } else {
    e = rule_path_empty(p, pos), alt = 4;
  }
  rfc3986__alternative(p, rule_self_, alt);
  u->path = rfc3986__span(i, e);
  RULE_LEAVE(p, pos, e);
}

/* [ "?" query ] from I, recorded. */
static size_t opt_query(struct rfc3986__parser *p, size_t i,
                        rfc3986_rule rule_self_) {
  p->uri->query = rfc3986__undefined();
  if (at(p, i) != '?')
    return i;
  p->uri->query = rfc3986__span(i + 1, rule_query(p, i + 1));
  return p->uri->query.offset + p->uri->query.length;
}

/* [ "#" fragment ] from I, recorded. */
static size_t opt_fragment(struct rfc3986__parser *p, size_t i,
                           rfc3986_rule rule_self_) {
  p->uri->fragment = rfc3986__undefined();
  if (at(p, i) != '#')
    return i;
  p->uri->fragment = rfc3986__span(i + 1, rule_fragment(p, i + 1));
  return p->uri->fragment.offset + p->uri->fragment.length;
}

/* 3: URI = scheme ":" hier-part [ "?" query ] [ "#" fragment ] */
size_t rule_URI(struct rfc3986__parser *p, size_t pos) {
  size_t i;
  RULE_ENTER(p, RFC3986_RULE_URI, pos);
  if ((i = rule_scheme(p, pos)) == NOMATCH || at(p, i) != ':')
    RULE_LEAVE(p, pos, NOMATCH);
  p->uri->kind = RFC3986_KIND_URI;
  p->uri->scheme = rfc3986__span(pos, i);
  i = opt_query(p, rule_hier_part(p, i + 1), rule_self_);
  RULE_LEAVE(p, pos, opt_fragment(p, i, rule_self_));
}

/* 4.3: absolute-URI = scheme ":" hier-part [ "?" query ] */
size_t rule_absolute_URI(struct rfc3986__parser *p, size_t pos) {
  size_t i;
  RULE_ENTER(p, RFC3986_RULE_absolute_URI, pos);
  if ((i = rule_scheme(p, pos)) == NOMATCH || at(p, i) != ':')
    RULE_LEAVE(p, pos, NOMATCH);
  p->uri->kind = RFC3986_KIND_URI;
  p->uri->scheme = rfc3986__span(pos, i);
  p->uri->fragment = rfc3986__undefined();
  RULE_LEAVE(p, pos, opt_query(p, rule_hier_part(p, i + 1), rule_self_));
}

/* 4.2: relative-ref = relative-part [ "?" query ] [ "#" fragment ] */
size_t rule_relative_ref(struct rfc3986__parser *p, size_t pos) {
  size_t i;
  RULE_ENTER(p, RFC3986_RULE_relative_ref, pos);
  p->uri->kind = RFC3986_KIND_RELATIVE_REF;
  p->uri->scheme = rfc3986__undefined();
  i = opt_query(p, rule_relative_part(p, pos), rule_self_);
  RULE_LEAVE(p, pos, opt_fragment(p, i, rule_self_));
}

/* 4.1: URI-reference = URI / relative-ref
 * The longer match; a URI when it reaches the end of the input (the two
 * cannot both match a whole input: a relative-ref's first segment has no
 * ":" before its first "/").  When URI wins after relative-ref was tried,
 * its components, kept aside, are put back (it runs again only for the
 * observer's trace, as host does for IPv4address). */
size_t rule_URI_reference(struct rfc3986__parser *p, size_t pos) {
  size_t eu, er;
  rfc3986_uri as_uri;
  RULE_ENTER(p, RFC3986_RULE_URI_reference, pos);
  if ((eu = rule_URI(p, pos)) == p->len) {
    rfc3986__alternative(p, rule_self_, 1);
    RULE_LEAVE(p, pos, eu);
  }
  as_uri = *p->uri;
  rfc3986__backtrack(p, rule_self_);
  er = rule_relative_ref(p, pos);
  if (eu != NOMATCH && eu > er) {
    rfc3986__backtrack(p, rule_self_);
    *p->uri = as_uri;
    er = p->obs ? rule_URI(p, pos) : eu;
    rfc3986__alternative(p, rule_self_, 1);
  } else {
    rfc3986__alternative(p, rule_self_, 2);
  }
  RULE_LEAVE(p, pos, er);
}
