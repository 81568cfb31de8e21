/*
 * parse.c: the public entry points of the parser (RFC 3986 section 4.1 and
 * Appendix A): rfc3986_parse, rfc3986_match, rfc3986_parse_traced, and the
 * stable names of statuses, rules and host types.
 */
#include <string.h>

#include "grammar.h"

/* The single-octet classes of grammar.h, by octet + 1. */
const unsigned char rfc3986__octet_class[257] = {
    [34] = C_SUB_DELIMS,                   /* '!' */
    [36] = C_GEN_DELIMS,                   /* '#' */
    [37] = C_SUB_DELIMS,                   /* '$' */
    [38] = C_PERCENT,                      /* '%' */
    [39] = C_SUB_DELIMS,                   /* '&' */
    [40] = C_SUB_DELIMS,                   /* "'" */
    [41] = C_SUB_DELIMS,                   /* '(' */
    [42] = C_SUB_DELIMS,                   /* ')' */
    [43] = C_SUB_DELIMS,                   /* '*' */
    [44] = C_SUB_DELIMS,                   /* '+' */
    [45] = C_SUB_DELIMS,                   /* ',' */
    [46] = C_MARK,                         /* '-' */
    [47] = C_MARK,                         /* '.' */
    [48] = C_GEN_DELIMS,                   /* '/' */
    [49] = C_DIGIT | C_HEXDIG,             /* '0' */
    [50] = C_DIGIT | C_HEXDIG,             /* '1' */
    [51] = C_DIGIT | C_HEXDIG,             /* '2' */
    [52] = C_DIGIT | C_HEXDIG,             /* '3' */
    [53] = C_DIGIT | C_HEXDIG,             /* '4' */
    [54] = C_DIGIT | C_HEXDIG,             /* '5' */
    [55] = C_DIGIT | C_HEXDIG,             /* '6' */
    [56] = C_DIGIT | C_HEXDIG,             /* '7' */
    [57] = C_DIGIT | C_HEXDIG,             /* '8' */
    [58] = C_DIGIT | C_HEXDIG,             /* '9' */
    [59] = C_GEN_DELIMS,                   /* ':' */
    [60] = C_SUB_DELIMS,                   /* ';' */
    [62] = C_SUB_DELIMS,                   /* '=' */
    [64] = C_GEN_DELIMS,                   /* '?' */
    [65] = C_GEN_DELIMS,                   /* '@' */
    [66] = C_ALPHA | C_HEXDIG | C_CAPITAL, /* 'A' */
    [67] = C_ALPHA | C_HEXDIG | C_CAPITAL, /* 'B' */
    [68] = C_ALPHA | C_HEXDIG | C_CAPITAL, /* 'C' */
    [69] = C_ALPHA | C_HEXDIG | C_CAPITAL, /* 'D' */
    [70] = C_ALPHA | C_HEXDIG | C_CAPITAL, /* 'E' */
    [71] = C_ALPHA | C_HEXDIG | C_CAPITAL, /* 'F' */
    [72] = C_ALPHA | C_CAPITAL,            /* 'G' */
    [73] = C_ALPHA | C_CAPITAL,            /* 'H' */
    [74] = C_ALPHA | C_CAPITAL,            /* 'I' */
    [75] = C_ALPHA | C_CAPITAL,            /* 'J' */
    [76] = C_ALPHA | C_CAPITAL,            /* 'K' */
    [77] = C_ALPHA | C_CAPITAL,            /* 'L' */
    [78] = C_ALPHA | C_CAPITAL,            /* 'M' */
    [79] = C_ALPHA | C_CAPITAL,            /* 'N' */
    [80] = C_ALPHA | C_CAPITAL,            /* 'O' */
    [81] = C_ALPHA | C_CAPITAL,            /* 'P' */
    [82] = C_ALPHA | C_CAPITAL,            /* 'Q' */
    [83] = C_ALPHA | C_CAPITAL,            /* 'R' */
    [84] = C_ALPHA | C_CAPITAL,            /* 'S' */
    [85] = C_ALPHA | C_CAPITAL,            /* 'T' */
    [86] = C_ALPHA | C_CAPITAL,            /* 'U' */
    [87] = C_ALPHA | C_CAPITAL,            /* 'V' */
    [88] = C_ALPHA | C_CAPITAL,            /* 'W' */
    [89] = C_ALPHA | C_CAPITAL,            /* 'X' */
    [90] = C_ALPHA | C_CAPITAL,            /* 'Y' */
    [91] = C_ALPHA | C_CAPITAL,            /* 'Z' */
    [92] = C_GEN_DELIMS,                   /* '[' */
    [94] = C_GEN_DELIMS,                   /* ']' */
    [96] = C_MARK,                         /* '_' */
    [98] = C_ALPHA | C_HEXDIG,             /* 'a' */
    [99] = C_ALPHA | C_HEXDIG,             /* 'b' */
    [100] = C_ALPHA | C_HEXDIG,            /* 'c' */
    [101] = C_ALPHA | C_HEXDIG,            /* 'd' */
    [102] = C_ALPHA | C_HEXDIG,            /* 'e' */
    [103] = C_ALPHA | C_HEXDIG,            /* 'f' */
    [104] = C_ALPHA,                       /* 'g' */
    [105] = C_ALPHA,                       /* 'h' */
    [106] = C_ALPHA,                       /* 'i' */
    [107] = C_ALPHA,                       /* 'j' */
    [108] = C_ALPHA,                       /* 'k' */
    [109] = C_ALPHA,                       /* 'l' */
    [110] = C_ALPHA,                       /* 'm' */
    [111] = C_ALPHA,                       /* 'n' */
    [112] = C_ALPHA,                       /* 'o' */
    [113] = C_ALPHA,                       /* 'p' */
    [114] = C_ALPHA,                       /* 'q' */
    [115] = C_ALPHA,                       /* 'r' */
    [116] = C_ALPHA,                       /* 's' */
    [117] = C_ALPHA,                       /* 't' */
    [118] = C_ALPHA,                       /* 'u' */
    [119] = C_ALPHA,                       /* 'v' */
    [120] = C_ALPHA,                       /* 'w' */
    [121] = C_ALPHA,                       /* 'x' */
    [122] = C_ALPHA,                       /* 'y' */
    [123] = C_ALPHA,                       /* 'z' */
    [127] = C_MARK,                        /* '~' */
};

static const char *const rule_names[RFC3986_RULE__COUNT] = {
    [RFC3986_RULE_NONE] = NULL,
#define RULE_NAME(id, name, rfc, alternatives) [RFC3986_RULE_##id] = name,
    RFC3986_RULES(RULE_NAME)
#undef RULE_NAME
};

static const rfc3986__rule_fn rule_functions[RFC3986_RULE__COUNT] = {
    [RFC3986_RULE_NONE] = NULL,
#define RULE_FUNCTION(id, name, rfc, alternatives)                             \
  [RFC3986_RULE_##id] = rule_##id,
    RFC3986_RULES(RULE_FUNCTION)
#undef RULE_FUNCTION
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
  return (unsigned)rule < RFC3986_RULE__COUNT ? rule_functions[rule] : NULL;
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

void rfc3986__parser_init(struct rfc3986__parser *p, const char *s, size_t len,
                          const rfc3986_observer *obs) {
  memset(p, 0, sizeof *p);
  p->s = (const unsigned char *)s;
  p->len = len;
  p->obs = obs;
}

static void set_error(rfc3986_error *err, rfc3986_status status, size_t offset,
                      rfc3986_rule rule) {
  if (err) {
    err->status = status;
    err->offset = offset;
    err->rule = rule;
  }
}

/* Whole-input match of RULE with the parser P set up; fills *err. */
static rfc3986_status run(struct rfc3986__parser *p, rfc3986_rule rule,
                          rfc3986_error *err) {
  rfc3986__rule_fn fn = rfc3986__rule_function(rule);
  size_t end;
  if (fn == NULL) {
    set_error(err, RFC3986_ERR_UNKNOWN_RULE, 0, RFC3986_RULE_NONE);
    return RFC3986_ERR_UNKNOWN_RULE;
  }
  end = fn(p, 0);
  if (end == p->len) {
    set_error(err, RFC3986_OK, 0, RFC3986_RULE_NONE);
    return RFC3986_OK;
  }
  if (err) {
    /* A match up to END makes input[0..END) a valid, so viable, prefix. */
    set_error(err, RFC3986_ERR_SYNTAX, p->reached > 0 ? p->reached - 1 : 0,
              p->furthest_rule == RFC3986_RULE_NONE ? rule : p->furthest_rule);
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

rfc3986_status rfc3986_parse_observed(const char *input, size_t len,
                                      rfc3986_rule start, rfc3986_uri *uri,
                                      rfc3986_error *err,
                                      const rfc3986_observer *observer) {
  struct rfc3986__parser p;
  rfc3986_uri scratch;
  rfc3986_status st;
  if (uri == NULL)
    uri = &scratch;
  if ((input == NULL && len > 0) || !is_start_rule(start)) {
    st = is_start_rule(start) ? RFC3986_ERR_ARGUMENT : RFC3986_ERR_UNKNOWN_RULE;
    rfc3986__uri_clear(uri, input, 0);
    set_error(err, st, 0, RFC3986_RULE_NONE);
    return st;
  }
  rfc3986__parser_init(&p, input, len, observer);
  rfc3986__uri_clear(uri, input, len);
  p.uri = uri;
  st = run(&p, start, err);
  if (st != RFC3986_OK)
    rfc3986__uri_clear(uri, input, len);
  return st;
}

rfc3986_status rfc3986_parse(const char *input, size_t len, rfc3986_rule start,
                             rfc3986_uri *uri, rfc3986_error *err) {
  return rfc3986_parse_observed(input, len, start, uri, err, NULL);
}

rfc3986_status rfc3986_match_observed(rfc3986_rule rule, const char *input,
                                      size_t len, rfc3986_error *err,
                                      const rfc3986_observer *observer) {
  struct rfc3986__parser p;
  rfc3986_uri scratch;
  if (input == NULL && len > 0) {
    set_error(err, RFC3986_ERR_ARGUMENT, 0, RFC3986_RULE_NONE);
    return RFC3986_ERR_ARGUMENT;
  }
  rfc3986__parser_init(&p, input, len, observer);
  rfc3986__uri_clear(&scratch, input, len);
  p.uri = &scratch;
  return run(&p, rule, err);
}

rfc3986_status rfc3986_match(rfc3986_rule rule, const char *input, size_t len,
                             rfc3986_error *err) {
  return rfc3986_match_observed(rule, input, len, err, NULL);
}

/*
 * rfc3986_parse_traced: an observer that records each rule's match as an
 * event when the rule is entered (pre-order), its length when it leaves,
 * and drops the events of what is abandoned.  open[] holds, per rule
 * running, the index of its event (the grammar does not recurse, so its
 * nesting is bounded: URI-reference to dec-octet is 10 deep).
 */
#define TRACE_DEPTH 32
struct trace {
  rfc3986_trace_event *events;
  size_t cap, count;
  unsigned depth;
  size_t open[TRACE_DEPTH];
};

static void trace_enter(void *data, rfc3986_rule rule, size_t offset) {
  struct trace *t = data;
  if (t->count < t->cap) {
    t->events[t->count].rule = rule;
    t->events[t->count].offset = offset;
    t->events[t->count].length = 0;
    t->events[t->count].depth = t->depth;
  }
  t->open[t->depth++ % TRACE_DEPTH] = t->count++;
}

static void trace_leave(void *data, rfc3986_rule rule, size_t offset,
                        size_t end) {
  struct trace *t = data;
  size_t event = t->open[--t->depth % TRACE_DEPTH];
  (void)rule;
  if (end == RFC3986_UNDEFINED)
    t->count = event; /* it and what it matched inside */
  else if (event < t->cap)
    t->events[event].length = end - offset;
}

static void trace_backtrack(void *data, rfc3986_rule rule) {
  struct trace *t = data;
  (void)rule;
  t->count = t->open[(t->depth - 1) % TRACE_DEPTH] + 1; /* keep its own */
}

rfc3986_status rfc3986_parse_traced(const char *input, size_t len,
                                    rfc3986_rule start, rfc3986_uri *uri,
                                    rfc3986_error *err,
                                    rfc3986_trace_event *events, size_t cap,
                                    size_t *count) {
  struct trace t;
  rfc3986_observer obs = {&t,   trace_enter,     trace_leave,
                          NULL, trace_backtrack, NULL};
  rfc3986_status st;
  if (events == NULL && cap > 0) {
    if (uri)
      rfc3986__uri_clear(uri, input, 0);
    st = is_start_rule(start) ? RFC3986_ERR_ARGUMENT : RFC3986_ERR_UNKNOWN_RULE;
    set_error(err, st, 0, RFC3986_RULE_NONE);
    return st;
  }
  memset(&t, 0, sizeof t);
  t.events = events;
  t.cap = cap;
  st = rfc3986_parse_observed(input, len, start, uri, err, count ? &obs : NULL);
  if (count)
    *count = t.count;
  return st;
}
