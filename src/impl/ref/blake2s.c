/*
 * blake2s.c — BLAKE2s-256 (RFC 7693) in portable C: the 32-bit
 * compression and the one-shot driver every BLAKE2s variant uses
 * (blake2.h; the message schedule is in blake2b.c).
 */
#include <string.h>
#include "impl/ref/blake2.h"
#include "impl/ref/bytes.h"

const uint32_t ref_blake2s_iv[8] = {
    0x6a09e667UL, 0xbb67ae85UL, 0x3c6ef372UL, 0xa54ff53aUL,
    0x510e527fUL, 0x9b05688cUL, 0x1f83d9abUL, 0x5be0cd19UL,
};

#define G(a, b, c, d, x, y)                                                                   \
    do {                                                                                      \
        v[a] = v[a] + v[b] + (x);                                                             \
        v[d] = ref_rotr32(v[d] ^ v[a], 16);                                                   \
        v[c] = v[c] + v[d];                                                                   \
        v[b] = ref_rotr32(v[b] ^ v[c], 12);                                                   \
        v[a] = v[a] + v[b] + (y);                                                             \
        v[d] = ref_rotr32(v[d] ^ v[a], 8);                                                    \
        v[c] = v[c] + v[d];                                                                   \
        v[b] = ref_rotr32(v[b] ^ v[c], 7);                                                    \
    } while (0)

void ref_blake2s_compress(uint32_t h[8], const uint8_t block[64], uint64_t t, int last)
{
    uint32_t v[16], m[16];
    for (int i = 0; i < 16; i++)
        m[i] = ref_load32_le(block + 4 * i);
    for (int i = 0; i < 8; i++) {
        v[i] = h[i];
        v[i + 8] = ref_blake2s_iv[i];
    }
    v[12] ^= (uint32_t)t;
    v[13] ^= (uint32_t)(t >> 32);
    if (last)
        v[14] = ~v[14];
    for (int r = 0; r < 10; r++) {
        const uint8_t *s = ref_blake2_sigma[r];
        G(0, 4, 8, 12, m[s[0]], m[s[1]]);
        G(1, 5, 9, 13, m[s[2]], m[s[3]]);
        G(2, 6, 10, 14, m[s[4]], m[s[5]]);
        G(3, 7, 11, 15, m[s[6]], m[s[7]]);
        G(0, 5, 10, 15, m[s[8]], m[s[9]]);
        G(1, 6, 11, 12, m[s[10]], m[s[11]]);
        G(2, 7, 8, 13, m[s[12]], m[s[13]]);
        G(3, 4, 9, 14, m[s[14]], m[s[15]]);
    }
    for (int i = 0; i < 8; i++)
        h[i] ^= v[i] ^ v[i + 8];
}

void ref_blake2s(const uint8_t *msg, size_t len, uint8_t out[32], ref_blake2s_compress_fn *f)
{
    uint32_t h[8];
    uint8_t last[REF_BLAKE2S_BLOCK] = {0};
    uint64_t t = 0;
    memcpy(h, ref_blake2s_iv, sizeof h);
    h[0] ^= 0x01010000UL ^ 32; /* depth 1, fanout 1, no key, 32-byte digest */
    for (; len > REF_BLAKE2S_BLOCK; len -= REF_BLAKE2S_BLOCK, msg += REF_BLAKE2S_BLOCK) {
        t += REF_BLAKE2S_BLOCK;
        f(h, msg, t, 0);
    }
    if (len)
        memcpy(last, msg, len);
    f(h, last, t + len, 1);
    for (int i = 0; i < 8; i++)
        ref_store32_le(out + 4 * i, h[i]);
    ref_wipe(h, sizeof h);
    ref_wipe(last, sizeof last);
}
