/*
 * nettle_aead.c — the AEAD class of the Nettle backend: AES-GCM and
 * ChaCha20-Poly1305 through Nettle's struct nettle_aead (nettle-meta.h),
 * generic over an nt_spec (nettle_internal.h).
 *
 * create() keys one context once (GCM's hash subkey included); each
 * message sets its nonce (which restarts the context), feeds the
 * associated data, encrypts or decrypts, and takes the first tag_len bytes
 * of the tag from digest(). GCM takes nonces of any length through
 * gcm_aes*_set_iv; ChaCha20-Poly1305 only the 96-bit nonce of RFC 8439.
 * open() compares the tag with memeql_sec (constant time) and wipes the
 * plaintext when it does not match.
 */
#include <string.h>
#include <nettle/memops.h>
#include "nettle_internal.h"

#define NT_MAX_TAG 16

typedef struct nt_aead_state {
    const nt_spec *spec;
    void *ctx;
} nt_aead_state;

void nt_aead_destroy(void *state)
{
    nt_aead_state *st = state;
    if (st == NULL)
        return;
    nt_free(st->ctx, st->spec->aead->context_size);
    nt_free(st, sizeof *st);
}

cm_rc nt_aead_create(const nt_spec *spec, void **state, const uint8_t *key, size_t key_len)
{
    nt_aead_state *st;
    cm_rc rc;

    *state = NULL;
    if (key_len != spec->aead->key_size)
        return CM_ERR_INVALID;
    if ((rc = nt_alloc((void **)&st, sizeof *st)) != CM_OK)
        return rc;
    st->spec = spec;
    if ((rc = nt_alloc(&st->ctx, spec->aead->context_size)) != CM_OK) {
        nt_aead_destroy(st);
        return rc;
    }
    /* GCM and ChaCha20-Poly1305 key both directions alike */
    spec->aead->set_encrypt_key(st->ctx, key);
    *state = st;
    return CM_OK;
}

/* Starts a message: checks the lengths, sets the nonce, feeds the
 * associated data. */
static cm_rc aead_start(nt_aead_state *st, const uint8_t *nonce, size_t nonce_len,
                        const uint8_t *aad, size_t aad_len, size_t tag_len)
{
    const nt_spec *spec = st->spec;

    if (tag_len < 1 || tag_len > spec->aead->digest_size)
        return CM_ERR_UNSUPPORTED;
    if (nonce_len == 0)
        return CM_ERR_INVALID; /* GCM needs at least one byte of IV */
    if (spec->set_iv)
        spec->set_iv(st->ctx, nonce_len, nonce);
    else if (nonce_len == spec->aead->nonce_size)
        spec->aead->set_nonce(st->ctx, nonce);
    else
        return CM_ERR_UNSUPPORTED;
    if (aad_len > 0)
        spec->aead->update(st->ctx, aad_len, aad);
    return CM_OK;
}

cm_rc nt_aead_seal(void *state, const uint8_t *nonce, size_t nonce_len, const uint8_t *aad,
                   size_t aad_len, const uint8_t *in, size_t len, uint8_t *out, uint8_t *tag,
                   size_t tag_len)
{
    nt_aead_state *st = state;
    cm_rc rc = aead_start(st, nonce, nonce_len, aad, aad_len, tag_len);

    if (rc != CM_OK)
        return rc;
    if (len > 0)
        st->spec->aead->encrypt(st->ctx, len, out, in);
    st->spec->aead->digest(st->ctx, tag_len, tag);
    return CM_OK;
}

cm_rc nt_aead_open(void *state, const uint8_t *nonce, size_t nonce_len, const uint8_t *aad,
                   size_t aad_len, const uint8_t *in, size_t len, uint8_t *out,
                   const uint8_t *tag, size_t tag_len)
{
    nt_aead_state *st = state;
    uint8_t expected[NT_MAX_TAG];
    cm_rc rc = aead_start(st, nonce, nonce_len, aad, aad_len, tag_len);

    if (rc != CM_OK)
        return rc;
    if (len > 0)
        st->spec->aead->decrypt(st->ctx, len, out, in);
    st->spec->aead->digest(st->ctx, tag_len, expected);
    if (!memeql_sec(expected, tag, tag_len)) {
        if (len > 0)
            memset(out, 0, len);
        return CM_ERR_AUTH;
    }
    return CM_OK;
}
