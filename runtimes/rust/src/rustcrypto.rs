// rustcrypto.rs — the variant "rustcrypto": the RustCrypto crates aes-gcm,
// chacha20poly1305, sha2, sha3, blake2, hmac, p256 (ECDSA, ECDH), and the
// dalek crates ed25519-dalek and x25519-dalek.
use super::obj::{self, aead_lengths, fail, Fail, Obj, Res};
use super::spki;
use aes_gcm::aead::{generic_array::GenericArray, AeadInPlace, KeyInit};
use ed25519_dalek::{Signer as _, Verifier as _};
use hmac::Mac as _;
use p256::elliptic_curve::sec1::ToEncodedPoint;
use p256::pkcs8::{DecodePublicKey, EncodePublicKey};
use rand_core::OsRng;
use std::marker::PhantomData;

fn invalid(why: &str) -> Fail {
    Fail { kind: "invalid", why: why.into() }
}

struct Hash<D>(PhantomData<D>);

impl<D: sha2::Digest> obj::Digest for Hash<D> {
    fn digest(&mut self, msg: &[u8], out: &mut Vec<u8>) {
        out.clear();
        out.extend_from_slice(&D::digest(msg));
    }
}

fn hash<D: sha2::Digest + 'static>() -> Res<Obj> {
    Ok(Obj::Hash(Box::new(Hash::<D>(PhantomData))))
}

/// HMAC-SHA-256 keyed once; each message on a copy of the keyed state.
struct Mac(hmac::Hmac<sha2::Sha256>);

impl obj::Digest for Mac {
    fn digest(&mut self, msg: &[u8], out: &mut Vec<u8>) {
        let mut m = self.0.clone();
        m.update(msg);
        out.clear();
        out.extend_from_slice(&m.finalize().into_bytes());
    }
}

struct Aead<C>(C);

impl<C: AeadInPlace> obj::Aead for Aead<C> {
    fn seal(&self, nonce: &[u8], aad: &[u8], buf: &mut [u8]) -> Res<[u8; 16]> {
        aead_lengths(nonce.len(), obj::AEAD_TAG)?;
        let tag = self.0.encrypt_in_place_detached(GenericArray::from_slice(nonce), aad, buf);
        let mut t = [0u8; 16];
        t.copy_from_slice(&tag.map_err(|e| Fail { kind: "library", why: format!("{e:?}") })?);
        Ok(t)
    }

    fn open(&self, nonce: &[u8], aad: &[u8], buf: &mut [u8]) -> Res<usize> {
        aead_lengths(nonce.len(), obj::AEAD_TAG)?;
        let n = buf.len().checked_sub(obj::AEAD_TAG).ok_or(invalid("shorter than a tag"))?;
        let (ct, tag) = buf.split_at_mut(n);
        match self.0.decrypt_in_place_detached(GenericArray::from_slice(nonce), aad, ct, GenericArray::from_slice(tag)) {
            Ok(()) => Ok(n),
            Err(_) => fail("auth", "the tag does not match"),
        }
    }
}

fn aead<C: AeadInPlace + KeyInit + 'static>(key: &[u8]) -> Res<Obj> {
    let c = C::new_from_slice(key).map_err(|_| invalid("a key of the wrong length"))?;
    Ok(Obj::Aead(Box::new(Aead(c))))
}

#[derive(Default)]
struct Ed {
    sk: Option<ed25519_dalek::SigningKey>,
    vk: Option<ed25519_dalek::VerifyingKey>,
}

impl obj::Signer for Ed {
    fn keygen(&mut self) -> Res<()> {
        let sk = ed25519_dalek::SigningKey::generate(&mut OsRng);
        self.vk = Some(sk.verifying_key());
        self.sk = Some(sk);
        Ok(())
    }

    fn sign(&self, msg: &[u8]) -> Res<Vec<u8>> {
        let sk = self.sk.as_ref().ok_or(invalid("no private key"))?;
        Ok(sk.sign(msg).to_bytes().to_vec())
    }

    fn verify(&self, msg: &[u8], sig: &[u8]) -> bool {
        match (&self.vk, ed25519_dalek::Signature::from_slice(sig)) {
            (Some(vk), Ok(s)) => vk.verify(msg, &s).is_ok(),
            _ => false,
        }
    }

    fn set_public(&mut self, der: &[u8]) -> Res<()> {
        let raw: [u8; 32] = spki::raw(spki::ED25519, der).and_then(|r| r.try_into().ok()).ok_or(invalid("not an Ed25519 key"))?;
        self.vk = Some(ed25519_dalek::VerifyingKey::from_bytes(&raw).map_err(|_| invalid("not a point"))?);
        self.sk = None;
        Ok(())
    }

    fn public_der(&self) -> Res<Vec<u8>> {
        let vk = self.vk.as_ref().ok_or(invalid("no key"))?;
        Ok(spki::der(spki::ED25519, vk.as_bytes()))
    }
}

/// ECDSA P-256 with SHA-256, DER signatures.
#[derive(Default)]
struct Ec {
    sk: Option<p256::ecdsa::SigningKey>,
    vk: Option<p256::ecdsa::VerifyingKey>,
}

impl obj::Signer for Ec {
    fn keygen(&mut self) -> Res<()> {
        let sk = p256::ecdsa::SigningKey::random(&mut OsRng);
        self.vk = Some(*sk.verifying_key());
        self.sk = Some(sk);
        Ok(())
    }

    fn sign(&self, msg: &[u8]) -> Res<Vec<u8>> {
        let sk = self.sk.as_ref().ok_or(invalid("no private key"))?;
        let sig: p256::ecdsa::Signature = sk.sign(msg);
        Ok(sig.to_der().as_bytes().to_vec())
    }

    fn verify(&self, msg: &[u8], sig: &[u8]) -> bool {
        match (&self.vk, p256::ecdsa::Signature::from_der(sig)) {
            (Some(vk), Ok(s)) => vk.verify(msg, &s).is_ok(),
            _ => false,
        }
    }

    fn set_public(&mut self, der: &[u8]) -> Res<()> {
        self.vk = Some(p256::ecdsa::VerifyingKey::from_public_key_der(der).map_err(|_| invalid("not a P-256 key"))?);
        self.sk = None;
        Ok(())
    }

    fn public_der(&self) -> Res<Vec<u8>> {
        let vk = self.vk.as_ref().ok_or(invalid("no key"))?;
        Ok(vk.to_public_key_der().map_err(|_| invalid("no encoding"))?.as_bytes().to_vec())
    }
}

#[derive(Default)]
struct X25519(Option<(x25519_dalek::StaticSecret, x25519_dalek::PublicKey)>);

impl X25519 {
    /// Keeps `sk` with its public half: a key pair, as the C backends' keygen makes.
    fn keep(&mut self, sk: x25519_dalek::StaticSecret) -> Res<()> {
        let pk = x25519_dalek::PublicKey::from(&sk);
        Ok(self.0 = Some((sk, pk)))
    }
}

impl obj::Kex for X25519 {
    fn keygen(&mut self) -> Res<()> {
        self.keep(x25519_dalek::StaticSecret::random_from_rng(OsRng))
    }

    fn set_private(&mut self, key: &[u8]) -> Res<()> {
        let k: [u8; 32] = key.try_into().map_err(|_| invalid("not 32 bytes"))?;
        self.keep(x25519_dalek::StaticSecret::from(k))
    }

    fn public_raw(&self) -> Res<Vec<u8>> {
        let (_, pk) = self.0.as_ref().ok_or(invalid("no key"))?;
        Ok(pk.as_bytes().to_vec())
    }

    fn derive(&self, peer: &[u8], spki_form: bool) -> Res<Vec<u8>> {
        let (sk, _) = self.0.as_ref().ok_or(invalid("no key"))?;
        let raw = if spki_form { spki::raw(spki::X25519, peer) } else { Some(peer) };
        let p: [u8; 32] = raw.and_then(|r| r.try_into().ok()).ok_or(invalid("not an X25519 key"))?;
        Ok(sk.diffie_hellman(&x25519_dalek::PublicKey::from(p)).as_bytes().to_vec())
    }
}

#[derive(Default)]
struct Ecdh(Option<p256::SecretKey>);

impl obj::Kex for Ecdh {
    fn keygen(&mut self) -> Res<()> {
        Ok(self.0 = Some(p256::SecretKey::random(&mut OsRng)))
    }

    fn set_private(&mut self, key: &[u8]) -> Res<()> {
        let sk = p256::SecretKey::from_slice(&obj::scalar32(key)).map_err(|_| invalid("not a P-256 scalar"))?;
        Ok(self.0 = Some(sk))
    }

    fn public_raw(&self) -> Res<Vec<u8>> {
        let sk = self.0.as_ref().ok_or(invalid("no key"))?;
        Ok(sk.public_key().to_encoded_point(false).as_bytes().to_vec())
    }

    fn derive(&self, peer: &[u8], spki_form: bool) -> Res<Vec<u8>> {
        let sk = self.0.as_ref().ok_or(invalid("no key"))?;
        let pk = if spki_form { p256::PublicKey::from_public_key_der(peer).ok() } else { p256::PublicKey::from_sec1_bytes(peer).ok() };
        let pk = pk.ok_or(invalid("not a P-256 point"))?;
        let secret = p256::ecdh::diffie_hellman(sk.to_nonzero_scalar(), pk.as_affine());
        Ok(secret.raw_secret_bytes().to_vec())
    }
}

pub fn create(alg: &str, key: &[u8]) -> Res<Obj> {
    match alg {
        "sha256" => hash::<sha2::Sha256>(),
        "sha512" => hash::<sha2::Sha512>(),
        "sha3-256" => hash::<sha3::Sha3_256>(),
        "sha3-512" => hash::<sha3::Sha3_512>(),
        "blake2b-512" => hash::<blake2::Blake2b512>(),
        "blake2s-256" => hash::<blake2::Blake2s256>(),
        "hmac-sha256" => Ok(Obj::Mac(Box::new(Mac(<hmac::Hmac<sha2::Sha256> as hmac::Mac>::new_from_slice(key).map_err(|_| invalid("bad key"))?)))),
        "aes-128-gcm" => aead::<aes_gcm::Aes128Gcm>(key),
        "aes-256-gcm" => aead::<aes_gcm::Aes256Gcm>(key),
        "chacha20-poly1305" => aead::<chacha20poly1305::ChaCha20Poly1305>(key),
        "ed25519" => Ok(Obj::Sig(Box::<Ed>::default())),
        "ecdsa-p256-sha256" => Ok(Obj::Sig(Box::<Ec>::default())),
        "x25519" => Ok(Obj::Kex(Box::<X25519>::default())),
        "ecdh-p256" => Ok(Obj::Kex(Box::<Ecdh>::default())),
        _ => fail("unsupported", format!("RustCrypto has no {alg} here")),
    }
}
