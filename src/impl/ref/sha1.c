/*
 * sha1.c — SHA-1 (FIPS 180-4 §6.1); see sha1.h.
 *
 * All 80 rounds are written out (five per line, working variables renamed
 * instead of moved), and the message schedule lives in a 16-word ring that
 * each round from 16 on updates in place. Written this way every index is
 * a constant and the compiler keeps the state in registers. (An 80-word
 * schedule computed in a separate loop looks simpler, but GCC vectorises
 * that loop two words at a time and each vector load then waits on the
 * two scalar stores just before it: SHA-1 ran 2.5x slower.)
 */
#include <string.h>
#include "impl/ref/sha1.h"
#include "impl/ref/bytes.h"

#define ROL(x, n) ref_rotl32((x), (n))
#define F_CH(x, y, z) ((z) ^ ((x) & ((y) ^ (z))))           /* rounds 0..19 */
#define F_PARITY(x, y, z) ((x) ^ (y) ^ (z))                 /* 20..39, 60..79 */
#define F_MAJ(x, y, z) (((x) & (y)) | ((z) & ((x) | (y))))  /* 40..59 */
#define K0 0x5a827999u
#define K1 0x6ed9eba1u
#define K2 0x8f1bbcdcu
#define K3 0xca62c1d6u

/* Schedule word i (0..79) from the ring w[16]: W_i = ROL1(W_i-3 ^ W_i-8 ^
 * W_i-14 ^ W_i-16) for i >= 16, stored over W_i-16. */
#define W(i) (w[(i)&15])
#define SCHEDULE(i) \
    ((i) < 16 ? W(i) : (W(i) = ROL(W((i) + 13) ^ W((i) + 8) ^ W((i) + 2) ^ W(i), 1)))

/* One round: e receives the new a, b is rotated into the new c; the
 * caller renames. */
#define ROUND(a, b, c, d, e, F, k, i)                           \
    do {                                                        \
        e += ROL(a, 5) + F(b, c, d) + (k) + SCHEDULE(i);        \
        b = ROL(b, 30);                                         \
    } while (0)

/* Five rounds from index i with function F and constant k. */
#define ROUND5(F, k, i)                     \
    do {                                    \
        ROUND(a, b, c, d, e, F, k, i + 0);  \
        ROUND(e, a, b, c, d, F, k, i + 1);  \
        ROUND(d, e, a, b, c, F, k, i + 2);  \
        ROUND(c, d, e, a, b, F, k, i + 3);  \
        ROUND(b, c, d, e, a, F, k, i + 4);  \
    } while (0)

/* Runs the compression function over n consecutive 64-byte blocks. */
void ref_sha1_blocks(uint32_t state[5], const uint8_t *p, size_t n)
{
    uint32_t w[16];

    while (n--) {
        uint32_t a = state[0], b = state[1], c = state[2], d = state[3], e = state[4];

        for (int i = 0; i < 16; i++)
            w[i] = ref_load32_be(p + 4 * i);

        ROUND5(F_CH, K0, 0);
        ROUND5(F_CH, K0, 5);
        ROUND5(F_CH, K0, 10);
        ROUND5(F_CH, K0, 15);
        ROUND5(F_PARITY, K1, 20);
        ROUND5(F_PARITY, K1, 25);
        ROUND5(F_PARITY, K1, 30);
        ROUND5(F_PARITY, K1, 35);
        ROUND5(F_MAJ, K2, 40);
        ROUND5(F_MAJ, K2, 45);
        ROUND5(F_MAJ, K2, 50);
        ROUND5(F_MAJ, K2, 55);
        ROUND5(F_PARITY, K3, 60);
        ROUND5(F_PARITY, K3, 65);
        ROUND5(F_PARITY, K3, 70);
        ROUND5(F_PARITY, K3, 75);

        state[0] += a, state[1] += b, state[2] += c, state[3] += d, state[4] += e;
        p += 64;
    }
}

void ref_sha1_init(ref_sha1_ctx *c)
{
    ref_sha1_init_with(c, ref_sha1_blocks);
}

void ref_sha1_init_with(ref_sha1_ctx *c, ref_sha1_blocks_fn *f)
{
    c->blocks = f;
    c->h[0] = 0x67452301u;
    c->h[1] = 0xefcdab89u;
    c->h[2] = 0x98badcfeu;
    c->h[3] = 0x10325476u;
    c->h[4] = 0xc3d2e1f0u;
    c->bytes = 0;
    c->buf_len = 0;
}

void ref_sha1_update(ref_sha1_ctx *c, const uint8_t *data, size_t len)
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

void ref_sha1_final(ref_sha1_ctx *c, uint8_t out[20])
{
    uint64_t bits = c->bytes * 8;

    /* Padding as SHA-256: 0x80, zeros, 64-bit big-endian bit length. */
    c->buf[c->buf_len++] = 0x80;
    if (c->buf_len > 56) {
        memset(c->buf + c->buf_len, 0, 64 - c->buf_len);
        c->blocks(c->h, c->buf, 1);
        c->buf_len = 0;
    }
    memset(c->buf + c->buf_len, 0, 56 - c->buf_len);
    ref_store64_be(c->buf + 56, bits);
    c->blocks(c->h, c->buf, 1);

    for (int i = 0; i < 5; i++)
        ref_store32_be(out + 4 * i, c->h[i]);
}

void ref_sha1(const uint8_t *msg, size_t len, uint8_t out[20])
{
    ref_sha1_ctx c;
    ref_sha1_init(&c);
    ref_sha1_update(&c, msg, len);
    ref_sha1_final(&c, out);
}
