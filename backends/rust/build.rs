// SPDX-License-Identifier: MIT
// backends/rust/build.rs - records what this library was built from, so the
// engine can say it (the STYLE rule: every backend records its version):
//   - the version Cargo.lock pins for each direct dependency, as
//     `fn lock_version(package) -> &str` in $OUT_DIR/hb_build.rs;
//   - the compiler (`rustc -V`) and the codegen flags that matter
//     (-C target-cpu, -C target-feature), as HB_RUST_BUILD;
//   - the XKCP target that xkcp-sys selects from the same target features
//     (xkcp-rs does not expose it), as HB_XKCP_TARGET.
// Reading Cargo.lock rather than hand-written constants: the lock file is
// what cargo built, so the two cannot drift apart.
use std::{env, fs, path::Path, process::Command};

fn main() {
    let manifest = env::var("CARGO_MANIFEST_DIR").unwrap();
    let lock_path = Path::new(&manifest).join("Cargo.lock");
    println!("cargo:rerun-if-changed={}", lock_path.display());
    println!("cargo:rerun-if-changed=build.rs");
    let lock = fs::read_to_string(&lock_path).unwrap_or_default();

    let mut out = String::from(
        "/// The version Cargo.lock pins for a direct dependency (\"?\" if unknown).\n\
         pub fn lock_version(package: &str) -> &'static str {\n    match package {\n",
    );
    for (name, version) in direct_dependencies(&lock, "hashbench-rust") {
        out += &format!("        {name:?} => {version:?},\n");
    }
    out += "        _ => \"?\",\n    }\n}\n";
    let out_dir = env::var("OUT_DIR").unwrap();
    fs::write(Path::new(&out_dir).join("hb_build.rs"), out).unwrap();

    let rustc = env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    let rustc_v = Command::new(&rustc)
        .arg("-V")
        .output()
        .ok()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        .unwrap_or_else(|| "rustc ?".into());
    // CARGO_ENCODED_RUSTFLAGS separates flags with 0x1f; keep the ones that
    // change the machine code (the rest, e.g. --cap-lints, do not).
    let flags = env::var("CARGO_ENCODED_RUSTFLAGS").unwrap_or_default();
    let parts: Vec<&str> = flags.split('\x1f').filter(|s| !s.is_empty()).collect();
    let mut codegen = Vec::new();
    let mut i = 0;
    while i < parts.len() {
        let (flag, next) = if parts[i] == "-C" && i + 1 < parts.len() {
            (parts[i + 1].to_string(), 2)
        } else if let Some(rest) = parts[i].strip_prefix("-C") {
            (rest.to_string(), 1)
        } else {
            (String::new(), 1)
        };
        if flag.starts_with("target-cpu=") || flag.starts_with("target-feature=") {
            codegen.push(format!("-C {flag}"));
        }
        i += next;
    }
    let codegen = if codegen.is_empty() { "default codegen flags".to_string() } else { codegen.join(" ") };
    println!("cargo:rustc-env=HB_RUST_BUILD={rustc_v}, {codegen}");
    println!("cargo:rerun-if-env-changed=CARGO_ENCODED_RUSTFLAGS");

    println!("cargo:rustc-env=HB_XKCP_TARGET={}", xkcp_target());
}

/// (name, version) of each dependency of `package` in a Cargo.lock (v3/v4).
/// A dependency listed as "name version" is one of several versions in the
/// graph; one listed as "name" is the only one, found by its [[package]].
fn direct_dependencies(lock: &str, package: &str) -> Vec<(String, String)> {
    let mut packages: Vec<(String, String, Vec<String>)> = Vec::new();
    for block in lock.split("[[package]]").skip(1) {
        let field = |key: &str| {
            block.lines().find_map(|l| {
                l.strip_prefix(key)
                    .and_then(|r| r.trim().strip_prefix('='))
                    .map(|v| v.trim().trim_matches('"').to_string())
            })
        };
        let deps = match block.find("dependencies = [") {
            Some(at) => {
                let rest = &block[at + "dependencies = [".len()..];
                let end = rest.find(']').unwrap_or(rest.len());
                rest[..end]
                    .split(',')
                    .map(|d| d.trim().trim_matches('"').to_string())
                    .filter(|d| !d.is_empty())
                    .collect()
            }
            None => Vec::new(),
        };
        if let (Some(n), Some(v)) = (field("name "), field("version ")) {
            packages.push((n, v, deps));
        }
    }
    let Some((_, _, deps)) = packages.iter().find(|p| p.0 == package) else {
        return Vec::new();
    };
    deps.iter()
        .map(|d| match d.split_once(' ') {
            Some((n, v)) => (n.to_string(), v.to_string()),
            None => {
                let v = packages.iter().find(|p| &p.0 == d).map(|p| p.1.clone());
                (d.clone(), v.unwrap_or_else(|| "?".into()))
            }
        })
        .collect()
}

/// The XKCP target xkcp-sys 0.0.5 picks (its build.rs, xkcp_target_from_cargo)
/// for these target features.
fn xkcp_target() -> String {
    println!("cargo:rerun-if-env-changed=XKCP_RS_TARGET");
    if let Ok(t) = env::var("XKCP_RS_TARGET") {
        return t;
    }
    let arch = env::var("CARGO_CFG_TARGET_ARCH").unwrap_or_default();
    let feats = env::var("CARGO_CFG_TARGET_FEATURE").unwrap_or_default();
    let has = |f: &str| feats.split(',').any(|x| x == f);
    match arch.as_str() {
        "x86_64" if has("avx512f") => "AVX512",
        "x86_64" if has("avx2") => "AVX2",
        "x86_64" if has("avx") => "AVX",
        "x86_64" if has("xop") => "XOP",
        "x86_64" if has("ssse3") => "SSSE3",
        "x86_64" => "generic64",
        "aarch64" => "ARMv8A",
        _ => "generic",
    }
    .to_string()
}
