/*
 * aes_arm64.h — cryptometer's own AES for aarch64 with the ARMv8 Crypto
 * Extensions (AESE/AESMC, AESD/AESIMC): the key schedule, one block, CBC
 * and CTR (aes_ce.c).
 *
 * The header uses no intrinsic types, so the backend (compiled without
 * instruction-set flags) can include it; the .c files get
 * -march=armv8-a+crypto per file (src/backends/ref/CMakeLists.txt). Call a
 * function only when the CPU has its features: the backend's rows ask
 * cm_cpu_has("aes") first. The conventions are those of
 * src/impl/ref/aes_modes.h: each call is one whole message from the given
 * IV or counter block; in and out may be the same buffer but must not
 * otherwise overlap. Unlike the table-based portable code, these are
 * constant-time.
 */
#ifndef CM_IMPL_ARM64_AES_ARM64_H
#define CM_IMPL_ARM64_AES_ARM64_H

#include <stddef.h>
#include <stdint.h>
#include "cryptometer/primitive.h"

/* An expanded AES-128 or AES-256 key: the round keys as bytes in the
 * order AESE takes them (enc[0..rounds]), and those of the equivalent
 * inverse cipher for AESD (dec[0] = enc[rounds], dec[i] =
 * InvMixColumns(enc[rounds - i]), dec[rounds] = enc[0]). */
typedef struct arm64_aes_key {
    _Alignas(16) uint8_t enc[15][16];
    _Alignas(16) uint8_t dec[15][16];
    unsigned rounds; /* 10 or 14 */
} arm64_aes_key;

/* needs aes. Expands a 16- or 32-byte key into k; CM_ERR_UNSUPPORTED for
 * any other length. */
cm_rc arm64_aes_set_key(arm64_aes_key *k, const uint8_t *key, size_t key_len);

/* needs aes. out = AES-Encrypt(k, in); out may equal in. */
void arm64_aes_encrypt_block(const arm64_aes_key *k, const uint8_t in[16], uint8_t out[16]);

/* needs aes. CBC without padding; CM_ERR_INVALID (nothing written) when
 * len is not a multiple of 16. Encryption is one serial chain; decryption
 * works on 4 blocks at a time. */
cm_rc arm64_aes_cbc_encrypt(const arm64_aes_key *k, const uint8_t iv[16], const uint8_t *in,
                            uint8_t *out, size_t len);
cm_rc arm64_aes_cbc_decrypt(const arm64_aes_key *k, const uint8_t iv[16], const uint8_t *in,
                            uint8_t *out, size_t len);

/* needs aes. CTR as in SP 800-38A (the whole block a big-endian 128-bit
 * counter), any len, 4 blocks at a time. */
void arm64_aes_ctr_xor(const arm64_aes_key *k, const uint8_t ctr[16], const uint8_t *in,
                       uint8_t *out, size_t len);

#endif
