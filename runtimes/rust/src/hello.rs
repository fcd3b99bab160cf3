// hello.rs — the hello reply: every row of rows.json, each available or
// not with the reason (its object cannot be made here), the compiler's
// version, and the details on the record: the build (target, optimisation
// level, flags: build.rs), the crates and their versions from Cargo.lock,
// the CPU features the crates choose their code by, and that Rust has no
// garbage collector and no JIT.
use crate::bench::key_for;
use crate::server::create;
use serde_json::{json, Map, Value};

/// The crates the rows come from, whose versions go on the record.
const CRATES: &[&str] = &[
    "ring", "aws-lc-rs", "aws-lc-sys", "aes-gcm", "aes", "ghash", "chacha20poly1305", "sha2", "sha3",
    "blake2", "hmac", "ed25519-dalek", "curve25519-dalek", "x25519-dalek", "p256",
];

/// Cargo.lock's version of each of CRATES.
fn crates() -> Map<String, Value> {
    let lock = include_str!("../Cargo.lock");
    let mut m = Map::new();
    let mut name = "";
    for line in lock.lines() {
        if let Some(n) = line.strip_prefix("name = ") {
            name = n.trim_matches('"');
        } else if let Some(v) = line.strip_prefix("version = ") {
            if CRATES.contains(&name) {
                m.insert(name.to_string(), Value::String(v.trim_matches('"').to_string()));
            }
        }
    }
    m
}

fn cpu_features() -> Value {
    #[cfg(target_arch = "x86_64")]
    {
        json!({"aes": std::is_x86_feature_detected!("aes"), "pclmulqdq": std::is_x86_feature_detected!("pclmulqdq"),
               "avx2": std::is_x86_feature_detected!("avx2"), "sha": std::is_x86_feature_detected!("sha"),
               "avx512f": std::is_x86_feature_detected!("avx512f")})
    }
    #[cfg(target_arch = "aarch64")]
    {
        json!({"aes": std::arch::is_aarch64_feature_detected!("aes"), "pmull": std::arch::is_aarch64_feature_detected!("pmull"),
               "sha2": std::arch::is_aarch64_feature_detected!("sha2"), "sha3": std::arch::is_aarch64_feature_detected!("sha3")})
    }
    #[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
    json!({})
}

pub fn version() -> &'static str {
    let v = env!("CM_RUSTC_VERSION");
    v.split_whitespace().nth(1).unwrap_or(v)
}

pub fn hello() -> Value {
    let rows: Vec<Value> = serde_json::from_str(include_str!("../rows.json")).unwrap_or_default();
    let impls: Vec<Value> = rows
        .into_iter()
        .map(|mut row| {
            let (alg, variant) = (row["algorithm"].as_str().unwrap_or(""), row["variant"].as_str().unwrap_or(""));
            let made = create(variant, alg, &key_for(alg));
            if let (Some(m), Err(f)) = (row.as_object_mut(), &made) {
                m.insert("reason".into(), Value::String(f.why.clone()));
            }
            row["available"] = Value::Bool(made.is_ok());
            row
        })
        .collect();
    json!({"ok": true, "type": "hello", "backend": "rust", "version": version(), "impls": impls,
           "details": {"runtime": "rust", "runtime_version": env!("CM_RUSTC_VERSION"),
                       "build": {"target": env!("CM_TARGET"), "profile": env!("CM_PROFILE"),
                                 "opt_level": env!("CM_OPT_LEVEL"), "rustflags": env!("CM_RUSTFLAGS"),
                                 "lto": "thin", "codegen_units": 1},
                       "crates": crates(), "cpu_features": cpu_features(),
                       "gc": "none: Rust has no garbage collector, so no pause to count",
                       "jit": "none: compiled ahead of time, so no warm-up of the runtime's own"}})
}
