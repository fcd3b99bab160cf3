/*
 * gcm_arm64.h — cryptometer's own AES-GCM (NIST SP 800-38D) for aarch64:
 * CTR with the ARMv8 AES instructions and GHASH with PMULL, four blocks
 * at a time with one reduction per four products (gcm_pmull.c).
 *
 * No intrinsic types here: the backend includes this without instruction
 * flags. Parameters, limits and errors are those of src/impl/ref/gcm.h,
 * except that open may write into out before it finds a forged tag; it
 * then wipes out and returns CM_ERR_AUTH (primitive.h allows this).
 */
#ifndef CM_IMPL_ARM64_GCM_ARM64_H
#define CM_IMPL_ARM64_GCM_ARM64_H

#include <stddef.h>
#include <stdint.h>
#include "cryptometer/primitive.h"
#include "impl/arm64/aes_arm64.h"

/* The AES schedule and the powers of the hash key H = AES(K, 0^128):
 * h[i] = H^(i+1), each byte bit-reversed, so that bit n of the 128-bit
 * little-endian lane is the coefficient of x^n. */
typedef struct arm64_gcm_key {
    arm64_aes_key aes;
    _Alignas(16) uint8_t h[4][16];
} arm64_gcm_key;

/* needs aes, pmull. A 16- or 32-byte key; else CM_ERR_UNSUPPORTED. */
cm_rc arm64_gcm_set_key(arm64_gcm_key *g, const uint8_t *key, size_t key_len);

/* needs aes, pmull. */
cm_rc arm64_gcm_seal(const arm64_gcm_key *g, const uint8_t *nonce, size_t nonce_len,
                     const uint8_t *aad, size_t aad_len, const uint8_t *in, size_t len,
                     uint8_t *out, uint8_t *tag, size_t tag_len);
cm_rc arm64_gcm_open(const arm64_gcm_key *g, const uint8_t *nonce, size_t nonce_len,
                     const uint8_t *aad, size_t aad_len, const uint8_t *in, size_t len,
                     uint8_t *out, const uint8_t *tag, size_t tag_len);

#endif
