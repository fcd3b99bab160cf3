/*
 * chacha20_poly1305.h — the ChaCha20-Poly1305 AEAD of RFC 8439 §2.8
 * (256-bit key, 96-bit nonce) in portable C, from chacha20.h and
 * poly1305.h.
 */
#ifndef CM_IMPL_REF_CHACHA20_POLY1305_H
#define CM_IMPL_REF_CHACHA20_POLY1305_H

#include <stddef.h>
#include <stdint.h>
#include "cryptometer/primitive.h"
#include "impl/ref/chacha20.h"

/* The key, loaded once (see ref_chacha20_set_key). */
typedef ref_chacha20_key ref_chacha20_poly1305_key;

/* Encrypts len bytes of in into out and writes the first tag_len bytes of
 * the tag over aad and the ciphertext. nonce_len must be 12 and tag_len
 * 1..16 (else CM_ERR_UNSUPPORTED); len must be at most 2^38 - 64 (else
 * CM_ERR_INVALID). aad, in, out may be NULL when their length is 0; out
 * may equal in. */
cm_rc ref_chacha20_poly1305_seal(const ref_chacha20_poly1305_key *k, const uint8_t *nonce,
                                 size_t nonce_len, const uint8_t *aad, size_t aad_len,
                                 const uint8_t *in, size_t len, uint8_t *out, uint8_t *tag,
                                 size_t tag_len);

/* Checks tag (tag_len bytes, constant-time) over aad and the ciphertext in,
 * and only when it matches decrypts in into out. Returns CM_OK,
 * CM_ERR_AUTH (out untouched) or the errors of seal. */
cm_rc ref_chacha20_poly1305_open(const ref_chacha20_poly1305_key *k, const uint8_t *nonce,
                                 size_t nonce_len, const uint8_t *aad, size_t aad_len,
                                 const uint8_t *in, size_t len, uint8_t *out,
                                 const uint8_t *tag, size_t tag_len);

/* seal and open with the keystream of f instead of the portable ChaCha20. */
cm_rc ref_chacha20_poly1305_seal_with(const ref_chacha20_poly1305_key *k, const uint8_t *nonce,
                                      size_t nonce_len, const uint8_t *aad, size_t aad_len,
                                      const uint8_t *in, size_t len, uint8_t *out, uint8_t *tag,
                                      size_t tag_len, ref_chacha20_xor_fn *f);
cm_rc ref_chacha20_poly1305_open_with(const ref_chacha20_poly1305_key *k, const uint8_t *nonce,
                                      size_t nonce_len, const uint8_t *aad, size_t aad_len,
                                      const uint8_t *in, size_t len, uint8_t *out,
                                      const uint8_t *tag, size_t tag_len, ref_chacha20_xor_fn *f);

#endif
