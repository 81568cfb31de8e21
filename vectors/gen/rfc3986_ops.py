#!/usr/bin/python3
"""RFC 3986 sections 5.2, 5.3, 6.2.2 and 6.2.3 in Python, written from the RFC.

Independent of the C reference: the generators take resolution and
normalization targets from here.  Components come from rfc3986_regex.parse().

  remove_dot_segments(path)            5.2.4
  merge(base, ref_path)                5.2.3
  resolve(base, ref, strict=True)      5.2.2 + 5.3 -> (target, hazard or None)
  recompose(components)                5.3
  normalize(uri, level="syntax")       6.2.2 (+ 6.2.3 with level "scheme") -> (text, hazard)
  equivalent(a, b, level="syntax")     6.2.1 for "simple", else compare normalized forms
"""

import re
import sys

from . import rfc3986_regex as R

HAZARD_PATH = ("path begins with \"//\" but there is no authority: the recomposed "
               "string would reparse with an authority (RFC 3986 3.3)")


def remove_dot_segments(path):
    # 1. The input buffer is initialized with the now-appended path
    #    components and the output buffer is initialized to the empty string.
    inp, out = path, ""
    # 2. While the input buffer is not empty, loop as follows:
    while inp:
        # A. If the input buffer begins with a prefix of "../" or "./",
        #    then remove that prefix from the input buffer; otherwise,
        if inp.startswith("../"):
            inp = inp[3:]
        elif inp.startswith("./"):
            inp = inp[2:]
        # B. if the input buffer begins with a prefix of "/./" or "/.",
        #    where "." is a complete path segment, then replace that
        #    prefix with "/" in the input buffer; otherwise,
        elif inp.startswith("/./"):
            inp = "/" + inp[3:]
        elif inp == "/.":
            inp = "/"
        # C. if the input buffer begins with a prefix of "/../" or "/..",
        #    where ".." is a complete path segment, then replace that
        #    prefix with "/" in the input buffer and remove the last
        #    segment and its preceding "/" (if any) from the output buffer;
        elif inp.startswith("/../") or inp == "/..":
            inp = "/" + inp[4:] if inp.startswith("/../") else "/"
            k = out.rfind("/")
            out = out[:k] if k >= 0 else ""
        # D. if the input buffer consists only of "." or "..", then remove
        #    that from the input buffer; otherwise,
        elif inp in (".", ".."):
            inp = ""
        # E. move the first path segment in the input buffer to the end of
        #    the output buffer, including the initial "/" character (if
        #    any) and any subsequent characters up to, but not including,
        #    the next "/" character or the end of the input buffer.
        else:
            k = inp.find("/", 1)
            if k < 0:
                k = len(inp)
            out += inp[:k]
            inp = inp[k:]
    # 3. Finally, the output buffer is returned as the result.
    return out


def merge(base, ref_path):
    # If the base URI has a defined authority component and an empty
    # path, then return a string consisting of "/" concatenated with the
    # reference's path; otherwise,
    if base["authority"] is not None and base["path"] == "":
        return "/" + ref_path
    # return a string consisting of the reference's path component
    # appended to all but the last segment of the base URI's path
    k = base["path"].rfind("/")
    return base["path"][:k + 1] + ref_path if k >= 0 else ref_path


def recompose(c):
    # 5.3 Component Recomposition
    result = ""
    if c["scheme"] is not None:
        result += c["scheme"] + ":"
    if c["authority"] is not None:
        result += "//" + c["authority"]
    result += c["path"]
    if c["query"] is not None:
        result += "?" + c["query"]
    if c["fragment"] is not None:
        result += "#" + c["fragment"]
    return result


def _hazard(c):
    if c["authority"] is None and c["path"].startswith("//"):
        return HAZARD_PATH
    return None


def _components(s, rule="URI-reference"):
    r = R.parse(s, rule)
    if not r["valid"]:
        raise ValueError("invalid %s: %r" % (rule, s))
    return r["components"]


def resolve(base, ref, strict=True):
    """5.2.2; base must be a URI (a fragment in it is ignored)."""
    Base = _components(base, "URI")
    Rr = _components(ref)
    T = {}
    # -- A non-strict parser may ignore a scheme in the reference
    # -- if it is identical to the base URI's scheme.
    if not strict and Rr["scheme"] == Base["scheme"]:
        Rr = dict(Rr, scheme=None)
    if Rr["scheme"] is not None:
        T["scheme"] = Rr["scheme"]
        T["authority"] = Rr["authority"]
        T["path"] = remove_dot_segments(Rr["path"])
        T["query"] = Rr["query"]
    else:
        if Rr["authority"] is not None:
            T["authority"] = Rr["authority"]
            T["path"] = remove_dot_segments(Rr["path"])
            T["query"] = Rr["query"]
        else:
            if Rr["path"] == "":
                T["path"] = Base["path"]
                T["query"] = Rr["query"] if Rr["query"] is not None else Base["query"]
            else:
                if Rr["path"].startswith("/"):
                    T["path"] = remove_dot_segments(Rr["path"])
                else:
                    T["path"] = merge(Base, Rr["path"])
                    T["path"] = remove_dot_segments(T["path"])
                T["query"] = Rr["query"]
            T["authority"] = Base["authority"]
        T["scheme"] = Base["scheme"]
    T["fragment"] = Rr["fragment"]
    return recompose(T), _hazard(T)


UNRESERVED = set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
_PCT = re.compile(r"%([0-9A-Fa-f]{2})")


def _decode_unreserved(s):
    # 6.2.2.2: decode any percent-encoded octet that corresponds to an unreserved character
    def f(m):
        ch = chr(int(m.group(1), 16))
        return ch if ch in UNRESERVED else m.group(0)
    return None if s is None else _PCT.sub(f, s)


def _upper_pct(s):
    # 6.2.2.1: hexadecimal digits within a percent-encoding triplet are upper case
    return None if s is None else _PCT.sub(lambda m: "%" + m.group(1).upper(), s)


DEFAULT_PORTS = {"http": "80", "https": "443", "ws": "80", "wss": "443", "ftp": "21"}


def normalize(uri, level="syntax"):
    """6.2.2 (decode unreserved, case, dot segments), applied to a URI; level
    "scheme" adds 6.2.3 for http, https, ws, wss, ftp and mailto."""
    c = dict(_components(uri, "URI"))
    for k in ("userinfo", "host", "port", "path", "query", "fragment"):
        c[k] = _decode_unreserved(c[k])
    c["scheme"] = c["scheme"].lower()
    if c["host"] is not None:
        c["host"] = c["host"].lower()
    for k in ("userinfo", "host", "path", "query", "fragment"):
        c[k] = _upper_pct(c[k])
    c["path"] = remove_dot_segments(c["path"])
    if level == "scheme":
        sch = c["scheme"]
        if sch in DEFAULT_PORTS and c["authority"] is not None:
            if c["port"] == "" or c["port"] == DEFAULT_PORTS[sch]:
                c["port"] = None
            if c["path"] == "":
                c["path"] = "/"
        if sch == "mailto":
            at = c["path"].rfind("@")
            if at >= 0:
                c["path"] = c["path"][:at + 1] + c["path"][at + 1:].lower()
    if c["authority"] is not None:
        a = ""
        if c["userinfo"] is not None:
            a += c["userinfo"] + "@"
        a += c["host"]
        if c["port"] is not None:
            a += ":" + c["port"]
        c["authority"] = a
    return recompose(c), _hazard(c)


def equivalent(a, b, level="syntax"):
    if level == "simple":
        return a == b
    return normalize(a, level)[0] == normalize(b, level)[0]


# RFC 3987 3.1 mapping of IRIs to URIs (step 2: convert every ucschar and
# iprivate character to UTF-8 and percent-encode each octet, upper-case hex).
def iri_to_uri(iri):
    out = []
    for ch in iri:
        if ord(ch) >= 0xA0:
            out.append("".join("%%%02X" % b for b in ch.encode("utf-8")))
        else:
            out.append(ch)
    return "".join(out)


if __name__ == "__main__":
    op = sys.argv[1]
    if op == "resolve":
        print(resolve(sys.argv[2], sys.argv[3], strict="--non-strict" not in sys.argv))
    elif op == "normalize":
        print(normalize(sys.argv[2], "scheme" if "--scheme" in sys.argv else "syntax"))
    elif op == "rds":
        print(remove_dot_segments(sys.argv[2]))
