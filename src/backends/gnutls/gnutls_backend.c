/*
 * gnutls_backend.c — the GnuTLS backend: `cm_backend_gnutls` and the one
 * table that maps each cryptometer algorithm to its GnuTLS identifier
 * (gnutls_internal.h). The macros make, from each row's spec, the create()
 * the vtables need (they take no algorithm argument) and the vtable; the
 * work is in gnutls_cipher.c, gnutls_digest.c and gnutls_signature.c.
 *
 * One variant, `default`: GnuTLS picks its accelerated code (its own
 * AES-NI/SSSE3/PCLMUL and ARMv8 code, else Nettle's) from the CPU when it
 * loads; GNUTLS_CPUID_OVERRIDE can mask that only before start-up.
 */
#include <gnutls/gnutls.h>
#include "cryptometer/backend.h"
#include "gnutls_internal.h"

static const gt_spec spec_aes_128_cbc = {.cipher = GNUTLS_CIPHER_AES_128_CBC};
static const gt_spec spec_aes_256_cbc = {.cipher = GNUTLS_CIPHER_AES_256_CBC};
static const gt_spec spec_aes_128_xts = {.cipher = GNUTLS_CIPHER_AES_128_XTS};
static const gt_spec spec_aes_256_xts = {.cipher = GNUTLS_CIPHER_AES_256_XTS};
#if GNUTLS_VERSION_NUMBER >= 0x030700
static const gt_spec spec_chacha20 = {.cipher = GNUTLS_CIPHER_CHACHA20_32};
#endif
static const gt_spec spec_aes_128_gcm = {.cipher = GNUTLS_CIPHER_AES_128_GCM};
static const gt_spec spec_aes_256_gcm = {.cipher = GNUTLS_CIPHER_AES_256_GCM};
static const gt_spec spec_chacha20_poly1305 = {.cipher = GNUTLS_CIPHER_CHACHA20_POLY1305};
static const gt_spec spec_sha1 = {.digest = GNUTLS_DIG_SHA1};
static const gt_spec spec_sha256 = {.digest = GNUTLS_DIG_SHA256};
static const gt_spec spec_sha512 = {.digest = GNUTLS_DIG_SHA512};
static const gt_spec spec_sha3_256 = {.digest = GNUTLS_DIG_SHA3_256};
static const gt_spec spec_sha3_512 = {.digest = GNUTLS_DIG_SHA3_512};
static const gt_spec spec_hmac_sha256 = {.mac = GNUTLS_MAC_SHA256};
#define GT_PARAMS(...) ((const char *const[]){__VA_ARGS__, NULL})
static const gt_spec spec_ed25519 = {.pk = GNUTLS_PK_EDDSA_ED25519,
                                     .sign = GNUTLS_SIGN_EDDSA_ED25519,
                                     .curve = GNUTLS_ECC_CURVE_ED25519,
                                     .params = GT_PARAMS("curve", "ed25519")};
static const gt_spec spec_ecdsa_p256_sha256 = {
    .pk = GNUTLS_PK_ECDSA, .sign = GNUTLS_SIGN_ECDSA_SHA256, .curve = GNUTLS_ECC_CURVE_SECP256R1,
    .params = GT_PARAMS("curve", "P-256", "hash", "sha256", "encoding", "der")};
static const gt_spec spec_ecdsa_p384_sha384 = {
    .pk = GNUTLS_PK_ECDSA, .sign = GNUTLS_SIGN_ECDSA_SHA384, .curve = GNUTLS_ECC_CURVE_SECP384R1,
    .params = GT_PARAMS("curve", "P-384", "hash", "sha384", "encoding", "der")};
/* GnuTLS signs RSA-PSS with a salt as long as the digest and makes keys
 * with e = 65537 */
#define GT_RSA_PSS(bits_)                                                              \
    {.pk = GNUTLS_PK_RSA, .sign = GNUTLS_SIGN_RSA_PSS_SHA256, .bits = bits_,           \
     .params = GT_PARAMS("key_bits", #bits_, "padding", "pss", "hash", "sha256",       \
                         "mgf_hash", "sha256", "salt_bytes", "32",                     \
                         "public_exponent", "65537")}
static const gt_spec spec_rsa_2048_pss = GT_RSA_PSS(2048);
static const gt_spec spec_rsa_3072_pss = GT_RSA_PSS(3072);
static const gt_spec spec_rsa_4096_pss = GT_RSA_PSS(4096);

/* create() bound to a spec, and the vtable, per class. */
#define GT_CIPHER(id)                                                                  \
    static cm_rc id##_create(void **st, const uint8_t *key, size_t key_len)           \
    { return gt_cipher_create(&spec_##id, st, key, key_len); }                         \
    static const cm_cipher_vtable id##_vt = {id##_create, gt_cipher_encrypt,          \
                                             gt_cipher_decrypt, gt_cipher_destroy};
#define GT_AEAD(id)                                                                    \
    static cm_rc id##_create(void **st, const uint8_t *key, size_t key_len)           \
    { return gt_cipher_create(&spec_##id, st, key, key_len); }                         \
    static const cm_aead_vtable id##_vt = {id##_create, gt_aead_seal, gt_aead_open,    \
                                           gt_cipher_destroy};
#define GT_HASH(id)                                                                    \
    static cm_rc id##_create(void **st) { return gt_hash_create(&spec_##id, st); }     \
    static const cm_hash_vtable id##_vt = {id##_create, gt_hash_digest, gt_hash_destroy};
#define GT_MAC(id)                                                                     \
    static cm_rc id##_create(void **st, const uint8_t *key, size_t key_len)           \
    { return gt_hmac_create(&spec_##id, st, key, key_len); }                           \
    static const cm_mac_vtable id##_vt = {id##_create, gt_hmac_mac, gt_hmac_destroy};
#define GT_SIGNATURE(id)                                                               \
    static cm_rc id##_create(void **st, const cm_algorithm *alg)                      \
    { return gt_sig_create(&spec_##id, st, alg); }                                     \
    static const cm_signature_vtable id##_vt = {                                       \
        id##_create, gt_sig_keygen, gt_sig_sign, gt_sig_verify,                        \
        gt_sig_set_public_key, gt_sig_get_public_key, gt_sig_destroy};

GT_CIPHER(aes_128_cbc)
GT_CIPHER(aes_256_cbc)
GT_CIPHER(aes_128_xts)
GT_CIPHER(aes_256_xts)
#if GNUTLS_VERSION_NUMBER >= 0x030700
GT_CIPHER(chacha20)
#endif
GT_AEAD(aes_128_gcm)
GT_AEAD(aes_256_gcm)
GT_AEAD(chacha20_poly1305)
GT_HASH(sha1)
GT_HASH(sha256)
GT_HASH(sha512)
GT_HASH(sha3_256)
GT_HASH(sha3_512)
GT_MAC(hmac_sha256)
GT_SIGNATURE(ed25519)
GT_SIGNATURE(ecdsa_p256_sha256)
GT_SIGNATURE(ecdsa_p384_sha384)
GT_SIGNATURE(rsa_2048_pss)
GT_SIGNATURE(rsa_3072_pss)
GT_SIGNATURE(rsa_4096_pss)

static const cm_impl gt_impls[] = {
    CM_IMPL_CIPHER("aes-128-cbc", "default", &aes_128_cbc_vt, NULL),
    CM_IMPL_CIPHER("aes-256-cbc", "default", &aes_256_cbc_vt, NULL),
    CM_IMPL_CIPHER("aes-128-xts", "default", &aes_128_xts_vt, NULL),
    CM_IMPL_CIPHER("aes-256-xts", "default", &aes_256_xts_vt, NULL),
#if GNUTLS_VERSION_NUMBER >= 0x030700
    CM_IMPL_CIPHER("chacha20", "default", &chacha20_vt, NULL),
#else
#endif
    CM_IMPL_AEAD("aes-128-gcm", "default", &aes_128_gcm_vt, NULL),
    CM_IMPL_AEAD("aes-256-gcm", "default", &aes_256_gcm_vt, NULL),
    CM_IMPL_AEAD("chacha20-poly1305", "default", &chacha20_poly1305_vt, NULL),
    CM_IMPL_HASH("sha1", "default", &sha1_vt, NULL),
    CM_IMPL_HASH("sha256", "default", &sha256_vt, NULL),
    CM_IMPL_HASH("sha512", "default", &sha512_vt, NULL),
    CM_IMPL_HASH("sha3-256", "default", &sha3_256_vt, NULL),
    CM_IMPL_HASH("sha3-512", "default", &sha3_512_vt, NULL),
    CM_IMPL_MAC("hmac-sha256", "default", &hmac_sha256_vt, NULL),
    CM_IMPL_SIGNATURE("ed25519", "default", &ed25519_vt, NULL),
    CM_IMPL_SIGNATURE("ecdsa-p256-sha256", "default", &ecdsa_p256_sha256_vt, NULL),
    CM_IMPL_SIGNATURE("ecdsa-p384-sha384", "default", &ecdsa_p384_sha384_vt, NULL),
    CM_IMPL_SIGNATURE("rsa-2048-pss-sha256", "default", &rsa_2048_pss_vt, NULL),
    CM_IMPL_SIGNATURE("rsa-3072-pss-sha256", "default", &rsa_3072_pss_vt, NULL),
    CM_IMPL_SIGNATURE("rsa-4096-pss-sha256", "default", &rsa_4096_pss_vt, NULL),
};

/* The version of the library loaded at run time. */
static const char *gt_version(void)
{
    return gnutls_check_version(NULL);
}

extern const cm_backend cm_backend_gnutls;
const cm_backend cm_backend_gnutls = {
    .name = "gnutls",
    .description = "GnuTLS crypto API (gnutls_cipher, gnutls_hash, gnutls_hmac, "
                   "gnutls_privkey/gnutls_pubkey), keyed once as applications do",
    .version = gt_version,
    .impls = gt_impls,
    .n_impls = sizeof gt_impls / sizeof gt_impls[0],
};
