/*
 * aes_modes.h — AES-ECB and AES-CBC (without padding) and AES-CTR (NIST
 * SP 800-38A) on top of the block functions of aes.h.
 *
 * Each call is one whole message that starts from the given IV or counter
 * block; no state is kept between calls. in and out may be the same buffer
 * (in-place) but must not otherwise overlap.
 */
#ifndef CM_IMPL_REF_AES_MODES_H
#define CM_IMPL_REF_AES_MODES_H

#include <stddef.h>
#include <stdint.h>
#include "cryptometer/primitive.h"
#include "impl/ref/aes.h"

/* ECB: each 16-byte block of in enciphered alone (dec 0) or deciphered
 * (dec 1) into out. Returns CM_OK, or CM_ERR_INVALID (writing nothing)
 * when len is not a multiple of 16. */
cm_rc ref_aes_ecb(const ref_aes_key *k, int dec, const uint8_t *in, uint8_t *out, size_t len);

/* CBC encryption of len bytes from iv (16 bytes). Returns CM_OK, or
 * CM_ERR_INVALID (writing nothing) when len is not a multiple of 16. */
cm_rc ref_aes_cbc_encrypt(const ref_aes_key *k, const uint8_t iv[16],
                          const uint8_t *in, uint8_t *out, size_t len);

/* CBC decryption, the inverse of ref_aes_cbc_encrypt; same errors. */
cm_rc ref_aes_cbc_decrypt(const ref_aes_key *k, const uint8_t iv[16],
                          const uint8_t *in, uint8_t *out, size_t len);

/* CTR: out = in XOR keystream, where the keystream is AES of the counter
 * block ctr, ctr+1, ctr+2, ... with the whole 16-byte block taken as one
 * big-endian 128-bit integer (wrapping modulo 2^128), as in SP 800-38A.
 * Any len; encryption and decryption are the same operation. */
void ref_aes_ctr_xor(const ref_aes_key *k, const uint8_t ctr[16],
                     const uint8_t *in, uint8_t *out, size_t len);

#endif
