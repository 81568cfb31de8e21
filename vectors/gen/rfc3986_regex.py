#!/usr/bin/python3
"""RFC 3986 Appendix A as regular expressions: an independent checker.

One Python name per ABNF rule, composed literally from the ABNF (rule names with
"-" written "_").  Written from the RFC text, never from the C reference.

Inputs are octets: pass bytes, or a str (a str with only code points below 256
is taken as latin-1 octets, any other str is encoded as UTF-8; since every octet
above 0x7F is invalid in a URI both readings give the same verdict, offset and
components).

API:
  match(rule, s)   -> bool, whole-input match of an Appendix A rule (or ALPHA,
                      DIGIT, HEXDIG); also match_URI(s), match_IPv6address(s),
                      match_path_abempty(s), ... one function per rule
  parse(s, rule="URI-reference") -> {"valid", "kind", "components"} or
                      {"valid": False, "error": {"offset": N}}
  error_offset(s, rule="URI-reference") -> longest viable prefix length
  host_type(host)  -> "IPv6address" | "IPvFuture" | "IPv4address" | "reg-name"
  RULES            -> {name: abnf.Rule} for the 36 Appendix A rules (+ core rules)

Command line: rfc3986_regex.py [--rule R] INPUT...  prints one JSON line each.
"""

import json
import sys

from .abnf import Chars, ILit, Group, Rep, Rule, Seq, opt, union

# RFC 5234 B.1 core rules
ALPHA = Chars((0x41, 0x5A), (0x61, 0x7A))
DIGIT = Chars((0x30, 0x39))
# HEXDIG = DIGIT / "A" / "B" / "C" / "D" / "E" / "F"  (quoted: case-insensitive)
HEXDIG = Chars((0x30, 0x39), (0x41, 0x46), (0x61, 0x66))

# sub-delims = "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "="
sub_delims = Chars.of("!$&'()*+,;=")
# gen-delims = ":" / "/" / "?" / "#" / "[" / "]" / "@"
gen_delims = Chars.of(":/?#[]@")
# reserved = gen-delims / sub-delims
reserved = union(gen_delims, sub_delims)
# unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"
unreserved = union(ALPHA, DIGIT, "-", ".", "_", "~")
# pct-encoded = "%" HEXDIG HEXDIG
pct_encoded = Seq("%", HEXDIG, HEXDIG)
# pchar = unreserved / pct-encoded / sub-delims / ":" / "@"
pchar = union(unreserved, pct_encoded, sub_delims, ":", "@")
# query = *( pchar / "/" / "?" )
query = Rep(0, None, union(pchar, "/", "?"))
# fragment = *( pchar / "/" / "?" )
fragment = Rep(0, None, union(pchar, "/", "?"))
# segment = *pchar
segment = Rep(0, None, pchar)
# segment-nz = 1*pchar
segment_nz = Rep(1, None, pchar)
# segment-nz-nc = 1*( unreserved / pct-encoded / sub-delims / "@" )
segment_nz_nc = Rep(1, None, union(unreserved, pct_encoded, sub_delims, "@"))
# path-abempty = *( "/" segment )
path_abempty = Rep(0, None, Seq("/", segment))
# path-absolute = "/" [ segment-nz *( "/" segment ) ]
path_absolute = Seq("/", opt(Seq(segment_nz, Rep(0, None, Seq("/", segment)))))
# path-noscheme = segment-nz-nc *( "/" segment )
path_noscheme = Seq(segment_nz_nc, Rep(0, None, Seq("/", segment)))
# path-rootless = segment-nz *( "/" segment )
path_rootless = Seq(segment_nz, Rep(0, None, Seq("/", segment)))
# path-empty = 0<pchar>
path_empty = Rep(0, 0, pchar)
# path = path-abempty / path-absolute / path-noscheme / path-rootless / path-empty
path = union(path_abempty, path_absolute, path_noscheme, path_rootless, path_empty)
# reg-name = *( unreserved / pct-encoded / sub-delims )
reg_name = Rep(0, None, union(unreserved, pct_encoded, sub_delims))
# dec-octet = DIGIT / %x31-39 DIGIT / "1" 2DIGIT / "2" %x30-34 DIGIT / "25" %x30-35
dec_octet = union(
    Seq(Chars.of("2"), Chars.of("5"), Chars((0x30, 0x35))),
    Seq(Chars.of("2"), Chars((0x30, 0x34)), DIGIT),
    Seq(Chars.of("1"), Rep(2, 2, DIGIT)),
    Seq(Chars((0x31, 0x39)), DIGIT),
    DIGIT,
)
# IPv4address = dec-octet "." dec-octet "." dec-octet "." dec-octet
IPv4address = Seq(dec_octet, ".", dec_octet, ".", dec_octet, ".", dec_octet)
# h16 = 1*4HEXDIG
h16 = Rep(1, 4, HEXDIG)
# ls32 = ( h16 ":" h16 ) / IPv4address
ls32 = union(IPv4address, Seq(h16, ":", h16))  # order irrelevant for full match
_h16c = Seq(h16, ":")
# IPv6address =                            6( h16 ":" ) ls32
#             /                       "::" 5( h16 ":" ) ls32
#             / [               h16 ] "::" 4( h16 ":" ) ls32
#             / [ *1( h16 ":" ) h16 ] "::" 3( h16 ":" ) ls32
#             / [ *2( h16 ":" ) h16 ] "::" 2( h16 ":" ) ls32
#             / [ *3( h16 ":" ) h16 ] "::"    h16 ":"   ls32
#             / [ *4( h16 ":" ) h16 ] "::"              ls32
#             / [ *5( h16 ":" ) h16 ] "::"              h16
#             / [ *6( h16 ":" ) h16 ] "::"
IPv6address = union(
    Seq(Rep(6, 6, _h16c), ls32),
    Seq("::", Rep(5, 5, _h16c), ls32),
    Seq(opt(h16), "::", Rep(4, 4, _h16c), ls32),
    Seq(opt(Seq(Rep(0, 1, _h16c), h16)), "::", Rep(3, 3, _h16c), ls32),
    Seq(opt(Seq(Rep(0, 2, _h16c), h16)), "::", Rep(2, 2, _h16c), ls32),
    Seq(opt(Seq(Rep(0, 3, _h16c), h16)), "::", _h16c, ls32),
    Seq(opt(Seq(Rep(0, 4, _h16c), h16)), "::", ls32),
    Seq(opt(Seq(Rep(0, 5, _h16c), h16)), "::", h16),
    Seq(opt(Seq(Rep(0, 6, _h16c), h16)), "::"),
)
# IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )
IPvFuture = Seq(ILit("v"), Rep(1, None, HEXDIG), ".",
                Rep(1, None, union(unreserved, sub_delims, ":")))
# IP-literal = "[" ( IPv6address / IPvFuture  ) "]"
IP_literal = Seq("[", union(IPv6address, IPvFuture), "]")
# port = *DIGIT
port = Rep(0, None, DIGIT)
# host = IP-literal / IPv4address / reg-name
host = union(IP_literal, IPv4address, reg_name)
# userinfo = *( unreserved / pct-encoded / sub-delims / ":" )
userinfo = Rep(0, None, union(unreserved, pct_encoded, sub_delims, ":"))
# authority = [ userinfo "@" ] host [ ":" port ]
authority = Seq(opt(Seq(userinfo, "@")), host, opt(Seq(":", port)))
# scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )
scheme = Seq(ALPHA, Rep(0, None, union(ALPHA, DIGIT, "+", "-", ".")))
# relative-part = "//" authority path-abempty / path-absolute / path-noscheme / path-empty
relative_part = union(Seq("//", authority, path_abempty), path_absolute, path_noscheme, path_empty)
# relative-ref = relative-part [ "?" query ] [ "#" fragment ]
relative_ref = Seq(relative_part, opt(Seq("?", query)), opt(Seq("#", fragment)))
# hier-part = "//" authority path-abempty / path-absolute / path-rootless / path-empty
hier_part = union(Seq("//", authority, path_abempty), path_absolute, path_rootless, path_empty)
# absolute-URI = scheme ":" hier-part [ "?" query ]
absolute_URI = Seq(scheme, ":", hier_part, opt(Seq("?", query)))
# URI = scheme ":" hier-part [ "?" query ] [ "#" fragment ]
URI = Seq(scheme, ":", hier_part, opt(Seq("?", query)), opt(Seq("#", fragment)))
# URI-reference = URI / relative-ref
URI_reference = union(URI, relative_ref)

APPENDIX_A = [
    "URI", "hier-part", "URI-reference", "absolute-URI", "relative-ref",
    "relative-part", "scheme", "authority", "userinfo", "host", "port",
    "IP-literal", "IPvFuture", "IPv6address", "h16", "ls32", "IPv4address",
    "dec-octet", "reg-name", "path", "path-abempty", "path-absolute",
    "path-noscheme", "path-rootless", "path-empty", "segment", "segment-nz",
    "segment-nz-nc", "pchar", "query", "fragment", "pct-encoded", "unreserved",
    "reserved", "gen-delims", "sub-delims",
]
CORE = ["ALPHA", "DIGIT", "HEXDIG"]

RULES = {name: Rule(name, globals()[name.replace("-", "_")]) for name in APPENDIX_A + CORE}

# Start rules with named groups for the component model (DESIGN.md).
def _authority_g():
    return Seq(opt(Seq(Group("userinfo", userinfo), "@")), Group("host", host),
               opt(Seq(":", Group("port", port))))


def _part_g(third):
    return union(Seq("//", Group("authority", _authority_g()), Group("path", path_abempty)),
                 Group("path", path_absolute), Group("path", third), Group("path", path_empty))


def _tail_g(with_fragment=True):
    t = [opt(Seq("?", Group("query", query)))]
    if with_fragment:
        t.append(opt(Seq("#", Group("fragment", fragment))))
    return t


_START = {
    "URI": Rule("URI", Seq(Group("scheme", scheme), ":", _part_g(path_rootless), *_tail_g())),
    "absolute-URI": Rule("absolute-URI", Seq(Group("scheme", scheme), ":", _part_g(path_rootless), *_tail_g(False))),
    "relative-ref": Rule("relative-ref", Seq(_part_g(path_noscheme), *_tail_g())),
}

COMPONENTS = ["scheme", "authority", "userinfo", "host", "host_type", "port", "path", "query", "fragment"]


def octets(s):
    """Return s as a latin-1 str of octets."""
    if isinstance(s, (bytes, bytearray)):
        return bytes(s).decode("latin-1")
    if all(ord(c) < 256 for c in s):
        return s
    return s.encode("utf-8").decode("latin-1")


def match(rule, s):
    return RULES[rule].match(octets(s))


# match_URI(s), match_IPv6address(s), match_path_abempty(s), ...: one full-match
# function per rule
def _matcher(rule):
    def f(s):
        return RULES[rule].match(octets(s))
    f.__name__ = "match_" + rule.replace("-", "_")
    f.__doc__ = "Whole-input match of the RFC 3986 rule %s." % rule
    return f


for _r in APPENDIX_A + CORE:
    globals()["match_" + _r.replace("-", "_")] = _matcher(_r)


def host_type(h):
    """Section 3.2.2: IP-literal by its content, else first-match-wins."""
    if h is None:
        return None
    if h.startswith("["):
        inner = h[1:-1]
        return "IPv6address" if RULES["IPv6address"].match(inner) else "IPvFuture"
    return "IPv4address" if RULES["IPv4address"].match(h) else "reg-name"


def error_offset(s, rule="URI-reference"):
    return RULES[rule].longest_viable_prefix(octets(s))


def _groups(m):
    comp = {c: None for c in COMPONENTS}
    for k, v in m.groupdict().items():
        if v is not None:
            comp[k.rsplit("_", 1)[0]] = v
    comp["host_type"] = host_type(comp["host"])
    return comp


def parse(s, rule="URI-reference"):
    """Validity and the nine components; for an invalid input, error.offset."""
    s = octets(s)
    tries = ["URI", "relative-ref"] if rule == "URI-reference" else [rule]
    for start in tries:
        m = _START[start].compiled().fullmatch(s)
        if m:
            kind = "relative-ref" if start == "relative-ref" else "URI"
            return {"valid": True, "kind": kind, "components": _groups(m)}
    return {"valid": False, "error": {"offset": error_offset(s, rule)}}


def main(argv):
    rule = "URI-reference"
    if len(argv) > 1 and argv[0] == "--rule":
        rule, argv = argv[1], argv[2:]
    for a in argv:
        if rule in _START or rule == "URI-reference":
            r = parse(a.encode("utf-8", "surrogateescape"), rule)
        else:
            r = {"rule": rule, "valid": match(rule, a.encode("utf-8", "surrogateescape"))}
        print(json.dumps(dict(input=a, **r), ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
