// The adapted crate's version as resolved in Cargo.lock, for the hello line
// (the crates export no version constant).  The adapted crate is the first
// one under [dependencies] in the adapter's Cargo.toml.
fn adapted_crate() -> String {
    let toml = std::fs::read_to_string("Cargo.toml").unwrap_or_default();
    let mut in_deps = false;
    for l in toml.lines().map(str::trim) {
        if l.starts_with('[') {
            in_deps = l == "[dependencies]";
        } else if in_deps {
            if let Some((name, _)) = l.split_once('=') {
                return name.trim().to_string();
            }
        }
    }
    String::new()
}

fn main() {
    println!("cargo:rerun-if-changed=Cargo.lock");
    println!("cargo:rerun-if-changed=Cargo.toml");
    let want = format!("name = \"{}\"", adapted_crate());
    let lock = std::fs::read_to_string("Cargo.lock").unwrap_or_default();
    let mut version = "?".to_string();
    let mut it = lock.lines();
    while let Some(l) = it.next() {
        if l.trim() == want {
            if let Some(v) = it.next() {
                version = v.trim().trim_start_matches("version = ").trim_matches('"').to_string();
            }
        }
    }
    println!("cargo:rustc-env=LIB_VERSION={}", version);
}
