/*
 * glue.cpp: Poco::URI (PocoFoundation) mapped to the component model.
 * Parse: the Poco::URI(std::string) constructor (Poco::SyntaxException is
 * a rejection); resolve: URI::resolve; normalize: URI::normalize.  Poco
 * stores path and fragment %-decoded and cannot tell an empty query,
 * fragment or authority from an absent one: see README.md for what is left
 * out.
 */
extern "C" {
#include "glue.h"
}

#include <Poco/Environment.h>
#include <Poco/Exception.h>
#include <Poco/URI.h>
#include <cstdio>
#include <cstring>
#include <string>

extern "C" const struct glue glue_poco;

static const char *po_version(void) {
  static char v[64];
  if (!v[0]) {
    unsigned n = Poco::Environment::libraryVersion(); /* 0xMMmmpp.. */
    std::snprintf(v, sizeof v, "Poco %u.%u.%u", n >> 24, (n >> 16) & 0xFF,
                  (n >> 8) & 0xFF);
  }
  return v;
}

static void set_s(struct adapter_reading *out, rfc3986_component c,
                  const std::string &v) {
  reading_set(out, c, v.data(), v.size());
}

/* RFC 3986 3.2.2 IPv4address (reading_is_ipv4address), for a host that may
 * hold a NUL octet. */
static bool is_ipv4address(const std::string &s) {
  return s.find('\0') == std::string::npos && reading_is_ipv4address(s.c_str());
}

static void fill(const Poco::URI &u, struct adapter_reading *out) {
  out->valid = 1;
  /* A scheme is never empty: Poco's "" is absent. */
  if (u.getScheme().empty())
    reading_set_null(out, RFC3986_COMPONENT_SCHEME);
  else
    set_s(out, RFC3986_COMPONENT_SCHEME, u.getScheme());
  const std::string &host = u.getHost();
  unsigned short port = u.getSpecifiedPort();
  if (!host.empty()) {
    /* Poco strips the brackets of an IPv6 literal. */
    bool lit = host.find(':') != std::string::npos;
    std::string h = lit ? "[" + host + "]" : host;
    const std::string &ui = u.getUserInfo();
    /* "" is both "no userinfo" and an empty one (http://@h), and port 0 is
     * "no port", an empty one (h:) and ":0": those are left out, and so is
     * the authority, which Poco keeps only as these parts. */
    if (!ui.empty())
      set_s(out, RFC3986_COMPONENT_USERINFO, ui);
    set_s(out, RFC3986_COMPONENT_HOST, h);
    const char *type = lit                    ? "IPv6address"
                       : is_ipv4address(host) ? "IPv4address"
                                              : "reg-name";
    reading_set(out, RFC3986_COMPONENT_HOST_TYPE, type, std::strlen(type));
    if (port)
      set_s(out, RFC3986_COMPONENT_PORT, std::to_string(port));
  } else /* no host is both "no authority" and an empty one: the authority is
        * left out, but there is no host either way (DESIGN.md "Endpoints") */
    reading_set_null(out, RFC3986_COMPONENT_HOST);
  set_s(out, RFC3986_COMPONENT_PATH, u.getPath());
  /* "" is both an absent and an empty query (fragment): left out. */
  if (!u.getRawQuery().empty())
    set_s(out, RFC3986_COMPONENT_QUERY, u.getRawQuery());
  if (!u.getFragment().empty())
    set_s(out, RFC3986_COMPONENT_FRAGMENT, u.getFragment());
}

static int po_parse(const char *s, size_t len, const char *rule,
                    struct adapter_reading *out) {
  if (rule && std::strcmp(rule, "URI-reference") != 0) {
    out->unsupported = "Poco::URI parses URI-reference only";
    return 0;
  }
  try {
    Poco::URI u(std::string(s, len));
    fill(u, out);
  } catch (const Poco::SyntaxException &) {
    out->valid = 0;
  } catch (const std::bad_alloc &) {
    return -1;
  } catch (const Poco::Exception &) {
    out->valid = 0;
  }
  return 0;
}

static int po_resolve(const char *base, size_t base_len, const char *ref,
                      size_t ref_len, int strict, struct adapter_reading *out) {
  if (!strict) {
    out->unsupported = "Poco::URI has no non-strict (5.2.2) resolution mode";
    return 0;
  }
  try {
    Poco::URI b(std::string(base, base_len));
    Poco::URI r(std::string(ref, ref_len));
    b.resolve(r);
    std::string t = b.toString();
    out->valid = 1;
    reading_set_output(out, t.data(), t.size());
  } catch (const std::bad_alloc &) {
    return -1;
  } catch (const Poco::Exception &) {
    out->valid = 0;
  }
  return 0;
}

static int po_normalize(const char *s, size_t len, enum glue_level level,
                        struct adapter_reading *out) {
  if (level != GLUE_LEVEL_SYNTAX) {
    out->unsupported = "Poco::URI normalizes at the syntax level only";
    return 0;
  }
  try {
    Poco::URI u(std::string(s, len));
    u.normalize();
    std::string t = u.toString();
    out->valid = 1;
    reading_set_output(out, t.data(), t.size());
  } catch (const std::bad_alloc &) {
    return -1;
  } catch (const Poco::Exception &) {
    out->valid = 0;
  }
  return 0;
}

/* For the benchmark: the Poco::URI constructor, an exception for a rejection. */
static int po_accepts(const char *s, size_t len) {
  try {
    Poco::URI u(std::string(s, len));
    return 1;
  } catch (const Poco::Exception &) {
    return 0;
  } catch (const std::exception &) {
    return -1;
  }
}

extern "C" const struct glue glue_poco = {
    "poco",
    "other",
    GLUE_OP_PARSE | GLUE_OP_RESOLVE | GLUE_OP_NORMALIZE,
    po_version,
    po_parse,
    nullptr,
    po_resolve,
    po_normalize,
    nullptr,
    nullptr,
    po_accepts,
    nullptr, /* recompose: none */
    nullptr, /* base_parse, resolve_parsed, base_free: none */
    nullptr,
    nullptr,
    nullptr, /* fetch: none */
};
