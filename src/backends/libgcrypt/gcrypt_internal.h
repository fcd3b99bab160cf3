/*
 * gcrypt_internal.h — what the files of the libgcrypt backend share.
 *
 * gcrypt_backend.c holds the table that maps each cryptometer algorithm to
 * libgcrypt's identifiers (a gc_spec), the set-up hook (gcry_check_version
 * and the end of initialisation, which libgcrypt requires before any other
 * call) and builds one vtable per algorithm. The class code is generic over
 * the spec: gcrypt_cipher.c (CBC, CTR, GCM, ChaCha20-Poly1305 through
 * gcry_cipher_*), gcrypt_digest.c (gcry_md_*, gcry_mac_*),
 * gcrypt_signature.c (Ed25519 through gcry_pk_* and S-expressions; X25519),
 * gcrypt_kex.c (ECDH P-256 through gcry_mpi_ec_*).
 */
#ifndef CM_BACKEND_GCRYPT_INTERNAL_H
#define CM_BACKEND_GCRYPT_INTERNAL_H

#include <stddef.h>
#include <stdint.h>
#include <gcrypt.h>
#include "cryptometer/primitive.h"

/* How one cryptometer algorithm is reached in libgcrypt. */
typedef struct gc_spec {
    int cipher; /* cipher and AEAD: GCRY_CIPHER_AES128, ... */
    int mode;   /* GCRY_CIPHER_MODE_CBC, _CTR, _GCM, _POLY1305 */
    int md;     /* hash: GCRY_MD_SHA256, ... */
    int mac;    /* MAC: GCRY_MAC_HMAC_SHA256 */
} gc_spec;

/* ---- gcrypt_cipher.c: cm_cipher_vtable and cm_aead_vtable --------------- */
cm_rc gc_cipher_create(const gc_spec *spec, void **state, const uint8_t *key, size_t key_len);
cm_rc gc_cipher_encrypt(void *state, const uint8_t *iv, const uint8_t *in, uint8_t *out,
                        size_t len);
cm_rc gc_cipher_decrypt(void *state, const uint8_t *iv, const uint8_t *in, uint8_t *out,
                        size_t len);
cm_rc gc_aead_seal(void *state, const uint8_t *nonce, size_t nonce_len, const uint8_t *aad,
                   size_t aad_len, const uint8_t *in, size_t len, uint8_t *out, uint8_t *tag,
                   size_t tag_len);
cm_rc gc_aead_open(void *state, const uint8_t *nonce, size_t nonce_len, const uint8_t *aad,
                   size_t aad_len, const uint8_t *in, size_t len, uint8_t *out,
                   const uint8_t *tag, size_t tag_len);
void gc_cipher_destroy(void *state);

/* ---- gcrypt_digest.c: cm_hash_vtable and cm_mac_vtable ----------------- */
cm_rc gc_hash_create(const gc_spec *spec, void **state);
cm_rc gc_hash_digest(void *state, const uint8_t *msg, size_t len, uint8_t *out);
void gc_hash_destroy(void *state);
cm_rc gc_mac_create(const gc_spec *spec, void **state, const uint8_t *key, size_t key_len);
cm_rc gc_mac_mac(void *state, const uint8_t *msg, size_t len, uint8_t *out);
void gc_mac_destroy(void *state);

/* ---- gcrypt_signature.c ------------------------------------------------- */
extern const cm_signature_vtable gc_ed25519_vtable;
extern const cm_kex_vtable gc_x25519_vtable;

/* ---- gcrypt_kex.c -------------------------------------------------------- */
extern const cm_kex_vtable gc_ecdh_p256_vtable;

#endif
