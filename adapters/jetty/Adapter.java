// jetty: Eclipse Jetty 9.4's HttpURI (new HttpURI(s)), the request-URI
// parser of the Jetty server and client, through adapters/PROTOCOL.md.  One
// long-lived JVM answers every request; the protocol is
// ../java-common/Proto.java.  Mapping: README.md.

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import org.eclipse.jetty.http.HttpURI;

public final class Adapter {
    private Adapter() {}

    // HttpURI keeps the authority without its userinfo (getUser), the port
    // as an int (-1: none, 0 for an empty one: left out then, leading zeros
    // lost), and null for an absent query or fragment.
    static Map<String, Object> components(HttpURI u) {
        Map<String, Object> c = new LinkedHashMap<>();
        c.put("scheme", u.getScheme());
        String host = u.getHost();
        if (host == null) {
            for (String k : new String[] {"authority", "userinfo", "host", "host_type", "port"}) c.put(k, null);
        } else {
            c.put("userinfo", u.getUser());
            c.put("host", host);
            c.put("host_type", Proto.hostType(host));
            if (u.getPort() > 0) c.put("port", Integer.toString(u.getPort()));
        }
        c.put("path", u.getPath() == null ? "" : u.getPath());
        c.put("query", u.getQuery());
        c.put("fragment", u.getFragment());
        return c;
    }

    static Map<String, Object> answer(Map<String, Object> req) throws Proto.BadRequest, Proto.Unsupported {
        Map<String, Object> a = new LinkedHashMap<>();
        String op = Proto.op(req);
        String input = Proto.input(req);
        if (!"parse".equals(op) && !"recompose".equals(op)) {
            throw new Proto.Unsupported("op " + op + " not supported by this adapter");
        }
        Proto.oneEntryPoint(req, "HttpURI has one entry point");
        HttpURI u;
        try {
            u = new HttpURI(input);
        } catch (IllegalArgumentException e) {
            a.put("valid", Boolean.FALSE);
            a.put("exception", e.toString());
            return a;
        }
        a.put("valid", Boolean.TRUE);
        if ("recompose".equals(op)) {
            a.put("output", u.toString()); // the URI Jetty writes back
        } else {
            a.put("components", components(u));
        }
        return a;
    }

    public static void main(String[] args) throws IOException {
        Package p = HttpURI.class.getPackage();
        String v = p == null || p.getImplementationVersion() == null ? "?" : p.getImplementationVersion();
        Proto.serve("{\"adapter\": \"jetty\", \"library\": \"Jetty " + v + " HttpURI (java "
            + System.getProperty("java.version") + ")\", \"spec\": \"rfc3986\", \"ops\": [\"parse\", \"recompose\"], \"protocol\": 1}",
            Adapter::answer);
    }
}
