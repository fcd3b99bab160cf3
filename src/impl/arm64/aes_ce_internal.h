/*
 * aes_ce_internal.h — the AES rounds with the ARMv8 Crypto Extensions on
 * registers, shared by aes_ce.c and gcm_pmull.c (both compiled with
 * -march=armv8-a+crypto). Private to src/impl/arm64/.
 */
#ifndef CM_IMPL_ARM64_AES_CE_INTERNAL_H
#define CM_IMPL_ARM64_AES_CE_INTERNAL_H

#include <arm_neon.h>
#include "impl/arm64/aes_arm64.h"

/* AESE (AddRoundKey, SubBytes, ShiftRows) then AESMC (MixColumns) for
 * rounds - 1 round keys, then AESE and the last AddRoundKey. */
static inline uint8x16_t ce_encrypt1(const arm64_aes_key *k, uint8x16_t b)
{
    unsigned r;
    for (r = 0; r + 1 < k->rounds; r++)
        b = vaesmcq_u8(vaeseq_u8(b, vld1q_u8(k->enc[r])));
    b = vaeseq_u8(b, vld1q_u8(k->enc[r]));
    return veorq_u8(b, vld1q_u8(k->enc[r + 1]));
}

/* Four independent blocks through the rounds side by side, so each
 * round's instructions overlap in the pipeline. */
static inline void ce_encrypt4(const arm64_aes_key *k, uint8x16_t b[4])
{
    unsigned r;
    for (r = 0; r + 1 < k->rounds; r++) {
        uint8x16_t rk = vld1q_u8(k->enc[r]);
        for (int i = 0; i < 4; i++)
            b[i] = vaesmcq_u8(vaeseq_u8(b[i], rk));
    }
    uint8x16_t rk = vld1q_u8(k->enc[r]), last = vld1q_u8(k->enc[r + 1]);
    for (int i = 0; i < 4; i++)
        b[i] = veorq_u8(vaeseq_u8(b[i], rk), last);
}

/* The equivalent inverse cipher with AESD and AESIMC on four blocks. */
static inline void ce_decrypt4(const arm64_aes_key *k, uint8x16_t b[4])
{
    unsigned r;
    for (r = 0; r + 1 < k->rounds; r++) {
        uint8x16_t rk = vld1q_u8(k->dec[r]);
        for (int i = 0; i < 4; i++)
            b[i] = vaesimcq_u8(vaesdq_u8(b[i], rk));
    }
    uint8x16_t rk = vld1q_u8(k->dec[r]), last = vld1q_u8(k->dec[r + 1]);
    for (int i = 0; i < 4; i++)
        b[i] = veorq_u8(vaesdq_u8(b[i], rk), last);
}

/* One block of the inverse cipher. */
static inline uint8x16_t ce_decrypt1(const arm64_aes_key *k, uint8x16_t b)
{
    unsigned r;
    for (r = 0; r + 1 < k->rounds; r++)
        b = vaesimcq_u8(vaesdq_u8(b, vld1q_u8(k->dec[r])));
    b = vaesdq_u8(b, vld1q_u8(k->dec[r]));
    return veorq_u8(b, vld1q_u8(k->dec[r + 1]));
}

/* out = in XOR the first n (< 16) bytes of ks. */
static inline void ce_xor_partial(uint8_t *out, const uint8_t *in, uint8x16_t ks, size_t n)
{
    uint8_t k[16];
    vst1q_u8(k, ks);
    for (size_t i = 0; i < n; i++)
        out[i] = (uint8_t)(in[i] ^ k[i]);
}

#endif
