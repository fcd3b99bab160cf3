/*
 * ltc_aead.c — the AEAD class of the LibTomCrypt backend: AES-GCM
 * (gcm_init once, then per message gcm_reset, gcm_add_iv, gcm_add_aad,
 * gcm_process, gcm_done) and ChaCha20-Poly1305 (per message
 * chacha20poly1305_init, _setiv, _add_aad, _encrypt or _decrypt, _done:
 * LibTomCrypt 1.18's chacha20poly1305_done wipes the whole state, key
 * included, so each message keys it again; chacha20poly1305_init is
 * chacha_setup, which only loads the key words).
 *
 * LibTomCrypt's done() returns the computed tag in both directions; open()
 * compares it (constant time, LibTomCrypt's mem_neq) with the first tag_len
 * bytes, and wipes the plaintext when they differ. A truncated tag is the
 * first tag_len bytes of the full one.
 */
#include <stdlib.h>
#include <string.h>
#include "ltc_internal.h"

#define LTC_TAG_MAX 16

typedef struct ltc_aead_state {
    const ltc_spec *spec;
    union {
        gcm_state gcm;
        chacha20poly1305_state cp;
    } u;
    uint8_t key[32]; /* ChaCha20-Poly1305 */
} ltc_aead_state;

cm_rc ltc_aead_create(const ltc_spec *spec, void **state, const uint8_t *key, size_t key_len)
{
    ltc_aead_state *st;
    int err;

    if (key_len != spec->key_len)
        return CM_ERR_UNSUPPORTED;
    /* gcm_state holds 16-byte aligned tables: aligned_alloc, size rounded */
    st = aligned_alloc(16, (sizeof *st + 15) / 16 * 16);
    if (st == NULL)
        return CM_ERR_NOMEM;
    memset(st, 0, sizeof *st);
    st->spec = spec;
    if (spec->mode == LTC_M_GCM)
        err = gcm_init(&st->u.gcm, ltc_aes_index(), key, (int)key_len);
    else if (key_len == sizeof st->key) {
        memcpy(st->key, key, key_len);
        err = CRYPT_OK;
    } else
        err = CRYPT_INVALID_KEYSIZE;
    if (err != CRYPT_OK) {
        ltc_aead_destroy(st);
        return CM_ERR_LIBRARY;
    }
    *state = st;
    return CM_OK;
}

/* One message in direction enc; the computed tag (16 bytes) into full. */
static cm_rc aead_run(ltc_aead_state *st, int enc, const uint8_t *nonce, size_t nonce_len,
                      const uint8_t *aad, size_t aad_len, const uint8_t *in, size_t len,
                      uint8_t *out, size_t tag_len, uint8_t full[LTC_TAG_MAX])
{
    unsigned long full_len = LTC_TAG_MAX;
    int err;

    if (tag_len < 1 || tag_len > LTC_TAG_MAX)
        return CM_ERR_UNSUPPORTED;
    if (st->spec->mode == LTC_M_GCM) {
        gcm_state *g = &st->u.gcm;
        if (nonce_len == 0)
            return CM_ERR_INVALID; /* GCM needs at least one byte of IV */
        err = gcm_reset(g);
        if (err == CRYPT_OK)
            err = gcm_add_iv(g, nonce, nonce_len);
        if (err == CRYPT_OK)
            err = gcm_add_aad(g, aad_len ? aad : NULL, aad_len);
        if (err == CRYPT_OK)
            err = gcm_process(g, enc ? (uint8_t *)in : out, len, enc ? out : (uint8_t *)in,
                              enc ? GCM_ENCRYPT : GCM_DECRYPT);
        if (err == CRYPT_OK)
            err = gcm_done(g, full, &full_len);
    } else {
        chacha20poly1305_state *c = &st->u.cp;
        /* RFC 8439 defines 96-bit nonces; LibTomCrypt's 64-bit form is another
         * construction */
        if (nonce_len != 12)
            return CM_ERR_UNSUPPORTED;
        err = chacha20poly1305_init(c, st->key, sizeof st->key);
        if (err == CRYPT_OK)
            err = chacha20poly1305_setiv(c, nonce, nonce_len);
        if (err == CRYPT_OK && aad_len > 0)
            err = chacha20poly1305_add_aad(c, aad, aad_len);
        if (err == CRYPT_OK && len > 0)
            err = enc ? chacha20poly1305_encrypt(c, in, len, out)
                      : chacha20poly1305_decrypt(c, in, len, out);
        if (err == CRYPT_OK)
            err = chacha20poly1305_done(c, full, &full_len);
    }
    if (err != CRYPT_OK || full_len != LTC_TAG_MAX)
        return CM_ERR_LIBRARY;
    return CM_OK;
}

cm_rc ltc_aead_seal(void *state, const uint8_t *nonce, size_t nonce_len, const uint8_t *aad,
                    size_t aad_len, const uint8_t *in, size_t len, uint8_t *out, uint8_t *tag,
                    size_t tag_len)
{
    uint8_t full[LTC_TAG_MAX];
    cm_rc rc = aead_run(state, 1, nonce, nonce_len, aad, aad_len, in, len, out, tag_len, full);
    if (rc == CM_OK)
        memcpy(tag, full, tag_len);
    return rc;
}

cm_rc ltc_aead_open(void *state, const uint8_t *nonce, size_t nonce_len, const uint8_t *aad,
                    size_t aad_len, const uint8_t *in, size_t len, uint8_t *out,
                    const uint8_t *tag, size_t tag_len)
{
    uint8_t full[LTC_TAG_MAX];
    cm_rc rc = aead_run(state, 0, nonce, nonce_len, aad, aad_len, in, len, out, tag_len, full);
    if (rc != CM_OK)
        return rc;
    if (mem_neq(full, tag, tag_len)) {
        if (len > 0)
            zeromem(out, len);
        return CM_ERR_AUTH;
    }
    return CM_OK;
}

void ltc_aead_destroy(void *state)
{
    ltc_aead_state *st = state;
    if (st == NULL)
        return;
    zeromem(st, sizeof *st);
    free(st);
}
