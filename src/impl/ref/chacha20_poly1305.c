/*
 * chacha20_poly1305.c — AEAD_CHACHA20_POLY1305 (RFC 8439 §2.8); see
 * chacha20_poly1305.h.
 *
 * Block 0 of the keystream gives the one-time Poly1305 key; the message is
 * encrypted from block 1; the tag covers
 *     aad || pad16 || ciphertext || pad16 || le64(aad_len) || le64(len).
 */
#include <stdint.h>
#include "impl/ref/chacha20_poly1305.h"
#include "impl/ref/poly1305.h"
#include "impl/ref/bytes.h"

/* Checks the parameters shared by seal and open. */
static cm_rc check_params(size_t nonce_len, size_t len, size_t tag_len)
{
    if (nonce_len != 12 || tag_len == 0 || tag_len > 16)
        return CM_ERR_UNSUPPORTED;
#if SIZE_MAX > 0xffffffffu
    /* The 32-bit block counter starts at 1: at most 2^32 - 1 blocks.
     * (A 32-bit size_t cannot get there.) */
    if ((uint64_t)len > ((uint64_t)1 << 38) - 64)
        return CM_ERR_INVALID;
#else
    (void)len;
#endif
    return CM_OK;
}

/* Writes the full 16-byte tag over aad and the ciphertext ct. */
static void compute_tag(const ref_chacha20_poly1305_key *k, const uint8_t nonce[12],
                        const uint8_t *aad, size_t aad_len, const uint8_t *ct, size_t len,
                        uint8_t tag[16])
{
    static const uint8_t zeros[16] = {0};
    uint8_t block0[64], lengths[16];
    ref_poly1305_ctx mac;

    ref_chacha20_block(k, nonce, 0, block0);
    ref_poly1305_init(&mac, block0); /* the first 32 bytes */
    ref_wipe(block0, sizeof block0);

    ref_poly1305_update(&mac, aad, aad_len);
    ref_poly1305_update(&mac, zeros, (16 - aad_len % 16) % 16);
    ref_poly1305_update(&mac, ct, len);
    ref_poly1305_update(&mac, zeros, (16 - len % 16) % 16);
    ref_store64_le(lengths, (uint64_t)aad_len);
    ref_store64_le(lengths + 8, (uint64_t)len);
    ref_poly1305_update(&mac, lengths, sizeof lengths);
    ref_poly1305_final(&mac, tag);
}

cm_rc ref_chacha20_poly1305_seal(const ref_chacha20_poly1305_key *k, const uint8_t *nonce,
                                 size_t nonce_len, const uint8_t *aad, size_t aad_len,
                                 const uint8_t *in, size_t len, uint8_t *out, uint8_t *tag,
                                 size_t tag_len)
{
    return ref_chacha20_poly1305_seal_with(k, nonce, nonce_len, aad, aad_len, in, len, out, tag,
                                           tag_len, ref_chacha20_xor);
}

cm_rc ref_chacha20_poly1305_seal_with(const ref_chacha20_poly1305_key *k, const uint8_t *nonce,
                                      size_t nonce_len, const uint8_t *aad, size_t aad_len,
                                      const uint8_t *in, size_t len, uint8_t *out, uint8_t *tag,
                                      size_t tag_len, ref_chacha20_xor_fn *f)
{
    uint8_t full_tag[16];
    cm_rc rc = check_params(nonce_len, len, tag_len);

    if (rc != CM_OK)
        return rc;
    f(k, nonce, 1, in, out, len);
    compute_tag(k, nonce, aad, aad_len, out, len, full_tag);
    for (size_t i = 0; i < tag_len; i++)
        tag[i] = full_tag[i];
    return CM_OK;
}

cm_rc ref_chacha20_poly1305_open(const ref_chacha20_poly1305_key *k, const uint8_t *nonce,
                                 size_t nonce_len, const uint8_t *aad, size_t aad_len,
                                 const uint8_t *in, size_t len, uint8_t *out,
                                 const uint8_t *tag, size_t tag_len)
{
    return ref_chacha20_poly1305_open_with(k, nonce, nonce_len, aad, aad_len, in, len, out, tag,
                                           tag_len, ref_chacha20_xor);
}

cm_rc ref_chacha20_poly1305_open_with(const ref_chacha20_poly1305_key *k, const uint8_t *nonce,
                                      size_t nonce_len, const uint8_t *aad, size_t aad_len,
                                      const uint8_t *in, size_t len, uint8_t *out,
                                      const uint8_t *tag, size_t tag_len, ref_chacha20_xor_fn *f)
{
    uint8_t full_tag[16];
    cm_rc rc = check_params(nonce_len, len, tag_len);

    if (rc != CM_OK)
        return rc;
    /* Authenticate first: no plaintext is produced for a forged message. */
    compute_tag(k, nonce, aad, aad_len, in, len, full_tag);
    if (!ref_ct_equal(full_tag, tag, tag_len))
        return CM_ERR_AUTH;
    f(k, nonce, 1, in, out, len);
    return CM_OK;
}
