/*
 * gcm_x86.h — cryptometer's own AES-GCM (NIST SP 800-38D) for x86-64:
 * CTR with AES-NI and GHASH with PCLMULQDQ, eight blocks at a time with
 * one reduction per eight products (gcm_aesni.c), and the same with VAES
 * and VPCLMULQDQ on 256- and 512-bit vectors (gcm_vaes256.c,
 * gcm_vaes512.c). What they share
 * (nonce, AAD, the tail, the tag) is x86_gcm.c.
 *
 * No intrinsic types here: the backend includes this without instruction
 * flags. Parameters, limits and errors are those of src/impl/ref/gcm.h,
 * except that open may write into out before it finds a forged tag; it
 * then wipes out and returns CM_ERR_AUTH (primitive.h allows this).
 */
#ifndef CM_IMPL_X86_GCM_X86_H
#define CM_IMPL_X86_GCM_X86_H

#include <stddef.h>
#include <stdint.h>
#include "cryptometer/primitive.h"
#include "impl/x86/aes_x86.h"

/* The AES schedule and the powers of the hash key H = AES(K, 0^128):
 * h[i] = H^(8-i), each byte-reversed (GHASH's bit order as the lanes of a
 * register take it). */
typedef struct x86_gcm_key {
    x86_aes_key aes;
    _Alignas(16) uint8_t h[8][16];
} x86_gcm_key;

/* needs aes, pclmulqdq, ssse3. A 16- or 32-byte key; else
 * CM_ERR_UNSUPPORTED. */
cm_rc x86_gcm_set_key(x86_gcm_key *g, const uint8_t *key, size_t key_len);

/* needs aes, pclmulqdq, ssse3. */
cm_rc x86_aesni_gcm_seal(const x86_gcm_key *g, const uint8_t *nonce, size_t nonce_len,
                         const uint8_t *aad, size_t aad_len, const uint8_t *in, size_t len,
                         uint8_t *out, uint8_t *tag, size_t tag_len);
cm_rc x86_aesni_gcm_open(const x86_gcm_key *g, const uint8_t *nonce, size_t nonce_len,
                         const uint8_t *aad, size_t aad_len, const uint8_t *in, size_t len,
                         uint8_t *out, const uint8_t *tag, size_t tag_len);

/* needs vaes, vpclmulqdq, avx2 and the above. */
cm_rc x86_vaes256_gcm_seal(const x86_gcm_key *g, const uint8_t *nonce, size_t nonce_len,
                           const uint8_t *aad, size_t aad_len, const uint8_t *in, size_t len,
                           uint8_t *out, uint8_t *tag, size_t tag_len);
cm_rc x86_vaes256_gcm_open(const x86_gcm_key *g, const uint8_t *nonce, size_t nonce_len,
                           const uint8_t *aad, size_t aad_len, const uint8_t *in, size_t len,
                           uint8_t *out, const uint8_t *tag, size_t tag_len);

/* needs vaes, vpclmulqdq, avx512f, avx512bw and the AES-NI ones. */
cm_rc x86_vaes512_gcm_seal(const x86_gcm_key *g, const uint8_t *nonce, size_t nonce_len,
                           const uint8_t *aad, size_t aad_len, const uint8_t *in, size_t len,
                           uint8_t *out, uint8_t *tag, size_t tag_len);
cm_rc x86_vaes512_gcm_open(const x86_gcm_key *g, const uint8_t *nonce, size_t nonce_len,
                           const uint8_t *aad, size_t aad_len, const uint8_t *in, size_t len,
                           uint8_t *out, const uint8_t *tag, size_t tag_len);

#endif
