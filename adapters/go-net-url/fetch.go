// fetch.go: the op fetch (DESIGN.md "The fetch lab") through net/http's
// Client as an application uses it: the default transport (proxies from
// the environment, which the lab clears), redirects not followed.
package main

import (
	"errors"
	"io"
	"net"
	"net/http"
)

var client = &http.Client{
	CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
}

// fetch says whether the client went as far as the network (true), or
// refused INPUT before connecting (false, with its message): NewRequest's
// URL errors, "unsupported protocol scheme", "no Host in request URL",
// an invalid port.  A resolver or connection error (a net.Error) and a
// connection closed mid-way (EOF: the lab never completes TLS) are
// attempts (a *url.Error is a net.Error itself: what it wraps decides).
func fetch(input string) (bool, string) {
	req, err := http.NewRequest("GET", input, nil)
	if err != nil {
		return false, err.Error()
	}
	resp, err := client.Do(req)
	if err == nil {
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		return true, ""
	}
	var oe *net.OpError
	var de *net.DNSError
	if errors.As(err, &oe) || errors.As(err, &de) || errors.Is(err, io.EOF) ||
		errors.Is(err, io.ErrUnexpectedEOF) {
		return true, ""
	}
	return false, err.Error()
}
