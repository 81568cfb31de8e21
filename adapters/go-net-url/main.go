// go-net-url: Go's net/url (url.Parse, URL.ResolveReference) through
// adapters/PROTOCOL.md.  Standard library only; built by adapters/<name>/adapter.mk
// into build/adapters/go-net-url/go-net-url.  Mapping: README.md here.
package main

import (
	"bufio"
	"bytes"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/url"
	"os"
	"regexp"
	"runtime"
	"strings"
	"unicode/utf8"
)

var ipv4 = regexp.MustCompile(`^(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])(\.(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])){3}$`)

var knownOps = map[string]bool{"parse": true, "match": true, "resolve": true, "normalize": true, "equivalent": true, "iri-to-uri": true, "recompose": true, "fetch": true}

// val is a component value: nil for undefined, else the octets.
type val *string

func str(s string) val { return &s }

// jsonValue writes V as PROTOCOL.md section 5 wants it.
func jsonValue(b *bytes.Buffer, v val) {
	if v == nil {
		b.WriteString("null")
		return
	}
	if utf8.ValidString(*v) {
		e, _ := json.Marshal(*v)
		b.Write(e)
		return
	}
	fmt.Fprintf(b, `{"hex": "%s"}`, hex.EncodeToString([]byte(*v)))
}

func hostType(h string) string {
	switch {
	case strings.HasPrefix(h, "[v") || strings.HasPrefix(h, "[V"):
		return "IPvFuture"
	case strings.HasPrefix(h, "["):
		return "IPv6address"
	case ipv4.MatchString(h):
		return "IPv4address"
	}
	return "reg-name"
}

type comp struct {
	name string
	v    val
}

// components of a parsed URL; a name left out is a component net/url
// cannot express.
func components(u *url.URL) []comp {
	var c []comp
	if u.Scheme == "" {
		c = append(c, comp{"scheme", nil})
	} else {
		c = append(c, comp{"scheme", str(u.Scheme)})
	}
	path := u.EscapedPath()
	if u.Opaque != "" {
		// "scheme:opaque": no authority; the opaque part is the path
		path = u.Opaque
		c = append(c, comp{"authority", nil}, comp{"userinfo", nil}, comp{"host", nil}, comp{"host_type", nil}, comp{"port", nil})
	} else if u.Host != "" || u.User != nil {
		// authority left out: userinfo is re-escaped and the host unescaped,
		// so the authority as written is not recoverable
		// userinfo as net/url reads it: decoded (User.String() would
		// re-escape what was written unescaped, such as "!")
		if u.User != nil {
			ui := u.User.Username()
			if p, ok := u.User.Password(); ok {
				ui += ":" + p
			}
			c = append(c, comp{"userinfo", str(ui)})
		} else {
			c = append(c, comp{"userinfo", nil})
		}
		host := u.Hostname()
		rest := u.Host
		if strings.HasPrefix(u.Host, "[") {
			host = "[" + host + "]"
			if i := strings.Index(u.Host, "]"); i >= 0 {
				rest = u.Host[i+1:]
			}
		}
		c = append(c, comp{"host", str(host)}, comp{"host_type", str(hostType(host))})
		if strings.Contains(rest, ":") {
			c = append(c, comp{"port", str(u.Port())})
		} else {
			c = append(c, comp{"port", nil})
		}
	} else {
		// No host and no userinfo: an empty authority ("http:///p", "//")
		// and none ("http:/p") read alike, unless the path rules an
		// authority out (it must be empty or begin with "/").
		// Either way there is no host: said, so that an endpoint is
		// compared (DESIGN.md "Endpoints").
		c = append(c, comp{"userinfo", nil}, comp{"port", nil}, comp{"host", nil})
		if path != "" && !strings.HasPrefix(path, "/") {
			c = append(c, comp{"authority", nil}, comp{"host_type", nil})
		}
	}
	c = append(c, comp{"path", str(path)})
	switch {
	case u.RawQuery != "":
		c = append(c, comp{"query", str(u.RawQuery)})
	case u.ForceQuery:
		c = append(c, comp{"query", str("")})
	default:
		c = append(c, comp{"query", nil})
	}
	// an empty fragment ("#" at the end) is lost: left out when empty
	if f := u.EscapedFragment(); f != "" {
		c = append(c, comp{"fragment", str(f)})
	}
	return c
}

type badRequest string

// field NAME (or NAME_hex) of REQ; ok false when neither is there.
func field(req map[string]json.RawMessage, name string) (string, bool) {
	if raw, ok := req[name]; ok && string(raw) != "null" {
		var s string
		if json.Unmarshal(raw, &s) != nil {
			panic(badRequest(name + " is not a string"))
		}
		return s, true
	}
	if raw, ok := req[name+"_hex"]; ok && string(raw) != "null" {
		var h string
		if json.Unmarshal(raw, &h) != nil {
			panic(badRequest(name + "_hex is not a string"))
		}
		b, err := hex.DecodeString(h)
		if err != nil {
			panic(badRequest(name + "_hex is not hex digits"))
		}
		return string(b), true
	}
	return "", false
}

func optString(req map[string]json.RawMessage, name string) (string, bool) {
	raw, ok := req[name]
	if !ok || string(raw) == "null" {
		return "", false
	}
	var s string
	if json.Unmarshal(raw, &s) != nil {
		return string(raw), true
	}
	return s, true
}

func answer(b *bytes.Buffer, line []byte) {
	var req map[string]json.RawMessage
	if json.Unmarshal(line, &req) != nil || req == nil {
		b.WriteString(`{"id": null, "error": "request is not a JSON object"}`)
		return
	}
	id := []byte("null")
	if raw, ok := req["id"]; ok {
		id = raw
	}
	b.WriteString(`{"id": `)
	b.Write(id)
	defer func() {
		if r := recover(); r != nil {
			if br, ok := r.(badRequest); ok {
				e, _ := json.Marshal(string(br))
				b.WriteString(`, "error": `)
				b.Write(e)
			} else {
				e, _ := json.Marshal(fmt.Sprint(r))
				b.WriteString(`, "valid": false, "exception": `)
				b.Write(e)
			}
			b.WriteString("}")
		}
	}()
	op, ok := optString(req, "op")
	if !ok {
		op = "parse"
	}
	if !knownOps[op] {
		panic(badRequest("unknown op"))
	}
	input, ok := field(req, "input")
	if !ok {
		panic(badRequest("request has neither input nor input_hex"))
	}
	switch op {
	case "parse":
		if rule, ok := optString(req, "rule"); ok && rule != "URI-reference" {
			b.WriteString(`, "unsupported": "url.Parse and url.ParseRequestURI have one entry point each"}`)
			return
		}
		u, err := parseInput(input)
		if err != nil {
			b.WriteString(`, "valid": false}`)
			return
		}
		b.WriteString(`, "valid": true, "components": {`)
		for i, c := range components(u) {
			if i > 0 {
				b.WriteString(", ")
			}
			fmt.Fprintf(b, `"%s": `, c.name)
			jsonValue(b, c.v)
		}
		b.WriteString("}}")
	case "resolve":
		base, ok := field(req, "base")
		if !ok {
			panic(badRequest("resolve needs a base"))
		}
		if raw, ok := req["strict"]; ok && string(raw) == "false" {
			b.WriteString(`, "unsupported": "ResolveReference has no non-strict (RFC 3986 5.2.2) mode"}`)
			return
		}
		bu, err1 := url.Parse(base)
		ru, err2 := url.Parse(input)
		if err1 != nil || err2 != nil {
			b.WriteString(`, "valid": false}`)
			return
		}
		t := bu.ResolveReference(ru).String()
		b.WriteString(`, "valid": true, "target": `)
		jsonValue(b, str(t))
		b.WriteString("}")
	case "fetch":
		if requestURI { // not in its hello: net/http's client is go-net-url's
			b.WriteString(`, "unsupported": "op fetch not supported by this adapter"}`)
			return
		}
		ok, why := fetch(input)
		if ok {
			b.WriteString(`, "valid": true}`)
			return
		}
		b.WriteString(`, "valid": false, "error": `)
		jsonValue(b, str(why))
		b.WriteString("}")
	case "recompose":
		// the string URL.String() writes for what url.Parse read
		u, err := parseInput(input)
		if err != nil {
			b.WriteString(`, "valid": false}`)
			return
		}
		b.WriteString(`, "valid": true, "output": `)
		jsonValue(b, str(u.String()))
		b.WriteString("}")
	default:
		fmt.Fprintf(b, `, "unsupported": "op %s not supported by this adapter"}`, op)
	}
}

// go-net-url reads with url.Parse; go-net-url-request (--request-uri) with
// url.ParseRequestURI, net/http's reading of a request-target (an absolute
// URI or an absolute path; no fragment).  Resolve reads with url.Parse in
// both.
var requestURI = len(os.Args) > 1 && os.Args[1] == "--request-uri"

func parseInput(s string) (*url.URL, error) {
	if requestURI {
		return url.ParseRequestURI(s)
	}
	return url.Parse(s)
}

func main() {
	in := bufio.NewReaderSize(os.Stdin, 1<<16)
	out := bufio.NewWriterSize(os.Stdout, 1<<16)
	// the fetch op is net/http's client whatever the parse: go-net-url's
	name, fn, fetchOp := "go-net-url", "", `, "fetch"`
	if requestURI {
		name, fn, fetchOp = "go-net-url-request", " (ParseRequestURI)", ""
	}
	fmt.Fprintf(out, `{"adapter": "%s", "library": "go %s net/url%s", "spec": "rfc3986", "ops": ["parse", "resolve", "recompose"%s], "protocol": 1}`+"\n",
		name, strings.TrimPrefix(runtime.Version(), "go"), fn, fetchOp)
	out.Flush()
	var b bytes.Buffer
	for {
		line, err := in.ReadBytes('\n')
		line = bytes.TrimSuffix(bytes.TrimSuffix(line, []byte("\n")), []byte("\r"))
		if len(bytes.TrimSpace(line)) > 0 {
			b.Reset()
			answer(&b, line)
			b.WriteByte('\n')
			out.Write(b.Bytes())
		}
		if err == io.EOF {
			break
		} else if err != nil {
			break
		}
		// flush when no further request is already waiting (PROTOCOL.md 6)
		if in.Buffered() == 0 {
			out.Flush()
		}
	}
	out.Flush()
}
