/*
 * norx64_avx2.c — F^4 of NORX64 with AVX2 (norx_x86.h): a column step is
 * four G at once on the rows a, b, c, d; the diagonal step lines the
 * diagonals up by rotating b, c and d across lanes, as for BLAKE2b.
 */
#include <immintrin.h>
#include "impl/x86/norx_x86.h"

/* H(x, y) = (x ^ y) ^ ((x & y) << 1), NORX's addition without carries. */
#define H(x, y) _mm256_xor_si256(_mm256_xor_si256((x), (y)), _mm256_slli_epi64(_mm256_and_si256((x), (y)), 1))
#define ROTR8(x) _mm256_shuffle_epi8((x), r8)
#define ROTR19(x) _mm256_or_si256(_mm256_srli_epi64((x), 19), _mm256_slli_epi64((x), 45))
#define ROTR40(x) _mm256_shuffle_epi8((x), r40)
#define ROTR63(x) _mm256_or_si256(_mm256_srli_epi64((x), 63), _mm256_add_epi64((x), (x)))

/* G on the four columns of a, b, c, d. */
#define G4()                                                                                  \
    do {                                                                                      \
        a = H(a, b);                                                                          \
        d = ROTR8(_mm256_xor_si256(d, a));                                                    \
        c = H(c, d);                                                                          \
        b = ROTR19(_mm256_xor_si256(b, c));                                                   \
        a = H(a, b);                                                                          \
        d = ROTR40(_mm256_xor_si256(d, a));                                                   \
        c = H(c, d);                                                                          \
        b = ROTR63(_mm256_xor_si256(b, c));                                                   \
    } while (0)

void x86_norx64_avx2_permute(uint64_t s[16])
{
    const __m256i r8 = _mm256_setr_epi8(1, 2, 3, 4, 5, 6, 7, 0, 9, 10, 11, 12, 13, 14, 15, 8,
                                        1, 2, 3, 4, 5, 6, 7, 0, 9, 10, 11, 12, 13, 14, 15, 8);
    const __m256i r40 = _mm256_setr_epi8(5, 6, 7, 0, 1, 2, 3, 4, 13, 14, 15, 8, 9, 10, 11, 12,
                                         5, 6, 7, 0, 1, 2, 3, 4, 13, 14, 15, 8, 9, 10, 11, 12);
    __m256i a = _mm256_loadu_si256((const __m256i *)s);
    __m256i b = _mm256_loadu_si256((const __m256i *)(s + 4));
    __m256i c = _mm256_loadu_si256((const __m256i *)(s + 8));
    __m256i d = _mm256_loadu_si256((const __m256i *)(s + 12));
    for (int r = 0; r < 4; r++) {
        G4();
        b = _mm256_permute4x64_epi64(b, _MM_SHUFFLE(0, 3, 2, 1));
        c = _mm256_permute4x64_epi64(c, _MM_SHUFFLE(1, 0, 3, 2));
        d = _mm256_permute4x64_epi64(d, _MM_SHUFFLE(2, 1, 0, 3));
        G4();
        b = _mm256_permute4x64_epi64(b, _MM_SHUFFLE(2, 1, 0, 3));
        c = _mm256_permute4x64_epi64(c, _MM_SHUFFLE(1, 0, 3, 2));
        d = _mm256_permute4x64_epi64(d, _MM_SHUFFLE(0, 3, 2, 1));
    }
    _mm256_storeu_si256((__m256i *)s, a);
    _mm256_storeu_si256((__m256i *)(s + 4), b);
    _mm256_storeu_si256((__m256i *)(s + 8), c);
    _mm256_storeu_si256((__m256i *)(s + 12), d);
}
