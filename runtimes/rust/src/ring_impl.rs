// ring_impl.rs — the variant "ring": ring's API (ringlike.rs). ring has
// no key agreement whose private key can be set (its agreement keys are
// ephemeral and consumed by one agreement), so X25519 and ECDH P-256 are
// unavailable: no vector could run on them.
use ring as lib;
include!("ringlike.rs");

fn ecdsa_pair(alg: &'static signature::EcdsaSigningAlgorithm, pkcs8: &[u8], rng: &SystemRandom) -> Res<signature::EcdsaKeyPair> {
    signature::EcdsaKeyPair::from_pkcs8(alg, pkcs8, rng).map_err(|e| Fail { kind: "library", why: format!("{e:?}") })
}

pub fn create(alg: &str, key: &[u8]) -> Res<Obj> {
    match (create_common(alg, key), alg) {
        (Some(made), _) => made,
        (None, "x25519" | "ecdh-p256") => fail(
            "unsupported",
            "ring's key agreement keys are ephemeral only (agreement::EphemeralPrivateKey): no private key can be set, so no vector can run",
        ),
        _ => fail("unsupported", format!("ring has no {alg} here")),
    }
}
