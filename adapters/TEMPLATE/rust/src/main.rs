// TEMPLATE: a uritest adapter in Rust (adapters/PROTOCOL.md), on the loop
// the Rust adapters share (../rust-common/proto.rs: requests decoded,
// answers in order, a panic an answer).  Copy adapters/TEMPLATE/rust/ to
// adapters/NAME/, write NAME for TEMPLATE in its files, and replace parse()
// with a call to your crate: it builds and runs as it is, with the url
// crate as the placeholder.
#[path = "../../rust-common/proto.rs"]
mod proto;

use proto::{field, js, str_of, Outcome, Value};
use std::collections::BTreeMap;

// The component model for INPUT as a JSON object, or None when the library
// rejects it.  Give only what the library says for certain: a component
// left out is not compared.
fn parse(input: &str) -> Option<String> {
    let u = url::Url::parse(input).ok()?; // the placeholder library: replace it
    let mut c = vec![("scheme", js(u.scheme())), ("path", js(u.path()))];
    if let Some(q) = u.query() {
        c.push(("query", js(q)));
    }
    if let Some(f) = u.fragment() {
        c.push(("fragment", js(f)));
    }
    let body: Vec<String> = c.iter().map(|(k, v)| format!("\"{}\": {}", k, v)).collect();
    Some(format!("{{{}}}", body.join(", ")))
}

fn handle(op: &str, req: &BTreeMap<String, Value>) -> Outcome {
    if op != "parse" {
        return Outcome::Unsupported(format!("op {} not supported by this adapter", op));
    }
    if let Some(r) = str_of(req, "rule") {
        if r != "URI-reference" {
            return Outcome::Unsupported(format!("the library has no rule {}", r));
        }
    }
    let input = match field(req, "input") {
        Ok(Some(s)) => s,
        Ok(None) => return Outcome::Bad("request has neither input nor input_hex".into()),
        Err(o) => return o,
    };
    match parse(&input) {
        None => Outcome::Answer(vec![("valid", "false".into())]),
        Some(c) => Outcome::Answer(vec![("valid", "true".into()), ("components", c)]),
    }
}

fn main() {
    let hello = format!(
        "{{\"adapter\": \"TEMPLATE\", \"library\": \"url {} (Rust crate)\", \"spec\": \"other\", \"ops\": [\"parse\"], \"protocol\": 1}}",
        env!("LIB_VERSION")
    );
    proto::serve(&hello, &handle);
}
