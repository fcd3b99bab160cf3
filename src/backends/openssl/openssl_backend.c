/*
 * openssl_backend.c — the OpenSSL backend: `cm_backend_openssl`, its
 * implementations, and the one table that maps each cryptometer algorithm
 * to OpenSSL.
 *
 * Each row of OSSL_ALGORITHMS names an algorithm, its class, the name
 * OpenSSL 3 fetches it by and the getter OpenSSL 1.1.1 has for it. From the
 * row the macros below make the ossl_spec, the create() and available()
 * that bind the spec (the vtables take no algorithm argument), the vtable
 * and the cm_impl; the work itself is generic, in openssl_cipher.c,
 * openssl_digest.c, openssl_pkeymac.c, openssl_signature.c, openssl_kex.c
 * and openssl_pke.c; the BN rows (bignum class) are written out below,
 * on openssl_bignum.c. Adding an algorithm OpenSSL
 * has in an existing class is adding a row.
 */
#include <openssl/err.h>
#include <openssl/evp.h>
#include "cryptometer/backend.h"
#include "cryptometer/primitive.h"
#include "openssl_internal.h"

/* The 1.1.1 getters are referenced only when building against 1.1.1. */
#if OSSL_HAVE_3
#define OSSL_LEGACY(getter) NULL
#else
#define OSSL_LEGACY(getter) getter
#endif
#if defined(OPENSSL_NO_CHACHA) || defined(OPENSSL_NO_POLY1305)
#define OSSL_CHACHA20_POLY1305 NULL /* available() then says why */
#else
#define OSSL_CHACHA20_POLY1305 EVP_chacha20_poly1305
#endif
#ifdef OPENSSL_NO_CHACHA
#define OSSL_CHACHA20 NULL
#else
#define OSSL_CHACHA20 EVP_chacha20
#endif
#ifdef OPENSSL_NO_BLAKE2
#define OSSL_BLAKE2B512 NULL
#define OSSL_BLAKE2S256 NULL
#else
#define OSSL_BLAKE2B512 EVP_blake2b512
#define OSSL_BLAKE2S256 EVP_blake2s256
#endif
/* A MAC keyed through EVP_MAC on 3.x and EVP_PKEY on 1.1.1 (Poly1305):
 * its impl row is an ordinary MAC one. */
#define CM_IMPL_MAC_PKEY CM_IMPL_MAC

/* id, cryptometer name, class, OpenSSL 3 name, OpenSSL 1.1.1 getter.
 * For HMAC the OpenSSL name and getter are its digest's. For a SIGNATURE
 * the name is the EVP_SIGNATURE's (KEX: EVP_KEYEXCH's; PKE:
 * EVP_ASYM_CIPHER's) and the last column the EVP_PKEY key type, used by
 * both versions; its curve, hash, padding and key size are the
 * algorithm's parameters (src/model/algorithm.c). For MAC_PKEY (Poly1305)
 * the name is the EVP_MAC's (3.x) and the last column the EVP_PKEY type
 * (1.1.1). */
#define OSSL_ALGORITHMS(X)                                                          \
    X(aes_128_cbc,       "aes-128-cbc",       CIPHER, "AES-128-CBC",  EVP_aes_128_cbc) \
    X(aes_256_cbc,       "aes-256-cbc",       CIPHER, "AES-256-CBC",  EVP_aes_256_cbc) \
    X(aes_128_ctr,       "aes-128-ctr",       CIPHER, "AES-128-CTR",  EVP_aes_128_ctr) \
    X(aes_256_ctr,       "aes-256-ctr",       CIPHER, "AES-256-CTR",  EVP_aes_256_ctr) \
    X(aes_128_xts,       "aes-128-xts",       CIPHER, "AES-128-XTS",  EVP_aes_128_xts) \
    X(aes_256_xts,       "aes-256-xts",       CIPHER, "AES-256-XTS",  EVP_aes_256_xts) \
    X(aes_128_ecb,       "aes-128-ecb",       CIPHER, "AES-128-ECB",  EVP_aes_128_ecb) \
    X(aes_256_ecb,       "aes-256-ecb",       CIPHER, "AES-256-ECB",  EVP_aes_256_ecb) \
    X(chacha20,          "chacha20",          CIPHER, "ChaCha20",     OSSL_CHACHA20)   \
    X(aes_128_gcm,       "aes-128-gcm",       AEAD,   "AES-128-GCM",  EVP_aes_128_gcm) \
    X(aes_256_gcm,       "aes-256-gcm",       AEAD,   "AES-256-GCM",  EVP_aes_256_gcm) \
    X(chacha20_poly1305, "chacha20-poly1305", AEAD,   "ChaCha20-Poly1305",             \
      OSSL_CHACHA20_POLY1305)                                                       \
    X(sha1,              "sha1",              HASH,   "SHA1",         EVP_sha1)        \
    X(sha256,            "sha256",            HASH,   "SHA256",       EVP_sha256)      \
    X(sha512,            "sha512",            HASH,   "SHA512",       EVP_sha512)      \
    X(sha3_256,          "sha3-256",          HASH,   "SHA3-256",     EVP_sha3_256)    \
    X(sha3_512,          "sha3-512",          HASH,   "SHA3-512",     EVP_sha3_512)    \
    X(blake2b_512,       "blake2b-512",       HASH,   "BLAKE2B-512",  OSSL_BLAKE2B512) \
    X(blake2s_256,       "blake2s-256",       HASH,   "BLAKE2S-256",  OSSL_BLAKE2S256) \
    X(hmac_sha256,       "hmac-sha256",       MAC,    "SHA256",       EVP_sha256)      \
    X(poly1305,          "poly1305",          MAC_PKEY, "POLY1305",   EVP_PKEY_POLY1305) \
    X(ed25519,           "ed25519",           SIGNATURE, "ED25519",                    \
      EVP_PKEY_ED25519)                                                             \
    X(ecdsa_p256_sha256, "ecdsa-p256-sha256", SIGNATURE, "ECDSA", EVP_PKEY_EC)     \
    X(ecdsa_p384_sha384, "ecdsa-p384-sha384", SIGNATURE, "ECDSA", EVP_PKEY_EC)     \
    X(rsa_2048_pss,      "rsa-2048-pss-sha256", SIGNATURE, "RSA", EVP_PKEY_RSA)    \
    X(rsa_3072_pss,      "rsa-3072-pss-sha256", SIGNATURE, "RSA", EVP_PKEY_RSA)    \
    X(rsa_4096_pss,      "rsa-4096-pss-sha256", SIGNATURE, "RSA", EVP_PKEY_RSA)    \
    X(x25519,            "x25519",            KEX,    "X25519",  EVP_PKEY_X25519)  \
    X(ecdh_p256,         "ecdh-p256",         KEX,    "ECDH",    EVP_PKEY_EC)      \
    X(rsa_2048_oaep,     "rsa-2048-oaep-sha256", PKE, "RSA",     EVP_PKEY_RSA)     \
    X(rsa_3072_oaep,     "rsa-3072-oaep-sha256", PKE, "RSA",     EVP_PKEY_RSA)     \
    X(rsa_4096_oaep,     "rsa-4096-oaep-sha256", PKE, "RSA",     EVP_PKEY_RSA)

/* Which field the last column fills, per class. */
#define OSSL_GETTER_CIPHER(g) .legacy_cipher = OSSL_LEGACY(g)
#define OSSL_GETTER_AEAD(g)   .legacy_cipher = OSSL_LEGACY(g)
#define OSSL_GETTER_HASH(g)   .legacy_md = OSSL_LEGACY(g)
#define OSSL_GETTER_MAC(g)    .legacy_md = OSSL_LEGACY(g)
#define OSSL_GETTER_MAC_PKEY(type) .pkey_id = type
#define OSSL_GETTER_SIGNATURE(type) .pkey_id = type
#define OSSL_GETTER_KEX(type) .pkey_id = type
#define OSSL_GETTER_PKE(type) .pkey_id = type

/* The spec of each row. */
#define OSSL_SPEC(id, name, cls, evp, legacy)                                  \
    static const ossl_spec spec_##id = {.evp_name = evp,                       \
                                        OSSL_GETTER_##cls(legacy)};
OSSL_ALGORITHMS(OSSL_SPEC)

/* Per class: create() and available() bound to the row's spec, and the
 * vtable of shared functions. */
#define OSSL_BIND_CIPHER(id)                                                   \
    static cm_rc id##_create(void **st, const uint8_t *key, size_t key_len)    \
    { return ossl_cipher_create(&spec_##id, st, key, key_len); }               \
    static int id##_available(char *why, size_t why_len)                       \
    { return ossl_cipher_available(&spec_##id, why, why_len); }                \
    static const cm_cipher_vtable id##_vtable = {                              \
        id##_create, ossl_cipher_encrypt, ossl_cipher_decrypt,                 \
        ossl_cipher_destroy};
#define OSSL_BIND_AEAD(id)                                                     \
    static cm_rc id##_create(void **st, const uint8_t *key, size_t key_len)    \
    { return ossl_cipher_create(&spec_##id, st, key, key_len); }               \
    static int id##_available(char *why, size_t why_len)                       \
    { return ossl_cipher_available(&spec_##id, why, why_len); }                \
    static const cm_aead_vtable id##_vtable = {                                \
        id##_create, ossl_aead_seal, ossl_aead_open, ossl_cipher_destroy,         \
        ossl_aead_rekey};
#define OSSL_BIND_HASH(id)                                                     \
    static cm_rc id##_create(void **st)                                        \
    { return ossl_hash_create(&spec_##id, st); }                               \
    static int id##_available(char *why, size_t why_len)                       \
    { return ossl_md_available(&spec_##id, 0, why, why_len); }                 \
    static const cm_hash_vtable id##_vtable = {                                \
        id##_create, ossl_hash_digest, ossl_hash_destroy};
#define OSSL_BIND_MAC(id)                                                      \
    static cm_rc id##_create(void **st, const uint8_t *key, size_t key_len)    \
    { return ossl_hmac_create(&spec_##id, st, key, key_len); }                 \
    static int id##_available(char *why, size_t why_len)                       \
    { return ossl_md_available(&spec_##id, 1, why, why_len); }                 \
    static const cm_mac_vtable id##_vtable = {                                 \
        id##_create, ossl_hmac_mac, ossl_hmac_destroy};
#define OSSL_BIND_MAC_PKEY(id)                                                 \
    static cm_rc id##_create(void **st, const uint8_t *key, size_t key_len)    \
    { return ossl_pkeymac_create(&spec_##id, st, key, key_len); }              \
    static int id##_available(char *why, size_t why_len)                       \
    { return ossl_pkeymac_available(&spec_##id, why, why_len); }               \
    static const cm_mac_vtable id##_vtable = {                                 \
        id##_create, ossl_pkeymac_mac, ossl_pkeymac_destroy};
#define OSSL_BIND_SIGNATURE(id)                                                \
    static cm_rc id##_create(void **st, const cm_algorithm *alg)               \
    { return ossl_sig_create(&spec_##id, st, alg); }                           \
    static int id##_available(char *why, size_t why_len)                       \
    { return ossl_pkey_available(&spec_##id, CM_CLASS_SIGNATURE, why, why_len); } \
    static const cm_signature_vtable id##_vtable = {                           \
        id##_create, ossl_sig_keygen, ossl_sig_sign, ossl_sig_verify,          \
        ossl_sig_set_public_key, ossl_sig_get_public_key, ossl_sig_destroy};
#define OSSL_BIND_KEX(id)                                                      \
    static cm_rc id##_create(void **st, const cm_algorithm *alg)               \
    { return ossl_kex_create(&spec_##id, st, alg); }                           \
    static int id##_available(char *why, size_t why_len)                       \
    { return ossl_pkey_available(&spec_##id, CM_CLASS_KEX, why, why_len); }    \
    static const cm_kex_vtable id##_vtable = {                                 \
        id##_create, ossl_kex_keygen, ossl_kex_set_private_key,                \
        ossl_kex_get_public_key, ossl_kex_derive, ossl_kex_destroy};
#define OSSL_BIND_PKE(id)                                                      \
    static cm_rc id##_create(void **st, const cm_algorithm *alg)               \
    { return ossl_pke_create(&spec_##id, st, alg); }                           \
    static int id##_available(char *why, size_t why_len)                       \
    { return ossl_pkey_available(&spec_##id, CM_CLASS_PKE, why, why_len); }    \
    static const cm_pke_vtable id##_vtable = {                                 \
        id##_create, ossl_pke_keygen, ossl_pke_set_private_key,                \
        ossl_pke_set_public_key, ossl_pke_get_public_key, ossl_pke_encrypt,    \
        ossl_pke_decrypt, ossl_pke_destroy};

#define OSSL_BIND(id, name, cls, evp, legacy) OSSL_BIND_##cls(id)
OSSL_ALGORITHMS(OSSL_BIND)

#define OSSL_IMPL(id, name, cls, evp, legacy) CM_IMPL_##cls(name, "evp", &id##_vtable, id##_available),

/* Engine variants (openssl_engine.c): id, cryptometer name, OpenSSL 3
 * name, 1.1.1 getter, engine, variant, what serves the calls. The afalg
 * engine does AES-CBC only; devcrypto whatever /dev/crypto offers. */
#define OSSL_AFALG_SERVED "OpenSSL's afalg engine: AF_ALG cbc(aes), the driver the kernel picks"
#define OSSL_DEVCRYPTO_SERVED "OpenSSL's devcrypto engine: /dev/crypto (cryptodev)"
#define OSSL_ENGINE_ROWS(X)                                                                  \
    X(afalg_aes_128_cbc, "aes-128-cbc", "AES-128-CBC", EVP_aes_128_cbc, "afalg",             \
      "afalg-engine", OSSL_AFALG_SERVED)                                                      \
    X(afalg_aes_256_cbc, "aes-256-cbc", "AES-256-CBC", EVP_aes_256_cbc, "afalg",             \
      "afalg-engine", OSSL_AFALG_SERVED)                                                      \
    X(devcrypto_aes_128_cbc, "aes-128-cbc", "AES-128-CBC", EVP_aes_128_cbc, "devcrypto",     \
      "devcrypto-engine", OSSL_DEVCRYPTO_SERVED)                                              \
    X(devcrypto_aes_256_cbc, "aes-256-cbc", "AES-256-CBC", EVP_aes_256_cbc, "devcrypto",     \
      "devcrypto-engine", OSSL_DEVCRYPTO_SERVED)                                              \
    X(devcrypto_aes_128_ctr, "aes-128-ctr", "AES-128-CTR", EVP_aes_128_ctr, "devcrypto",     \
      "devcrypto-engine", OSSL_DEVCRYPTO_SERVED)                                              \
    X(devcrypto_aes_256_ctr, "aes-256-ctr", "AES-256-CTR", EVP_aes_256_ctr, "devcrypto",     \
      "devcrypto-engine", OSSL_DEVCRYPTO_SERVED)

#define OSSL_ENGINE_SPEC(id, name, evp, legacy, engine_id, variant, served)              \
    static const ossl_spec spec_##id = {.evp_name = evp, .legacy_cipher = OSSL_LEGACY(legacy), \
                                        .engine = engine_id};                             \
    OSSL_BIND_CIPHER(id)
OSSL_ENGINE_ROWS(OSSL_ENGINE_SPEC)

#define OSSL_ENGINE_IMPL(id, name, evp, legacy, engine_id, variant, served)              \
    {name, variant, CM_CLASS_CIPHER, {.cipher = &id##_vtable}, id##_available, served},

/* The post-quantum rows (openssl_pq.c): implemented from OpenSSL 3.5 on,
 * lacking, with the reason, against the older OpenSSL of the headers. */
#if OSSL_HAVE_PQ
#define OSSL_PQ_IMPL(id, name, cls, evp, family)                                         \
    CM_IMPL_##cls(name, "evp", &ossl_##id##_vtable, ossl_##id##_available),
#else
#define OSSL_STR_(x) #x
#define OSSL_STR(x) OSSL_STR_(x)
#if OSSL_HAVE_3
#define OSSL_HEADERS_NAME "OpenSSL " OSSL_STR(OPENSSL_VERSION_MAJOR) "." OSSL_STR(OPENSSL_VERSION_MINOR)
#else
#define OSSL_HEADERS_NAME "OpenSSL 1.1.1"
#endif
#define OSSL_PQ_IMPL(id, name, cls, evp, family)                                         \
    CM_IMPL_LACKING(cls, name, "evp", OSSL_HEADERS_NAME " has no " family ": it came in 3.5"),
#endif

static const cm_impl ossl_all_impls[] = {
    OSSL_ALGORITHMS(OSSL_IMPL) OSSL_ENGINE_ROWS(OSSL_ENGINE_IMPL) OSSL_PQ_ALGORITHMS(OSSL_PQ_IMPL)
    CM_IMPL_RNG("random", "rand_bytes", &ossl_rand_vtable, NULL),
    CM_IMPL_BIGNUM("bn-2048-modmul", "bn", &ossl_bn_vtable, NULL),
    CM_IMPL_BIGNUM("bn-2048-montmul", "bn", &ossl_bn_vtable, NULL),
    CM_IMPL_BIGNUM("bn-2048-modsqr", "bn", &ossl_bn_vtable, NULL),
    CM_IMPL_BIGNUM("bn-2048-modexp", "bn", &ossl_bn_vtable, NULL),
    CM_IMPL_BIGNUM("bn-2048-modinv", "bn", &ossl_bn_vtable, NULL),
    CM_IMPL_BIGNUM("bn-2048-modsqrt", "bn", &ossl_bn_vtable, NULL),
};

cm_rc ossl_fail(cm_rc rc)
{
    ERR_clear_error();
    return rc;
}

extern const cm_backend cm_backend_openssl;
#ifndef CM_OPENSSL_BACKEND_NAME
#define CM_OPENSSL_BACKEND_NAME "openssl"
#endif
const cm_backend cm_backend_openssl = {
    .name = CM_OPENSSL_BACKEND_NAME, /* a generation's helper: "openssl-3.5" */
    .description = "OpenSSL libcrypto through EVP (EVP_CIPHER, EVP_MD, "
                   "EVP_MAC or HMAC, EVP_PKEY), keyed once as applications do",
    .version = ossl_version,
    .describe = ossl_describe,
    .impls = ossl_all_impls,
    .n_impls = sizeof ossl_all_impls / sizeof ossl_all_impls[0],
    .peer_rank = 2, /* the reference where ref has no implementation (and for ref) */
};
