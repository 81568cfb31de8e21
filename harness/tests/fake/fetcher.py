#!/usr/bin/python3
"""A fake fetcher for the fetch lab's tests (adapters/PROTOCOL.md, op
fetch): it connects exactly where its input tells it, so the lab's record
can be checked against what is known to have happened.

An input is SCHEME://HOST[:PORT]/[PATH]:
- http: resolve HOST (getaddrinfo, A then AAAA as the system orders them),
  connect to the first address, send "GET /PATH" with "Host: HOST[:PORT]",
  read the answer;
- https: the same connection, then a TLS ClientHello naming HOST (Python's
  ssl), which the lab never answers;
- http6: as http, over IPv6 only (an AAAA answer);
- raw: as http, the Host header the percent-decoded PATH instead, raw;
- refuse: answered {"valid": false} without connecting;
- dump: answered {"valid": false, "error": the /etc/resolv.conf it sees};
- hang: connect, send nothing, never answer (the harness times it out);
- junk: to HOST's port, octets that are no request; then a lying TLS
  record (a ClientHello whose lengths run past its end); then DNS queries
  that are no queries to the lab's resolver (UDP and TCP); then 300
  connections at once; then an http fetch of HOST as above;
- crash: exit at once.
HOST may be an IP literal ([v6] too).  Options: --name NAME; --parse: it
offers the op parse too, answering urlsplit's scheme, host (hostname, as
written) and port, except for the schemes crash (exit at once) and lie (a
host that is a number, no valid)."""
import json
import os
import socket
import ssl
import sys
import time
import urllib.parse


def fetch(url):
    u = urllib.parse.urlsplit(url)
    if u.scheme == "refuse":
        return {"valid": False, "error": "refused by scheme"}
    if u.scheme == "crash":
        os._exit(3)
    if u.scheme == "dump":
        with open("/etc/resolv.conf") as f:
            return {"valid": False, "error": f.read()}
    if u.scheme == "junk":
        junk(u)
        u = urllib.parse.urlsplit("http" + url[4:])
    try:
        connect(u)
    except OSError:
        pass
    return {"valid": True}


def junk(u):
    port = u.port or 80
    hello = bytes([0x16, 3, 1, 0, 60, 1, 0, 0, 200, 3, 3]) + b"r" * 32 + bytes([32]) + b"s" * 20
    for data in (b"\x00\xff\x01 no request\r\n\r\n", hello, b"\x16\x03"):
        s = socket.create_connection((u.hostname, port), timeout=3)
        s.sendall(data)
        s.close()
    d = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    for q in (b"", b"\x00" * 11, b"\x12\x34\x01\x00\x00\x01" + b"\x00" * 6 + b"\x3f" + b"a" * 10,
              b"\x12\x34\x01\x00\x00\x01" + b"\x00" * 6 + b"\xc0\x0c\x00\x01\x00\x01"):
        d.sendto(q, ("127.0.0.1", 53))
    d.close()
    t = socket.create_connection(("127.0.0.1", 53), timeout=3)
    t.sendall(b"\xff\xff" + b"\x00" * 100)
    t.close()
    many = []
    for _ in range(300):
        try:
            many.append(socket.create_connection((u.hostname, port), timeout=3))
        except OSError:
            break
    for c in many:
        c.close()


def connect(u):
    port = u.port or (443 if u.scheme == "https" else 80)
    family = socket.AF_INET6 if u.scheme == "http6" else 0
    family, kind, proto, _, addr = socket.getaddrinfo(u.hostname, port, family,
                                                      socket.SOCK_STREAM)[0]
    s = socket.socket(family, kind, proto)
    s.settimeout(3)
    s.connect(addr)
    if u.scheme == "hang":
        time.sleep(3600)
    host = urllib.parse.unquote_to_bytes(u.path[1:]) if u.scheme == "raw" else u.netloc.encode()
    try:
        if u.scheme == "https":
            ssl.create_default_context().wrap_socket(s, server_hostname=u.hostname)
        else:
            s.sendall(b"GET / HTTP/1.1\r\nHost: " + host + b"\r\nConnection: close\r\n\r\n")
            s.recv(4096)
    finally:
        s.close()


def parse(url):
    u = urllib.parse.urlsplit(url)
    if u.scheme == "crash":
        sys.exit(3)
    if u.scheme == "lie":
        return {"components": {"host": 7}}
    hp = u.netloc.rpartition("@")[2]
    host = hp[:hp.index("]") + 1] if hp.startswith("[") and "]" in hp else hp.split(":")[0]
    c = {"scheme": u.scheme, "host": host if u.netloc else None}
    if u.port is not None:
        c["port"] = str(u.port)
    return {"valid": True, "components": c}


def main():
    name = sys.argv[sys.argv.index("--name") + 1] if "--name" in sys.argv else "fake-fetcher"
    ops = ["fetch", "parse"] if "--parse" in sys.argv else ["fetch"]
    out = sys.stdout
    out.write(json.dumps({"adapter": name, "library": "fake-fetcher 1", "spec": "other",
                          "ops": ops}) + "\n")
    out.flush()
    for line in sys.stdin:
        req = json.loads(line)
        ans = parse(req["input"]) if req.get("op") == "parse" else fetch(req["input"])
        ans["id"] = req["id"]
        out.write(json.dumps(ans) + "\n")
        out.flush()


main()
