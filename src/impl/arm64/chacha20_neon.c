/*
 * chacha20_neon.c — ChaCha20 with NEON (see chacha20_neon.h). Four blocks
 * side by side: register i holds word i of the four states (the counters
 * counter..counter+3 in register 12), so each quarter round is four plain
 * vector operations; rotations by 16 swap halfwords, the others are a
 * shift and a shift-insert. A 4x4 transpose per group of four words gives
 * back each block's bytes. Advanced SIMD is part of ARMv8-A: no extra
 * compile flags.
 */
#include <arm_neon.h>
#include "impl/arm64/chacha20_neon.h"
#include "impl/arm64/neon_a32.h"

#define ROTL(x, n) vsriq_n_u32(vshlq_n_u32((x), (n)), (x), 32 - (n))
#define ROTL16(x) vreinterpretq_u32_u16(vrev32q_u16(vreinterpretq_u16_u32(x)))
#define QR(a, b, c, d)                                                                         \
    do {                                                                                       \
        a = vaddq_u32(a, b), d = ROTL16(veorq_u32(d, a));                                      \
        c = vaddq_u32(c, d), b = ROTL(veorq_u32(b, c), 12);                                    \
        a = vaddq_u32(a, b), d = ROTL(veorq_u32(d, a), 8);                                     \
        c = vaddq_u32(c, d), b = ROTL(veorq_u32(b, c), 7);                                     \
    } while (0)

/* out = in XOR four keystream words of each block: x[0..3] hold one
 * word each of blocks 0..3; block j's 16 bytes go to out + 64j. */
static void xor_group(const uint32x4_t x[4], const uint8_t *in, uint8_t *out)
{
    uint32x4_t t0 = vtrn1q_u32(x[0], x[1]), t1 = vtrn2q_u32(x[0], x[1]);
    uint32x4_t t2 = vtrn1q_u32(x[2], x[3]), t3 = vtrn2q_u32(x[2], x[3]);
    uint64x2_t b[4] = {
        vtrn1q_u64(vreinterpretq_u64_u32(t0), vreinterpretq_u64_u32(t2)),
        vtrn1q_u64(vreinterpretq_u64_u32(t1), vreinterpretq_u64_u32(t3)),
        vtrn2q_u64(vreinterpretq_u64_u32(t0), vreinterpretq_u64_u32(t2)),
        vtrn2q_u64(vreinterpretq_u64_u32(t1), vreinterpretq_u64_u32(t3)),
    };
    for (int j = 0; j < 4; j++)
        vst1q_u8(out + 64 * j, veorq_u8(vld1q_u8(in + 64 * j), vreinterpretq_u8_u64(b[j])));
}

/* See chacha20_neon.h. */
void arm64_chacha20_neon_xor(const ref_chacha20_key *k, const uint8_t nonce[12],
                             uint32_t counter, const uint8_t *in, uint8_t *out, size_t len)
{
    static const uint32_t sigma[4] = {0x61707865u, 0x3320646eu, 0x79622d32u, 0x6b206574u};
    const uint32_t lanes[4] = {0, 1, 2, 3};
    uint32x4_t s[16];
    for (int i = 0; i < 4; i++)
        s[i] = vdupq_n_u32(sigma[i]);
    for (int i = 0; i < 8; i++)
        s[4 + i] = vdupq_n_u32(k->k[i]);
    for (int i = 0; i < 3; i++) {
        const uint8_t *w = nonce + 4 * i;
        s[13 + i] = vdupq_n_u32((uint32_t)w[0] | (uint32_t)w[1] << 8 | (uint32_t)w[2] << 16 |
                                (uint32_t)w[3] << 24);
    }
    for (; len >= 256; in += 256, out += 256, len -= 256, counter += 4) {
        uint32x4_t x[16];
        s[12] = vaddq_u32(vdupq_n_u32(counter), vld1q_u32(lanes));
        for (int i = 0; i < 16; i++)
            x[i] = s[i];
        for (int r = 0; r < 10; r++) {
            QR(x[0], x[4], x[8], x[12]); /* columns */
            QR(x[1], x[5], x[9], x[13]);
            QR(x[2], x[6], x[10], x[14]);
            QR(x[3], x[7], x[11], x[15]);
            QR(x[0], x[5], x[10], x[15]); /* diagonals */
            QR(x[1], x[6], x[11], x[12]);
            QR(x[2], x[7], x[8], x[13]);
            QR(x[3], x[4], x[9], x[14]);
        }
        for (int i = 0; i < 16; i++)
            x[i] = vaddq_u32(x[i], s[i]);
        for (int g = 0; g < 4; g++)
            xor_group(x + 4 * g, in + 16 * g, out + 16 * g);
    }
    if (len)
        ref_chacha20_xor(k, nonce, counter, in, out, len);
}
