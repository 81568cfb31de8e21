/*
 * glue.cpp: the C++ REST SDK's web::uri (Microsoft cpprestsdk, the HTTP
 * client of many C++ services and of Azure's C++ SDKs) mapped to the
 * component model.  Parse: the web::uri constructor (web::uri_exception:
 * invalid), which takes a std::string, so NUL octets reach it as they are.
 * Resolve: web::uri::resolve_uri.  See README.md.
 */
extern "C" {
#include "../common/glue.h"
}

#include <cpprest/base_uri.h>
#include <cpprest/version.h>
#include <cstdio>
#include <cstring>
#include <string>

extern "C" const struct glue glue_cpprest;

static const char *cpprest_version(void) {
  static char v[64];
  if (!v[0])
    std::snprintf(v, sizeof v, "cpprestsdk %d.%d.%d", CPPREST_VERSION_MAJOR,
                  CPPREST_VERSION_MINOR, CPPREST_VERSION_REVISION);
  return v;
}

static void set_str(struct adapter_reading *out, rfc3986_component c,
                    const std::string &v) {
  reading_set(out, c, v.data(), v.size());
}

/* Whether ":" PORT ends the authority of INPUT.  An empty port ("h:")
 * leaves web::uri's int uninitialized (a different number at each run):
 * a port that the input does not hold is left out, so results stay
 * reproducible. */
static int port_written(const std::string &input, int port) {
  std::string p = ":" + std::to_string(port);
  for (size_t at = input.find(p); at != std::string::npos;
       at = input.find(p, at + 1)) {
    size_t end = at + p.size();
    if (end == input.size() || std::strchr("/?#", input[end]))
      return 1;
  }
  return 0;
}

/* web::uri keeps strings, "" both for an absent part and an empty one, so
 * userinfo, query and fragment are left out when "", the port an int (0:
 * none, left out), and the scheme and host lower-cased. */
static void fill(const web::uri &u, const std::string &input,
                 struct adapter_reading *out) {
  out->valid = 1;
  if (u.scheme().empty())
    reading_set_null(out, RFC3986_COMPONENT_SCHEME);
  else
    set_str(out, RFC3986_COMPONENT_SCHEME, u.scheme());
  if (!u.host().empty()) {
    const std::string &h = u.host();
    set_str(out, RFC3986_COMPONENT_HOST, h);
    reading_set_cstr(out, RFC3986_COMPONENT_HOST_TYPE,
                     h[0] == '['                         ? "IPv6address"
                     : reading_is_ipv4address(h.c_str()) ? "IPv4address"
                                                         : "reg-name");
    if (!u.user_info().empty())
      set_str(out, RFC3986_COMPONENT_USERINFO, u.user_info());
    if (u.port() > 0 && port_written(input, u.port())) {
      std::string p = std::to_string(u.port());
      set_str(out, RFC3986_COMPONENT_PORT, p);
    }
  }
  set_str(out, RFC3986_COMPONENT_PATH, u.path());
  if (!u.query().empty())
    set_str(out, RFC3986_COMPONENT_QUERY, u.query());
  if (!u.fragment().empty())
    set_str(out, RFC3986_COMPONENT_FRAGMENT, u.fragment());
}

static int cpprest_parse(const char *s, size_t len, const char *rule,
                         struct adapter_reading *out) {
  if (rule && std::strcmp(rule, "URI-reference") != 0) {
    out->unsupported = "web::uri has one entry point";
    return 0;
  }
  try {
    std::string input(s, len);
    web::uri u(input);
    fill(u, input, out);
  } catch (const web::uri_exception &) {
    out->valid = 0;
  } catch (const std::bad_alloc &) {
    return -1;
  }
  return out->oom ? -1 : 0;
}

static int cpprest_resolve(const char *base, size_t base_len, const char *ref,
                           size_t ref_len, int strict,
                           struct adapter_reading *out) {
  if (!strict) {
    out->unsupported = "web::uri::resolve_uri has no non-strict mode";
    return 0;
  }
  try {
    web::uri b(std::string(base, base_len));
    std::string t = b.resolve_uri(std::string(ref, ref_len));
    out->valid = 1;
    reading_set_output(out, t.data(), t.size());
  } catch (const web::uri_exception &) {
    out->valid = 0;
  } catch (const std::bad_alloc &) {
    return -1;
  }
  return out->oom ? -1 : 0;
}

static int cpprest_accepts(const char *s, size_t len) {
  return web::uri::validate(std::string(s, len)) ? 1 : 0;
}

extern "C" const struct glue glue_cpprest = {
    .name = "cpprest",
    .spec = "rfc3986",
    .ops = GLUE_OP_PARSE | GLUE_OP_RESOLVE,
    .library_version = cpprest_version,
    .parse = cpprest_parse,
    .match = nullptr,
    .resolve = cpprest_resolve,
    .normalize = nullptr,
    .equivalent = nullptr,
    .iri_to_uri = nullptr,
    .accepts = cpprest_accepts,
};
