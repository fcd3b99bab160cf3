// spki.rs — DER SubjectPublicKeyInfo of the two key types whose raw form
// ring and aws-lc-rs take (Ed25519 and X25519: 32 bytes; P-256: the uncompressed
// point), by their fixed prefix: any other encoding is refused.

pub const ED25519: &[u8] = &[
    0x30, 0x2a, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x03, 0x21, 0x00,
];
pub const X25519: &[u8] = &[
    0x30, 0x2a, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x6e, 0x03, 0x21, 0x00,
];
pub const P256: &[u8] = &[
    0x30, 0x59, 0x30, 0x13, 0x06, 0x07, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02, 0x01, 0x06, 0x08, 0x2a,
    0x86, 0x48, 0xce, 0x3d, 0x03, 0x01, 0x07, 0x03, 0x42, 0x00,
];

/// The raw key inside der, if der is prefix and a key of the length it says.
pub fn raw<'a>(prefix: &[u8], der: &'a [u8]) -> Option<&'a [u8]> {
    let len = der.get(1).map(|&n| n as usize + 2)?;
    if der.len() == len && der.starts_with(prefix) {
        Some(&der[prefix.len()..])
    } else {
        None
    }
}

pub fn der(prefix: &[u8], raw: &[u8]) -> Vec<u8> {
    [prefix, raw].concat()
}
