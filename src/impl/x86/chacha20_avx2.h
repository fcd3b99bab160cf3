/*
 * chacha20_avx2.h — ChaCha20 (RFC 8439) eight blocks at a time with AVX2
 * (chacha20_avx2.c): the same contract as ref_chacha20_xor
 * (src/impl/ref/chacha20.h), the tail of fewer than eight blocks done by
 * the portable code. Call it only when cm_cpu_has("avx2") says so.
 */
#ifndef CM_IMPL_X86_CHACHA20_AVX2_H
#define CM_IMPL_X86_CHACHA20_AVX2_H

#include <stddef.h>
#include <stdint.h>
#include "impl/ref/chacha20.h"

void x86_chacha20_avx2_xor(const ref_chacha20_key *k, const uint8_t nonce[12], uint32_t counter,
                           const uint8_t *in, uint8_t *out, size_t len);

#endif
