#!/usr/bin/python3
"""python-rfc3987: the rfc3987 module (python3-rfc3987, strict regular
expressions from RFC 3986/3987 Appendix A) behind the uritest protocol
(adapters/PROTOCOL.md).  See README.md for the mapping."""
import os
import re
import sys

import rfc3987

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "common"))
import pyadapter  # noqa: E402

VERSION = "1.3.8"  # the module has no __version__; Debian python3-rfc3987
try:
    from importlib.metadata import version
    VERSION = version("rfc3987")
except Exception:  # metadata missing: keep the packaged version
    pass

REFERENCE_RULES = {"URI-reference", "URI", "absolute-URI", "relative-ref",
                   "IRI-reference", "IRI", "absolute-IRI", "irelative-ref"}

# The library's own authority patterns with named groups for userinfo, host
# and port (compilable with re: each name occurs once).
_named = rfc3987.format_patterns(userinfo="userinfo", host="host", port="port",
                                 iuserinfo="userinfo", ihost="host")
AUTHORITY = {k: re.compile("^%s$" % rfc3987._interpret_unicode_escapes(_named[k]))
             for k in ("authority", "iauthority")}


def parse(req):
    rule = req.rule or "URI-reference"
    if rule not in REFERENCE_RULES:
        return pyadapter.unsupported("rfc3987.parse splits reference rules only")
    s = req.text("input")
    try:
        d = rfc3987.parse(s, rule=rule.replace("-", "_"))
    except ValueError:
        return {"valid": False}
    c = {k: d[k] for k in ("scheme", "authority", "query", "fragment")}
    c["path"] = d["path"] if d["path"] is not None else ""
    if d["authority"] is None:
        c.update(userinfo=None, host=None, host_type=None, port=None)
    else:
        iri = rule in ("IRI-reference", "IRI", "absolute-IRI", "irelative-ref")
        m = AUTHORITY["iauthority" if iri else "authority"].match(d["authority"])
        c.update(userinfo=m.group("userinfo"), host=m.group("host"), port=m.group("port"))
        c["host_type"] = pyadapter.host_type(c["host"])
    return {"valid": True, "components": c}


def match(req):
    s = req.text("input")
    name = req.rule.replace("-", "_")
    if name not in rfc3987.patterns and name.lower() in rfc3987.patterns:
        name = name.lower()  # the module writes HEXDIG "hexdig"
    if name not in rfc3987.patterns:
        return pyadapter.unsupported("rfc3987 has no pattern for this rule")
    return {"valid": rfc3987.match(s, name) is not None}


def resolve(req):
    base = req.text("base")
    ref = req.text("input")
    try:
        return {"valid": True, "target": rfc3987.resolve(base, ref, strict=req.strict)}
    except ValueError:
        return {"valid": False}


if __name__ == "__main__":
    sys.exit(pyadapter.serve("python-rfc3987", "rfc3987 %s (Python %d.%d, re)" % (
        VERSION, sys.version_info[0], sys.version_info[1]), "rfc3986",
        {"parse": parse, "match": match, "resolve": resolve}))
