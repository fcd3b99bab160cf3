/*
 * gcm_vaes256.c — the bulk loop of AES-GCM with VAES and VPCLMULQDQ on
 * 256-bit vectors (see gcm_x86.h): eight counter blocks in four registers
 * of two, and eight ciphertext blocks multiplied by H^8..H^1 two at a time,
 * summed, folded to 128 bits and reduced once. Compiled with -mvaes
 * -mvpclmulqdq -mavx2 -maes -mpclmul -mssse3; run only where
 * cm_cpu_has("vaes,vpclmulqdq,avx2,...") says so.
 */
#include "impl/x86/ghash_internal.h"

/* Two 128-bit halves as one register: lo in lane 0. */
static inline __m256i pair(__m128i lo, __m128i hi)
{
    return _mm256_set_m128i(hi, lo);
}

/* The lanes' sum of a 256-bit value. */
static inline __m128i fold(__m256i v)
{
    return _mm_xor_si128(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1));
}

/* y = GHASH of eight blocks at p from y, as ghash8 (ghash_internal.h) with
 * two blocks per multiply. */
static __m128i ghash8_vpclmul(const x86_gcm_key *g, __m128i y, const uint8_t *p)
{
    const __m256i bswap = _mm256_broadcastsi128_si256(x86_bswap_mask());
    __m256i lo = _mm256_setzero_si256(), mid = lo, hi = lo;
#pragma GCC unroll 4
    for (int i = 0; i < 4; i++) {
        __m256i x = _mm256_shuffle_epi8(_mm256_loadu_si256((const __m256i *)(p + 32 * i)), bswap);
        if (i == 0)
            x = _mm256_xor_si256(x, pair(y, _mm_setzero_si128()));
        __m256i h = _mm256_loadu_si256((const __m256i *)g->h[2 * i]);
        lo = _mm256_xor_si256(lo, _mm256_clmulepi64_epi128(x, h, 0x00));
        hi = _mm256_xor_si256(hi, _mm256_clmulepi64_epi128(x, h, 0x11));
        mid = _mm256_xor_si256(mid, _mm256_xor_si256(_mm256_clmulepi64_epi128(x, h, 0x10),
                                                     _mm256_clmulepi64_epi128(x, h, 0x01)));
    }
    ghash_acc acc = {fold(lo), fold(mid), fold(hi)};
    return ghash_reduce(acc);
}

/* Eight counter blocks from *ctr (advanced) through every round, XORed
 * into 128 bytes of in. */
static void vaes_ctr8(const x86_aes_key *k, __m128i *ctr, const uint8_t *in, uint8_t *out)
{
    const __m128i bswap = x86_bswap_mask(), one = _mm_set_epi32(0, 0, 0, 1);
    __m256i b[4];
    __m256i rk = _mm256_broadcastsi128_si256(x86_rk(k, 0));
#pragma GCC unroll 4
    for (int i = 0; i < 4; i++) {
        __m128i c0 = *ctr, c1 = _mm_add_epi32(c0, one);
        *ctr = _mm_add_epi32(c1, one);
        b[i] = _mm256_xor_si256(pair(_mm_shuffle_epi8(c0, bswap), _mm_shuffle_epi8(c1, bswap)), rk);
    }
    for (unsigned r = 1; r < k->rounds; r++) {
        rk = _mm256_broadcastsi128_si256(x86_rk(k, r));
#pragma GCC unroll 4
        for (int i = 0; i < 4; i++)
            b[i] = _mm256_aesenc_epi128(b[i], rk);
    }
    rk = _mm256_broadcastsi128_si256(x86_rk(k, k->rounds));
#pragma GCC unroll 4
    for (int i = 0; i < 4; i++)
        _mm256_storeu_si256((__m256i *)(out + 32 * i),
                            _mm256_xor_si256(_mm256_aesenclast_epi128(b[i], rk),
                                             _mm256_loadu_si256((const __m256i *)(in + 32 * i))));
}

/* See x86_gcm_bulk_fn (ghash_internal.h); the groups are stitched as in
 * gcm_aesni.c (the hash one group behind when encrypting). */
static size_t vaes256_bulk(const x86_gcm_key *g, __m128i *ctr, __m128i *y, const uint8_t *in,
                           uint8_t *out, size_t len, int enc)
{
    size_t done = 0;
    for (; len - done >= 128; done += 128) {
        if (!enc)
            *y = ghash8_vpclmul(g, *y, in + done);
        else if (done)
            *y = ghash8_vpclmul(g, *y, out + done - 128);
        vaes_ctr8(&g->aes, ctr, in + done, out + done);
    }
    if (enc && done)
        *y = ghash8_vpclmul(g, *y, out + done - 128);
    return done;
}

/* See gcm_x86.h. */
cm_rc x86_vaes256_gcm_seal(const x86_gcm_key *g, const uint8_t *nonce, size_t nonce_len,
                           const uint8_t *aad, size_t aad_len, const uint8_t *in, size_t len,
                           uint8_t *out, uint8_t *tag, size_t tag_len)
{
    return x86_gcm_crypt(g, vaes256_bulk, nonce, nonce_len, aad, aad_len, in, len, out, tag,
                         NULL, tag_len);
}

/* See gcm_x86.h. */
cm_rc x86_vaes256_gcm_open(const x86_gcm_key *g, const uint8_t *nonce, size_t nonce_len,
                           const uint8_t *aad, size_t aad_len, const uint8_t *in, size_t len,
                           uint8_t *out, const uint8_t *tag, size_t tag_len)
{
    return x86_gcm_crypt(g, vaes256_bulk, nonce, nonce_len, aad, aad_len, in, len, out, NULL,
                         tag, tag_len);
}
