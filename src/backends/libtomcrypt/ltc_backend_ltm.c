/*
 * ltc_backend_ltm.c — `cm_backend_libtomcrypt_ltm`: LibTomCrypt with
 * libtommath as its maths (ltm_desc). It lists every row: the symmetric
 * ones (which no maths descriptor touches, so `libtomcrypt-gmp` does not
 * repeat them) and the public-key ones (ltc_internal.h, LTC_PK_ROWS).
 *
 * One variant, `default`: Debian's LibTomCrypt 1.18 is portable C (no
 * AES-NI or other CPU-specific code to choose).
 */
#include "ltc_internal.h"

static const ltc_spec spec_aes_128_cbc = {.mode = LTC_M_CBC, .key_len = 16};
static const ltc_spec spec_aes_256_cbc = {.mode = LTC_M_CBC, .key_len = 32};
static const ltc_spec spec_aes_128_ctr = {.mode = LTC_M_CTR, .key_len = 16};
static const ltc_spec spec_aes_256_ctr = {.mode = LTC_M_CTR, .key_len = 32};
static const ltc_spec spec_aes_128_xts = {.mode = LTC_M_XTS, .key_len = 32};
static const ltc_spec spec_aes_256_xts = {.mode = LTC_M_XTS, .key_len = 64};
static const ltc_spec spec_aes_128_ecb = {.mode = LTC_M_ECB, .key_len = 16};
static const ltc_spec spec_aes_256_ecb = {.mode = LTC_M_ECB, .key_len = 32};
static const ltc_spec spec_chacha20 = {.mode = LTC_M_CHACHA, .key_len = 32};
static const ltc_spec spec_aes_128_gcm = {.mode = LTC_M_GCM, .key_len = 16};
static const ltc_spec spec_aes_256_gcm = {.mode = LTC_M_GCM, .key_len = 32};
static const ltc_spec spec_chacha20_poly1305 = {.mode = LTC_M_CHACHAPOLY, .key_len = 32};
static const ltc_spec spec_sha1 = {.hash = &sha1_desc};
static const ltc_spec spec_sha256 = {.hash = &sha256_desc};
static const ltc_spec spec_sha512 = {.hash = &sha512_desc};
static const ltc_spec spec_sha3_256 = {.hash = &sha3_256_desc};
static const ltc_spec spec_sha3_512 = {.hash = &sha3_512_desc};
static const ltc_spec spec_blake2b_512 = {.hash = &blake2b_512_desc};
static const ltc_spec spec_blake2s_256 = {.hash = &blake2s_256_desc};
static const ltc_spec spec_hmac_sha256 = {.hash = &sha256_desc};

/* create() bound to a spec, and the vtable, per class. */
#define LTC_CIPHER(id)                                                                  \
    static cm_rc id##_create(void **st, const uint8_t *key, size_t key_len)            \
    { return ltc_cipher_create(&spec_##id, st, key, key_len); }                         \
    static const cm_cipher_vtable id##_vt = {id##_create, ltc_cipher_encrypt,          \
                                             ltc_cipher_decrypt, ltc_cipher_destroy};
#define LTC_AEAD(id)                                                                    \
    static cm_rc id##_create(void **st, const uint8_t *key, size_t key_len)            \
    { return ltc_aead_create(&spec_##id, st, key, key_len); }                           \
    static const cm_aead_vtable id##_vt = {id##_create, ltc_aead_seal, ltc_aead_open,   \
                                           ltc_aead_destroy};
#define LTC_HASH(id)                                                                    \
    static cm_rc id##_create(void **st) { return ltc_hash_create(&spec_##id, st); }     \
    static const cm_hash_vtable id##_vt = {id##_create, ltc_hash_digest, ltc_digest_destroy};

LTC_CIPHER(aes_128_cbc)
LTC_CIPHER(aes_256_cbc)
LTC_CIPHER(aes_128_ctr)
LTC_CIPHER(aes_256_ctr)
LTC_CIPHER(aes_128_xts)
LTC_CIPHER(aes_256_xts)
LTC_CIPHER(aes_128_ecb)
LTC_CIPHER(aes_256_ecb)
LTC_CIPHER(chacha20)
LTC_AEAD(aes_128_gcm)
LTC_AEAD(aes_256_gcm)
LTC_AEAD(chacha20_poly1305)
LTC_HASH(sha1)
LTC_HASH(sha256)
LTC_HASH(sha512)
LTC_HASH(sha3_256)
LTC_HASH(sha3_512)
LTC_HASH(blake2b_512)
LTC_HASH(blake2s_256)

static cm_rc hmac_sha256_create(void **st, const uint8_t *key, size_t key_len)
{
    return ltc_hmac_create(&spec_hmac_sha256, st, key, key_len);
}
static const cm_mac_vtable hmac_sha256_vt = {hmac_sha256_create, ltc_hmac_mac,
                                             ltc_digest_destroy};
static const cm_mac_vtable poly1305_vt = {ltc_poly1305_create, ltc_poly1305_mac,
                                          ltc_digest_destroy};

LTC_PK_ROWS(ltm, ltm_desc)

static const cm_impl ltm_impls[] = {
    CM_IMPL_CIPHER("aes-128-cbc", "default", &aes_128_cbc_vt, NULL),
    CM_IMPL_CIPHER("aes-256-cbc", "default", &aes_256_cbc_vt, NULL),
    CM_IMPL_CIPHER("aes-128-ctr", "default", &aes_128_ctr_vt, NULL),
    CM_IMPL_CIPHER("aes-256-ctr", "default", &aes_256_ctr_vt, NULL),
    CM_IMPL_CIPHER("aes-128-xts", "default", &aes_128_xts_vt, NULL),
    CM_IMPL_CIPHER("aes-256-xts", "default", &aes_256_xts_vt, NULL),
    CM_IMPL_CIPHER("aes-128-ecb", "default", &aes_128_ecb_vt, NULL),
    CM_IMPL_CIPHER("aes-256-ecb", "default", &aes_256_ecb_vt, NULL),
    CM_IMPL_CIPHER("chacha20", "default", &chacha20_vt, NULL),
    CM_IMPL_AEAD("aes-128-gcm", "default", &aes_128_gcm_vt, NULL),
    CM_IMPL_AEAD("aes-256-gcm", "default", &aes_256_gcm_vt, NULL),
    CM_IMPL_AEAD("chacha20-poly1305", "default", &chacha20_poly1305_vt, NULL),
    CM_IMPL_HASH("sha1", "default", &sha1_vt, NULL),
    CM_IMPL_HASH("sha256", "default", &sha256_vt, NULL),
    CM_IMPL_HASH("sha512", "default", &sha512_vt, NULL),
    CM_IMPL_HASH("sha3-256", "default", &sha3_256_vt, NULL),
    CM_IMPL_HASH("sha3-512", "default", &sha3_512_vt, NULL),
    CM_IMPL_HASH("blake2b-512", "default", &blake2b_512_vt, NULL),
    CM_IMPL_HASH("blake2s-256", "default", &blake2s_256_vt, NULL),
    CM_IMPL_MAC("hmac-sha256", "default", &hmac_sha256_vt, NULL),
    CM_IMPL_MAC("poly1305", "default", &poly1305_vt, NULL),
    LTC_PK_IMPLS(ltm),
};

/* The version of the library: LibTomCrypt has no run-time version call;
 * its headers' SCRYPT is the version built against. */
static const char *ltm_version(void)
{
    return SCRYPT " (libtommath maths)";
}

static cm_rc ltm_init(char *why, size_t why_len)
{
    return ltc_register(why, why_len);
}

extern const cm_backend cm_backend_libtomcrypt_ltm;
const cm_backend cm_backend_libtomcrypt_ltm = {
    .name = "libtomcrypt-ltm",
    .description = "LibTomCrypt (cbc_*, ecb_*, ctr_*, xts_*, gcm_*, chacha20poly1305_*, hash "
                   "descriptors, hmac_*, ecc_*, rsa_*), public key with libtommath (ltm_desc)",
    .version = ltm_version,
    .init = ltm_init,
    .impls = ltm_impls,
    .n_impls = sizeof ltm_impls / sizeof ltm_impls[0],
};
