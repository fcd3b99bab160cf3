/*
 * norx_neon.c — F^4 of NORX32-4-1 and NORX64-4-1 with NEON (see
 * norx_neon.h). As for BLAKE2 (blake2_neon.c): the rows a, b, c, d of the
 * 4x4 state in registers (NORX64: two per row), a column step is four G
 * at once, the diagonals are lined up by EXT and put back afterwards. G's
 * addition is NORX's H(x, y) = (x ^ y) ^ ((x & y) << 1); the rotations are
 * 8, 11, 16, 31 (32-bit words) and 8, 19, 40, 63 (64-bit words). No extra
 * compile flags: Advanced SIMD is part of ARMv8-A.
 */
#include <arm_neon.h>
#include "impl/arm64/norx_neon.h"

/* ---- NORX32 ----------------------------------------------------------------- */

#define H32(x, y) veorq_u32(veorq_u32((x), (y)), vshlq_n_u32(vandq_u32((x), (y)), 1))
#define ROTR32(x, n) vsriq_n_u32(vshlq_n_u32((x), 32 - (n)), (x), (n))
#define ROTR32_16(x) vreinterpretq_u32_u16(vrev32q_u16(vreinterpretq_u16_u32(x)))

/* G on the four columns of a, b, c, d. */
#define G32(a, b, c, d)                                                                        \
    do {                                                                                       \
        a = H32(a, b), d = ROTR32(veorq_u32(d, a), 8);                                         \
        c = H32(c, d), b = ROTR32(veorq_u32(b, c), 11);                                        \
        a = H32(a, b), d = ROTR32_16(veorq_u32(d, a));                                         \
        c = H32(c, d), b = ROTR32(veorq_u32(b, c), 31);                                        \
    } while (0)

/* See norx_neon.h. */
void arm64_norx32_neon_permute(uint32_t s[16])
{
    uint32x4_t a = vld1q_u32(s), b = vld1q_u32(s + 4), c = vld1q_u32(s + 8),
               d = vld1q_u32(s + 12);
    for (int r = 0; r < 4; r++) {
        G32(a, b, c, d);
        b = vextq_u32(b, b, 1), c = vextq_u32(c, c, 2), d = vextq_u32(d, d, 3);
        G32(a, b, c, d);
        b = vextq_u32(b, b, 3), c = vextq_u32(c, c, 2), d = vextq_u32(d, d, 1);
    }
    vst1q_u32(s, a);
    vst1q_u32(s + 4, b);
    vst1q_u32(s + 8, c);
    vst1q_u32(s + 12, d);
}

/* ---- NORX64 ----------------------------------------------------------------- */

#define H64(x, y) veorq_u64(veorq_u64((x), (y)), vshlq_n_u64(vandq_u64((x), (y)), 1))
#define ROTR64(x, n) vsriq_n_u64(vshlq_n_u64((x), 64 - (n)), (x), (n))

/* G on two columns (one half of each row). */
#define G64(a, b, c, d)                                                                        \
    do {                                                                                       \
        a = H64(a, b), d = ROTR64(veorq_u64(d, a), 8);                                         \
        c = H64(c, d), b = ROTR64(veorq_u64(b, c), 19);                                        \
        a = H64(a, b), d = ROTR64(veorq_u64(d, a), 40);                                        \
        c = H64(c, d), b = ROTR64(veorq_u64(b, c), 63);                                        \
    } while (0)

/* See norx_neon.h. Row x is x0 (words 0-1) and x1 (words 2-3). */
void arm64_norx64_neon_permute(uint64_t s[16])
{
    uint64x2_t a0 = vld1q_u64(s), a1 = vld1q_u64(s + 2), b0 = vld1q_u64(s + 4),
               b1 = vld1q_u64(s + 6), c0 = vld1q_u64(s + 8), c1 = vld1q_u64(s + 10),
               d0 = vld1q_u64(s + 12), d1 = vld1q_u64(s + 14);
    for (int r = 0; r < 4; r++) {
        G64(a0, b0, c0, d0);
        G64(a1, b1, c1, d1);
        /* diagonals as columns: b by one word, c by two, d by three */
        uint64x2_t e0 = vextq_u64(b0, b1, 1), e1 = vextq_u64(b1, b0, 1);
        uint64x2_t f0 = c1, f1 = c0;
        uint64x2_t g0 = vextq_u64(d1, d0, 1), g1 = vextq_u64(d0, d1, 1);
        G64(a0, e0, f0, g0);
        G64(a1, e1, f1, g1);
        b0 = vextq_u64(e1, e0, 1), b1 = vextq_u64(e0, e1, 1);
        c0 = f1, c1 = f0;
        d0 = vextq_u64(g0, g1, 1), d1 = vextq_u64(g1, g0, 1);
    }
    vst1q_u64(s, a0);
    vst1q_u64(s + 2, a1);
    vst1q_u64(s + 4, b0);
    vst1q_u64(s + 6, b1);
    vst1q_u64(s + 8, c0);
    vst1q_u64(s + 10, c1);
    vst1q_u64(s + 12, d0);
    vst1q_u64(s + 14, d1);
}
