/*
 * sha_arm64.h — the SHA-1, SHA-256 and SHA-512 compressions with the ARMv8
 * SHA instructions: drop-in block functions for the portable drivers of
 * src/impl/ref/sha1.h, sha256.h and sha512.h. SHA-1 and SHA-256 (sha_ce.c,
 * -march=armv8-a+crypto) need cm_cpu_has("sha1") and ("sha2"); SHA-512
 * (sha512_ce.c, -march=armv8.2-a+sha3) needs ("sha512"), FEAT_SHA512 of
 * ARMv8.2, which many cores (Cortex-A53, A72) lack.
 */
#ifndef CM_IMPL_ARM64_SHA_ARM64_H
#define CM_IMPL_ARM64_SHA_ARM64_H

#include <stddef.h>
#include <stdint.h>

void arm64_sha1_blocks(uint32_t h[5], const uint8_t *p, size_t n);
void arm64_sha256_blocks(uint32_t h[8], const uint8_t *p, size_t n);
void arm64_sha512_blocks(uint64_t h[8], const uint8_t *p, size_t n);

#endif
