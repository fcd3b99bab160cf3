/*
 * vaes512_ctr.c — AES-CTR with VAES on 512-bit vectors: eight blocks in
 * two registers of four (see aes_x86.h; the loop is x86_ctr_xor in
 * aesni_internal.h). Compiled with -mvaes -mavx512f -maes -mssse3; run only
 * where cm_cpu_has("vaes,avx512f,...") says so.
 */
#include "impl/x86/aesni_internal.h"

/* Four 128-bit blocks as one register, b[0] in lane 0. */
static inline __m512i quad(const __m128i *b)
{
    return _mm512_inserti64x4(_mm512_castsi256_si512(_mm256_set_m128i(b[1], b[0])),
                              _mm256_set_m128i(b[3], b[2]), 1);
}

/* Encrypts eight counter blocks, four per register, and XORs them into 128
 * bytes. */
static void vaes512_ctr8(const x86_aes_key *k, const __m128i ctr[8], const uint8_t *in,
                         uint8_t *out)
{
    __m512i rk = _mm512_broadcast_i32x4(x86_rk(k, 0));
    __m512i b0 = _mm512_xor_si512(quad(ctr), rk), b1 = _mm512_xor_si512(quad(ctr + 4), rk);
    for (unsigned r = 1; r < k->rounds; r++) {
        rk = _mm512_broadcast_i32x4(x86_rk(k, r));
        b0 = _mm512_aesenc_epi128(b0, rk);
        b1 = _mm512_aesenc_epi128(b1, rk);
    }
    rk = _mm512_broadcast_i32x4(x86_rk(k, k->rounds));
    b0 = _mm512_xor_si512(_mm512_aesenclast_epi128(b0, rk), _mm512_loadu_si512(in));
    b1 = _mm512_xor_si512(_mm512_aesenclast_epi128(b1, rk), _mm512_loadu_si512(in + 64));
    _mm512_storeu_si512(out, b0);
    _mm512_storeu_si512(out + 64, b1);
}

/* See aes_x86.h. */
void x86_vaes512_ctr_xor(const x86_aes_key *k, const uint8_t ctr[16], const uint8_t *in,
                         uint8_t *out, size_t len)
{
    x86_ctr_xor(k, ctr, in, out, len, vaes512_ctr8);
}
