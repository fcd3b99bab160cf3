// awslc.rs — the variant "aws-lc-rs": ring's API on AWS-LC (ringlike.rs),
// plus what ring lacks: SHA-3, key agreement with a private key that can
// be set (agreement::PrivateKey) for X25519 and ECDH P-256, and the cipher
// and pke rows (awslc_cipher_pke.rs), RSA-PSS (awslc_rsa_pss.rs).
use aws_lc_rs as lib;
include!("ringlike.rs");
use lib::agreement;

fn ecdsa_pair(alg: &'static signature::EcdsaSigningAlgorithm, pkcs8: &[u8], _rng: &SystemRandom) -> Res<signature::EcdsaKeyPair> {
    signature::EcdsaKeyPair::from_pkcs8(alg, pkcs8).map_err(|e| Fail { kind: "library", why: format!("{e:?}") })
}

struct Agree {
    alg: &'static agreement::Algorithm,
    prefix: &'static [u8], // the peer's DER SubjectPublicKeyInfo before its raw key
    key: Option<agreement::PrivateKey>,
    public: Vec<u8>, // the key's public half, computed with it: a key pair, as the C backends' keygen
}

impl Agree {
    /// Keeps `key` with its public half (X25519's generate computes none by itself).
    fn keep(&mut self, key: agreement::PrivateKey) -> Res<()> {
        self.public = key.compute_public_key().map_err(lib_err)?.as_ref().to_vec();
        self.key = Some(key);
        Ok(())
    }
}

impl obj::Kex for Agree {
    fn keygen(&mut self) -> Res<()> {
        self.keep(agreement::PrivateKey::generate(self.alg).map_err(lib_err)?)
    }

    fn set_private(&mut self, key: &[u8]) -> Res<()> {
        let k = if self.prefix == spki::P256 { obj::scalar32(key) } else { key.to_vec() };
        match agreement::PrivateKey::from_private_key(self.alg, &k) {
            Ok(p) => self.keep(p),
            Err(_) => fail("invalid", "the private key is refused"),
        }
    }

    fn public_raw(&self) -> Res<Vec<u8>> {
        match &self.key {
            Some(_) => Ok(self.public.clone()),
            None => fail("invalid", "no key"),
        }
    }

    fn derive(&self, peer: &[u8], spki_form: bool) -> Res<Vec<u8>> {
        let Some(key) = &self.key else { return fail("invalid", "no key") };
        let raw = if spki_form { spki::raw(self.prefix, peer) } else { Some(peer) };
        let Some(raw) = raw else { return fail("invalid", "not a key of this curve (uncompressed, named)") };
        let peer = agreement::UnparsedPublicKey::new(self.alg, raw);
        let refused = Fail { kind: "invalid", why: "the peer's key is refused".into() };
        agreement::agree(key, &peer, refused, |secret| Ok(secret.to_vec()))
    }
}

pub fn create(alg: &str, key: &[u8]) -> Res<Obj> {
    if let Some(made) = create_common(alg, key) {
        return made;
    }
    let agree = |alg, prefix| Ok(Obj::Kex(Box::new(Agree { alg, prefix, key: None, public: Vec::new() })));
    match alg {
        "sha3-256" => Ok(Obj::Hash(Box::new(Hash(&digest::SHA3_256)))),
        "sha3-512" => Ok(Obj::Hash(Box::new(Hash(&digest::SHA3_512)))),
        "x25519" => agree(&agreement::X25519, spki::X25519),
        "ecdh-p256" => agree(&agreement::ECDH_P256, spki::P256),
        "aes-128-cbc" | "aes-256-cbc" | "aes-128-ctr" | "aes-256-ctr" => crate::awslc_cipher_pke::cipher(alg, key),
        "rsa-2048-pss-sha256" => Ok(Obj::Sig(Box::<crate::awslc_rsa_pss::RsaPss>::default())),
        "rsa-2048-oaep-sha256" => Ok(Obj::Pke(Box::new(crate::awslc_cipher_pke::Oaep::default()))),
        _ => fail("unsupported", format!("aws-lc-rs has no {alg} here")),
    }
}
