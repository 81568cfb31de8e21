// proto.rs: the adapter side of adapters/PROTOCOL.md for the Rust adapters
// (rust-url, rust-oxiri; each includes this file by #[path]): a small
// JSON reader and writer (no serde_json among Debian's vendored crates), the
// request fields, and the loop.  A library panic becomes
// {"valid": false, "exception": ...}: an adapter never dies on an input.

use std::collections::BTreeMap;
use std::io::{BufRead, Read, Write};

#[derive(Debug, Clone)]
pub enum Value {
    Null,
    Bool(bool),
    Num(String),
    Str(String),
    Arr(Vec<Value>),
    Obj(BTreeMap<String, Value>),
}

struct P<'a> {
    s: &'a [u8],
    i: usize,
}

impl<'a> P<'a> {
    fn ws(&mut self) {
        while self.i < self.s.len() && b" \t\r\n".contains(&self.s[self.i]) {
            self.i += 1;
        }
    }
    fn eat(&mut self, c: u8) -> Option<()> {
        self.ws();
        if self.i < self.s.len() && self.s[self.i] == c {
            self.i += 1;
            Some(())
        } else {
            None
        }
    }
    fn value(&mut self) -> Option<Value> {
        self.ws();
        let c = *self.s.get(self.i)?;
        match c {
            b'{' => {
                self.i += 1;
                let mut m = BTreeMap::new();
                if self.eat(b'}').is_some() {
                    return Some(Value::Obj(m));
                }
                loop {
                    self.ws();
                    let k = self.string()?;
                    self.eat(b':')?;
                    let v = self.value()?;
                    m.insert(k, v);
                    if self.eat(b',').is_some() {
                        continue;
                    }
                    self.eat(b'}')?;
                    return Some(Value::Obj(m));
                }
            }
            b'[' => {
                self.i += 1;
                let mut l = Vec::new();
                if self.eat(b']').is_some() {
                    return Some(Value::Arr(l));
                }
                loop {
                    l.push(self.value()?);
                    if self.eat(b',').is_some() {
                        continue;
                    }
                    self.eat(b']')?;
                    return Some(Value::Arr(l));
                }
            }
            b'"' => self.string().map(Value::Str),
            _ => {
                for (w, v) in [("true", Value::Bool(true)), ("false", Value::Bool(false)), ("null", Value::Null)] {
                    if self.s[self.i..].starts_with(w.as_bytes()) {
                        self.i += w.len();
                        return Some(v);
                    }
                }
                let j = self.i;
                while self.i < self.s.len() && b"+-0123456789.eE".contains(&self.s[self.i]) {
                    self.i += 1;
                }
                if j == self.i {
                    return None;
                }
                Some(Value::Num(String::from_utf8_lossy(&self.s[j..self.i]).into_owned()))
            }
        }
    }
    fn hex4(&mut self) -> Option<u32> {
        let h = std::str::from_utf8(self.s.get(self.i..self.i + 4)?).ok()?;
        self.i += 4;
        u32::from_str_radix(h, 16).ok()
    }
    fn string(&mut self) -> Option<String> {
        if *self.s.get(self.i)? != b'"' {
            return None;
        }
        self.i += 1;
        let mut out: Vec<u8> = Vec::new();
        loop {
            let c = *self.s.get(self.i)?;
            self.i += 1;
            match c {
                b'"' => return String::from_utf8(out).ok(),
                b'\\' => {
                    let e = *self.s.get(self.i)?;
                    self.i += 1;
                    let ch = match e {
                        b'n' => '\n',
                        b't' => '\t',
                        b'r' => '\r',
                        b'b' => '\u{8}',
                        b'f' => '\u{c}',
                        b'u' => {
                            let mut u = self.hex4()?;
                            if (0xd800..0xdc00).contains(&u) && self.s[self.i..].starts_with(b"\\u") {
                                self.i += 2;
                                let lo = self.hex4()?;
                                u = 0x10000 + ((u - 0xd800) << 10) + (lo.wrapping_sub(0xdc00) & 0x3ff);
                            }
                            char::from_u32(u).unwrap_or('\u{fffd}')
                        }
                        other => other as char,
                    };
                    let mut buf = [0u8; 4];
                    out.extend_from_slice(ch.encode_utf8(&mut buf).as_bytes());
                }
                _ => out.push(c),
            }
        }
    }
}

pub fn parse_json(line: &[u8]) -> Option<Value> {
    let mut p = P { s: line, i: 0 };
    let v = p.value()?;
    p.ws();
    if p.i == line.len() {
        Some(v)
    } else {
        None
    }
}

pub fn write_str(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
}

pub fn write_value(out: &mut String, v: &Value) {
    match v {
        Value::Null => out.push_str("null"),
        Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Value::Num(n) => out.push_str(n),
        Value::Str(s) => write_str(out, s),
        Value::Arr(l) => {
            out.push('[');
            for (k, x) in l.iter().enumerate() {
                if k > 0 {
                    out.push_str(", ");
                }
                write_value(out, x);
            }
            out.push(']');
        }
        Value::Obj(m) => {
            out.push('{');
            for (k, (key, x)) in m.iter().enumerate() {
                if k > 0 {
                    out.push_str(", ");
                }
                write_str(out, key);
                out.push_str(": ");
                write_value(out, x);
            }
            out.push('}');
        }
    }
}

/// An answer: ordered (field, JSON text) pairs after the id.
pub type Answer = Vec<(&'static str, String)>;

pub enum Outcome {
    Answer(Answer),
    Unsupported(String),
    Bad(String),
}

pub fn js(s: &str) -> String {
    let mut o = String::new();
    write_str(&mut o, s);
    o
}


/// Field NAME (or NAME_hex decoded) of REQ as octets: Ok(None) when
/// absent, Err(Outcome) when malformed.
pub fn field_bytes(req: &BTreeMap<String, Value>, name: &str) -> Result<Option<Vec<u8>>, Outcome> {
    match req.get(name) {
        Some(Value::Str(s)) => return Ok(Some(s.as_bytes().to_vec())),
        Some(Value::Null) | None => {}
        Some(_) => return Err(Outcome::Bad(format!("{} is not a string", name))),
    }
    match req.get(&format!("{}_hex", name)) {
        Some(Value::Str(h)) => {
            if h.len() % 2 != 0 || !h.bytes().all(|b| b.is_ascii_hexdigit()) {
                return Err(Outcome::Bad(format!("{}_hex is not hex digits", name)));
            }
            Ok(Some((0..h.len() / 2).map(|k| u8::from_str_radix(&h[2 * k..2 * k + 2], 16).unwrap()).collect()))
        }
        Some(Value::Null) | None => Ok(None),
        Some(_) => Err(Outcome::Bad(format!("{}_hex is not a string", name))),
    }
}

/// Field NAME (or NAME_hex decoded) of REQ: Ok(None) when absent,
/// Err(Outcome) when malformed or not UTF-8 (for libraries that take &str).
#[allow(dead_code)] // rust-http takes octets (field_bytes)
pub fn field(req: &BTreeMap<String, Value>, name: &str) -> Result<Option<String>, Outcome> {
    match field_bytes(req, name)? {
        None => Ok(None),
        Some(b) => String::from_utf8(b)
            .map(Some)
            .map_err(|_| Outcome::Unsupported("the library takes Rust strings (&str): input is not UTF-8".into())),
    }
}

pub fn str_of<'a>(req: &'a BTreeMap<String, Value>, name: &str) -> Option<&'a str> {
    match req.get(name) {
        Some(Value::Str(s)) => Some(s),
        _ => None,
    }
}

const KNOWN: [&str; 8] = ["parse", "match", "resolve", "normalize", "equivalent", "iri-to-uri", "recompose", "fetch"];

fn one(line: &[u8], handle: &dyn Fn(&str, &BTreeMap<String, Value>) -> Outcome) -> String {
    let req = match parse_json(line) {
        Some(Value::Obj(m)) => m,
        _ => return "{\"id\": null, \"error\": \"request is not a JSON object\"}".into(),
    };
    let mut out = String::from("{\"id\": ");
    write_value(&mut out, req.get("id").unwrap_or(&Value::Null));
    let op = match req.get("op") {
        None | Some(Value::Null) => "parse".to_string(),
        Some(Value::Str(s)) => s.clone(),
        Some(_) => String::new(),
    };
    let outcome = if !KNOWN.contains(&op.as_str()) {
        Outcome::Bad("unknown op".into())
    } else {
        match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| handle(&op, &req))) {
            Ok(o) => o,
            Err(e) => {
                let msg = e
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
                    .unwrap_or_else(|| "panic".into());
                Outcome::Answer(vec![("valid", "false".into()), ("exception", js(&msg))])
            }
        }
    };
    match outcome {
        Outcome::Answer(a) => {
            for (k, v) in a {
                out.push_str(&format!(", \"{}\": {}", k, v));
            }
        }
        Outcome::Unsupported(w) => out.push_str(&format!(", \"unsupported\": {}", js(&w))),
        Outcome::Bad(w) => out.push_str(&format!(", \"error\": {}", js(&w))),
    }
    out.push('}');
    out
}

pub fn serve(hello: &str, handle: &dyn Fn(&str, &BTreeMap<String, Value>) -> Outcome) {
    std::panic::set_hook(Box::new(|_| {})); // panics are answers, not noise
    let stdin = std::io::stdin();
    let mut input = std::io::BufReader::with_capacity(1 << 16, stdin.lock());
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::with_capacity(1 << 16, stdout.lock());
    let _ = writeln!(out, "{}", hello);
    let _ = out.flush();
    let mut line = Vec::new();
    loop {
        line.clear();
        let n = match input.by_ref().read_until(b'\n', &mut line) {
            Ok(n) => n,
            Err(_) => break,
        };
        if n == 0 {
            break;
        }
        while line.last() == Some(&b'\n') || line.last() == Some(&b'\r') {
            line.pop();
        }
        if line.iter().any(|b| !b" \t\r".contains(b)) {
            let a = one(&line, handle);
            if writeln!(out, "{}", a).is_err() {
                break;
            }
        }
        // flush when no further request is already waiting (PROTOCOL.md 6)
        if input.buffer().is_empty() {
            let _ = out.flush();
        }
    }
    let _ = out.flush();
}

pub const IPV4_OCTETS: usize = 4;

/// host_type of a host as written (brackets kept).
pub fn host_type(h: &str) -> &'static str {
    if h.starts_with("[v") || h.starts_with("[V") {
        return "IPvFuture";
    }
    if h.starts_with('[') {
        return "IPv6address";
    }
    let parts: Vec<&str> = h.split('.').collect();
    let dec_octet = |p: &&str| {
        !p.is_empty()
            && p.len() <= 3
            && p.bytes().all(|b| b.is_ascii_digit())
            && (p.len() == 1 || !p.starts_with('0'))
            && p.parse::<u32>().map(|v| v <= 255).unwrap_or(false)
    };
    if parts.len() == IPV4_OCTETS && parts.iter().all(dec_octet) {
        "IPv4address"
    } else {
        "reg-name"
    }
}
