/*
 * aesni_cbc.c — AES-CBC with AES-NI (see aes_x86.h). Encryption is one
 * serial chain (each block needs the previous ciphertext), so it is bound
 * by the AESENC latency; decryption has no such chain and runs 8 blocks
 * at a time. Compiled with -maes -mssse3.
 */
#include "impl/x86/aesni_internal.h"

/* See aes_x86.h. */
cm_rc x86_aesni_cbc_encrypt(const x86_aes_key *k, const uint8_t iv[16], const uint8_t *in,
                            uint8_t *out, size_t len)
{
    if (len % 16 != 0)
        return CM_ERR_INVALID;
    __m128i c = _mm_loadu_si128((const __m128i *)iv);
    for (size_t off = 0; off < len; off += 16) {
        c = _mm_xor_si128(c, _mm_loadu_si128((const __m128i *)(in + off)));
        c = x86_aes_encrypt1(k, c);
        _mm_storeu_si128((__m128i *)(out + off), c);
    }
    return CM_OK;
}

/* Decryption round key i. */
static inline __m128i dk(const x86_aes_key *k, unsigned i)
{
    return _mm_load_si128((const __m128i *)k->dec[i]);
}

/* One block through every decryption round. */
static __m128i decrypt1(const x86_aes_key *k, __m128i b)
{
    b = _mm_xor_si128(b, dk(k, 0));
    for (unsigned r = 1; r < k->rounds; r++)
        b = _mm_aesdec_si128(b, dk(k, r));
    return _mm_aesdeclast_si128(b, dk(k, k->rounds));
}

/* See aes_x86.h. Every ciphertext block of a group is loaded before any
 * plaintext is stored, so in == out works. */
cm_rc x86_aesni_cbc_decrypt(const x86_aes_key *k, const uint8_t iv[16], const uint8_t *in,
                            uint8_t *out, size_t len)
{
    if (len % 16 != 0)
        return CM_ERR_INVALID;
    __m128i prev = _mm_loadu_si128((const __m128i *)iv);
    for (; len >= 128; in += 128, out += 128, len -= 128) {
        __m128i c[8], b[8];
        __m128i rk = dk(k, 0);
#pragma GCC unroll 8
        for (int i = 0; i < 8; i++) {
            c[i] = _mm_loadu_si128((const __m128i *)(in + 16 * i));
            b[i] = _mm_xor_si128(c[i], rk);
        }
        for (unsigned r = 1; r < k->rounds; r++) {
            rk = dk(k, r);
#pragma GCC unroll 8
            for (int i = 0; i < 8; i++)
                b[i] = _mm_aesdec_si128(b[i], rk);
        }
        rk = dk(k, k->rounds);
#pragma GCC unroll 8
        for (int i = 0; i < 8; i++) {
            b[i] = _mm_aesdeclast_si128(b[i], rk);
            _mm_storeu_si128((__m128i *)(out + 16 * i),
                             _mm_xor_si128(b[i], i ? c[i - 1] : prev));
        }
        prev = c[7];
    }
    for (; len; in += 16, out += 16, len -= 16) {
        __m128i c = _mm_loadu_si128((const __m128i *)in);
        _mm_storeu_si128((__m128i *)out, _mm_xor_si128(decrypt1(k, c), prev));
        prev = c;
    }
    return CM_OK;
}
