/*
 * botan_cipher.c — the cipher and AEAD classes of the Botan backend,
 * through botan_cipher_* (one object per direction, keyed once).
 *
 * Each call takes the fastest path the FFI offers for its mode, measured
 * (docs/bench-library-tools.md, bench/botan_ffi_costs.cpp). The final form,
 * botan_cipher_update with BOTAN_CIPHER_UPDATE_FLAG_FINAL, takes any length
 * in one call, but Botan 2's FFI first copies the message into a
 * secure_vector with assign(), which, under Botan's own allocator, copies
 * byte by byte (9 us per 16 KiB here, more than AES-CTR itself takes). The
 * streaming form copies with memcpy but only whole multiples of the mode's
 * update granularity, one granularity per step: 256 bytes for AES-CBC
 * (fast), one byte for CTR (far slower than the final form). So CBC
 * streams its whole granules and finishes only the rest; CTR, XTS and the
 * AEADs finish. Finishing does not reset CBC's chaining value or CTR's
 * counter, so a call with iv NULL continues the stream; a call with an iv
 * restarts it (botan_cipher_start). XTS is one whole data unit per call,
 * its tweak the nonce.
 *
 * An AEAD message is botan_cipher_set_associated_data (every message: GCM
 * keeps the last one otherwise), botan_cipher_start with the nonce and one
 * final update: Botan writes ciphertext then tag on sealing and reads them
 * the same way on opening, so both go through a buffer of the state. The
 * tag length is part of the mode's name ("AES-128/GCM(12)"): a length other
 * than the current one makes the two objects again (Wycheproof's truncated
 * tags only; measured runs use the full tag).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "botan_internal.h"

#define BT_TAG_MAX 16

typedef struct bt_cipher_state {
    const bt_spec *spec;
    botan_cipher_t c[2]; /* [0] decrypt, [1] encrypt */
    int started[2];
    size_t granule[2]; /* ciphers: CBC's update granularity, streamed; 0 (CTR, XTS): finish */
    /* AEAD */
    uint8_t key[64];
    size_t key_len, tag_len;
    uint8_t *buf;
    size_t buf_len;
} bt_cipher_state;

/* (Re)makes both objects for tag_len (ciphers: the mode as named). */
static cm_rc make_objects(bt_cipher_state *st, size_t tag_len)
{
    char name[64];
    for (int d = 0; d < 2; d++) {
        botan_cipher_destroy(st->c[d]);
        st->c[d] = NULL;
    }
    if (st->spec->aead_fmt != NULL)
        snprintf(name, sizeof name, st->spec->aead_fmt, tag_len);
    else
        snprintf(name, sizeof name, "%s", st->spec->name);
    for (int d = 0; d < 2; d++) {
        uint32_t flags = d ? BOTAN_CIPHER_INIT_FLAG_ENCRYPT : BOTAN_CIPHER_INIT_FLAG_DECRYPT;
        if (botan_cipher_init(&st->c[d], name, flags) != 0)
            return CM_ERR_UNSUPPORTED;
        if (botan_cipher_set_key(st->c[d], st->key, st->key_len) != 0)
            return CM_ERR_LIBRARY;
        st->granule[d] = 0;
        if (!st->spec->stream && !st->spec->unit &&
            botan_cipher_get_update_granularity(st->c[d], &st->granule[d]) != 0)
            return CM_ERR_LIBRARY;
    }
    st->tag_len = tag_len;
    return CM_OK;
}

cm_rc bt_cipher_create(const bt_spec *spec, void **state, const uint8_t *key, size_t key_len)
{
    bt_cipher_state *st;
    cm_rc rc;
    if (key_len > sizeof st->key)
        return CM_ERR_UNSUPPORTED;
    st = calloc(1, sizeof *st);
    if (st == NULL)
        return CM_ERR_NOMEM;
    st->spec = spec;
    memcpy(st->key, key, key_len);
    st->key_len = key_len;
    rc = make_objects(st, BT_TAG_MAX);
    if (rc != CM_OK) {
        bt_cipher_destroy(st);
        return rc;
    }
    *state = st;
    return CM_OK;
}

/* One final update of len bytes of in into out (out_size bytes there). */
static cm_rc final_update(botan_cipher_t c, const uint8_t *in, size_t len, uint8_t *out,
                          size_t out_size, size_t expect)
{
    size_t written = 0, consumed = 0;
    int rc = botan_cipher_update(c, BOTAN_CIPHER_UPDATE_FLAG_FINAL, out, out_size, &written,
                                 in, len, &consumed);
    if (rc == BOTAN_FFI_ERROR_BAD_MAC)
        return CM_ERR_AUTH;
    if (rc != 0 || consumed != len || written != expect)
        return CM_ERR_LIBRARY;
    return CM_OK;
}

/* One call in direction d (1 encrypt). */
static cm_rc cipher_run(bt_cipher_state *st, int d, const uint8_t *iv, const uint8_t *in,
                        uint8_t *out, size_t len)
{
    if (st->spec->unit && (iv == NULL || len < 16))
        return CM_ERR_INVALID;
    if (!st->spec->stream && len % 16 != 0 && !st->spec->unit)
        return CM_ERR_INVALID;
    if (iv == NULL && !st->started[d])
        return CM_ERR_INVALID;
    if (iv != NULL && botan_cipher_start(st->c[d], iv, 16) != 0)
        return CM_ERR_LIBRARY;
    st->started[d] = 1;
    size_t whole = st->granule[d] ? len - len % st->granule[d] : 0, written = 0, consumed = 0;
    if (whole && (botan_cipher_update(st->c[d], 0, out, whole, &written, in, whole, &consumed) != 0 ||
                  written != whole || consumed != whole))
        return CM_ERR_LIBRARY;
    if (len == whole)
        return CM_OK;
    return final_update(st->c[d], in + whole, len - whole, out + whole, len - whole, len - whole);
}

cm_rc bt_cipher_encrypt(void *state, const uint8_t *iv, const uint8_t *in, uint8_t *out,
                        size_t len)
{
    return cipher_run(state, 1, iv, in, out, len);
}

cm_rc bt_cipher_decrypt(void *state, const uint8_t *iv, const uint8_t *in, uint8_t *out,
                        size_t len)
{
    return cipher_run(state, 0, iv, in, out, len);
}

/* Starts an AEAD message in direction d; the state's buffer holds at least
 * len + tag_len bytes after it. */
static cm_rc aead_start(bt_cipher_state *st, int d, const uint8_t *nonce, size_t nonce_len,
                        const uint8_t *aad, size_t aad_len, size_t len, size_t tag_len)
{
    cm_rc rc;
    if (tag_len < 1 || tag_len > BT_TAG_MAX || (st->spec->aead_fmt == NULL && tag_len != BT_TAG_MAX))
        return CM_ERR_UNSUPPORTED;
    if (nonce_len == 0)
        return CM_ERR_INVALID; /* GCM needs at least one byte of IV */
    /* RFC 8439 is 96-bit nonces; Botan's 64- and 192-bit forms are others */
    if (st->spec->aead_fmt == NULL && nonce_len != 12)
        return CM_ERR_UNSUPPORTED;
    if (tag_len != st->tag_len && (rc = make_objects(st, tag_len)) != CM_OK)
        return rc;
    if (st->buf_len < len + tag_len) {
        uint8_t *b = realloc(st->buf, len + tag_len);
        if (b == NULL)
            return CM_ERR_NOMEM;
        st->buf = b;
        st->buf_len = len + tag_len;
    }
    if (botan_cipher_set_associated_data(st->c[d], aad, aad_len) != 0 ||
        botan_cipher_start(st->c[d], nonce, nonce_len) != 0)
        return CM_ERR_LIBRARY;
    return CM_OK;
}

cm_rc bt_aead_seal(void *state, const uint8_t *nonce, size_t nonce_len, const uint8_t *aad,
                   size_t aad_len, const uint8_t *in, size_t len, uint8_t *out, uint8_t *tag,
                   size_t tag_len)
{
    bt_cipher_state *st = state;
    cm_rc rc = aead_start(st, 1, nonce, nonce_len, aad, aad_len, len, tag_len);
    if (rc == CM_OK)
        rc = final_update(st->c[1], in, len, st->buf, len + tag_len, len + tag_len);
    if (rc != CM_OK)
        return rc;
    memcpy(out, st->buf, len);
    memcpy(tag, st->buf + len, tag_len);
    return CM_OK;
}

cm_rc bt_aead_open(void *state, const uint8_t *nonce, size_t nonce_len, const uint8_t *aad,
                   size_t aad_len, const uint8_t *in, size_t len, uint8_t *out,
                   const uint8_t *tag, size_t tag_len)
{
    bt_cipher_state *st = state;
    uint8_t none[1];
    cm_rc rc = aead_start(st, 0, nonce, nonce_len, aad, aad_len, len, tag_len);
    if (rc != CM_OK)
        return rc;
    memcpy(st->buf, in, len);
    memcpy(st->buf + len, tag, tag_len);
    return final_update(st->c[0], st->buf, len + tag_len, len ? out : none, len, len);
}

void bt_cipher_destroy(void *state)
{
    bt_cipher_state *st = state;
    if (st == NULL)
        return;
    botan_cipher_destroy(st->c[0]);
    botan_cipher_destroy(st->c[1]);
    if (st->buf != NULL) {
        memset(st->buf, 0, st->buf_len);
        free(st->buf);
    }
    memset(st, 0, sizeof *st);
    free(st);
}
