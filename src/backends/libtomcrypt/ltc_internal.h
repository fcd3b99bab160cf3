/*
 * ltc_internal.h — what the files of the two LibTomCrypt backends share.
 *
 * One folder builds two backends from the same files: `libtomcrypt-ltm`
 * (ltc_backend_ltm.c: every row, the public-key ones with libtommath as
 * LibTomCrypt's maths, ltm_desc) and `libtomcrypt-gmp` (ltc_backend_gmp.c:
 * the public-key rows with GMP's, gmp_desc). The symmetric code does not use
 * the maths descriptor, so it is the same library code in both: only the
 * ltm backend lists it. Debian builds libtomcrypt with both descriptors
 * compiled in (its libtomcrypt.so exports ltm_desc and gmp_desc and links
 * libtommath and libgmp); CMake defines LTM_DESC and GMP_DESC so that the
 * headers declare them.
 *
 * ltc_cipher.c: CBC, CTR, XTS, ChaCha20 (cm_cipher_vtable); ltc_aead.c:
 * GCM and ChaCha20-Poly1305; ltc_digest.c: hashes, HMAC, Poly1305;
 * ltc_signature.c: ECDSA with DER signatures and RSA-PSS, ltc_kex.c: ECDH
 * on P-256, ltc_pke.c: RSA-OAEP, each for a given maths descriptor.
 */
#ifndef CM_BACKEND_LTC_INTERNAL_H
#define CM_BACKEND_LTC_INTERNAL_H

#include <stddef.h>
#include <stdint.h>
#include <tomcrypt.h>
#include "cryptometer/backend.h"

/* Cipher modes of ltc_cipher.c and ltc_aead.c. */
typedef enum ltc_mode { LTC_M_CBC, LTC_M_CTR, LTC_M_XTS, LTC_M_CHACHA, LTC_M_GCM,
                        LTC_M_CHACHAPOLY, LTC_M_ECB } ltc_mode;

/* How one cryptometer algorithm is reached in LibTomCrypt. */
typedef struct ltc_spec {
    ltc_mode mode;                             /* ciphers and AEADs */
    size_t key_len;                            /* ciphers and AEADs: bytes */
    const struct ltc_hash_descriptor *hash;    /* hashes, HMAC, ECDSA's hash */
    int curve_bytes;                           /* ECDSA, ECDH: 32 (P-256), 48 (P-384) */
    int rsa_bits;                              /* RSA-PSS, RSA-OAEP: modulus bits; else 0 */
    const ltc_math_descriptor *math;           /* public key: ltm_desc or gmp_desc */
} ltc_spec;

/* Registers the descriptors the backends use (aes, the hashes, the PRNG):
 * CM_OK, or CM_ERR_LIBRARY with the reason in why. */
cm_rc ltc_register(char *why, size_t why_len);
/* Index of AES in LibTomCrypt's cipher table (after ltc_register). */
int ltc_aes_index(void);
/* Seeds prng, LibTomCrypt's ChaCha20 PRNG, from the system (rng_get_bytes)
 * and sets *index to its descriptor's: CM_OK or CM_ERR_LIBRARY. */
cm_rc ltc_prng_start(prng_state *prng, int *index);
/* LibTomCrypt's parameters of the NIST curve with field_bytes, or NULL. */
const ltc_ecc_set_type *ltc_find_curve(int field_bytes);

/* ---- ltc_cipher.c ------------------------------------------------------ */
cm_rc ltc_cipher_create(const ltc_spec *spec, void **state, const uint8_t *key, size_t key_len);
cm_rc ltc_cipher_encrypt(void *state, const uint8_t *iv, const uint8_t *in, uint8_t *out,
                         size_t len);
cm_rc ltc_cipher_decrypt(void *state, const uint8_t *iv, const uint8_t *in, uint8_t *out,
                         size_t len);
void ltc_cipher_destroy(void *state);

/* ---- ltc_aead.c -------------------------------------------------------- */
cm_rc ltc_aead_create(const ltc_spec *spec, void **state, const uint8_t *key, size_t key_len);
cm_rc ltc_aead_seal(void *state, const uint8_t *nonce, size_t nonce_len, const uint8_t *aad,
                    size_t aad_len, const uint8_t *in, size_t len, uint8_t *out, uint8_t *tag,
                    size_t tag_len);
cm_rc ltc_aead_open(void *state, const uint8_t *nonce, size_t nonce_len, const uint8_t *aad,
                    size_t aad_len, const uint8_t *in, size_t len, uint8_t *out,
                    const uint8_t *tag, size_t tag_len);
void ltc_aead_destroy(void *state);

/* ---- ltc_digest.c ------------------------------------------------------ */
cm_rc ltc_hash_create(const ltc_spec *spec, void **state);
cm_rc ltc_hash_digest(void *state, const uint8_t *msg, size_t len, uint8_t *out);
cm_rc ltc_hmac_create(const ltc_spec *spec, void **state, const uint8_t *key, size_t key_len);
cm_rc ltc_hmac_mac(void *state, const uint8_t *msg, size_t len, uint8_t *out);
cm_rc ltc_poly1305_create(void **state, const uint8_t *key, size_t key_len);
cm_rc ltc_poly1305_mac(void *state, const uint8_t *msg, size_t len, uint8_t *out);
void ltc_digest_destroy(void *state);

/* ---- ltc_signature.c --------------------------------------------------- */
cm_rc ltc_sig_create(const ltc_spec *spec, void **state, const struct cm_algorithm *alg);
cm_rc ltc_sig_keygen(void *state);
cm_rc ltc_sig_sign(void *state, const uint8_t *msg, size_t len, uint8_t *sig, size_t *sig_len);
cm_rc ltc_sig_verify(void *state, const uint8_t *msg, size_t len, const uint8_t *sig,
                     size_t sig_len);
cm_rc ltc_sig_set_public_key(void *state, const uint8_t *der, size_t der_len);
cm_rc ltc_sig_get_public_key(void *state, uint8_t *der, size_t *len);
void ltc_sig_destroy(void *state);

/* ---- ltc_kex.c --------------------------------------------------------- */
cm_rc ltc_kex_create(const ltc_spec *spec, void **state, const struct cm_algorithm *alg);
cm_rc ltc_kex_keygen(void *state);
cm_rc ltc_kex_set_private_key(void *state, const uint8_t *key, size_t len);
cm_rc ltc_kex_get_public_key(void *state, uint8_t *pub, size_t *len);
cm_rc ltc_kex_derive(void *state, cm_kex_peer form, const uint8_t *peer, size_t peer_len,
                     uint8_t *secret, size_t *secret_len);
void ltc_kex_destroy(void *state);

/* ---- ltc_pke.c --------------------------------------------------------- */
cm_rc ltc_pke_create(const ltc_spec *spec, void **state, const struct cm_algorithm *alg);
cm_rc ltc_pke_keygen(void *state);
cm_rc ltc_pke_set_private_key(void *state, const uint8_t *pkcs8, size_t len);
cm_rc ltc_pke_set_public_key(void *state, const uint8_t *der, size_t der_len);
cm_rc ltc_pke_get_public_key(void *state, uint8_t *der, size_t *len);
cm_rc ltc_pke_encrypt(void *state, const uint8_t *label, size_t label_len, const uint8_t *msg,
                      size_t len, uint8_t *ct, size_t *ct_len);
cm_rc ltc_pke_decrypt(void *state, const uint8_t *label, size_t label_len, const uint8_t *ct,
                      size_t ct_len, uint8_t *msg, size_t *msg_len);
void ltc_pke_destroy(void *state);

/* The public-key rows, the same for both maths (ltc_signature.c does the
 * work for the spec's descriptor): a spec, create() and vtable per row. */
#define LTC_SIG_ROW(prefix, id, math_desc, ...)                                           \
    static const ltc_spec prefix##_spec_##id = {.math = &math_desc, __VA_ARGS__};         \
    static cm_rc prefix##_##id##_create(void **st, const cm_algorithm *alg)              \
    { return ltc_sig_create(&prefix##_spec_##id, st, alg); }                              \
    static const cm_signature_vtable prefix##_##id##_vt = {                               \
        prefix##_##id##_create, ltc_sig_keygen, ltc_sig_sign, ltc_sig_verify,             \
        ltc_sig_set_public_key, ltc_sig_get_public_key, ltc_sig_destroy};

#define LTC_KEX_ROW(prefix, id, math_desc, ...)                                           \
    static const ltc_spec prefix##_spec_##id = {.math = &math_desc, __VA_ARGS__};         \
    static cm_rc prefix##_##id##_create(void **st, const cm_algorithm *alg)              \
    { return ltc_kex_create(&prefix##_spec_##id, st, alg); }                              \
    static const cm_kex_vtable prefix##_##id##_vt = {                                     \
        prefix##_##id##_create, ltc_kex_keygen, ltc_kex_set_private_key,                  \
        ltc_kex_get_public_key, ltc_kex_derive, ltc_kex_destroy};

#define LTC_PKE_ROW(prefix, id, math_desc, ...)                                           \
    static const ltc_spec prefix##_spec_##id = {.math = &math_desc, __VA_ARGS__};         \
    static cm_rc prefix##_##id##_create(void **st, const cm_algorithm *alg)              \
    { return ltc_pke_create(&prefix##_spec_##id, st, alg); }                              \
    static const cm_pke_vtable prefix##_##id##_vt = {                                     \
        prefix##_##id##_create, ltc_pke_keygen, ltc_pke_set_private_key,                  \
        ltc_pke_set_public_key, ltc_pke_get_public_key, ltc_pke_encrypt, ltc_pke_decrypt, \
        ltc_pke_destroy};

#define LTC_PK_ROWS(prefix, math_desc)                                                    \
    LTC_SIG_ROW(prefix, ecdsa_p256, math_desc, .hash = &sha256_desc, .curve_bytes = 32)   \
    LTC_SIG_ROW(prefix, ecdsa_p384, math_desc, .hash = &sha384_desc, .curve_bytes = 48)   \
    LTC_SIG_ROW(prefix, rsa_2048, math_desc, .hash = &sha256_desc, .rsa_bits = 2048)      \
    LTC_SIG_ROW(prefix, rsa_3072, math_desc, .hash = &sha256_desc, .rsa_bits = 3072)      \
    LTC_SIG_ROW(prefix, rsa_4096, math_desc, .hash = &sha256_desc, .rsa_bits = 4096)      \
    LTC_KEX_ROW(prefix, ecdh_p256, math_desc, .curve_bytes = 32)                           \
    LTC_PKE_ROW(prefix, oaep_2048, math_desc, .hash = &sha256_desc, .rsa_bits = 2048)      \
    LTC_PKE_ROW(prefix, oaep_3072, math_desc, .hash = &sha256_desc, .rsa_bits = 3072)      \
    LTC_PKE_ROW(prefix, oaep_4096, math_desc, .hash = &sha256_desc, .rsa_bits = 4096)

#define LTC_PK_IMPLS(prefix)                                                              \
    CM_IMPL_SIGNATURE("ecdsa-p256-sha256", "default", &prefix##_ecdsa_p256_vt, NULL),    \
    CM_IMPL_SIGNATURE("ecdsa-p384-sha384", "default", &prefix##_ecdsa_p384_vt, NULL),    \
    CM_IMPL_SIGNATURE("rsa-2048-pss-sha256", "default", &prefix##_rsa_2048_vt, NULL),    \
    CM_IMPL_SIGNATURE("rsa-3072-pss-sha256", "default", &prefix##_rsa_3072_vt, NULL),    \
    CM_IMPL_SIGNATURE("rsa-4096-pss-sha256", "default", &prefix##_rsa_4096_vt, NULL),    \
    CM_IMPL_KEX("ecdh-p256", "default", &prefix##_ecdh_p256_vt, NULL),                   \
    CM_IMPL_PKE("rsa-2048-oaep-sha256", "default", &prefix##_oaep_2048_vt, NULL),        \
    CM_IMPL_PKE("rsa-3072-oaep-sha256", "default", &prefix##_oaep_3072_vt, NULL),        \
    CM_IMPL_PKE("rsa-4096-oaep-sha256", "default", &prefix##_oaep_4096_vt, NULL)

#endif
