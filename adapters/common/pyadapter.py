"""pyadapter: the adapter side of the JSON Lines protocol (adapters/PROTOCOL.md)
for Python libraries, standard library only.

An adapter is a small script that builds a dict of op handlers and calls
serve():

    import pyadapter
    def parse(req):            # req: a Request
        ...
        return {"valid": True, "components": {...}}
    pyadapter.serve("name", "lib 1.0", "rfc3986", {"parse": parse})

A handler returns the answer without its id: the fields of PROTOCOL.md section
4, or pyadapter.unsupported(why).  Component values may be str, bytes (sent
as {"hex": ...} when not UTF-8) or None; a component the library cannot
express is simply left out of the dict.

Requests are read with os.read into a buffer (a line may be of any length);
the answers to the lines of one read go out 32 to a write, the last ones
before the next read (section 6): a pipelined burst costs a write per 32
answers, not per answer, and the harness refills its window meanwhile.  An
exception a handler does not catch
is a bug of the library or the adapter: the traceback goes to standard error
and the process exits, which the harness records as CRASH for that request
only (and restarts the adapter).
"""
import json
import os
import re
import sys
import traceback

OPS = ("parse", "match", "resolve", "normalize", "equivalent", "iri-to-uri", "recompose", "fetch")


class BadRequest(Exception):
    """The request is malformed: answered {"id": ..., "error": why}."""


class Unsupported(Exception):
    """The library cannot take this request: answered "unsupported"."""


def unsupported(why):
    return {"unsupported": why}


class Request:
    """One request: .op, .raw (the decoded JSON object), octet fields."""

    def __init__(self, obj):
        self.raw = obj
        op = obj.get("op", "parse")
        if not isinstance(op, str):
            raise BadRequest("op is not a string")
        self.op = op
        rule = obj.get("rule")
        if rule is not None and not isinstance(rule, str):
            raise BadRequest("rule is not a string")
        self.rule = rule
        level = obj.get("level")
        if level is None:
            level = "syntax"
        if op in ("normalize", "equivalent") and level not in ("simple", "syntax", "scheme"):
            raise BadRequest("level is not one of simple, syntax, scheme")
        self.level = level
        strict = obj.get("strict", True)
        self.strict = strict is not False

    def octets(self, name, required=True):
        """Field NAME (or NAME_hex) as bytes; None when absent and optional."""
        v = self.raw.get(name)
        if v is not None:
            if not isinstance(v, str):
                raise BadRequest("a string field is not a string")
            try:
                return v.encode("utf-8")
            except UnicodeEncodeError:
                # a lone surrogate escape (\udXXX) in the JSON text
                raise BadRequest("a string field is not Unicode text")
        h = self.raw.get(name + "_hex")
        if h is None:
            if required:
                raise BadRequest("request has neither %s nor %s_hex" % (name, name))
            return None
        if not isinstance(h, str):
            raise BadRequest("a _hex field is not a string")
        if len(h) % 2:
            raise BadRequest("a _hex field has an odd number of digits")
        try:
            return bytes.fromhex(h)
        except ValueError:
            raise BadRequest("a _hex field has a character that is not a hex digit")

    def text(self, name, required=True):
        """Field NAME as str, for a library whose API takes Unicode text:
        octets that are not UTF-8 raise Unsupported (never altered)."""
        b = self.octets(name, required)
        if b is None:
            return None
        try:
            return b.decode("utf-8")
        except UnicodeDecodeError:
            raise Unsupported("the library takes Unicode strings: input is not UTF-8")


def fetch_answer(call, refused):
    """The answer to a fetch (PROTOCOL.md, op fetch): CALL() fetches with
    the library's client; an exception for which REFUSED(exc) is true means
    the client refused the URL before connecting ({"valid": false,
    "error"}); any other outcome, an answer or a failure after connecting
    (a TLS handshake the lab never completes, a closed connection), is
    {"valid": true}."""
    try:
        call()
    except Exception as e:  # noqa: BLE001 - every failure is an outcome here
        if refused(e):
            return {"valid": False, "error": "%s: %s" % (type(e).__name__, e)}
    return {"valid": True}


def jvalue(v):
    """A string value of an answer: str as is, bytes as str when UTF-8,
    else {"hex": ...}."""
    if isinstance(v, bytes):
        try:
            return v.decode("utf-8")
        except UnicodeDecodeError:
            return {"hex": v.hex()}
    return v


_IPV4 = re.compile(r"(?:(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])\.){3}"
                   r"(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])\Z")


def host_type(host):
    """host_type of the component model for a host string as the library
    reported it (brackets kept): the ABNF rule it would match by its shape
    (3.2.2 first-match-wins: a dotted quad is IPv4address).  The library's
    own reading of the host is not re-validated here."""
    if host is None:
        return None
    if isinstance(host, bytes):
        host = host.decode("latin-1")
    if host.startswith("["):
        return "IPvFuture" if host[1:2] in ("v", "V") else "IPv6address"
    if _IPV4.match(host):
        return "IPv4address"
    return "reg-name"


def urllib3_components(u):
    """The components of a urllib3 Url (urllib3.util.parse_url's answer,
    which requests reads its prepared URLs with): no host and no userinfo
    is no authority; an int port or None (an empty port reads as absent:
    left out then); None is absent, "" empty (urllib3 keeps the
    difference)."""
    c = {"scheme": u.scheme, "path": u.path or ""}
    if u.host is None and u.auth is None:
        for k in ("authority", "userinfo", "host", "host_type", "port"):
            c[k] = None
    else:
        c["userinfo"] = u.auth
        c["host"] = u.host if u.host is not None else ""
        c["host_type"] = host_type(c["host"])
        if u.port is not None:
            c["port"] = str(u.port)
    c["query"] = u.query
    c["fragment"] = u.fragment
    return c


# json's C encoder, made once (JSONEncoder.encode makes one a call), the
# separators without spaces; a bytes value (a component, a target...) is not
# JSON: the encoder hands it to jvalue
_encode = json.encoder.c_make_encoder(
    None, jvalue, json.encoder.encode_basestring_ascii, None, ":", ",",
    False, False, True) if json.encoder.c_make_encoder else json.JSONEncoder(
    separators=(",", ":"), default=jvalue).iterencode


def _answer_line(rid, ans):
    return "".join(_encode({"id": rid, **ans}, 0)) + "\n"


_scan = json.JSONDecoder().scan_once


def _load(line):
    """The JSON value of LINE (bytes), as json.loads reads it.  The common
    case, one UTF-8 value filling the line, goes straight to the C scanner
    (json.loads detects an encoding and skips white space first); anything
    else to json.loads.  ValueError when it is not JSON."""
    try:
        text = line.decode("utf-8")
        obj, end = _scan(text, 0)
        if end == len(text):
            return obj
    except (ValueError, StopIteration):
        pass
    return json.loads(line)


def _serve_line(line, handlers):
    try:
        obj = _load(line)
    except ValueError:
        return _answer_line(None, {"error": "request is not a JSON object"})
    if not isinstance(obj, dict):
        return _answer_line(None, {"error": "request is not a JSON object"})
    rid = obj.get("id")
    try:
        req = Request(obj)
        if req.op not in OPS:
            raise BadRequest("unknown op")
        h = handlers.get(req.op)
        if h is None:
            return _answer_line(rid, unsupported("op not supported by this adapter"))
        if req.op == "parse" and obj.get("base") is not None:
            return _answer_line(rid, unsupported("parse with a base (WHATWG) is not supported"))
        if req.op == "match" and req.rule is None:
            raise BadRequest("match needs a rule")
        req.octets("input")  # present and well formed
        return _answer_line(rid, h(req))
    except BadRequest as e:
        return _answer_line(rid, {"error": str(e)})
    except Unsupported as e:
        return _answer_line(rid, unsupported(str(e)))


def _write_all(fd, text):
    data = memoryview(text.encode("utf-8"))
    while data:
        data = data[os.write(fd, data):]


# answers written at most this many at a time: the harness, which keeps 256
# requests in flight, then sends more while the rest of a read is answered
# (a write per read left this loop waiting for the harness after most reads)
_BATCH = 32


def loop_alone(name, handlers, path):
    """The library alone (adapters/tests/overhead.sh): the requests of PATH
    (one JSON object a line) read first, then each one's handler called in
    a loop, with no protocol; prints {"adapter", "requests", "seconds",
    "cpu"} (the loop's wall-clock and CPU seconds)."""
    import time
    reqs = [Request(json.loads(line)) for line in open(path, encoding="utf-8") if line.strip()]
    start, cpu0 = time.perf_counter(), time.process_time()
    for req in reqs:
        handlers[req.op](req)
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu0
    print(json.dumps({"adapter": name, "requests": len(reqs), "seconds": seconds, "cpu": cpu}))
    return 0


def serve(name, library, spec, handlers):
    if os.environ.get("URITEST_LOOP"):
        return loop_alone(name, handlers, os.environ["URITEST_LOOP"])
    out = sys.stdout.fileno()
    ops = [op for op in OPS if op in handlers]
    _write_all(out, json.dumps({"adapter": name, "library": library, "spec": spec,
                                "ops": ops, "protocol": 1}) + "\n")
    fd = sys.stdin.fileno()
    buf = b""
    while True:
        answers = []
        start = 0
        while True:
            nl = buf.find(b"\n", start)
            if nl < 0:
                break
            line = buf[start:nl]
            start = nl + 1
            if line.strip(b" \t\r"):
                try:
                    answers.append(_serve_line(line, handlers))
                except Exception:  # a library bug: CRASH for this request
                    _write_all(out, "".join(answers))
                    traceback.print_exc(file=sys.stderr)
                    os._exit(70)
                if len(answers) == _BATCH:
                    _write_all(out, "".join(answers))
                    answers = []
        buf = buf[start:]
        if answers:
            _write_all(out, "".join(answers))
        chunk = os.read(fd, 1 << 16)
        if not chunk:
            if buf.strip(b" \t\r"):  # a last line without LF
                _write_all(out, _serve_line(buf, handlers))
            break
        buf += chunk
    return 0
