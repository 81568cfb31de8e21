#!/usr/bin/python3
"""Write a vector file of N parse requests for throughput runs (not committed).

usage: gen-throughput.py [N] > build/throughput.json
Inputs are varied URIs with the expected components (built here, by
construction), so the harness compares all nine components of each.
"""
import json
import sys


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 100000
    tests = []
    for i in range(n):
        host = "h%d.example.com" % i
        port = str(1024 + i % 50000)
        path = "/p/%d/a%%20b" % i
        query = "q=%d&r=x" % i
        frag = "f%d" % (i % 97)
        userinfo = "user%d" % (i % 13)
        uri = "http://%s@%s:%s%s?%s#%s" % (userinfo, host, port, path, query, frag)
        tests.append({
            "id": "throughput.%d" % i, "input": uri, "expect": "accept",
            "components": {
                "scheme": "http", "authority": "%s@%s:%s" % (userinfo, host, port),
                "userinfo": userinfo, "host": host, "host_type": "reg-name",
                "port": port, "path": path, "query": query, "fragment": frag}})
    json.dump({"schema": "uritest-vectors/1", "version": "1.0.0", "spec": "rfc3986",
               "title": "throughput: %d parse requests" % n,
               "groups": [{"description": "varied valid URIs", "op": "parse", "tests": tests}]},
              sys.stdout)


if __name__ == "__main__":
    main()
