// java-common/NetUri.java: a java.net.URI in the component model, for the
// adapters whose library reads a reference as one (java-net-uri: new URI;
// httpclient: the URI URIBuilder builds).  Mapping: ../java-net-uri/README.md.

import java.net.URI;
import java.util.LinkedHashMap;
import java.util.Map;

final class NetUri {
    private NetUri() {}

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
                c.put("host_type", Proto.hostType(host));
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

}
