// rust-url: the url crate (WHATWG URL Standard) through adapters/PROTOCOL.md:
// Url::parse / ParseOptions::base_url (parse), Url::join (resolve), the
// WHATWG getters from url::quirks.  Mapping to the component model: README.md.
#[path = "../../rust-common/proto.rs"]
mod proto;

use proto::{field, host_type, js, str_of, Outcome, Value};
use std::collections::BTreeMap;
use url::{quirks, Url};

fn parse(input: &str, base: Option<&str>) -> Option<Url> {
    match base {
        None => Url::parse(input).ok(),
        Some(b) => {
            let bu = Url::parse(b).ok()?;
            Url::options().base_url(Some(&bu)).parse(input).ok()
        }
    }
}

// The component model from the getters, leaving out what they cannot say
// for certain (as adapters/common/whatwg-serve.js does for Node).
fn components(u: &Url) -> String {
    let mut c: Vec<(&str, String)> = Vec::new();
    let protocol = quirks::protocol(u);
    c.push(("scheme", js(&protocol[..protocol.len() - 1])));
    // Whether the host is not null.  url 2.3.1 keeps no empty host of a
    // non-special URL (has_host() is false for "s://", which it still
    // serializes with "//"), and serializes a null host with the path "//p"
    // as "sc://p": so an empty host is there exactly when href is
    // protocol + "//" + pathname (+ search and hash).
    let has_host = u.has_host()
        || quirks::href(u).starts_with(&format!("{}//{}", protocol, quirks::pathname(u)));
    if !has_host {
        for k in ["authority", "userinfo", "host", "host_type", "port"] {
            c.push((k, "null".into()));
        }
    } else {
        let (user, pass) = (quirks::username(u), quirks::password(u));
        if !user.is_empty() || !pass.is_empty() {
            let ui = if pass.is_empty() { user.to_string() } else { format!("{}:{}", user, pass) };
            c.push(("userinfo", js(&ui)));
        }
        let hostname = quirks::hostname(u);
        c.push(("host", js(hostname)));
        c.push(("host_type", js(host_type(hostname))));
        if !quirks::port(u).is_empty() {
            c.push(("port", js(quirks::port(u))));
        }
    }
    c.push(("path", js(quirks::pathname(u))));
    let search = quirks::search(u);
    if !search.is_empty() {
        c.push(("query", js(&search[1..])));
    }
    let hash = quirks::hash(u);
    if !hash.is_empty() {
        c.push(("fragment", js(&hash[1..])));
    }
    let body: Vec<String> = c.iter().map(|(k, v)| format!("\"{}\": {}", k, v)).collect();
    format!("{{{}}}", body.join(", "))
}

fn getters(u: &Url) -> String {
    let g: [(&str, String); 11] = [
        ("href", js(quirks::href(u))),
        ("protocol", js(quirks::protocol(u))),
        ("username", js(quirks::username(u))),
        ("password", js(quirks::password(u))),
        ("host", js(quirks::host(u))),
        ("hostname", js(quirks::hostname(u))),
        ("port", js(quirks::port(u))),
        ("pathname", js(quirks::pathname(u))),
        ("search", js(quirks::search(u))),
        ("hash", js(quirks::hash(u))),
        ("origin", js(&quirks::origin(u))),
    ];
    let body: Vec<String> = g.iter().map(|(k, v)| format!("\"{}\": {}", k, v)).collect();
    format!("{{{}}}", body.join(", "))
}

fn handle(op: &str, req: &BTreeMap<String, Value>) -> Outcome {
    let input = match field(req, "input") {
        Ok(Some(s)) => s,
        Ok(None) => return Outcome::Bad("request has neither input nor input_hex".into()),
        Err(o) => return o,
    };
    let base = match field(req, "base") {
        Ok(b) => b,
        Err(o) => return o,
    };
    match op {
        "parse" => {
            if let Some(r) = str_of(req, "rule") {
                if r != "URI-reference" {
                    return Outcome::Unsupported("WHATWG URL has no start rules".into());
                }
            }
            match parse(&input, base.as_deref()) {
                None => Outcome::Answer(vec![("valid", "false".into())]),
                Some(u) => Outcome::Answer(vec![
                    ("valid", "true".into()),
                    ("components", components(&u)),
                    ("whatwg", getters(&u)),
                ]),
            }
        }
        "resolve" => {
            let b = match base {
                Some(b) => b,
                None => return Outcome::Bad("resolve needs a base".into()),
            };
            if let Some(Value::Bool(false)) = req.get("strict") {
                return Outcome::Unsupported("WHATWG has no non-strict (RFC 3986 5.2.2) resolution mode".into());
            }
            match Url::parse(&b).and_then(|bu| bu.join(&input)) {
                Ok(t) => Outcome::Answer(vec![("valid", "true".into()), ("target", js(t.as_str()))]),
                Err(_) => Outcome::Answer(vec![("valid", "false".into())]),
            }
        }
        // the href the crate writes for what it parsed
        "recompose" => match Url::parse(&input) {
            Ok(u) => Outcome::Answer(vec![("valid", "true".into()), ("output", js(u.as_str()))]),
            Err(_) => Outcome::Answer(vec![("valid", "false".into())]),
        },
        _ => Outcome::Unsupported(format!("op {} not supported by this adapter", op)),
    }
}

fn main() {
    let hello = format!(
        "{{\"adapter\": \"rust-url\", \"library\": \"url {} (Rust crate, WHATWG)\", \"spec\": \"whatwg\", \"ops\": [\"parse\", \"resolve\", \"recompose\"], \"protocol\": 1}}",
        env!("LIB_VERSION")
    );
    proto::serve(&hello, &handle);
}
