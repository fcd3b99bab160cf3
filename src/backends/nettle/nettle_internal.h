/*
 * nettle_internal.h — what the files of the Nettle backend share.
 *
 * nettle_backend.c holds the table: each cryptometer algorithm bound to
 * Nettle's own description of it (the nettle_cipher, nettle_hash and
 * nettle_aead structures of nettle-meta.h) plus the few entry points those
 * structures do not carry (the AES-CBC encryption Nettle 3.8 made one call,
 * GCM's variable-length IV). The class code is generic over that spec:
 * nettle_cipher.c (CBC, CTR, XTS, ChaCha20), nettle_aead.c (GCM, ChaCha20-Poly1305),
 * nettle_digest.c (hashes, HMAC-SHA256), nettle_signature.c (Ed25519 and
 * X25519, hogweed), nettle_kex.c (ECDH P-256, hogweed and GMP), nettle_rsa.c
 * (RSA-PSS, hogweed and GMP).
 */
#ifndef CM_BACKEND_NETTLE_INTERNAL_H
#define CM_BACKEND_NETTLE_INTERNAL_H

#include <stddef.h>
#include <stdint.h>
#include <nettle/nettle-meta.h>
#include "cryptometer/primitive.h"

/* CBC encryption of whole blocks in one call (cbc_aes128_encrypt...). */
typedef void nt_cbc_encrypt_fn(const void *ctx, uint8_t *iv, size_t len, uint8_t *dst,
                               const uint8_t *src);
/* Sets a GCM IV of any length (gcm_aes128_set_iv...). */
typedef void nt_set_iv_fn(void *ctx, size_t len, const uint8_t *iv);

/* AES-XTS in Nettle (xts_aes128_*, xts_aes256_*), which nettle-meta.h
 * does not describe. */
typedef struct nt_xts_ops {
    size_t key_size, context_size;
    void (*set_encrypt_key)(void *ctx, const uint8_t *key);
    void (*set_decrypt_key)(void *ctx, const uint8_t *key);
    void (*encrypt)(void *ctx, const uint8_t *tweak, size_t len, uint8_t *dst,
                    const uint8_t *src);
    void (*decrypt)(void *ctx, const uint8_t *tweak, size_t len, uint8_t *dst,
                    const uint8_t *src);
} nt_xts_ops;

/* How one cryptometer algorithm is reached in Nettle. */
typedef struct nt_spec {
    const struct nettle_cipher *cipher; /* CBC, CTR, ECB: the block cipher */
    int mode;                           /* a cipher's: NT_CBC, NT_CTR, NT_XTS, NT_CHACHA,
                                           NT_ECB */
    const nt_xts_ops *xts;              /* NT_XTS */
    nt_cbc_encrypt_fn *cbc_encrypt;     /* CBC: Nettle's one-call path, or NULL */
    const struct nettle_aead *aead;     /* AEAD */
    nt_set_iv_fn *set_iv;               /* AEAD: nonces of any length, or NULL */
    const struct nettle_hash *hash;     /* hash */
} nt_spec;

enum { NT_CBC = 1, NT_CTR, NT_XTS, NT_CHACHA, NT_ECB };

/* ---- nettle_cipher.c: cm_cipher_vtable (spec->mode) ---------------------- */
cm_rc nt_cipher_create(const nt_spec *spec, void **state, const uint8_t *key, size_t key_len);
cm_rc nt_cipher_encrypt(void *state, const uint8_t *iv, const uint8_t *in, uint8_t *out,
                        size_t len);
cm_rc nt_cipher_decrypt(void *state, const uint8_t *iv, const uint8_t *in, uint8_t *out,
                        size_t len);
void nt_cipher_destroy(void *state);

/* ---- nettle_aead.c: cm_aead_vtable (spec->aead, spec->set_iv) ----------- */
cm_rc nt_aead_create(const nt_spec *spec, void **state, const uint8_t *key, size_t key_len);
cm_rc nt_aead_seal(void *state, const uint8_t *nonce, size_t nonce_len, const uint8_t *aad,
                   size_t aad_len, const uint8_t *in, size_t len, uint8_t *out, uint8_t *tag,
                   size_t tag_len);
cm_rc nt_aead_open(void *state, const uint8_t *nonce, size_t nonce_len, const uint8_t *aad,
                   size_t aad_len, const uint8_t *in, size_t len, uint8_t *out,
                   const uint8_t *tag, size_t tag_len);
void nt_aead_destroy(void *state);

/* ---- nettle_digest.c: cm_hash_vtable (spec->hash), HMAC-SHA256 ---------- */
cm_rc nt_hash_create(const nt_spec *spec, void **state);
cm_rc nt_hash_digest(void *state, const uint8_t *msg, size_t len, uint8_t *out);
void nt_hash_destroy(void *state);
extern const cm_mac_vtable nt_hmac_sha256_vtable;

/* ---- nettle_signature.c ------------------------------------------------- */
extern const cm_signature_vtable nt_ed25519_vtable;
extern const cm_kex_vtable nt_x25519_vtable;

/* ---- nettle_kex.c -------------------------------------------------------- */
extern const cm_kex_vtable nt_ecdh_p256_vtable;

/* ---- nettle_rsa.c: RSA-PSS, the key size from the row ------------------- */
extern const cm_signature_vtable nt_rsa_pss_vtable;

/* ---- shared -------------------------------------------------------------- */
/* A zeroed block of size bytes in *state; CM_ERR_NOMEM if none. */
cm_rc nt_alloc(void **state, size_t size);
/* Wipes and frees a block of size bytes; NULL accepted. */
void nt_free(void *state, size_t size);

#endif
