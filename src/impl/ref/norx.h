/*
 * norx.h — NORX32-4-1 and NORX64-4-1 (NORX v3.0: Aumasson, Jovanovic,
 * Neves, "NORX v3.0", CAESAR round-3 submission, 2016): the AEAD with four
 * rounds and one lane, its 4-word key, nonce and tag (128-bit for NORX32,
 * 256-bit for NORX64), header (our AAD) and no trailer.
 *
 * The permutation F^4 is a parameter: the portable one here (norx.c) or a
 * SIMD one (src/impl/x86/). The sponge around it is the same for every
 * variant.
 */
#ifndef CM_IMPL_REF_NORX_H
#define CM_IMPL_REF_NORX_H

#include <stddef.h>
#include <stdint.h>

#define REF_NORX32_KEY 16
#define REF_NORX64_KEY 32

/* S = F^4(S), the 16-word state in the order of the specification. */
typedef void ref_norx32_permute_fn(uint32_t s[16]);
typedef void ref_norx64_permute_fn(uint64_t s[16]);

void ref_norx32_permute(uint32_t s[16]);
void ref_norx64_permute(uint64_t s[16]);

/* Seals len bytes of in into out (in == out allowed) and writes the first
 * tag_len (1..16, 1..32) bytes of the tag. The key and nonce are 16 bytes
 * (NORX32) or 32 (NORX64). */
void ref_norx32_seal(const uint8_t *key, const uint8_t *nonce, const uint8_t *aad,
                     size_t aad_len, const uint8_t *in, size_t len, uint8_t *out, uint8_t *tag,
                     size_t tag_len, ref_norx32_permute_fn *f);
void ref_norx64_seal(const uint8_t *key, const uint8_t *nonce, const uint8_t *aad,
                     size_t aad_len, const uint8_t *in, size_t len, uint8_t *out, uint8_t *tag,
                     size_t tag_len, ref_norx64_permute_fn *f);

/* Opens; 0 when the tag matches, else -1 with out zeroed. */
int ref_norx32_open(const uint8_t *key, const uint8_t *nonce, const uint8_t *aad,
                    size_t aad_len, const uint8_t *in, size_t len, uint8_t *out,
                    const uint8_t *tag, size_t tag_len, ref_norx32_permute_fn *f);
int ref_norx64_open(const uint8_t *key, const uint8_t *nonce, const uint8_t *aad,
                    size_t aad_len, const uint8_t *in, size_t len, uint8_t *out,
                    const uint8_t *tag, size_t tag_len, ref_norx64_permute_fn *f);

#endif
