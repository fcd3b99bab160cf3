/*
 * botan_internal.h — what the files of the Botan backend share.
 *
 * Botan 2 is reached through its C FFI (botan/ffi.h), which names every
 * algorithm by a string: botan_backend.c maps each cryptometer algorithm to
 * that string (a bt_spec) and builds the vtables; botan_cipher.c holds the
 * cipher and AEAD classes (botan_cipher_*), botan_digest.c the hash and MAC
 * classes (botan_hash_*, botan_mac_*), botan_signature.c the signature
 * class (botan_privkey_*, botan_pk_op_*), botan_pubkey.c the key-agreement and
 * public-key encryption classes.
 */
#ifndef CM_BACKEND_BOTAN_INTERNAL_H
#define CM_BACKEND_BOTAN_INTERNAL_H

#include <stddef.h>
#include <stdint.h>
#include <botan/ffi.h>
#include "cryptometer/primitive.h"

/* How one cryptometer algorithm is named in Botan. */
typedef struct bt_spec {
    const char *name;     /* cipher mode, hash, MAC or key algorithm ("Ed25519") */
    const char *aead_fmt; /* AEAD: name with the tag length, e.g. "AES-128/GCM(%zu)";
                             NULL for a fixed 16-byte tag */
    int unit;             /* cipher: 1 for XTS (whole data units) */
    int stream;           /* cipher: 1 for CTR (continues from the next byte) */
    int one_time_key;     /* MAC: re-keyed for every message (Poly1305) */
    const char *params;   /* signature: botan_privkey_create's parameter (curve) */
    const char *padding;  /* signature: botan_pk_op_*_create's padding */
    uint32_t sig_flags;   /* signature: BOTAN_PUBKEY_DER_FORMAT_SIGNATURE or 0 */
} bt_spec;

/* ---- botan_cipher.c ---------------------------------------------------- */
cm_rc bt_cipher_create(const bt_spec *spec, void **state, const uint8_t *key, size_t key_len);
cm_rc bt_cipher_encrypt(void *state, const uint8_t *iv, const uint8_t *in, uint8_t *out,
                        size_t len);
cm_rc bt_cipher_decrypt(void *state, const uint8_t *iv, const uint8_t *in, uint8_t *out,
                        size_t len);
cm_rc bt_aead_seal(void *state, const uint8_t *nonce, size_t nonce_len, const uint8_t *aad,
                   size_t aad_len, const uint8_t *in, size_t len, uint8_t *out, uint8_t *tag,
                   size_t tag_len);
cm_rc bt_aead_open(void *state, const uint8_t *nonce, size_t nonce_len, const uint8_t *aad,
                   size_t aad_len, const uint8_t *in, size_t len, uint8_t *out,
                   const uint8_t *tag, size_t tag_len);
void bt_cipher_destroy(void *state);

/* ---- botan_digest.c ---------------------------------------------------- */
cm_rc bt_hash_create(const bt_spec *spec, void **state);
cm_rc bt_hash_digest(void *state, const uint8_t *msg, size_t len, uint8_t *out);
void bt_hash_destroy(void *state);
cm_rc bt_mac_create(const bt_spec *spec, void **state, const uint8_t *key, size_t key_len);
cm_rc bt_mac_mac(void *state, const uint8_t *msg, size_t len, uint8_t *out);
void bt_mac_destroy(void *state);

/* ---- botan_signature.c ------------------------------------------------- */
struct cm_algorithm;
cm_rc bt_sig_create(const bt_spec *spec, void **state, const struct cm_algorithm *alg);
cm_rc bt_sig_keygen(void *state);
cm_rc bt_sig_sign(void *state, const uint8_t *msg, size_t len, uint8_t *sig, size_t *sig_len);
cm_rc bt_sig_verify(void *state, const uint8_t *msg, size_t len, const uint8_t *sig,
                    size_t sig_len);
cm_rc bt_sig_set_public_key(void *state, const uint8_t *der, size_t der_len);
cm_rc bt_sig_get_public_key(void *state, uint8_t *der, size_t *len);
void bt_sig_destroy(void *state);

/* ---- botan_pubkey.c ---------------------------------------------------- */
cm_rc bt_kex_create(const bt_spec *spec, void **state, const struct cm_algorithm *alg);
cm_rc bt_kex_keygen(void *state);
cm_rc bt_kex_set_private_key(void *state, const uint8_t *key, size_t len);
cm_rc bt_kex_get_public_key(void *state, uint8_t *pub, size_t *len);
cm_rc bt_kex_derive(void *state, cm_kex_peer peer_form, const uint8_t *peer, size_t peer_len,
                    uint8_t *secret, size_t *secret_len);
void bt_kex_destroy(void *state);
cm_rc bt_pke_create(const bt_spec *spec, void **state, const struct cm_algorithm *alg);
cm_rc bt_pke_keygen(void *state);
cm_rc bt_pke_set_private_key(void *state, const uint8_t *pkcs8, size_t len);
cm_rc bt_pke_set_public_key(void *state, const uint8_t *der, size_t der_len);
cm_rc bt_pke_get_public_key(void *state, uint8_t *der, size_t *len);
cm_rc bt_pke_encrypt(void *state, const uint8_t *label, size_t label_len, const uint8_t *msg,
                     size_t len, uint8_t *ct, size_t *ct_len);
cm_rc bt_pke_decrypt(void *state, const uint8_t *label, size_t label_len, const uint8_t *ct,
                     size_t ct_len, uint8_t *msg, size_t *msg_len);
void bt_pke_destroy(void *state);

#endif
