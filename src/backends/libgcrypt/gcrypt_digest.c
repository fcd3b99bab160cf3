/*
 * gcrypt_digest.c — the hash and MAC classes of the libgcrypt backend:
 * gcry_md_* (SHA-1, SHA-256, SHA-512) and gcry_mac_* (HMAC-SHA256),
 * generic over a gc_spec.
 *
 * A state is one handle opened at create() (a MAC handle keyed once, any
 * key length): digest() resets the handle, writes the whole message and
 * reads the digest (gcry_md_read finalises); mac() writes, reads the tag
 * and resets the handle to its keyed state (gcry_mac_reset) for the next
 * message, as an application reuses it.
 */
#include <string.h>
#include "gcrypt_internal.h"

typedef struct gc_md_state {
    gcry_md_hd_t h;
    int algo;
    size_t len; /* digest length */
} gc_md_state;

void gc_hash_destroy(void *state)
{
    gc_md_state *st = state;
    if (st == NULL)
        return;
    gcry_md_close(st->h);
    gcry_free(st);
}

cm_rc gc_hash_create(const gc_spec *spec, void **state)
{
    gc_md_state *st = gcry_calloc(1, sizeof *st);
    *state = NULL;
    if (st == NULL)
        return CM_ERR_NOMEM;
    st->algo = spec->md;
    st->len = gcry_md_get_algo_dlen(spec->md);
    if (gcry_md_open(&st->h, spec->md, 0) != 0) {
        gcry_free(st);
        return CM_ERR_LIBRARY;
    }
    *state = st;
    return CM_OK;
}

cm_rc gc_hash_digest(void *state, const uint8_t *msg, size_t len, uint8_t *out)
{
    gc_md_state *st = state;
    const unsigned char *d;
    gcry_md_reset(st->h);
    if (len > 0)
        gcry_md_write(st->h, msg, len);
    if ((d = gcry_md_read(st->h, st->algo)) == NULL)
        return CM_ERR_LIBRARY;
    memcpy(out, d, st->len);
    return CM_OK;
}

typedef struct gc_mac_state {
    gcry_mac_hd_t h;
    size_t len; /* tag length */
} gc_mac_state;

void gc_mac_destroy(void *state)
{
    gc_mac_state *st = state;
    if (st == NULL)
        return;
    gcry_mac_close(st->h);
    gcry_free(st);
}

cm_rc gc_mac_create(const gc_spec *spec, void **state, const uint8_t *key, size_t key_len)
{
    static const uint8_t empty[1];
    gc_mac_state *st = gcry_calloc(1, sizeof *st);
    *state = NULL;
    if (st == NULL)
        return CM_ERR_NOMEM;
    st->len = gcry_mac_get_algo_maclen(spec->mac);
    if (gcry_mac_open(&st->h, spec->mac, 0, NULL) != 0) {
        gc_mac_destroy(st);
        return CM_ERR_LIBRARY;
    }
    if (gcry_mac_setkey(st->h, key_len ? key : empty, key_len) != 0) {
        gc_mac_destroy(st);
        return CM_ERR_UNSUPPORTED; /* a key length libgcrypt refuses */
    }
    *state = st;
    return CM_OK;
}

cm_rc gc_mac_mac(void *state, const uint8_t *msg, size_t len, uint8_t *out)
{
    gc_mac_state *st = state;
    size_t out_len = st->len;
    gcry_error_t e = len > 0 ? gcry_mac_write(st->h, msg, len) : 0;
    if (e == 0)
        e = gcry_mac_read(st->h, out, &out_len);
    if (e == 0)
        e = gcry_mac_reset(st->h);
    return e == 0 && out_len == st->len ? CM_OK : CM_ERR_LIBRARY;
}
