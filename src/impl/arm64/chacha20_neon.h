/*
 * chacha20_neon.h — ChaCha20 (RFC 8439) four blocks at a time with NEON
 * (chacha20_neon.c): the same contract as ref_chacha20_xor
 * (src/impl/ref/chacha20.h), the tail of fewer than four blocks done by
 * the portable code. Call it only when cm_cpu_has("asimd") says so.
 */
#ifndef CM_IMPL_ARM64_CHACHA20_NEON_H
#define CM_IMPL_ARM64_CHACHA20_NEON_H

#include <stddef.h>
#include <stdint.h>
#include "impl/ref/chacha20.h"

void arm64_chacha20_neon_xor(const ref_chacha20_key *k, const uint8_t nonce[12],
                             uint32_t counter, const uint8_t *in, uint8_t *out, size_t len);

#endif
