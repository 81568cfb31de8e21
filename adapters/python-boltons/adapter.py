#!/usr/bin/python3
"""python-boltons: boltons.urlutils (python3-boltons) behind the uritest
protocol (adapters/PROTOCOL.md): URL(text) for parse (its exceptions are
rejections), URL(base).navigate(ref) for resolve, URL.normalize() for
normalize.  The components are those of boltons.urlutils.parse_url, the
function URL(text) parses with, whose parts keep absent apart from empty.
See README.md for the mapping."""
import importlib.metadata
import os
import socket
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "common"))
import pyadapter  # noqa: E402

from boltons import urlutils  # noqa: E402


def rejected(e):
    return {"valid": False, "exception": "%s: %s" % (type(e).__name__, e)}


def components(s):
    d = urlutils.parse_url(s)
    c = {"scheme": d["scheme"]}
    auth = d["authority"]
    if d["_netloc_sep"] is None:
        for k in ("authority", "userinfo", "host", "host_type", "port"):
            c[k] = None
    else:
        c["authority"] = auth or ""
        # parse_url splits the authority at its last "@" (rpartition), then
        # the userinfo at its first ":" into username and password; the
        # userinfo is the text before that "@", as the library split it
        userinfo, sep, _ = (auth or "").rpartition("@")
        c["userinfo"] = userinfo if sep else None
        host = d["host"]
        # parse_host strips an IPv6 literal's brackets (family AF_INET6);
        # an IPvFuture keeps them
        if host is not None and d["family"] == socket.AF_INET6:
            host = "[%s]" % host
        c["host"] = host
        # the library's own reading: inet_pton's family, else a name (a
        # bracketed host without ":" is one too, unless it is an IPvFuture)
        if host is None:
            c["host_type"] = None
        elif d["family"] == socket.AF_INET6:
            c["host_type"] = "IPv6address"
        elif d["family"] == socket.AF_INET:
            c["host_type"] = "IPv4address"
        elif host[:2] in ("[v", "[V"):
            c["host_type"] = "IPvFuture"
        else:
            c["host_type"] = "reg-name"
        c["port"] = None if d["port"] is None else str(d["port"])
    c["path"] = d["path"] or ""
    c["query"] = d["query"]
    c["fragment"] = d["fragment"]
    return c


def parse(req):
    if req.rule not in (None, "URI-reference"):
        return pyadapter.unsupported("boltons.urlutils.URL has one entry point")
    s = req.text("input")
    try:
        urlutils.URL(s)
        return {"valid": True, "components": components(s)}
    except Exception as e:  # any exception of the library is a rejection
        return rejected(e)


def resolve(req):
    if not req.strict:
        return pyadapter.unsupported("URL.navigate has no non-strict (RFC 3986 5.2.2) mode")
    base, ref = req.text("base"), req.text("input")
    try:
        return {"valid": True, "target": urlutils.URL(base).navigate(ref).to_text()}
    except Exception as e:
        return rejected(e)


def normalize(req):
    if req.level != "syntax":
        return pyadapter.unsupported("URL.normalize is RFC 3986 6.2.2 only (level syntax)")
    s = req.text("input")
    try:
        u = urlutils.URL(s)
        u.normalize()
        return {"valid": True, "normalized": u.to_text()}
    except Exception as e:
        return rejected(e)


pyadapter.serve("python-boltons", "boltons %s urlutils (python %d.%d)" % (
    importlib.metadata.version("boltons"), *sys.version_info[:2]), "rfc3986",
    {"parse": parse, "resolve": resolve, "normalize": normalize})
