// server.rs — the objects the parent made (create) and the calls on them,
// one request, one reply; the variant of each request picks the crate.
use crate::bench::{self, Call};
use crate::obj::{fail, hex, unhex, Obj, Res};
use crate::{awslc, hello, obj, ring_impl, rustcrypto};
use serde_json::{json, Map, Value};
use std::collections::HashMap;

#[derive(Default)]
pub struct Server {
    objects: HashMap<i64, Obj>,
    next: i64,
    benches: HashMap<String, Call>,
}

/// The object of algorithm alg in variant (key: for MACs and AEADs).
pub fn create(variant: &str, alg: &str, key: &[u8]) -> Res<Obj> {
    match variant {
        "ring" => ring_impl::create(alg, key),
        "aws-lc-rs" => awslc::create(alg, key),
        "rustcrypto" => rustcrypto::create(alg, key),
        _ => fail("unsupported", format!("no variant {variant} here")),
    }
}

pub fn text<'a>(r: &'a Value, k: &str) -> &'a str {
    r.get(k).and_then(Value::as_str).unwrap_or("")
}

fn bytes(r: &Value, k: &str) -> Res<Vec<u8>> {
    unhex(text(r, k))
}

pub fn reply_of(fields: Res<Map<String, Value>>) -> Value {
    match fields {
        Ok(mut m) => {
            m.insert("ok".into(), Value::Bool(true));
            Value::Object(m)
        }
        Err(f) => json!({"ok": false, "err": f.kind, "why": f.why}),
    }
}

fn out(b: &[u8]) -> Res<Map<String, Value>> {
    let mut m = Map::new();
    m.insert("out".into(), Value::String(hex(b)));
    Ok(m)
}

fn done(r: Res<()>) -> Res<Map<String, Value>> {
    r.map(|_| Map::new())
}

impl Server {
    pub fn serve(&mut self, r: &Value) -> Value {
        match text(r, "op") {
            "hello" => return hello::hello(),
            "create" => {
                let made = bytes(r, "key").and_then(|k| create(text(r, "variant"), text(r, "algorithm"), &k));
                return reply_of(made.map(|o| {
                    self.next += 1;
                    self.objects.insert(self.next, o);
                    let mut m = Map::new();
                    m.insert("h".into(), json!(self.next));
                    m
                }));
            }
            "destroy" => {
                self.objects.remove(&r.get("h").and_then(Value::as_i64).unwrap_or(0));
                return reply_of(Ok(Map::new()));
            }
            "bench" => return reply_of(bench::bench(&mut self.benches, r)),
            _ => {}
        }
        let h = r.get("h").and_then(Value::as_i64).unwrap_or(0);
        match self.objects.get_mut(&h) {
            Some(o) => reply_of(call(o, text(r, "op"), r)),
            None => reply_of(fail("invalid", format!("no object {h}"))),
        }
    }
}

/// One operation on an object, by its class.
fn call(o: &mut Obj, op: &str, r: &Value) -> Res<Map<String, Value>> {
    match (o, op) {
        (Obj::Hash(h), "digest") | (Obj::Mac(h), "mac") => {
            let mut d = Vec::new();
            h.digest(&bytes(r, "msg")?, &mut d);
            out(&d)
        }
        (Obj::Aead(a), "seal") => {
            let nonce = bytes(r, "nonce")?;
            obj::aead_lengths(nonce.len(), r.get("tag_len").and_then(Value::as_u64).unwrap_or(0) as usize)?;
            let mut buf = bytes(r, "msg")?;
            let tag = a.seal(&nonce, &bytes(r, "aad")?, &mut buf)?;
            let mut m = out(&buf)?;
            m.insert("tag".into(), Value::String(hex(&tag)));
            Ok(m)
        }
        (Obj::Aead(a), "open") => {
            let (nonce, tag) = (bytes(r, "nonce")?, bytes(r, "tag")?);
            obj::aead_lengths(nonce.len(), tag.len())?;
            let mut buf = [bytes(r, "msg")?, tag].concat();
            let n = a.open(&nonce, &bytes(r, "aad")?, &mut buf)?;
            out(&buf[..n])
        }
        (Obj::Cipher(c), "encrypt" | "decrypt") => {
            let iv = match r.get("iv").and_then(Value::as_str) {
                Some(iv) => Some(unhex(iv)?),
                None => None,
            };
            let mut buf = Vec::new();
            c.crypt(op == "decrypt", iv.as_deref(), &bytes(r, "msg")?, &mut buf)?;
            out(&buf)
        }
        (Obj::Pke(p), _) => call_pke(p.as_mut(), op, r),
        (Obj::Sig(s), _) => call_signer(s.as_mut(), op, r),
        (Obj::Kex(k), _) => call_kex(k.as_mut(), op, r),
        _ => fail("unsupported", format!("{op} on this object")),
    }
}

fn call_signer(s: &mut dyn obj::Signer, op: &str, r: &Value) -> Res<Map<String, Value>> {
    match op {
        "keygen" => done(s.keygen()),
        "sign" => {
            let mut m = Map::new();
            m.insert("sig".into(), Value::String(hex(&s.sign(&bytes(r, "msg")?)?)));
            Ok(m)
        }
        "verify" if s.verify(&bytes(r, "msg")?, &bytes(r, "tag")?) => Ok(Map::new()),
        "verify" => fail("auth", "the signature does not verify"),
        "set_public_key" => done(s.set_public(&bytes(r, "key")?)),
        "get_public_key" => out(&s.public_der()?),
        _ => fail("unsupported", format!("{op} on a signature")),
    }
}

fn call_pke(p: &mut dyn obj::Pke, op: &str, r: &Value) -> Res<Map<String, Value>> {
    match op {
        "keygen" => done(p.keygen()),
        "set_private_key" => done(p.set_private(&bytes(r, "key")?)),
        "set_public_key" => done(p.set_public(&bytes(r, "key")?)),
        "get_public_key" => out(&p.public_der()?),
        "encrypt" => out(&p.encrypt(&bytes(r, "msg")?, &bytes(r, "label")?)?),
        "decrypt" => out(&p.decrypt(&bytes(r, "msg")?, &bytes(r, "label")?)?),
        _ => fail("unsupported", format!("{op} on a public-key encryption")),
    }
}

fn call_kex(k: &mut dyn obj::Kex, op: &str, r: &Value) -> Res<Map<String, Value>> {
    match op {
        "keygen" => done(k.keygen()),
        "set_private_key" => done(k.set_private(&bytes(r, "key")?)),
        "get_public_key" => out(&k.public_raw()?),
        "derive" => {
            let spki = r.get("peer_spki").and_then(Value::as_bool).unwrap_or(false);
            out(&k.derive(&bytes(r, "peer")?, spki)?)
        }
        _ => fail("unsupported", format!("{op} on a key agreement")),
    }
}
