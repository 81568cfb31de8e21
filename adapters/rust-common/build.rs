// The adapted crate's version (url, or oxiri for rust-oxiri, whose Cargo.toml
// names this script) as resolved in Cargo.lock, for the hello line
// (the crate exports no version constant).
fn main() {
    println!("cargo:rerun-if-changed=Cargo.lock");
    let lock = std::fs::read_to_string("Cargo.lock").unwrap_or_default();
    let mut version = "?".to_string();
    let mut it = lock.lines();
    while let Some(l) = it.next() {
        if l.trim() == "name = \"url\"" || l.trim() == "name = \"oxiri\"" {
            if let Some(v) = it.next() {
                version = v.trim().trim_start_matches("version = ").trim_matches('"').to_string();
            }
        }
    }
    println!("cargo:rustc-env=LIB_VERSION={}", version);
}
