// spring-web: Spring Framework's UriComponentsBuilder.fromUriString (regular
// expressions over the URI), the URI parser of Spring MVC, WebFlux and
// RestTemplate, through adapters/PROTOCOL.md.  One long-lived JVM answers
// every request; the protocol is ../java-common/Proto.java.  Mapping:
// README.md.

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.web.util.UriComponents;
import org.springframework.web.util.UriComponentsBuilder;

public final class Adapter {
    private Adapter() {}

    // UriComponents keep no authority as a whole, a null host both for no
    // authority and an empty one, the port as an int (-1: none; an empty
    // port and leading zeros are lost), and null both for an absent and an
    // empty query or fragment: each left out then.  An opaque URI
    // ("mailto:x?y") keeps its scheme-specific part whole: the path, no
    // query split off.
    static Map<String, Object> components(UriComponents u) {
        Map<String, Object> c = new LinkedHashMap<>();
        c.put("scheme", u.getScheme());
        String ssp = u.getSchemeSpecificPart();
        if (ssp != null) {
            for (String k : new String[] {"authority", "userinfo", "host", "host_type", "port"}) c.put(k, null);
            c.put("path", ssp);
            putIfSet(c, "fragment", u.getFragment());
            return c;
        }
        String host = u.getHost();
        if (host != null) {
            c.put("userinfo", u.getUserInfo());
            c.put("host", host);
            c.put("host_type", Proto.hostType(host));
            if (u.getPort() >= 0) c.put("port", Integer.toString(u.getPort()));
        } else {
            c.put("host", null); // no host either way: said, so that an endpoint is compared
        }
        c.put("path", u.getPath() == null ? "" : u.getPath());
        putIfSet(c, "query", u.getQuery());
        putIfSet(c, "fragment", u.getFragment());
        return c;
    }

    static void putIfSet(Map<String, Object> c, String key, String value) {
        if (value != null) c.put(key, value);
    }

    static Map<String, Object> answer(Map<String, Object> req) throws Proto.BadRequest, Proto.Unsupported {
        Map<String, Object> a = new LinkedHashMap<>();
        String op = Proto.op(req);
        String input = Proto.input(req);
        if (!"parse".equals(op) && !"recompose".equals(op)) {
            throw new Proto.Unsupported("op " + op + " not supported by this adapter");
        }
        Proto.oneEntryPoint(req, "UriComponentsBuilder.fromUriString has one entry point");
        UriComponents u;
        try {
            u = UriComponentsBuilder.fromUriString(input).build();
        } catch (IllegalArgumentException e) {
            a.put("valid", Boolean.FALSE);
            a.put("exception", e.getMessage());
            return a;
        }
        a.put("valid", Boolean.TRUE);
        if ("recompose".equals(op)) {
            a.put("output", u.toUriString()); // the URI Spring writes back
        } else {
            a.put("components", components(u));
        }
        return a;
    }

    public static void main(String[] args) throws IOException {
        Package p = UriComponentsBuilder.class.getPackage();
        String v = p == null || p.getImplementationVersion() == null ? "?" : p.getImplementationVersion();
        Proto.serve("{\"adapter\": \"spring-web\", \"library\": \"Spring Framework " + v
            + " UriComponentsBuilder (java " + System.getProperty("java.version")
            + ")\", \"spec\": \"rfc3986\", \"ops\": [\"parse\", \"recompose\"], \"protocol\": 1}",
            Adapter::answer);
    }
}
