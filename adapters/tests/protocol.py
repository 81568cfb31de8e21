#!/usr/bin/python3
"""adapters/tests/protocol.py CHECK NAME HELLO_TIMEOUT CMD...: one check of
adapters/PROTOCOL.md on the adapter that CMD starts, registered as NAME
(adapters/tests/each.bash runs each check on each adapter).  Every check
reads the hello line (within HELLO_TIMEOUT seconds), which must name NAME
and give the spec that NAME's registry entry gives (section 8).
Prints what is wrong and exits 1, or exits 0.

  requests     the hello line (section 2); ids echoed exactly and a request
               without one answered with null (3); malformed requests answered
               with error, in order (4); octets that are not UTF-8 and NUL
               answered, never with error (3, 5); every op of section 3 the
               hello does not list answered unsupported (2); blank lines
               skipped (1); every answer of the types section 4 gives; exit 0
               at the end of input
  pipelined    2,000 requests written before any answer is read, and a 1 MB
               one, answered in order (6)
  interactive  each answer arrives while standard input stays open (6)
  garbage      500 lines of random octets, each answered with an error, the
               output well-formed UTF-8 JSON (1, 4)
  session      interactive, then requests and garbage, in one session of
               the adapter (each.bash's row: one start instead of three)

The checks are the protocol's, not the library's: whatever a library reads,
an answer of the right shape passes."""
import json
import os
import random
import select
import signal
import subprocess
import sys
import threading

SPECS = ("rfc3986", "whatwg", "rfc2396", "other")
OPS = ("parse", "match", "resolve", "normalize", "equivalent", "iri-to-uri", "recompose", "fetch")
COMPONENTS = ("scheme", "authority", "userinfo", "host", "host_type", "port", "path", "query", "fragment")
HEXDIGITS = set("0123456789abcdefABCDEF")
ANSWER_TIMEOUT = 30  # seconds for one answer (a loaded machine)


class Bad(Exception):
    pass


def expect(cond, what):
    if not cond:
        raise Bad(what)


def octets_ok(v):
    """A string value of an answer: a string or {"hex": EVEN-LENGTH HEX}."""
    if isinstance(v, str):
        return True
    return (isinstance(v, dict) and list(v) == ["hex"] and isinstance(v["hex"], str)
            and len(v["hex"]) % 2 == 0 and set(v["hex"]) <= HEXDIGITS)


def check_types(a):
    """Every field of answer A has the type PROTOCOL.md section 4 gives it."""
    where = "answer %s" % json.dumps(a)[:300]
    expect(isinstance(a, dict), "%s: not an object" % where)
    expect("id" in a, "%s: no id" % where)
    for k in ("valid", "equivalent"):
        expect(k not in a or isinstance(a[k], bool), "%s: %s is not a boolean" % (where, k))
    for k in ("unsupported", "error"):
        expect(k not in a or isinstance(a[k], str), "%s: %s is not a string" % (where, k))
    for k in ("target", "normalized", "output"):
        expect(k not in a or octets_ok(a[k]), "%s: %s is not a string or hex" % (where, k))
    if "error_offset" in a:
        e = a["error_offset"]
        expect(isinstance(e, int) and not isinstance(e, bool) and e >= 0, "%s: error_offset" % where)
    if "components" in a:
        c = a["components"]
        expect(isinstance(c, dict), "%s: components is not an object" % where)
        for k, v in c.items():
            expect(k in COMPONENTS, "%s: component %s is not one of the nine" % (where, k))
            expect(v is None or octets_ok(v), "%s: components.%s" % (where, k))
    if "whatwg" in a:
        w = a["whatwg"]
        expect(isinstance(w, dict) and all(octets_ok(v) for v in w.values()), "%s: whatwg" % where)
    forms = [k for k in ("valid", "unsupported", "error") if k in a]
    expect(len(forms) == 1, "%s: one of valid, unsupported, error (has %s)" % (where, forms or "none"))


def answered(a, want_id):
    """A, the answer to a request with id WANT_ID that is not malformed: a
    reading or unsupported, never error."""
    check_types(a)
    expect(a["id"] == want_id and type(a["id"]) is type(want_id),
           "answer %s: id %r, expected %r" % (json.dumps(a)[:200], a.get("id"), want_id))
    expect("error" not in a, "request %r answered with error: %s" % (want_id, a["error"] if "error" in a else ""))


def refused(a, want_id):
    """A, the answer to a malformed request: error, with WANT_ID."""
    check_types(a)
    expect(a["id"] == want_id and type(a["id"]) is type(want_id),
           "answer %s: id %r, expected %r" % (json.dumps(a)[:200], a.get("id"), want_id))
    expect("error" in a, "malformed request %r not answered with error: %s" % (want_id, json.dumps(a)[:200]))


class Adapter:
    """The adapter as a child in a session of its own, its stderr to ours."""

    def __init__(self, cmd, hello_timeout):
        self.p = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  start_new_session=True)
        self.hello = self.answer(hello_timeout, "the hello line")

    def answer(self, timeout, what):
        """The next line, as JSON."""
        text = self.line(timeout, what)
        try:
            return json.loads(text)
        except ValueError as e:
            raise Bad("%s: not JSON (%s): %r" % (what, e, text[:200]))

    def line(self, timeout, what):
        r, _, _ = select.select([self.p.stdout], [], [], timeout)
        expect(r, "no %s within %d s (not flushed while stdin is open?)" % (what, timeout))
        raw = self.p.stdout.readline()
        expect(raw.endswith(b"\n"), "%s: output ended (exit status %s)" % (what, self.p.poll()))
        try:
            return raw.decode("utf-8")
        except UnicodeDecodeError as e:
            raise Bad("%s: not UTF-8 (%s): %r" % (what, e, raw[:200]))

    def answers(self, data, timeout):
        """Write DATA (from a thread: pipes are finite), close stdin, read
        every line to the end; checks exit status 0."""
        def feed():
            try:
                self.p.stdin.write(data)
                self.p.stdin.close()
            except BrokenPipeError:
                pass
        t = threading.Thread(target=feed, daemon=True)
        t.start()
        out = []
        while True:
            r, _, _ = select.select([self.p.stdout], [], [], timeout)
            expect(r, "no answer within %d s after %d answers" % (timeout, len(out)))
            raw = self.p.stdout.readline()
            if not raw:
                break
            out.append(raw)
        t.join(timeout)
        expect(self.p.wait(timeout) == 0, "exit status %s at the end of input" % self.p.returncode)
        res = []
        for raw in out:
            expect(raw.endswith(b"\n"), "an answer line without LF: %r" % raw[:200])
            try:
                res.append(json.loads(raw.decode("utf-8")))
            except (UnicodeDecodeError, ValueError) as e:
                raise Bad("an answer line that is not UTF-8 JSON (%s): %r" % (e, raw[:200]))
        return res

    def kill(self):
        if self.p.poll() is None:
            try:
                os.killpg(self.p.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            self.p.wait()


def req(**fields):
    return json.dumps(fields).encode("utf-8") + b"\n"


# A well-formed request of each op of section 3, without its id.
FULL = {"parse": {"input": "http://h/"}, "match": {"rule": "URI", "input": "http://h/"},
        "resolve": {"base": "http://a/b", "input": "g"}, "normalize": {"input": "http://h/"},
        "equivalent": {"input": "http://h/", "other": "http://h/"}, "iri-to-uri": {"input": "http://h/"},
        "recompose": {"input": "http://h/"},
        "fetch": {"input": "http://h/"}}


def unlisted(ops):
    """A request of each op of section 3 the hello does not list."""
    return [(op, dict(FULL[op], id="unlisted-" + op, op=op)) for op in OPS if op not in ops]


def malformed(op):
    """(id, line) of requests of OP (one the adapter lists) that are malformed."""
    def without_input(**more):
        r = dict(FULL[op], op=op, **more)
        if "input" not in more:
            del r["input"]
        return r
    return [(None, b"not json\n"), (None, b"[1, 2]\n"),
            (1, req(id=1, op="no-such-op", input="a:b")),
            (2, req(**without_input(id=2))),
            (3, req(**without_input(id=3, input_hex="zz"))),
            (4, req(**without_input(id=4, input=5)))]


def requests_data(h):
    """The requests of check_requests for the adapter that said hello H,
    and the function that checks their answers (from the first on)."""
    expect(isinstance(h, dict), "hello: not an object")
    expect(isinstance(h.get("adapter"), str) and h["adapter"], "hello: adapter is not a name")
    expect(isinstance(h.get("library"), str) and h["library"], "hello: library is empty")
    expect(h.get("spec") in SPECS, "hello: spec %r" % h.get("spec"))
    ops = h.get("ops")
    expect(isinstance(ops, list) and ops and all(isinstance(o, str) for o in ops), "hello: ops %r" % ops)
    expect(set(ops) <= set(OPS), "hello: ops %r beyond section 3's" % ops)
    expect(h.get("protocol", 1) == 1, "hello: protocol %r" % h.get("protocol"))
    ids = [0, -7, 9007199254740991, -9007199254740991, "t.parse.1", "\u00e9\"\\", "\U0001f600", ""]
    data = b"\n"
    for i in ids:
        data += req(id=i, op="parse", input="a:b") + b"   \n"
    data += b'{"op": "parse", "input": "a:b"}\n'  # no id: answered with null
    bad = malformed(ops[0])
    for _, line in bad:
        data += line
    octets = [req(id="ff", op="parse", input_hex="687474703a2f2f682fff"),
              req(id="ff-host", op="parse", input_hex="687474703a2f2fff2f"),
              req(id="nul", op="parse", input="http://h/a\u0000b"),
              req(id="nul-hex", op="parse", input_hex="613a6200"),
              req(id="ff-resolve", op="resolve", base_hex="687474703a2f2f682fff", input="g")]
    data += b"".join(octets)
    extra = unlisted(ops)
    for _, r in extra:
        data += json.dumps(r).encode("utf-8") + b"\n"
    # ended with LF: a last line without one is the shared loops' tests
    # (protocol.bats), since erlang-uri-string's io server drops it now and then
    data += b'{"id": "last", "op": "parse", "input": "http://h/"}\n'
    want = len(ids) + 1 + len(bad) + len(octets) + len(extra) + 1

    def verify(a):
        expect(len(a) >= want, "%d answers to %d requests (blank lines answered, or one lost?): %s"
               % (len(a), want, [x.get("id") if isinstance(x, dict) else x for x in a][:40]))
        requests_answered(a, ids, bad, octets, extra)
        return want
    return data, verify


def requests_answered(a, ids, bad, octets, extra):
    k = 0
    for i in ids:
        answered(a[k], i)
        k += 1
    answered(a[k], None)
    k += 1
    for want_id, _ in bad:
        refused(a[k], want_id)
        k += 1
    for r in octets:
        answered(a[k], json.loads(r)["id"])
        k += 1
    for op, r in extra:
        answered(a[k], r["id"])
        expect("unsupported" in a[k], "op %s is not in the hello's ops, yet answered %s" % (op, json.dumps(a[k])[:200]))
        k += 1
    answered(a[k], "last")


def check_requests(ad):
    data, verify = requests_data(ad.hello)
    a = ad.answers(data, ANSWER_TIMEOUT)
    n = verify(a)
    expect(n == len(a), "%d answers to %d requests (blank lines answered?)" % (len(a), n))
    return "%d answers; hello %s" % (len(a), json.dumps(ad.hello, ensure_ascii=True))


def check_pipelined(ad):
    n = 2000
    data = b"".join(req(id=i if i % 2 else "s%d" % i, op="parse", input="http://h%d.example/p?q=%d#f" % (i, i))
                    for i in range(n))
    data += req(id="big", op="parse", input="http://h/" + "a" * (1 << 20)) + req(id="end", op="parse", input="http://h/")
    a = ad.answers(data, ANSWER_TIMEOUT)
    expect(len(a) == n + 2, "%d answers to %d requests" % (len(a), n + 2))
    for i in range(n):
        answered(a[i], i if i % 2 else "s%d" % i)
    answered(a[n], "big")
    answered(a[n + 1], "end")
    return "%d answers in order" % len(a)


def answers_while_open(ad, ids):
    """Each request of IDS answered before the next is written, standard
    input kept open."""
    for i in ids:
        ad.p.stdin.write(req(id=i, op="parse", input="http://h/"))
        ad.p.stdin.flush()
        answered(ad.answer(ANSWER_TIMEOUT, "answer %r (interactive)" % i), i)


def check_interactive(ad):
    answers_while_open(ad, [0, 1, 2])
    ad.p.stdin.close()
    try:
        status = ad.p.wait(ANSWER_TIMEOUT)
    except subprocess.TimeoutExpired:
        raise Bad("still running %d s after its standard input closed" % ANSWER_TIMEOUT)
    expect(status == 0, "exit status %s at the end of input" % status)
    return "3 answers, each before the next request"


def garbage_lines():
    """500 lines of random octets (the same ones every time)."""
    r = random.Random(7)
    lines = []
    for _ in range(500):
        line = bytes(r.randrange(256) for _ in range(r.randrange(1, 200)))
        lines.append(b"{" + line.replace(b"\n", b"x").replace(b"\r", b"x") + b"\n")
    return lines


def check_garbage(ad):
    lines = garbage_lines()
    a = ad.answers(b"".join(lines), ANSWER_TIMEOUT)
    expect(len(a) == len(lines), "%d answers to %d lines" % (len(a), len(lines)))
    for x in a:
        refused(x, None)
    return "%d error answers" % len(a)


def check_session(ad):
    """interactive, then requests and garbage in one session: one start of
    the adapter where three would do the same checks."""
    answers_while_open(ad, ["i0", "i1", "i2"])
    data, verify = requests_data(ad.hello)
    lines = garbage_lines()
    a = ad.answers(data + b"".join(lines), ANSWER_TIMEOUT)
    n = verify(a)
    expect(len(a) == n + len(lines), "%d answers to %d requests and %d lines of random octets"
           % (len(a), n, len(lines)))
    for x in a[n:]:
        refused(x, None)
    return "3 answers, each before the next request; %d answers; hello %s" % (
        len(a), json.dumps(ad.hello, ensure_ascii=True))


def registry_spec(name):
    """The spec of NAME's entry in adapters/*/adapter.json, None when it has none."""
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from registry import entries
    for _, e in entries():
        if e["name"] == name:
            return e.get("spec")
    return None


CHECKS = {"requests": check_requests, "pipelined": check_pipelined,
          "interactive": check_interactive, "garbage": check_garbage,
          "session": check_session}


def main(argv):
    if len(argv) < 5 or argv[1] not in CHECKS:
        sys.stderr.write(__doc__)
        return 2
    try:
        ad = Adapter(argv[4:], float(argv[3]))
    except (OSError, ValueError, Bad) as e:
        print("the adapter did not start with a hello line: %s" % e)
        return 1
    try:
        expect(isinstance(ad.hello, dict) and ad.hello.get("adapter") == argv[2],
               "hello: %s, not the adapter %s" % (json.dumps(ad.hello)[:200], argv[2]))
        spec = registry_spec(argv[2])
        expect(spec is None or ad.hello.get("spec") == spec,
               "hello: spec %r, where adapter.json says %r (section 8: as in the hello line)"
               % (ad.hello.get("spec"), spec))
        print(CHECKS[argv[1]](ad))
        return 0
    except Bad as e:
        print(e)
        return 1
    finally:
        ad.kill()


if __name__ == "__main__":
    sys.exit(main(sys.argv))
