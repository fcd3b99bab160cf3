/*
 * testcrypto.c — the small AES and SHA-256 of testcrypto.h, written from
 * FIPS 197 and FIPS 180-4 for clarity, not speed: the S-box is computed
 * (multiplicative inverse in GF(2^8), then the affine map) rather than
 * typed in, and the state is a byte array in the standard's column order.
 */
#include <string.h>
#include "testcrypto.h"

/* ---- AES (FIPS 197), encryption only ----------------------------------------- */

static uint8_t sbox[256];
static int sbox_ready;

/* Multiplication by x in GF(2^8) modulo x^8 + x^4 + x^3 + x + 1. */
static uint8_t xtime(uint8_t a)
{
    return (uint8_t)((a << 1) ^ ((a >> 7) * 0x1b));
}

/* a * b in GF(2^8) (shift and add). */
static uint8_t gf_mul(uint8_t a, uint8_t b)
{
    uint8_t r = 0;
    while (b) {
        if (b & 1)
            r ^= a;
        a = xtime(a);
        b >>= 1;
    }
    return r;
}

/* x rotated left by k bits (0 < k < 8). */
static uint8_t rotl8(uint8_t x, int k)
{
    return (uint8_t)((x << k) | (x >> (8 - k)));
}

/* Fills the S-box once (FIPS 197 section 5.1.1): s = affine(x^-1). */
static void sbox_init(void)
{
    if (sbox_ready)
        return;
    for (int x = 0; x < 256; x++) {
        uint8_t inv = 0;
        if (x) {
            /* x^254 = x^-1 in GF(2^8) */
            uint8_t p = (uint8_t)x;
            inv = 1;
            for (int e = 254; e; e >>= 1) {
                if (e & 1)
                    inv = gf_mul(inv, p);
                p = gf_mul(p, p);
            }
        }
        sbox[x] = inv ^ rotl8(inv, 1) ^ rotl8(inv, 2) ^ rotl8(inv, 3) ^ rotl8(inv, 4) ^ 0x63;
    }
    sbox_ready = 1;
}

/* FIPS 197 section 5.2 (KeyExpansion); see testcrypto.h. */
int cmtest_aes_set_key(cmtest_aes *k, const uint8_t *key, size_t key_len)
{
    if (key_len != 16 && key_len != 32)
        return -1;
    sbox_init();
    int nk = (int)key_len / 4;
    k->rounds = nk + 6;
    int words = 4 * (k->rounds + 1);
    uint8_t rcon = 1;
    memcpy(k->rk, key, key_len);
    for (int i = nk; i < words; i++) {
        uint8_t t[4];
        memcpy(t, &k->rk[4 * (i - 1)], 4);
        if (i % nk == 0) {
            uint8_t first = t[0];
            t[0] = sbox[t[1]] ^ rcon;
            t[1] = sbox[t[2]];
            t[2] = sbox[t[3]];
            t[3] = sbox[first];
            rcon = xtime(rcon);
        } else if (nk > 6 && i % nk == 4) {
            for (int j = 0; j < 4; j++)
                t[j] = sbox[t[j]];
        }
        for (int j = 0; j < 4; j++)
            k->rk[4 * i + j] = k->rk[4 * (i - nk) + j] ^ t[j];
    }
    return 0;
}

/* FIPS 197 section 5.1 (Cipher); see testcrypto.h. */
void cmtest_aes_encrypt_block(const cmtest_aes *k, const uint8_t in[16], uint8_t out[16])
{
    uint8_t s[16], t[16];
    for (int i = 0; i < 16; i++)
        s[i] = in[i] ^ k->rk[i];
    for (int round = 1; round <= k->rounds; round++) {
        /* SubBytes and ShiftRows: row r (bytes r, r+4, ...) moves left by r. */
        for (int c = 0; c < 4; c++)
            for (int r = 0; r < 4; r++)
                t[r + 4 * c] = sbox[s[r + 4 * ((c + r) % 4)]];
        if (round < k->rounds) {
            for (int c = 0; c < 4; c++) { /* MixColumns */
                uint8_t *a = &t[4 * c], a0 = a[0], a1 = a[1], a2 = a[2], a3 = a[3];
                s[4 * c + 0] = xtime(a0) ^ (xtime(a1) ^ a1) ^ a2 ^ a3;
                s[4 * c + 1] = a0 ^ xtime(a1) ^ (xtime(a2) ^ a2) ^ a3;
                s[4 * c + 2] = a0 ^ a1 ^ xtime(a2) ^ (xtime(a3) ^ a3);
                s[4 * c + 3] = (xtime(a0) ^ a0) ^ a1 ^ a2 ^ xtime(a3);
            }
        } else {
            memcpy(s, t, 16);
        }
        for (int i = 0; i < 16; i++)
            s[i] ^= k->rk[16 * round + i];
    }
    memcpy(out, s, 16);
}

/* See testcrypto.h. */
void cmtest_aes_ctr_xor(const cmtest_aes *k, const uint8_t ctr[16], const uint8_t *in,
                        uint8_t *out, size_t len)
{
    uint8_t block[16], ks[16];
    memcpy(block, ctr, 16);
    for (size_t off = 0; off < len; off += 16) {
        cmtest_aes_encrypt_block(k, block, ks);
        for (size_t i = 0; i < 16 && off + i < len; i++)
            out[off + i] = in[off + i] ^ ks[i];
        for (int i = 15; i >= 0 && ++block[i] == 0; i--)
            ;
    }
}

/* ---- SHA-256 (FIPS 180-4) ------------------------------------------------------- */

typedef struct sha256_ctx {
    uint32_t h[8];
    uint8_t buf[64];
    size_t buf_len;
    uint64_t total;
} sha256_ctx;

static const uint32_t K256[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2};

/* x rotated right by k bits (0 < k < 32). */
static uint32_t ror32(uint32_t x, int k)
{
    return (x >> k) | (x << (32 - k));
}

/* Compresses one 64-byte block into h (FIPS 180-4 section 6.2.2). */
static void sha256_block(uint32_t h[8], const uint8_t p[64])
{
    uint32_t w[64], a = h[0], b = h[1], c = h[2], d = h[3], e = h[4], f = h[5], g = h[6],
                    hh = h[7];
    for (int i = 0; i < 16; i++)
        w[i] = (uint32_t)p[4 * i] << 24 | (uint32_t)p[4 * i + 1] << 16 |
               (uint32_t)p[4 * i + 2] << 8 | p[4 * i + 3];
    for (int i = 16; i < 64; i++) {
        uint32_t s0 = ror32(w[i - 15], 7) ^ ror32(w[i - 15], 18) ^ (w[i - 15] >> 3);
        uint32_t s1 = ror32(w[i - 2], 17) ^ ror32(w[i - 2], 19) ^ (w[i - 2] >> 10);
        w[i] = w[i - 16] + s0 + w[i - 7] + s1;
    }
    for (int i = 0; i < 64; i++) {
        uint32_t t1 = hh + (ror32(e, 6) ^ ror32(e, 11) ^ ror32(e, 25)) + ((e & f) ^ (~e & g)) +
                      K256[i] + w[i];
        uint32_t t2 = (ror32(a, 2) ^ ror32(a, 13) ^ ror32(a, 22)) + ((a & b) ^ (a & c) ^ (b & c));
        hh = g;
        g = f;
        f = e;
        e = d + t1;
        d = c;
        c = b;
        b = a;
        a = t1 + t2;
    }
    h[0] += a;
    h[1] += b;
    h[2] += c;
    h[3] += d;
    h[4] += e;
    h[5] += f;
    h[6] += g;
    h[7] += hh;
}

/* Sets the initial hash value H(0) (FIPS 180-4 section 5.3.3). */
static void sha256_init(sha256_ctx *c)
{
    static const uint32_t iv[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                                   0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
    memcpy(c->h, iv, sizeof iv);
    c->buf_len = 0;
    c->total = 0;
}

/* Absorbs n more bytes of the message. */
static void sha256_update(sha256_ctx *c, const uint8_t *p, size_t n)
{
    c->total += n;
    while (n) {
        size_t k = 64 - c->buf_len < n ? 64 - c->buf_len : n;
        memcpy(c->buf + c->buf_len, p, k);
        c->buf_len += k;
        p += k;
        n -= k;
        if (c->buf_len == 64) {
            sha256_block(c->h, c->buf);
            c->buf_len = 0;
        }
    }
}

/* Pads (FIPS 180-4 section 5.1.1) and writes the digest. */
static void sha256_final(sha256_ctx *c, uint8_t out[32])
{
    uint64_t bits = c->total * 8;
    uint8_t pad[72] = {0x80}, len_be[8];
    size_t pad_len = (c->buf_len < 56 ? 56 : 120) - c->buf_len;
    for (int i = 0; i < 8; i++)
        len_be[i] = (uint8_t)(bits >> (56 - 8 * i));
    sha256_update(c, pad, pad_len);
    sha256_update(c, len_be, 8);
    for (int i = 0; i < 8; i++) {
        out[4 * i] = (uint8_t)(c->h[i] >> 24);
        out[4 * i + 1] = (uint8_t)(c->h[i] >> 16);
        out[4 * i + 2] = (uint8_t)(c->h[i] >> 8);
        out[4 * i + 3] = (uint8_t)c->h[i];
    }
}

/* See testcrypto.h. */
void cmtest_sha256(const uint8_t *msg, size_t len, uint8_t out[32])
{
    sha256_ctx c;
    sha256_init(&c);
    sha256_update(&c, msg, len);
    sha256_final(&c, out);
}

/* RFC 2104: H((K ^ opad) || H((K ^ ipad) || msg)); see testcrypto.h. */
void cmtest_hmac_sha256(const uint8_t *key, size_t key_len, const uint8_t *msg, size_t len,
                        uint8_t out[32])
{
    uint8_t k[64] = {0}, pad[64], inner[32];
    if (key_len > 64)
        cmtest_sha256(key, key_len, k);
    else
        memcpy(k, key, key_len);
    sha256_ctx c;
    for (int i = 0; i < 64; i++)
        pad[i] = k[i] ^ 0x36;
    sha256_init(&c);
    sha256_update(&c, pad, 64);
    sha256_update(&c, msg, len);
    sha256_final(&c, inner);
    for (int i = 0; i < 64; i++)
        pad[i] = k[i] ^ 0x5c;
    sha256_init(&c);
    sha256_update(&c, pad, 64);
    sha256_update(&c, inner, 32);
    sha256_final(&c, out);
}
