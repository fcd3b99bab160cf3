/*
 * blake2s_sse41.c — the BLAKE2s compression with SSE4.1 (blake2_x86.h):
 * the rows a, b, c, d of the 4x4 state in four xmm registers, the column
 * and diagonal steps as four G at once, the diagonals lined up by
 * shuffling b, c and d. Message words are gathered per round by sigma
 * (PINSRD).
 */
#include <immintrin.h>
#include <string.h>
#include "impl/ref/blake2.h"
#include "impl/x86/blake2_x86.h"

#define ROTR16(x) _mm_shuffle_epi8((x), r16)
#define ROTR8(x) _mm_shuffle_epi8((x), r8)
#define ROTR12(x) _mm_or_si128(_mm_srli_epi32((x), 12), _mm_slli_epi32((x), 20))
#define ROTR7(x) _mm_or_si128(_mm_srli_epi32((x), 7), _mm_slli_epi32((x), 25))

/* Half of G on four columns (see blake2b_avx2.c). */
#define HALF_G(m, R1, R2)                                                                     \
    do {                                                                                      \
        a = _mm_add_epi32(_mm_add_epi32(a, b), (m));                                          \
        d = R1(_mm_xor_si128(d, a));                                                          \
        c = _mm_add_epi32(c, d);                                                              \
        b = R2(_mm_xor_si128(b, c));                                                          \
    } while (0)

#define MSG(i, j, k, l) _mm_set_epi32((int)m[s[l]], (int)m[s[k]], (int)m[s[j]], (int)m[s[i]])

void x86_blake2s_sse41_compress(uint32_t h[8], const uint8_t block[64], uint64_t t, int last)
{
    const __m128i r16 = _mm_setr_epi8(2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13);
    const __m128i r8 = _mm_setr_epi8(1, 2, 3, 0, 5, 6, 7, 4, 9, 10, 11, 8, 13, 14, 15, 12);
    uint32_t m[16];
    memcpy(m, block, sizeof m); /* x86-64 is little-endian */
    const __m128i h0 = _mm_loadu_si128((const __m128i *)h);
    const __m128i h1 = _mm_loadu_si128((const __m128i *)(h + 4));
    __m128i a = h0, b = h1;
    __m128i c = _mm_loadu_si128((const __m128i *)ref_blake2s_iv);
    __m128i d = _mm_xor_si128(_mm_loadu_si128((const __m128i *)(ref_blake2s_iv + 4)),
                              _mm_set_epi32(0, last ? -1 : 0, (int)(uint32_t)(t >> 32),
                                            (int)(uint32_t)t));
    for (int r = 0; r < 10; r++) {
        const uint8_t *s = ref_blake2_sigma[r];
        HALF_G(MSG(0, 2, 4, 6), ROTR16, ROTR12);
        HALF_G(MSG(1, 3, 5, 7), ROTR8, ROTR7);
        b = _mm_shuffle_epi32(b, _MM_SHUFFLE(0, 3, 2, 1));
        c = _mm_shuffle_epi32(c, _MM_SHUFFLE(1, 0, 3, 2));
        d = _mm_shuffle_epi32(d, _MM_SHUFFLE(2, 1, 0, 3));
        HALF_G(MSG(8, 10, 12, 14), ROTR16, ROTR12);
        HALF_G(MSG(9, 11, 13, 15), ROTR8, ROTR7);
        b = _mm_shuffle_epi32(b, _MM_SHUFFLE(2, 1, 0, 3));
        c = _mm_shuffle_epi32(c, _MM_SHUFFLE(1, 0, 3, 2));
        d = _mm_shuffle_epi32(d, _MM_SHUFFLE(0, 3, 2, 1));
    }
    _mm_storeu_si128((__m128i *)h, _mm_xor_si128(h0, _mm_xor_si128(a, c)));
    _mm_storeu_si128((__m128i *)(h + 4), _mm_xor_si128(h1, _mm_xor_si128(b, d)));
}
