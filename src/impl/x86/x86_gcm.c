/*
 * x86_gcm.c — what the x86 AES-GCM variants share (see gcm_x86.h): the key
 * with the powers of H, the pre-counter block from the nonce, GHASH of the
 * AAD, the blocks after the variant's bulk loop, and the tag. Compiled
 * with -maes -mpclmul -mssse3.
 */
#include "impl/x86/ghash_internal.h"

/* See gcm_x86.h. */
cm_rc x86_gcm_set_key(x86_gcm_key *g, const uint8_t *key, size_t key_len)
{
    cm_rc rc = x86_aesni_set_key(&g->aes, key, key_len);
    if (rc != CM_OK)
        return rc;
    __m128i h = x86_aes_encrypt1(&g->aes, _mm_setzero_si128());
    h = _mm_shuffle_epi8(h, x86_bswap_mask());
    __m128i p = h;
    for (int i = 7; i >= 0; i--) {
        _mm_store_si128((__m128i *)g->h[i], p);
        p = ghash_mul(p, h);
    }
    return CM_OK;
}

/* GHASH of len bytes (the last block zero-padded) into y. */
static __m128i ghash_bytes(const x86_gcm_key *g, __m128i y, const uint8_t *p, size_t len)
{
    const __m128i h = ghash_h(g, 7);
    for (; len >= 128; p += 128, len -= 128)
        y = ghash8(g, y, p);
    for (; len >= 16; p += 16, len -= 16)
        y = ghash_mul(_mm_xor_si128(y, ghash_load(p)), h);
    if (len) {
        uint8_t last[16] = {0};
        memcpy(last, p, len);
        y = ghash_mul(_mm_xor_si128(y, ghash_load(last)), h);
    }
    return y;
}

/* GHASH of the block of two 64-bit bit counts. */
static __m128i ghash_lengths(const x86_gcm_key *g, __m128i y, uint64_t a_bytes, uint64_t b_bytes)
{
    /* byte-reversed, the block [a]_64 || [b]_64 is the integer a:b... with
     * a in the high lane */
    __m128i x = _mm_set_epi64x((long long)(a_bytes * 8), (long long)(b_bytes * 8));
    return ghash_mul(_mm_xor_si128(y, x), ghash_h(g, 7));
}

/* Checks the parameters (those of ref_gcm_seal) and returns the
 * pre-counter block J0, byte-reversed, in *j0. */
static cm_rc gcm_start(const x86_gcm_key *g, const uint8_t *nonce, size_t nonce_len,
                       size_t aad_len, size_t len, size_t tag_len, __m128i *j0)
{
    if (nonce_len == 0 || tag_len == 0 || tag_len > 16)
        return CM_ERR_UNSUPPORTED;
#if SIZE_MAX > 0xffffffffu
    if ((uint64_t)len > ((uint64_t)1 << 36) - 32 || (uint64_t)aad_len >> 61 != 0 ||
        (uint64_t)nonce_len >> 61 != 0)
        return CM_ERR_INVALID;
#else
    (void)aad_len, (void)len;
#endif
    if (nonce_len == 12) { /* J0 = IV || 0^31 || 1 */
        uint8_t b[16] = {0};
        memcpy(b, nonce, 12);
        b[15] = 1;
        *j0 = ghash_load(b);
    } else { /* J0 = GHASH(IV || 0-pad || 0^64 || [len(IV)]_64) */
        *j0 = ghash_lengths(g, ghash_bytes(g, _mm_setzero_si128(), nonce, nonce_len), 0,
                            nonce_len);
    }
    return CM_OK;
}

/* inc32 of SP 800-38D on a byte-reversed counter block: the low 32-bit
 * lane plus one, wrapping within the lane. */
static inline __m128i inc32(__m128i c)
{
    return _mm_add_epi32(c, _mm_set_epi32(0, 0, 0, 1));
}

/* The blocks after the bulk loop, one at a time, the last one partial. */
static __m128i gcm_tail(const x86_gcm_key *g, __m128i *ctr, __m128i y, const uint8_t *in,
                        uint8_t *out, size_t len, int enc)
{
    const __m128i bswap = x86_bswap_mask(), h = ghash_h(g, 7);
    for (; len; in += 16, out += 16) {
        size_t n = len < 16 ? len : 16;
        uint8_t c[16] = {0};
        __m128i ks = x86_aes_encrypt1(&g->aes, _mm_shuffle_epi8(*ctr, bswap));
        *ctr = inc32(*ctr);
        if (!enc)
            memcpy(c, in, n);
        x86_xor_partial(out, in, ks, n);
        if (enc)
            memcpy(c, out, n);
        y = ghash_mul(_mm_xor_si128(y, ghash_load(c)), h);
        len -= n;
    }
    return y;
}

/* 1 when the first n bytes of a and b are equal, in time independent of
 * where they differ. */
static int equal_ct(const uint8_t *a, const uint8_t *b, size_t n)
{
    uint8_t d = 0;
    for (size_t i = 0; i < n; i++)
        d |= a[i] ^ b[i];
    return d == 0;
}

/* See ghash_internal.h. */
cm_rc x86_gcm_crypt(const x86_gcm_key *g, x86_gcm_bulk_fn bulk, const uint8_t *nonce,
                    size_t nonce_len, const uint8_t *aad, size_t aad_len, const uint8_t *in,
                    size_t len, uint8_t *out, uint8_t *tag_out, const uint8_t *tag_check,
                    size_t tag_len)
{
    int enc = tag_out != NULL;
    __m128i j0;
    cm_rc rc = gcm_start(g, nonce, nonce_len, aad_len, len, tag_len, &j0);
    if (rc != CM_OK)
        return rc;
    __m128i ctr = inc32(j0);
    __m128i y = ghash_bytes(g, _mm_setzero_si128(), aad, aad_len);
    size_t done = bulk(g, &ctr, &y, in, out, len, enc);
    y = gcm_tail(g, &ctr, y, in + done, out + done, len - done, enc);
    y = ghash_lengths(g, y, aad_len, len);
    __m128i full = _mm_xor_si128(_mm_shuffle_epi8(y, x86_bswap_mask()),
                                 x86_aes_encrypt1(&g->aes, _mm_shuffle_epi8(j0, x86_bswap_mask())));
    uint8_t t[16];
    _mm_storeu_si128((__m128i *)t, full);
    if (enc) {
        memcpy(tag_out, t, tag_len);
        return CM_OK;
    }
    if (equal_ct(t, tag_check, tag_len))
        return CM_OK;
    volatile uint8_t *wipe = out;
    for (size_t i = 0; i < len; i++)
        wipe[i] = 0;
    return CM_ERR_AUTH;
}
