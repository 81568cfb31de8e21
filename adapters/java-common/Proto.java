// java-common/Proto.java: the adapter side of adapters/PROTOCOL.md for the
// Java adapters (java-net-uri, okhttp, httpclient): a small JSON reader and
// writer (no dependencies), the request fields and the loop.  An adapter
// gives serve() its hello line and a Handler that answers one request (the
// fields after "id"); adapters/adapters.mk compiles this file with each
// Java adapter's own sources.

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

public final class Proto {
    private Proto() {}

    private static final Pattern IPV4 = Pattern.compile(
        "(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])(\\.(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])){3}");
    static final List<String> KNOWN = List.of("parse", "match", "resolve", "normalize", "equivalent", "iri-to-uri", "recompose", "fetch");

    /** Answers one request: the fields of the answer after its id. */
    interface Handler {
        Map<String, Object> answer(Map<String, Object> req) throws BadRequest, Unsupported;
    }

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

    // ---- request fields -------------------------------------------------------
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
            throw new Unsupported("the library takes Java (UTF-16) strings: input is not UTF-8");
        }
    }

    static String hostType(String h) {
        if (h.startsWith("[v") || h.startsWith("[V")) return "IPvFuture";
        if (h.startsWith("[")) return "IPv6address";
        return IPV4.matcher(h).matches() ? "IPv4address" : "reg-name";
    }

    /** The request's input (input or input_hex); BadRequest when absent. */
    static String input(Map<String, Object> req) throws BadRequest, Unsupported {
        String input = field(req, "input");
        if (input == null) throw new BadRequest("request has neither input nor input_hex");
        return input;
    }

    /** Unsupported (WHY) when the request names a start rule other than URI-reference. */
    static void oneEntryPoint(Map<String, Object> req, String why) throws Unsupported {
        Object rule = req.get("rule");
        if (rule != null && !"URI-reference".equals(rule)) throw new Unsupported(why);
    }

    /** The request's op ("parse" when absent); BadRequest when unknown. */
    static String op(Map<String, Object> req) throws BadRequest {
        Object opv = req.get("op");
        String op = opv == null ? "parse" : opv instanceof String ? (String) opv : "";
        if (!KNOWN.contains(op)) throw new BadRequest("unknown op");
        return op;
    }

    static String line(String text, Handler h) {
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
            a.putAll(h.answer(req));
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

    /** Writes HELLO, then answers every request line of standard input. */
    static void serve(String hello, Handler h) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8), 1 << 16);
        BufferedWriter out = new BufferedWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8), 1 << 16);
        out.write(hello);
        out.write('\n');
        out.flush();
        String text;
        while ((text = in.readLine()) != null) {
            if (text.trim().isEmpty()) continue;
            out.write(line(text, h));
            out.write('\n');
            // flush when no further request is already waiting (PROTOCOL.md 6)
            if (!in.ready()) out.flush();
        }
        out.flush();
    }
}
