/*
 * iri.c: RFC 3987 (Internationalized Resource Identifiers): the section 2.2
 * rules, one function each with the ABNF above it, reusing the RFC 3986
 * rules where RFC 3987 does (scheme, port, IP-literal, IPv4address,
 * pct-encoded, sub-delims); the mappings of section 3.1 (IRI to URI) and
 * 3.2 (URI to IRI).
 *
 * The grammar is over code points; the input is UTF-8 octets.  ucschar and
 * iprivate decode one UTF-8 sequence (RFC 3629: no overlong forms, no
 * surrogates, nothing above U+10FFFF) and stop reading at the first octet
 * after which no sequence of the rule's ranges can follow, so the error
 * offset stays the longest extensible prefix, as in rules.c.
 */
#include <stdint.h>
#include <string.h>

#include "grammar.h"
#include "producer.h"

/* a read by the running rule (RULE_ENTER) */
#define at(p, pos) rfc3986__at((p), (pos), rule_self_)
#define NOMATCH RFC3986__NOMATCH

struct cp_range {
  uint32_t lo, hi;
};

/* The ranges of ucschar and iprivate (their rule functions, below). */
static const struct cp_range ucschar_ranges[] = {
    {0xA0, 0xD7FF},     {0xF900, 0xFDCF},   {0xFDF0, 0xFFEF},
    {0x10000, 0x1FFFD}, {0x20000, 0x2FFFD}, {0x30000, 0x3FFFD},
    {0x40000, 0x4FFFD}, {0x50000, 0x5FFFD}, {0x60000, 0x6FFFD},
    {0x70000, 0x7FFFD}, {0x80000, 0x8FFFD}, {0x90000, 0x9FFFD},
    {0xA0000, 0xAFFFD}, {0xB0000, 0xBFFFD}, {0xC0000, 0xCFFFD},
    {0xD0000, 0xDFFFD}, {0xE1000, 0xEFFFD}};

static const struct cp_range iprivate_ranges[] = {
    {0xE000, 0xF8FF}, {0xF0000, 0xFFFFD}, {0x100000, 0x10FFFD}};

#define NRANGES(r) (sizeof(r) / sizeof((r)[0]))

static int ranges_meet(const struct cp_range *r, size_t n, uint32_t lo,
                       uint32_t hi) {
  for (size_t i = 0; i < n; i++)
    if (r[i].lo <= hi && lo <= r[i].hi)
      return 1;
  return 0;
}

/*
 * One UTF-8 sequence at POS whose code point is in R[0..n): the offset
 * after it, or NOMATCH.  After each octet, the code points the sequence can
 * still become form an interval (UTF-8 keeps code point order); reading
 * stops as soon as it misses the ranges.  The smallest code point of each
 * length excludes overlong forms; the ranges exclude surrogates and all
 * above U+10FFFD.
 */
static size_t utf8_in(struct rfc3986__parser *p, size_t pos,
                      const struct cp_range *r, size_t n,
                      rfc3986_rule rule_self_) {
  static const uint32_t min_of_length[5] = {0, 0, 0x80, 0x800, 0x10000};
  int c = at(p, pos);
  size_t len, k;
  uint32_t cp, lo, hi;
  if (c < 0xC0 || c > 0xF4)
    return NOMATCH; /* EOF, ASCII, a continuation octet, or never a lead */
  if (c < 0xE0) {
    len = 2;
    cp = (uint32_t)c & 0x1F;
  } else if (c < 0xF0) {
    len = 3;
    cp = (uint32_t)c & 0x0F;
  } else {
    len = 4;
    cp = (uint32_t)c & 0x07;
  }
  for (k = 1;; k++) {
    unsigned rest = 6 * (unsigned)(len - k);
    lo = cp << rest;
    hi = lo | ((1u << rest) - 1);
    if (lo < min_of_length[len])
      lo = min_of_length[len];
    if (lo > hi || !ranges_meet(r, n, lo, hi))
      return NOMATCH;
    if (k == len)
      return pos + len;
    c = at(p, pos + k);
    if (c == RFC3986__EOF || (c & 0xC0) != 0x80)
      return NOMATCH;
    cp = cp << 6 | ((uint32_t)c & 0x3F);
  }
}

/* 2.2: ucschar = %xA0-D7FF / %xF900-FDCF / %xFDF0-FFEF
 *              / %x10000-1FFFD / %x20000-2FFFD / %x30000-3FFFD
 *              / %x40000-4FFFD / %x50000-5FFFD / %x60000-6FFFD
 *              / %x70000-7FFFD / %x80000-8FFFD / %x90000-9FFFD
 *              / %xA0000-AFFFD / %xB0000-BFFFD / %xC0000-CFFFD
 *              / %xD0000-DFFFD / %xE1000-EFFFD */
size_t rule_ucschar(struct rfc3986__parser *p, size_t pos) {
  RULE_ENTER(p, RFC3986_RULE_ucschar, pos);
  RULE_LEAVE(
      p, pos,
      utf8_in(p, pos, ucschar_ranges, NRANGES(ucschar_ranges), rule_self_));
}

/* 2.2: iprivate = %xE000-F8FF / %xF0000-FFFFD / %x100000-10FFFD */
size_t rule_iprivate(struct rfc3986__parser *p, size_t pos) {
  RULE_ENTER(p, RFC3986_RULE_iprivate, pos);
  RULE_LEAVE(
      p, pos,
      utf8_in(p, pos, iprivate_ranges, NRANGES(iprivate_ranges), rule_self_));
}

/* 2.2: iunreserved = ALPHA / DIGIT / "-" / "." / "_" / "~" / ucschar */
size_t rule_iunreserved(struct rfc3986__parser *p, size_t pos) {
  int c;
  size_t end;
  RULE_ENTER(p, RFC3986_RULE_iunreserved, pos);
  c = at(p, pos);
  if (is_unreserved(c))
    end = pos + 1;
  else if (c >= 0x80)
    end = rule_ucschar(p, pos);
  else
    end = NOMATCH;
  RULE_LEAVE(p, pos, end);
}

/* 2.2: ipchar = iunreserved / pct-encoded / sub-delims / ":" / "@" */
size_t rule_ipchar(struct rfc3986__parser *p, size_t pos) {
  int c;
  size_t end;
  RULE_ENTER(p, RFC3986_RULE_ipchar, pos);
  c = at(p, pos);
  if (is_unreserved_or_sub_delims(c) || c == ':' || c == '@')
    end = pos + 1;
  else if (c == '%')
    end = rule_pct_encoded(p, pos);
  else if (c >= 0x80)
    end = rule_iunreserved(p, pos);
  else
    end = NOMATCH;
  RULE_LEAVE(p, pos, end);
}

/* 2.2: iuserinfo = *( iunreserved / pct-encoded / sub-delims / ":" ) */
size_t rule_iuserinfo(struct rfc3986__parser *p, size_t pos) {
  size_t i = pos, e;
  int c;
  RULE_ENTER(p, RFC3986_RULE_iuserinfo, pos);
  for (;;) {
    c = at(p, i);
    if (is_unreserved_or_sub_delims(c) || c == ':')
      i++;
    else if (c == '%' && (e = rule_pct_encoded(p, i)) != NOMATCH)
      i = e;
    else if (c >= 0x80 && (e = rule_iunreserved(p, i)) != NOMATCH)
      i = e;
    else
      RULE_LEAVE(p, pos, i);
  }
}

/* 2.2: ireg-name = *( iunreserved / pct-encoded / sub-delims ) */
size_t rule_ireg_name(struct rfc3986__parser *p, size_t pos) {
  size_t i = pos, e;
  int c;
  RULE_ENTER(p, RFC3986_RULE_ireg_name, pos);
  for (;;) {
    c = at(p, i);
    if (is_unreserved_or_sub_delims(c))
      i++;
    else if (c == '%' && (e = rule_pct_encoded(p, i)) != NOMATCH)
      i = e;
    else if (c >= 0x80 && (e = rule_iunreserved(p, i)) != NOMATCH)
      i = e;
    else
      RULE_LEAVE(p, pos, i);
  }
}

/* 2.2: ihost = IP-literal / IPv4address / ireg-name
 * First-match-wins as in RFC 3986 3.2.2: an IPv4address when that rule
 * matches all of what ireg-name matches (see rule_host). */
size_t rule_ihost(struct rfc3986__parser *p, size_t pos) {
  size_t e4, er;
  rfc3986_uri *u = p->uri;
  int c;
  RULE_ENTER(p, RFC3986_RULE_ihost, pos);
  u->host_type = RFC3986_HOST_REG_NAME;
  if (at(p, pos) == '[' && (er = rule_IP_literal(p, pos)) != NOMATCH) {
    c = p->s[pos + 1];
    u->host_type = (c == 'v' || c == 'V') ? RFC3986_HOST_IPVFUTURE
                                          : RFC3986_HOST_IPV6ADDRESS;
    rfc3986__alternative(p, rule_self_, 1);
  } else {
    e4 = rule_IPv4address(p, pos);
    er = rule_ireg_name(p, pos);
    if (e4 == er) {
      rfc3986__backtrack(p, rule_self_);
      rule_IPv4address(p, pos);
      u->host_type = RFC3986_HOST_IPV4ADDRESS;
    } else if (e4 != NOMATCH) {
      rfc3986__backtrack(p, rule_self_);
      rule_ireg_name(p, pos);
    }
    rfc3986__alternative(p, rule_self_,
                         u->host_type == RFC3986_HOST_IPV4ADDRESS ? 2 : 3);
  }
  u->host = rfc3986__span(pos, er);
  RULE_LEAVE(p, pos, er);
}

/* 2.2: iauthority = [ iuserinfo "@" ] ihost [ ":" port ] */
size_t rule_iauthority(struct rfc3986__parser *p, size_t pos) {
  size_t i;
  rfc3986_uri *u = p->uri;
  RULE_ENTER(p, RFC3986_RULE_iauthority, pos);
  i = rule_iuserinfo(p, pos);
  if (at(p, i) == '@') {
    u->userinfo = rfc3986__span(pos, i);
    i++;
  } else {
    rfc3986__backtrack(p, rule_self_);
    u->userinfo = rfc3986__undefined();
    i = pos;
  }
  i = rule_ihost(p, i); /* never fails: ireg-name may be empty */
  if (at(p, i) == ':') {
    u->port = rfc3986__span(i + 1, rule_port(p, i + 1));
    i = u->port.offset + u->port.length;
  } else {
    u->port = rfc3986__undefined();
  }
  u->authority = rfc3986__span(pos, i);
  RULE_LEAVE(p, pos, i);
}

/* 2.2: isegment = *ipchar */
size_t rule_isegment(struct rfc3986__parser *p, size_t pos) {
  size_t i = pos, e;
  RULE_ENTER(p, RFC3986_RULE_isegment, pos);
  while ((e = rule_ipchar(p, i)) != NOMATCH)
    i = e;
  RULE_LEAVE(p, pos, i);
}

/* 2.2: isegment-nz = 1*ipchar */
size_t rule_isegment_nz(struct rfc3986__parser *p, size_t pos) {
  size_t i = pos, e;
  RULE_ENTER(p, RFC3986_RULE_isegment_nz, pos);
  while ((e = rule_ipchar(p, i)) != NOMATCH)
    i = e;
  RULE_LEAVE(p, pos, i == pos ? NOMATCH : i);
}

/* 2.2: isegment-nz-nc = 1*( iunreserved / pct-encoded / sub-delims / "@" )
 *                     ; non-zero-length segment without any colon ":" */
size_t rule_isegment_nz_nc(struct rfc3986__parser *p, size_t pos) {
  size_t i = pos, e;
  int c;
  RULE_ENTER(p, RFC3986_RULE_isegment_nz_nc, pos);
  for (;;) {
    c = at(p, i);
    if (is_unreserved_or_sub_delims(c) || c == '@')
      i++;
    else if (c == '%' && (e = rule_pct_encoded(p, i)) != NOMATCH)
      i = e;
    else if (c >= 0x80 && (e = rule_iunreserved(p, i)) != NOMATCH)
      i = e;
    else
      RULE_LEAVE(p, pos, i == pos ? NOMATCH : i);
  }
}

/* 2.2: ipath-abempty = *( "/" isegment ) */
size_t rule_ipath_abempty(struct rfc3986__parser *p, size_t pos) {
  size_t i = pos;
  RULE_ENTER(p, RFC3986_RULE_ipath_abempty, pos);
  while (at(p, i) == '/')
    i = rule_isegment(p, i + 1);
  RULE_LEAVE(p, pos, i);
}

/* 2.2: ipath-absolute = "/" [ isegment-nz *( "/" isegment ) ] */
size_t rule_ipath_absolute(struct rfc3986__parser *p, size_t pos) {
  size_t i;
  RULE_ENTER(p, RFC3986_RULE_ipath_absolute, pos);
  if (at(p, pos) != '/')
    RULE_LEAVE(p, pos, NOMATCH);
  if ((i = rule_isegment_nz(p, pos + 1)) == NOMATCH)
    RULE_LEAVE(p, pos, pos + 1);
  while (at(p, i) == '/')
    i = rule_isegment(p, i + 1);
  RULE_LEAVE(p, pos, i);
}

/* 2.2: ipath-noscheme = isegment-nz-nc *( "/" isegment ) */
size_t rule_ipath_noscheme(struct rfc3986__parser *p, size_t pos) {
  size_t i;
  RULE_ENTER(p, RFC3986_RULE_ipath_noscheme, pos);
  if ((i = rule_isegment_nz_nc(p, pos)) == NOMATCH)
    RULE_LEAVE(p, pos, NOMATCH);
  while (at(p, i) == '/')
    i = rule_isegment(p, i + 1);
  RULE_LEAVE(p, pos, i);
}

/* 2.2: ipath-rootless = isegment-nz *( "/" isegment ) */
size_t rule_ipath_rootless(struct rfc3986__parser *p, size_t pos) {
  size_t i;
  RULE_ENTER(p, RFC3986_RULE_ipath_rootless, pos);
  if ((i = rule_isegment_nz(p, pos)) == NOMATCH)
    RULE_LEAVE(p, pos, NOMATCH);
  while (at(p, i) == '/')
    i = rule_isegment(p, i + 1);
  RULE_LEAVE(p, pos, i);
}

/* 2.2: ipath-empty = 0<ipchar> */
size_t rule_ipath_empty(struct rfc3986__parser *p, size_t pos) {
  RULE_ENTER(p, RFC3986_RULE_ipath_empty, pos);
  RULE_LEAVE(p, pos, pos);
}

/* 2.2: ipath = ipath-abempty   ; begins with "/" or is empty
 *            / ipath-absolute  ; begins with "/" but not "//"
 *            / ipath-noscheme  ; begins with a non-colon segment
 *            / ipath-rootless  ; begins with a segment
 *            / ipath-empty     ; zero characters
 * The longest alternative; on a tie the first, as the RFC lists them; the
 * winner runs again for what it matched. */
size_t rule_ipath(struct rfc3986__parser *p, size_t pos) {
  const rfc3986__rule_fn alt[] = {rule_ipath_abempty, rule_ipath_absolute,
                                  rule_ipath_noscheme, rule_ipath_rootless,
                                  rule_ipath_empty};
  size_t best = NOMATCH, e, k, best_k = 0;
  RULE_ENTER(p, RFC3986_RULE_ipath, pos);
  for (k = 0; k < sizeof alt / sizeof alt[0]; k++) {
    e = alt[k](p, pos);
    rfc3986__backtrack(p, rule_self_);
    if (e != NOMATCH && (best == NOMATCH || e > best)) {
      best = e;
      best_k = k;
    }
  }
  alt[best_k](p, pos); /* ipath-empty always matches */
  rfc3986__alternative(p, rule_self_, (int)best_k + 1);
  RULE_LEAVE(p, pos, best);
}

/* 2.2: iquery = *( ipchar / iprivate / "/" / "?" ) */
size_t rule_iquery(struct rfc3986__parser *p, size_t pos) {
  size_t i = pos, e;
  int c;
  RULE_ENTER(p, RFC3986_RULE_iquery, pos);
  for (;;) {
    c = at(p, i);
    if (c == '/' || c == '?')
      i++;
    else if ((e = rule_ipchar(p, i)) != NOMATCH)
      i = e;
    else if (c >= 0x80 && (e = rule_iprivate(p, i)) != NOMATCH)
      i = e;
    else
      RULE_LEAVE(p, pos, i);
  }
}

/* 2.2: ifragment = *( ipchar / "/" / "?" ) */
size_t rule_ifragment(struct rfc3986__parser *p, size_t pos) {
  size_t i = pos, e;
  int c;
  RULE_ENTER(p, RFC3986_RULE_ifragment, pos);
  for (;;) {
    c = at(p, i);
    if (c == '/' || c == '?')
      i++;
    else if ((e = rule_ipchar(p, i)) != NOMATCH)
      i = e;
    else
      RULE_LEAVE(p, pos, i);
  }
}

/* 2.2: ihier-part = "//" iauthority ipath-abempty
 *                 / ipath-absolute
 *                 / ipath-rootless
 *                 / ipath-empty
 * As hier-part (rules.c). */
size_t rule_ihier_part(struct rfc3986__parser *p, size_t pos) {
  size_t i = pos, e;
  int alt;
  rfc3986_uri *u = p->uri;
  RULE_ENTER(p, RFC3986_RULE_ihier_part, pos);
  u->authority = u->userinfo = u->host = u->port = rfc3986__undefined();
  u->host_type = RFC3986_HOST_NONE;
  if (at(p, pos) == '/' && at(p, pos + 1) == '/') {
    i = rule_iauthority(p, pos + 2);
    e = rule_ipath_abempty(p, i), alt = 1;
  } else if ((e = rule_ipath_absolute(p, pos)) != NOMATCH) {
    alt = 2;
  } else if ((e = rule_ipath_rootless(p, pos)) != NOMATCH) {
    alt = 3;
  } else {
    e = rule_ipath_empty(p, pos), alt = 4;
  }
  rfc3986__alternative(p, rule_self_, alt);
  u->path = rfc3986__span(i, e);
  RULE_LEAVE(p, pos, e);
}

/* 2.2: irelative-part = "//" iauthority ipath-abempty
 *                     / ipath-absolute
 *                     / ipath-noscheme
 *                     / ipath-empty */
size_t rule_irelative_part(struct rfc3986__parser *p, size_t pos) {
  size_t i = pos, e;
  int alt;
  rfc3986_uri *u = p->uri;
  RULE_ENTER(p, RFC3986_RULE_irelative_part, pos);
  u->authority = u->userinfo = u->host = u->port = rfc3986__undefined();
  u->host_type = RFC3986_HOST_NONE;
  if (at(p, pos) == '/' && at(p, pos + 1) == '/') {
    i = rule_iauthority(p, pos + 2);
    e = rule_ipath_abempty(p, i), alt = 1;
  } else if ((e = rule_ipath_absolute(p, pos)) != NOMATCH) {
    alt = 2;
  } else if ((e = rule_ipath_noscheme(p, pos)) != NOMATCH) {
    alt = 3;
  } else {
    e = rule_ipath_empty(p, pos), alt = 4;
  }
  rfc3986__alternative(p, rule_self_, alt);
  u->path = rfc3986__span(i, e);
  RULE_LEAVE(p, pos, e);
}

/* [ "?" iquery ] from I, recorded. */
static size_t opt_iquery(struct rfc3986__parser *p, size_t i,
                         rfc3986_rule rule_self_) {
  p->uri->query = rfc3986__undefined();
  if (at(p, i) != '?')
    return i;
  p->uri->query = rfc3986__span(i + 1, rule_iquery(p, i + 1));
  return p->uri->query.offset + p->uri->query.length;
}

/* [ "#" ifragment ] from I, recorded. */
static size_t opt_ifragment(struct rfc3986__parser *p, size_t i,
                            rfc3986_rule rule_self_) {
  p->uri->fragment = rfc3986__undefined();
  if (at(p, i) != '#')
    return i;
  p->uri->fragment = rfc3986__span(i + 1, rule_ifragment(p, i + 1));
  return p->uri->fragment.offset + p->uri->fragment.length;
}

/* 2.2: IRI = scheme ":" ihier-part [ "?" iquery ] [ "#" ifragment ] */
size_t rule_IRI(struct rfc3986__parser *p, size_t pos) {
  size_t i;
  RULE_ENTER(p, RFC3986_RULE_IRI, pos);
  if ((i = rule_scheme(p, pos)) == NOMATCH || at(p, i) != ':')
    RULE_LEAVE(p, pos, NOMATCH);
  p->uri->kind = RFC3986_KIND_URI;
  p->uri->scheme = rfc3986__span(pos, i);
  i = opt_iquery(p, rule_ihier_part(p, i + 1), rule_self_);
  RULE_LEAVE(p, pos, opt_ifragment(p, i, rule_self_));
}

/* 2.2: absolute-IRI = scheme ":" ihier-part [ "?" iquery ] */
size_t rule_absolute_IRI(struct rfc3986__parser *p, size_t pos) {
  size_t i;
  RULE_ENTER(p, RFC3986_RULE_absolute_IRI, pos);
  if ((i = rule_scheme(p, pos)) == NOMATCH || at(p, i) != ':')
    RULE_LEAVE(p, pos, NOMATCH);
  p->uri->kind = RFC3986_KIND_URI;
  p->uri->scheme = rfc3986__span(pos, i);
  p->uri->fragment = rfc3986__undefined();
  RULE_LEAVE(p, pos, opt_iquery(p, rule_ihier_part(p, i + 1), rule_self_));
}

/* 2.2: irelative-ref = irelative-part [ "?" iquery ] [ "#" ifragment ] */
size_t rule_irelative_ref(struct rfc3986__parser *p, size_t pos) {
  size_t i;
  RULE_ENTER(p, RFC3986_RULE_irelative_ref, pos);
  p->uri->kind = RFC3986_KIND_RELATIVE_REF;
  p->uri->scheme = rfc3986__undefined();
  i = opt_iquery(p, rule_irelative_part(p, pos), rule_self_);
  RULE_LEAVE(p, pos, opt_ifragment(p, i, rule_self_));
}

/* 2.2: IRI-reference = IRI / irelative-ref
 * The longer match; an IRI when it reaches the end of the input (see
 * rule_URI_reference). */
size_t rule_IRI_reference(struct rfc3986__parser *p, size_t pos) {
  size_t eu, er;
  RULE_ENTER(p, RFC3986_RULE_IRI_reference, pos);
  if ((eu = rule_IRI(p, pos)) == p->len) {
    rfc3986__alternative(p, rule_self_, 1);
    RULE_LEAVE(p, pos, eu);
  }
  rfc3986__backtrack(p, rule_self_);
  er = rule_irelative_ref(p, pos);
  if (eu != NOMATCH && eu > er) {
    rfc3986__backtrack(p, rule_self_);
    er = rule_IRI(p, pos);
    rfc3986__alternative(p, rule_self_, 1);
  } else {
    rfc3986__alternative(p, rule_self_, 2);
  }
  RULE_LEAVE(p, pos, er);
}

/* 2.2: parse an IRI-reference (or IRI, absolute-IRI, irelative-ref); the
 * RFC 3986 start rules name their RFC 3987 counterparts. */
rfc3986_status rfc3986_parse_iri(const char *input, size_t len,
                                 rfc3986_rule start, rfc3986_uri *uri,
                                 rfc3986_error *err) {
  switch (start) {
  case RFC3986_RULE_URI_reference:
    start = RFC3986_RULE_IRI_reference;
    break;
  case RFC3986_RULE_URI:
    start = RFC3986_RULE_IRI;
    break;
  case RFC3986_RULE_absolute_URI:
    start = RFC3986_RULE_absolute_IRI;
    break;
  case RFC3986_RULE_relative_ref:
    start = RFC3986_RULE_irelative_ref;
    break;
  default:
    break;
  }
  if (start != RFC3986_RULE_IRI_reference && start != RFC3986_RULE_IRI &&
      start != RFC3986_RULE_absolute_IRI &&
      start != RFC3986_RULE_irelative_ref) {
    if (uri)
      rfc3986__uri_clear(uri, input, 0);
    if (err) {
      err->status = RFC3986_ERR_UNKNOWN_RULE;
      err->offset = 0;
      err->rule = RFC3986_RULE_NONE;
    }
    return RFC3986_ERR_UNKNOWN_RULE;
  }
  return rfc3986_parse(input, len, start, uri, err);
}

/* ---- Section 3: mapping between IRIs and URIs --------------------------- */

static rfc3986_status done(rfc3986_status st, size_t n, size_t cap,
                           size_t *out_len, rfc3986_error *err, size_t offset,
                           rfc3986_rule rule) {
  if (st == RFC3986_OK && n > cap)
    st = RFC3986_ERR_BUFFER;
  if (out_len)
    *out_len = n;
  if (err) {
    err->status = st;
    err->offset = offset;
    err->rule = rule;
  }
  return st;
}

/*
 * 3.1 Mapping of IRIs to URIs: "For each character in 'ucschar' or
 * 'iprivate', apply steps 2.1 through 2.3": convert it to UTF-8, and
 * percent-encode each octet (upper-case hex).  Every non-ASCII character
 * is so converted, and ASCII is copied unchanged, so the mapping applies to
 * any well-formed UTF-8 string; ill-formed UTF-8 is RFC3986_ERR_UTF8 with
 * err->offset at the first octet that cannot continue a character.
 */
rfc3986_status rfc3986_iri_to_uri(const char *in, size_t len, char *out,
                                  size_t cap, size_t *out_len,
                                  rfc3986_error *err) {
  const unsigned char *s = (const unsigned char *)in;
  size_t n = 0, i = 0, k, bad = 0;
  uint32_t cp;
  if ((in == NULL && len > 0) || (out == NULL && cap > 0))
    return done(RFC3986_ERR_ARGUMENT, 0, cap, out_len, err, 0,
                RFC3986_RULE_NONE);
  while (i < len) {
    /* Step 1: the IRI as a sequence of characters (UTF-8 here) */
    size_t m = rfc3986_utf8_sequence(in + i, len - i, &cp, &bad);
    if (m == 0)
      return done(RFC3986_ERR_UTF8, n, cap, out_len, err, i + bad,
                  RFC3986_RULE_NONE);
    if (m == 1) {
      rfc3986__put(out, cap, &n, in + i, 1);
    } else {
      for (k = 0; k < m; k++) { /* Steps 2.1 to 2.3 */
        char t[3] = {'%', rfc3986__upper_hex[s[i + k] >> 4],
                     rfc3986__upper_hex[s[i + k] & 15]};
        rfc3986__put(out, cap, &n, t, 3);
      }
    }
    i += m;
  }
  return done(RFC3986_OK, n, cap, out_len, err, 0, RFC3986_RULE_NONE);
}

/* Bidirectional formatting characters (4.1: "IRIs MUST NOT contain" LRM,
 * RLM, LRE, RLE, LRO, RLO, PDF), with the later ALM and isolates. */
static int is_bidi_format(uint32_t cp) {
  return cp == 0x200E || cp == 0x200F || (cp >= 0x202A && cp <= 0x202E) ||
         (cp >= 0x2066 && cp <= 0x2069) || cp == 0x061C;
}

static int in_ranges(const struct cp_range *r, size_t n, uint32_t cp) {
  return ranges_meet(r, n, cp, cp);
}

/*
 * 3.2 Converting URIs to IRIs.  The input must be a URI-reference.
 *   Step 2: convert percent-encodings to octets, except "%", reserved and
 *           characters not allowed in URIs: here no pct-encoded ASCII is
 *           converted at all;
 *   Step 3: re-encode octets that are not part of strictly legal UTF-8;
 *   Step 4: re-encode characters not appropriate by 2.2, 4.1, 6.1: only
 *           ucschar (and iprivate inside the query, the only component
 *           whose rule allows it) is decoded, never a bidi formatting
 *           character.
 * So a run of triplets is decoded only as a whole well-formed sequence of
 * such a character; everything else is copied as it is.
 */
rfc3986_status rfc3986_uri_to_iri(const char *in, size_t len, char *out,
                                  size_t cap, size_t *out_len,
                                  rfc3986_error *err) {
  rfc3986_uri u;
  rfc3986_error e;
  size_t n = 0, i = 0;
  if ((in == NULL && len > 0) || (out == NULL && cap > 0))
    return done(RFC3986_ERR_ARGUMENT, 0, cap, out_len, err, 0,
                RFC3986_RULE_NONE);
  /* Step 1: the URI as a sequence of US-ASCII octets. */
  if (rfc3986_parse(in, len, RFC3986_RULE_URI_reference, &u, &e) != RFC3986_OK)
    return done(RFC3986_ERR_SYNTAX, 0, cap, out_len, err, e.offset, e.rule);
  while (i < len) {
    unsigned char oct[4];
    size_t k, m = 0, bad;
    uint32_t cp;
    int in_query = rfc3986_span_defined(u.query) && i >= u.query.offset &&
                   i < u.query.offset + u.query.length;
    /* up to four consecutive triplets, decoded */
    while (m < 4 && i + 3 * m + 2 < len && in[i + 3 * m] == '%') {
      int hi = rfc3986__hex_value((unsigned char)in[i + 3 * m + 1]);
      int lo = rfc3986__hex_value((unsigned char)in[i + 3 * m + 2]);
      oct[m++] = (unsigned char)(hi << 4 | lo);
    }
    if (m > 0 && oct[0] >= 0x80 &&
        (k = rfc3986_utf8_sequence((const char *)oct, m, &cp, &bad)) > 1 &&
        (in_ranges(ucschar_ranges, NRANGES(ucschar_ranges), cp) ||
         (in_query &&
          in_ranges(iprivate_ranges, NRANGES(iprivate_ranges), cp))) &&
        !is_bidi_format(cp)) {
      rfc3986__put(out, cap, &n, (const char *)oct, k); /* Step 5 */
      i += 3 * k;
    } else if (m > 0) {
      rfc3986__put(out, cap, &n, in + i, 3);
      i += 3;
    } else {
      rfc3986__put(out, cap, &n, in + i, 1);
      i++;
    }
  }
  return done(RFC3986_OK, n, cap, out_len, err, 0, RFC3986_RULE_NONE);
}
