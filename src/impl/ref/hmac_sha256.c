/*
 * hmac_sha256.c — HMAC-SHA-256; see hmac_sha256.h.
 */
#include <string.h>
#include "impl/ref/hmac_sha256.h"
#include "impl/ref/bytes.h"

void ref_hmac_sha256_set_key(ref_hmac_sha256_key *k, const uint8_t *key, size_t key_len)
{
    uint8_t k0[REF_SHA256_BLOCK] = {0}, pad[REF_SHA256_BLOCK];

    /* K0: the key, or its digest if longer than a block, zero-padded. */
    if (key_len > REF_SHA256_BLOCK)
        ref_sha256(key, key_len, k0);
    else if (key_len > 0)
        memcpy(k0, key, key_len);

    for (int i = 0; i < REF_SHA256_BLOCK; i++)
        pad[i] = k0[i] ^ 0x36;
    ref_sha256_init(&k->inner);
    ref_sha256_update(&k->inner, pad, sizeof pad);

    for (int i = 0; i < REF_SHA256_BLOCK; i++)
        pad[i] = k0[i] ^ 0x5c;
    ref_sha256_init(&k->outer);
    ref_sha256_update(&k->outer, pad, sizeof pad);

    ref_wipe(k0, sizeof k0);
    ref_wipe(pad, sizeof pad);
}

void ref_hmac_sha256(const ref_hmac_sha256_key *k, const uint8_t *msg, size_t len,
                     uint8_t out[32])
{
    ref_sha256_ctx c = k->inner;
    uint8_t inner_digest[REF_SHA256_DIGEST];

    /* H((K0 ^ opad) || H((K0 ^ ipad) || msg)) */
    ref_sha256_update(&c, msg, len);
    ref_sha256_final(&c, inner_digest);
    c = k->outer;
    ref_sha256_update(&c, inner_digest, sizeof inner_digest);
    ref_sha256_final(&c, out);
    /* c now holds only the tag's chaining value; not wiped, so that the
     * per-message cost matches other libraries'. */
}
