// awslc_rsa_pss.rs — the aws-lc-rs variant's RSA-PSS 2048 signature row:
// SHA-256, MGF1-SHA-256 and a 32-byte salt (the hash's length: aws-lc-rs's
// RSA_PSS_SHA256 signs with it, RSA_PSS_2048_8192_SHA256 verifies with it),
// e = 65537; public keys as DER SubjectPublicKeyInfo (verification takes
// it or RFC 8017's RSAPublicKey).
use crate::obj::{self, fail, Fail, Res};
use aws_lc_rs::encoding::AsDer;
use aws_lc_rs::rand::SystemRandom;
use aws_lc_rs::rsa::{KeyPair, KeySize, PublicKey};
use aws_lc_rs::signature::{self, KeyPair as _, RsaParameters, UnparsedPublicKey};

#[derive(Default)]
pub struct RsaPss {
    pair: Option<KeyPair>,
    public_der: Vec<u8>, // SubjectPublicKeyInfo; empty: no key
}

fn library(e: impl std::fmt::Debug) -> Fail {
    Fail { kind: "library", why: format!("{e:?}") }
}

impl obj::Signer for RsaPss {
    fn keygen(&mut self) -> Res<()> {
        let k = KeyPair::generate(KeySize::Rsa2048).map_err(library)?;
        self.public_der = k.public_key().as_der().map_err(library)?.as_ref().to_vec();
        self.pair = Some(k);
        Ok(())
    }

    fn sign(&self, msg: &[u8]) -> Res<Vec<u8>> {
        let Some(k) = &self.pair else { return fail("invalid", "no private key") };
        let mut sig = vec![0u8; k.public_modulus_len()];
        k.sign(&signature::RSA_PSS_SHA256, &SystemRandom::new(), msg, &mut sig).map_err(library)?;
        Ok(sig)
    }

    fn verify(&self, msg: &[u8], sig: &[u8]) -> bool {
        UnparsedPublicKey::new(&signature::RSA_PSS_2048_8192_SHA256, &self.public_der).verify(msg, sig).is_ok()
    }

    fn set_public(&mut self, der: &[u8]) -> Res<()> {
        let Ok(k) = PublicKey::from_der(der) else { return fail("invalid", "not an RSA public key") };
        if RsaParameters::public_modulus_len(k.as_ref()).map_err(library)? != 2048 {
            return fail("invalid", "not an RSA-2048 key");
        }
        self.public_der = der.to_vec();
        self.pair = None;
        Ok(())
    }

    fn public_der(&self) -> Res<Vec<u8>> {
        if self.public_der.is_empty() {
            return fail("invalid", "no key");
        }
        Ok(self.public_der.clone())
    }
}
