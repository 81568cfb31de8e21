/*
 * glue.cpp: Boost.URL (1.81) mapped to the component model.  Parse:
 * parse_uri_reference (or parse_uri, parse_absolute_uri, parse_relative_ref
 * for the request's rule) over pointer + length, so a NUL octet is an
 * ordinary (invalid) octet; the encoded_* getters give each component as
 * written, and host_type() is the library's own.  Resolve: urls::resolve.
 * Normalize: url::normalize().  See README.md.
 */
extern "C" {
#include "glue.h"
}

#include <boost/url.hpp>
#include <boost/version.hpp>
#include <cstdio>
#include <cstring>
#include <string>

namespace urls = boost::urls;

extern "C" const struct glue glue_boost_url;

static const char *bu_version(void) {
  static char v[64];
  if (!v[0])
    std::snprintf(v, sizeof v, "Boost.URL %d.%d.%d", BOOST_VERSION / 100000,
                  BOOST_VERSION / 100 % 1000, BOOST_VERSION % 100);
  return v;
}

static void set_sv(struct adapter_reading *out, rfc3986_component c,
                   urls::string_view v) {
  reading_set(out, c, v.data(), v.size());
}

static void fill(const urls::url_view &u, struct adapter_reading *out) {
  out->valid = 1;
  if (u.has_scheme())
    set_sv(out, RFC3986_COMPONENT_SCHEME, u.scheme());
  else
    reading_set_null(out, RFC3986_COMPONENT_SCHEME);
  if (u.has_authority()) {
    set_sv(out, RFC3986_COMPONENT_AUTHORITY, u.encoded_authority());
    if (u.has_userinfo())
      set_sv(out, RFC3986_COMPONENT_USERINFO, u.encoded_userinfo());
    else
      reading_set_null(out, RFC3986_COMPONENT_USERINFO);
    /* encoded_host() keeps the brackets of an IP-literal */
    set_sv(out, RFC3986_COMPONENT_HOST, u.encoded_host());
    const char *type = "reg-name";
    switch (u.host_type()) {
    case urls::host_type::ipv4:
      type = "IPv4address";
      break;
    case urls::host_type::ipv6:
      type = "IPv6address";
      break;
    case urls::host_type::ipvfuture:
      type = "IPvFuture";
      break;
    default:
      break;
    }
    reading_set(out, RFC3986_COMPONENT_HOST_TYPE, type, std::strlen(type));
    if (u.has_port())
      set_sv(out, RFC3986_COMPONENT_PORT, u.port());
    else
      reading_set_null(out, RFC3986_COMPONENT_PORT);
  } else {
    reading_set_no_authority(out);
  }
  set_sv(out, RFC3986_COMPONENT_PATH, u.encoded_path());
  if (u.has_query())
    set_sv(out, RFC3986_COMPONENT_QUERY, u.encoded_query());
  else
    reading_set_null(out, RFC3986_COMPONENT_QUERY);
  if (u.has_fragment())
    set_sv(out, RFC3986_COMPONENT_FRAGMENT, u.encoded_fragment());
  else
    reading_set_null(out, RFC3986_COMPONENT_FRAGMENT);
}

static int bu_parse(const char *s, size_t len, const char *rule,
                    struct adapter_reading *out) {
  urls::string_view in(s, len);
  urls::result<urls::url_view> r;
  if (!rule || std::strcmp(rule, "URI-reference") == 0)
    r = urls::parse_uri_reference(in);
  else if (std::strcmp(rule, "URI") == 0)
    r = urls::parse_uri(in);
  else if (std::strcmp(rule, "absolute-URI") == 0)
    r = urls::parse_absolute_uri(in);
  else if (std::strcmp(rule, "relative-ref") == 0)
    r = urls::parse_relative_ref(in);
  else {
    out->unsupported = "Boost.URL has no parse function for this rule";
    return 0;
  }
  if (r.has_value())
    fill(*r, out);
  else
    out->valid = 0;
  return 0;
}

static int bu_resolve(const char *base, size_t base_len, const char *ref,
                      size_t ref_len, int strict, struct adapter_reading *out) {
  if (!strict) {
    out->unsupported = "Boost.URL has no non-strict (5.2.2) resolution mode";
    return 0;
  }
  auto b = urls::parse_uri(urls::string_view(base, base_len));
  auto r = urls::parse_uri_reference(urls::string_view(ref, ref_len));
  if (!b.has_value() || !r.has_value()) {
    out->valid = 0;
    return 0;
  }
  try {
    urls::url dest;
    auto rv = urls::resolve(*b, *r, dest);
    if (!rv.has_value()) {
      out->valid = 0;
      return 0;
    }
    out->valid = 1;
    reading_set_output(out, dest.buffer().data(), dest.buffer().size());
  } catch (const std::bad_alloc &) {
    return -1;
  }
  return 0;
}

static int bu_normalize(const char *s, size_t len, enum glue_level level,
                        struct adapter_reading *out) {
  if (level != GLUE_LEVEL_SYNTAX) {
    out->unsupported = "Boost.URL normalizes at the syntax level only";
    return 0;
  }
  auto r = urls::parse_uri_reference(urls::string_view(s, len));
  if (!r.has_value()) {
    out->valid = 0;
    return 0;
  }
  try {
    urls::url u(*r);
    u.normalize();
    out->valid = 1;
    reading_set_output(out, u.buffer().data(), u.buffer().size());
  } catch (const std::bad_alloc &) {
    return -1;
  }
  return 0;
}

static int bu_equivalent(const char *a, size_t a_len, const char *b,
                         size_t b_len, enum glue_level level,
                         struct adapter_reading *out) {
  if (level != GLUE_LEVEL_SYNTAX) {
    out->unsupported = "Boost.URL compares at the syntax level only";
    return 0;
  }
  auto ra = urls::parse_uri_reference(urls::string_view(a, a_len));
  auto rb = urls::parse_uri_reference(urls::string_view(b, b_len));
  if (!ra.has_value() || !rb.has_value()) {
    out->valid = 0;
    return 0;
  }
  /* url_view_base's == compares the normalized forms (6.2.2) */
  out->valid = 1;
  out->equivalent = *ra == *rb;
  return 0;
}

/* For the benchmark: parse_uri_reference alone (a url_view, no allocation). */
static int bu_accepts(const char *s, size_t len) {
  return urls::parse_uri_reference(urls::string_view(s, len)).has_value();
}

extern "C" const struct glue glue_boost_url = {
    "boost-url",
    "rfc3986",
    GLUE_OP_PARSE | GLUE_OP_RESOLVE | GLUE_OP_NORMALIZE | GLUE_OP_EQUIVALENT,
    bu_version,
    bu_parse,
    nullptr,
    bu_resolve,
    bu_normalize,
    bu_equivalent,
    nullptr,
    bu_accepts,
    nullptr, /* recompose: none */
    nullptr, /* base_parse, resolve_parsed, base_free: none */
    nullptr,
    nullptr,
    nullptr, /* fetch: none */
};
