/*
 * sha256.c — SHA-256 (FIPS 180-4 §6.2); see sha256.h.
 *
 * The 64 rounds are written out eight per line, with the working
 * variables renamed instead of moved (ROUND8), and the message schedule
 * lives in a 16-word ring that each round from 16 on updates in place, so
 * every index is a constant and the state stays in registers. (A separate
 * loop filling a 64-word schedule is what GCC vectorises into loads that
 * wait on recent stores; see sha1.c.)
 */
#include <string.h>
#include "impl/ref/sha256.h"
#include "impl/ref/bytes.h"

/* First 32 bits of the fractional parts of the cube roots of the first 64
 * primes (FIPS 180-4 §4.2.2). */
const uint32_t ref_sha256_k[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

#define ROR(x, n) ref_rotr32((x), (n))
#define BSIG0(x) (ROR(x, 2) ^ ROR(x, 13) ^ ROR(x, 22))
#define BSIG1(x) (ROR(x, 6) ^ ROR(x, 11) ^ ROR(x, 25))
#define SSIG0(x) (ROR(x, 7) ^ ROR(x, 18) ^ ((x) >> 3))
#define SSIG1(x) (ROR(x, 17) ^ ROR(x, 19) ^ ((x) >> 10))
#define CH(x, y, z) ((z) ^ ((x) & ((y) ^ (z))))        /* x ? y : z, bitwise */
#define MAJ(x, y, z) (((x) & (y)) | ((z) & ((x) | (y)))) /* majority, bitwise */

/* Schedule word i from the ring w[16]: W_i = SSIG1(W_i-2) + W_i-7 +
 * SSIG0(W_i-15) + W_i-16 for i >= 16, stored over W_i-16. */
#define W(i) (w[(i)&15])
#define SCHEDULE(i) \
    ((i) < 16 ? W(i) : (W(i) += SSIG1(W((i) + 14)) + W((i) + 9) + SSIG0(W((i) + 1))))

/* One round: h receives the new a, d the new e; the caller renames. */
#define ROUND(a, b, c, d, e, f, g, h, i)                                \
    do {                                                                \
        uint32_t t1 = h + BSIG1(e) + CH(e, f, g) + ref_sha256_k[i] + SCHEDULE(i);  \
        uint32_t t2 = BSIG0(a) + MAJ(a, b, c);                          \
        d += t1;                                                        \
        h = t1 + t2;                                                    \
    } while (0)

/* Eight rounds from index i, after which the names are back in place. */
#define ROUND8(i)                                   \
    do {                                            \
        ROUND(a, b, c, d, e, f, g, h, (i) + 0);     \
        ROUND(h, a, b, c, d, e, f, g, (i) + 1);     \
        ROUND(g, h, a, b, c, d, e, f, (i) + 2);     \
        ROUND(f, g, h, a, b, c, d, e, (i) + 3);     \
        ROUND(e, f, g, h, a, b, c, d, (i) + 4);     \
        ROUND(d, e, f, g, h, a, b, c, (i) + 5);     \
        ROUND(c, d, e, f, g, h, a, b, (i) + 6);     \
        ROUND(b, c, d, e, f, g, h, a, (i) + 7);     \
    } while (0)

/* Runs the compression function over n consecutive 64-byte blocks. */
void ref_sha256_blocks(uint32_t state[8], const uint8_t *p, size_t n)
{
    uint32_t w[16];

    while (n--) {
        uint32_t a = state[0], b = state[1], c = state[2], d = state[3];
        uint32_t e = state[4], f = state[5], g = state[6], h = state[7];

        for (int i = 0; i < 16; i++)
            w[i] = ref_load32_be(p + 4 * i);

        ROUND8(0);
        ROUND8(8);
        ROUND8(16);
        ROUND8(24);
        ROUND8(32);
        ROUND8(40);
        ROUND8(48);
        ROUND8(56);

        state[0] += a, state[1] += b, state[2] += c, state[3] += d;
        state[4] += e, state[5] += f, state[6] += g, state[7] += h;
        p += 64;
    }
}

void ref_sha256_init(ref_sha256_ctx *c)
{
    ref_sha256_init_with(c, ref_sha256_blocks);
}

void ref_sha256_init_with(ref_sha256_ctx *c, ref_sha256_blocks_fn *f)
{
    c->blocks = f;
    /* First 32 bits of the fractional parts of the square roots of the
     * first 8 primes (FIPS 180-4 §5.3.3). */
    static const uint32_t iv[8] = {
        0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
        0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
    };
    memcpy(c->h, iv, sizeof iv);
    c->bytes = 0;
    c->buf_len = 0;
}

void ref_sha256_update(ref_sha256_ctx *c, const uint8_t *data, size_t len)
{
    if (len == 0)
        return;
    c->bytes += len;
    if (c->buf_len > 0) {
        size_t n = 64 - c->buf_len < len ? 64 - c->buf_len : len;
        memcpy(c->buf + c->buf_len, data, n);
        c->buf_len += n;
        data += n;
        len -= n;
        if (c->buf_len < 64)
            return;
        c->blocks(c->h, c->buf, 1);
        c->buf_len = 0;
    }
    if (len >= 64) {
        c->blocks(c->h, data, len / 64);
        data += len - len % 64;
        len %= 64;
    }
    if (len > 0) {
        memcpy(c->buf, data, len);
        c->buf_len = len;
    }
}

void ref_sha256_final(ref_sha256_ctx *c, uint8_t out[32])
{
    uint64_t bits = c->bytes * 8;

    /* Padding: 0x80, zeros up to 56 mod 64, the 64-bit big-endian bit
     * length. */
    c->buf[c->buf_len++] = 0x80;
    if (c->buf_len > 56) {
        memset(c->buf + c->buf_len, 0, 64 - c->buf_len);
        c->blocks(c->h, c->buf, 1);
        c->buf_len = 0;
    }
    memset(c->buf + c->buf_len, 0, 56 - c->buf_len);
    ref_store64_be(c->buf + 56, bits);
    c->blocks(c->h, c->buf, 1);

    for (int i = 0; i < 8; i++)
        ref_store32_be(out + 4 * i, c->h[i]);
}

void ref_sha256(const uint8_t *msg, size_t len, uint8_t out[32])
{
    ref_sha256_ctx c;
    ref_sha256_init(&c);
    ref_sha256_update(&c, msg, len);
    ref_sha256_final(&c, out);
}
