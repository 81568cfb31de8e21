#!/usr/bin/python3
"""RFC 3987 section 2.2 (IRI ABNF) as regular expressions over Unicode strings.

The regular expressions are generated from the grammar files
(reference/grammar/rfc3987.abnf, with the rules section 2.2 takes from RFC
3986) into grammar_regex.py by reference/grammar/gen_regex.py.

  match(rule, s) -> bool   s: str of code points (bytes are decoded as UTF-8;
                           undecodable bytes never match)
"""

import sys

from . import grammar_regex as G
from . import rfc3986_regex as U

IRI_RULES = list(G.ORDER_3987)
RULES = {n: U.Rule(n, G.RFC3987[n]) for n in IRI_RULES}
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
