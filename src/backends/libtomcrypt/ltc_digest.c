/*
 * ltc_digest.c — the hash and MAC classes of the LibTomCrypt backend.
 *
 * Hashes through the library's descriptor (init, process, done) on one
 * hash_state. HMAC is hmac_init, hmac_process, hmac_done per message:
 * hmac_done frees the key copy hmac_init made, so LibTomCrypt has no way to
 * keep a keyed HMAC state across messages (each message hashes the key
 * pads again, as every caller of its API does). Poly1305 (RFC 8439, a
 * one-time 32-byte key) is poly1305_init with the state's key, then
 * poly1305_process and poly1305_done, per message.
 */
#include <stdlib.h>
#include <string.h>
#include "ltc_internal.h"

typedef struct ltc_digest_state {
    const ltc_spec *spec;
    int hash_index;
    uint8_t key[MAXBLOCKSIZE]; /* HMAC and Poly1305 */
    size_t key_len;
    union {
        hash_state md;
        hmac_state hmac;
        poly1305_state poly;
    } u;
} ltc_digest_state;

/* A state for spec (NULL for Poly1305) with key (none for a hash). */
static cm_rc digest_create(const ltc_spec *spec, void **state, const uint8_t *key,
                           size_t key_len)
{
    ltc_digest_state *st;

    if (key_len > sizeof st->key)
        return CM_ERR_UNSUPPORTED;
    st = calloc(1, sizeof *st);
    if (st == NULL)
        return CM_ERR_NOMEM;
    st->spec = spec;
    st->hash_index = spec ? find_hash(spec->hash->name) : -1;
    if (spec != NULL && st->hash_index < 0) {
        free(st);
        return CM_ERR_LIBRARY;
    }
    if (key_len > 0)
        memcpy(st->key, key, key_len);
    st->key_len = key_len;
    *state = st;
    return CM_OK;
}

cm_rc ltc_hash_create(const ltc_spec *spec, void **state)
{
    return digest_create(spec, state, NULL, 0);
}

cm_rc ltc_hash_digest(void *state, const uint8_t *msg, size_t len, uint8_t *out)
{
    ltc_digest_state *st = state;
    const struct ltc_hash_descriptor *h = st->spec->hash;
    if (h->init(&st->u.md) != CRYPT_OK || h->process(&st->u.md, msg, len) != CRYPT_OK ||
        h->done(&st->u.md, out) != CRYPT_OK)
        return CM_ERR_LIBRARY;
    return CM_OK;
}

cm_rc ltc_hmac_create(const ltc_spec *spec, void **state, const uint8_t *key, size_t key_len)
{
    return digest_create(spec, state, key, key_len);
}

cm_rc ltc_hmac_mac(void *state, const uint8_t *msg, size_t len, uint8_t *out)
{
    ltc_digest_state *st = state;
    unsigned long out_len = st->spec->hash->hashsize;
    if (hmac_init(&st->u.hmac, st->hash_index, st->key, st->key_len) != CRYPT_OK)
        return CM_ERR_LIBRARY;
    if (hmac_process(&st->u.hmac, msg, len) != CRYPT_OK ||
        hmac_done(&st->u.hmac, out, &out_len) != CRYPT_OK)
        return CM_ERR_LIBRARY;
    return CM_OK;
}

cm_rc ltc_poly1305_create(void **state, const uint8_t *key, size_t key_len)
{
    if (key_len != 32)
        return CM_ERR_UNSUPPORTED;
    return digest_create(NULL, state, key, key_len);
}

cm_rc ltc_poly1305_mac(void *state, const uint8_t *msg, size_t len, uint8_t *out)
{
    ltc_digest_state *st = state;
    unsigned long out_len = 16;
    if (poly1305_init(&st->u.poly, st->key, st->key_len) != CRYPT_OK ||
        (len > 0 && poly1305_process(&st->u.poly, msg, len) != CRYPT_OK) ||
        poly1305_done(&st->u.poly, out, &out_len) != CRYPT_OK)
        return CM_ERR_LIBRARY;
    return CM_OK;
}

void ltc_digest_destroy(void *state)
{
    ltc_digest_state *st = state;
    if (st == NULL)
        return;
    zeromem(st, sizeof *st);
    free(st);
}
