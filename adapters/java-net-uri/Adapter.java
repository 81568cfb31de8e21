// java-net-uri: java.net.URI (RFC 2396, with the IPv6 literals of RFC 2732)
// through adapters/PROTOCOL.md: new URI (parse), resolve, normalize, equals.
// One long-lived JVM answers every request; the protocol is
// ../java-common/Proto.java.  Built by adapters/adapters.mk into
// build/adapters/java-net-uri/.  Mapping to the component model: README.md.

import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

public final class Adapter {
    private Adapter() {}

    static int byteOffset(String s, int idx) {
        if (idx < 0 || idx > s.length()) return -1;
        return s.substring(0, idx).getBytes(StandardCharsets.UTF_8).length;
    }

    static Map<String, Object> answer(Map<String, Object> req) throws Proto.BadRequest, Proto.Unsupported {
        Map<String, Object> a = new LinkedHashMap<>();
        String op = Proto.op(req);
        String input = Proto.input(req);
        Object level = req.get("level");
        try {
            switch (op) {
                case "parse": {
                    Proto.oneEntryPoint(req, "java.net.URI has one entry point (URI-reference)");
                    URI u;
                    try {
                        u = new URI(input);
                    } catch (URISyntaxException e) {
                        a.put("valid", Boolean.FALSE);
                        int off = byteOffset(input, e.getIndex());
                        if (off >= 0) a.put("error_offset", off);
                        return a;
                    }
                    a.put("valid", Boolean.TRUE);
                    a.put("components", NetUri.components(u));
                    return a;
                }
                case "resolve": {
                    String base = Proto.field(req, "base");
                    if (base == null) throw new Proto.BadRequest("resolve needs a base");
                    if (Boolean.FALSE.equals(req.get("strict"))) {
                        throw new Proto.Unsupported("URI.resolve has no non-strict (RFC 3986 5.2.2) mode");
                    }
                    URI t = new URI(base).resolve(new URI(input));
                    a.put("valid", Boolean.TRUE);
                    a.put("target", t.toString());
                    return a;
                }
                case "recompose":
                    // URI.toString: the string it was parsed from, as java.net.URI keeps it
                    a.put("valid", Boolean.TRUE);
                    a.put("output", new URI(input).toString());
                    return a;
                case "normalize":
                    if (level != null && !"syntax".equals(level)) throw new Proto.Unsupported("URI.normalize has no " + level + " level");
                    a.put("valid", Boolean.TRUE);
                    a.put("normalized", new URI(input).normalize().toString());
                    return a;
                case "equivalent": {
                    String other = Proto.field(req, "other");
                    if (other == null) throw new Proto.BadRequest("equivalent needs other");
                    if (level != null && !"syntax".equals(level)) throw new Proto.Unsupported("URI.equals has no " + level + " level");
                    a.put("valid", Boolean.TRUE);
                    a.put("equivalent", new URI(input).equals(new URI(other)));
                    return a;
                }
                case "fetch":
                    return fetch(input);
                default:
                    throw new Proto.Unsupported("op " + op + " not supported by this adapter");
            }
        } catch (URISyntaxException e) {
            a.clear();
            a.put("valid", Boolean.FALSE);
            return a;
        }
    }

    private static java.net.http.HttpClient client;

    /**
     * The op fetch (DESIGN.md "The fetch lab"): java.net.http.HttpClient as
     * an application uses it (newHttpClient: redirects never followed, the
     * system proxy selector, which the lab leaves without proxies).  An
     * IllegalArgumentException (a URI it refuses, a scheme other than http
     * and https) comes before any connection; an IOException (connect,
     * TLS) is an attempt.
     */
    static Map<String, Object> fetch(String input) {
        Map<String, Object> a = new LinkedHashMap<>();
        try {
            if (client == null) client = java.net.http.HttpClient.newHttpClient();
            java.net.http.HttpRequest r = java.net.http.HttpRequest.newBuilder(URI.create(input)).build();
            client.send(r, java.net.http.HttpResponse.BodyHandlers.discarding());
            a.put("valid", Boolean.TRUE);
        } catch (IllegalArgumentException e) {
            a.put("valid", Boolean.FALSE);
            a.put("error", String.valueOf(e.getMessage()));
        } catch (java.io.IOException e) {
            a.put("valid", Boolean.TRUE);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            a.put("valid", Boolean.TRUE);
        }
        return a;
    }

    public static void main(String[] args) throws IOException {
        Proto.serve("{\"adapter\": \"java-net-uri\", \"library\": \"java.net.URI (java " + System.getProperty("java.version")
            + ")\", \"spec\": \"rfc2396\", \"ops\": [\"parse\", \"resolve\", \"normalize\", \"equivalent\", \"recompose\", \"fetch\"], \"protocol\": 1}",
            Adapter::answer);
    }
}
