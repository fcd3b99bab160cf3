/*
 * sha512_ce.c — the SHA-512 block function with the ARMv8.2 SHA512
 * instructions (see sha_arm64.h). Compiled with -march=armv8.2-a+sha3.
 *
 * The state sits in four registers, {a,b}, {c,d}, {e,f}, {g,h} (lane 0
 * first). Two rounds at a time: SHA512H gives T1 of rounds t and t+1 from
 * {g,h} + K + W (lanes swapped: h goes with round t), {f,g} and {d,e};
 * the new {e,f} is {c,d} + T1 and SHA512H2 gives the new {a,b} from T1,
 * {c,d} and {a,b}. The other two pairs move down: {g,h} = {e,f},
 * {c,d} = {a,b}. The schedule runs two words at a time with SU0 (sigma0)
 * and SU1 (sigma1 and W[t-7]).
 */
#include <arm_neon.h>
#include "impl/arm64/sha_arm64.h"
#include "impl/ref/sha512.h"

/* See sha_arm64.h. */
void arm64_sha512_blocks(uint64_t h[8], const uint8_t *p, size_t n)
{
    uint64x2_t ab = vld1q_u64(h), cd = vld1q_u64(h + 2), ef = vld1q_u64(h + 4),
               gh = vld1q_u64(h + 6);
    for (; n; n--, p += 128) {
        const uint64x2_t ab0 = ab, cd0 = cd, ef0 = ef, gh0 = gh;
        uint64x2_t w[8];
        for (int i = 0; i < 8; i++)
            w[i] = vreinterpretq_u64_u8(vrev64q_u8(vld1q_u8(p + 16 * i)));
        for (int step = 0; step < 40; step++) {
            uint64x2_t kw = vaddq_u64(w[step % 8], vld1q_u64(ref_sha512_k + 2 * step));
            kw = vaddq_u64(vextq_u64(kw, kw, 1), gh);
            uint64x2_t t1 = vsha512hq_u64(kw, vextq_u64(ef, gh, 1), vextq_u64(cd, ef, 1));
            gh = ef;
            ef = vaddq_u64(cd, t1);
            uint64x2_t next_ab = vsha512h2q_u64(t1, cd, ab);
            cd = ab;
            ab = next_ab;
            /* w[step % 8] becomes the words 16 further on: W[t-16] + sigma0(W[t-15])
             * + sigma1(W[t-2]) + W[t-7] */
            if (step < 32)
                w[step % 8] = vsha512su1q_u64(vsha512su0q_u64(w[step % 8], w[(step + 1) % 8]),
                                              w[(step + 7) % 8],
                                              vextq_u64(w[(step + 4) % 8], w[(step + 5) % 8], 1));
        }
        ab = vaddq_u64(ab, ab0);
        cd = vaddq_u64(cd, cd0);
        ef = vaddq_u64(ef, ef0);
        gh = vaddq_u64(gh, gh0);
    }
    vst1q_u64(h, ab);
    vst1q_u64(h + 2, cd);
    vst1q_u64(h + 4, ef);
    vst1q_u64(h + 6, gh);
}
