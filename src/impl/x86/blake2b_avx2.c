/*
 * blake2b_avx2.c — the BLAKE2b compression with AVX2 (blake2_x86.h): the
 * rows a, b, c, d of the 4x4 state in four ymm registers, the column and
 * diagonal steps as four G at once, the diagonals lined up by rotating b,
 * c and d across lanes. Message words are gathered per round by sigma.
 */
#include <immintrin.h>
#include <string.h>
#include "impl/ref/blake2.h"
#include "impl/x86/blake2_x86.h"

#define ROTR32(x) _mm256_shuffle_epi32((x), _MM_SHUFFLE(2, 3, 0, 1))
#define ROTR24(x) _mm256_shuffle_epi8((x), r24)
#define ROTR16(x) _mm256_shuffle_epi8((x), r16)
#define ROTR63(x) _mm256_or_si256(_mm256_srli_epi64((x), 63), _mm256_add_epi64((x), (x)))

/* Half of G on four columns: a += b + m; d = (d ^ a) >>> r1; c += d;
 * b = (b ^ c) >>> r2. */
#define HALF_G(m, R1, R2)                                                                     \
    do {                                                                                      \
        a = _mm256_add_epi64(_mm256_add_epi64(a, b), (m));                                    \
        d = R1(_mm256_xor_si256(d, a));                                                       \
        c = _mm256_add_epi64(c, d);                                                           \
        b = R2(_mm256_xor_si256(b, c));                                                       \
    } while (0)

#define MSG(i, j, k, l) _mm256_set_epi64x((long long)m[s[l]], (long long)m[s[k]],            \
                                          (long long)m[s[j]], (long long)m[s[i]])

void x86_blake2b_avx2_compress(uint64_t h[8], const uint8_t block[128], uint64_t t, int last)
{
    const __m256i r24 = _mm256_setr_epi8(3, 4, 5, 6, 7, 0, 1, 2, 11, 12, 13, 14, 15, 8, 9, 10,
                                         3, 4, 5, 6, 7, 0, 1, 2, 11, 12, 13, 14, 15, 8, 9, 10);
    const __m256i r16 = _mm256_setr_epi8(2, 3, 4, 5, 6, 7, 0, 1, 10, 11, 12, 13, 14, 15, 8, 9,
                                         2, 3, 4, 5, 6, 7, 0, 1, 10, 11, 12, 13, 14, 15, 8, 9);
    uint64_t m[16];
    memcpy(m, block, sizeof m); /* x86-64 is little-endian */
    const __m256i h0 = _mm256_loadu_si256((const __m256i *)h);
    const __m256i h1 = _mm256_loadu_si256((const __m256i *)(h + 4));
    __m256i a = h0, b = h1;
    __m256i c = _mm256_loadu_si256((const __m256i *)ref_blake2b_iv);
    __m256i d = _mm256_xor_si256(_mm256_loadu_si256((const __m256i *)(ref_blake2b_iv + 4)),
                                 _mm256_set_epi64x(0, last ? -1LL : 0, 0, (long long)t));
    for (int r = 0; r < 12; r++) {
        const uint8_t *s = ref_blake2_sigma[r % 10];
        HALF_G(MSG(0, 2, 4, 6), ROTR32, ROTR24);
        HALF_G(MSG(1, 3, 5, 7), ROTR16, ROTR63);
        b = _mm256_permute4x64_epi64(b, _MM_SHUFFLE(0, 3, 2, 1));
        c = _mm256_permute4x64_epi64(c, _MM_SHUFFLE(1, 0, 3, 2));
        d = _mm256_permute4x64_epi64(d, _MM_SHUFFLE(2, 1, 0, 3));
        HALF_G(MSG(8, 10, 12, 14), ROTR32, ROTR24);
        HALF_G(MSG(9, 11, 13, 15), ROTR16, ROTR63);
        b = _mm256_permute4x64_epi64(b, _MM_SHUFFLE(2, 1, 0, 3));
        c = _mm256_permute4x64_epi64(c, _MM_SHUFFLE(1, 0, 3, 2));
        d = _mm256_permute4x64_epi64(d, _MM_SHUFFLE(0, 3, 2, 1));
    }
    _mm256_storeu_si256((__m256i *)h, _mm256_xor_si256(h0, _mm256_xor_si256(a, c)));
    _mm256_storeu_si256((__m256i *)(h + 4), _mm256_xor_si256(h1, _mm256_xor_si256(b, d)));
}
