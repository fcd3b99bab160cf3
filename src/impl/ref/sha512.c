/*
 * sha512.c — SHA-512 (FIPS 180-4 §6.4); see sha512.h. Same structure as
 * sha256.c with 64-bit words, 80 rounds and 128-byte blocks.
 */
#include <string.h>
#include "impl/ref/sha512.h"
#include "impl/ref/bytes.h"

/* First 64 bits of the fractional parts of the cube roots of the first 80
 * primes (FIPS 180-4 §4.2.3). */
const uint64_t ref_sha512_k[80] = {
    UINT64_C(0x428a2f98d728ae22), UINT64_C(0x7137449123ef65cd),
    UINT64_C(0xb5c0fbcfec4d3b2f), UINT64_C(0xe9b5dba58189dbbc),
    UINT64_C(0x3956c25bf348b538), UINT64_C(0x59f111f1b605d019),
    UINT64_C(0x923f82a4af194f9b), UINT64_C(0xab1c5ed5da6d8118),
    UINT64_C(0xd807aa98a3030242), UINT64_C(0x12835b0145706fbe),
    UINT64_C(0x243185be4ee4b28c), UINT64_C(0x550c7dc3d5ffb4e2),
    UINT64_C(0x72be5d74f27b896f), UINT64_C(0x80deb1fe3b1696b1),
    UINT64_C(0x9bdc06a725c71235), UINT64_C(0xc19bf174cf692694),
    UINT64_C(0xe49b69c19ef14ad2), UINT64_C(0xefbe4786384f25e3),
    UINT64_C(0x0fc19dc68b8cd5b5), UINT64_C(0x240ca1cc77ac9c65),
    UINT64_C(0x2de92c6f592b0275), UINT64_C(0x4a7484aa6ea6e483),
    UINT64_C(0x5cb0a9dcbd41fbd4), UINT64_C(0x76f988da831153b5),
    UINT64_C(0x983e5152ee66dfab), UINT64_C(0xa831c66d2db43210),
    UINT64_C(0xb00327c898fb213f), UINT64_C(0xbf597fc7beef0ee4),
    UINT64_C(0xc6e00bf33da88fc2), UINT64_C(0xd5a79147930aa725),
    UINT64_C(0x06ca6351e003826f), UINT64_C(0x142929670a0e6e70),
    UINT64_C(0x27b70a8546d22ffc), UINT64_C(0x2e1b21385c26c926),
    UINT64_C(0x4d2c6dfc5ac42aed), UINT64_C(0x53380d139d95b3df),
    UINT64_C(0x650a73548baf63de), UINT64_C(0x766a0abb3c77b2a8),
    UINT64_C(0x81c2c92e47edaee6), UINT64_C(0x92722c851482353b),
    UINT64_C(0xa2bfe8a14cf10364), UINT64_C(0xa81a664bbc423001),
    UINT64_C(0xc24b8b70d0f89791), UINT64_C(0xc76c51a30654be30),
    UINT64_C(0xd192e819d6ef5218), UINT64_C(0xd69906245565a910),
    UINT64_C(0xf40e35855771202a), UINT64_C(0x106aa07032bbd1b8),
    UINT64_C(0x19a4c116b8d2d0c8), UINT64_C(0x1e376c085141ab53),
    UINT64_C(0x2748774cdf8eeb99), UINT64_C(0x34b0bcb5e19b48a8),
    UINT64_C(0x391c0cb3c5c95a63), UINT64_C(0x4ed8aa4ae3418acb),
    UINT64_C(0x5b9cca4f7763e373), UINT64_C(0x682e6ff3d6b2b8a3),
    UINT64_C(0x748f82ee5defb2fc), UINT64_C(0x78a5636f43172f60),
    UINT64_C(0x84c87814a1f0ab72), UINT64_C(0x8cc702081a6439ec),
    UINT64_C(0x90befffa23631e28), UINT64_C(0xa4506cebde82bde9),
    UINT64_C(0xbef9a3f7b2c67915), UINT64_C(0xc67178f2e372532b),
    UINT64_C(0xca273eceea26619c), UINT64_C(0xd186b8c721c0c207),
    UINT64_C(0xeada7dd6cde0eb1e), UINT64_C(0xf57d4f7fee6ed178),
    UINT64_C(0x06f067aa72176fba), UINT64_C(0x0a637dc5a2c898a6),
    UINT64_C(0x113f9804bef90dae), UINT64_C(0x1b710b35131c471b),
    UINT64_C(0x28db77f523047d84), UINT64_C(0x32caab7b40c72493),
    UINT64_C(0x3c9ebe0a15c9bebc), UINT64_C(0x431d67c49c100d4c),
    UINT64_C(0x4cc5d4becb3e42b6), UINT64_C(0x597f299cfc657e2a),
    UINT64_C(0x5fcb6fab3ad6faec), UINT64_C(0x6c44198c4a475817),
};

#define ROR(x, n) ref_rotr64((x), (n))
#define BSIG0(x) (ROR(x, 28) ^ ROR(x, 34) ^ ROR(x, 39))
#define BSIG1(x) (ROR(x, 14) ^ ROR(x, 18) ^ ROR(x, 41))
#define SSIG0(x) (ROR(x, 1) ^ ROR(x, 8) ^ ((x) >> 7))
#define SSIG1(x) (ROR(x, 19) ^ ROR(x, 61) ^ ((x) >> 6))
#define CH(x, y, z) ((z) ^ ((x) & ((y) ^ (z))))
#define MAJ(x, y, z) (((x) & (y)) | ((z) & ((x) | (y))))

/* Schedule word i from the ring w[16]: W_i = SSIG1(W_i-2) + W_i-7 +
 * SSIG0(W_i-15) + W_i-16 for i >= 16, stored over W_i-16. */
#define W(i) (w[(i)&15])
#define SCHEDULE(i) \
    ((i) < 16 ? W(i) : (W(i) += SSIG1(W((i) + 14)) + W((i) + 9) + SSIG0(W((i) + 1))))

/* One round: h receives the new a, d the new e; the caller renames. */
#define ROUND(a, b, c, d, e, f, g, h, i)                                \
    do {                                                                \
        uint64_t t1 = h + BSIG1(e) + CH(e, f, g) + ref_sha512_k[i] + SCHEDULE(i);  \
        uint64_t t2 = BSIG0(a) + MAJ(a, b, c);                          \
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

/* Runs the compression function over n consecutive 128-byte blocks. */
void ref_sha512_blocks(uint64_t state[8], const uint8_t *p, size_t n)
{
    uint64_t w[16];

    while (n--) {
        uint64_t a = state[0], b = state[1], c = state[2], d = state[3];
        uint64_t e = state[4], f = state[5], g = state[6], h = state[7];

        for (int i = 0; i < 16; i++)
            w[i] = ref_load64_be(p + 8 * i);

        ROUND8(0);
        ROUND8(8);
        ROUND8(16);
        ROUND8(24);
        ROUND8(32);
        ROUND8(40);
        ROUND8(48);
        ROUND8(56);
        ROUND8(64);
        ROUND8(72);

        state[0] += a, state[1] += b, state[2] += c, state[3] += d;
        state[4] += e, state[5] += f, state[6] += g, state[7] += h;
        p += 128;
    }
}

void ref_sha512_init(ref_sha512_ctx *c)
{
    ref_sha512_init_with(c, ref_sha512_blocks);
}

void ref_sha512_init_with(ref_sha512_ctx *c, ref_sha512_blocks_fn *f)
{
    c->blocks = f;
    /* First 64 bits of the fractional parts of the square roots of the
     * first 8 primes (FIPS 180-4 §5.3.5). */
    static const uint64_t iv[8] = {
        UINT64_C(0x6a09e667f3bcc908), UINT64_C(0xbb67ae8584caa73b),
        UINT64_C(0x3c6ef372fe94f82b), UINT64_C(0xa54ff53a5f1d36f1),
        UINT64_C(0x510e527fade682d1), UINT64_C(0x9b05688c2b3e6c1f),
        UINT64_C(0x1f83d9abfb41bd6b), UINT64_C(0x5be0cd19137e2179),
    };
    memcpy(c->h, iv, sizeof iv);
    c->bytes = 0;
    c->buf_len = 0;
}

void ref_sha512_update(ref_sha512_ctx *c, const uint8_t *data, size_t len)
{
    if (len == 0)
        return;
    c->bytes += len;
    if (c->buf_len > 0) {
        size_t n = 128 - c->buf_len < len ? 128 - c->buf_len : len;
        memcpy(c->buf + c->buf_len, data, n);
        c->buf_len += n;
        data += n;
        len -= n;
        if (c->buf_len < 128)
            return;
        c->blocks(c->h, c->buf, 1);
        c->buf_len = 0;
    }
    if (len >= 128) {
        c->blocks(c->h, data, len / 128);
        data += len - len % 128;
        len %= 128;
    }
    if (len > 0) {
        memcpy(c->buf, data, len);
        c->buf_len = len;
    }
}

void ref_sha512_final(ref_sha512_ctx *c, uint8_t out[64])
{
    /* Padding: 0x80, zeros up to 112 mod 128, the 128-bit big-endian bit
     * length (its top 64 bits are the top 3 bits of the byte count). */
    c->buf[c->buf_len++] = 0x80;
    if (c->buf_len > 112) {
        memset(c->buf + c->buf_len, 0, 128 - c->buf_len);
        c->blocks(c->h, c->buf, 1);
        c->buf_len = 0;
    }
    memset(c->buf + c->buf_len, 0, 112 - c->buf_len);
    ref_store64_be(c->buf + 112, c->bytes >> 61);
    ref_store64_be(c->buf + 120, c->bytes << 3);
    c->blocks(c->h, c->buf, 1);

    for (int i = 0; i < 8; i++)
        ref_store64_be(out + 8 * i, c->h[i]);
}

void ref_sha512(const uint8_t *msg, size_t len, uint8_t out[64])
{
    ref_sha512_ctx c;
    ref_sha512_init(&c);
    ref_sha512_update(&c, msg, len);
    ref_sha512_final(&c, out);
}
