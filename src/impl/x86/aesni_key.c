/*
 * aesni_key.c — AES-128 and AES-256 key expansion with AESKEYGENASSIST,
 * the decryption schedule with AESIMC, and one-block encryption (see
 * aes_x86.h). Compiled with -maes -mssse3.
 */
#include "impl/x86/aesni_internal.h"

/* The next four key words from the previous four (prev) and the assist
 * word broadcast from AESKEYGENASSIST (assist): w[i] = w[i-Nk] ^ t. */
static __m128i expand_step(__m128i prev, __m128i assist)
{
    prev = _mm_xor_si128(prev, _mm_slli_si128(prev, 4));
    prev = _mm_xor_si128(prev, _mm_slli_si128(prev, 4));
    prev = _mm_xor_si128(prev, _mm_slli_si128(prev, 4));
    return _mm_xor_si128(prev, assist);
}

/* AESKEYGENASSIST takes its round constant as an immediate: one macro per
 * step. Word 3 of the assist is RotWord(SubWord(w)) ^ rcon, word 2 is
 * SubWord(w) (AES-256's middle step). */
#define STEP128(rk, i, rcon) \
    rk[i] = expand_step(rk[i - 1], _mm_shuffle_epi32(_mm_aeskeygenassist_si128(rk[i - 1], rcon), 0xff))
#define STEP256(rk, i, rcon)                                                                       \
    do {                                                                                           \
        rk[i] = expand_step(rk[i - 2],                                                             \
                            _mm_shuffle_epi32(_mm_aeskeygenassist_si128(rk[i - 1], rcon), 0xff)); \
        if (i + 1 < 15)                                                                            \
            rk[i + 1] = expand_step(                                                               \
                rk[i - 1], _mm_shuffle_epi32(_mm_aeskeygenassist_si128(rk[i], 0), 0xaa));         \
    } while (0)

/* See aes_x86.h. */
cm_rc x86_aesni_set_key(x86_aes_key *k, const uint8_t *key, size_t key_len)
{
    __m128i rk[15];
    if (key_len == 16) {
        k->rounds = 10;
        rk[0] = _mm_loadu_si128((const __m128i *)key);
        STEP128(rk, 1, 0x01);
        STEP128(rk, 2, 0x02);
        STEP128(rk, 3, 0x04);
        STEP128(rk, 4, 0x08);
        STEP128(rk, 5, 0x10);
        STEP128(rk, 6, 0x20);
        STEP128(rk, 7, 0x40);
        STEP128(rk, 8, 0x80);
        STEP128(rk, 9, 0x1b);
        STEP128(rk, 10, 0x36);
    } else if (key_len == 32) {
        k->rounds = 14;
        rk[0] = _mm_loadu_si128((const __m128i *)key);
        rk[1] = _mm_loadu_si128((const __m128i *)(key + 16));
        STEP256(rk, 2, 0x01);
        STEP256(rk, 4, 0x02);
        STEP256(rk, 6, 0x04);
        STEP256(rk, 8, 0x08);
        STEP256(rk, 10, 0x10);
        STEP256(rk, 12, 0x20);
        STEP256(rk, 14, 0x40);
    } else {
        return CM_ERR_UNSUPPORTED;
    }
    unsigned n = k->rounds;
    for (unsigned i = 0; i <= n; i++) {
        _mm_store_si128((__m128i *)k->enc[i], rk[i]);
        /* the equivalent inverse cipher: reversed, InvMixColumns on the middle keys */
        __m128i d = i == 0 || i == n ? rk[n - i] : _mm_aesimc_si128(rk[n - i]);
        _mm_store_si128((__m128i *)k->dec[i], d);
    }
    return CM_OK;
}

/* See aes_x86.h. */
void x86_aesni_encrypt_block(const x86_aes_key *k, const uint8_t in[16], uint8_t out[16])
{
    __m128i b = x86_aes_encrypt1(k, _mm_loadu_si128((const __m128i *)in));
    _mm_storeu_si128((__m128i *)out, b);
}
