/*
 * aes_x86.h — cryptometer's own AES for x86-64 with the AES instructions:
 * the key schedule and single block (aesni_key.c), CBC (aesni_cbc.c), CTR
 * with AES-NI (aesni_ctr.c) and with VAES on 256- and 512-bit vectors
 * (vaes256_ctr.c, vaes512_ctr.c).
 *
 * The header uses no intrinsic types, so the backend (compiled without
 * instruction-set flags) can include it; the .c files get their flags per
 * file (src/backends/ref/CMakeLists.txt). Call a function only when the
 * CPU has its features: the backend's rows ask cm_cpu_has() first. The
 * conventions are those of src/impl/ref/aes_modes.h: each call is one
 * whole message from the given IV or counter block; in and out may be the
 * same buffer but must not otherwise overlap. Unlike the table-based
 * portable code, these are constant-time.
 */
#ifndef CM_IMPL_X86_AES_X86_H
#define CM_IMPL_X86_AES_X86_H

#include <stddef.h>
#include <stdint.h>
#include "cryptometer/primitive.h"

/* An expanded AES-128 or AES-256 key: round keys as AESENC takes them,
 * and the decryption round keys (AESIMC of them, reversed) for AESDEC. */
typedef struct x86_aes_key {
    _Alignas(16) uint8_t enc[15][16];
    _Alignas(16) uint8_t dec[15][16];
    unsigned rounds; /* 10 or 14 */
} x86_aes_key;

/* needs aes. Expands a 16- or 32-byte key into k; CM_ERR_UNSUPPORTED for
 * any other length. */
cm_rc x86_aesni_set_key(x86_aes_key *k, const uint8_t *key, size_t key_len);

/* needs aes. out = AES-Encrypt(k, in); out may equal in. */
void x86_aesni_encrypt_block(const x86_aes_key *k, const uint8_t in[16], uint8_t out[16]);

/* needs aes. CBC without padding; CM_ERR_INVALID (nothing written) when
 * len is not a multiple of 16. Encryption is one serial chain; decryption
 * works on 8 blocks at a time. */
cm_rc x86_aesni_cbc_encrypt(const x86_aes_key *k, const uint8_t iv[16], const uint8_t *in,
                            uint8_t *out, size_t len);
cm_rc x86_aesni_cbc_decrypt(const x86_aes_key *k, const uint8_t iv[16], const uint8_t *in,
                            uint8_t *out, size_t len);

/* CTR as in SP 800-38A (the whole block a big-endian 128-bit counter),
 * any len, 8 blocks at a time: with AES-NI (needs aes, ssse3), with VAES
 * on 256-bit vectors (needs vaes, avx2, aes, ssse3) and on 512-bit ones
 * (needs vaes, avx512f, aes, ssse3). */
void x86_aesni_ctr_xor(const x86_aes_key *k, const uint8_t ctr[16], const uint8_t *in,
                       uint8_t *out, size_t len);
void x86_vaes256_ctr_xor(const x86_aes_key *k, const uint8_t ctr[16], const uint8_t *in,
                         uint8_t *out, size_t len);
void x86_vaes512_ctr_xor(const x86_aes_key *k, const uint8_t ctr[16], const uint8_t *in,
                         uint8_t *out, size_t len);

#endif
