// rust-http: the http crate's http::Uri (the request-target URI of hyper,
// reqwest, axum ...) through adapters/PROTOCOL.md: Uri::try_from(&[u8])
// (parse).  Mapping to the component model: README.md.
#[path = "../../rust-common/proto.rs"]
mod proto;

use http::Uri;
use proto::{field_bytes, host_type, js, str_of, Outcome, Value};
use std::collections::BTreeMap;

// The component model from Uri's accessors.  http::Uri drops the fragment
// (not expressed), keeps no empty query apart from an absent one only when
// the input has "?" (query() is Some("")), and reads a path-less URI's path
// as "/" when it has a scheme.
fn components(u: &Uri) -> String {
    let mut c: Vec<(&str, String)> = Vec::new();
    c.push(("scheme", u.scheme_str().map_or("null".into(), js)));
    match u.authority() {
        None => {
            for k in ["authority", "userinfo", "host", "host_type", "port"] {
                c.push((k, "null".into()));
            }
        }
        Some(a) => {
            let s = a.as_str();
            c.push(("authority", js(s)));
            c.push(("userinfo", s.rfind('@').map_or("null".into(), |i| js(&s[..i]))));
            c.push(("host", js(a.host())));
            c.push(("host_type", js(host_type(a.host()))));
            // a port that is not a u16 is accepted and port() is None:
            // the library's reading, sent as null
            c.push(("port", a.port().map_or("null".into(), |p| js(p.as_str()))));
        }
    }
    c.push(("path", js(u.path())));
    c.push(("query", u.query().map_or("null".into(), js)));
    let body: Vec<String> = c.iter().map(|(k, v)| format!("\"{}\": {}", k, v)).collect();
    format!("{{{}}}", body.join(", "))
}

fn handle(op: &str, req: &BTreeMap<String, Value>) -> Outcome {
    // Uri::try_from(&[u8]): octets that are not UTF-8 are given as they are
    let input = match field_bytes(req, "input") {
        Ok(Some(s)) => s,
        Ok(None) => return Outcome::Bad("request has neither input nor input_hex".into()),
        Err(o) => return o,
    };
    if op != "parse" && op != "recompose" {
        return Outcome::Unsupported(format!("op {} not supported by this adapter", op));
    }
    if let Some(r) = str_of(req, "rule") {
        if r != "URI-reference" {
            return Outcome::Unsupported("http::Uri has one entry point, no start rules".into());
        }
    }
    match Uri::try_from(input.as_slice()) {
        Err(e) => Outcome::Answer(vec![("valid", "false".into()), ("exception", js(&e.to_string()))]),
        // recompose: the string the Uri writes (its Display)
        Ok(u) if op == "recompose" => Outcome::Answer(vec![("valid", "true".into()), ("output", js(&u.to_string()))]),
        Ok(u) => Outcome::Answer(vec![("valid", "true".into()), ("components", components(&u))]),
    }
}

fn main() {
    let hello = format!(
        "{{\"adapter\": \"rust-http\", \"library\": \"http {} (Rust crate, http::Uri)\", \"spec\": \"other\", \"ops\": [\"parse\", \"recompose\"], \"protocol\": 1}}",
        env!("LIB_VERSION")
    );
    proto::serve(&hello, &handle);
}
