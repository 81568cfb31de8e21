// rust-oxiri: the oxiri crate (strict RFC 3987 IRIs, hence RFC 3986 URIs with
// non-ASCII characters allowed where RFC 3987 allows them) through
// adapters/PROTOCOL.md: IriRef::parse / Iri::parse (parse, by start rule),
// Iri::resolve (resolve).  Mapping to the component model: README.md.
#[path = "../../rust-common/proto.rs"]
mod proto;

use oxiri::{Iri, IriRef};
use proto::{field, host_type, js, str_of, Outcome, Value};
use std::collections::BTreeMap;

fn opt(s: Option<&str>) -> String {
    s.map(js).unwrap_or_else(|| "null".into())
}

// oxiri gives the authority as written; it has matched (i)authority, in
// which "@" ends the userinfo (the first one: userinfo has none) and a ":"
// outside the brackets of an IP-literal starts the port, so the split is
// the grammar's own.
fn split_authority(a: &str) -> (Option<&str>, &str, Option<&str>) {
    let (ui, hp) = match a.find('@') {
        Some(i) => (Some(&a[..i]), &a[i + 1..]),
        None => (None, a),
    };
    let after = if hp.starts_with('[') { hp.find(']').map(|i| i + 1).unwrap_or(hp.len()) } else { 0 };
    match hp[after..].find(':') {
        Some(i) => (ui, &hp[..after + i], Some(&hp[after + i + 1..])),
        None => (ui, hp, None),
    }
}

fn components(scheme: Option<&str>, authority: Option<&str>, path: &str, query: Option<&str>, fragment: Option<&str>) -> String {
    let mut c: Vec<(&str, String)> = vec![("scheme", opt(scheme)), ("authority", opt(authority))];
    match authority {
        None => {
            for k in ["userinfo", "host", "host_type", "port"] {
                c.push((k, "null".into()));
            }
        }
        Some(a) => {
            let (ui, host, port) = split_authority(a);
            c.push(("userinfo", opt(ui)));
            c.push(("host", js(host)));
            c.push(("host_type", js(host_type(host))));
            c.push(("port", opt(port)));
        }
    }
    c.push(("path", js(path)));
    c.push(("query", opt(query)));
    c.push(("fragment", opt(fragment)));
    let body: Vec<String> = c.iter().map(|(k, v)| format!("\"{}\": {}", k, v)).collect();
    format!("{{{}}}", body.join(", "))
}

fn handle(op: &str, req: &BTreeMap<String, Value>) -> Outcome {
    let input = match field(req, "input") {
        Ok(Some(s)) => s,
        Ok(None) => return Outcome::Bad("request has neither input nor input_hex".into()),
        Err(o) => return o,
    };
    match op {
        "parse" => {
            let rule = str_of(req, "rule").unwrap_or("URI-reference");
            // oxiri parses IRIs: for the RFC 3986 start rules it is the
            // nearest entry point (non-ASCII is accepted where RFC 3987 allows)
            let absolute = match rule {
                "URI-reference" | "IRI-reference" => false,
                "URI" | "IRI" => true,
                _ => return Outcome::Unsupported(format!("oxiri has no {} entry point", rule)),
            };
            let c = if absolute {
                Iri::parse(input.as_str())
                    .map(|i| components(Some(i.scheme()), i.authority(), i.path(), i.query(), i.fragment()))
            } else {
                IriRef::parse(input.as_str())
                    .map(|i| components(i.scheme(), i.authority(), i.path(), i.query(), i.fragment()))
            };
            match c {
                Ok(c) => Outcome::Answer(vec![("valid", "true".into()), ("components", c)]),
                Err(_) => Outcome::Answer(vec![("valid", "false".into())]),
            }
        }
        "resolve" => {
            let base = match field(req, "base") {
                Ok(Some(b)) => b,
                Ok(None) => return Outcome::Bad("resolve needs a base".into()),
                Err(o) => return o,
            };
            if let Some(Value::Bool(false)) = req.get("strict") {
                return Outcome::Unsupported("Iri::resolve has no non-strict (RFC 3986 5.2.2) mode".into());
            }
            match Iri::parse(base.as_str()).map(|b| b.resolve(&input)) {
                Ok(Ok(t)) => Outcome::Answer(vec![("valid", "true".into()), ("target", js(t.as_str()))]),
                _ => Outcome::Answer(vec![("valid", "false".into())]),
            }
        }
        _ => Outcome::Unsupported(format!("op {} not supported by this adapter", op)),
    }
}

fn main() {
    let hello = format!(
        "{{\"adapter\": \"rust-oxiri\", \"library\": \"oxiri {} (Rust crate, RFC 3987)\", \"spec\": \"rfc3986\", \"ops\": [\"parse\", \"resolve\"], \"protocol\": 1}}",
        env!("LIB_VERSION")
    );
    proto::serve(&hello, &handle);
}
