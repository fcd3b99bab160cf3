/*
 * sha_ni.c — SHA-1 and SHA-256 block compressions with SHA1RNDS4,
 * SHA1NEXTE, SHA1MSG1/2 and SHA256RNDS2, SHA256MSG1/2 (sha_ni.h). The
 * state is kept as the instructions want it (ABCD and E for SHA-1; ABEF
 * and CDGH for SHA-256) across the blocks of one call.
 */
#include <immintrin.h>
#include "impl/ref/sha256.h"
#include "impl/x86/sha_ni.h"

/* ---- SHA-1 ----------------------------------------------------------------- */

/* W[g] (four words) from W[g-4] (in w0, overwritten), W[g-3], W[g-2], W[g-1]. */
#define SHA1_SCHED(w0, w1, w2, w3)                                                            \
    w0 = _mm_sha1msg2_epu32(_mm_xor_si128(_mm_sha1msg1_epu32(w0, w1), w2), w3)
/* Four rounds with function f: cur takes the E of this group from W, nxt
 * keeps ABCD for the next group's E. */
#define SHA1_ROUNDS(cur, nxt, w, f)                                                           \
    do {                                                                                      \
        cur = _mm_sha1nexte_epu32(cur, w);                                                    \
        nxt = abcd;                                                                           \
        abcd = _mm_sha1rnds4_epu32(abcd, cur, f);                                             \
    } while (0)

void x86_shani_sha1_blocks(uint32_t h[5], const uint8_t *p, size_t n)
{
    const __m128i bswap = _mm_set_epi64x(0x0001020304050607LL, 0x08090a0b0c0d0e0fLL);
    __m128i abcd = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)h), 0x1b);
    __m128i e0 = _mm_set_epi32((int)h[4], 0, 0, 0), e1;
    for (; n; n--, p += 64) {
        const __m128i abcd_save = abcd, e_save = e0;
        __m128i w0 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)p), bswap);
        __m128i w1 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(p + 16)), bswap);
        __m128i w2 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(p + 32)), bswap);
        __m128i w3 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(p + 48)), bswap);
        e0 = _mm_add_epi32(e0, w0);
        e1 = abcd;
        abcd = _mm_sha1rnds4_epu32(abcd, e0, 0);
        SHA1_ROUNDS(e1, e0, w1, 0);
        SHA1_ROUNDS(e0, e1, w2, 0);
        SHA1_ROUNDS(e1, e0, w3, 0);
        SHA1_SCHED(w0, w1, w2, w3); SHA1_ROUNDS(e0, e1, w0, 0);  /* rounds 16-19 */
        SHA1_SCHED(w1, w2, w3, w0); SHA1_ROUNDS(e1, e0, w1, 1);
        SHA1_SCHED(w2, w3, w0, w1); SHA1_ROUNDS(e0, e1, w2, 1);
        SHA1_SCHED(w3, w0, w1, w2); SHA1_ROUNDS(e1, e0, w3, 1);
        SHA1_SCHED(w0, w1, w2, w3); SHA1_ROUNDS(e0, e1, w0, 1);
        SHA1_SCHED(w1, w2, w3, w0); SHA1_ROUNDS(e1, e0, w1, 1);  /* rounds 36-39 */
        SHA1_SCHED(w2, w3, w0, w1); SHA1_ROUNDS(e0, e1, w2, 2);
        SHA1_SCHED(w3, w0, w1, w2); SHA1_ROUNDS(e1, e0, w3, 2);
        SHA1_SCHED(w0, w1, w2, w3); SHA1_ROUNDS(e0, e1, w0, 2);
        SHA1_SCHED(w1, w2, w3, w0); SHA1_ROUNDS(e1, e0, w1, 2);
        SHA1_SCHED(w2, w3, w0, w1); SHA1_ROUNDS(e0, e1, w2, 2);  /* rounds 56-59 */
        SHA1_SCHED(w3, w0, w1, w2); SHA1_ROUNDS(e1, e0, w3, 3);
        SHA1_SCHED(w0, w1, w2, w3); SHA1_ROUNDS(e0, e1, w0, 3);
        SHA1_SCHED(w1, w2, w3, w0); SHA1_ROUNDS(e1, e0, w1, 3);
        SHA1_SCHED(w2, w3, w0, w1); SHA1_ROUNDS(e0, e1, w2, 3);
        SHA1_SCHED(w3, w0, w1, w2); SHA1_ROUNDS(e1, e0, w3, 3);  /* rounds 76-79 */
        e0 = _mm_sha1nexte_epu32(e0, e_save);
        abcd = _mm_add_epi32(abcd, abcd_save);
    }
    _mm_storeu_si128((__m128i *)h, _mm_shuffle_epi32(abcd, 0x1b));
    h[4] = (uint32_t)_mm_extract_epi32(e0, 3);
}

/* ---- SHA-256 --------------------------------------------------------------- */

/* W[g] from W[g-4] (in w0, overwritten), W[g-3], W[g-2], W[g-1]. */
#define SHA256_SCHED(w0, w1, w2, w3)                                                          \
    w0 = _mm_sha256msg2_epu32(                                                                \
        _mm_add_epi32(_mm_sha256msg1_epu32(w0, w1), _mm_alignr_epi8(w3, w2, 4)), w3)
/* Rounds 4g .. 4g+3 with the words w. */
#define SHA256_ROUNDS(g, w)                                                                   \
    do {                                                                                      \
        __m128i k_ = _mm_add_epi32(w, _mm_loadu_si128((const __m128i *)&ref_sha256_k[4 * (g)])); \
        cdgh = _mm_sha256rnds2_epu32(cdgh, abef, k_);                                         \
        abef = _mm_sha256rnds2_epu32(abef, cdgh, _mm_shuffle_epi32(k_, 0x0e));                \
    } while (0)

void x86_shani_sha256_blocks(uint32_t h[8], const uint8_t *p, size_t n)
{
    const __m128i bswap = _mm_set_epi64x(0x0c0d0e0f08090a0bLL, 0x0405060700010203LL);
    __m128i dcba = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)h), 0xb1);
    __m128i hgfe = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)(h + 4)), 0x1b);
    __m128i abef = _mm_alignr_epi8(dcba, hgfe, 8);
    __m128i cdgh = _mm_blend_epi16(hgfe, dcba, 0xf0);
    for (; n; n--, p += 64) {
        const __m128i abef_save = abef, cdgh_save = cdgh;
        __m128i w0 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)p), bswap);
        __m128i w1 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(p + 16)), bswap);
        __m128i w2 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(p + 32)), bswap);
        __m128i w3 = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(p + 48)), bswap);
        SHA256_ROUNDS(0, w0);
        SHA256_ROUNDS(1, w1);
        SHA256_ROUNDS(2, w2);
        SHA256_ROUNDS(3, w3);
        for (int g = 4; g < 16; g += 4) {
            SHA256_SCHED(w0, w1, w2, w3); SHA256_ROUNDS(g, w0);
            SHA256_SCHED(w1, w2, w3, w0); SHA256_ROUNDS(g + 1, w1);
            SHA256_SCHED(w2, w3, w0, w1); SHA256_ROUNDS(g + 2, w2);
            SHA256_SCHED(w3, w0, w1, w2); SHA256_ROUNDS(g + 3, w3);
        }
        abef = _mm_add_epi32(abef, abef_save);
        cdgh = _mm_add_epi32(cdgh, cdgh_save);
    }
    {
        __m128i feba = _mm_shuffle_epi32(abef, 0x1b);
        __m128i dchg = _mm_shuffle_epi32(cdgh, 0xb1);
        _mm_storeu_si128((__m128i *)h, _mm_blend_epi16(feba, dchg, 0xf0));
        _mm_storeu_si128((__m128i *)(h + 4), _mm_alignr_epi8(dchg, feba, 8));
    }
}
