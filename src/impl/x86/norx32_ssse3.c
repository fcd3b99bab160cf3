/*
 * norx32_ssse3.c — F^4 of NORX32 with SSSE3 (norx_x86.h): a column step is
 * four G at once on the rows a, b, c, d; the diagonal step lines the
 * diagonals up by shuffling b, c and d, as for BLAKE2s.
 */
#include <immintrin.h>
#include "impl/x86/norx_x86.h"

/* H(x, y) = (x ^ y) ^ ((x & y) << 1), NORX's addition without carries. */
#define H(x, y) _mm_xor_si128(_mm_xor_si128((x), (y)), _mm_slli_epi32(_mm_and_si128((x), (y)), 1))
#define ROTR8(x) _mm_shuffle_epi8((x), r8)
#define ROTR11(x) _mm_or_si128(_mm_srli_epi32((x), 11), _mm_slli_epi32((x), 21))
#define ROTR16(x) _mm_shuffle_epi8((x), r16)
#define ROTR31(x) _mm_or_si128(_mm_srli_epi32((x), 31), _mm_add_epi32((x), (x)))

/* G on the four columns of a, b, c, d. */
#define G4()                                                                                  \
    do {                                                                                      \
        a = H(a, b);                                                                          \
        d = ROTR8(_mm_xor_si128(d, a));                                                       \
        c = H(c, d);                                                                          \
        b = ROTR11(_mm_xor_si128(b, c));                                                      \
        a = H(a, b);                                                                          \
        d = ROTR16(_mm_xor_si128(d, a));                                                      \
        c = H(c, d);                                                                          \
        b = ROTR31(_mm_xor_si128(b, c));                                                      \
    } while (0)

void x86_norx32_ssse3_permute(uint32_t s[16])
{
    const __m128i r8 = _mm_setr_epi8(1, 2, 3, 0, 5, 6, 7, 4, 9, 10, 11, 8, 13, 14, 15, 12);
    const __m128i r16 = _mm_setr_epi8(2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15, 12, 13);
    __m128i a = _mm_loadu_si128((const __m128i *)s);
    __m128i b = _mm_loadu_si128((const __m128i *)(s + 4));
    __m128i c = _mm_loadu_si128((const __m128i *)(s + 8));
    __m128i d = _mm_loadu_si128((const __m128i *)(s + 12));
    for (int r = 0; r < 4; r++) {
        G4();
        b = _mm_shuffle_epi32(b, _MM_SHUFFLE(0, 3, 2, 1));
        c = _mm_shuffle_epi32(c, _MM_SHUFFLE(1, 0, 3, 2));
        d = _mm_shuffle_epi32(d, _MM_SHUFFLE(2, 1, 0, 3));
        G4();
        b = _mm_shuffle_epi32(b, _MM_SHUFFLE(2, 1, 0, 3));
        c = _mm_shuffle_epi32(c, _MM_SHUFFLE(1, 0, 3, 2));
        d = _mm_shuffle_epi32(d, _MM_SHUFFLE(0, 3, 2, 1));
    }
    _mm_storeu_si128((__m128i *)s, a);
    _mm_storeu_si128((__m128i *)(s + 4), b);
    _mm_storeu_si128((__m128i *)(s + 8), c);
    _mm_storeu_si128((__m128i *)(s + 12), d);
}
