// bench.rs — the timed loop, inside the runtime (no IPC per call): one
// sample is iters calls of the operation, set up once per (variant,
// algorithm, operation, size) on random inputs; the overhead sample is
// the same loop calling a function that does nothing. Each sample reports
// its wall time (Instant: CLOCK_MONOTONIC) and the process's CPU time
// with its user/system split. Rust has no garbage collector and no JIT:
// no collection to count, no warm-up of the runtime's own (the runner's
// warm-up applies as for C).
use crate::obj::{fail, Obj, Res};
use crate::server::{create, text};
use serde_json::{json, Map, Value};
use std::collections::HashMap;
use std::hint::black_box;
use std::time::Instant;

pub type Call = Box<dyn FnMut() -> Res<()>>;

pub fn random(n: usize) -> Vec<u8> {
    let mut b = vec![0u8; n];
    rand_core::RngCore::fill_bytes(&mut rand_core::OsRng, &mut b);
    b
}

/// A key of the length alg takes (16 bytes for AES-128, else 32).
pub fn key_for(alg: &str) -> Vec<u8> {
    random(if alg.starts_with("aes-128-") { 16 } else { 32 })
}

#[inline(never)]
fn nothing() -> Res<()> {
    Ok(())
}

/// The call one timed operation runs. AEADs: a 12-byte nonce and 13
/// bytes of AAD, sealed in place (open: the ciphertext copied back first);
/// mac-newkey: HMAC keyed anew for each message; kex derive imports the
/// peer's raw public key each time, as a handshake does.
fn set_up(variant: &str, alg: &str, op: &str, size: usize) -> Res<Call> {
    let (v, a) = (variant.to_string(), alg.to_string());
    let msg = random(size);
    let mut out = Vec::with_capacity(64);
    let (nonce, aad) = (random(12), random(13));
    Ok(match (create(variant, alg, &key_for(alg))?, op) {
        (Obj::Hash(mut h), "digest") | (Obj::Mac(mut h), "mac") => Box::new(move || {
            h.digest(black_box(&msg), &mut out);
            Ok(())
        }),
        (Obj::Mac(_), "mac-newkey") => {
            let key = key_for(alg);
            Box::new(move || match create(&v, &a, &key)? {
                Obj::Mac(mut h) => Ok(h.digest(black_box(&msg), &mut out)),
                _ => fail("library", "not a MAC"),
            })
        }
        (Obj::Aead(c), "seal") => {
            let mut buf = msg;
            Box::new(move || c.seal(&nonce, &aad, &mut buf).map(|t| { black_box(t); }))
        }
        (Obj::Aead(c), "open") => {
            let mut ct = msg.clone();
            let tag = c.seal(&nonce, &aad, &mut ct)?;
            ct.extend_from_slice(&tag);
            let mut buf = ct.clone();
            Box::new(move || {
                buf.copy_from_slice(&ct);
                c.open(&nonce, &aad, &mut buf).map(|n| { black_box(n); })
            })
        }
        (Obj::Sig(mut s), _) => {
            s.keygen()?;
            match op {
                "keygen" => Box::new(move || s.keygen()),
                "sign" => Box::new(move || s.sign(&msg).map(|x| drop(black_box(x)))),
                "verify" => {
                    let sig = s.sign(&msg)?;
                    Box::new(move || if s.verify(&msg, &sig) { Ok(()) } else { fail("auth", "verify failed") })
                }
                _ => return fail("unsupported", format!("{alg}/{op}")),
            }
        }
        (Obj::Cipher(mut c), "encrypt" | "decrypt") => {
            // one stream started once; each call goes on over the same size bytes
            let decrypt = op == "decrypt";
            out.reserve(size + 16);
            c.crypt(decrypt, Some(&random(16)), &msg, &mut out)?;
            Box::new(move || c.crypt(decrypt, None, black_box(&msg), &mut out))
        }
        (Obj::Pke(mut p), "encrypt" | "decrypt") => {
            // a key pair made once (key generation is the signature rows')
            p.keygen()?;
            let ct = p.encrypt(&msg, &[])?;
            match op {
                "encrypt" => Box::new(move || p.encrypt(&msg, &[]).map(|x| drop(black_box(x)))),
                _ => Box::new(move || p.decrypt(&ct, &[]).map(|x| drop(black_box(x)))),
            }
        }
        (Obj::Kex(mut k), "keygen") => Box::new(move || k.keygen()),
        (Obj::Kex(mut k), "derive") => {
            k.keygen()?;
            let Obj::Kex(mut q) = create(variant, alg, &[])? else { return fail("library", "not a kex") };
            q.keygen()?;
            let peer = q.public_raw()?;
            Box::new(move || k.derive(&peer, false).map(|x| drop(black_box(x))))
        }
        _ => return fail("unsupported", format!("{alg}/{op}")),
    })
}

/// The process's CPU time, user and system, in ns.
fn cpu_now() -> (i64, i64, i64) {
    // SAFETY: plain system calls filling structs we own
    unsafe {
        let mut ts: libc::timespec = std::mem::zeroed();
        libc::clock_gettime(libc::CLOCK_PROCESS_CPUTIME_ID, &mut ts);
        let mut ru: libc::rusage = std::mem::zeroed();
        libc::getrusage(libc::RUSAGE_SELF, &mut ru);
        let tv = |t: libc::timeval| t.tv_sec as i64 * 1_000_000_000 + t.tv_usec as i64 * 1000;
        (ts.tv_sec as i64 * 1_000_000_000 + ts.tv_nsec as i64, tv(ru.ru_utime), tv(ru.ru_stime))
    }
}

/// One sample: r's iters calls of its operation (or of nothing).
pub fn bench(benches: &mut HashMap<String, Call>, r: &Value) -> Res<Map<String, Value>> {
    let (variant, alg, op) = (text(r, "variant"), text(r, "algorithm"), text(r, "operation"));
    let size = r.get("size").and_then(Value::as_u64).unwrap_or(0) as usize;
    let key = format!("{variant}/{alg}/{op}/{size}");
    if !benches.contains_key(&key) {
        benches.insert(key.clone(), set_up(variant, alg, op, size)?);
    }
    let mut empty: Call = Box::new(nothing);
    let f = if r.get("overhead").and_then(Value::as_bool).unwrap_or(false) { &mut empty } else { benches.get_mut(&key).unwrap() };
    let iters = r.get("iters").and_then(Value::as_u64).unwrap_or(0);
    let (c0, u0, s0) = cpu_now();
    let t0 = Instant::now();
    let mut res = Ok(());
    for _ in 0..iters {
        res = f();
        if res.is_err() {
            break;
        }
    }
    let wall = t0.elapsed().as_nanos() as i64;
    let (c1, u1, s1) = cpu_now();
    res?;
    let m = json!({"wall_ns": wall, "cpu_ns": c1 - c0, "user_ns": u1 - u0, "sys_ns": s1 - s0});
    Ok(m.as_object().cloned().unwrap_or_default())
}
