// java-net-uri: java.net.URI (RFC 2396, with the IPv6 literals of RFC 2732)
// through adapters/PROTOCOL.md: new URI (parse), resolve, normalize, equals.
// One long-lived JVM answers every request.  No dependencies: a small JSON
// reader and writer are below.  Built by adapters/<name>/adapter.mk into
// build/adapters/java-net-uri/.  Mapping to the component model: README.md.

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

public final class Adapter {
    private static final Pattern IPV4 = Pattern.compile(
        "(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])(\\.(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])){3}");
    private static final List<String> KNOWN = List.of("parse", "match", "resolve", "normalize", "equivalent", "iri-to-uri", "fetch");

    /** A JSON number kept as written, so an id is echoed unchanged. */
    static final class Num {
        final String text;
        Num(String t) { text = t; }
    }

    static final class BadRequest extends Exception {
        private static final long serialVersionUID = 1L;
        BadRequest(String m) { super(m); }
    }

    static final class Unsupported extends Exception {
        private static final long serialVersionUID = 1L;
        Unsupported(String m) { super(m); }
    }

    // ---- JSON reading -------------------------------------------------------
    static final class Reader {
        final String s;
        int i;
        Reader(String s) { this.s = s; }

        void ws() { while (i < s.length() && " \t\r\n".indexOf(s.charAt(i)) >= 0) i++; }

        Object value() throws BadRequest {
            ws();
            if (i >= s.length()) throw new BadRequest("request is not a JSON object");
            char c = s.charAt(i);
            if (c == '{') {
                i++;
                Map<String, Object> m = new LinkedHashMap<>();
                ws();
                if (i < s.length() && s.charAt(i) == '}') { i++; return m; }
                while (true) {
                    ws();
                    if (i >= s.length() || s.charAt(i) != '"') throw new BadRequest("request is not a JSON object");
                    String k = string();
                    ws();
                    expect(':');
                    m.put(k, value());
                    ws();
                    if (i < s.length() && s.charAt(i) == ',') { i++; continue; }
                    expect('}');
                    return m;
                }
            }
            if (c == '[') {
                i++;
                List<Object> l = new ArrayList<>();
                ws();
                if (i < s.length() && s.charAt(i) == ']') { i++; return l; }
                while (true) {
                    l.add(value());
                    ws();
                    if (i < s.length() && s.charAt(i) == ',') { i++; continue; }
                    expect(']');
                    return l;
                }
            }
            if (c == '"') return string();
            if (s.startsWith("true", i)) { i += 4; return Boolean.TRUE; }
            if (s.startsWith("false", i)) { i += 5; return Boolean.FALSE; }
            if (s.startsWith("null", i)) { i += 4; return null; }
            int j = i;
            while (i < s.length() && "+-0123456789.eE".indexOf(s.charAt(i)) >= 0) i++;
            if (j == i) throw new BadRequest("request is not a JSON object");
            return new Num(s.substring(j, i));
        }

        void expect(char c) throws BadRequest {
            if (i >= s.length() || s.charAt(i) != c) throw new BadRequest("request is not a JSON object");
            i++;
        }

        String string() throws BadRequest {
            expect('"');
            StringBuilder b = new StringBuilder();
            while (true) {
                if (i >= s.length()) throw new BadRequest("request is not a JSON object");
                char c = s.charAt(i++);
                if (c == '"') return b.toString();
                if (c != '\\') { b.append(c); continue; }
                if (i >= s.length()) throw new BadRequest("request is not a JSON object");
                char e = s.charAt(i++);
                switch (e) {
                    case 'n': b.append('\n'); break;
                    case 't': b.append('\t'); break;
                    case 'r': b.append('\r'); break;
                    case 'b': b.append('\b'); break;
                    case 'f': b.append('\f'); break;
                    case 'u':
                        if (i + 4 > s.length()) throw new BadRequest("request is not a JSON object");
                        try {
                            b.append((char) Integer.parseInt(s.substring(i, i + 4), 16));
                        } catch (NumberFormatException x) {
                            throw new BadRequest("request is not a JSON object");
                        }
                        i += 4;
                        break;
                    default: b.append(e);
                }
            }
        }
    }

    // ---- JSON writing -------------------------------------------------------
    static void str(StringBuilder b, String s) {
        b.append('"');
        for (int k = 0; k < s.length(); k++) {
            char c = s.charAt(k);
            switch (c) {
                case '"': b.append("\\\""); break;
                case '\\': b.append("\\\\"); break;
                case '\n': b.append("\\n"); break;
                case '\r': b.append("\\r"); break;
                case '\t': b.append("\\t"); break;
                default:
                    if (c < 0x20 || (Character.isSurrogate(c) && !validSurrogate(s, k))) {
                        b.append(String.format("\\u%04x", (int) c));
                    } else {
                        b.append(c);
                    }
            }
        }
        b.append('"');
    }

    static boolean validSurrogate(String s, int k) {
        char c = s.charAt(k);
        if (Character.isHighSurrogate(c)) return k + 1 < s.length() && Character.isLowSurrogate(s.charAt(k + 1));
        return k > 0 && Character.isHighSurrogate(s.charAt(k - 1));
    }

    static void json(StringBuilder b, Object v) {
        if (v == null) b.append("null");
        else if (v instanceof String) str(b, (String) v);
        else if (v instanceof Num) b.append(((Num) v).text);
        else if (v instanceof Boolean || v instanceof Integer) b.append(v);
        else if (v instanceof Map) {
            b.append('{');
            boolean first = true;
            for (Map.Entry<?, ?> e : ((Map<?, ?>) v).entrySet()) {
                if (!first) b.append(", ");
                first = false;
                str(b, (String) e.getKey());
                b.append(": ");
                json(b, e.getValue());
            }
            b.append('}');
        } else {
            str(b, String.valueOf(v));
        }
    }

    // ---- the library ----------------------------------------------------------
    static String field(Map<String, Object> req, String name) throws BadRequest, Unsupported {
        Object v = req.get(name);
        if (v != null) {
            if (!(v instanceof String)) throw new BadRequest(name + " is not a string");
            return (String) v;
        }
        Object h = req.get(name + "_hex");
        if (h == null) return null;
        if (!(h instanceof String) || ((String) h).length() % 2 != 0 || !((String) h).matches("[0-9a-fA-F]*")) {
            throw new BadRequest(name + "_hex is not hex digits");
        }
        String hs = (String) h;
        byte[] bytes = new byte[hs.length() / 2];
        for (int k = 0; k < bytes.length; k++) bytes[k] = (byte) Integer.parseInt(hs.substring(2 * k, 2 * k + 2), 16);
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            throw new Unsupported("java.net.URI takes Java (UTF-16) strings: input is not UTF-8");
        }
    }

    static String hostType(String h) {
        if (h.startsWith("[v") || h.startsWith("[V")) return "IPvFuture";
        if (h.startsWith("[")) return "IPv6address";
        return IPV4.matcher(h).matches() ? "IPv4address" : "reg-name";
    }

    static Map<String, Object> components(URI u) {
        Map<String, Object> c = new LinkedHashMap<>();
        c.put("scheme", u.getScheme());
        if (u.isOpaque()) {
            // "scheme:ssp": no authority; the scheme-specific part is the
            // path, the query not split off (so left out)
            c.put("authority", null);
            c.put("userinfo", null);
            c.put("host", null);
            c.put("host_type", null);
            c.put("port", null);
            c.put("path", u.getRawSchemeSpecificPart());
        } else {
            String auth = u.getRawAuthority();
            String host = u.getHost();
            c.put("authority", auth);
            if (auth == null || host == null) {
                // no authority, or a registry-based one: java.net.URI reads
                // no userinfo, host or port in it
                c.put("userinfo", null);
                c.put("host", null);
                c.put("host_type", null);
                c.put("port", null);
            } else {
                String ui = u.getRawUserInfo();
                c.put("userinfo", ui);
                c.put("host", host);
                c.put("host_type", hostType(host));
                // the port as written: what follows the host in the authority
                int at = ui == null ? 0 : ui.length() + 1;
                if (auth.startsWith(host, at)) {
                    String rest = auth.substring(at + host.length());
                    c.put("port", rest.startsWith(":") ? rest.substring(1) : null);
                } else if (u.getPort() >= 0) {
                    c.put("port", Integer.toString(u.getPort()));
                }
            }
            c.put("path", u.getRawPath() == null ? "" : u.getRawPath());
            c.put("query", u.getRawQuery());
        }
        c.put("fragment", u.getRawFragment());
        return c;
    }

    static int byteOffset(String s, int idx) {
        if (idx < 0 || idx > s.length()) return -1;
        return s.substring(0, idx).getBytes(StandardCharsets.UTF_8).length;
    }

    static Map<String, Object> answer(Map<String, Object> req) throws BadRequest, Unsupported {
        Map<String, Object> a = new LinkedHashMap<>();
        Object opv = req.get("op");
        String op = opv == null ? "parse" : opv instanceof String ? (String) opv : "";
        if (!KNOWN.contains(op)) throw new BadRequest("unknown op");
        String input = field(req, "input");
        if (input == null) throw new BadRequest("request has neither input nor input_hex");
        Object level = req.get("level");
        try {
            switch (op) {
                case "parse": {
                    Object rule = req.get("rule");
                    if (rule != null && !"URI-reference".equals(rule)) {
                        throw new Unsupported("java.net.URI has one entry point (URI-reference)");
                    }
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
                    a.put("components", components(u));
                    return a;
                }
                case "resolve": {
                    String base = field(req, "base");
                    if (base == null) throw new BadRequest("resolve needs a base");
                    if (Boolean.FALSE.equals(req.get("strict"))) {
                        throw new Unsupported("URI.resolve has no non-strict (RFC 3986 5.2.2) mode");
                    }
                    URI t = new URI(base).resolve(new URI(input));
                    a.put("valid", Boolean.TRUE);
                    a.put("target", t.toString());
                    return a;
                }
                case "normalize":
                    if (level != null && !"syntax".equals(level)) throw new Unsupported("URI.normalize has no " + level + " level");
                    a.put("valid", Boolean.TRUE);
                    a.put("normalized", new URI(input).normalize().toString());
                    return a;
                case "equivalent": {
                    String other = field(req, "other");
                    if (other == null) throw new BadRequest("equivalent needs other");
                    if (level != null && !"syntax".equals(level)) throw new Unsupported("URI.equals has no " + level + " level");
                    a.put("valid", Boolean.TRUE);
                    a.put("equivalent", new URI(input).equals(new URI(other)));
                    return a;
                }
                case "fetch":
                    return fetch(input);
                default:
                    throw new Unsupported("op " + op + " not supported by this adapter");
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

    static String line(String text) {
        StringBuilder b = new StringBuilder();
        Object parsed;
        try {
            Reader r = new Reader(text);
            parsed = r.value();
            r.ws();
            if (r.i != text.length()) parsed = null;
        } catch (BadRequest | StackOverflowError e) {
            parsed = null;
        }
        if (!(parsed instanceof Map)) return "{\"id\": null, \"error\": \"request is not a JSON object\"}";
        @SuppressWarnings("unchecked")
        Map<String, Object> req = (Map<String, Object>) parsed;
        Map<String, Object> a = new LinkedHashMap<>();
        a.put("id", req.get("id"));
        try {
            a.putAll(answer(req));
        } catch (BadRequest e) {
            a.put("error", e.getMessage());
        } catch (Unsupported e) {
            a.put("unsupported", e.getMessage());
        } catch (RuntimeException | StackOverflowError e) {
            a.put("valid", Boolean.FALSE);
            a.put("exception", e.toString());
        }
        json(b, a);
        return b.toString();
    }

    public static void main(String[] args) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8), 1 << 16);
        BufferedWriter out = new BufferedWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8), 1 << 16);
        out.write("{\"adapter\": \"java-net-uri\", \"library\": \"java.net.URI (java " + System.getProperty("java.version")
            + ")\", \"spec\": \"rfc2396\", \"ops\": [\"parse\", \"resolve\", \"normalize\", \"equivalent\", \"fetch\"], \"protocol\": 1}\n");
        out.flush();
        String text;
        while ((text = in.readLine()) != null) {
            if (text.trim().isEmpty()) continue;
            out.write(line(text));
            out.write('\n');
            // flush when no further request is already waiting (PROTOCOL.md 6)
            if (!in.ready()) out.flush();
        }
        out.flush();
    }
}
