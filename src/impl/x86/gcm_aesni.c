/*
 * gcm_aesni.c — the bulk loop of AES-GCM with AES-NI and PCLMULQDQ (see
 * gcm_x86.h): eight counter blocks through the rounds together, and their
 * ciphertext hashed with one reduction per eight blocks. Compiled with
 * -maes -mpclmul -mssse3.
 */
#include "impl/x86/ghash_internal.h"

/* See x86_gcm_bulk_fn (ghash_internal.h). The AES rounds of a group and
 * the GHASH of a group's ciphertext are independent chains in one loop
 * iteration, so the core runs them side by side: when encrypting, the
 * hash is of the previous group's ciphertext (one group behind); when
 * decrypting, of this group's, loaded before its plaintext is stored (in
 * may equal out). */
static size_t aesni_bulk(const x86_gcm_key *g, __m128i *ctr, __m128i *y, const uint8_t *in,
                         uint8_t *out, size_t len, int enc)
{
    const __m128i bswap = x86_bswap_mask();
    size_t done = 0;
    for (; len - done >= 128; done += 128) {
        __m128i b[8];
#pragma GCC unroll 8
        for (int i = 0; i < 8; i++) {
            b[i] = _mm_shuffle_epi8(*ctr, bswap);
            *ctr = _mm_add_epi32(*ctr, _mm_set_epi32(0, 0, 0, 1));
        }
        x86_aes_encrypt8(&g->aes, b);
        if (!enc)
            *y = ghash8(g, *y, in + done);
        else if (done)
            *y = ghash8(g, *y, out + done - 128);
        x86_xor_store8(out + done, in + done, b);
    }
    if (enc && done)
        *y = ghash8(g, *y, out + done - 128);
    return done;
}

/* See gcm_x86.h. */
cm_rc x86_aesni_gcm_seal(const x86_gcm_key *g, const uint8_t *nonce, size_t nonce_len,
                         const uint8_t *aad, size_t aad_len, const uint8_t *in, size_t len,
                         uint8_t *out, uint8_t *tag, size_t tag_len)
{
    return x86_gcm_crypt(g, aesni_bulk, nonce, nonce_len, aad, aad_len, in, len, out, tag, NULL,
                         tag_len);
}

/* See gcm_x86.h. */
cm_rc x86_aesni_gcm_open(const x86_gcm_key *g, const uint8_t *nonce, size_t nonce_len,
                         const uint8_t *aad, size_t aad_len, const uint8_t *in, size_t len,
                         uint8_t *out, const uint8_t *tag, size_t tag_len)
{
    return x86_gcm_crypt(g, aesni_bulk, nonce, nonce_len, aad, aad_len, in, len, out, NULL, tag,
                         tag_len);
}
