/*
 * blake2_neon.c — the BLAKE2s and BLAKE2b compressions (RFC 7693 §3.2)
 * with NEON (see blake2_neon.h). The 4x4 state as its rows a, b, c, d:
 * for BLAKE2s one 32x4 register per row, for BLAKE2b two 64x2 registers
 * per row (words 0-1 and 2-3). A column step is four G at once; for the
 * diagonal step b, c and d are rotated by one, two and three words (EXT)
 * so that the diagonals line up as columns, and back afterwards. The
 * message words of each G are gathered by sigma into registers. Advanced
 * SIMD is part of ARMv8-A: no extra compile flags; aarch64 Linux is
 * little-endian, so the block's words load as they are.
 */
#include <arm_neon.h>
#include <string.h>
#include "impl/arm64/blake2_neon.h"
#include "impl/ref/blake2.h"

/* ---- BLAKE2s ---------------------------------------------------------------- */

#define ROTR32(x, n) vsriq_n_u32(vshlq_n_u32((x), 32 - (n)), (x), (n))
#define ROTR32_16(x) vreinterpretq_u32_u16(vrev32q_u16(vreinterpretq_u16_u32(x)))

/* G on the four lanes of the rows with message words x and y. */
#define G32(a, b, c, d, x, y)                                                                  \
    do {                                                                                       \
        a = vaddq_u32(vaddq_u32(a, b), x), d = ROTR32_16(veorq_u32(d, a));                     \
        c = vaddq_u32(c, d), b = ROTR32(veorq_u32(b, c), 12);                                  \
        a = vaddq_u32(vaddq_u32(a, b), y), d = ROTR32(veorq_u32(d, a), 8);                     \
        c = vaddq_u32(c, d), b = ROTR32(veorq_u32(b, c), 7);                                   \
    } while (0)

/* m[s[i]], m[s[i+2]], m[s[i+4]], m[s[i+6]]. */
static inline uint32x4_t gather32(const uint32_t m[16], const uint8_t *s, int i)
{
    const uint32_t w[4] = {m[s[i]], m[s[i + 2]], m[s[i + 4]], m[s[i + 6]]};
    return vld1q_u32(w);
}

/* See blake2_neon.h. */
void arm64_blake2s_neon_compress(uint32_t h[8], const uint8_t block[64], uint64_t t, int last)
{
    uint32_t m[16];
    memcpy(m, block, sizeof m);
    const uint32_t tf[4] = {(uint32_t)t, (uint32_t)(t >> 32), last ? 0xffffffffu : 0, 0};
    const uint32x4_t h0 = vld1q_u32(h), h1 = vld1q_u32(h + 4);
    uint32x4_t a = h0, b = h1, c = vld1q_u32(ref_blake2s_iv);
    uint32x4_t d = veorq_u32(vld1q_u32(ref_blake2s_iv + 4), vld1q_u32(tf));
    for (int r = 0; r < 10; r++) {
        const uint8_t *s = ref_blake2_sigma[r];
        G32(a, b, c, d, gather32(m, s, 0), gather32(m, s, 1));
        b = vextq_u32(b, b, 1), c = vextq_u32(c, c, 2), d = vextq_u32(d, d, 3);
        G32(a, b, c, d, gather32(m, s, 8), gather32(m, s, 9));
        b = vextq_u32(b, b, 3), c = vextq_u32(c, c, 2), d = vextq_u32(d, d, 1);
    }
    vst1q_u32(h, veorq_u32(h0, veorq_u32(a, c)));
    vst1q_u32(h + 4, veorq_u32(h1, veorq_u32(b, d)));
}

/* ---- BLAKE2b ---------------------------------------------------------------- */

#define ROTR64(x, n) vsriq_n_u64(vshlq_n_u64((x), 64 - (n)), (x), (n))
#define ROTR64_32(x) vreinterpretq_u64_u32(vrev64q_u32(vreinterpretq_u32_u64(x)))

/* A row: words 0-1 in lo, 2-3 in hi. */
typedef struct row64 {
    uint64x2_t lo, hi;
} row64;

/* G on one half (two lanes) of the rows. */
#define G64(a, b, c, d, x, y)                                                                  \
    do {                                                                                       \
        a = vaddq_u64(vaddq_u64(a, b), x), d = ROTR64_32(veorq_u64(d, a));                     \
        c = vaddq_u64(c, d), b = ROTR64(veorq_u64(b, c), 24);                                  \
        a = vaddq_u64(vaddq_u64(a, b), y), d = ROTR64(veorq_u64(d, a), 16);                    \
        c = vaddq_u64(c, d), b = ROTR64(veorq_u64(b, c), 63);                                  \
    } while (0)

/* Four G on the rows with the message words of G number i, i+1, i+2, i+3
 * of sigma row s (i = 0: columns, 4: diagonals). */
static inline void g4(row64 *a, row64 *b, row64 *c, row64 *d, const uint64_t m[16],
                      const uint8_t *s, int i)
{
    const uint64_t x[4] = {m[s[2 * i]], m[s[2 * i + 2]], m[s[2 * i + 4]], m[s[2 * i + 6]]};
    const uint64_t y[4] = {m[s[2 * i + 1]], m[s[2 * i + 3]], m[s[2 * i + 5]], m[s[2 * i + 7]]};
    G64(a->lo, b->lo, c->lo, d->lo, vld1q_u64(x), vld1q_u64(y));
    G64(a->hi, b->hi, c->hi, d->hi, vld1q_u64(x + 2), vld1q_u64(y + 2));
}

/* See blake2_neon.h. */
void arm64_blake2b_neon_compress(uint64_t h[8], const uint8_t block[128], uint64_t t, int last)
{
    uint64_t m[16];
    memcpy(m, block, sizeof m);
    const uint64_t tf[2] = {last ? ~(uint64_t)0 : 0, 0};
    row64 a = {vld1q_u64(h), vld1q_u64(h + 2)}, b = {vld1q_u64(h + 4), vld1q_u64(h + 6)};
    row64 c = {vld1q_u64(ref_blake2b_iv), vld1q_u64(ref_blake2b_iv + 2)};
    const uint64_t t2[2] = {t, 0};
    row64 d = {veorq_u64(vld1q_u64(ref_blake2b_iv + 4), vld1q_u64(t2)),
               veorq_u64(vld1q_u64(ref_blake2b_iv + 6), vld1q_u64(tf))};
    for (int r = 0; r < 12; r++) {
        const uint8_t *s = ref_blake2_sigma[r % 10];
        g4(&a, &b, &c, &d, m, s, 0);
        /* diagonals as columns: b by one word, c by two, d by three */
        row64 b2 = {vextq_u64(b.lo, b.hi, 1), vextq_u64(b.hi, b.lo, 1)};
        row64 c2 = {c.hi, c.lo};
        row64 d2 = {vextq_u64(d.hi, d.lo, 1), vextq_u64(d.lo, d.hi, 1)};
        g4(&a, &b2, &c2, &d2, m, s, 4);
        b = (row64){vextq_u64(b2.hi, b2.lo, 1), vextq_u64(b2.lo, b2.hi, 1)};
        c = (row64){c2.hi, c2.lo};
        d = (row64){vextq_u64(d2.lo, d2.hi, 1), vextq_u64(d2.hi, d2.lo, 1)};
    }
    vst1q_u64(h, veorq_u64(vld1q_u64(h), veorq_u64(a.lo, c.lo)));
    vst1q_u64(h + 2, veorq_u64(vld1q_u64(h + 2), veorq_u64(a.hi, c.hi)));
    vst1q_u64(h + 4, veorq_u64(vld1q_u64(h + 4), veorq_u64(b.lo, d.lo)));
    vst1q_u64(h + 6, veorq_u64(vld1q_u64(h + 6), veorq_u64(b.hi, d.hi)));
}
