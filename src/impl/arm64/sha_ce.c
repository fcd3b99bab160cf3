/*
 * sha_ce.c — SHA-1 and SHA-256 block functions with the ARMv8 SHA
 * instructions (see sha_arm64.h). Compiled with -march=armv8-a+crypto.
 *
 * The message words sit four to a register, byte-swapped from the
 * big-endian input. Each step of four rounds adds the round constants to
 * four words, runs the rounds instruction(s) on the state and extends the
 * schedule by four words with the SU0/SU1 pair.
 */
#include <arm_neon.h>
#include "impl/arm64/sha_arm64.h"
#include "impl/ref/sha256.h"

/* Four big-endian message words. */
static inline uint32x4_t load_be(const uint8_t *p)
{
    return vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(p)));
}

/* See sha_arm64.h. FIPS 180-4 §6.1: rounds 0-19 Ch (SHA1C), 20-39 and
 * 60-79 Parity (SHA1P), 40-59 Maj (SHA1M); SHA1H gives the next e. */
void arm64_sha1_blocks(uint32_t h[5], const uint8_t *p, size_t n)
{
    static const uint32_t k[4] = {0x5a827999, 0x6ed9eba1, 0x8f1bbcdc, 0xca62c1d6};
    uint32x4_t abcd = vld1q_u32(h);
    uint32_t e = h[4];
    for (; n; n--, p += 64) {
        const uint32x4_t abcd0 = abcd;
        const uint32_t e0 = e;
        uint32x4_t w[4] = {load_be(p), load_be(p + 16), load_be(p + 32), load_be(p + 48)};
        for (int step = 0; step < 20; step++) {
            uint32x4_t wk = vaddq_u32(w[step % 4], vdupq_n_u32(k[step / 5]));
            uint32_t e_next = vsha1h_u32(vgetq_lane_u32(abcd, 0));
            if (step < 5)
                abcd = vsha1cq_u32(abcd, e, wk);
            else if (step >= 10 && step < 15)
                abcd = vsha1mq_u32(abcd, e, wk);
            else
                abcd = vsha1pq_u32(abcd, e, wk);
            e = e_next;
            /* w[step % 4] is used: it becomes the words 16 further on */
            if (step < 16)
                w[step % 4] = vsha1su1q_u32(
                    vsha1su0q_u32(w[step % 4], w[(step + 1) % 4], w[(step + 2) % 4]),
                    w[(step + 3) % 4]);
        }
        abcd = vaddq_u32(abcd, abcd0);
        e += e0;
    }
    vst1q_u32(h, abcd);
    h[4] = e;
}

/* See sha_arm64.h. SHA256H advances a..d and SHA256H2 e..h by four rounds
 * from the same words plus constants. */
void arm64_sha256_blocks(uint32_t h[8], const uint8_t *p, size_t n)
{
    uint32x4_t abcd = vld1q_u32(h), efgh = vld1q_u32(h + 4);
    for (; n; n--, p += 64) {
        const uint32x4_t abcd0 = abcd, efgh0 = efgh;
        uint32x4_t w[4] = {load_be(p), load_be(p + 16), load_be(p + 32), load_be(p + 48)};
        for (int step = 0; step < 16; step++) {
            uint32x4_t wk = vaddq_u32(w[step % 4], vld1q_u32(ref_sha256_k + 4 * step));
            uint32x4_t prev = abcd;
            abcd = vsha256hq_u32(abcd, efgh, wk);
            efgh = vsha256h2q_u32(efgh, prev, wk);
            if (step < 12)
                w[step % 4] = vsha256su1q_u32(vsha256su0q_u32(w[step % 4], w[(step + 1) % 4]),
                                              w[(step + 2) % 4], w[(step + 3) % 4]);
        }
        abcd = vaddq_u32(abcd, abcd0);
        efgh = vaddq_u32(efgh, efgh0);
    }
    vst1q_u32(h, abcd);
    vst1q_u32(h + 4, efgh);
}
