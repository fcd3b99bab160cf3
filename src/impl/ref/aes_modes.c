/*
 * aes_modes.c — AES-ECB, AES-CBC and AES-CTR (NIST SP 800-38A); see aes_modes.h.
 */
#include <string.h>
#include "impl/ref/aes_modes.h"
#include "impl/ref/bytes.h"

/* dst[0..16) ^= src[0..16), through 64-bit words read and written with
 * memcpy: no alignment assumption, no dependence on byte order. */
static void xor_block(uint8_t *dst, const uint8_t *a, const uint8_t *b)
{
    uint64_t a0, a1, b0, b1;
    memcpy(&a0, a, 8);
    memcpy(&a1, a + 8, 8);
    memcpy(&b0, b, 8);
    memcpy(&b1, b + 8, 8);
    a0 ^= b0;
    a1 ^= b1;
    memcpy(dst, &a0, 8);
    memcpy(dst + 8, &a1, 8);
}

cm_rc ref_aes_ecb(const ref_aes_key *k, int dec, const uint8_t *in, uint8_t *out, size_t len)
{
    if (len % 16 != 0)
        return CM_ERR_INVALID;
    for (size_t off = 0; off < len; off += 16)
        (dec ? ref_aes_decrypt_block : ref_aes_encrypt_block)(k, in + off, out + off);
    return CM_OK;
}

cm_rc ref_aes_cbc_encrypt(const ref_aes_key *k, const uint8_t iv[16],
                          const uint8_t *in, uint8_t *out, size_t len)
{
    uint8_t chain[16];

    if (len % 16 != 0)
        return CM_ERR_INVALID;
    memcpy(chain, iv, 16);
    /* C_i = E(P_i ^ C_{i-1}), C_0 = IV. */
    for (size_t off = 0; off < len; off += 16) {
        xor_block(chain, chain, in + off);
        ref_aes_encrypt_block(k, chain, chain);
        memcpy(out + off, chain, 16);
    }
    return CM_OK;
}

cm_rc ref_aes_cbc_decrypt(const ref_aes_key *k, const uint8_t iv[16],
                          const uint8_t *in, uint8_t *out, size_t len)
{
    uint8_t prev[16], cur[16], plain[16];

    if (len % 16 != 0)
        return CM_ERR_INVALID;
    memcpy(prev, iv, 16);
    /* P_i = D(C_i) ^ C_{i-1}. C_i is copied before out is written, so the
     * loop also works in place. */
    for (size_t off = 0; off < len; off += 16) {
        memcpy(cur, in + off, 16);
        ref_aes_decrypt_block(k, cur, plain);
        xor_block(out + off, plain, prev);
        memcpy(prev, cur, 16);
    }
    return CM_OK;
}

void ref_aes_ctr_xor(const ref_aes_key *k, const uint8_t ctr[16],
                     const uint8_t *in, uint8_t *out, size_t len)
{
    uint8_t counter[16], stream[16];

    memcpy(counter, ctr, 16);
    while (len > 0) {
        size_t n = len < 16 ? len : 16;

        ref_aes_encrypt_block(k, counter, stream);
        if (n == 16)
            xor_block(out, in, stream);
        else
            ref_xor_bytes(out, in, stream, n);
        in += n;
        out += n;
        len -= n;

        /* counter += 1 over all 128 bits, big-endian: carry from byte 15
         * towards byte 0 while a byte wraps to zero. */
        for (int i = 15; i >= 0; i--)
            if (++counter[i] != 0)
                break;
    }
}
