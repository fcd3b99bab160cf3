/*
 * gcm_vaes512.c — the bulk loop of AES-GCM with VAES and VPCLMULQDQ on
 * 512-bit vectors (see gcm_x86.h): eight counter blocks in two registers
 * of four, and eight ciphertext blocks multiplied by H^8..H^1 four at a
 * time, summed, folded to 128 bits and reduced once. Compiled with -mvaes
 * -mvpclmulqdq -mavx512f -mavx512bw -maes -mpclmul -mssse3; run only where
 * cm_cpu_has("vaes,vpclmulqdq,avx512f,avx512bw,...") says so.
 */
#include "impl/x86/ghash_internal.h"

/* The lanes' sum of a 512-bit value. */
static inline __m128i fold(__m512i v)
{
    __m256i h = _mm256_xor_si256(_mm512_castsi512_si256(v), _mm512_extracti64x4_epi64(v, 1));
    return _mm_xor_si128(_mm256_castsi256_si128(h), _mm256_extracti128_si256(h, 1));
}

/* y = GHASH of eight blocks at p from y, as ghash8 (ghash_internal.h) with
 * four blocks per multiply. */
static __m128i ghash8_vpclmul512(const x86_gcm_key *g, __m128i y, const uint8_t *p)
{
    const __m512i bswap = _mm512_broadcast_i32x4(x86_bswap_mask());
    __m512i lo = _mm512_setzero_si512(), mid = lo, hi = lo;
    for (int i = 0; i < 2; i++) {
        __m512i x = _mm512_shuffle_epi8(_mm512_loadu_si512(p + 64 * i), bswap);
        if (i == 0)
            x = _mm512_xor_si512(x, _mm512_zextsi128_si512(y));
        __m512i h = _mm512_loadu_si512(g->h[4 * i]);
        lo = _mm512_xor_si512(lo, _mm512_clmulepi64_epi128(x, h, 0x00));
        hi = _mm512_xor_si512(hi, _mm512_clmulepi64_epi128(x, h, 0x11));
        mid = _mm512_xor_si512(mid, _mm512_xor_si512(_mm512_clmulepi64_epi128(x, h, 0x10),
                                                     _mm512_clmulepi64_epi128(x, h, 0x01)));
    }
    ghash_acc acc = {fold(lo), fold(mid), fold(hi)};
    return ghash_reduce(acc);
}

/* Eight counter blocks from *ctr (advanced) through every round, XORed
 * into 128 bytes of in. */
static void vaes512_ctr8(const x86_aes_key *k, __m128i *ctr, const uint8_t *in, uint8_t *out)
{
    const __m128i bswap = x86_bswap_mask(), one = _mm_set_epi32(0, 0, 0, 1);
    __m128i c[8];
    for (int i = 0; i < 8; i++) {
        c[i] = _mm_shuffle_epi8(*ctr, bswap);
        *ctr = _mm_add_epi32(*ctr, one);
    }
    __m512i rk = _mm512_broadcast_i32x4(x86_rk(k, 0)), b[2];
    for (int i = 0; i < 2; i++)
        b[i] = _mm512_xor_si512(
            _mm512_inserti64x4(_mm512_castsi256_si512(_mm256_set_m128i(c[4 * i + 1], c[4 * i])),
                               _mm256_set_m128i(c[4 * i + 3], c[4 * i + 2]), 1),
            rk);
    for (unsigned r = 1; r < k->rounds; r++) {
        rk = _mm512_broadcast_i32x4(x86_rk(k, r));
        b[0] = _mm512_aesenc_epi128(b[0], rk);
        b[1] = _mm512_aesenc_epi128(b[1], rk);
    }
    rk = _mm512_broadcast_i32x4(x86_rk(k, k->rounds));
    for (int i = 0; i < 2; i++)
        _mm512_storeu_si512(out + 64 * i,
                            _mm512_xor_si512(_mm512_aesenclast_epi128(b[i], rk),
                                             _mm512_loadu_si512(in + 64 * i)));
}

/* See x86_gcm_bulk_fn (ghash_internal.h); the groups are stitched as in
 * gcm_aesni.c (the hash one group behind when encrypting). */
static size_t vaes512_bulk(const x86_gcm_key *g, __m128i *ctr, __m128i *y, const uint8_t *in,
                           uint8_t *out, size_t len, int enc)
{
    size_t done = 0;
    for (; len - done >= 128; done += 128) {
        if (!enc)
            *y = ghash8_vpclmul512(g, *y, in + done);
        else if (done)
            *y = ghash8_vpclmul512(g, *y, out + done - 128);
        vaes512_ctr8(&g->aes, ctr, in + done, out + done);
    }
    if (enc && done)
        *y = ghash8_vpclmul512(g, *y, out + done - 128);
    return done;
}

/* See gcm_x86.h. */
cm_rc x86_vaes512_gcm_seal(const x86_gcm_key *g, const uint8_t *nonce, size_t nonce_len,
                           const uint8_t *aad, size_t aad_len, const uint8_t *in, size_t len,
                           uint8_t *out, uint8_t *tag, size_t tag_len)
{
    return x86_gcm_crypt(g, vaes512_bulk, nonce, nonce_len, aad, aad_len, in, len, out, tag,
                         NULL, tag_len);
}

/* See gcm_x86.h. */
cm_rc x86_vaes512_gcm_open(const x86_gcm_key *g, const uint8_t *nonce, size_t nonce_len,
                           const uint8_t *aad, size_t aad_len, const uint8_t *in, size_t len,
                           uint8_t *out, const uint8_t *tag, size_t tag_len)
{
    return x86_gcm_crypt(g, vaes512_bulk, nonce, nonce_len, aad, aad_len, in, len, out, NULL,
                         tag, tag_len);
}
