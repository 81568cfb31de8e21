#!/usr/bin/python3
"""python-urllib: Python's urllib.parse (urlsplit, urljoin) behind the uritest
protocol (adapters/PROTOCOL.md).  See README.md for the mapping."""
import http.client
import os
import sys
import urllib.error
import urllib.parse
import urllib.request

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "common"))
import pyadapter  # noqa: E402


def parse(req):
    if req.rule not in (None, "URI-reference"):
        return pyadapter.unsupported("urllib.parse has one entry point (urlsplit)")
    s = req.text("input")
    try:
        u = urllib.parse.urlsplit(s)
    except ValueError:
        return {"valid": False}
    c = {"path": u.path}
    # urlsplit gives "" for an absent scheme; a scheme is never empty, so ""
    # is absent.
    c["scheme"] = u.scheme or None
    if u.netloc:
        netloc = u.netloc
        c["authority"] = netloc
        userinfo, at, hostinfo = netloc.rpartition("@")
        c["userinfo"] = userinfo if at else None
        # urllib's own split of hostinfo (SplitResult._hostinfo): the host
        # inside the first "[...]" when there is one, else before the
        # first ":"; the port after it.
        hostname, port = u._hostinfo
        _, br, bracketed = hostinfo.partition("[")
        if br:
            c["host"] = "[" + hostname + "]"
            after = bracketed.partition("]")[2]
        else:
            c["host"] = hostname
            after = hostinfo[len(hostname):]
        c["host_type"] = pyadapter.host_type(c["host"])
        # _hostinfo says None for an empty port: "" when a ":" was there.
        c["port"] = port if port is not None else ("" if ":" in after else None)
    else:
        # "" is both "no authority" and "empty authority" (http:///a): the
        # authority and its parts are left out, but there is no host either
        # way (hostname is None), and that is said, so that an endpoint is
        # compared (DESIGN.md "Endpoints").
        c["host"] = None
    if u.query:
        c["query"] = u.query      # "" is both absent and empty: left out
    if u.fragment:
        c["fragment"] = u.fragment
    return {"valid": True, "components": c}


def resolve(req):
    if not req.strict:
        return pyadapter.unsupported("urljoin has no non-strict (5.2.2) mode")
    base = req.text("base")
    ref = req.text("input")
    try:
        return {"valid": True, "target": urllib.parse.urljoin(base, ref)}
    except ValueError:
        return {"valid": False}


def recompose(req):
    try:
        return {"valid": True, "output": urllib.parse.urlunsplit(urllib.parse.urlsplit(req.text("input")))}
    except ValueError:
        return {"valid": False}


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args):
        return None


_opener = urllib.request.build_opener(_NoRedirect)


def _refused(e):
    # ValueError: "unknown url type", a bad port; InvalidURL: control
    # characters; URLError with a text reason: "no host given", "unknown
    # url type".  A URLError wrapping an OSError is a failed connection.
    return isinstance(e, (ValueError, http.client.InvalidURL)) or (
        isinstance(e, urllib.error.URLError) and isinstance(e.reason, str))


def fetch(req):
    s = req.text("input")
    return pyadapter.fetch_answer(lambda: _opener.open(s).read(), _refused)


if __name__ == "__main__":
    sys.exit(pyadapter.serve("python-urllib", "Python %d.%d.%d urllib.parse" % sys.version_info[:3],
                             "other", {"parse": parse, "resolve": resolve, "recompose": recompose,
                              "fetch": fetch}))
