/*
 * cryptopp_backend.c — the Crypto++ backend: `cm_backend_cryptopp`, one row
 * per algorithm over the vtables of cryptopp_impl.cpp and
 * cryptopp_pubkey.cpp (C++: Crypto++ has no C API).
 *
 * One variant, `default`: Crypto++ picks its accelerated code (AES-NI,
 * CLMUL, SHA-NI, SSE/AVX ChaCha and BLAKE2) from the CPU itself.
 */
#include "cryptometer/backend.h"
#include "cryptopp_internal.h"

static const cm_impl cp_impls[] = {
    CM_IMPL_CIPHER("aes-128-cbc", "default", &cp_aes_128_cbc_vt, NULL),
    CM_IMPL_CIPHER("aes-256-cbc", "default", &cp_aes_256_cbc_vt, NULL),
    CM_IMPL_CIPHER("aes-128-ctr", "default", &cp_aes_128_ctr_vt, NULL),
    CM_IMPL_CIPHER("aes-256-ctr", "default", &cp_aes_256_ctr_vt, NULL),
    CM_IMPL_CIPHER("aes-128-xts", "default", &cp_aes_128_xts_vt, NULL),
    CM_IMPL_CIPHER("aes-256-xts", "default", &cp_aes_256_xts_vt, NULL),
    CM_IMPL_CIPHER("aes-128-ecb", "default", &cp_aes_128_ecb_vt, NULL),
    CM_IMPL_CIPHER("aes-256-ecb", "default", &cp_aes_256_ecb_vt, NULL),
    CM_IMPL_CIPHER("chacha20", "default", &cp_chacha20_vt, NULL),
    CM_IMPL_AEAD("aes-128-gcm", "default", &cp_aes_128_gcm_vt, NULL),
    CM_IMPL_AEAD("aes-256-gcm", "default", &cp_aes_256_gcm_vt, NULL),
    CM_IMPL_AEAD("chacha20-poly1305", "default", &cp_chacha20_poly1305_vt, NULL),
    CM_IMPL_HASH("sha1", "default", &cp_sha1_vt, NULL),
    CM_IMPL_HASH("sha256", "default", &cp_sha256_vt, NULL),
    CM_IMPL_HASH("sha512", "default", &cp_sha512_vt, NULL),
    CM_IMPL_HASH("sha3-256", "default", &cp_sha3_256_vt, NULL),
    CM_IMPL_HASH("sha3-512", "default", &cp_sha3_512_vt, NULL),
    CM_IMPL_HASH("blake2b-512", "default", &cp_blake2b_512_vt, NULL),
    CM_IMPL_HASH("blake2s-256", "default", &cp_blake2s_256_vt, NULL),
    CM_IMPL_MAC("hmac-sha256", "default", &cp_hmac_sha256_vt, NULL),
    CM_IMPL_MAC("poly1305", "default", &cp_poly1305_vt, NULL),
    CM_IMPL_SIGNATURE("ed25519", "default", &cp_ed25519_vt, NULL),
    CM_IMPL_SIGNATURE("ecdsa-p256-sha256", "default", &cp_ecdsa_p256_sha256_vt, NULL),
    CM_IMPL_SIGNATURE("ecdsa-p384-sha384", "default", &cp_ecdsa_p384_sha384_vt, NULL),
    CM_IMPL_SIGNATURE("rsa-2048-pss-sha256", "default", &cp_rsa_2048_pss_sha256_vt, NULL),
    CM_IMPL_SIGNATURE("rsa-3072-pss-sha256", "default", &cp_rsa_3072_pss_sha256_vt, NULL),
    CM_IMPL_SIGNATURE("rsa-4096-pss-sha256", "default", &cp_rsa_4096_pss_sha256_vt, NULL),
    CM_IMPL_KEX("x25519", "default", &cp_x25519_vt, NULL),
    CM_IMPL_KEX("ecdh-p256", "default", &cp_ecdh_p256_vt, NULL),
    CM_IMPL_PKE("rsa-2048-oaep-sha256", "default", &cp_rsa_oaep_sha256_vt, NULL),
    CM_IMPL_PKE("rsa-3072-oaep-sha256", "default", &cp_rsa_oaep_sha256_vt, NULL),
    CM_IMPL_PKE("rsa-4096-oaep-sha256", "default", &cp_rsa_oaep_sha256_vt, NULL),
};

extern const cm_backend cm_backend_cryptopp;
const cm_backend cm_backend_cryptopp = {
    .name = "cryptopp",
    .description = "Crypto++ (CBC_Mode, CTR_Mode, XTS_Mode, ChaChaTLS, GCM, ChaCha20Poly1305, "
                   "hashes, HMAC, Poly1305TLS, ed25519, ECDSA, RSASS-PSS, x25519, ECDH, "
                   "RSAES-OAEP) through two C++ files",
    .version = cp_version,
    .impls = cp_impls,
    .n_impls = sizeof cp_impls / sizeof cp_impls[0],
};
