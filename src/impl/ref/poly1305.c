/*
 * poly1305.c — Poly1305 (RFC 8439 §2.5); see poly1305.h.
 *
 * The MAC is h = ((h + block) * r) mod p for each 16-byte block, with
 * p = 2^130 - 5, then tag = (h + s) mod 2^128. Each block is taken as a
 * little-endian number with one extra 1 bit above its last byte (2^128 for
 * a full block). The accumulator h is kept in limbs with spare high bits,
 * so additions need no carries, and products above 2^130 fold back into
 * the low limbs multiplied by 5 (as 2^130 = 5 mod p).
 */
#include <string.h>
#include "impl/ref/poly1305.h"
#include "impl/ref/bytes.h"

#if REF_POLY1305_INT128

/* ---- 64-bit limbs: h = h0 + h1·2^44 + h2·2^88 --------------------------- */

__extension__ typedef unsigned __int128 u128; /* __extension__: no -Wpedantic warning */
#define M44 ((UINT64_C(1) << 44) - 1)
#define M42 ((UINT64_C(1) << 42) - 1)
#define HIBIT (UINT64_C(1) << 40) /* 2^128 in limb 2 */

/* Loads r from key[0..16) clamped as RFC 8439 says (the masks combine the
 * clamp with the limb split). */
static void load_r(ref_poly1305_ctx *c, const uint8_t key[16])
{
    uint64_t t0 = ref_load64_le(key), t1 = ref_load64_le(key + 8);
    c->r[0] = t0 & UINT64_C(0xffc0fffffff);
    c->r[1] = ((t0 >> 44) | (t1 << 20)) & UINT64_C(0xfffffc0ffff);
    c->r[2] = (t1 >> 24) & UINT64_C(0x00ffffffc0f);
    c->h[0] = c->h[1] = c->h[2] = 0;
}

/* Absorbs n whole 16-byte blocks; hibit is 2^128 in limb 2 (1 << 40) for
 * real blocks, 0 for the final padded block that carries its own 1 byte. */
static void blocks(ref_poly1305_ctx *c, const uint8_t *m, size_t n, uint64_t hibit)
{
    const uint64_t r0 = c->r[0], r1 = c->r[1], r2 = c->r[2];
    /* r_i · 2^132 folds to r_i · 4 · 5: multiplied in where a product
     * lands at 2^132 or above. */
    const uint64_t s1 = r1 * 20, s2 = r2 * 20;
    uint64_t h0 = c->h[0], h1 = c->h[1], h2 = c->h[2];

    while (n--) {
        uint64_t t0 = ref_load64_le(m), t1 = ref_load64_le(m + 8);
        u128 d0, d1, d2;
        uint64_t carry;

        h0 += t0 & M44;
        h1 += ((t0 >> 44) | (t1 << 20)) & M44;
        h2 += ((t1 >> 24) & M42) | hibit;

        d0 = (u128)h0 * r0 + (u128)h1 * s2 + (u128)h2 * s1;
        d1 = (u128)h0 * r1 + (u128)h1 * r0 + (u128)h2 * s2;
        d2 = (u128)h0 * r2 + (u128)h1 * r1 + (u128)h2 * r0;

        /* Partial carry: limbs back to about 44/44/42 bits. */
        carry = (uint64_t)(d0 >> 44);
        h0 = (uint64_t)d0 & M44;
        d1 += carry;
        carry = (uint64_t)(d1 >> 44);
        h1 = (uint64_t)d1 & M44;
        d2 += carry;
        carry = (uint64_t)(d2 >> 42);
        h2 = (uint64_t)d2 & M42;
        h0 += carry * 5;
        carry = h0 >> 44;
        h0 &= M44;
        h1 += carry;

        m += 16;
    }
    c->h[0] = h0, c->h[1] = h1, c->h[2] = h2;
}

/* The accumulator as an exact number: out[0..3] its low 128 bits as four
 * 32-bit words, the return value the bits above (a few at most). */
static uint32_t h_value(const ref_poly1305_ctx *c, uint32_t out[4])
{
    u128 v = (u128)c->h[0] + ((u128)c->h[1] << 44);
    uint64_t lo = (uint64_t)v;
    v >>= 64;
    v += (u128)c->h[2] << 24;
    out[0] = (uint32_t)lo;
    out[1] = (uint32_t)(lo >> 32);
    out[2] = (uint32_t)(uint64_t)v;
    out[3] = (uint32_t)((uint64_t)v >> 32);
    return (uint32_t)(v >> 64);
}

#else

/* ---- 32-bit limbs: h = h0 + h1·2^26 + h2·2^52 + h3·2^78 + h4·2^104 ------- */

#define M26 0x3ffffffu
#define HIBIT (1u << 24) /* 2^128 in limb 4 */

/* Loads r clamped, in 26-bit limbs (overlapping 32-bit loads at byte
 * offsets 0, 3, 6, 9, 12; the masks combine the clamp with the split). */
static void load_r(ref_poly1305_ctx *c, const uint8_t key[16])
{
    c->r[0] = ref_load32_le(key) & 0x3ffffffu;
    c->r[1] = (ref_load32_le(key + 3) >> 2) & 0x3ffff03u;
    c->r[2] = (ref_load32_le(key + 6) >> 4) & 0x3ffc0ffu;
    c->r[3] = (ref_load32_le(key + 9) >> 6) & 0x3f03fffu;
    c->r[4] = (ref_load32_le(key + 12) >> 8) & 0x00fffffu;
    memset(c->h, 0, sizeof c->h);
}

/* Absorbs n whole 16-byte blocks; hibit is 2^128 in limb 4 (1 << 24) for
 * real blocks, 0 for the final padded block. */
static void blocks(ref_poly1305_ctx *c, const uint8_t *m, size_t n, uint32_t hibit)
{
    const uint32_t r0 = c->r[0], r1 = c->r[1], r2 = c->r[2], r3 = c->r[3], r4 = c->r[4];
    /* r_i · 2^130 folds to r_i · 5. */
    const uint32_t s1 = r1 * 5, s2 = r2 * 5, s3 = r3 * 5, s4 = r4 * 5;
    uint32_t h0 = c->h[0], h1 = c->h[1], h2 = c->h[2], h3 = c->h[3], h4 = c->h[4];

    while (n--) {
        uint64_t d0, d1, d2, d3, d4;
        uint32_t carry;

        h0 += ref_load32_le(m) & M26;
        h1 += (ref_load32_le(m + 3) >> 2) & M26;
        h2 += (ref_load32_le(m + 6) >> 4) & M26;
        h3 += (ref_load32_le(m + 9) >> 6) & M26;
        h4 += (ref_load32_le(m + 12) >> 8) | hibit;

        d0 = (uint64_t)h0 * r0 + (uint64_t)h1 * s4 + (uint64_t)h2 * s3 +
             (uint64_t)h3 * s2 + (uint64_t)h4 * s1;
        d1 = (uint64_t)h0 * r1 + (uint64_t)h1 * r0 + (uint64_t)h2 * s4 +
             (uint64_t)h3 * s3 + (uint64_t)h4 * s2;
        d2 = (uint64_t)h0 * r2 + (uint64_t)h1 * r1 + (uint64_t)h2 * r0 +
             (uint64_t)h3 * s4 + (uint64_t)h4 * s3;
        d3 = (uint64_t)h0 * r3 + (uint64_t)h1 * r2 + (uint64_t)h2 * r1 +
             (uint64_t)h3 * r0 + (uint64_t)h4 * s4;
        d4 = (uint64_t)h0 * r4 + (uint64_t)h1 * r3 + (uint64_t)h2 * r2 +
             (uint64_t)h3 * r1 + (uint64_t)h4 * r0;

        /* Partial carry: limbs back to about 26 bits. */
        carry = (uint32_t)(d0 >> 26);
        h0 = (uint32_t)d0 & M26;
        d1 += carry;
        carry = (uint32_t)(d1 >> 26);
        h1 = (uint32_t)d1 & M26;
        d2 += carry;
        carry = (uint32_t)(d2 >> 26);
        h2 = (uint32_t)d2 & M26;
        d3 += carry;
        carry = (uint32_t)(d3 >> 26);
        h3 = (uint32_t)d3 & M26;
        d4 += carry;
        carry = (uint32_t)(d4 >> 26);
        h4 = (uint32_t)d4 & M26;
        d0 = (uint64_t)h0 + (uint64_t)carry * 5;
        h0 = (uint32_t)d0 & M26;
        h1 += (uint32_t)(d0 >> 26);

        m += 16;
    }
    c->h[0] = h0, c->h[1] = h1, c->h[2] = h2, c->h[3] = h3, c->h[4] = h4;
}

/* The accumulator as an exact number: out[0..3] its low 128 bits as four
 * 32-bit words, the return value the bits above (a few at most). Limbs
 * are added, not ORed, so a limb one bit too wide is still right. */
static uint32_t h_value(const ref_poly1305_ctx *c, uint32_t out[4])
{
    uint64_t v = (uint64_t)c->h[0] + ((uint64_t)c->h[1] << 26);
    out[0] = (uint32_t)v;
    v = (v >> 32) + ((uint64_t)c->h[2] << 20);
    out[1] = (uint32_t)v;
    v = (v >> 32) + ((uint64_t)c->h[3] << 14);
    out[2] = (uint32_t)v;
    v = (v >> 32) + ((uint64_t)c->h[4] << 8);
    out[3] = (uint32_t)v;
    return (uint32_t)(v >> 32);
}

#endif

/* ---- common to both ----------------------------------------------------- */

void ref_poly1305_init(ref_poly1305_ctx *c, const uint8_t key[32])
{
    load_r(c, key);
    for (int i = 0; i < 4; i++)
        c->s[i] = ref_load32_le(key + 16 + 4 * i);
    c->buf_len = 0;
}

void ref_poly1305_update(ref_poly1305_ctx *c, const uint8_t *data, size_t len)
{
    if (len == 0)
        return;
    if (c->buf_len > 0) {
        size_t n = 16 - c->buf_len < len ? 16 - c->buf_len : len;
        memcpy(c->buf + c->buf_len, data, n);
        c->buf_len += n;
        data += n;
        len -= n;
        if (c->buf_len < 16)
            return;
        blocks(c, c->buf, 1, HIBIT);
        c->buf_len = 0;
    }
    if (len >= 16) {
        blocks(c, data, len / 16, HIBIT);
        data += len - len % 16;
        len %= 16;
    }
    if (len > 0) {
        memcpy(c->buf, data, len);
        c->buf_len = len;
    }
}

void ref_poly1305_final(ref_poly1305_ctx *c, uint8_t tag[16])
{
    uint32_t h[4], g[4], top, gtop, mask;
    uint64_t f;

    /* A last partial block gets its 1 byte here and no 2^128 bit. */
    if (c->buf_len > 0) {
        c->buf[c->buf_len] = 1;
        memset(c->buf + c->buf_len + 1, 0, 15 - c->buf_len);
        blocks(c, c->buf, 1, 0);
    }

    /* h < 2p here, so h mod p is h or h - p; h >= p exactly when h + 5
     * reaches 2^130, and then h - p and h + 5 share their low 128 bits. */
    top = h_value(c, h);
    f = 5;
    for (int i = 0; i < 4; i++) {
        f += h[i];
        g[i] = (uint32_t)f;
        f >>= 32;
    }
    gtop = top + (uint32_t)f;
    mask = 0u - (gtop >> 2 & 1); /* all ones when h + 5 >= 2^130 */
    for (int i = 0; i < 4; i++)
        h[i] = (h[i] & ~mask) | (g[i] & mask);

    /* tag = (h + s) mod 2^128 */
    f = 0;
    for (int i = 0; i < 4; i++) {
        f += (uint64_t)h[i] + c->s[i];
        ref_store32_le(tag + 4 * i, (uint32_t)f);
        f >>= 32;
    }
    ref_wipe(c, sizeof *c);
}
