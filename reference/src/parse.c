/*
 * parse.c: the public entry points of the parser (RFC 3986 section 4.1 and
 * Appendix A): rfc3986_parse, rfc3986_match, rfc3986_parse_traced, and the
 * stable names of statuses, rules and host types.
 */
#include <string.h>

#include "grammar.h"

/* The single-octet classes of grammar.h, by octet + 1. */
const unsigned short rfc3986__octet_class[257] = {
    [34] = C_SUB_DELIMS,                   /* '!' */
    [36] = C_GEN_DELIMS,                   /* '#' */
    [37] = C_SUB_DELIMS,                   /* '$' */
    [39] = C_SUB_DELIMS,                   /* '&' */
    [40] = C_SUB_DELIMS,                   /* "'" */
    [41] = C_SUB_DELIMS,                   /* '(' */
    [42] = C_SUB_DELIMS,                   /* ')' */
    [43] = C_SUB_DELIMS,                   /* '*' */
    [44] = C_SUB_DELIMS | C_SCHEME,        /* '+' */
    [45] = C_SUB_DELIMS,                   /* ',' */
    [46] = C_MARK | C_SCHEME,              /* '-' */
    [47] = C_MARK | C_SCHEME,              /* '.' */
    [48] = C_GEN_DELIMS | C_SLASH,         /* '/' */
    [49] = C_DIGIT | C_HEXDIG | C_SCHEME,  /* '0' */
    [50] = C_DIGIT | C_HEXDIG | C_SCHEME,  /* '1' */
    [51] = C_DIGIT | C_HEXDIG | C_SCHEME,  /* '2' */
    [52] = C_DIGIT | C_HEXDIG | C_SCHEME,  /* '3' */
    [53] = C_DIGIT | C_HEXDIG | C_SCHEME,  /* '4' */
    [54] = C_DIGIT | C_HEXDIG | C_SCHEME,  /* '5' */
    [55] = C_DIGIT | C_HEXDIG | C_SCHEME,  /* '6' */
    [56] = C_DIGIT | C_HEXDIG | C_SCHEME,  /* '7' */
    [57] = C_DIGIT | C_HEXDIG | C_SCHEME,  /* '8' */
    [58] = C_DIGIT | C_HEXDIG | C_SCHEME,  /* '9' */
    [59] = C_GEN_DELIMS | C_COLON,         /* ':' */
    [60] = C_SUB_DELIMS,                   /* ';' */
    [62] = C_SUB_DELIMS,                   /* '=' */
    [64] = C_GEN_DELIMS | C_QUESTION,      /* '?' */
    [65] = C_GEN_DELIMS | C_AT,            /* '@' */
    [66] = C_ALPHA | C_HEXDIG | C_SCHEME,  /* 'A' */
    [67] = C_ALPHA | C_HEXDIG | C_SCHEME,  /* 'B' */
    [68] = C_ALPHA | C_HEXDIG | C_SCHEME,  /* 'C' */
    [69] = C_ALPHA | C_HEXDIG | C_SCHEME,  /* 'D' */
    [70] = C_ALPHA | C_HEXDIG | C_SCHEME,  /* 'E' */
    [71] = C_ALPHA | C_HEXDIG | C_SCHEME,  /* 'F' */
    [72] = C_ALPHA | C_SCHEME,             /* 'G' */
    [73] = C_ALPHA | C_SCHEME,             /* 'H' */
    [74] = C_ALPHA | C_SCHEME,             /* 'I' */
    [75] = C_ALPHA | C_SCHEME,             /* 'J' */
    [76] = C_ALPHA | C_SCHEME,             /* 'K' */
    [77] = C_ALPHA | C_SCHEME,             /* 'L' */
    [78] = C_ALPHA | C_SCHEME,             /* 'M' */
    [79] = C_ALPHA | C_SCHEME,             /* 'N' */
    [80] = C_ALPHA | C_SCHEME,             /* 'O' */
    [81] = C_ALPHA | C_SCHEME,             /* 'P' */
    [82] = C_ALPHA | C_SCHEME,             /* 'Q' */
    [83] = C_ALPHA | C_SCHEME,             /* 'R' */
    [84] = C_ALPHA | C_SCHEME,             /* 'S' */
    [85] = C_ALPHA | C_SCHEME,             /* 'T' */
    [86] = C_ALPHA | C_SCHEME,             /* 'U' */
    [87] = C_ALPHA | C_SCHEME,             /* 'V' */
    [88] = C_ALPHA | C_SCHEME,             /* 'W' */
    [89] = C_ALPHA | C_SCHEME,             /* 'X' */
    [90] = C_ALPHA | C_SCHEME,             /* 'Y' */
    [91] = C_ALPHA | C_SCHEME,             /* 'Z' */
    [92] = C_GEN_DELIMS,                   /* '[' */
    [94] = C_GEN_DELIMS,                   /* ']' */
    [96] = C_MARK,                         /* '_' */
    [98] = C_ALPHA | C_HEXDIG | C_SCHEME,  /* 'a' */
    [99] = C_ALPHA | C_HEXDIG | C_SCHEME,  /* 'b' */
    [100] = C_ALPHA | C_HEXDIG | C_SCHEME, /* 'c' */
    [101] = C_ALPHA | C_HEXDIG | C_SCHEME, /* 'd' */
    [102] = C_ALPHA | C_HEXDIG | C_SCHEME, /* 'e' */
    [103] = C_ALPHA | C_HEXDIG | C_SCHEME, /* 'f' */
    [104] = C_ALPHA | C_SCHEME,            /* 'g' */
    [105] = C_ALPHA | C_SCHEME,            /* 'h' */
    [106] = C_ALPHA | C_SCHEME,            /* 'i' */
    [107] = C_ALPHA | C_SCHEME,            /* 'j' */
    [108] = C_ALPHA | C_SCHEME,            /* 'k' */
    [109] = C_ALPHA | C_SCHEME,            /* 'l' */
    [110] = C_ALPHA | C_SCHEME,            /* 'm' */
    [111] = C_ALPHA | C_SCHEME,            /* 'n' */
    [112] = C_ALPHA | C_SCHEME,            /* 'o' */
    [113] = C_ALPHA | C_SCHEME,            /* 'p' */
    [114] = C_ALPHA | C_SCHEME,            /* 'q' */
    [115] = C_ALPHA | C_SCHEME,            /* 'r' */
    [116] = C_ALPHA | C_SCHEME,            /* 's' */
    [117] = C_ALPHA | C_SCHEME,            /* 't' */
    [118] = C_ALPHA | C_SCHEME,            /* 'u' */
    [119] = C_ALPHA | C_SCHEME,            /* 'v' */
    [120] = C_ALPHA | C_SCHEME,            /* 'w' */
    [121] = C_ALPHA | C_SCHEME,            /* 'x' */
    [122] = C_ALPHA | C_SCHEME,            /* 'y' */
    [123] = C_ALPHA | C_SCHEME,            /* 'z' */
    [127] = C_MARK,                        /* '~' */
};

static const char *const rule_names[RFC3986_RULE__COUNT] = {
    [RFC3986_RULE_NONE] = NULL,
    [RFC3986_RULE_URI] = "URI",
    [RFC3986_RULE_hier_part] = "hier-part",
    [RFC3986_RULE_URI_reference] = "URI-reference",
    [RFC3986_RULE_absolute_URI] = "absolute-URI",
    [RFC3986_RULE_relative_ref] = "relative-ref",
    [RFC3986_RULE_relative_part] = "relative-part",
    [RFC3986_RULE_scheme] = "scheme",
    [RFC3986_RULE_authority] = "authority",
    [RFC3986_RULE_userinfo] = "userinfo",
    [RFC3986_RULE_host] = "host",
    [RFC3986_RULE_port] = "port",
    [RFC3986_RULE_IP_literal] = "IP-literal",
    [RFC3986_RULE_IPvFuture] = "IPvFuture",
    [RFC3986_RULE_IPv6address] = "IPv6address",
    [RFC3986_RULE_h16] = "h16",
    [RFC3986_RULE_ls32] = "ls32",
    [RFC3986_RULE_IPv4address] = "IPv4address",
    [RFC3986_RULE_dec_octet] = "dec-octet",
    [RFC3986_RULE_reg_name] = "reg-name",
    [RFC3986_RULE_path] = "path",
    [RFC3986_RULE_path_abempty] = "path-abempty",
    [RFC3986_RULE_path_absolute] = "path-absolute",
    [RFC3986_RULE_path_noscheme] = "path-noscheme",
    [RFC3986_RULE_path_rootless] = "path-rootless",
    [RFC3986_RULE_path_empty] = "path-empty",
    [RFC3986_RULE_segment] = "segment",
    [RFC3986_RULE_segment_nz] = "segment-nz",
    [RFC3986_RULE_segment_nz_nc] = "segment-nz-nc",
    [RFC3986_RULE_pchar] = "pchar",
    [RFC3986_RULE_query] = "query",
    [RFC3986_RULE_fragment] = "fragment",
    [RFC3986_RULE_pct_encoded] = "pct-encoded",
    [RFC3986_RULE_unreserved] = "unreserved",
    [RFC3986_RULE_reserved] = "reserved",
    [RFC3986_RULE_gen_delims] = "gen-delims",
    [RFC3986_RULE_sub_delims] = "sub-delims",
    [RFC3986_RULE_IRI] = "IRI",
    [RFC3986_RULE_ihier_part] = "ihier-part",
    [RFC3986_RULE_IRI_reference] = "IRI-reference",
    [RFC3986_RULE_absolute_IRI] = "absolute-IRI",
    [RFC3986_RULE_irelative_ref] = "irelative-ref",
    [RFC3986_RULE_irelative_part] = "irelative-part",
    [RFC3986_RULE_iauthority] = "iauthority",
    [RFC3986_RULE_iuserinfo] = "iuserinfo",
    [RFC3986_RULE_ihost] = "ihost",
    [RFC3986_RULE_ireg_name] = "ireg-name",
    [RFC3986_RULE_ipath] = "ipath",
    [RFC3986_RULE_ipath_abempty] = "ipath-abempty",
    [RFC3986_RULE_ipath_absolute] = "ipath-absolute",
    [RFC3986_RULE_ipath_noscheme] = "ipath-noscheme",
    [RFC3986_RULE_ipath_rootless] = "ipath-rootless",
    [RFC3986_RULE_ipath_empty] = "ipath-empty",
    [RFC3986_RULE_isegment] = "isegment",
    [RFC3986_RULE_isegment_nz] = "isegment-nz",
    [RFC3986_RULE_isegment_nz_nc] = "isegment-nz-nc",
    [RFC3986_RULE_ipchar] = "ipchar",
    [RFC3986_RULE_iquery] = "iquery",
    [RFC3986_RULE_ifragment] = "ifragment",
    [RFC3986_RULE_iunreserved] = "iunreserved",
    [RFC3986_RULE_ucschar] = "ucschar",
    [RFC3986_RULE_iprivate] = "iprivate",
};

static const rfc3986__rule_fn rule_functions[RFC3986_RULE_sub_delims + 1] = {
    [RFC3986_RULE_URI] = rule_URI,
    [RFC3986_RULE_hier_part] = rule_hier_part,
    [RFC3986_RULE_URI_reference] = rule_URI_reference,
    [RFC3986_RULE_absolute_URI] = rule_absolute_URI,
    [RFC3986_RULE_relative_ref] = rule_relative_ref,
    [RFC3986_RULE_relative_part] = rule_relative_part,
    [RFC3986_RULE_scheme] = rule_scheme,
    [RFC3986_RULE_authority] = rule_authority,
    [RFC3986_RULE_userinfo] = rule_userinfo,
    [RFC3986_RULE_host] = rule_host,
    [RFC3986_RULE_port] = rule_port,
    [RFC3986_RULE_IP_literal] = rule_IP_literal,
    [RFC3986_RULE_IPvFuture] = rule_IPvFuture,
    [RFC3986_RULE_IPv6address] = rule_IPv6address,
    [RFC3986_RULE_h16] = rule_h16,
    [RFC3986_RULE_ls32] = rule_ls32,
    [RFC3986_RULE_IPv4address] = rule_IPv4address,
    [RFC3986_RULE_dec_octet] = rule_dec_octet,
    [RFC3986_RULE_reg_name] = rule_reg_name,
    [RFC3986_RULE_path] = rule_path,
    [RFC3986_RULE_path_abempty] = rule_path_abempty,
    [RFC3986_RULE_path_absolute] = rule_path_absolute,
    [RFC3986_RULE_path_noscheme] = rule_path_noscheme,
    [RFC3986_RULE_path_rootless] = rule_path_rootless,
    [RFC3986_RULE_path_empty] = rule_path_empty,
    [RFC3986_RULE_segment] = rule_segment,
    [RFC3986_RULE_segment_nz] = rule_segment_nz,
    [RFC3986_RULE_segment_nz_nc] = rule_segment_nz_nc,
    [RFC3986_RULE_pchar] = rule_pchar,
    [RFC3986_RULE_query] = rule_query,
    [RFC3986_RULE_fragment] = rule_fragment,
    [RFC3986_RULE_pct_encoded] = rule_pct_encoded,
    [RFC3986_RULE_unreserved] = rule_unreserved,
    [RFC3986_RULE_reserved] = rule_reserved,
    [RFC3986_RULE_gen_delims] = rule_gen_delims,
    [RFC3986_RULE_sub_delims] = rule_sub_delims,
};

const char *rfc3986_rule_name(rfc3986_rule rule) {
  return (unsigned)rule < RFC3986_RULE__COUNT ? rule_names[rule] : NULL;
}

rfc3986_rule rfc3986_rule_from_name(const char *name, size_t len) {
  int r;
  if (name == NULL)
    return RFC3986_RULE_NONE;
  for (r = RFC3986_RULE_NONE + 1; r < RFC3986_RULE__COUNT; r++)
    if (strlen(rule_names[r]) == len && memcmp(rule_names[r], name, len) == 0)
      return (rfc3986_rule)r;
  return RFC3986_RULE_NONE;
}

rfc3986__rule_fn rfc3986__rule_function(rfc3986_rule rule) {
  if (rule > RFC3986_RULE_NONE && rule <= RFC3986_RULE_sub_delims)
    return rule_functions[rule];
  return rfc3986__iri_rule_function(rule);
}

const char *rfc3986_status_name(rfc3986_status status) {
  switch (status) {
  case RFC3986_OK:
    return "ok";
  case RFC3986_ERR_SYNTAX:
    return "syntax";
  case RFC3986_ERR_BUFFER:
    return "buffer";
  case RFC3986_ERR_BASE_NOT_ABSOLUTE:
    return "base-not-absolute";
  case RFC3986_ERR_BASE_HAS_FRAGMENT:
    return "base-has-fragment";
  case RFC3986_ERR_PCT_MALFORMED:
    return "pct-malformed";
  case RFC3986_ERR_UTF8:
    return "utf8";
  case RFC3986_ERR_UNKNOWN_RULE:
    return "unknown-rule";
  case RFC3986_ERR_ARGUMENT:
    return "argument";
  }
  return "unknown";
}

const char *rfc3986_error_message(const rfc3986_error *err) {
  if (err == NULL)
    return "no error";
  switch (err->status) {
  case RFC3986_OK:
    return "no error";
  case RFC3986_ERR_SYNTAX:
    return "does not match the grammar";
  case RFC3986_ERR_BUFFER:
    return "output buffer too small";
  case RFC3986_ERR_BASE_NOT_ABSOLUTE:
    return "base is not an absolute-URI (section 5.1)";
  case RFC3986_ERR_BASE_HAS_FRAGMENT:
    return "base has a fragment (section 5.1)";
  case RFC3986_ERR_PCT_MALFORMED:
    return "\"%\" not followed by two hex digits (section 2.1)";
  case RFC3986_ERR_UTF8:
    return "not well-formed UTF-8 (RFC 3629)";
  case RFC3986_ERR_UNKNOWN_RULE:
    return "unknown rule";
  case RFC3986_ERR_ARGUMENT:
    return "invalid argument";
  }
  return "unknown error";
}

const char *rfc3986_host_type_name(rfc3986_host_type type) {
  switch (type) {
  case RFC3986_HOST_IPV6ADDRESS:
    return "IPv6address";
  case RFC3986_HOST_IPVFUTURE:
    return "IPvFuture";
  case RFC3986_HOST_IPV4ADDRESS:
    return "IPv4address";
  case RFC3986_HOST_REG_NAME:
    return "reg-name";
  case RFC3986_HOST_NONE:
    break;
  }
  return NULL;
}

void rfc3986__uri_clear(rfc3986_uri *uri, const char *input, size_t len) {
  uri->input = input;
  uri->input_len = len;
  uri->kind = RFC3986_KIND_URI;
  uri->scheme = uri->authority = uri->userinfo = uri->host = uri->port =
      uri->query = uri->fragment = rfc3986__undefined();
  uri->host_type = RFC3986_HOST_NONE;
  uri->path.offset = 0;
  uri->path.length = 0;
}

void rfc3986__parser_init(struct rfc3986__parser *p, const char *s,
                          size_t len) {
  memset(p, 0, sizeof *p);
  p->s = (const unsigned char *)s;
  p->len = len;
  p->userinfo_from = RFC3986__NOMATCH;
}

/* Whole-input match of RULE with the parser P set up; fills *err. */
static rfc3986_status run(struct rfc3986__parser *p, rfc3986_rule rule,
                          rfc3986_error *err) {
  rfc3986__rule_fn fn = rfc3986__rule_function(rule);
  size_t end;
  if (fn == NULL) {
    if (err) {
      err->status = RFC3986_ERR_UNKNOWN_RULE;
      err->offset = 0;
      err->rule = RFC3986_RULE_NONE;
    }
    return RFC3986_ERR_UNKNOWN_RULE;
  }
  p->rule = rule;
  end = fn(p, 0);
  if (end == p->len) {
    if (err) {
      err->status = RFC3986_OK;
      err->offset = 0;
      err->rule = RFC3986_RULE_NONE;
    }
    return RFC3986_OK;
  }
  if (err) {
    /* A match up to END makes input[0..END) a valid, so viable, prefix. */
    err->status = RFC3986_ERR_SYNTAX;
    err->offset = p->reached > 0 ? p->reached - 1 : 0;
    err->rule = p->furthest_rule == RFC3986_RULE_NONE ? rule : p->furthest_rule;
    if (end != RFC3986__NOMATCH && end > err->offset) {
      err->offset = end;
      err->rule = rule;
    }
  }
  return RFC3986_ERR_SYNTAX;
}

static int is_start_rule(rfc3986_rule start) {
  return start == RFC3986_RULE_URI_reference || start == RFC3986_RULE_URI ||
         start == RFC3986_RULE_absolute_URI ||
         start == RFC3986_RULE_relative_ref ||
         start == RFC3986_RULE_IRI_reference || start == RFC3986_RULE_IRI ||
         start == RFC3986_RULE_absolute_IRI ||
         start == RFC3986_RULE_irelative_ref;
}

rfc3986_status rfc3986_parse_traced(const char *input, size_t len,
                                    rfc3986_rule start, rfc3986_uri *uri,
                                    rfc3986_error *err,
                                    rfc3986_trace_event *events, size_t cap,
                                    size_t *count) {
  struct rfc3986__parser p;
  rfc3986_uri scratch;
  rfc3986_status st;
  if (uri == NULL)
    uri = &scratch;
  if ((input == NULL && len > 0) || (events == NULL && cap > 0) ||
      !is_start_rule(start)) {
    rfc3986__uri_clear(uri, input, 0);
    if (err) {
      err->status = is_start_rule(start) ? RFC3986_ERR_ARGUMENT
                                         : RFC3986_ERR_UNKNOWN_RULE;
      err->offset = 0;
      err->rule = RFC3986_RULE_NONE;
    }
    return is_start_rule(start) ? RFC3986_ERR_ARGUMENT
                                : RFC3986_ERR_UNKNOWN_RULE;
  }
  rfc3986__parser_init(&p, input, len);
  rfc3986__uri_clear(uri, input, len);
  p.uri = uri;
  p.tracing = count != NULL;
  p.events = events;
  p.cap = cap;
  st = run(&p, start, err);
  if (count)
    *count = p.count;
  if (st != RFC3986_OK)
    rfc3986__uri_clear(uri, input, len);
  return st;
}

rfc3986_status rfc3986_parse(const char *input, size_t len, rfc3986_rule start,
                             rfc3986_uri *uri, rfc3986_error *err) {
  return rfc3986_parse_traced(input, len, start, uri, err, NULL, 0, NULL);
}

rfc3986_status rfc3986_match(rfc3986_rule rule, const char *input, size_t len,
                             rfc3986_error *err) {
  struct rfc3986__parser p;
  rfc3986_uri scratch;
  if (input == NULL && len > 0) {
    if (err) {
      err->status = RFC3986_ERR_ARGUMENT;
      err->offset = 0;
      err->rule = RFC3986_RULE_NONE;
    }
    return RFC3986_ERR_ARGUMENT;
  }
  rfc3986__parser_init(&p, input, len);
  rfc3986__uri_clear(&scratch, input, len);
  p.uri = &scratch;
  return run(&p, rule, err);
}
