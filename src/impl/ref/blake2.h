/*
 * blake2.h — BLAKE2b and BLAKE2s (RFC 7693), unkeyed, one-shot, with the
 * compression function as a parameter: the portable C one here
 * (blake2b.c, blake2s.c) or a SIMD one (src/impl/x86/blake2_x86.h). The
 * driver (counter, last-block flag, padding, parameter block) is the same
 * for every variant, so the variants differ only in the compression.
 */
#ifndef CM_IMPL_REF_BLAKE2_H
#define CM_IMPL_REF_BLAKE2_H

#include <stddef.h>
#include <stdint.h>

#define REF_BLAKE2B_BLOCK 128
#define REF_BLAKE2S_BLOCK 64

/* The message schedule of both functions (RFC 7693 section 2.7). */
extern const uint8_t ref_blake2_sigma[10][16];
/* The initialisation vectors (RFC 7693 sections 2.6, 3.2). */
extern const uint64_t ref_blake2b_iv[8];
extern const uint32_t ref_blake2s_iv[8];

/* h = F(h, block, t, f): t the byte counter after this block, last != 0
 * for the final block. */
typedef void ref_blake2b_compress_fn(uint64_t h[8], const uint8_t block[128], uint64_t t,
                                     int last);
typedef void ref_blake2s_compress_fn(uint32_t h[8], const uint8_t block[64], uint64_t t,
                                     int last);

void ref_blake2b_compress(uint64_t h[8], const uint8_t block[128], uint64_t t, int last);
void ref_blake2s_compress(uint32_t h[8], const uint8_t block[64], uint64_t t, int last);

/* out = BLAKE2b-512(msg) / BLAKE2s-256(msg) with the given compression. */
void ref_blake2b(const uint8_t *msg, size_t len, uint8_t out[64], ref_blake2b_compress_fn *f);
void ref_blake2s(const uint8_t *msg, size_t len, uint8_t out[32], ref_blake2s_compress_fn *f);

#endif
