/*
 * gcm.c — AES-GCM (NIST SP 800-38D); see gcm.h.
 *
 * GCM's field GF(2^128) uses a reflected bit order: bit 0 of the block
 * (the most significant bit of byte 0) is the coefficient of x^0, and the
 * least significant bit of byte 15 that of x^127. Read as a 128-bit
 * big-endian number, multiplying by x is therefore a right shift by one,
 * and reducing the bit that falls off (x^128 = x^7 + x^2 + x + 1) XORs
 * 0xE1 into the top byte.
 *
 * Shoup's method: write the input X as 32 nibbles, highest powers last, and
 * evaluate X·H by Horner's rule, 4 bits at a time:
 *     Z = Z·x^4 + (nibble)·H
 * (nibble)·H comes from a 16-entry table built once per key; Z·x^4 is a
 * 4-bit right shift plus the reduction of the 4 bits shifted out, which is
 * the second small table below.
 */
#include <stdint.h>
#include <string.h>
#include "impl/ref/gcm.h"
#include "impl/ref/bytes.h"

/* reduce4[r]: what the 4 bits r shifted out of Z by Z·x^4 add back, in the
 * top 16 bits of Z. Bit 3 of r was x^124 and becomes x^128 = 0xE1 in the
 * top byte (0xE100); bits 2, 1, 0 become x^129, x^130, x^131, each one more
 * right shift (0x7080, 0x3840, 0x1C20); other entries are XORs of these. */
static const uint16_t reduce4[16] = {
    0x0000, 0x1c20, 0x3840, 0x2460, 0x7080, 0x6ca0, 0x48c0, 0x54e0,
    0xe100, 0xfd20, 0xd940, 0xc560, 0x9180, 0x8da0, 0xa9c0, 0xb5e0,
};

cm_rc ref_gcm_set_key(ref_gcm_key *g, const uint8_t *key, size_t key_len)
{
    static const uint8_t zero[16] = {0};
    uint8_t h[16];
    uint64_t vh, vl;
    cm_rc rc = ref_aes_set_key(&g->aes, key, key_len);

    if (rc != CM_OK)
        return rc;
    ref_aes_encrypt_block(&g->aes, zero, h);
    vh = ref_load64_be(h);
    vl = ref_load64_be(h + 8);

    /* A nibble's bits 3, 2, 1, 0 stand for x^0, x^1, x^2, x^3: entry 8 is
     * H, entries 4, 2, 1 are H·x, H·x^2, H·x^3, the rest their sums. */
    g->h_hi[0] = g->h_lo[0] = 0;
    g->h_hi[8] = vh;
    g->h_lo[8] = vl;
    for (unsigned i = 4; i > 0; i >>= 1) {
        uint64_t carry = vl & 1; /* coefficient of x^127, reduced away */
        vl = (vl >> 1) | (vh << 63);
        vh = (vh >> 1) ^ (carry * 0xE100000000000000u);
        g->h_hi[i] = vh;
        g->h_lo[i] = vl;
    }
    for (unsigned i = 2; i < 16; i <<= 1) {
        for (unsigned j = 1; j < i; j++) {
            g->h_hi[i + j] = g->h_hi[i] ^ g->h_hi[j];
            g->h_lo[i + j] = g->h_lo[i] ^ g->h_lo[j];
        }
    }
    ref_wipe(h, sizeof h);
    return CM_OK;
}

/* x = x·H in GF(2^128). */
static void gf_mul_h(const ref_gcm_key *g, uint8_t x[16])
{
    uint64_t zh = 0, zl = 0;

    for (int i = 15; i >= 0; i--) {
        /* The low nibble of byte i holds higher powers than the high one. */
        unsigned nibbles[2] = {x[i] & 0x0fu, x[i] >> 4};
        for (int n = 0; n < 2; n++) {
            unsigned rem = (unsigned)(zl & 0x0f);
            zl = (zl >> 4) | (zh << 60);
            zh = (zh >> 4) ^ ((uint64_t)reduce4[rem] << 48);
            zh ^= g->h_hi[nibbles[n]];
            zl ^= g->h_lo[nibbles[n]];
        }
    }
    ref_store64_be(x, zh);
    ref_store64_be(x + 8, zl);
}

/* GHASH: y = (y ^ block)·H for each 16-byte block of data, the last partial
 * block padded with zeros (the padding of A and C in SP 800-38D). */
static void ghash_update(const ref_gcm_key *g, uint8_t y[16], const uint8_t *data, size_t len)
{
    while (len >= 16) {
        ref_xor_bytes(y, y, data, 16);
        gf_mul_h(g, y);
        data += 16;
        len -= 16;
    }
    if (len > 0) {
        ref_xor_bytes(y, y, data, len);
        gf_mul_h(g, y);
    }
}

/* GHASH of one block holding two 64-bit big-endian bit counts. */
static void ghash_lengths(const ref_gcm_key *g, uint8_t y[16], uint64_t a_bytes, uint64_t b_bytes)
{
    uint8_t block[16];
    ref_store64_be(block, a_bytes * 8);
    ref_store64_be(block + 8, b_bytes * 8);
    ghash_update(g, y, block, 16);
}

/* inc32 of SP 800-38D: the last 4 bytes, big-endian, plus one mod 2^32. */
static void inc32(uint8_t cb[16])
{
    ref_store32_be(cb + 12, ref_load32_be(cb + 12) + 1);
}

/* GCTR from counter block icb: out = in XOR AES(icb), AES(inc32(icb)), ... */
static void gctr(const ref_gcm_key *g, const uint8_t icb[16], const uint8_t *in,
                 uint8_t *out, size_t len)
{
    uint8_t cb[16], stream[16];

    memcpy(cb, icb, 16);
    while (len > 0) {
        size_t n = len < 16 ? len : 16;
        ref_aes_encrypt_block(&g->aes, cb, stream);
        ref_xor_bytes(out, in, stream, n);
        inc32(cb);
        in += n;
        out += n;
        len -= n;
    }
}

/* Checks the parameters shared by seal and open and derives the pre-counter
 * block J0 from the nonce. */
static cm_rc gcm_start(const ref_gcm_key *g, const uint8_t *nonce, size_t nonce_len,
                       size_t aad_len, size_t len, size_t tag_len, uint8_t j0[16])
{
    if (nonce_len == 0 || tag_len == 0 || tag_len > 16)
        return CM_ERR_UNSUPPORTED;
#if SIZE_MAX > 0xffffffffu
    /* SP 800-38D: plaintext up to 2^39 - 256 bits; bit counts of the AAD
     * and the IV must fit in 64 bits. (A 32-bit size_t cannot get there.) */
    if ((uint64_t)len > ((uint64_t)1 << 36) - 32 || (uint64_t)aad_len >> 61 != 0 ||
        (uint64_t)nonce_len >> 61 != 0)
        return CM_ERR_INVALID;
#else
    (void)aad_len, (void)len;
#endif

    if (nonce_len == 12) {
        /* J0 = IV || 0^31 || 1 */
        memcpy(j0, nonce, 12);
        ref_store32_be(j0 + 12, 1);
    } else {
        /* J0 = GHASH(IV || 0-pad || 0^64 || [len(IV)]_64) */
        memset(j0, 0, 16);
        ghash_update(g, j0, nonce, nonce_len);
        ghash_lengths(g, j0, 0, nonce_len);
    }
    return CM_OK;
}

/* Writes the full 16-byte tag AES(J0) ^ GHASH(A, C) into full_tag. */
static void gcm_tag(const ref_gcm_key *g, const uint8_t j0[16], const uint8_t *aad,
                    size_t aad_len, const uint8_t *ct, size_t len, uint8_t full_tag[16])
{
    uint8_t s[16] = {0}, ek[16];

    ghash_update(g, s, aad, aad_len);
    ghash_update(g, s, ct, len);
    ghash_lengths(g, s, aad_len, len);
    ref_aes_encrypt_block(&g->aes, j0, ek);
    ref_xor_bytes(full_tag, s, ek, 16);
}

cm_rc ref_gcm_seal(const ref_gcm_key *g, const uint8_t *nonce, size_t nonce_len,
                   const uint8_t *aad, size_t aad_len, const uint8_t *in, size_t len,
                   uint8_t *out, uint8_t *tag, size_t tag_len)
{
    uint8_t j0[16], icb[16], full_tag[16];
    cm_rc rc = gcm_start(g, nonce, nonce_len, aad_len, len, tag_len, j0);

    if (rc != CM_OK)
        return rc;
    memcpy(icb, j0, 16);
    inc32(icb);
    gctr(g, icb, in, out, len);
    gcm_tag(g, j0, aad, aad_len, out, len, full_tag);
    memcpy(tag, full_tag, tag_len);
    return CM_OK;
}

cm_rc ref_gcm_open(const ref_gcm_key *g, const uint8_t *nonce, size_t nonce_len,
                   const uint8_t *aad, size_t aad_len, const uint8_t *in, size_t len,
                   uint8_t *out, const uint8_t *tag, size_t tag_len)
{
    uint8_t j0[16], icb[16], full_tag[16];
    cm_rc rc = gcm_start(g, nonce, nonce_len, aad_len, len, tag_len, j0);

    if (rc != CM_OK)
        return rc;
    /* Authenticate first: no plaintext is produced for a forged message. */
    gcm_tag(g, j0, aad, aad_len, in, len, full_tag);
    if (!ref_ct_equal(full_tag, tag, tag_len))
        return CM_ERR_AUTH;
    memcpy(icb, j0, 16);
    inc32(icb);
    gctr(g, icb, in, out, len);
    return CM_OK;
}
