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
 * gcrypt_kex.c (ECDH P-256 through gcry_mpi_ec_*), gcrypt_rsa.c (RSA keys,
 * RSA-PSS through gcry_pk_*) with gcrypt_rsa_der.c (RSA keys in DER).
 */
#ifndef CM_BACKEND_GCRYPT_INTERNAL_H
#define CM_BACKEND_GCRYPT_INTERNAL_H

#include <stddef.h>
#include <stdint.h>
#include <gcrypt.h>
#include "cryptometer/algorithm.h"
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

/* ---- gcrypt_rsa.c: RSA keys; RSA-PSS (signature class) ---------------- */
/* An RSA state: what the algorithm asks for, and the key. */
typedef struct gc_rsa_state {
    unsigned bits;    /* the modulus size */
    size_t k;         /* its bytes */
    int md;           /* the hash, for gcry_md_hash_buffer */
    const char *hash; /* its name, which libgcrypt's S-expressions take */
    unsigned salt;    /* PSS: salt bytes */
    gcry_sexp_t pub;  /* NULL until a key is set */
    gcry_sexp_t priv; /* NULL without a private key */
} gc_rsa_state;
extern const cm_signature_vtable gc_rsa_pss_vtable;
/* A state bound to alg when it is RSA with padding, e = 65537 and an MGF1
 * hash that is the hash (the one libgcrypt uses); CM_ERR_UNSUPPORTED
 * otherwise. */
cm_rc gc_rsa_create(void **state, const cm_algorithm *alg, const char *padding);
/* Makes pub (and priv, or NULL) the state's key, taking both, when the
 * modulus has the algorithm's size; else frees them (CM_ERR_INVALID). */
cm_rc gc_rsa_take(gc_rsa_state *st, gcry_sexp_t pub, gcry_sexp_t priv);
/* The public-key S-expression of (n, e), or NULL. */
gcry_sexp_t gc_rsa_public_of(gcry_mpi_t n, gcry_mpi_t e);
/* Writes the datum named name in e as exactly k big-endian bytes at out
 * (I2OSP: libgcrypt gives an integer without its leading zeros). 0 or -1. */
int gc_rsa_fixed_bytes(gcry_sexp_t e, const char *name, uint8_t *out, size_t k);
cm_rc gc_rsa_keygen(void *state);
cm_rc gc_rsa_set_public_key(void *state, const uint8_t *der, size_t der_len);
cm_rc gc_rsa_get_public_key(void *state, uint8_t *der, size_t *len);
void gc_rsa_destroy(void *state);

/* ---- gcrypt_rsa_der.c: RSA keys in DER, to and from libgcrypt's integers */
/* Reads an RSA SubjectPublicKeyInfo into new integers *n and *e: 0, or -1
 * (and both NULL) when der is not exactly one. */
int gc_rsa_spki_read(const uint8_t *der, size_t len, gcry_mpi_t *n, gcry_mpi_t *e);
/* Writes the SubjectPublicKeyInfo of (n, e) at der (at most *len bytes;
 * *len set): 0, or -1 when it does not fit. */
int gc_rsa_spki_write(gcry_mpi_t n, gcry_mpi_t e, uint8_t *der, size_t *len);

/* ---- gcrypt_kex.c -------------------------------------------------------- */
extern const cm_kex_vtable gc_ecdh_p256_vtable;

#endif
