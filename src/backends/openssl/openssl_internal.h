/*
 * openssl_internal.h — what the files of the OpenSSL backend share.
 *
 * openssl_backend.c holds the table that maps each cryptometer algorithm to
 * its OpenSSL name (an ossl_spec) and builds one vtable per algorithm from
 * it. The class code is generic over a spec: openssl_cipher.c does every
 * EVP_CIPHER algorithm (the block/stream modes and the AEADs),
 * openssl_digest.c does hashes (EVP_MD) and HMAC (EVP_MAC on 3.x, HMAC_CTX
 * on 1.1.1), openssl_pkeymac.c does Poly1305 (EVP_MAC on 3.x, EVP_PKEY
 * on 1.1.1), openssl_signature.c does signatures (EVP_PKEY: Ed25519,
 * ECDSA, RSA-PSS), openssl_kex.c key agreement (X25519, ECDH),
 * openssl_pke.c public-key encryption (RSA-OAEP), openssl_pq.c the
 * post-quantum KEMs and signatures (3.5 and later), openssl_describe.c
 * reports the library's version and the CPU capability vector it runs
 * with.
 *
 * Builds against OpenSSL 1.1.1 and 3.x: every version split is an
 * `#if OSSL_HAVE_3` in these files, never in callers.
 */
#ifndef CM_BACKEND_OPENSSL_INTERNAL_H
#define CM_BACKEND_OPENSSL_INTERNAL_H

#include <stddef.h>
#include <stdint.h>
#include <openssl/opensslv.h>
#include <openssl/evp.h>
#include "cryptometer/primitive.h"

#if OPENSSL_VERSION_NUMBER < 0x10101000L
#error "the openssl backend needs OpenSSL 1.1.1 or later"
#endif

/* 1 when building against OpenSSL 3.0 or later (providers, EVP_MAC,
 * explicit fetching), 0 for 1.1.1. */
#if OPENSSL_VERSION_NUMBER >= 0x30000000L
#define OSSL_HAVE_3 1
#else
#define OSSL_HAVE_3 0
#endif

/* How one cryptometer algorithm is reached through EVP. */
typedef struct ossl_spec {
    /* The name EVP_CIPHER_fetch / EVP_MD_fetch take on 3.x; for HMAC, the
     * digest's name; for a signature, EVP_SIGNATURE_fetch's ("ED25519",
     * "ECDSA"). */
    const char *evp_name;
    /* The 1.1.1 getters: the cipher, or the digest (also HMAC's). At most
     * one is set; both are NULL when building against 3.x. */
    const EVP_CIPHER *(*legacy_cipher)(void);
    const EVP_MD *(*legacy_md)(void);
    /* Signature, kex, pke: the key type, EVP_PKEY_ED25519, EVP_PKEY_EC,
     * EVP_PKEY_RSA, EVP_PKEY_X25519 (the same in 1.1.1 and 3.x);
     * Poly1305: EVP_PKEY_POLY1305; 0 for other classes. The curve, hash and encoding
     * are the algorithm's parameters (cm_algorithm_param), read at
     * create(). */
    int pkey_id;
    /* Ciphers: the engine the contexts are keyed with ("afalg",
     * "devcrypto"), or NULL for OpenSSL's own code (openssl_engine.c). */
    const char *engine;
} ossl_spec;

/* ---- openssl_cipher.c: cm_cipher_vtable and cm_aead_vtable ------------- */

/* Keys a state for spec's cipher (one context per direction, keyed once);
 * CM_ERR_INVALID when key_len is not the cipher's key length. */
cm_rc ossl_cipher_create(const ossl_spec *spec, void **state,
                         const uint8_t *key, size_t key_len);
/* cm_cipher_vtable.encrypt / decrypt (CBC without padding, CTR). */
cm_rc ossl_cipher_encrypt(void *state, const uint8_t *iv, const uint8_t *in,
                          uint8_t *out, size_t len);
cm_rc ossl_cipher_decrypt(void *state, const uint8_t *iv, const uint8_t *in,
                          uint8_t *out, size_t len);
/* cm_aead_vtable.seal / open (GCM, ChaCha20-Poly1305). */
cm_rc ossl_aead_seal(void *state, const uint8_t *nonce, size_t nonce_len,
                     const uint8_t *aad, size_t aad_len, const uint8_t *in,
                     size_t len, uint8_t *out, uint8_t *tag, size_t tag_len);
cm_rc ossl_aead_open(void *state, const uint8_t *nonce, size_t nonce_len,
                     const uint8_t *aad, size_t aad_len, const uint8_t *in,
                     size_t len, uint8_t *out, const uint8_t *tag,
                     size_t tag_len);
/* cm_aead_vtable.rekey: a new key on the same contexts (openssl_cipher.c). */
cm_rc ossl_aead_rekey(void *state, const uint8_t *key, size_t key_len);
/* Frees a cipher or AEAD state; accepts NULL. */
void ossl_cipher_destroy(void *state);
/* 1 when the library can give spec's cipher here, else 0 with why filled. */
int ossl_cipher_available(const ossl_spec *spec, char *why, size_t why_len);

/* ---- openssl_digest.c: cm_hash_vtable and cm_mac_vtable ----------------- */

/* A state for spec's digest, reused by every digest() call. */
cm_rc ossl_hash_create(const ossl_spec *spec, void **state);
cm_rc ossl_hash_digest(void *state, const uint8_t *msg, size_t len,
                       uint8_t *out);
void ossl_hash_destroy(void *state);
/* HMAC with spec's digest, keyed once; any key length, 0 included. */
cm_rc ossl_hmac_create(const ossl_spec *spec, void **state,
                       const uint8_t *key, size_t key_len);
cm_rc ossl_hmac_mac(void *state, const uint8_t *msg, size_t len, uint8_t *out);
void ossl_hmac_destroy(void *state);
/* 1 when the library can give spec's digest (and, on 3.x, HMAC) here. */
int ossl_md_available(const ossl_spec *spec, int hmac, char *why,
                      size_t why_len);

/* ---- openssl_pkeymac.c: cm_mac_vtable for one-time-key MACs ------------ */

/* Poly1305 (spec: evp_name the EVP_MAC's, pkey_id the EVP_PKEY type): the
 * key is kept in the state and set again for every message, as a
 * one-time-key MAC needs (EVP_MAC on 3.x, EVP_DigestSign on a raw
 * EVP_PKEY on 1.1.1). CM_ERR_INVALID when key_len is not 32. */
cm_rc ossl_pkeymac_create(const ossl_spec *spec, void **state, const uint8_t *key,
                          size_t key_len);
cm_rc ossl_pkeymac_mac(void *state, const uint8_t *msg, size_t len, uint8_t *out);
void ossl_pkeymac_destroy(void *state);
int ossl_pkeymac_available(const ossl_spec *spec, char *why, size_t why_len);

/* ---- openssl_signature.c: cm_signature_vtable ------------------------- */

struct cm_algorithm;
/* A state for spec's key type bound to alg's curve and hash, no key yet;
 * CM_ERR_UNSUPPORTED for parameters this file does not do. */
cm_rc ossl_sig_create(const ossl_spec *spec, void **state,
                      const struct cm_algorithm *alg);
/* cm_signature_vtable.keygen, sign, verify, set_public_key,
 * get_public_key (the semantics are primitive.h's). sign() needs room for
 * the longest signature (EVP_PKEY_size: 64 Ed25519, 72 ECDSA P-256),
 * else CM_ERR_INVALID; it gives CM_ERR_INVALID with no key or a public key
 * alone. verify() gives CM_ERR_AUTH for every signature OpenSSL does not
 * accept, malformed DER included. set_public_key() gives CM_ERR_INVALID
 * for DER that is not one SubjectPublicKeyInfo of the algorithm's key
 * type and named curve. */
cm_rc ossl_sig_keygen(void *state);
cm_rc ossl_sig_sign(void *state, const uint8_t *msg, size_t len, uint8_t *sig,
                    size_t *sig_len);
cm_rc ossl_sig_verify(void *state, const uint8_t *msg, size_t len,
                      const uint8_t *sig, size_t sig_len);
cm_rc ossl_sig_set_public_key(void *state, const uint8_t *der, size_t der_len);
cm_rc ossl_sig_get_public_key(void *state, uint8_t *der, size_t *len);
void ossl_sig_destroy(void *state);
/* 1 when the library has spec's operation of class cls (a signature, a
 * key exchange, an asymmetric cipher) and its key generation here. */
int ossl_pkey_available(const ossl_spec *spec, cm_class cls, char *why, size_t why_len);
/* The NID of a curve named as in the algorithm table ("P-256") or by its
 * OpenSSL short name ("prime256v1"); NID_undef when unknown. */
int ossl_curve_nid(const char *name);

/* ---- openssl_kex.c: cm_kex_vtable (X25519, ECDH) ------------------------ */

/* A state for spec's key type (EVP_PKEY_X25519, EVP_PKEY_EC) bound to
 * alg's curve, no key yet. The rest is cm_kex_vtable's (primitive.h);
 * derive() gives CM_ERR_INVALID for a peer key that is not a valid one of
 * the curve in the form asked (a compressed point is not the raw form),
 * and for a derivation OpenSSL refuses. */
cm_rc ossl_kex_create(const ossl_spec *spec, void **state, const struct cm_algorithm *alg);
cm_rc ossl_kex_keygen(void *state);
cm_rc ossl_kex_set_private_key(void *state, const uint8_t *key, size_t len);
cm_rc ossl_kex_get_public_key(void *state, uint8_t *pub, size_t *len);
cm_rc ossl_kex_derive(void *state, cm_kex_peer form, const uint8_t *peer, size_t peer_len,
                      uint8_t *secret, size_t *secret_len);
void ossl_kex_destroy(void *state);

/* ---- openssl_bignum.c: cm_bignum_vtable (BN), one table for every bn-* row */

extern const cm_bignum_vtable ossl_bn_vtable;

/* ---- openssl_pke.c: cm_pke_vtable (RSA-OAEP) ---------------------------- */

/* A state bound to alg's key bits, OAEP hash and MGF1 hash, no key yet.
 * The rest is cm_pke_vtable's; keys of another size or type are refused
 * with CM_ERR_INVALID, every decryption failure is CM_ERR_AUTH. */
cm_rc ossl_pke_create(const ossl_spec *spec, void **state, const struct cm_algorithm *alg);
cm_rc ossl_pke_keygen(void *state);
cm_rc ossl_pke_set_private_key(void *state, const uint8_t *pkcs8, size_t len);
cm_rc ossl_pke_set_public_key(void *state, const uint8_t *der, size_t der_len);
cm_rc ossl_pke_get_public_key(void *state, uint8_t *der, size_t *len);
cm_rc ossl_pke_encrypt(void *state, const uint8_t *label, size_t label_len, const uint8_t *msg,
                       size_t len, uint8_t *ct, size_t *ct_len);
cm_rc ossl_pke_decrypt(void *state, const uint8_t *label, size_t label_len, const uint8_t *ct,
                       size_t ct_len, uint8_t *msg, size_t *msg_len);
void ossl_pke_destroy(void *state);

/* ---- openssl_pq.c: the post-quantum rows (OpenSSL 3.5 and later) --------- */

/* 1 when building against OpenSSL 3.5 or later (ML-KEM, ML-DSA, SLH-DSA). */
#if OPENSSL_VERSION_NUMBER >= 0x30500000L
#define OSSL_HAVE_PQ 1
#else
#define OSSL_HAVE_PQ 0
#endif

/* id, cryptometer name, class, OpenSSL's name (key type, KEM and
 * signature alike), the family an older OpenSSL lacks (its reason). */
#define OSSL_PQ_ALGORITHMS(X)                                                          \
    X(ml_kem_512,        "ml-kem-512",        KEM,       "ML-KEM-512",  "ML-KEM")       \
    X(ml_kem_768,        "ml-kem-768",        KEM,       "ML-KEM-768",  "ML-KEM")       \
    X(ml_kem_1024,       "ml-kem-1024",       KEM,       "ML-KEM-1024", "ML-KEM")       \
    X(x25519mlkem768,    "x25519mlkem768",    KEM,       "X25519MLKEM768", "ML-KEM")    \
    X(ml_dsa_44,         "ml-dsa-44",         SIGNATURE, "ML-DSA-44",   "ML-DSA")       \
    X(ml_dsa_44_1k,      "ml-dsa-44-1k",      SIGNATURE, "ML-DSA-44",   "ML-DSA")       \
    X(ml_dsa_65,         "ml-dsa-65",         SIGNATURE, "ML-DSA-65",   "ML-DSA")       \
    X(ml_dsa_65_1k,      "ml-dsa-65-1k",      SIGNATURE, "ML-DSA-65",   "ML-DSA")       \
    X(ml_dsa_87,         "ml-dsa-87",         SIGNATURE, "ML-DSA-87",   "ML-DSA")       \
    X(ml_dsa_87_1k,      "ml-dsa-87-1k",      SIGNATURE, "ML-DSA-87",   "ML-DSA")       \
    X(slh_dsa_sha2_128s, "slh-dsa-sha2-128s", SIGNATURE, "SLH-DSA-SHA2-128s", "SLH-DSA") \
    X(slh_dsa_sha2_128f, "slh-dsa-sha2-128f", SIGNATURE, "SLH-DSA-SHA2-128f", "SLH-DSA")

#if OSSL_HAVE_PQ
/* Each row's table and available() (openssl_pq.c). */
#define OSSL_PQ_TABLE_KEM cm_kem_vtable
#define OSSL_PQ_TABLE_SIGNATURE cm_signature_vtable
#define OSSL_PQ_DECLARE(id, name, cls, evp, family)                                      \
    extern const OSSL_PQ_TABLE_##cls ossl_##id##_vtable;                                \
    int ossl_##id##_available(char *why, size_t why_len);
OSSL_PQ_ALGORITHMS(OSSL_PQ_DECLARE)
#endif

/* ---- openssl_engine.c ------------------------------------------------------ */

/* The ENGINE * (as void *, so callers need no engine header) that spec's
 * engine gives for cipher, initialised once per process; NULL with why
 * when the engine does not load here or does not offer the cipher. */
void *ossl_engine_for(const ossl_spec *spec, const EVP_CIPHER *cipher, char *why,
                      size_t why_len);

/* ---- openssl_describe.c -------------------------------------------------- */

struct json_t;
/* The runtime library's version string (not the headers'). */
const char *ossl_version(void);
/* {"version", "headers_version", "capabilities"}: see openssl_describe.c. */
struct json_t *ossl_describe(void);
/* What OpenSSL's default path runs per algorithm: openssl_default_path.c. */
struct json_t *ossl_default_path(void);

/* ---- shared helpers ------------------------------------------------------ */

/* Empties OpenSSL's per-thread error queue and returns rc, so that a
 * failing call repeated a million times does not grow the queue. */
cm_rc ossl_fail(cm_rc rc);

/* RAND_bytes as the rng class (openssl_rand.c). */
extern const cm_rng_vtable ossl_rand_vtable;

#endif
