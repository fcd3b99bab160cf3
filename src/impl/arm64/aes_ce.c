/*
 * aes_ce.c — AES with the ARMv8 Crypto Extensions (see aes_arm64.h): the
 * key schedule with AESE as the S-box, one block, CBC and CTR. Compiled
 * with -march=armv8-a+crypto.
 */
#include <string.h>
#include "impl/arm64/aes_ce_internal.h"

/* SubWord of FIPS 197: the S-box on each byte of w (first byte lowest).
 * AESE with a zero key is SubBytes(ShiftRows(x)); with the same word in
 * every column ShiftRows changes nothing. */
static uint32_t sub_word(uint32_t w)
{
    uint8x16_t x = vreinterpretq_u8_u32(vdupq_n_u32(w));
    return vgetq_lane_u32(vreinterpretq_u32_u8(vaeseq_u8(x, vdupq_n_u8(0))), 0);
}

/* See aes_arm64.h. */
cm_rc arm64_aes_set_key(arm64_aes_key *k, const uint8_t *key, size_t key_len)
{
    if (key_len != 16 && key_len != 32)
        return CM_ERR_UNSUPPORTED;
    const unsigned nk = (unsigned)key_len / 4;
    k->rounds = nk + 6;
    const unsigned total = 4 * (k->rounds + 1);
    uint32_t w[60];
    uint32_t rcon = 1;
    memcpy(w, key, key_len); /* words in memory order: the first byte lowest */
    for (unsigned i = nk; i < total; i++) {
        uint32_t t = w[i - 1];
        if (i % nk == 0) {
            t = sub_word((t >> 8) | (t << 24)) ^ rcon; /* RotWord, SubWord, Rcon */
            rcon = (rcon << 1) ^ ((rcon >> 7) * 0x11b);
        } else if (nk == 8 && i % nk == 4) {
            t = sub_word(t);
        }
        w[i] = w[i - nk] ^ t;
    }
    memcpy(k->enc, w, 4 * total);
    memset(w, 0, sizeof w);
    /* the equivalent inverse cipher (FIPS 197 §5.3.5) */
    vst1q_u8(k->dec[0], vld1q_u8(k->enc[k->rounds]));
    for (unsigned r = 1; r < k->rounds; r++)
        vst1q_u8(k->dec[r], vaesimcq_u8(vld1q_u8(k->enc[k->rounds - r])));
    vst1q_u8(k->dec[k->rounds], vld1q_u8(k->enc[0]));
    return CM_OK;
}

/* See aes_arm64.h. */
void arm64_aes_encrypt_block(const arm64_aes_key *k, const uint8_t in[16], uint8_t out[16])
{
    vst1q_u8(out, ce_encrypt1(k, vld1q_u8(in)));
}

/* See aes_arm64.h. */
cm_rc arm64_aes_cbc_encrypt(const arm64_aes_key *k, const uint8_t iv[16], const uint8_t *in,
                            uint8_t *out, size_t len)
{
    if (len % 16)
        return CM_ERR_INVALID;
    uint8x16_t c = vld1q_u8(iv);
    for (; len; in += 16, out += 16, len -= 16) {
        c = ce_encrypt1(k, veorq_u8(c, vld1q_u8(in)));
        vst1q_u8(out, c);
    }
    return CM_OK;
}

/* See aes_arm64.h. Each block is loaded before its output is stored, so
 * in == out works. */
cm_rc arm64_aes_cbc_decrypt(const arm64_aes_key *k, const uint8_t iv[16], const uint8_t *in,
                            uint8_t *out, size_t len)
{
    if (len % 16)
        return CM_ERR_INVALID;
    uint8x16_t prev = vld1q_u8(iv);
    for (; len >= 64; in += 64, out += 64, len -= 64) {
        uint8x16_t c[4], b[4];
        for (int i = 0; i < 4; i++)
            b[i] = c[i] = vld1q_u8(in + 16 * i);
        ce_decrypt4(k, b);
        vst1q_u8(out, veorq_u8(b[0], prev));
        for (int i = 1; i < 4; i++)
            vst1q_u8(out + 16 * i, veorq_u8(b[i], c[i - 1]));
        prev = c[3];
    }
    for (; len; in += 16, out += 16, len -= 16) {
        uint8x16_t c = vld1q_u8(in);
        vst1q_u8(out, veorq_u8(ce_decrypt1(k, c), prev));
        prev = c;
    }
    return CM_OK;
}

/* The counter block hi:lo (big-endian 128-bit) as bytes. */
static inline uint8x16_t ctr_block(uint64_t hi, uint64_t lo)
{
    return vrev64q_u8(vreinterpretq_u8_u64(vcombine_u64(vcreate_u64(hi), vcreate_u64(lo))));
}

/* The 128-bit counter hi:lo plus one. */
static inline void ctr_next(uint64_t *hi, uint64_t *lo)
{
    *hi += ++*lo == 0;
}

/* See aes_arm64.h. */
void arm64_aes_ctr_xor(const arm64_aes_key *k, const uint8_t ctr[16], const uint8_t *in,
                       uint8_t *out, size_t len)
{
    uint64x2_t c = vreinterpretq_u64_u8(vrev64q_u8(vld1q_u8(ctr)));
    uint64_t hi = vgetq_lane_u64(c, 0), lo = vgetq_lane_u64(c, 1);
    for (; len >= 64; in += 64, out += 64, len -= 64) {
        uint8x16_t b[4];
        for (int i = 0; i < 4; i++) {
            b[i] = ctr_block(hi, lo);
            ctr_next(&hi, &lo);
        }
        ce_encrypt4(k, b);
        for (int i = 0; i < 4; i++)
            vst1q_u8(out + 16 * i, veorq_u8(b[i], vld1q_u8(in + 16 * i)));
    }
    for (; len; in += 16, out += 16) {
        uint8x16_t ks = ce_encrypt1(k, ctr_block(hi, lo));
        ctr_next(&hi, &lo);
        if (len < 16) {
            ce_xor_partial(out, in, ks, len);
            return;
        }
        vst1q_u8(out, veorq_u8(ks, vld1q_u8(in)));
        len -= 16;
    }
}
