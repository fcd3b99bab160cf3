/*
 * chacha20.h — the ChaCha20 stream cipher of RFC 8439 (256-bit key,
 * 96-bit nonce, 32-bit block counter) in portable C.
 */
#ifndef CM_IMPL_REF_CHACHA20_H
#define CM_IMPL_REF_CHACHA20_H

#include <stddef.h>
#include <stdint.h>

typedef struct ref_chacha20_key {
    uint32_t k[8]; /* the key as eight little-endian words */
} ref_chacha20_key;

/* Loads the 32-byte key. */
void ref_chacha20_set_key(ref_chacha20_key *k, const uint8_t key[32]);

/* Writes the 64-byte keystream block number counter for nonce. */
void ref_chacha20_block(const ref_chacha20_key *k, const uint8_t nonce[12],
                        uint32_t counter, uint8_t out[64]);

/* out = in XOR the keystream starting at block counter. The caller keeps
 * len within the 2^32 - counter blocks left before the counter wraps.
 * in and out may be the same buffer; NULL allowed when len is 0. */
void ref_chacha20_xor(const ref_chacha20_key *k, const uint8_t nonce[12], uint32_t counter,
                      const uint8_t *in, uint8_t *out, size_t len);

/* A function with ref_chacha20_xor's contract: this portable one or a SIMD
 * one (src/impl/x86/chacha20_avx2.h). */
typedef void ref_chacha20_xor_fn(const ref_chacha20_key *k, const uint8_t nonce[12],
                                 uint32_t counter, const uint8_t *in, uint8_t *out, size_t len);

#endif
