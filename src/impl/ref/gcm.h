/*
 * gcm.h — AES-GCM authenticated encryption (NIST SP 800-38D) in portable C:
 * AES from aes.h, GHASH with Shoup's 4-bit tables (16 precomputed multiples
 * of H, one table lookup per 4 bits of input).
 *
 * Like aes.h, GHASH here indexes tables with secret data and is not
 * constant-time; the tag comparison in open is.
 */
#ifndef CM_IMPL_REF_GCM_H
#define CM_IMPL_REF_GCM_H

#include <stddef.h>
#include <stdint.h>
#include "cryptometer/primitive.h"
#include "impl/ref/aes.h"

/* A key ready for any number of messages: the AES key schedule and the
 * GHASH table for H = AES(K, 0^128). */
typedef struct ref_gcm_key {
    ref_aes_key aes;
    uint64_t h_hi[16]; /* h_hi[n] : h_lo[n] = the 4-bit value n times H, */
    uint64_t h_lo[16]; /* as a 128-bit big-endian number in GCM's bit order */
} ref_gcm_key;

/* Prepares g for the AES key (16, 24 or 32 bytes). Returns CM_OK or
 * CM_ERR_UNSUPPORTED for another key length. */
cm_rc ref_gcm_set_key(ref_gcm_key *g, const uint8_t *key, size_t key_len);

/* Encrypts len bytes of in into out and writes the first tag_len bytes of
 * the tag over aad and the ciphertext. Any nonce_len >= 1 (12 bytes is
 * the direct case; other lengths are hashed into the counter block as in
 * SP 800-38D). tag_len is 1..16. aad, in, out may be NULL when their length
 * is 0; out may equal in. Returns CM_OK, CM_ERR_UNSUPPORTED (nonce_len 0,
 * tag_len out of range) or CM_ERR_INVALID (len or aad_len beyond the
 * limits of SP 800-38D). */
cm_rc ref_gcm_seal(const ref_gcm_key *g, const uint8_t *nonce, size_t nonce_len,
                   const uint8_t *aad, size_t aad_len, const uint8_t *in, size_t len,
                   uint8_t *out, uint8_t *tag, size_t tag_len);

/* Checks tag (tag_len bytes, compared in constant time) over aad and the
 * ciphertext in, and only when it matches decrypts in into out. Returns
 * CM_OK, CM_ERR_AUTH (out untouched) or the errors of ref_gcm_seal. */
cm_rc ref_gcm_open(const ref_gcm_key *g, const uint8_t *nonce, size_t nonce_len,
                   const uint8_t *aad, size_t aad_len, const uint8_t *in, size_t len,
                   uint8_t *out, const uint8_t *tag, size_t tag_len);

#endif
