/*
 * chacha20.c — ChaCha20 (RFC 8439 §2.1-2.4); see chacha20.h.
 *
 * The state is 16 words: 4 constants, 8 key words, the block counter and
 * 3 nonce words. A block is 20 rounds (10 "double rounds": four quarter
 * rounds on the columns, four on the diagonals) followed by adding the
 * input state; the keystream is that result in little-endian order.
 */
#include "impl/ref/chacha20.h"
#include "impl/ref/bytes.h"

/* The quarter round of RFC 8439 §2.1 on state words a, b, c, d. */
#define QR(a, b, c, d)                                       \
    do {                                                     \
        a += b, d ^= a, d = ref_rotl32(d, 16);               \
        c += d, b ^= c, b = ref_rotl32(b, 12);               \
        a += b, d ^= a, d = ref_rotl32(d, 8);                \
        c += d, b ^= c, b = ref_rotl32(b, 7);                \
    } while (0)

void ref_chacha20_set_key(ref_chacha20_key *k, const uint8_t key[32])
{
    for (int i = 0; i < 8; i++)
        k->k[i] = ref_load32_le(key + 4 * i);
}

/* The input state for (key, nonce, counter). */
static void init_state(uint32_t s[16], const ref_chacha20_key *k, const uint8_t nonce[12],
                       uint32_t counter)
{
    s[0] = 0x61707865u; /* "expand 32-byte k" */
    s[1] = 0x3320646eu;
    s[2] = 0x79622d32u;
    s[3] = 0x6b206574u;
    for (int i = 0; i < 8; i++)
        s[4 + i] = k->k[i];
    s[12] = counter;
    s[13] = ref_load32_le(nonce);
    s[14] = ref_load32_le(nonce + 4);
    s[15] = ref_load32_le(nonce + 8);
}

/* x = the block function of input state s (20 rounds, then + s). */
static void block_words(uint32_t x[16], const uint32_t s[16])
{
    for (int i = 0; i < 16; i++)
        x[i] = s[i];
    for (int i = 0; i < 10; i++) {
        QR(x[0], x[4], x[8], x[12]); /* columns */
        QR(x[1], x[5], x[9], x[13]);
        QR(x[2], x[6], x[10], x[14]);
        QR(x[3], x[7], x[11], x[15]);
        QR(x[0], x[5], x[10], x[15]); /* diagonals */
        QR(x[1], x[6], x[11], x[12]);
        QR(x[2], x[7], x[8], x[13]);
        QR(x[3], x[4], x[9], x[14]);
    }
    for (int i = 0; i < 16; i++)
        x[i] += s[i];
}

void ref_chacha20_block(const ref_chacha20_key *k, const uint8_t nonce[12],
                        uint32_t counter, uint8_t out[64])
{
    uint32_t s[16], x[16];

    init_state(s, k, nonce, counter);
    block_words(x, s);
    for (int i = 0; i < 16; i++)
        ref_store32_le(out + 4 * i, x[i]);
    ref_wipe(x, sizeof x);
}

void ref_chacha20_xor(const ref_chacha20_key *k, const uint8_t nonce[12], uint32_t counter,
                      const uint8_t *in, uint8_t *out, size_t len)
{
    uint32_t s[16], x[16];

    init_state(s, k, nonce, counter);
    while (len >= 64) {
        block_words(x, s);
        for (int i = 0; i < 16; i++)
            ref_store32_le(out + 4 * i, ref_load32_le(in + 4 * i) ^ x[i]);
        s[12]++;
        in += 64;
        out += 64;
        len -= 64;
    }
    if (len > 0) {
        uint8_t stream[64];
        block_words(x, s);
        for (int i = 0; i < 16; i++)
            ref_store32_le(stream + 4 * i, x[i]);
        ref_xor_bytes(out, in, stream, len);
    }
}
