#!/usr/bin/python3
"""What furl itself costs on the inputs of adapters/tests/throughput.sh, in
one process, CPU clock (time.process_time: user + system of this process).

usage: adapters/python-furl/bench-library.py [N]   (default 50000)

Prints, for the N URIs of adapters/tests/gen-throughput.py N (the vector
file throughput.sh runs), per second of CPU and per URI:
  furl.furl(s)            the constructor alone (it parses and also builds
                          the query's ordered multidict and the path's
                          segments, asked for or not);
  + the answer's reads    the same and the reads adapter.py makes of each
                          (scheme, host, username, password, port, and
                          str() of path, query and fragment);
The adapter runs in one process, so a whole `uritest run` of N requests
through it cannot go faster than the first rate (its library calls alone
take N / rate CPU-seconds on the adapter's core), nor than the second with
the reads its answers need.  Best of three passes (the machine is shared).
"""
import os
import subprocess
import sys
import time

import furl

HERE = os.path.dirname(os.path.abspath(__file__))


def inputs(n):
    """The inputs of gen-throughput.py N, from the vector file it writes."""
    import json
    gen = os.path.join(HERE, "..", "tests", "gen-throughput.py")
    doc = json.loads(subprocess.run([sys.executable, gen, str(n)], check=True,
                                    capture_output=True).stdout)
    return [t["input"] for t in doc["groups"][0]["tests"]]


def construct(urls):
    for s in urls:
        furl.furl(s)


def construct_and_read(urls):
    for s in urls:
        u = furl.furl(s)
        str(u.path), str(u.query), str(u.fragment)
        u.scheme, u.host, u.username, u.password, u.port


def best(f, urls, passes=3):
    t = []
    for _ in range(passes):
        t0 = time.process_time()
        f(urls)
        t.append(time.process_time() - t0)
    return min(t)


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 50000
    urls = inputs(n)
    print("furl %s, python %d.%d, %d URIs of gen-throughput.py, load average %s" % (
        furl.__version__, *sys.version_info[:2], n,
        " ".join(open("/proc/loadavg").read().split()[:3])))
    for name, f in (("furl.furl(s)", construct),
                    ("+ the answer's reads", construct_and_read)):
        c = best(f, urls)
        print("%-22s %6.2f CPU-s  %7.0f per CPU-s  %5.1f us a URI" % (
            name, c, n / c, c / n * 1e6))


if __name__ == "__main__":
    main()
