/*
 * gnutls_internal.h — what the files of the GnuTLS backend share.
 *
 * gnutls_backend.c holds the table that maps each cryptometer algorithm to
 * its GnuTLS identifier (a gt_spec) and builds one vtable per algorithm;
 * the class code is generic over the spec: gnutls_cipher.c (CBC and the
 * AEADs, through gnutls_cipher_*), gnutls_digest.c (gnutls_hash_*,
 * gnutls_hmac_*), gnutls_signature.c (Ed25519 and ECDSA through
 * gnutls_privkey_* and gnutls_pubkey_*).
 */
#ifndef CM_BACKEND_GNUTLS_INTERNAL_H
#define CM_BACKEND_GNUTLS_INTERNAL_H

#include <stddef.h>
#include <stdint.h>
#include <gnutls/gnutls.h>
#include <gnutls/crypto.h>
#include "cryptometer/primitive.h"

/* How one cryptometer algorithm is reached in GnuTLS: the identifier of
 * its class's enum (one is set). */
typedef struct gt_spec {
    gnutls_cipher_algorithm_t cipher; /* cipher and AEAD */
    gnutls_digest_algorithm_t digest; /* hash */
    gnutls_mac_algorithm_t mac;       /* MAC */
    gnutls_pk_algorithm_t pk;         /* signature: the key type */
    gnutls_sign_algorithm_t sign;     /* signature: the scheme (hash, encoding) */
    gnutls_ecc_curve_t curve;         /* signature: the curve (0 for RSA) */
    unsigned bits;                    /* signature: RSA's key size (0 otherwise) */
    /* signature: every parameter of the scheme GnuTLS carries out, as the
     * algorithm table writes them (NULL-terminated): a row whose parameters
     * are not all among them is not this scheme (CM_ERR_UNSUPPORTED). */
    const char *const *params;
} gt_spec;

/* ---- gnutls_cipher.c: cm_cipher_vtable and cm_aead_vtable --------------- */
cm_rc gt_cipher_create(const gt_spec *spec, void **state, const uint8_t *key, size_t key_len);
cm_rc gt_cipher_encrypt(void *state, const uint8_t *iv, const uint8_t *in, uint8_t *out,
                        size_t len);
cm_rc gt_cipher_decrypt(void *state, const uint8_t *iv, const uint8_t *in, uint8_t *out,
                        size_t len);
cm_rc gt_aead_seal(void *state, const uint8_t *nonce, size_t nonce_len, const uint8_t *aad,
                   size_t aad_len, const uint8_t *in, size_t len, uint8_t *out, uint8_t *tag,
                   size_t tag_len);
cm_rc gt_aead_open(void *state, const uint8_t *nonce, size_t nonce_len, const uint8_t *aad,
                   size_t aad_len, const uint8_t *in, size_t len, uint8_t *out,
                   const uint8_t *tag, size_t tag_len);
void gt_cipher_destroy(void *state);

/* ---- gnutls_digest.c: cm_hash_vtable and cm_mac_vtable ----------------- */
cm_rc gt_hash_create(const gt_spec *spec, void **state);
cm_rc gt_hash_digest(void *state, const uint8_t *msg, size_t len, uint8_t *out);
void gt_hash_destroy(void *state);
cm_rc gt_hmac_create(const gt_spec *spec, void **state, const uint8_t *key, size_t key_len);
cm_rc gt_hmac_mac(void *state, const uint8_t *msg, size_t len, uint8_t *out);
void gt_hmac_destroy(void *state);

/* ---- gnutls_signature.c: cm_signature_vtable --------------------------- */
struct cm_algorithm;
/* A state for spec's scheme, after checking alg's parameters against it
 * (CM_ERR_UNSUPPORTED otherwise); no key yet. */
cm_rc gt_sig_create(const gt_spec *spec, void **state, const struct cm_algorithm *alg);
cm_rc gt_sig_keygen(void *state);
cm_rc gt_sig_sign(void *state, const uint8_t *msg, size_t len, uint8_t *sig, size_t *sig_len);
cm_rc gt_sig_verify(void *state, const uint8_t *msg, size_t len, const uint8_t *sig,
                    size_t sig_len);
cm_rc gt_sig_set_public_key(void *state, const uint8_t *der, size_t der_len);
cm_rc gt_sig_get_public_key(void *state, uint8_t *der, size_t *len);
void gt_sig_destroy(void *state);

#endif
