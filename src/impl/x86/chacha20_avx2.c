/*
 * chacha20_avx2.c — ChaCha20 eight blocks at a time (chacha20_avx2.h):
 * register i holds state word i of eight consecutive blocks, so a quarter
 * round is four vector instructions per step for all eight; the words are
 * then transposed back into eight 64-byte blocks.
 */
#include <immintrin.h>
#include <string.h>
#include "impl/x86/chacha20_avx2.h"

#define ROTL(x, n) _mm256_or_si256(_mm256_slli_epi32((x), (n)), _mm256_srli_epi32((x), 32 - (n)))
#define QR(a, b, c, d)                                                                        \
    do {                                                                                      \
        x[a] = _mm256_add_epi32(x[a], x[b]);                                                  \
        x[d] = _mm256_shuffle_epi8(_mm256_xor_si256(x[d], x[a]), r16);                        \
        x[c] = _mm256_add_epi32(x[c], x[d]);                                                  \
        x[b] = ROTL(_mm256_xor_si256(x[b], x[c]), 12);                                        \
        x[a] = _mm256_add_epi32(x[a], x[b]);                                                  \
        x[d] = _mm256_shuffle_epi8(_mm256_xor_si256(x[d], x[a]), r8);                         \
        x[c] = _mm256_add_epi32(x[c], x[d]);                                                  \
        x[b] = ROTL(_mm256_xor_si256(x[b], x[c]), 7);                                         \
    } while (0)

/* out[j] = words 0..7 (of x[0..7]) of block j, for the eight blocks. */
static void transpose8(const __m256i x[8], __m256i out[8])
{
    __m256i t[8], u[8];
    for (int i = 0; i < 4; i++) {
        t[2 * i] = _mm256_unpacklo_epi32(x[2 * i], x[2 * i + 1]);
        t[2 * i + 1] = _mm256_unpackhi_epi32(x[2 * i], x[2 * i + 1]);
    }
    for (int i = 0; i < 2; i++) {
        u[4 * i] = _mm256_unpacklo_epi64(t[4 * i], t[4 * i + 2]);
        u[4 * i + 1] = _mm256_unpackhi_epi64(t[4 * i], t[4 * i + 2]);
        u[4 * i + 2] = _mm256_unpacklo_epi64(t[4 * i + 1], t[4 * i + 3]);
        u[4 * i + 3] = _mm256_unpackhi_epi64(t[4 * i + 1], t[4 * i + 3]);
    }
    for (int j = 0; j < 4; j++) {
        out[j] = _mm256_permute2x128_si256(u[j], u[j + 4], 0x20);
        out[j + 4] = _mm256_permute2x128_si256(u[j], u[j + 4], 0x31);
    }
}

void x86_chacha20_avx2_xor(const ref_chacha20_key *k, const uint8_t nonce[12], uint32_t counter,
                           const uint8_t *in, uint8_t *out, size_t len)
{
    const __m256i r16 = _mm256_setr_epi8(2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13,
                                         2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13);
    const __m256i r8 = _mm256_setr_epi8(3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14,
                                        3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12, 13, 14);
    uint32_t n[3];
    __m256i s[16];
    memcpy(n, nonce, sizeof n); /* x86-64 is little-endian */
    s[0] = _mm256_set1_epi32(0x61707865);
    s[1] = _mm256_set1_epi32(0x3320646e);
    s[2] = _mm256_set1_epi32(0x79622d32);
    s[3] = _mm256_set1_epi32(0x6b206574);
    for (int i = 0; i < 8; i++)
        s[4 + i] = _mm256_set1_epi32((int)k->k[i]);
    for (int i = 0; i < 3; i++)
        s[13 + i] = _mm256_set1_epi32((int)n[i]);
    for (; len >= 512; len -= 512, in += 512, out += 512, counter += 8) {
        __m256i x[16], lo[8], hi[8];
        s[12] = _mm256_add_epi32(_mm256_set1_epi32((int)counter),
                                 _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
        memcpy(x, s, sizeof x);
        for (int r = 0; r < 10; r++) {
            QR(0, 4, 8, 12);
            QR(1, 5, 9, 13);
            QR(2, 6, 10, 14);
            QR(3, 7, 11, 15);
            QR(0, 5, 10, 15);
            QR(1, 6, 11, 12);
            QR(2, 7, 8, 13);
            QR(3, 4, 9, 14);
        }
        for (int i = 0; i < 16; i++)
            x[i] = _mm256_add_epi32(x[i], s[i]);
        transpose8(x, lo);
        transpose8(x + 8, hi);
        for (int j = 0; j < 8; j++) {
            const __m256i *pi = (const __m256i *)(in + 64 * j);
            __m256i *po = (__m256i *)(out + 64 * j);
            _mm256_storeu_si256(po, _mm256_xor_si256(_mm256_loadu_si256(pi), lo[j]));
            _mm256_storeu_si256(po + 1, _mm256_xor_si256(_mm256_loadu_si256(pi + 1), hi[j]));
        }
    }
    if (len)
        ref_chacha20_xor(k, nonce, counter, in, out, len);
}
