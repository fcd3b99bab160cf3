/*
 * refwork.c — the reference workload (refwork.h). Plain C11 without
 * intrinsics; every step depends on the previous one's result, so the
 * time measures the core's integer pipeline, not the compiler's
 * vectoriser (which the fixed flags also turn off).
 */
#include "refwork/refwork.h"

static uint32_t rotl32(uint32_t x, unsigned n)
{
    return (x << n) | (x >> (32u - n));
}

static uint64_t rotr64(uint64_t x, unsigned n)
{
    return (x >> n) | (x << (64u - n));
}

/* hi:lo = a * b, from 32-bit halves (no __int128: 32-bit targets too). */
static void mul64(uint64_t a, uint64_t b, uint64_t *hi, uint64_t *lo)
{
    uint64_t al = a & 0xffffffffu, ah = a >> 32, bl = b & 0xffffffffu, bh = b >> 32;
    uint64_t ll = al * bl, lh = al * bh, hl = ah * bl, hh = ah * bh;
    uint64_t mid = (ll >> 32) + (lh & 0xffffffffu) + (hl & 0xffffffffu);
    *lo = (mid << 32) | (ll & 0xffffffffu);
    *hi = hh + (lh >> 32) + (hl >> 32) + (mid >> 32);
}

#define QR(a, b, c, d)                     \
    do {                                   \
        x[a] += x[b]; x[d] = rotl32(x[d] ^ x[a], 16); \
        x[c] += x[d]; x[b] = rotl32(x[b] ^ x[c], 12); \
        x[a] += x[b]; x[d] = rotl32(x[d] ^ x[a], 8);  \
        x[c] += x[d]; x[b] = rotl32(x[b] ^ x[c], 7);  \
    } while (0)

uint64_t cm_refwork_run(uint32_t rounds)
{
    uint32_t x[16], table[256];
    uint64_t limb[4], s = 0x6a09e667f3bcc908u, lcg = 0x9e3779b97f4a7c15u;
    for (unsigned i = 0; i < 256; i++) {
        lcg = lcg * 6364136223846793005u + 1442695040888963407u;
        table[i] = (uint32_t)(lcg >> 32);
    }
    for (unsigned i = 0; i < 16; i++)
        x[i] = table[i * 7 + 1];
    for (unsigned i = 0; i < 4; i++)
        limb[i] = ((uint64_t)table[i + 100] << 32) | table[i + 200];

    for (uint32_t r = 0; r < rounds; r++) {
        /* add-rotate-xor: one ChaCha20 double round */
        QR(0, 4, 8, 12); QR(1, 5, 9, 13); QR(2, 6, 10, 14); QR(3, 7, 11, 15);
        QR(0, 5, 10, 15); QR(1, 6, 11, 12); QR(2, 7, 8, 13); QR(3, 4, 9, 14);
        /* table lookups indexed by state bytes, as AES T-tables are */
        uint32_t t = x[15];
        for (unsigned i = 0; i < 16; i++) {
            t = table[(x[i] ^ t) & 0xffu] ^ rotl32(t, 8);
            x[i] ^= t;
        }
        /* multiply-accumulate with carries over four 64-bit limbs */
        uint64_t m = ((uint64_t)x[0] << 32) | x[1] | 1u, carry = 0;
        for (unsigned i = 0; i < 4; i++) {
            uint64_t hi, lo;
            mul64(limb[i], m, &hi, &lo);
            lo += carry;
            hi += lo < carry;
            limb[i] = lo;
            carry = hi;
        }
        /* SHA-512 sigma functions */
        s += limb[(r & 3u)] ^ carry;
        s = (rotr64(s, 14) ^ rotr64(s, 18) ^ rotr64(s, 41)) + (s >> 7) + x[r & 15u];
        x[r & 15u] ^= (uint32_t)s;
    }
    uint64_t sum = s;
    for (unsigned i = 0; i < 16; i++)
        sum = rotr64(sum, 9) ^ x[i];
    for (unsigned i = 0; i < 4; i++)
        sum += limb[i];
    return sum;
}
