// commons-validator: Apache Commons Validator's UrlValidator.isValid, the
// URL check of Java web applications and frameworks, through
// adapters/PROTOCOL.md.  A validator: it answers accept or reject only.
// Without arguments the default validator (UrlValidator.getInstance():
// http, https and ftp); with --all-schemes, new
// UrlValidator(ALLOW_ALL_SCHEMES).  The protocol is ../java-common/.
// README.md here.

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.commons.validator.routines.UrlValidator;

public final class Adapter {
    private Adapter() {}

    static Map<String, Object> answer(UrlValidator v, Map<String, Object> req)
            throws Proto.BadRequest, Proto.Unsupported {
        String op = Proto.op(req);
        String input = Proto.input(req);
        if (!op.equals("parse")) throw new Proto.Unsupported("op " + op + " not supported by this adapter");
        Proto.oneEntryPoint(req, "UrlValidator has one entry point");
        Map<String, Object> a = new LinkedHashMap<>();
        a.put("valid", v.isValid(input));
        return a;
    }

    /** The library's version, from the pom.properties its jar carries. */
    static String version() {
        java.util.Properties pr = new java.util.Properties();
        try (java.io.InputStream in = UrlValidator.class.getResourceAsStream(
                "/META-INF/maven/commons-validator/commons-validator/pom.properties")) {
            if (in != null) pr.load(in);
        } catch (IOException e) {
            return "?";
        }
        return pr.getProperty("version", "?");
    }

    public static void main(String[] args) throws IOException {
        boolean all = args.length > 0 && args[0].equals("--all-schemes");
        UrlValidator v = all ? new UrlValidator(UrlValidator.ALLOW_ALL_SCHEMES) : UrlValidator.getInstance();
        String ver = version();
        Proto.serve("{\"adapter\": \"" + (all ? "commons-validator-all-schemes" : "commons-validator")
            + "\", \"library\": \"Apache Commons Validator " + ver + " UrlValidator"
            + (all ? " ALLOW_ALL_SCHEMES" : "") + " (java " + System.getProperty("java.version")
            + ")\", \"spec\": \"other\", \"ops\": [\"parse\"], \"protocol\": 1}",
            req -> answer(v, req));
    }
}
