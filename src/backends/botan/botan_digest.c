/*
 * botan_digest.c — the hash and MAC classes of the Botan backend.
 *
 * Hashes: one botan_hash_t; botan_hash_update then botan_hash_final, which
 * leaves it ready for the next message. MACs: one botan_mac_t keyed once
 * (botan_mac_final keeps HMAC's key); Poly1305 forgets its one-time key at
 * botan_mac_final, so it is keyed again for every message.
 */
#include <stdlib.h>
#include <string.h>
#include "botan_internal.h"

typedef struct bt_digest_state {
    const bt_spec *spec;
    botan_hash_t hash;
    botan_mac_t mac;
    uint8_t key[128]; /* one-time MAC keys */
    size_t key_len;
} bt_digest_state;

cm_rc bt_hash_create(const bt_spec *spec, void **state)
{
    bt_digest_state *st = calloc(1, sizeof *st);
    if (st == NULL)
        return CM_ERR_NOMEM;
    st->spec = spec;
    if (botan_hash_init(&st->hash, spec->name, 0) != 0) {
        free(st);
        return CM_ERR_UNSUPPORTED;
    }
    *state = st;
    return CM_OK;
}

cm_rc bt_hash_digest(void *state, const uint8_t *msg, size_t len, uint8_t *out)
{
    bt_digest_state *st = state;
    if (botan_hash_update(st->hash, msg, len) != 0 || botan_hash_final(st->hash, out) != 0)
        return CM_ERR_LIBRARY;
    return CM_OK;
}

void bt_hash_destroy(void *state)
{
    bt_digest_state *st = state;
    if (st == NULL)
        return;
    botan_hash_destroy(st->hash);
    free(st);
}

cm_rc bt_mac_create(const bt_spec *spec, void **state, const uint8_t *key, size_t key_len)
{
    bt_digest_state *st;
    if (spec->one_time_key && key_len > sizeof st->key)
        return CM_ERR_UNSUPPORTED;
    st = calloc(1, sizeof *st);
    if (st == NULL)
        return CM_ERR_NOMEM;
    st->spec = spec;
    if (botan_mac_init(&st->mac, spec->name, 0) != 0) {
        free(st);
        return CM_ERR_UNSUPPORTED;
    }
    if (botan_mac_set_key(st->mac, key, key_len) != 0) {
        bt_mac_destroy(st);
        return CM_ERR_UNSUPPORTED;
    }
    if (spec->one_time_key) {
        memcpy(st->key, key, key_len);
        st->key_len = key_len;
    }
    *state = st;
    return CM_OK;
}

cm_rc bt_mac_mac(void *state, const uint8_t *msg, size_t len, uint8_t *out)
{
    bt_digest_state *st = state;
    if (st->spec->one_time_key && st->key_len > 0 &&
        botan_mac_set_key(st->mac, st->key, st->key_len) != 0)
        return CM_ERR_LIBRARY;
    if (botan_mac_update(st->mac, msg, len) != 0 || botan_mac_final(st->mac, out) != 0)
        return CM_ERR_LIBRARY;
    return CM_OK;
}

void bt_mac_destroy(void *state)
{
    bt_digest_state *st = state;
    if (st == NULL)
        return;
    botan_mac_destroy(st->mac);
    memset(st, 0, sizeof *st);
    free(st);
}
