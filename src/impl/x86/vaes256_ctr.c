/*
 * vaes256_ctr.c — AES-CTR with VAES on 256-bit vectors: eight blocks in
 * four registers of two (see aes_x86.h; the loop is x86_ctr_xor in
 * aesni_internal.h). Compiled with -mvaes -mavx2 -maes -mssse3; run only
 * where cm_cpu_has("vaes,avx2") says so.
 */
#include "impl/x86/aesni_internal.h"

/* Encrypts eight counter blocks, two per register, and XORs them into 128
 * bytes. */
static void vaes256_ctr8(const x86_aes_key *k, const __m128i ctr[8], const uint8_t *in,
                         uint8_t *out)
{
    __m256i b[4];
#pragma GCC unroll 4
    for (int i = 0; i < 4; i++)
        b[i] = _mm256_xor_si256(_mm256_set_m128i(ctr[2 * i + 1], ctr[2 * i]),
                                _mm256_broadcastsi128_si256(x86_rk(k, 0)));
    for (unsigned r = 1; r < k->rounds; r++) {
        __m256i rk = _mm256_broadcastsi128_si256(x86_rk(k, r));
#pragma GCC unroll 4
        for (int i = 0; i < 4; i++)
            b[i] = _mm256_aesenc_epi128(b[i], rk);
    }
    __m256i last = _mm256_broadcastsi128_si256(x86_rk(k, k->rounds));
#pragma GCC unroll 4
    for (int i = 0; i < 4; i++) {
        b[i] = _mm256_aesenclast_epi128(b[i], last);
        _mm256_storeu_si256((__m256i *)(out + 32 * i),
                            _mm256_xor_si256(b[i], _mm256_loadu_si256((const __m256i *)(in + 32 * i))));
    }
}

/* See aes_x86.h. */
void x86_vaes256_ctr_xor(const x86_aes_key *k, const uint8_t ctr[16], const uint8_t *in,
                         uint8_t *out, size_t len)
{
    x86_ctr_xor(k, ctr, in, out, len, vaes256_ctr8);
}
