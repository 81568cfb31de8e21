// okhttp: OkHttp's HttpUrl (HttpUrl.parse, HttpUrl.resolve), the URL type of
// Android's and the JVM's most used HTTP client, through adapters/PROTOCOL.md.
// One long-lived JVM answers every request; the protocol is
// ../java-common/Proto.java.  Mapping to the component model: README.md.

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import okhttp3.HttpUrl;

public final class Adapter {
    private Adapter() {}

    // HttpUrl keeps the host decoded and canonical (an IPv6 address without
    // brackets: put back), the port as a number with the scheme's default
    // filled in (left out then), user name and password as "" when absent
    // (userinfo left out when both are ""), and no authority as a whole.
    static Map<String, Object> components(HttpUrl u) {
        Map<String, Object> c = new LinkedHashMap<>();
        c.put("scheme", u.scheme());
        String user = u.encodedUsername();
        String password = u.encodedPassword();
        if (!user.isEmpty() || !password.isEmpty()) {
            c.put("userinfo", password.isEmpty() ? user : user + ":" + password);
        }
        String host = u.host().indexOf(':') >= 0 ? "[" + u.host() + "]" : u.host();
        c.put("host", host);
        c.put("host_type", Proto.hostType(host));
        if (u.port() != HttpUrl.defaultPort(u.scheme())) c.put("port", Integer.toString(u.port()));
        c.put("path", u.encodedPath());
        c.put("query", u.encodedQuery());
        c.put("fragment", u.encodedFragment());
        return c;
    }

    static Map<String, Object> answer(Map<String, Object> req) throws Proto.BadRequest, Proto.Unsupported {
        Map<String, Object> a = new LinkedHashMap<>();
        String op = Proto.op(req);
        String input = Proto.input(req);
        switch (op) {
            case "parse": {
                Proto.oneEntryPoint(req, "HttpUrl.parse has one entry point");
                HttpUrl u = HttpUrl.parse(input);
                a.put("valid", u != null);
                if (u != null) a.put("components", components(u));
                return a;
            }
            case "resolve": {
                String base = Proto.field(req, "base");
                if (base == null) throw new Proto.BadRequest("resolve needs a base");
                if (Boolean.FALSE.equals(req.get("strict"))) {
                    throw new Proto.Unsupported("HttpUrl.resolve has no non-strict (RFC 3986 5.2.2) mode");
                }
                HttpUrl b = HttpUrl.parse(base);
                HttpUrl t = b == null ? null : b.resolve(input);
                a.put("valid", t != null);
                if (t != null) a.put("target", t.toString());
                return a;
            }
            case "recompose": {
                // HttpUrl.toString: the URL OkHttp would request
                HttpUrl u = HttpUrl.parse(input);
                a.put("valid", u != null);
                if (u != null) a.put("output", u.toString());
                return a;
            }
            default:
                throw new Proto.Unsupported("op " + op + " not supported by this adapter");
        }
    }

    public static void main(String[] args) throws IOException {
        // "okhttp/3.13.1"
        String v = okhttp3.internal.Version.userAgent().replace("okhttp/", "");
        Proto.serve("{\"adapter\": \"okhttp\", \"library\": \"OkHttp " + v + " HttpUrl (java "
            + System.getProperty("java.version") + ")\", \"spec\": \"other\", \"ops\": [\"parse\", \"resolve\", \"recompose\"], \"protocol\": 1}",
            Adapter::answer);
    }
}
