#!/usr/bin/python3
"""RFC 3987 section 2.2 (IRI ABNF) as regular expressions over Unicode strings.

One Python name per rule, composed literally from the ABNF; the rules shared with
RFC 3986 (scheme, port, IP-literal, IPv4address, pct-encoded, unreserved,
sub-delims, ...) are imported from rfc3986_regex.  Written from the RFC text.

  match(rule, s) -> bool   s: str of code points (bytes are decoded as UTF-8;
                           undecodable bytes never match)
"""

import sys

from .abnf import Chars, Rep, Rule, Seq, opt, union
from . import rfc3986_regex as U
from .rfc3986_regex import (ALPHA, DIGIT, IP_literal, IPv4address, pct_encoded,  # noqa: F401
                           port, scheme, sub_delims)

# ucschar = %xA0-D7FF / %xF900-FDCF / %xFDF0-FFEF
#         / %x10000-1FFFD / %x20000-2FFFD / %x30000-3FFFD
#         / %x40000-4FFFD / %x50000-5FFFD / %x60000-6FFFD
#         / %x70000-7FFFD / %x80000-8FFFD / %x90000-9FFFD
#         / %xA0000-AFFFD / %xB0000-BFFFD / %xC0000-CFFFD
#         / %xD0000-DFFFD / %xE1000-EFFFD
ucschar = Chars((0xA0, 0xD7FF), (0xF900, 0xFDCF), (0xFDF0, 0xFFEF),
                *[(p * 0x10000, p * 0x10000 + 0xFFFD) for p in range(1, 14)],
                (0xE1000, 0xEFFFD))
# iprivate = %xE000-F8FF / %xF0000-FFFFD / %x100000-10FFFD
iprivate = Chars((0xE000, 0xF8FF), (0xF0000, 0xFFFFD), (0x100000, 0x10FFFD))
# iunreserved = ALPHA / DIGIT / "-" / "." / "_" / "~" / ucschar
iunreserved = union(ALPHA, DIGIT, "-", ".", "_", "~", ucschar)
# ipchar = iunreserved / pct-encoded / sub-delims / ":" / "@"
ipchar = union(iunreserved, pct_encoded, sub_delims, ":", "@")
# iquery = *( ipchar / iprivate / "/" / "?" )
iquery = Rep(0, None, union(ipchar, iprivate, "/", "?"))
# ifragment = *( ipchar / "/" / "?" )
ifragment = Rep(0, None, union(ipchar, "/", "?"))
# isegment = *ipchar ; isegment-nz = 1*ipchar
isegment = Rep(0, None, ipchar)
isegment_nz = Rep(1, None, ipchar)
# isegment-nz-nc = 1*( iunreserved / pct-encoded / sub-delims / "@" )
isegment_nz_nc = Rep(1, None, union(iunreserved, pct_encoded, sub_delims, "@"))
# ipath-abempty = *( "/" isegment )
ipath_abempty = Rep(0, None, Seq("/", isegment))
# ipath-absolute = "/" [ isegment-nz *( "/" isegment ) ]
ipath_absolute = Seq("/", opt(Seq(isegment_nz, Rep(0, None, Seq("/", isegment)))))
# ipath-noscheme = isegment-nz-nc *( "/" isegment )
ipath_noscheme = Seq(isegment_nz_nc, Rep(0, None, Seq("/", isegment)))
# ipath-rootless = isegment-nz *( "/" isegment )
ipath_rootless = Seq(isegment_nz, Rep(0, None, Seq("/", isegment)))
# ipath-empty = 0<ipchar>
ipath_empty = Rep(0, 0, ipchar)
# ipath = ipath-abempty / ipath-absolute / ipath-noscheme / ipath-rootless / ipath-empty
ipath = union(ipath_abempty, ipath_absolute, ipath_noscheme, ipath_rootless, ipath_empty)
# ireg-name = *( iunreserved / pct-encoded / sub-delims )
ireg_name = Rep(0, None, union(iunreserved, pct_encoded, sub_delims))
# ihost = IP-literal / IPv4address / ireg-name
ihost = union(IP_literal, IPv4address, ireg_name)
# iuserinfo = *( iunreserved / pct-encoded / sub-delims / ":" )
iuserinfo = Rep(0, None, union(iunreserved, pct_encoded, sub_delims, ":"))
# iauthority = [ iuserinfo "@" ] ihost [ ":" port ]
iauthority = Seq(opt(Seq(iuserinfo, "@")), ihost, opt(Seq(":", port)))
# irelative-part = "//" iauthority ipath-abempty / ipath-absolute / ipath-noscheme / ipath-empty
irelative_part = union(Seq("//", iauthority, ipath_abempty), ipath_absolute, ipath_noscheme, ipath_empty)
# irelative-ref = irelative-part [ "?" iquery ] [ "#" ifragment ]
irelative_ref = Seq(irelative_part, opt(Seq("?", iquery)), opt(Seq("#", ifragment)))
# ihier-part = "//" iauthority ipath-abempty / ipath-absolute / ipath-rootless / ipath-empty
ihier_part = union(Seq("//", iauthority, ipath_abempty), ipath_absolute, ipath_rootless, ipath_empty)
# absolute-IRI = scheme ":" ihier-part [ "?" iquery ]
absolute_IRI = Seq(scheme, ":", ihier_part, opt(Seq("?", iquery)))
# IRI = scheme ":" ihier-part [ "?" iquery ] [ "#" ifragment ]
IRI = Seq(scheme, ":", ihier_part, opt(Seq("?", iquery)), opt(Seq("#", ifragment)))
# IRI-reference = IRI / irelative-ref
IRI_reference = union(IRI, irelative_ref)

IRI_RULES = [
    "IRI", "ihier-part", "IRI-reference", "absolute-IRI", "irelative-ref",
    "irelative-part", "iauthority", "iuserinfo", "ihost", "ireg-name", "ipath",
    "ipath-abempty", "ipath-absolute", "ipath-noscheme", "ipath-rootless",
    "ipath-empty", "isegment", "isegment-nz", "isegment-nz-nc", "ipchar",
    "iquery", "ifragment", "iunreserved", "ucschar", "iprivate",
]
RULES = {n: Rule(n, globals()[n.replace("-", "_")]) for n in IRI_RULES}
# the RFC 3986 rules that RFC 3987 uses unchanged
for _n in ["scheme", "port", "IP-literal", "IPv6address", "IPvFuture", "h16", "ls32", "IPv4address",
           "dec-octet", "pct-encoded", "unreserved", "reserved", "gen-delims", "sub-delims"]:
    RULES[_n] = U.RULES[_n]


def match(rule, s):
    if isinstance(s, (bytes, bytearray)):
        try:
            s = bytes(s).decode("utf-8")
        except UnicodeDecodeError:
            return False
    if rule in U.RULES and rule not in IRI_RULES:
        try:
            return U.match(rule, s.encode("latin-1"))
        except UnicodeEncodeError:
            return False
    return RULES[rule].match(s)


if __name__ == "__main__":
    rule = "IRI-reference"
    args = sys.argv[1:]
    if args[:1] == ["--rule"]:
        rule, args = args[1], args[2:]
    for a in args:
        print(rule, match(rule, a), a)
