/*
 * aesni_internal.h — inline helpers shared by the x86 AES files: rounds
 * over one and eight blocks, the byte-reversal shuffle, and the CTR loop
 * that the AES-NI and VAES CTR variants share, differing only in how they
 * encrypt eight counter blocks.
 *
 * Private to src/impl/x86/; only files compiled with at least -maes
 * -mssse3 include it.
 */
#ifndef CM_IMPL_X86_AESNI_INTERNAL_H
#define CM_IMPL_X86_AESNI_INTERNAL_H

#include <immintrin.h>
#include <string.h>
#include "impl/x86/aes_x86.h"

/* PSHUFB mask reversing the 16 bytes of a block: big-endian counter and
 * GHASH blocks become integers in the register's lanes and back. */
static inline __m128i x86_bswap_mask(void)
{
    return _mm_set_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
}

/* Round key i of an encryption schedule. */
static inline __m128i x86_rk(const x86_aes_key *k, unsigned i)
{
    return _mm_load_si128((const __m128i *)k->enc[i]);
}

/* One block through every encryption round. */
static inline __m128i x86_aes_encrypt1(const x86_aes_key *k, __m128i b)
{
    b = _mm_xor_si128(b, x86_rk(k, 0));
    for (unsigned r = 1; r < k->rounds; r++)
        b = _mm_aesenc_si128(b, x86_rk(k, r));
    return _mm_aesenclast_si128(b, x86_rk(k, k->rounds));
}

/* Eight independent blocks through every encryption round, interleaved so
 * that the AES unit's pipeline stays full. */
static inline void x86_aes_encrypt8(const x86_aes_key *k, __m128i b[8])
{
    __m128i rk = x86_rk(k, 0);
#pragma GCC unroll 8
    for (int i = 0; i < 8; i++)
        b[i] = _mm_xor_si128(b[i], rk);
    for (unsigned r = 1; r < k->rounds; r++) {
        rk = x86_rk(k, r);
#pragma GCC unroll 8
        for (int i = 0; i < 8; i++)
            b[i] = _mm_aesenc_si128(b[i], rk);
    }
    rk = x86_rk(k, k->rounds);
#pragma GCC unroll 8
    for (int i = 0; i < 8; i++)
        b[i] = _mm_aesenclast_si128(b[i], rk);
}

/* out[i] = in[i] ^ b[i] for eight blocks. */
static inline void x86_xor_store8(uint8_t *out, const uint8_t *in, const __m128i b[8])
{
#pragma GCC unroll 8
    for (int i = 0; i < 8; i++)
        _mm_storeu_si128((__m128i *)(out + 16 * i),
                         _mm_xor_si128(b[i], _mm_loadu_si128((const __m128i *)(in + 16 * i))));
}

/* out = in ^ the first len (< 16) bytes of keystream block ks. */
static inline void x86_xor_partial(uint8_t *out, const uint8_t *in, __m128i ks, size_t len)
{
    uint8_t buf[16];
    _mm_storeu_si128((__m128i *)buf, ks);
    for (size_t i = 0; i < len; i++)
        out[i] = in[i] ^ buf[i];
}

/* Encrypts the 8 counter blocks ctr (in memory order) and XORs them into
 * 128 bytes of in, writing out. */
typedef void (*x86_ctr8_fn)(const x86_aes_key *k, const __m128i ctr[8], const uint8_t *in,
                            uint8_t *out);

/* The next counter block after c, where c is a counter block with its
 * bytes reversed (a 128-bit little-endian integer): c + 1 mod 2^128. */
static inline __m128i x86_ctr128_next(__m128i c)
{
    c = _mm_add_epi64(c, _mm_set_epi64x(0, 1));
    if (_mm_cvtsi128_si64(c) == 0) /* the low half wrapped: carry */
        c = _mm_add_epi64(c, _mm_set_epi64x(1, 0));
    return c;
}

/* SP 800-38A CTR over any len, eight blocks at a time through ctr8, the
 * rest one block at a time with AES-NI. */
static inline void x86_ctr_xor(const x86_aes_key *k, const uint8_t ctr[16], const uint8_t *in,
                               uint8_t *out, size_t len, x86_ctr8_fn ctr8)
{
    const __m128i bswap = x86_bswap_mask();
    __m128i c = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)ctr), bswap);
    __m128i blocks[8];
    for (; len >= 128; in += 128, out += 128, len -= 128) {
        if ((uint64_t)_mm_cvtsi128_si64(c) <= UINT64_MAX - 8) {
            /* no carry out of the low half in these eight: plain adds */
#pragma GCC unroll 8
            for (int i = 0; i < 8; i++)
                blocks[i] = _mm_shuffle_epi8(_mm_add_epi64(c, _mm_set_epi64x(0, i)), bswap);
            c = _mm_add_epi64(c, _mm_set_epi64x(0, 8));
        } else {
#pragma GCC unroll 8
            for (int i = 0; i < 8; i++) {
                blocks[i] = _mm_shuffle_epi8(c, bswap);
                c = x86_ctr128_next(c);
            }
        }
        ctr8(k, blocks, in, out);
    }
    for (; len; in += 16, out += 16) {
        __m128i ks = x86_aes_encrypt1(k, _mm_shuffle_epi8(c, bswap));
        c = x86_ctr128_next(c);
        if (len < 16) {
            x86_xor_partial(out, in, ks, len);
            break;
        }
        _mm_storeu_si128((__m128i *)out,
                         _mm_xor_si128(ks, _mm_loadu_si128((const __m128i *)in)));
        len -= 16;
    }
}

#endif
