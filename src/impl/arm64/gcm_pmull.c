/*
 * gcm_pmull.c — AES-GCM with the ARMv8 AES and PMULL instructions (see
 * gcm_arm64.h). Compiled with -march=armv8-a+crypto.
 *
 * GHASH works on bit-reversed bytes (RBIT): a block then reads as a
 * 128-bit little-endian polynomial, bit n the coefficient of x^n, so a
 * field product is a plain carry-less 128x128 multiply (four PMULLs) and a
 * reduction modulo x^128 + x^7 + x^2 + x + 1 (two PMULLs by 0x87, folding
 * the top 64 bits twice). Four blocks share one reduction:
 * Y' = (Y + C1)H^4 + C2 H^3 + C3 H^2 + C4 H.
 */
#include <string.h>
#include "impl/arm64/aes_ce_internal.h"
#include "impl/arm64/gcm_arm64.h"
#include "impl/arm64/neon_a32.h"

/* 1 when a message of n bytes is over GCM's limits: max bytes (2^36 - 32 for
 * the text, 2^61 - 1 for the rest). Functions, so that with a 32-bit size_t
 * the test is not "always false" (-Wtype-limits). */
static inline int over_limit(uint64_t n, uint64_t max)
{
    return n > max;
}

/* A 256-bit carry-less product, lo and hi 128 bits. */
typedef struct wide {
    uint64x2_t lo, hi;
} wide;

static inline uint64x2_t pmull_lo(uint64x2_t a, uint64x2_t b)
{
    return vreinterpretq_u64_p128(
        vmull_p64((poly64_t)vgetq_lane_u64(a, 0), (poly64_t)vgetq_lane_u64(b, 0)));
}

static inline uint64x2_t pmull_hi(uint64x2_t a, uint64x2_t b)
{
    return vreinterpretq_u64_p128(
        vmull_high_p64(vreinterpretq_p64_u64(a), vreinterpretq_p64_u64(b)));
}

/* a*b without reduction. */
static inline wide clmul(uint64x2_t a, uint64x2_t b)
{
    const uint64x2_t zero = vdupq_n_u64(0);
    uint64x2_t swapped = vextq_u64(b, b, 1);
    uint64x2_t mid = veorq_u64(pmull_lo(a, swapped), pmull_hi(a, swapped)); /* a0b1 + a1b0 */
    wide w = {pmull_lo(a, b), pmull_hi(a, b)};
    w.lo = veorq_u64(w.lo, vextq_u64(zero, mid, 1));
    w.hi = veorq_u64(w.hi, vextq_u64(mid, zero, 1));
    return w;
}

static inline wide wide_xor(wide a, wide b)
{
    return (wide){veorq_u64(a.lo, b.lo), veorq_u64(a.hi, b.hi)};
}

/* w mod x^128 + x^7 + x^2 + x + 1: x^128 = x^7 + x^2 + x + 1 (0x87), so
 * the top word p3 (at x^192) folds into p2:p1 as p3*0x87, then p2 (at
 * x^128) into p1:p0 as p2*0x87. */
static inline uint64x2_t reduce(wide w)
{
    const uint64x2_t zero = vdupq_n_u64(0);
    const poly64_t r = (poly64_t)0x87;
    uint64x2_t t = vreinterpretq_u64_p128(vmull_p64((poly64_t)vgetq_lane_u64(w.hi, 1), r));
    w.hi = veorq_u64(w.hi, vextq_u64(t, zero, 1)); /* p2 ^= t1 */
    w.lo = veorq_u64(w.lo, vextq_u64(zero, t, 1)); /* p1 ^= t0 */
    uint64x2_t u = vreinterpretq_u64_p128(vmull_p64((poly64_t)vgetq_lane_u64(w.hi, 0), r));
    return veorq_u64(w.lo, u);
}

static inline uint64x2_t gf_mul(uint64x2_t a, uint64x2_t b)
{
    return reduce(clmul(a, b));
}

/* A GCM block in the bit-reversed form, and back. */
static inline uint64x2_t gh_load(const uint8_t *p)
{
    return vreinterpretq_u64_u8(vrbitq_u8(vld1q_u8(p)));
}

static inline uint64x2_t gh_from(uint8x16_t b)
{
    return vreinterpretq_u64_u8(vrbitq_u8(b));
}

static inline uint64x2_t h_pow(const arm64_gcm_key *g, int n)
{
    return vreinterpretq_u64_u8(vld1q_u8(g->h[n - 1]));
}

/* See gcm_arm64.h. */
cm_rc arm64_gcm_set_key(arm64_gcm_key *g, const uint8_t *key, size_t key_len)
{
    cm_rc rc = arm64_aes_set_key(&g->aes, key, key_len);
    if (rc != CM_OK)
        return rc;
    uint64x2_t h = gh_from(ce_encrypt1(&g->aes, vdupq_n_u8(0))), p = h;
    for (int i = 0; i < 4; i++) {
        vst1q_u8(g->h[i], vreinterpretq_u8_u64(p));
        p = gf_mul(p, h);
    }
    return CM_OK;
}

/* Four blocks (already bit-reversed) hashed into y with one reduction. */
static inline uint64x2_t ghash4(const arm64_gcm_key *g, uint64x2_t y, const uint64x2_t x[4])
{
    wide acc = clmul(veorq_u64(y, x[0]), h_pow(g, 4));
    acc = wide_xor(acc, clmul(x[1], h_pow(g, 3)));
    acc = wide_xor(acc, clmul(x[2], h_pow(g, 2)));
    acc = wide_xor(acc, clmul(x[3], h_pow(g, 1)));
    return reduce(acc);
}

/* GHASH of len bytes (the last block zero-padded) into y. */
static uint64x2_t ghash_bytes(const arm64_gcm_key *g, uint64x2_t y, const uint8_t *p,
                              size_t len)
{
    for (; len >= 64; p += 64, len -= 64) {
        uint64x2_t x[4] = {gh_load(p), gh_load(p + 16), gh_load(p + 32), gh_load(p + 48)};
        y = ghash4(g, y, x);
    }
    for (; len >= 16; p += 16, len -= 16)
        y = gf_mul(veorq_u64(y, gh_load(p)), h_pow(g, 1));
    if (len) {
        uint8_t last[16] = {0};
        memcpy(last, p, len);
        y = gf_mul(veorq_u64(y, gh_load(last)), h_pow(g, 1));
    }
    return y;
}

/* GHASH of the block [a_bytes * 8]_64 || [b_bytes * 8]_64. */
static uint64x2_t ghash_lengths(const arm64_gcm_key *g, uint64x2_t y, uint64_t a_bytes,
                                uint64_t b_bytes)
{
    uint8_t b[16];
    for (int i = 0; i < 8; i++) {
        b[i] = (uint8_t)((a_bytes * 8) >> (56 - 8 * i));
        b[8 + i] = (uint8_t)((b_bytes * 8) >> (56 - 8 * i));
    }
    return ghash_bytes(g, y, b, 16);
}

/* The counter block: j0's first 12 bytes and the big-endian word c. */
static inline uint8x16_t ctr_block(uint8x16_t j0, uint32_t c)
{
    return vreinterpretq_u8_u32(
        vsetq_lane_u32(__builtin_bswap32(c), vreinterpretq_u32_u8(j0), 3));
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

/* Seal (tag_out) or open (tag_check): the parameters of ref_gcm_seal. */
static cm_rc gcm_crypt(const arm64_gcm_key *g, const uint8_t *nonce, size_t nonce_len,
                       const uint8_t *aad, size_t aad_len, const uint8_t *in, size_t len,
                       uint8_t *out, uint8_t *tag_out, const uint8_t *tag_check,
                       size_t tag_len)
{
    const int enc = tag_out != NULL;
    if (nonce_len == 0 || tag_len == 0 || tag_len > 16)
        return CM_ERR_UNSUPPORTED;
    const uint64_t max_aad = ((uint64_t)1 << 61) - 1;
    if (over_limit(len, ((uint64_t)1 << 36) - 32) || over_limit(aad_len, max_aad) ||
        over_limit(nonce_len, max_aad))
        return CM_ERR_INVALID;

    uint8x16_t j0;
    if (nonce_len == 12) { /* J0 = IV || 0^31 || 1 */
        uint8_t b[16] = {0};
        memcpy(b, nonce, 12);
        b[15] = 1;
        j0 = vld1q_u8(b);
    } else { /* J0 = GHASH(IV || 0-pad || 0^64 || [len(IV)]_64) */
        uint64x2_t y = ghash_bytes(g, vdupq_n_u64(0), nonce, nonce_len);
        j0 = vrbitq_u8(vreinterpretq_u8_u64(ghash_lengths(g, y, 0, nonce_len)));
    }
    uint32_t c0 = __builtin_bswap32(vgetq_lane_u32(vreinterpretq_u32_u8(j0), 3));
    uint32_t c = c0 + 1;

    uint64x2_t y = ghash_bytes(g, vdupq_n_u64(0), aad, aad_len);
    const uint8_t *p = in;
    uint8_t *q = out;
    size_t n = len;
    for (; n >= 64; p += 64, q += 64, n -= 64) {
        uint8x16_t ks[4], data[4];
        uint64x2_t x[4];
        for (int i = 0; i < 4; i++) {
            ks[i] = ctr_block(j0, c++);
            data[i] = vld1q_u8(p + 16 * i);
        }
        ce_encrypt4(&g->aes, ks);
        for (int i = 0; i < 4; i++) {
            uint8x16_t o = veorq_u8(data[i], ks[i]);
            x[i] = gh_from(enc ? o : data[i]);
            vst1q_u8(q + 16 * i, o);
        }
        y = ghash4(g, y, x);
    }
    for (; n; p += 16, q += 16) {
        size_t m = n < 16 ? n : 16;
        uint8_t blk[16] = {0};
        uint8x16_t ks = ce_encrypt1(&g->aes, ctr_block(j0, c++));
        if (!enc)
            memcpy(blk, p, m);
        ce_xor_partial(q, p, ks, m);
        if (enc)
            memcpy(blk, q, m);
        y = gf_mul(veorq_u64(y, gh_load(blk)), h_pow(g, 1));
        n -= m;
    }
    y = ghash_lengths(g, y, aad_len, len);

    uint8_t full[16];
    vst1q_u8(full, veorq_u8(vrbitq_u8(vreinterpretq_u8_u64(y)),
                            ce_encrypt1(&g->aes, ctr_block(j0, c0))));
    if (enc) {
        memcpy(tag_out, full, tag_len);
        return CM_OK;
    }
    if (!equal_ct(full, tag_check, tag_len)) {
        if (len)
            memset(out, 0, len);
        return CM_ERR_AUTH;
    }
    return CM_OK;
}

/* See gcm_arm64.h. */
cm_rc arm64_gcm_seal(const arm64_gcm_key *g, const uint8_t *nonce, size_t nonce_len,
                     const uint8_t *aad, size_t aad_len, const uint8_t *in, size_t len,
                     uint8_t *out, uint8_t *tag, size_t tag_len)
{
    return gcm_crypt(g, nonce, nonce_len, aad, aad_len, in, len, out, tag, NULL, tag_len);
}

/* See gcm_arm64.h. */
cm_rc arm64_gcm_open(const arm64_gcm_key *g, const uint8_t *nonce, size_t nonce_len,
                     const uint8_t *aad, size_t aad_len, const uint8_t *in, size_t len,
                     uint8_t *out, const uint8_t *tag, size_t tag_len)
{
    return gcm_crypt(g, nonce, nonce_len, aad, aad_len, in, len, out, NULL, tag, tag_len);
}
