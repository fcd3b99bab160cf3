// obj.rs — the classes of object the parent creates (hash, mac, aead,
// signature, kex, cipher, pke) as traits each variant implements, the failure kinds
// the parent maps to a cm_rc, and hex for byte strings on the wire.

/// A call's error: "auth", "invalid", "unsupported" or "library", and why.
#[derive(Debug)]
pub struct Fail {
    pub kind: &'static str,
    pub why: String,
}

pub type Res<T> = Result<T, Fail>;

pub fn fail<T>(kind: &'static str, why: impl Into<String>) -> Res<T> {
    Err(Fail { kind, why: why.into() })
}

/// A hash or a keyed MAC: one whole message a call, into out (cleared).
pub trait Digest {
    fn digest(&mut self, msg: &[u8], out: &mut Vec<u8>);
}

/// An AEAD with a 12-byte nonce and a 16-byte tag, in place.
pub trait Aead {
    /// Encrypts buf in place; the tag.
    fn seal(&self, nonce: &[u8], aad: &[u8], buf: &mut [u8]) -> Res<[u8; 16]>;
    /// Decrypts ct||tag in place; the length of the plaintext.
    fn open(&self, nonce: &[u8], aad: &[u8], buf: &mut [u8]) -> Res<usize>;
}

/// A signature scheme; public keys as DER SubjectPublicKeyInfo.
pub trait Signer {
    fn keygen(&mut self) -> Res<()>;
    fn sign(&self, msg: &[u8]) -> Res<Vec<u8>>;
    fn verify(&self, msg: &[u8], sig: &[u8]) -> bool;
    fn set_public(&mut self, der: &[u8]) -> Res<()>;
    fn public_der(&self) -> Res<Vec<u8>>;
}

/// A key agreement; public keys raw, a peer's raw or DER (spki).
pub trait Kex {
    fn keygen(&mut self) -> Res<()>;
    fn set_private(&mut self, key: &[u8]) -> Res<()>;
    fn public_raw(&self) -> Res<Vec<u8>>;
    fn derive(&self, peer: &[u8], spki: bool) -> Res<Vec<u8>>;
}

/// A cipher (CBC without padding, CTR) as one stream per direction: iv
/// Some starts it, None goes on; input into out (resized to its length).
pub trait Cipher {
    fn crypt(&mut self, decrypt: bool, iv: Option<&[u8]>, input: &[u8], out: &mut Vec<u8>) -> Res<()>;
}

/// A public-key encryption; private keys DER PKCS#8, public keys DER
/// SubjectPublicKeyInfo; label empty: none.
pub trait Pke {
    fn keygen(&mut self) -> Res<()>;
    fn set_private(&mut self, pkcs8: &[u8]) -> Res<()>;
    fn set_public(&mut self, der: &[u8]) -> Res<()>;
    fn public_der(&self) -> Res<Vec<u8>>;
    fn encrypt(&self, msg: &[u8], label: &[u8]) -> Res<Vec<u8>>;
    fn decrypt(&self, ct: &[u8], label: &[u8]) -> Res<Vec<u8>>;
}

pub enum Obj {
    Hash(Box<dyn Digest>),
    Mac(Box<dyn Digest>),
    Aead(Box<dyn Aead>),
    Sig(Box<dyn Signer>),
    Kex(Box<dyn Kex>),
    Cipher(Box<dyn Cipher>),
    Pke(Box<dyn Pke>),
}

pub const AEAD_NONCE: usize = 12;
pub const AEAD_TAG: usize = 16;

/// The AEAD lengths every variant here takes: others are unsupported.
pub fn aead_lengths(nonce: usize, tag: usize) -> Res<()> {
    if nonce != AEAD_NONCE || tag != AEAD_TAG {
        return fail("unsupported", format!("nonce {nonce}, tag {tag} bytes (12 and 16 only)"));
    }
    Ok(())
}

/// A P-256 private scalar as 32 bytes: leading zero bytes beyond them
/// dropped, a shorter one padded (the vectors' form varies).
pub fn scalar32(key: &[u8]) -> Vec<u8> {
    let mut k = key;
    while k.len() > 32 && k[0] == 0 {
        k = &k[1..];
    }
    let mut v = vec![0u8; 32usize.saturating_sub(k.len())];
    v.extend_from_slice(k);
    v
}

pub fn hex(b: &[u8]) -> String {
    const D: &[u8; 16] = b"0123456789abcdef";
    let mut s = String::with_capacity(2 * b.len());
    for &x in b {
        s.push(D[(x >> 4) as usize] as char);
        s.push(D[(x & 15) as usize] as char);
    }
    s
}

pub fn unhex(s: &str) -> Res<Vec<u8>> {
    let digit = |c: u8| (c as char).to_digit(16).map(|d| d as u8);
    let b = s.as_bytes();
    if b.len() % 2 != 0 {
        return fail("invalid", "odd hex");
    }
    b.chunks(2)
        .map(|p| match (digit(p[0]), digit(p[1])) {
            (Some(h), Some(l)) => Ok(h << 4 | l),
            _ => fail("invalid", "bad hex"),
        })
        .collect()
}
