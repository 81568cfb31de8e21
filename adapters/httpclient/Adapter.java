// httpclient: Apache HttpClient 4.5's URIBuilder and URIUtils.resolve, the
// URI handling of the JVM's long-standing HTTP client, through
// adapters/PROTOCOL.md.  One long-lived JVM answers every request; the
// protocol and the java.net.URI mapping are ../java-common/.  Mapping:
// README.md.

import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.http.client.utils.URIBuilder;
import org.apache.http.client.utils.URIUtils;

public final class Adapter {
    private Adapter() {}

    static Map<String, Object> answer(Map<String, Object> req) throws Proto.BadRequest, Proto.Unsupported {
        Map<String, Object> a = new LinkedHashMap<>();
        String op = Proto.op(req);
        String input = Proto.input(req);
        try {
            switch (op) {
                case "parse": {
                    Proto.oneEntryPoint(req, "URIBuilder has one entry point");
                    // the URI the builder gives back: what the client requests
                    URI u = new URIBuilder(input).build();
                    a.put("valid", Boolean.TRUE);
                    a.put("components", NetUri.components(u));
                    return a;
                }
                case "resolve": {
                    String base = Proto.field(req, "base");
                    if (base == null) throw new Proto.BadRequest("resolve needs a base");
                    if (Boolean.FALSE.equals(req.get("strict"))) {
                        throw new Proto.Unsupported("URIUtils.resolve has no non-strict (RFC 3986 5.2.2) mode");
                    }
                    a.put("valid", Boolean.TRUE);
                    a.put("target", URIUtils.resolve(new URI(base), input).toString());
                    return a;
                }
                case "recompose":
                    // the URI the builder writes back: what the client requests
                    a.put("valid", Boolean.TRUE);
                    a.put("output", new URIBuilder(input).build().toString());
                    return a;
                default:
                    throw new Proto.Unsupported("op " + op + " not supported by this adapter");
            }
        } catch (URISyntaxException e) {
            a.clear();
            a.put("valid", Boolean.FALSE);
            return a;
        }
    }

    public static void main(String[] args) throws IOException {
        Package p = URIBuilder.class.getPackage();
        String v = p == null || p.getImplementationVersion() == null ? "?" : p.getImplementationVersion();
        Proto.serve("{\"adapter\": \"httpclient\", \"library\": \"Apache HttpClient " + v + " URIBuilder (java "
            + System.getProperty("java.version") + ")\", \"spec\": \"rfc3986\", \"ops\": [\"parse\", \"resolve\", \"recompose\"], \"protocol\": 1}",
            Adapter::answer);
    }
}
