/*
 * aesni_ctr.c — AES-CTR with AES-NI, eight blocks in flight (see
 * aes_x86.h; the loop is x86_ctr_xor in aesni_internal.h). Compiled with
 * -maes -mssse3.
 */
#include "impl/x86/aesni_internal.h"

/* Encrypts eight counter blocks and XORs them into 128 bytes. */
static void aesni_ctr8(const x86_aes_key *k, const __m128i ctr[8], const uint8_t *in,
                       uint8_t *out)
{
    __m128i b[8];
    memcpy(b, ctr, sizeof b);
    x86_aes_encrypt8(k, b);
    x86_xor_store8(out, in, b);
}

/* See aes_x86.h. */
void x86_aesni_ctr_xor(const x86_aes_key *k, const uint8_t ctr[16], const uint8_t *in,
                       uint8_t *out, size_t len)
{
    x86_ctr_xor(k, ctr, in, out, len, aesni_ctr8);
}
