// main.rs — cryptometer's Rust runtime helper (docs/runtimes.md): a server
// of the runtime child protocol on standard input and output, one JSON
// object a line each way (the messages: runtimes/go/main.go), for three
// variants of the backend "rust": ring, aws-lc-rs and RustCrypto.
mod awslc;
mod awslc_cipher_pke;
mod awslc_rsa_pss;
mod bench;
mod hello;
mod obj;
mod ring_impl;
mod rustcrypto;
mod server;
mod spki;

use std::io::{BufRead, Write};

fn main() {
    let stdin = std::io::stdin();
    let mut out = std::io::BufWriter::new(std::io::stdout());
    let mut s = server::Server::default();
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        let reply = match serde_json::from_str::<serde_json::Value>(&line) {
            Ok(req) => s.serve(&req),
            Err(e) => serde_json::json!({"ok": false, "err": "invalid", "why": format!("bad request: {e}")}),
        };
        if writeln!(out, "{reply}").and_then(|_| out.flush()).is_err() {
            break;
        }
    }
}
