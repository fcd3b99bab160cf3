// awslc_cipher_pke.rs — the aws-lc-rs variant's rows of the cipher and pke
// classes: AES-CBC without padding and AES-CTR (lib::cipher) as one
// stream per direction, an IV starting it and a call without one going
// on (CBC: EncryptingKey keyed once, in place, the next IV the last
// ciphertext block; CTR: StreamingEncryptingKey, whose update gives every
// byte), and RSA-OAEP with SHA-256 and MGF1-SHA-256 on 2048-bit keys
// (lib::rsa: private keys DER PKCS#8, public keys SubjectPublicKeyInfo).
use crate::obj::{self, fail, Fail, Obj, Res};
use aws_lc_rs::cipher::{
    Algorithm, DecryptingKey, DecryptionContext, EncryptingKey, EncryptionContext, StreamingDecryptingKey,
    StreamingEncryptingKey, UnboundCipherKey, AES_128, AES_256,
};
use aws_lc_rs::encoding::AsDer;
use aws_lc_rs::rsa::{
    KeySize, OaepPrivateDecryptingKey, OaepPublicEncryptingKey, PrivateDecryptingKey, PublicEncryptingKey,
    OAEP_SHA256_MGF1SHA256,
};

fn library(e: impl std::fmt::Debug) -> Fail {
    Fail { kind: "library", why: format!("{e:?}") }
}

fn iv16(iv: &[u8]) -> Res<[u8; 16]> {
    iv.try_into().or_else(|_| fail("invalid", format!("an iv of {} bytes", iv.len())))
}

/// The object of an AES-CBC or AES-CTR row on key.
pub fn cipher(alg: &str, key: &[u8]) -> Res<Obj> {
    let (algorithm, key_len): (&'static Algorithm, usize) =
        if alg.starts_with("aes-128-") { (&AES_128, 16) } else { (&AES_256, 32) };
    if key.len() != key_len {
        return fail("invalid", format!("a key of {} bytes", key.len()));
    }
    let unbound = || UnboundCipherKey::new(algorithm, key).map_err(library);
    if alg.ends_with("-ctr") {
        return Ok(Obj::Cipher(Box::new(Ctr { algorithm, key: key.to_vec(), enc: None, dec: None })));
    }
    let (enc, dec) = (EncryptingKey::cbc(unbound()?).map_err(library)?, DecryptingKey::cbc(unbound()?).map_err(library)?);
    Ok(Obj::Cipher(Box::new(Cbc { enc, dec, next_iv: [None, None] })))
}

struct Cbc {
    enc: EncryptingKey,
    dec: DecryptingKey,
    next_iv: [Option<[u8; 16]>; 2], // encrypt, decrypt: where each stream goes on
}

impl obj::Cipher for Cbc {
    fn crypt(&mut self, decrypt: bool, iv: Option<&[u8]>, input: &[u8], out: &mut Vec<u8>) -> Res<()> {
        let d = decrypt as usize;
        if let Some(iv) = iv {
            self.next_iv[d] = Some(iv16(iv)?);
        }
        let Some(iv) = self.next_iv[d] else { return fail("invalid", "no stream to continue: the first call gives an iv") };
        if input.len() % 16 != 0 {
            return fail("invalid", format!("CBC takes whole blocks, not {} bytes", input.len()));
        }
        out.clear();
        out.extend_from_slice(input);
        if input.is_empty() {
            return Ok(());
        }
        let last = |b: &[u8]| -> [u8; 16] { b[b.len() - 16..].try_into().unwrap_or([0; 16]) };
        if decrypt {
            self.dec.decrypt(out, DecryptionContext::Iv128(iv.into())).map_err(library)?;
            self.next_iv[d] = Some(last(input));
        } else {
            self.enc.less_safe_encrypt(out, EncryptionContext::Iv128(iv.into())).map_err(library)?;
            self.next_iv[d] = Some(last(out));
        }
        Ok(())
    }
}

struct Ctr {
    algorithm: &'static Algorithm,
    key: Vec<u8>,
    enc: Option<StreamingEncryptingKey>,
    dec: Option<StreamingDecryptingKey>,
}

impl obj::Cipher for Ctr {
    fn crypt(&mut self, decrypt: bool, iv: Option<&[u8]>, input: &[u8], out: &mut Vec<u8>) -> Res<()> {
        if let Some(iv) = iv {
            let (iv, key) = (iv16(iv)?, UnboundCipherKey::new(self.algorithm, &self.key).map_err(library)?);
            if decrypt {
                self.dec = Some(StreamingDecryptingKey::ctr(key, DecryptionContext::Iv128(iv.into())).map_err(library)?);
            } else {
                self.enc = Some(StreamingEncryptingKey::less_safe_ctr(key, EncryptionContext::Iv128(iv.into())).map_err(library)?);
            }
        }
        out.resize(input.len() + 15, 0);
        let n = match (decrypt, &mut self.enc, &mut self.dec) {
            (false, Some(s), _) => s.update(input, out).map_err(library)?.written().len(),
            (true, _, Some(s)) => s.update(input, out).map_err(library)?.written().len(),
            _ => return fail("invalid", "no stream to continue: the first call gives an iv"),
        };
        if n != input.len() {
            return fail("library", format!("update gave {n} of {} bytes", input.len()));
        }
        out.truncate(n);
        Ok(())
    }
}

/// RSA-OAEP; the public key's DER is kept beside the keys.
#[derive(Default)]
pub struct Oaep {
    private: Option<OaepPrivateDecryptingKey>,
    public: Option<OaepPublicEncryptingKey>,
    public_der: Vec<u8>,
}

const BITS: usize = 2048;

impl Oaep {
    fn keep_public(&mut self, k: PublicEncryptingKey) -> Res<()> {
        if k.key_size_bits() != BITS {
            return fail("invalid", format!("not an RSA-{BITS} key"));
        }
        self.public_der = k.as_der().map_err(library)?.as_ref().to_vec();
        self.public = Some(OaepPublicEncryptingKey::new(k).map_err(library)?);
        Ok(())
    }

    fn keep(&mut self, k: PrivateDecryptingKey) -> Res<()> {
        self.keep_public(k.public_key())?;
        self.private = Some(OaepPrivateDecryptingKey::new(k).map_err(library)?);
        Ok(())
    }
}

fn label_of(label: &[u8]) -> Option<&[u8]> {
    if label.is_empty() { None } else { Some(label) }
}

impl obj::Pke for Oaep {
    fn keygen(&mut self) -> Res<()> {
        self.keep(PrivateDecryptingKey::generate(KeySize::Rsa2048).map_err(library)?)
    }

    fn set_private(&mut self, pkcs8: &[u8]) -> Res<()> {
        match PrivateDecryptingKey::from_pkcs8(pkcs8) {
            Ok(k) => self.keep(k),
            Err(e) => fail("invalid", format!("{e:?}")),
        }
    }

    fn set_public(&mut self, der: &[u8]) -> Res<()> {
        self.private = None;
        match PublicEncryptingKey::from_der(der) {
            Ok(k) => self.keep_public(k),
            Err(e) => fail("invalid", format!("{e:?}")),
        }
    }

    fn public_der(&self) -> Res<Vec<u8>> {
        match self.public {
            Some(_) => Ok(self.public_der.clone()),
            None => fail("invalid", "no key"),
        }
    }

    fn encrypt(&self, msg: &[u8], label: &[u8]) -> Res<Vec<u8>> {
        let Some(k) = &self.public else { return fail("invalid", "no key") };
        let mut out = vec![0u8; k.ciphertext_size()];
        let n = match k.encrypt(&OAEP_SHA256_MGF1SHA256, msg, &mut out, label_of(label)) {
            Ok(ct) => ct.len(),
            Err(_) => return fail("invalid", format!("a {}-byte message is refused", msg.len())),
        };
        out.truncate(n);
        Ok(out)
    }

    fn decrypt(&self, ct: &[u8], label: &[u8]) -> Res<Vec<u8>> {
        let Some(k) = &self.private else { return fail("invalid", "no private key") };
        let mut out = vec![0u8; k.min_output_size()];
        let n = match k.decrypt(&OAEP_SHA256_MGF1SHA256, ct, &mut out, label_of(label)) {
            Ok(msg) => msg.len(),
            Err(_) => return fail("auth", "the ciphertext does not decrypt"),
        };
        out.truncate(n);
        Ok(out)
    }
}
