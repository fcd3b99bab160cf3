/*
 * ghash_internal.h — GHASH arithmetic with PCLMULQDQ, inline, for the x86
 * GCM files, and the interface between x86_gcm.c and the bulk loops of
 * each variant.
 *
 * Blocks are byte-reversed on load (x86_bswap_mask), so a 128-bit GHASH
 * element sits in a register as an integer with GCM's bits reflected. A
 * product is then four carry-less multiplies into 256 bits, shifted left
 * by one (the reflection) and reduced modulo x^128 + x^7 + x^2 + x + 1:
 * the method of Gueron and Kounavis, "Intel Carry-Less Multiplication
 * Instruction and its Usage for Computing the GCM Mode" (Intel, 2010/2014).
 * Shift and reduction are linear, so the products of eight blocks with
 * H^8..H^1 are summed first and reduced once (aggregated reduction).
 *
 * Private to src/impl/x86/; included by files compiled with at least
 * -maes -mpclmul -mssse3.
 */
#ifndef CM_IMPL_X86_GHASH_INTERNAL_H
#define CM_IMPL_X86_GHASH_INTERNAL_H

#include "impl/x86/aesni_internal.h"
#include "impl/x86/gcm_x86.h"

/* A 256-bit product being summed: low, middle (the two cross terms) and
 * high 128-bit parts. */
typedef struct ghash_acc {
    __m128i lo, mid, hi;
} ghash_acc;

static inline ghash_acc ghash_acc_zero(void)
{
    ghash_acc a = {_mm_setzero_si128(), _mm_setzero_si128(), _mm_setzero_si128()};
    return a;
}

/* acc += a * b (unreduced). */
static inline void ghash_mul_add(ghash_acc *acc, __m128i a, __m128i b)
{
    acc->lo = _mm_xor_si128(acc->lo, _mm_clmulepi64_si128(a, b, 0x00));
    acc->hi = _mm_xor_si128(acc->hi, _mm_clmulepi64_si128(a, b, 0x11));
    acc->mid = _mm_xor_si128(acc->mid, _mm_xor_si128(_mm_clmulepi64_si128(a, b, 0x10),
                                                     _mm_clmulepi64_si128(a, b, 0x01)));
}

/* The field element of a summed product: the 256-bit value shifted left
 * by one bit and reduced. */
static inline __m128i ghash_reduce(ghash_acc acc)
{
    __m128i lo = _mm_xor_si128(acc.lo, _mm_slli_si128(acc.mid, 8));
    __m128i hi = _mm_xor_si128(acc.hi, _mm_srli_si128(acc.mid, 8));
    /* hi:lo <<= 1 across the 32-bit lanes and the two halves */
    __m128i lo_c = _mm_srli_epi32(lo, 31), hi_c = _mm_srli_epi32(hi, 31);
    lo = _mm_or_si128(_mm_slli_epi32(lo, 1), _mm_slli_si128(lo_c, 4));
    hi = _mm_or_si128(_mm_or_si128(_mm_slli_epi32(hi, 1), _mm_slli_si128(hi_c, 4)),
                      _mm_srli_si128(lo_c, 12));
    /* first phase: the bits of lo times x^127 + x^126 + x^121 */
    __m128i t = _mm_xor_si128(_mm_xor_si128(_mm_slli_epi32(lo, 31), _mm_slli_epi32(lo, 30)),
                              _mm_slli_epi32(lo, 25));
    __m128i carry = _mm_srli_si128(t, 4);
    lo = _mm_xor_si128(lo, _mm_slli_si128(t, 12));
    /* second phase */
    __m128i u = _mm_xor_si128(_mm_xor_si128(_mm_srli_epi32(lo, 1), _mm_srli_epi32(lo, 2)),
                              _mm_srli_epi32(lo, 7));
    u = _mm_xor_si128(u, carry);
    return _mm_xor_si128(hi, _mm_xor_si128(lo, u));
}

/* a * b in GF(2^128). */
static inline __m128i ghash_mul(__m128i a, __m128i b)
{
    ghash_acc acc = ghash_acc_zero();
    ghash_mul_add(&acc, a, b);
    return ghash_reduce(acc);
}

/* The power H^(8-i) of the key. */
static inline __m128i ghash_h(const x86_gcm_key *g, int i)
{
    return _mm_load_si128((const __m128i *)g->h[i]);
}

/* A block of data as a GHASH element. */
static inline __m128i ghash_load(const uint8_t *p)
{
    return _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)p), x86_bswap_mask());
}

/* y = (y ^ x0) H^8 ^ x1 H^7 ^ ... ^ x7 H over eight blocks at p. */
static inline __m128i ghash8(const x86_gcm_key *g, __m128i y, const uint8_t *p)
{
    ghash_acc acc = ghash_acc_zero();
#pragma GCC unroll 8
    for (int i = 0; i < 8; i++) {
        __m128i x = ghash_load(p + 16 * i);
        ghash_mul_add(&acc, i ? x : _mm_xor_si128(x, y), ghash_h(g, i));
    }
    return ghash_reduce(acc);
}

/* The bulk of a GCM message: len rounded down to 128 bytes, from the
 * counter block *ctr (byte-reversed; advanced) into GHASH state *y (the
 * ciphertext is hashed: out when enc, in otherwise). Returns the bytes
 * done. */
typedef size_t (*x86_gcm_bulk_fn)(const x86_gcm_key *g, __m128i *ctr, __m128i *y,
                                  const uint8_t *in, uint8_t *out, size_t len, int enc);

/* Seal (tag_out set: the tag is written there) or open (tag_check set:
 * compared, out wiped on a mismatch) with the bulk loop of a variant;
 * x86_gcm.c. */
cm_rc x86_gcm_crypt(const x86_gcm_key *g, x86_gcm_bulk_fn bulk, const uint8_t *nonce,
                    size_t nonce_len, const uint8_t *aad, size_t aad_len, const uint8_t *in,
                    size_t len, uint8_t *out, uint8_t *tag_out, const uint8_t *tag_check,
                    size_t tag_len);

#endif
