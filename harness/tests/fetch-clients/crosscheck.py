#!/usr/bin/python3
"""crosscheck.py: where each HTTP client connects when run OUTSIDE uritest,
compared with what `uritest fetch` recorded for it.

Outside the tool means: the client's own command-line use (curl's CLI, a
Python, Node, Ruby, PHP, Perl one-liner, a small Go and Java program), not
the adapter; names resolved from a hosts file (each name a 10.77.0.K
address) instead of the lab's resolver; connections received by a plain
Python socket server instead of the lab's listeners.  All of it runs in a
private network and mount namespace of its own (unshare -n -m: it re-runs
itself there), so nothing leaves the machine.

    crosscheck.py FETCH_JSON INPUTS
FETCH_JSON is `uritest fetch --format json INPUTS`.  Prints one line per
(client, input) and a count per client; exit 1 when one disagrees.  A
client whose command is not installed is skipped, said;
CROSSCHECK_CLIENTS="curl python-urllib" checks only those."""
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import threading

# The names the inputs can make a client resolve.  Only valid host names:
# glibc's DNS path refuses to ask for one like "%65vil.com" (res_hnok) while
# its hosts file path would find it, so an entry for it here would make a
# connection no real system makes.
NAMES = ["evil.com", "good.com", "a.example", "b.example", "c.example", "0x7f.1", "s.example"]
GO = """package main
import ("io"; "net/http"; "os")
func main() {
	c := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	if r, err := c.Get(os.Args[1]); err == nil { io.Copy(io.Discard, r.Body) }
}
"""
JAVA = """public class Fetch { public static void main(String[] a) throws Exception {
  var c = java.net.http.HttpClient.newHttpClient();
  try { c.send(java.net.http.HttpRequest.newBuilder(java.net.URI.create(a[0])).build(),
               java.net.http.HttpResponse.BodyHandlers.discarding()); } catch (Exception e) { }
} }
"""


def clients(tmp):
    py = "/usr/bin/python3"
    c = {
        "curl": ["curl", "-s", "-o", "/dev/null", "--proto", "=http,https"],
        "python-urllib": [py, "-c", "import urllib.request,sys; urllib.request.urlopen(sys.argv[1]).read()"],
        "python-requests": [py, "-c", "import requests,sys; requests.get(sys.argv[1], allow_redirects=False)"],
        "python-httpx": [py, "-c", "import httpx,sys; httpx.get(sys.argv[1])"],
        "python-urllib3": [py, "-c", "import urllib3,sys; urllib3.PoolManager().request('GET', sys.argv[1], redirect=False)"],
        "whatwg-node": ["node", "-e", "fetch(process.argv[1], {redirect: 'manual'}).then(r => r.text()).catch(() => {})"],
        "ruby-uri": ["ruby", "-rnet/http", "-e", "Net::HTTP.get_response(URI(ARGV[0]))"],
        "php-parse-url": ["php", "-n", "-r", "file_get_contents($argv[1], false, stream_context_create(['http' => ['follow_location' => 0, 'ignore_errors' => true]]));"],
        "perl-uri": ["perl", "-MLWP::UserAgent", "-e", "LWP::UserAgent->new(max_redirect => 0)->get($ARGV[0])"],
    }
    if shutil.which("go"):
        with open(os.path.join(tmp, "fetch.go"), "w") as f:
            f.write(GO)
        env = dict(os.environ, GOCACHE=os.path.join(tmp, "gocache"), GOFLAGS="-mod=mod", GOPROXY="off")
        subprocess.run(["go", "build", "-o", os.path.join(tmp, "gofetch"), os.path.join(tmp, "fetch.go")],
                       env=env, check=True, cwd=tmp)
        c["go-net-url"] = [os.path.join(tmp, "gofetch")]
    if shutil.which("java"):
        with open(os.path.join(tmp, "Fetch.java"), "w") as f:
            f.write(JAVA)
        c["java-net-uri"] = ["java", os.path.join(tmp, "Fetch.java")]
    only = os.environ.get("CROSSCHECK_CLIENTS", "").split()
    return {k: v for k, v in c.items() if shutil.which(v[0]) and (not only or k in only)}


class Server:
    """Listens on [::]:PORT for each port; records (address, port, Host)."""

    def __init__(self, ports):
        self.seen = []
        self.lock = threading.Lock()
        for p in ports:
            s = socket.socket(socket.AF_INET6, socket.SOCK_STREAM)
            s.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 0)
            s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            s.bind(("::", p))
            s.listen(16)
            threading.Thread(target=self.serve, args=(s,), daemon=True).start()

    def serve(self, s):
        while True:
            c, _ = s.accept()
            threading.Thread(target=self.one, args=(c,), daemon=True).start()

    def one(self, c):
        addr, port = c.getsockname()[:2]
        addr = addr[7:] if addr.startswith("::ffff:") else addr
        c.settimeout(2)
        head = b""
        try:
            while b"\r\n\r\n" not in head and len(head) < 16384:
                d = c.recv(4096)
                if not d:
                    break
                head += d
        except OSError:
            pass
        host = None
        for line in head.split(b"\r\n")[1:]:
            if line.lower().startswith(b"host:"):
                host = line[5:].strip().decode("utf-8", "replace")
                break
        with self.lock:
            self.seen.append((addr, port, host, bool(head)))
        try:
            c.sendall(b"HTTP/1.1 200 OK\r\nContent-Length: 3\r\nConnection: close\r\n\r\nok\n")
        except OSError:
            pass
        c.close()


def inside(fetch_json, inputs):
    for cmd in (["ip", "link", "set", "lo", "up"],
                ["ip", "route", "add", "local", "0.0.0.0/0", "dev", "lo", "table", "local"],
                ["ip", "-6", "route", "add", "local", "::/0", "dev", "lo", "table", "local"]):
        subprocess.run(cmd, check=True)
    tmp = tempfile.mkdtemp()
    addr = {n: "10.77.0.%d" % (i + 1) for i, n in enumerate(NAMES)}
    for name, text in (("hosts", "".join("%s %s\n" % (a, n) for n, a in addr.items())),
                       ("resolv.conf", "nameserver 127.0.0.1\noptions timeout:1 attempts:1\n")):
        with open(os.path.join(tmp, name), "w") as f:
            f.write(text)
        subprocess.run(["mount", "--bind", os.path.join(tmp, name), "/etc/" + name], check=True)
    for k in [k for k in os.environ if k.lower().endswith("_proxy")]:
        del os.environ[k]
    by_addr = {a: n for n, a in addr.items()}
    ports = set([80, 443])
    for u in inputs:
        for tok in "".join(ch if ch.isdigit() else " " for ch in u).split():
            if 0 < int(tok) < 65536:
                ports.add(int(tok))
            if int(tok) % 65536:
                ports.add(int(tok) % 65536)
    ports.discard(53)
    server = Server(sorted(ports))
    lab = {(r["adapter"], r["input"]): r for r in json.load(open(fetch_json))["results"]}
    cl = clients(tmp)
    bad = 0
    for name, cmd in sorted(cl.items()):
        agree = 0
        for u in inputs:
            with server.lock:
                server.seen.clear()
            try:
                subprocess.run(cmd + [u], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL, timeout=20)
            except subprocess.TimeoutExpired:
                pass
            with server.lock:
                seen = [s for s in server.seen if s[3]] or server.seen[:1]
            out = None
            if seen:
                a, p, h, _ = seen[0]
                out = (by_addr.get(a, a), p, h)
            r = lab.get((name, u))
            if r is None:
                print("%-16s %-32s outside %s; no uritest result" % (name, u, out))
                continue
            o = r["observed"]
            got = (o["name"] or o["address"], o["port"], o["host_header"]) if o else None
            same = got == out
            agree += same
            bad += not same
            print("%-16s %-32s %s outside %s, uritest %s" % (name, u, "agree" if same else "DIFFER", out, got))
        print("%s: %d of %d agree" % (name, agree, len(inputs)))
    only = os.environ.get("CROSSCHECK_CLIENTS", "").split()
    missing = set(r[0] for r in lab if not only or r[0] in only) - set(cl)
    for m in sorted(missing):
        print("%s: skipped: its command is not installed here" % m)
    return 1 if bad else 0


def main():
    fetch_json, infile = sys.argv[1:3]
    inputs = [l.rstrip("\n") for l in open(infile) if l.strip()]
    if os.environ.get("CROSSCHECK_INSIDE") != "1":
        env = dict(os.environ, CROSSCHECK_INSIDE="1")
        return subprocess.run(["unshare", "-n", "-m", sys.executable] + sys.argv, env=env).returncode
    return inside(fetch_json, inputs)


sys.exit(main())
