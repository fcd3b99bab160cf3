// build.rs — the compiler's version, the target, the optimisation level
// and the flags of this build, for the server's hello (src/hello.rs).
use std::process::Command;

fn main() {
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    let version = Command::new(rustc)
        .arg("-V")
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        .unwrap_or_default();
    println!("cargo:rustc-env=CM_RUSTC_VERSION={version}");
    for k in ["TARGET", "OPT_LEVEL", "PROFILE"] {
        println!("cargo:rustc-env=CM_{k}={}", std::env::var(k).unwrap_or_default());
    }
    let flags = std::env::var("CARGO_ENCODED_RUSTFLAGS").unwrap_or_default();
    println!("cargo:rustc-env=CM_RUSTFLAGS={}", flags.replace('\x1f', " "));
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-env-changed=RUSTFLAGS");
}
