// ringlike.rs — the objects of ring's API, which aws-lc-rs shares: one
// source included by ring_impl.rs and awslc.rs, each with `lib` its crate
// and its own ecdsa_pair (the two differ there). AEADs (LessSafeKey, in
// place), digest, HMAC, Ed25519 and ECDSA P-256 (ASN.1 signatures).
use super::obj::{self, aead_lengths, fail, Fail, Obj, Res};
use super::spki;
use lib::rand::SystemRandom;
use lib::signature::{self, KeyPair};
use lib::{aead, digest, hmac};

fn lib_err(e: lib::error::Unspecified) -> Fail {
    Fail { kind: "library", why: format!("{e:?}") }
}

struct Hash(&'static digest::Algorithm);

impl obj::Digest for Hash {
    fn digest(&mut self, msg: &[u8], out: &mut Vec<u8>) {
        out.clear();
        out.extend_from_slice(digest::digest(self.0, msg).as_ref());
    }
}

struct Mac(hmac::Key);

impl obj::Digest for Mac {
    fn digest(&mut self, msg: &[u8], out: &mut Vec<u8>) {
        out.clear();
        out.extend_from_slice(hmac::sign(&self.0, msg).as_ref());
    }
}

struct Aead(aead::LessSafeKey);

fn nonce_of(nonce: &[u8]) -> Res<aead::Nonce> {
    aead_lengths(nonce.len(), obj::AEAD_TAG)?;
    aead::Nonce::try_assume_unique_for_key(nonce).map_err(lib_err)
}

impl obj::Aead for Aead {
    fn seal(&self, nonce: &[u8], aad: &[u8], buf: &mut [u8]) -> Res<[u8; 16]> {
        let tag = self.0.seal_in_place_separate_tag(nonce_of(nonce)?, aead::Aad::from(aad), buf);
        let mut t = [0u8; 16];
        t.copy_from_slice(tag.map_err(lib_err)?.as_ref());
        Ok(t)
    }

    fn open(&self, nonce: &[u8], aad: &[u8], buf: &mut [u8]) -> Res<usize> {
        match self.0.open_in_place(nonce_of(nonce)?, aead::Aad::from(aad), buf) {
            Ok(plain) => Ok(plain.len()),
            Err(_) => fail("auth", "the tag does not match"),
        }
    }
}

/// Ed25519: a key pair made from its PKCS#8, or a public key alone.
#[derive(Default)]
struct Ed {
    pair: Option<signature::Ed25519KeyPair>,
    public: Vec<u8>,
}

impl obj::Signer for Ed {
    fn keygen(&mut self) -> Res<()> {
        let doc = signature::Ed25519KeyPair::generate_pkcs8(&SystemRandom::new()).map_err(lib_err)?;
        let pair = signature::Ed25519KeyPair::from_pkcs8(doc.as_ref()).map_err(|e| Fail {
            kind: "library",
            why: format!("{e:?}"),
        })?;
        self.public = pair.public_key().as_ref().to_vec();
        self.pair = Some(pair);
        Ok(())
    }

    fn sign(&self, msg: &[u8]) -> Res<Vec<u8>> {
        match &self.pair {
            Some(p) => Ok(p.sign(msg).as_ref().to_vec()),
            None => fail("invalid", "no private key"),
        }
    }

    fn verify(&self, msg: &[u8], sig: &[u8]) -> bool {
        let key = signature::UnparsedPublicKey::new(&signature::ED25519, &self.public);
        key.verify(msg, sig).is_ok()
    }

    fn set_public(&mut self, der: &[u8]) -> Res<()> {
        let raw = spki::raw(spki::ED25519, der).ok_or(Fail { kind: "invalid", why: "not an Ed25519 key".into() })?;
        self.public = raw.to_vec();
        self.pair = None;
        Ok(())
    }

    fn public_der(&self) -> Res<Vec<u8>> {
        Ok(spki::der(spki::ED25519, &self.public))
    }
}

/// ECDSA P-256 with SHA-256, ASN.1 signatures.
#[derive(Default)]
struct Ec {
    pair: Option<signature::EcdsaKeyPair>,
    public: Vec<u8>,
}

impl obj::Signer for Ec {
    fn keygen(&mut self) -> Res<()> {
        let rng = SystemRandom::new();
        let alg = &signature::ECDSA_P256_SHA256_ASN1_SIGNING;
        let doc = signature::EcdsaKeyPair::generate_pkcs8(alg, &rng).map_err(lib_err)?;
        let pair = ecdsa_pair(alg, doc.as_ref(), &rng)?;
        self.public = pair.public_key().as_ref().to_vec();
        self.pair = Some(pair);
        Ok(())
    }

    fn sign(&self, msg: &[u8]) -> Res<Vec<u8>> {
        match &self.pair {
            Some(p) => Ok(p.sign(&SystemRandom::new(), msg).map_err(lib_err)?.as_ref().to_vec()),
            None => fail("invalid", "no private key"),
        }
    }

    fn verify(&self, msg: &[u8], sig: &[u8]) -> bool {
        let key = signature::UnparsedPublicKey::new(&signature::ECDSA_P256_SHA256_ASN1, &self.public);
        key.verify(msg, sig).is_ok()
    }

    fn set_public(&mut self, der: &[u8]) -> Res<()> {
        let raw = spki::raw(spki::P256, der).ok_or(Fail { kind: "invalid", why: "not an uncompressed P-256 key".into() })?;
        self.public = raw.to_vec();
        self.pair = None;
        Ok(())
    }

    fn public_der(&self) -> Res<Vec<u8>> {
        Ok(spki::der(spki::P256, &self.public))
    }
}

/// The objects this API has in common; others are the including module's.
fn create_common(alg: &str, key: &[u8]) -> Option<Res<Obj>> {
    let hash = |a| Some(Ok(Obj::Hash(Box::new(Hash(a)))));
    let aead = |a: &'static aead::Algorithm| {
        Some(match aead::UnboundKey::new(a, key) {
            Ok(k) => Ok(Obj::Aead(Box::new(Aead(aead::LessSafeKey::new(k))))),
            Err(_) => fail("invalid", format!("a key of {} bytes", key.len())),
        })
    };
    match alg {
        "sha1" => hash(&digest::SHA1_FOR_LEGACY_USE_ONLY),
        "sha256" => hash(&digest::SHA256),
        "sha512" => hash(&digest::SHA512),
        "hmac-sha256" => Some(Ok(Obj::Mac(Box::new(Mac(hmac::Key::new(hmac::HMAC_SHA256, key)))))),
        "aes-128-gcm" if key.len() == 16 => aead(&aead::AES_128_GCM),
        "aes-256-gcm" if key.len() == 32 => aead(&aead::AES_256_GCM),
        "aes-128-gcm" | "aes-256-gcm" => Some(fail("invalid", format!("a key of {} bytes", key.len()))),
        "chacha20-poly1305" => aead(&aead::CHACHA20_POLY1305),
        "ed25519" => Some(Ok(Obj::Sig(Box::<Ed>::default()))),
        "ecdsa-p256-sha256" => Some(Ok(Obj::Sig(Box::<Ec>::default()))),
        _ => None,
    }
}
